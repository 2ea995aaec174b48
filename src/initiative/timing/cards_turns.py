"""The turn phase of a card-initiative round: ties, turns, waits, passes, confronts.

FaithRPG-compatible card initiative (seed 004). Rule ids FA-n / FA-An refer to
../shared/OTHER-RULINGS.md section 5; readings of unclear points come from
:class:`~initiative.timing.cards_rules.CardRoundRules`.

:class:`CardTurnsMixin` (part of :class:`~initiative.timing.cards.CardRoundState`) holds
the command handlers of the turn phase: ordering ties (FA-10, FA-11, FA-A8), acting with
the per-Attribute card limit (FA-12..FA-14, FA-18), ending a turn, passing (FA-A5),
waiting and the all-wait (FA-19, FA-20, FA-A3, FA-A4), confronting (FA-15..FA-17, FA-A9)
and the discard of initiative cards (FA-13, FA-A2, FA-A6).
"""

from __future__ import annotations

from typing import Any

from initiative.timing import cards_commands as C
from initiative.timing.cards_state import (
    _DONE,
    _NOT_YET,
    ACTED,
    ACTING,
    FORFEITED,
    GM,
    PASSED,
    PENDING,
    WAITING,
    CardLimitError,
    CardRoundBase,
    CardRoundError,
)

__all__ = ["CardTurnsMixin"]


class CardTurnsMixin(CardRoundBase):
    """Turn-phase handlers of :class:`~initiative.timing.cards.CardRoundState`."""

    __slots__ = ()

    # -- ties ---------------------------------------------------------------------------

    def _open_tie(self, name: str) -> list[Any] | None:
        for t in self.ties:
            if not t[3] and name in t[2]:
                return t
        return None

    def _cmd_declare(self, cmd: C.DeclareToGM) -> None:
        self._need_phase("turns")
        tie = self._open_tie(cmd.who)
        if self.locked or tie is None or tie[0] != "pc":
            raise CardRoundError(f"{cmd.who} is not in an open tie between player characters")
        self.declarations[cmd.who] = cmd.action
        self._log(
            f"{cmd.who} tells the GM an intended action in secret (FA-11)",
            f"{cmd.who} tells the GM in secret: {cmd.action} (FA-11)",
            (cmd.who, GM),
        )

    def _cmd_order_tie(self, cmd: C.OrderTie) -> None:
        self._need_phase("turns")
        if self.locked:
            raise CardRoundError("ties can only be ordered before the first turn of the round")
        names = list(cmd.names)
        tie = next((t for t in self.ties if sorted(t[2]) == sorted(names)), None)
        if tie is None or len(set(names)) != len(names):
            groups = "; ".join(", ".join(t[2]) for t in self.ties) or "none"
            raise CardRoundError(f"{names} is not a tie group (tie groups: {groups})")
        if cmd.by == "players":
            if tie[0] != "pc":
                raise CardRoundError("the GM, not the players, orders tied NPCs (FA-10)")
            why = "the players agree (FA-11)"
        elif cmd.by == "gm":
            silent = [n for n in names if tie[0] == "pc" and n not in self.declarations]
            if silent:
                raise CardRoundError(
                    f"the GM rules a PC tie only after each tied player declares in secret "
                    f"(FA-11); missing: {', '.join(silent)}"
                )
            why = "the GM decides (FA-10)" if tie[0] == "npc" else "the GM rules (FA-11)"
        else:
            raise CardRoundError(f"by must be 'players' or 'gm', got {cmd.by!r}")
        spots = sorted(self.queue.index(n) for n in names)
        for spot, n in zip(spots, names, strict=True):
            self.queue[spot] = n
        tie[2] = names
        tie[3] = cmd.by
        self._log(f"Tie at {tie[1]} ordered, {why}: {' > '.join(names)} -> {self.order_text()}")

    def _begin_turns(self, who: str) -> None:
        """Checks shared by act / wait / pass: phase, whose turn, ties settled."""
        self._need_phase("turns")
        if self.acting == who:
            raise CardRoundError(
                f"{who}'s turn is under way: waiting or passing comes before a turn "
                "begins (FA-19, FA-A5)"
            )
        if self.acting is not None:
            raise CardRoundError(f"{self.acting} is still acting; end that turn first (FA-14)")
        if not self.queue or self.queue[0] != who:
            nxt = self.queue[0] if self.queue else "nobody"
            state = self.status.get(who, "not taking part")
            raise CardRoundError(f"it is not {who}'s turn ({who}: {state}; up next: {nxt})")
        if self.locked:
            return
        open_ties = [t for t in self.ties if not t[3]]
        if open_ties and self.rules.unresolved_tie_fallback == "require_decision":
            names = "; ".join(", ".join(t[2]) for t in open_ties)
            raise CardRoundError(f"order the tie(s) first (FA-A8 require_decision): {names}")
        for t in open_ties:
            t[3] = "roster_order"
            self._log(f"Tie at {t[1]} left open: roster order stands (FA-A8): {' > '.join(t[2])}")
        self.locked = True

    # -- turns --------------------------------------------------------------------------

    def _count_cards(self, who: str, attribute: str | None, cards: int, extra: int = 0) -> str:
        if cards < 0:
            raise CardRoundError(f"cards must be >= 0, got {cards}")
        if attribute is None:
            if cards:
                raise CardRoundError("name the Attribute the cards are played for (FA-18)")
            return ""
        limit = self.card_limit(who, attribute)
        used = self.played[who].get(attribute, 0)
        total = used + cards + extra
        if total > limit:
            raise CardLimitError(
                f"{who} would play {total} card(s) for {attribute} this "
                f"{self.rules.attribute_limit_scope}, above the limit {limit} (FA-18)"
            )
        self.played[who][attribute] = total
        return f"; {attribute} cards {total}/{limit} (FA-18)"

    def _targets(self, actor: str, names: tuple[str, ...]) -> str:
        """FA-15: record whom the action affects; the log's note ("" for nobody)."""
        for n in names:
            self.character(n)
            if n == actor:
                raise CardRoundError(f"{actor} cannot confront its own action: name the "
                                     "characters it affects, not the actor (FA-15)")
        if len(set(names)) != len(names):
            raise CardRoundError(f"a character is named twice: {', '.join(names)}")
        new = [n for n in names if n not in self.affected]
        self.affected.extend(new)
        return f"; affects {', '.join(self.affected)} (FA-15)" if new else ""

    def _cmd_act(self, cmd: C.Act) -> None:
        who = cmd.who
        if self.phase == "turns" and self.acting == who:
            self._declare_action(cmd)
            return
        self._begin_turns(who)
        slot = self.slot_of(who)
        uses_card = slot in self.commitments
        extra = 1 if uses_card and self.rules.initiative_card_counts_toward_limit else 0
        note = self._count_cards(who, cmd.attribute, cmd.cards, extra if cmd.attribute else 0)
        note += self._targets(who, cmd.affects)
        self.queue.pop(0)
        self.status[who] = ACTING
        self.acting, self.action = who, cmd.action
        what = f": {cmd.action}" if cmd.action else ""
        self._log(f"{who} takes its turn (FA-12){what}{note}")
        if slot != GM:
            self._discard_slot(slot, "at the start of its turn (FA-13)")
        elif self.rules.gm_card_discard == "first_npc_turn":
            self._discard_slot(GM, "at the first NPC turn (FA-13, FA-A2)")

    def _declare_action(self, cmd: C.Act) -> None:
        """FA-12: a turn begun with no action named gets its one action."""
        who = cmd.who
        if self.action:
            raise CardRoundError(
                f"a turn is one action (FA-12): {who} already declared {self.action!r}; "
                "confronts go through confront, the next turn through next"
            )
        if not cmd.action:
            raise CardRoundError(f"{who}'s turn is already under way: name its action")
        note = self._count_cards(who, cmd.attribute, cmd.cards) + self._targets(who, cmd.affects)
        self.action = cmd.action
        self._log(f"{who} declares its action (FA-12): {cmd.action}{note}")

    def _cmd_affects(self, cmd: C.Affects) -> None:
        self._need_phase("turns")
        if self.acting is None:
            raise CardRoundError("nobody is acting: no action to affect anyone (FA-15)")
        if not cmd.names:
            raise CardRoundError("name whom the action affects (FA-15)")
        clash = [n for n in cmd.names if n in self.affected]
        if clash:
            raise CardRoundError(f"{self.acting}'s action already affects {', '.join(clash)}")
        note = self._targets(self.acting, cmd.names)
        self._log(f"{self.acting}'s action{note}")

    def _cmd_end_turn(self, cmd: C.EndTurn) -> None:
        self._need_phase("turns")
        who = self.acting
        if who is None:
            raise CardRoundError("nobody is acting; there is no turn to end")
        self.acting, self.action = None, ""
        self.affected, self.confronted = [], []
        self._finish(who, ACTED, f"{who}'s turn ends (FA-14)")

    def _finish(self, who: str, how: str, why: str) -> None:
        """A turn is over (acted, passed or forfeited): release its waiters (FA-A3),
        settle the GM card (FA-A2), end the turn sequence when nobody is left (FA-14)."""
        self.status[who] = how
        self.waiting_on.pop(who, None)
        if who in self.queue:
            self.queue.remove(who)
        released = [w for w, t in self.waiting_on.items() if t == who]
        for w in released:
            del self.waiting_on[w]
            self.status[w] = PENDING
        self.queue[:0] = released
        if released:
            why += f"; {', '.join(released)} stop(s) waiting (FA-19, FA-A3)"
        self._log(f"{why} -> {self.order_text()}")
        if how != ACTED and self.rules.forfeit_card_discard == "immediately":
            slot = self.slot_of(who)
            if slot != GM:
                self._discard_slot(slot, f"on {how} (FA-A6)")
        self._settle_gm_card()
        if self.acting is None and not self.queue:
            self.phase = "maintenance"
            self._log(f"Every character has had its turn (FA-14): round {self.round} maintenance")

    def _settle_gm_card(self) -> None:
        if GM not in self.commitments or not self.revealed:
            return
        npcs = [n for n in self.participants if self.character(n).side == "npc"]
        if all(self.status[n] in (ACTED, PASSED, FORFEITED) for n in npcs):
            if self.rules.gm_card_discard == "last_npc_turn" or (
                self.rules.forfeit_card_discard == "immediately"
            ):
                self._discard_slot(GM, "no NPC has a turn left (FA-A2, FA-A6)")

    def _cmd_announce(self, cmd: C.Announce) -> None:
        self._need_phase("turns")
        up = self.up_next()
        if up is None:
            raise CardRoundError(f"nobody is up: {self.acting} is acting"
                                 if self.acting else "nobody is up")
        self.announced = up
        self._log(f"{up} is up (turn not started: begin or act; wait or pass still "
                  "possible) (FA-12)")

    def _cmd_pass(self, cmd: C.Pass) -> None:
        if not self.rules.allow_pass:
            raise CardRoundError("passing is off (allow_pass=False, FA-A5): act or wait")
        self._begin_turns(cmd.who)
        if self.slot_of(cmd.who) == GM and self.rules.gm_card_discard == "first_npc_turn":
            self._discard_slot(GM, "at the first NPC turn (FA-13, FA-A2)")
        self._finish(cmd.who, PASSED, f"{cmd.who} passes: turn over, no action (FA-A5)")

    def _cmd_wait(self, cmd: C.Wait) -> None:
        who = cmd.who
        self._begin_turns(who)
        nobody_done = not any(s in _DONE for s in self.status.values())
        chain = self.rules.wait_model == "chain"
        if len(self.queue) == 1 or (
            not chain and nobody_done and set(self.queue) <= {*self.waited, who}
        ):
            if not nobody_done:
                raise CardRoundError(
                    f"{who} has nobody left to wait on (FA-19, FA-A3): act or pass"
                )
            self._all_wait(who)
            return
        target = self.queue[1]
        if chain:
            t: str | None = target
            while t is not None:  # refuse cycles (cannot happen from the queue head)
                if t == who:
                    raise CardRoundError(f"{who} waiting on {target} would make a cycle")
                t = self.waiting_on.get(t)
            self.queue.pop(0)
            self.waiting_on[who] = target
            self.status[who] = WAITING
        else:
            self.queue[0], self.queue[1] = target, who
            if who not in self.waited:
                self.waited.append(who)
        self._log(f"{who} waits (card kept) -> acts after {target} (FA-19): {self.order_text()}")

    def _all_wait(self, last: str) -> None:
        """FA-20, FA-A4: everybody waits; the round ends with no actions."""
        reuse = self.rules.all_wait_cards == "reuse"
        self._log(
            f"{last} waits too: every character waits (FA-20); round {self.round} ends "
            f"with no actions; cards "
            + ("stay face up for the next round (FA-A4 reuse)" if reuse else "return to hand")
        )
        if reuse:
            self.kept = list(self.commitments)
        else:
            for slot, (card, _) in self.commitments.items():
                self.hands[self.owner_of_slot(slot)].append(card)
            self.commitments = {}
            self.kept = []
        commitments, kept, participants = self.commitments, self.kept, self.participants
        self._clear_round()
        self.commitments, self.kept = commitments, kept
        self.participants = participants  # FA-20: they still want to act next round
        if self.rules.maintenance_after_all_wait:
            self.phase = "maintenance"
        else:
            self.phase = "idle"
            self.elapsed_rounds += 1
            self._log("No maintenance after an all-wait (maintenance_after_all_wait=False)")

    def _cmd_confront(self, cmd: C.Confront) -> None:
        self._need_phase("turns")
        who, actor = cmd.who, self.acting
        self.character(who)
        if actor is None:
            raise CardRoundError("nobody is acting: there is no action to confront (FA-15)")
        if who == actor:
            raise CardRoundError(f"{who} cannot confront its own action")
        joined = who in self.status
        if not joined and not self.rules.non_participants_may_confront:
            raise CardRoundError(
                f"{who} committed no card this round and may not confront "
                "(non_participants_may_confront=False, FA-A9)"
            )
        if self.affected and who not in self.affected:
            raise CardRoundError(
                f"{who} is not affected by {actor}'s action (it affects "
                f"{', '.join(self.affected)}): only an affected character may confront it "
                f"(FA-15); if it does affect {who}, type: affects {who}"
            )
        if not self.affected and self.rules.undeclared_affected == "refuse":
            raise CardRoundError(
                f"whom {actor}'s action affects is not declared: name them first "
                f"(affects NAME ...) (FA-15, undeclared_affected=refuse)"
            )
        note = self._count_cards(who, cmd.attribute, cmd.cards)
        if not self.affected:
            note += f"; not declared as affected: {who} counts as affected (FA-15)"
        if who in self.confronted:
            note += " (again, in the same confrontation)"
        else:
            self.confronted.append(who)
        base = f"{who} confronts {actor}'s action (FA-15){note}"
        if joined and self.status[who] in _NOT_YET:
            self._finish(who, FORFEITED, f"{base}: loses its turn this round (FA-16)")
        else:
            why = "already had its turn" if joined else "took no part in the round (FA-A9)"
            self._log(f"{base}: no turn lost, {why} (FA-17)")
