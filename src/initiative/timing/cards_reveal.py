"""The start of a card-initiative round: participants, face-down cards, reveal, order.

FaithRPG-compatible card initiative (seed 004). Rule ids FA-n / FA-An refer to
../shared/OTHER-RULINGS.md section 5; readings of unclear points come from
:class:`~initiative.timing.cards_rules.CardRoundRules`.

:class:`CardRevealMixin` (part of :class:`~initiative.timing.cards.CardRoundState`) holds
the command handlers of the round's first phases: begin a round (FA-1, FA-23, the cards
kept from an all-wait FA-A4), commit a card from hand or deck top (FA-2, FA-3, FA-A14),
and the simultaneous reveal with totals, order and announced ties (FA-4..FA-11, FA-A8).
"""

from __future__ import annotations

from initiative.timing import cards_commands as C
from initiative.timing.cards_state import GM, PENDING, CardRoundBase, CardRoundError

__all__ = ["CardRevealMixin"]


class CardRevealMixin(CardRoundBase):
    """Begin, commit and reveal handlers of :class:`~initiative.timing.cards.CardRoundState`."""

    __slots__ = ()

    # -- round start and commitments -------------------------------------------------

    def _cmd_begin(self, cmd: C.BeginRound) -> None:
        self._need_phase("idle")
        names = list(cmd.participants)
        for n in names:
            self.character(n)
        if len(set(names)) != len(names):
            raise CardRoundError(f"a participant is listed twice: {names}")
        need = max(1, self.rules.min_participants_for_round)
        if len(names) < need:
            raise CardRoundError(
                f"a round needs {need} or more characters wanting to act (FA-1, FA-A13); "
                f"got {len(names)}: a lone actor just acts"
            )
        index = {c.name: i for i, c in enumerate(self.roster)}
        names.sort(key=index.__getitem__)
        kept_before, held = self.kept, self.commitments
        self._clear_round()
        self.round += 1
        self.phase = "commit"
        self.participants = names
        self.status = dict.fromkeys(names, PENDING)
        if self.rules.attribute_limit_scope == "round":
            for n in self.played:
                self.played[n] = {}
                self.bonus[n] = {}
        self._log(f"Round {self.round} begins (FA-1, FA-23): {', '.join(names)}")
        needed = self.needed_slots()
        self.commitments = {s: held[s] for s in kept_before}
        self.kept = kept_before
        for slot in kept_before:
            if slot in needed:
                card = held[slot][0]
                self._log(f"{slot} keeps {card.label()} face up from the all-wait (FA-20, FA-A4)")
            else:
                self._discard_slot(slot, "as its character sits this round out")
        self.kept = [s for s in kept_before if s in needed]
        if self.kept and all(s in self.kept for s in needed):
            self._log("Every card is kept face up from the all-wait: no new cards, no "
                      "reveal; the order comes from the same cards (FA-20, FA-A4)")
            self._open_turns()

    def _cmd_commit(self, cmd: C.Commit) -> None:
        self._need_phase("commit")
        slot = cmd.slot
        if slot not in self.needed_slots():
            raise CardRoundError(
                f"{slot!r} has no initiative card to commit this round "
                f"(slots: {', '.join(self.needed_slots())})"
            )
        if slot in self.commitments:
            raise CardRoundError(f"{slot} has already committed an initiative card (FA-2)")
        owner = self.owner_of_slot(slot)
        if cmd.source == "hand":
            hand = self.hands[owner]
            if not 0 <= cmd.index < len(hand):
                raise CardRoundError(
                    f"{owner}'s hand has {len(hand)} card(s); no card at index {cmd.index}"
                )
            card = hand.pop(cmd.index)
            self.commitments[slot] = (card, "hand")
            self._log(
                f"{slot} commits a card face down from hand (FA-2, FA-3)",
                f"{slot} commits {card.label()} face down from hand (FA-2, FA-3)",
                (owner, GM),
            )
        elif cmd.source == "deck":
            if not self.decks[owner]:
                self._reshuffle(owner)
            card = self.decks[owner].pop(0)
            self.commitments[slot] = (card, "deck")
            self._log(f"{slot} commits the top card of {owner}'s deck, unseen (FA-3, FA-A14)")
        else:
            raise CardRoundError(f"source must be 'hand' or 'deck', got {cmd.source!r}")

    def _cmd_reveal(self, cmd: C.Reveal) -> None:
        self._need_phase("commit")
        missing = [s for s in self.needed_slots() if s not in self.commitments]
        if missing:
            raise CardRoundError(f"cannot reveal: no card committed yet by {', '.join(missing)}")
        parts = [f"{s} {self.commitments[s][0].label()}" for s in self.needed_slots()]
        self._log("Reveal (FA-6): " + "; ".join(parts))
        tags = [f"{s}'s {c.effect}" for s, (c, _) in self.commitments.items() if c.effect]
        if tags:
            self._log(f"Initiative cards trigger no effects (FA-4): {', '.join(tags)} ignored")
        self._open_turns()

    def _open_turns(self) -> None:
        """Totals, order and ties from the face-up cards (FA-7..FA-11, FA-A8)."""
        self.revealed = True
        self.values = {s: c.value for s, (c, _) in self.commitments.items()}
        for n in self.participants:
            self.totals[n] = self.values[self.slot_of(n)] + self.character(n).initiative
        index = {c.name: i for i, c in enumerate(self.roster)}
        self.queue = sorted(self.participants, key=lambda n: (*self._rank(n), index[n]))
        self.kept = []
        self.phase = "turns"
        shown = ", ".join(
            f"{n} {self.values[self.slot_of(n)]}+{self.character(n).initiative}={self.totals[n]}"
            for n in self.queue
        )
        self._log(f"Totals (FA-7): {shown} -> order (FA-8, FA-9): {self.order_text()}")
        groups: dict[tuple[int, str], list[str]] = {}
        for n in self.queue:
            groups.setdefault((self.totals[n], self.character(n).side), []).append(n)
        for (total, side), members in groups.items():
            if len(members) > 1:
                self.ties.append([side, total, members, ""])
                who = (
                    "players agree or the GM decides (FA-11)"
                    if side == "pc"
                    else ("the GM chooses (FA-10)")
                )
                self._log(
                    f"Tie at {total} between {', '.join(members)}: {who}; "
                    f"roster order until then (FA-A8)"
                )
