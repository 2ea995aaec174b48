"""Tick initiative for a game master's tracker, usable alone (no I/O, no printing).

Compatible with the Exalted-style combat turn order of seed ``001_1d815eeea3c83d89``.
Rule ids EX-n and ambiguity ids EX-An cite ../shared/OTHER-RULINGS.md section 2;
house-rule flags live in :class:`~initiative.timing.ticks_rules.TickRules`.

:class:`TickTracker` is a plain-data state object. Every public command validates and
applies atomically (it works on a clone and adopts it only on success), so a refused
command raises a :class:`TickError` and changes nothing. Each command returns the log
entries it added; every Initiative change is also a :class:`LedgerEntry`.

Phases: ``"join"`` (roster and Join Battle), ``"free_actions"`` (EX-12/13),
``"combat"`` (rounds of turns, EX-14..EX-26) and ``"over"``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, Concatenate, ParamSpec, TypeVar

from initiative.engine.rng import SplitMix64
from initiative.timing.ticks_rules import (
    DURATIONS,
    CharacterSheet,
    Duration,
    Effect,
    Fighter,
    LedgerEntry,
    LogEntry,
    NotAllowedError,
    TickError,
    TickRules,
    Turn,
    UnknownCharacterError,
    WrongPhaseError,
)

__all__ = [
    "CharacterSheet",
    "NotAllowedError",
    "TickError",
    "TickRules",
    "TickTracker",
    "UnknownCharacterError",
    "WrongPhaseError",
    "roll_join_battle",
]

P = ParamSpec("P")
R = TypeVar("R")
PHASES = ("join", "free_actions", "combat", "over")


def roll_join_battle(rng: SplitMix64, pool: int, rules: TickRules) -> tuple[int, list[int]]:
    """EX-8/EX-A13: roll ``pool`` dice; successes at ``jb_success_at``+, doubles at
    ``jb_double_at``+. Returns (successes, faces)."""
    faces = [rng.roll(rules.jb_die_sides) for _ in range(max(pool, 0))]
    hits = 0
    for f in faces:
        if rules.jb_double_at is not None and f >= rules.jb_double_at:
            hits += 2
        elif f >= rules.jb_success_at:
            hits += 1
    return hits, faces


def _atomic(
    fn: Callable[Concatenate[TickTracker, P], R],
) -> Callable[Concatenate[TickTracker, P], list[LogEntry]]:
    """Run a command on a clone; adopt it on success; return the new log entries."""

    @functools.wraps(fn)
    def wrapper(self: TickTracker, /, *args: P.args, **kwargs: P.kwargs) -> list[LogEntry]:
        work = self.clone()
        start = len(work.log)
        fn(work, *args, **kwargs)
        self._adopt(work)
        return self.log[start:]

    return wrapper


class TickTracker:
    """Roster, ledger, turn order, Crash and effect timers of one combat."""

    __slots__ = (
        "effects",
        "fighters",
        "ledger",
        "log",
        "next_effect_id",
        "phase",
        "rng_state",
        "round",
        "rules",
        "snapshot",
        "tie_order",
        "turns",
    )

    rules: TickRules
    fighters: dict[str, Fighter]
    phase: str
    round: int
    turns: list[Turn]
    effects: list[Effect]
    next_effect_id: int
    snapshot: dict[str, int]
    tie_order: list[str]
    rng_state: int
    ledger: list[LedgerEntry]
    log: list[LogEntry]

    def __init__(
        self,
        rules: TickRules | None = None,
        roster: Iterable[CharacterSheet] = (),
        seed: int = 0,
    ) -> None:
        self.rules = rules if rules is not None else TickRules()
        self.fighters = {}
        self.phase = "join"
        self.round = 0
        self.turns = []
        self.effects = []
        self.next_effect_id = 1
        self.snapshot = {}
        self.tie_order = []
        self.rng_state = SplitMix64(seed).state
        self.ledger = []
        self.log = []
        for sheet in roster:
            self.add_character(sheet)

    # ------------------------------------------------------------------ copying

    def clone(self) -> TickTracker:
        """Independent copy: copies the containers; records are frozen and shared."""
        t = TickTracker.__new__(TickTracker)
        t.rules = self.rules
        t.fighters = dict(self.fighters)
        t.phase = self.phase
        t.round = self.round
        t.turns = self.turns[:]
        t.effects = self.effects[:]
        t.next_effect_id = self.next_effect_id
        t.snapshot = dict(self.snapshot)
        t.tie_order = self.tie_order[:]
        t.rng_state = self.rng_state
        t.ledger = self.ledger[:]
        t.log = self.log[:]
        return t

    def _adopt(self, other: TickTracker) -> None:
        for slot in TickTracker.__slots__:
            setattr(self, slot, getattr(other, slot))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready plain data (lists, dicts, str, int, bool, None)."""
        return {
            "rules": self.rules.to_dict(),
            "fighters": [f.to_dict() for f in self.fighters.values()],
            "phase": self.phase,
            "round": self.round,
            "turns": [[t.name, t.actions, t.attacked, t.moved, t.flurried] for t in self.turns],
            "effects": [
                [
                    e.id,
                    e.label,
                    e.affected,
                    e.anchor,
                    e.duration,
                    e.source,
                    e.armed,
                    e.start_initiative,
                ]
                for e in self.effects
            ],
            "next_effect_id": self.next_effect_id,
            "snapshot": dict(self.snapshot),
            "tie_order": self.tie_order[:],
            "rng_state": self.rng_state,
            "ledger": [
                [e.seq, e.round, e.name, e.delta, e.kind, e.cause, e.after] for e in self.ledger
            ],
            "log": [
                [e.seq, e.round, e.kind, e.text] + ([e.public] if e.public is not None else [])
                for e in self.log
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TickTracker:
        t = cls.__new__(cls)
        t.rules = TickRules.from_dict(data["rules"])
        t.fighters = {}
        for fd in data["fighters"]:
            f = Fighter.from_dict(fd)
            t.fighters[f.sheet.name] = f
        if data["phase"] not in PHASES:
            raise TickError(f"unknown phase {data['phase']!r}")
        t.phase = data["phase"]
        t.round = int(data["round"])
        t.turns = [Turn(*row) for row in data["turns"]]
        t.effects = [Effect(*row) for row in data["effects"]]
        t.next_effect_id = int(data["next_effect_id"])
        t.snapshot = {str(k): int(v) for k, v in data["snapshot"].items()}
        t.tie_order = [str(n) for n in data["tie_order"]]
        t.rng_state = int(data["rng_state"])
        t.ledger = [LedgerEntry(*row) for row in data["ledger"]]
        t.log = [LogEntry(*row) for row in data["log"]]
        return t

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TickTracker) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ queries

    def fighter(self, name: str) -> Fighter:
        try:
            return self.fighters[name]
        except KeyError:
            raise UnknownCharacterError(f"no character named {name!r} on the roster") from None

    def initiative(self, name: str) -> int:
        return self.fighter(name).initiative

    def base_initiative(self, name: str) -> int:
        """EX-6."""
        return self.fighter(name).sheet.base_initiative

    @property
    def active(self) -> str | None:
        """The character whose turn is under way (top of the stack), if any."""
        return self.turns[-1].name if self.turns else None

    def _roster_index(self, name: str) -> int:
        return list(self.fighters).index(name)

    def _sort_key(self, name: str, value: int) -> tuple[int, ...]:
        """EX-14 with the EX-A5 tie-break: higher value first, then the tie rule."""
        gm = self.tie_order.index(name) if name in self.tie_order else len(self.tie_order)
        if self.rules.tie_break == "higher_join_battle_successes":
            jb = self.fighters[name].jb_successes or 0
            return (-value, -jb, gm, self._roster_index(name))
        return (-value, gm, self._roster_index(name))

    def ranking(self) -> list[str]:
        """Every joined, present character by current Initiative (ticks, EX-15)."""
        names = [n for n, f in self.fighters.items() if f.joined and not f.out]
        return sorted(names, key=lambda n: self._sort_key(n, self.fighters[n].initiative))

    def _order_value(self, name: str) -> int:
        if self.rules.turn_order_mode == "snapshot_at_round_start" and name in self.snapshot:
            return self.snapshot[name]
        return self.fighters[name].initiative

    def _eligible(self, name: str) -> bool:
        f = self.fighters[name]
        if not f.joined or f.out or f.done or f.holding:
            return False
        if any(t.name == name for t in self.turns):
            return False
        return not (self.rules.skip_turns_at_or_below_zero and f.initiative <= 0)

    def turn_order(self) -> list[str]:
        """Characters still to act this round, next first (EX-14, EX-A4, EX-A5, EX-A6)."""
        if self.phase != "combat":
            return []
        names = [n for n in self.fighters if self._eligible(n)]
        return sorted(names, key=lambda n: self._sort_key(n, self._order_value(n)))

    def ready(self) -> list[str]:
        """Who may start a turn now: the next in order, or every character tied at the
        top under ``tie_break="simultaneous"`` (EX-A5)."""
        order = self.turn_order()
        if not order:
            return []
        if self.rules.tie_break != "simultaneous":
            return order[:1]
        top = self._order_value(order[0])
        return [n for n in order if self._order_value(n) == top]

    def holders(self) -> list[str]:
        """Characters holding a delayed turn (EX-17), in roster order."""
        return [n for n, f in self.fighters.items() if f.holding and not f.out]

    def free_action_order(self) -> list[str]:
        """Free actions still owed, highest Initiative first (EX-13)."""
        return [n for n in self.ranking() if not self.fighters[n].free_action_done]

    def effects_on(self, name: str) -> list[Effect]:
        return [e for e in self.effects if e.affected == name]

    def ledger_of(self, name: str) -> list[LedgerEntry]:
        return [e for e in self.ledger if e.name == name]

    def flurry_penalty_due(self, name: str) -> int:
        """The -N carried into this round's first action (EX-18, EX-A9), or 0."""
        f = self.fighter(name)
        if f.flurry_carry_round is not None and f.flurry_carry_round <= self.round:
            return self.rules.flurry_penalty
        return 0

    def board(self, players_view: bool = False) -> list[tuple[str, int | None, str]]:
        """Rows (name, Initiative or None when hidden, status) in tick order; the player
        view hides NPC values unless ``show_npc_initiative_to_players`` (section 2d)."""
        rows: list[tuple[str, int | None, str]] = []
        for n in self.ranking():
            f = self.fighters[n]
            hide = players_view and not f.sheet.player
            value = None if hide and not self.rules.show_npc_initiative_to_players else f.initiative
            status = [f.done] if f.done else []
            if f.holding:
                status.append("holding")
            if f.crashed:
                status.append(f"crashed {f.tokens}t")
            if n == self.active:
                status.append("active")
            rows.append((n, value, ", ".join(status)))
        return rows

    # ------------------------------------------------------------------ internals

    def _say(self, kind: str, text: str, public: str | None = None) -> None:
        """Log ``text``; ``public`` is the players' reading when it shows NPC values."""
        self.log.append(LogEntry(len(self.log) + 1, self.round, kind, text, public))

    def _npc(self, name: str) -> bool:
        return not self.fighters[name].sheet.player

    def _set(self, name: str, **changes: Any) -> Fighter:
        f = replace(self.fighters[name], **changes)
        self.fighters[name] = f
        return f

    def _joined(self, name: str) -> Fighter:
        f = self.fighter(name)
        if not f.joined:
            raise WrongPhaseError(f"{name} has not rolled Join Battle yet")
        if f.out:
            raise NotAllowedError(f"{name} has left the combat")
        return f

    def _order_note(self, name: str, before: list[str]) -> str:
        """Explain how ``name`` moved in the tick order (the "drops below" clause)."""
        after = self.ranking()
        if name not in before or name not in after:
            return ""
        b, a = before.index(name), after.index(name)
        if a > b:
            passed = [n for n in after[b:a] if n in before and before.index(n) > b]
            return f", drops below {', '.join(passed)}" if passed else ""
        if a < b:
            passed = [n for n in after[a + 1 : b + 1] if n in before and before.index(n) < b]
            return f", rises above {', '.join(passed)}" if passed else ""
        return ""

    def _change(self, name: str, delta: int, kind: str, cause: str) -> bool:
        """Apply and ledger an Initiative change; handle Crash (EX-5, EX-A1, EX-A3).

        Returns True if this change crashed the character."""
        before = self.ranking()
        f = self.fighters[name]
        value = f.initiative + delta
        f = self._set(name, initiative=value)
        self.ledger.append(
            LedgerEntry(len(self.ledger) + 1, self.round, name, delta, kind, cause, value)
        )
        sign = "+" if delta >= 0 else ""
        note = self._order_note(name, before)
        npc = self._npc(name)
        if npc and kind == "join_battle":
            public: str | None = f"{name} joins battle{note}"
        elif npc:
            public = f"{name} {'gains' if delta >= 0 else 'loses'} Initiative ({cause}){note}"
        else:
            public = None
        self._say(kind, f"{name} {sign}{delta}i ({cause}) -> {value}i{note}", public)
        threshold = self.rules.crash_at_or_below
        if delta < 0 and value <= threshold and not f.crashed:
            self._set(name, crashed=True, tokens=0)
            self._ledger_mark(name, "crash", cause)
            self._say("crash", f"{name} is Crashed ({value}i <= {threshold}; {cause})",
                      f"{name} is Crashed ({cause})" if npc else None)
            return True
        if (
            delta > 0
            and f.crashed
            and value > threshold
            and self.rules.crash_ends_when_initiative_recovers
        ):
            self._set(name, crashed=False, tokens=0)
            self._ledger_mark(name, "crash_end", cause)
            self._say(
                "crash_end",
                f"{name} is no longer Crashed ({value}i > {threshold}; "
                f"{cause}); {f.tokens} recovery token(s) discarded",
                f"{name} is no longer Crashed ({cause}); {f.tokens} recovery token(s) "
                "discarded" if npc else None,
            )
        return False

    def _ledger_mark(self, name: str, kind: str, cause: str) -> None:
        value = self.fighters[name].initiative
        self.ledger.append(
            LedgerEntry(len(self.ledger) + 1, self.round, name, 0, kind, cause, value)
        )

    def _check_cost(self, name: str, amount: int, what: str) -> None:
        """EX-A7: with ``spending_may_cause_crash`` off, refuse a cost reaching Crash."""
        if amount < 0:
            raise TickError(f"{what}: amount must be >= 0, got {amount}")
        value = self.fighters[name].initiative - amount
        if not self.rules.spending_may_cause_crash and value <= self.rules.crash_at_or_below:
            raise NotAllowedError(
                f"{name} cannot pay {amount}i for {what}: it would leave {value}i, at or below "
                f"the Crash threshold {self.rules.crash_at_or_below} "
                "(spending_may_cause_crash=False)"
            )

    def _need_phase(self, *phases: str) -> None:
        if self.phase not in phases:
            raise WrongPhaseError(
                f"not allowed in phase {self.phase!r} (needs {' or '.join(phases)})"
            )

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

    # ------------------------------------------------------------------ roster / join

    @_atomic
    def add_character(self, sheet: CharacterSheet) -> None:
        """Add to the roster (section 2d); during combat this is a late joiner (EX-A16)."""
        self._need_phase("join", "free_actions", "combat")
        if sheet.name in self.fighters:
            raise NotAllowedError(f"a character named {sheet.name!r} is already on the roster")
        motes = sheet.mote_max if sheet.motes is None else sheet.motes
        self.fighters[sheet.name] = Fighter(sheet, motes=motes)
        kind = "PC" if sheet.player else "NPC"
        late = " (late joiner)" if self.phase != "join" else ""
        self._say(
            "roster",
            f"{sheet.name} ({kind}, Stamina {sheet.stamina}, base "
            f"{sheet.base_initiative}i) joins the roster{late}",
            None if sheet.player else f"{sheet.name} (NPC) joins the roster{late}",
        )

    @_atomic
    def remove_character(self, name: str, cause: str) -> None:
        """The GM takes a character out of the fight (killed, fled); its ledger stays."""
        f = self.fighter(name)
        if any(t.name == name for t in self.turns):
            raise WrongPhaseError(f"{name} is in the middle of a turn")
        if f.out:
            raise NotAllowedError(f"{name} has already left the combat")
        self._set(name, out=True, holding=False)
        self._say("roster", f"{name} leaves the combat ({cause})")

    def join_pool(self, name: str, stealth: bool = False, manipulation: bool = False) -> int:
        """EX-9..EX-11, EX-A19: (Wits or Manipulation) + (Awareness or Stealth)."""
        s = self.fighter(name).sheet
        if stealth and manipulation and not self.rules.allow_double_substitution:
            raise NotAllowedError(
                f"{name}: Stealth and Manipulation cannot both replace "
                "(allow_double_substitution=False)"
            )
        return (s.manipulation if manipulation else s.wits) + (
            s.stealth if stealth else s.awareness
        )

    @_atomic
    def join_battle(
        self,
        name: str,
        successes: int | None = None,
        *,
        stealth: bool = False,
        manipulation: bool = False,
    ) -> None:
        """EX-2, EX-8: Initiative = 3 + successes, entered or rolled (EX-A13)."""
        self._need_phase("join", "free_actions", "combat")
        f = self.fighter(name)
        if f.joined:
            raise NotAllowedError(f"{name} has already joined battle")
        pool = self.join_pool(name, stealth, manipulation)
        pool_text = "+".join(
            [
                "Manipulation" if manipulation else "Wits",
                "Stealth" if stealth else "Awareness",
            ]
        )
        if successes is None:
            rng = SplitMix64(0)
            rng.state = self.rng_state
            successes, faces = roll_join_battle(rng, pool, self.rules)  # EX-A13
            self.rng_state = rng.state
            how = f"rolled {pool_text} {pool} dice {faces}: {successes} successes"
        else:
            if not isinstance(successes, int) or successes < 0:
                raise TickError(
                    f"{name}: Join Battle successes must be an int >= 0, got {successes!r}"
                )
            how = f"{successes} successes entered ({pool_text})"
        self._change(name, 3 + successes, "join_battle", f"Join Battle, {how}")
        self._set(name, joined=True, jb_successes=successes)
        if self.phase == "combat":
            self.snapshot[name] = self.fighters[name].initiative
            if not self.rules.late_joiner_acts_this_round:
                self._set(name, done="late")
                self._say("late", f"{name} joined late and first acts next round")

    @_atomic
    def set_tie_order(self, names: list[str]) -> None:
        """EX-A5: the GM's order for tied characters (earlier in the list goes first)."""
        for n in names:
            self.fighter(n)
        if len(set(names)) != len(names):
            raise TickError("tie order names a character twice")
        self.tie_order = list(names)
        self._say("tie_order", f"GM tie order: {', '.join(names) or '(roster order)'}")

    @_atomic
    def start_combat(self) -> None:
        """After every Join Battle, open the free action phase (EX-12, EX-13)."""
        self._need_phase("join")
        if not self.fighters:
            raise NotAllowedError("the roster is empty")
        missing = [n for n, f in self.fighters.items() if not f.joined and not f.out]
        if missing:
            raise NotAllowedError(f"still to roll Join Battle: {', '.join(missing)}")
        self.phase = "free_actions"
        self._say("phase", "Free actions, in order: " + ", ".join(self.free_action_order()))

    @_atomic
    def free_action(
        self,
        name: str,
        action: str | None = None,
        *,
        damaging: bool = False,
        opposed: bool = False,
    ) -> None:
        """EX-12/EX-13/EX-A18: one unopposed, non-damaging action (None passes), in
        Initiative order; not a turn. A late joiner takes it before its first turn."""
        self._need_phase("free_actions", "combat")
        f = self._joined(name)
        if f.free_action_done:
            raise NotAllowedError(f"{name} has already had the Join Battle free action")
        if damaging or opposed:
            raise NotAllowedError(
                f"{name}: the Join Battle free action must be unopposed and non-damaging"
            )
        if self.phase == "free_actions":
            nxt = self.free_action_order()[0]
            if nxt != name:
                raise WrongPhaseError(f"free actions go in Initiative order: {nxt} first")
        elif self.turns or f.done:
            raise WrongPhaseError(
                f"{name}'s free action must come before its first turn, between turns"
            )
        self._set(name, free_action_done=True)
        self._say("free_action", f"{name} free action: {action or 'passes'}")
        if self.phase == "free_actions" and not self.free_action_order():
            self._new_round()

    # ------------------------------------------------------------------ rounds and turns

    def _new_round(self) -> None:
        self.phase = "combat"
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
            name = ready[0]
        self._joined(name)
        if name not in ready:
            raise WrongPhaseError(f"{name} may not start a turn now; next: {', '.join(ready)}")
        self._start_turn(name)

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
            name = ready[0]
        self._joined(name)
        if name not in ready:
            raise WrongPhaseError(f"{name}'s tick has not come up; next: {', '.join(ready)}")
        self._check_cost(name, 1, "delay")
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

    @_atomic
    def act(
        self,
        label: str = "acts",
        *,
        name: str | None = None,
        attack: bool = False,
        flurry: bool = False,
    ) -> None:
        """A combat action of the active character (EX-16); ``flurry`` for the second
        (EX-18). Attack resolution is out of scope; use withering/decisive for Initiative."""
        turn = self._turn_of(name)
        notes = self._use_action(turn.name, label, attack, flurry)
        if attack:
            self._note_attack(turn.name)
        self._say("action", f"{turn.name}: {label}{notes}")

    @_atomic
    def move(self, name: str | None = None) -> None:
        """EX-16: up to one reflexive move per turn."""
        turn = self._turn_of(name)
        if turn.moved:
            raise NotAllowedError(f"{turn.name} already took the reflexive move this turn")
        self.turns[-1] = replace(turn, moved=True)
        self._say("move", f"{turn.name} moves")

    @_atomic
    def withering(
        self, attacker: str, defender: str, gain: int, loss: int, *, flurry: bool = False
    ) -> None:
        """EX-4, EX-5, EX-A10, EX-A12: GM-entered withering transfer. On the attacker's own
        turn it uses the combat action (``flurry`` for the second)."""
        self._need_phase("combat")
        self._joined(attacker)
        self._joined(defender)
        if attacker == defender:
            raise NotAllowedError(f"{attacker} cannot make a withering attack on itself")
        if gain < 0 or loss < 0:
            raise TickError(f"withering amounts must be >= 0, got gain {gain}, loss {loss}")
        own = bool(self.turns) and self.turns[-1].name == attacker
        notes = self._use_action(attacker, "withering", True, flurry) if own else ""
        self._note_attack(attacker)
        where = "" if own else " (outside its turn)"
        self._say("attack", f"{attacker} makes a withering attack on {defender}{where}{notes}")
        crashed = self._change(defender, -loss, "withering_loss", f"withering by {attacker}")
        self._change(attacker, gain, "withering_gain", f"withering on {defender}")
        if crashed and self.rules.crash_bonus_initiative:
            self._change(
                attacker, self.rules.crash_bonus_initiative, "crash_bonus", f"crashed {defender}"
            )

    @_atomic
    def decisive(
        self, attacker: str, target: str, *, hit: bool = True, flurry: bool = False
    ) -> None:
        """EX-5, EX-7, EX-A10, EX-A11: a decisive attack resets the attacker to base
        Initiative (also on a miss by default). Damage is out of scope."""
        self._need_phase("combat")
        f = self._joined(attacker)
        self._joined(target)
        if f.crashed and not self.rules.decisive_allowed_while_crashed:
            raise NotAllowedError(
                f"{attacker} is Crashed and cannot make a decisive attack "
                "(decisive_allowed_while_crashed=False)"
            )
        own = bool(self.turns) and self.turns[-1].name == attacker
        notes = self._use_action(attacker, "decisive", True, flurry) if own else ""
        self._note_attack(attacker)
        outcome = "hits" if hit else "misses"
        self._say("attack", f"{attacker} makes a decisive attack on {target} and {outcome}{notes}")
        if hit or self.rules.decisive_reset_on_miss:
            base = f.sheet.base_initiative
            self._change(
                attacker,
                base - f.initiative,
                "decisive_reset",
                f"decisive on {target}, reset to base",
            )

    @_atomic
    def spend(self, name: str, amount: int, cause: str) -> None:
        """EX-3, EX-5, EX-A7: pay an Initiative cost."""
        self._need_phase("free_actions", "combat")
        self._joined(name)
        self._check_cost(name, amount, cause)
        self._change(name, -amount, "spend", cause)

    @_atomic
    def adjust(self, name: str, delta: int, cause: str) -> None:
        """A GM-entered gain or loss from any other source (EX-5)."""
        self._need_phase("free_actions", "combat")
        self._joined(name)
        if delta == 0:
            raise TickError("an adjustment of 0i changes nothing")
        self._change(name, delta, "gain" if delta > 0 else "loss", cause)

    @_atomic
    def set_pending_move(self, name: str, cause: str = "Rush") -> None:
        """EX-21: mark a move left over from a Rush or Disengage."""
        self._joined(name)
        self._set(name, pending_move=True)
        self._say("pending_move", f"{name} has a pending move ({cause})")

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
    def spend_motes(self, name: str, amount: int, cause: str) -> None:
        f = self._joined(name)
        if f.motes is None:
            raise NotAllowedError(f"{name} has no mote pool")
        if amount < 0 or amount > f.motes:
            raise NotAllowedError(f"{name} cannot spend {amount}m (has {f.motes}m)")
        self._set(name, motes=f.motes - amount)
        self._say("motes", f"{name} spends {amount}m ({cause}): {f.motes - amount}m")

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

    @_atomic
    def advance(self) -> None:
        """The tracker's "next": end the current turn, else start the next, else end the
        round."""
        if self.phase != "combat":
            raise WrongPhaseError(f"'next' works in combat, not in phase {self.phase!r}")
        if self.turns:
            TickTracker.end_turn(self)
        elif self.ready():
            TickTracker.begin_turn(self)
        else:
            TickTracker.end_round(self)

    @_atomic
    def end_combat(self, cause: str = "the GM ends the combat") -> None:
        """EX-2: turns repeat until the combat is over."""
        self._need_phase("join", "free_actions", "combat")
        self.turns = []
        self.phase = "over"
        self._say("phase", f"Combat over ({cause})")
