"""Card-initiative changes outside the turns: draws, stats, effects, maintenance, newcomers.

FaithRPG-compatible card initiative (seed 004). Rule ids FA-n / FA-An refer to
../shared/OTHER-RULINGS.md section 5; readings of unclear points come from
:class:`~initiative.timing.cards_rules.CardRoundRules`.

:class:`CardUpkeepMixin` (part of :class:`~initiative.timing.cards.CardRoundState`) holds
the command handlers for drawing cards, Initiative changes (FA-A10), card limit bonuses
(FA-18), damage and regeneration, the maintenance phase and maintenance outside
initiative (FA-21, FA-22, FA-1), newcomers (FA-23, FA-A11) and the end of the conflict.
"""

from __future__ import annotations

from dataclasses import replace

from initiative.timing import cards_commands as C
from initiative.timing.cards_state import GM, PENDING, CardRoundBase, CardRoundError

__all__ = ["CardUpkeepMixin"]


class CardUpkeepMixin(CardRoundBase):
    """Handlers of :class:`~initiative.timing.cards.CardRoundState` outside the turns."""

    __slots__ = ()

    def _cmd_draw(self, cmd: C.Draw) -> None:
        if cmd.owner not in self.hands:
            raise CardRoundError(f"{cmd.owner!r} owns no deck")
        if cmd.n < 1:
            raise CardRoundError(f"draw needs n >= 1, got {cmd.n}")
        drawn = self._draw(cmd.owner, cmd.n)
        labels = ", ".join(c.label() for c in drawn)
        self._log(
            f"{cmd.owner} draws {cmd.n} card(s)",
            f"{cmd.owner} draws {labels}",
            (cmd.owner, GM),
        )

    # -- stat changes, effects, maintenance, newcomers ---------------------------------

    def _cmd_set_init(self, cmd: C.SetInitiative) -> None:
        who = cmd.who
        old = self.character(who)
        i = self.roster.index(old)
        self.roster[i] = replace(old, initiative=cmd.value)
        cause = f" ({cmd.cause})" if cmd.cause else ""
        msg = f"{who}'s Initiative {old.initiative} -> {cmd.value}{cause}"
        if self.phase != "turns" or who not in self.totals:
            self._log(msg)
        elif not self.rules.reorder_on_stat_change or self.status[who] != PENDING:
            self._log(f"{msg}; total stays {self.totals[who]} this round (FA-A10)")
        else:
            self.totals[who] = self.values[self.slot_of(who)] + cmd.value
            self.queue.remove(who)
            key = self._rank(who)
            at = next((j for j, n in enumerate(self.queue) if self._rank(n) > key), None)
            self.queue.insert(len(self.queue) if at is None else at, who)
            self._log(
                f"{msg}; total now {self.totals[who]}, reordered "
                f"(reorder_on_stat_change, FA-A10) -> {self.order_text()}"
            )

    def _cmd_bonus(self, cmd: C.GrantLimitBonus) -> None:
        self.card_limit(cmd.who, cmd.attribute)
        if cmd.amount == 0:
            raise CardRoundError("a limit bonus of 0 changes nothing")
        b = self.bonus[cmd.who]
        b[cmd.attribute] = b.get(cmd.attribute, 0) + cmd.amount
        self._log(
            f"{cmd.who}'s {cmd.attribute} card limit {cmd.amount:+d} ({cmd.cause}) this "
            f"{self.rules.attribute_limit_scope} -> {self.card_limit(cmd.who, cmd.attribute)} "
            "(FA-18)"
        )

    def _cmd_damage(self, cmd: C.RecordDamage) -> None:
        self.character(cmd.who)
        if cmd.amount <= 0:
            raise CardRoundError(f"damage must be positive, got {cmd.amount}")
        self.damage[cmd.who] += cmd.amount
        cause = f" ({cmd.cause})" if cmd.cause else ""
        self._log(f"{cmd.who} takes {cmd.amount} damage{cause}: {self.damage[cmd.who]} total")

    def _cmd_effect(self, cmd: C.AddEffect) -> None:
        self.character(cmd.who)
        if cmd.effect != "regeneration":
            raise CardRoundError(f"unknown maintenance effect {cmd.effect!r}")
        if cmd.who in self.regen:
            raise CardRoundError(f"{cmd.who} already has regeneration")
        self.regen.append(cmd.who)
        self._log(f"{cmd.who} gains regeneration (recovers 1 damage each maintenance)")

    def _maintain(self, why: str) -> None:
        self._log(why)
        for n in self.regen:
            if self.damage[n] > 0:
                self.damage[n] -= 1
                self._log(f"{n} recovers 1 damage (regeneration): {self.damage[n]} left")

    def _cmd_maintenance(self, cmd: C.RunMaintenance) -> None:
        self._need_phase("maintenance")
        self._maintain(f"Maintenance phase of round {self.round} (FA-21)")
        for slot in [s for s in self.commitments if s not in self.kept]:
            self._discard_slot(slot, "at the end of the round (FA-A6)")
        self.elapsed_rounds += 1
        lo, hi = 3 * self.elapsed_rounds, 5 * self.elapsed_rounds
        self.phase = "idle"
        self._log(f"Round {self.round} over: about {lo}-{hi} s have passed (FA-1)")

    def _cmd_outside(self, cmd: C.MaintenanceOutside) -> None:
        self._need_phase("idle")
        if cmd.times < 1:
            raise CardRoundError(f"times must be >= 1, got {cmd.times}")
        for k in range(cmd.times):
            self._maintain(f"GM runs maintenance outside initiative, {k + 1}/{cmd.times} (FA-22)")

    def _cmd_add(self, cmd: C.AddCharacter) -> None:
        deal = self.hand_size if self.rules.newcomer_hand == "starting_hand" else 0
        self._add_character(cmd.character, cmd.deck, deal)
        name = cmd.character.name
        if self.phase == "commit" and self.rules.newcomers_join == "before_reveal":
            self.participants.append(name)
            self.status[name] = PENDING
            self._log(f"{name} joins the struggle and this round before the reveal (FA-A11)")
        elif self.phase == "idle":
            self._log(f"{name} joins the struggle (FA-23)")
        else:
            self._log(f"{name} joins the struggle from the next round (FA-A11)")
        if cmd.character.side == "pc" and deal:
            got = len(self.hands[name])
            self._log(
                f"{name} is dealt a starting hand of {got} card(s), as the roster's PCs "
                "were (FA-3, FA-23, newcomer_hand=starting_hand)",
                f"{name} is dealt {', '.join(c.label() for c in self.hands[name])} "
                "(FA-3, FA-23, newcomer_hand=starting_hand)",
                (name, GM),
            )

    def _cmd_end_conflict(self, cmd: C.EndConflict) -> None:
        self._need_phase("idle")
        for slot in self.kept[:]:
            self._discard_slot(slot, "as the conflict ends")
        self.kept = []
        for n in self.played:
            self.played[n] = {}
            self.bonus[n] = {}
        self._log("The conflict ends: no more simultaneous actions (FA-23)")
