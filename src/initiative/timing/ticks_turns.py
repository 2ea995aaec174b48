"""Rounds and turns of a tick-initiative combat: the steps the rules run by themselves.

Compatible with the Exalted-style combat turn order of seed ``001_1d815eeea3c83d89``.
Rule ids EX-n and ambiguity ids EX-An cite ../shared/OTHER-RULINGS.md section 2.

:class:`TickTurnsMixin` (part of :class:`~initiative.timing.ticks.TickTracker`) opens
rounds, starts turns (the formal start-of-turn steps EX-19..EX-22, delayed and held turns
EX-17), ends them (the end-of-turn steps EX-23..EX-26) and ends rounds (EX-A16); it keeps
the effect timers (EX-19, EX-22, EX-24, EX-A15) and counts the combat actions of the turn
under way (EX-16, EX-18).
"""

from __future__ import annotations

from dataclasses import replace

from initiative.timing.ticks_rules import (
    DURATIONS,
    Duration,
    Effect,
    NotAllowedError,
    TickError,
    Turn,
    WrongPhaseError,
)
from initiative.timing.ticks_state import TickTrackerBase, _atomic

__all__ = ["TickTurnsMixin"]


class TickTurnsMixin(TickTrackerBase):
    """Round, turn and effect-timer steps of a :class:`~initiative.timing.ticks.TickTracker`."""

    __slots__ = ()

    # ------------------------------------------------------------------ rounds and turns

    def _new_round(self) -> None:
        self.phase = "combat"
        self.up = None
        self.round += 1
        for n, f in self.fighters.items():
            if f.done:
                self._set(n, done="")
            if f.joined and not f.free_action_done and self.round == 1:
                self._set(n, free_action_done=True)
        self.snapshot = {n: self.fighters[n].initiative for n in self.ranking()}
        order = self.turn_order()
        self._say(
            "round",
            f"Round {self.round} begins; order: "
            + ", ".join(f"{n} {self.fighters[n].initiative}" for n in order),
            f"Round {self.round} begins; order: "
            + ", ".join(n if self._npc(n) else f"{n} {self.fighters[n].initiative}"
                        for n in order) if any(self._npc(n) for n in order) else None,
        )

    @_atomic
    def begin_turn(self, name: str | None = None) -> None:
        """Start the turn of the next character (EX-14, EX-15, EX-A4) and run the formal
        start-of-turn steps (EX-19..EX-22)."""
        self._need_phase("combat")
        if self.turns:
            raise WrongPhaseError(f"{self.turns[-1].name}'s turn is still under way")
        ready = self.ready()
        if not ready:
            raise WrongPhaseError("nobody is due to act; declare a held turn or end the round")
        if name is None:
            up = self.announced()
            name = up if up in ready else ready[0]
        self._joined(name)
        if name not in ready:
            raise WrongPhaseError(f"{name} may not start a turn now; next: {', '.join(ready)}")
        self._start_turn(name)

    @_atomic
    def pass_turn(self, name: str | None = None) -> None:
        """EX-16, EX-26: the character who is up passes: its turn begins and ends with no
        action (the start- and end-of-turn steps run)."""
        TickTurnsMixin.begin_turn(self, name)
        TickTurnsMixin.end_turn(self)

    @_atomic
    def call_next(self) -> None:
        """The GM's ``next``, one meaning in both trackers: close the turn under way, if
        any, then announce who is up. The announced turn has not begun, so that character
        may still delay (EX-17); it begins with its first action or ``begin``. With no turn
        under way, ``next`` moves on past the announced character: it passes (EX-16), or
        at a held turn's last chance the held turn lapses, said in the log (EX-A8). When
        nobody is left, the round ends (EX-A16) and the first of the next is announced."""
        if self.phase != "combat":
            raise WrongPhaseError(f"'next' works in combat, not in phase {self.phase!r}")
        if self.turns:
            TickTurnsMixin.end_turn(self)
            if self.turns:  # an interrupted turn resumes (EX-A8): it is under way again
                return
        else:
            up = self.announced()
            if up is not None and self.fighters[up].holding:
                for n in self.last_chance():
                    self._say("lapse", f"{n} lets its last chance go: the GM moves on "
                              "(EX-A8)")
                TickTurnsMixin.end_round(self)
            elif up is not None:
                TickTurnsMixin.pass_turn(self, up)
        self._announce()

    def _announce(self, again: bool = True) -> None:
        """Name who is up (its turn not begun), else a held turn's last chance (EX-A8),
        else end the round and announce the first of the next (EX-A16)."""
        ready = self.ready()
        if ready:
            name = self.up = ready[0]
            tick = self.fighters[name].initiative
            also = f"; also ready: {', '.join(ready[1:])}" if len(ready) > 1 else ""
            tail = f" (turn not started: act or begin; it may still delay){also}"
            self._say("up", f"Round {self.round}: {name} is up at tick {tick}{tail}",
                      f"Round {self.round}: {name} is up{tail}" if self._npc(name) else None)
            return
        chance = self.last_chance()
        if chance:
            self.up = chance[0]
            self._say("last_chance",
                      f"Last chance (EX-17, EX-A8): {', '.join(chance)} may still take the "
                      "held turn ('held NAME'); 'next' again lets it lapse and ends the round")
            return
        if not again:
            self.up = None
            self._say("up", f"Round {self.round}: nobody can act yet")
            return
        TickTurnsMixin.end_round(self)
        self._announce(again=False)

    @_atomic
    def delay(self, name: str | None = None) -> None:
        """EX-17: when its tick comes up, pay 1i to hold the turn (no start steps, EX-A8)."""
        self._need_phase("combat")
        if self.turns:
            raise WrongPhaseError(f"{self.turns[-1].name}'s turn is under way")
        ready = self.ready()
        if name is None:
            if not ready:
                raise WrongPhaseError("nobody is due to act")
            up = self.announced()
            name = up if up in ready else ready[0]
        self._joined(name)
        if name not in ready:
            raise WrongPhaseError(f"{name}'s tick has not come up; next: {', '.join(ready)}")
        self._check_cost(name, 1, "delay")
        self.up = None
        self._set(name, holding=True)
        self._change(name, -1, "delay", "delay, holds the turn")

    @_atomic
    def declare_held(self, name: str) -> None:
        """EX-17, EX-A8: take a held turn now (between turns unless
        ``held_turn_can_interrupt``); the interrupted turn resumes after it."""
        self._need_phase("combat")
        f = self._joined(name)
        if not f.holding:
            raise NotAllowedError(f"{name} is not holding a turn")
        if self.turns and not self.rules.held_turn_can_interrupt:
            raise WrongPhaseError(
                f"{name} cannot interrupt {self.turns[-1].name}'s turn "
                "(held_turn_can_interrupt=False)"
            )
        if self.turns:
            self._say("interrupt", f"{name} interrupts {self.turns[-1].name}'s turn")
        self._start_turn(name)

    # ------------------------------------------------------------------ start and end of turn

    def _arm_and_expire_start(self, name: str) -> None:
        """Arm EX-24 timers anchored on ``name``; EX-19 step 1 resolves one-turn effects."""
        kept: list[Effect] = []
        for e in self.effects:
            if e.anchor == name and e.duration == "one_turn":
                self._say(
                    "effect_end",
                    f"{e.label} on {e.affected} ends (one turn, start of {name}'s turn)",
                )
                continue
            if e.anchor == name and e.duration == "until_end_of_next_turn" and not e.armed:
                e = replace(e, armed=True)
            kept.append(e)
        self.effects = kept

    def _start_turn(self, name: str) -> None:
        """Formal start of turn, steps 1-4 in order (EX-19..EX-22)."""
        self.turns.append(Turn(name))
        self.up = None
        f = self.fighters[name]
        held = " (held turn)" if f.holding else ""
        self._set(name, holding=False)
        self._say(
            "turn_start",
            f"Round {self.round}: {name}'s turn begins at tick {f.initiative}{held}",
            f"Round {self.round}: {name}'s turn begins{held}" if self._npc(name) else None,
        )
        self._arm_and_expire_start(name)  # step 1
        f = self.fighters[name]
        if f.crashed and f.tokens >= 3:  # step 2, EX-20, EX-A2
            self._set(name, crashed=False, tokens=0)
            self._ledger_mark(name, "crash_recovery", f"{f.tokens} recovery tokens")
            self._say(
                "crash_end", f"{name} removes {f.tokens} recovery tokens and is no longer Crashed"
            )
            mode = self.rules.crash_recovery_initiative
            target = {"base": f.sheet.base_initiative, "fixed_3": 3}.get(mode)
            if target is not None and target != f.initiative:
                self._change(
                    name,
                    target - f.initiative,
                    "crash_recovery",
                    "recovered from Crash",
                )
        if self.fighters[name].pending_move:  # step 3, EX-21
            self._set(name, pending_move=False)
            self._say(
                "pending_move", f"{name} may now make the move left over from a Rush or Disengage"
            )
        for e in list(self.effects):  # step 4, EX-22
            if e.affected == name and e.start_initiative and e in self.effects:
                self._change(name, e.start_initiative, "effect", f"{e.label}, start of turn")
        due = self.flurry_penalty_due(name)
        if due:
            self._say(
                "flurry",
                f"reminder: {name}'s first action this round is at -{due} (flurry last round)",
            )

    @_atomic
    def end_turn(self, name: str | None = None) -> None:
        """Formal end of turn, steps 1-3 in order (EX-23..EX-26); passing is ending a
        turn without actions."""
        turn = self._turn_of(name)
        n = turn.name
        f = self.fighters[n]
        if turn.actions == 0 and not turn.moved:
            self._say("pass", f"{n} passes")
        if f.crashed:  # step 1, EX-23, EX-A14
            attacked = (
                turn.attacked
                if self.rules.recovery_bonus_attack_scope == "own_turn"
                else f.attacked_since_last_turn
            )
            gained = 1 if attacked else 2
            f = self._set(n, tokens=f.tokens + gained)
            why = "" if attacked else " (+1 for not attacking)"
            self._say("token", f"{n} gains {gained} recovery token(s){why}: {f.tokens}")
        kept: list[Effect] = []  # step 2, EX-24
        for e in self.effects:
            if e.anchor == n and e.duration == "until_end_of_next_turn" and e.armed:
                self._say("effect_end", f"{e.label} on {e.affected} ends (end of {n}'s turn)")
            else:
                kept.append(e)
        self.effects = kept
        f = self.fighters[n]
        if f.motes is not None and f.sheet.mote_max is not None:  # step 3, EX-25, EX-A17
            gain = self.rules.adrenaline_motes
            motes = f.motes + gain
            if self.rules.cap_motes_at_pool_max:
                motes = min(motes, f.sheet.mote_max)
            if motes != f.motes:
                self._say(
                    "motes",
                    f"{n} regains {motes - f.motes}m from adrenaline: {motes}/{f.sheet.mote_max}",
                )
            self._set(n, motes=motes)
        carry = self.round + 1 if turn.flurried else self.fighters[n].flurry_carry_round
        self._set(n, done="acted", attacked_since_last_turn=False, flurry_carry_round=carry)
        self.turns.pop()
        self._say("turn_end", f"{n}'s turn ends")
        if self.turns:
            self._say("resume", f"{self.turns[-1].name}'s turn resumes")

    @_atomic
    def end_round(self, force: bool = False) -> None:
        """EX-A16: the round ends when every turn is taken, lost or lapsed; held turns
        lapse (EX-A8), and an unused flurry carry-over lapses (EX-A9)."""
        self._need_phase("combat")
        if self.turns:
            raise WrongPhaseError(f"{self.turns[-1].name}'s turn is still under way")
        waiting = self.turn_order()
        if waiting and not force:
            raise WrongPhaseError(f"still to act this round: {', '.join(waiting)}")
        for n in waiting:
            self._set(n, done="lapsed")
            self._say("lapse", f"{n} loses its turn (GM ended the round)")
        for n, f in self.fighters.items():
            if not f.joined or f.out:
                continue
            if f.holding and self.rules.held_turn_expires == "end_of_round":
                self._set(n, holding=False, done="lapsed")
                self._say("lapse", f"{n}'s held turn lapses at the end of the round")
            elif not f.done and not f.holding:
                self._set(n, done="skipped")
                self._say(
                    "skip", f"{n} at {f.initiative}i gets no turn (skip_turns_at_or_below_zero)"
                )
            f = self.fighters[n]
            carry = f.flurry_carry_round
            if carry is not None and carry <= self.round and self.rules.flurry_carryover_lapses:
                self._set(n, flurry_carry_round=None)
                self._say("flurry", f"{n}'s flurry penalty lapses unused")
        self._say("round_end", f"Round {self.round} ends")
        self._new_round()

    # ------------------------------------------------------------------ effect timers

    @_atomic
    def apply_effect(
        self,
        label: str,
        affected: str,
        duration: Duration,
        *,
        source: str | None = None,
        anchor: str | None = None,
        start_initiative: int = 0,
    ) -> None:
        """EX-19, EX-22, EX-24, EX-A15: a timed effect; the anchor defaults per
        ``effect_anchor_default`` (the source when it is "source" and one is given)."""
        self._joined(affected)
        if source is not None:
            self.fighter(source)
        if duration not in DURATIONS:
            raise TickError(f"duration must be one of {DURATIONS}, got {duration!r}")
        if anchor is None:
            use_source = self.rules.effect_anchor_default == "source" and source is not None
            anchor = source if use_source and source is not None else affected
        self._joined(anchor)
        e = Effect(
            self.next_effect_id, label, affected, anchor, duration, source, False, start_initiative
        )
        self.next_effect_id += 1
        self.effects.append(e)
        by = f" by {source}" if source else ""
        self._say(
            "effect",
            f"{label} on {affected}{by} ({duration.replace('_', ' ')}, anchor {anchor}) [#{e.id}]",
        )

    @_atomic
    def remove_effect(self, effect_id: int) -> None:
        for e in self.effects:
            if e.id == effect_id:
                self.effects.remove(e)
                self._say("effect_end", f"{e.label} on {e.affected} removed by the GM")
                return
        raise TickError(f"no effect #{effect_id}")

    # ------------------------------------------------------------------ the turn under way

    def _turn_of(self, name: str | None) -> Turn:
        if not self.turns:
            raise WrongPhaseError("no turn is under way")
        turn = self.turns[-1]
        if name is not None and name != turn.name:
            raise WrongPhaseError(f"it is {turn.name}'s turn, not {name}'s")
        return turn

    def _note_attack(self, attacker: str) -> None:
        self._set(attacker, attacked_since_last_turn=True)
        if self.turns and self.turns[-1].name == attacker:
            self.turns[-1] = replace(self.turns[-1], attacked=True)

    def _use_action(self, name: str, label: str, attack: bool, flurry: bool) -> str:
        """Count one combat action of the active ``name`` (EX-16, EX-18, EX-A9)."""
        turn = self.turns[-1]
        rules = self.rules
        penalty = 0
        notes = ""
        if turn.actions == 0:
            if flurry:
                raise NotAllowedError(f"{name}: a flurry is a second action; take a first one")
            carried = self.flurry_penalty_due(name)
            if carried:
                penalty = carried
                self._set(name, flurry_carry_round=None)
                notes = f" (-{carried} carried from last round's flurry)"
        else:
            if not flurry:
                raise NotAllowedError(
                    f"{name} already used the combat action; only a flurry allows another"
                )
            if turn.actions >= rules.max_actions_per_turn:
                raise NotAllowedError(
                    f"{name} already took {turn.actions} action(s) this "
                    f"turn (max_actions_per_turn={rules.max_actions_per_turn})"
                )
            if rules.flurry_forbid_two_attacks and attack and turn.attacked:
                raise NotAllowedError(
                    f"{name} cannot flurry two attacks (flurry_forbid_two_attacks=True)"
                )
            penalty = rules.flurry_penalty
            notes = f" (flurry, -{penalty})"
        self.turns[-1] = replace(turn, actions=turn.actions + 1, flurried=turn.flurried or flurry)
        return notes
