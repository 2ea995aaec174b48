"""The data of one tick-initiative combat, its copies and everything that reads it.

Compatible with the Exalted-style combat turn order of seed ``001_1d815eeea3c83d89``.
Rule ids EX-n and ambiguity ids EX-An cite ../shared/OTHER-RULINGS.md section 2.

:class:`TickTrackerBase` is the base of :class:`~initiative.timing.ticks.TickTracker`:
its slots and their types, copying (:meth:`~TickTrackerBase.clone`) and the JSON form,
the read-only queries (tick ranking, turn order, board) and the low-level internals every
command uses: logging, Fighter updates and the ledgered Initiative change with Crash
(EX-5, EX-A1, EX-A3). ``_atomic`` makes a command all-or-nothing on a clone.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Concatenate, ParamSpec, Self, TypeVar

from initiative.timing.ticks_rules import (
    Contest,
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

__all__ = ["PHASES", "TickTrackerBase"]

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T", bound="TickTrackerBase")
PHASES = ("join", "free_actions", "combat", "over")


def _atomic(
    fn: Callable[Concatenate[T, P], R],
) -> Callable[Concatenate[T, P], list[LogEntry]]:
    """Run a command on a clone; adopt it on success; return the new log entries."""

    @functools.wraps(fn)
    def wrapper(self: T, /, *args: P.args, **kwargs: P.kwargs) -> list[LogEntry]:
        work = self.clone()
        start = len(work.log)
        fn(work, *args, **kwargs)
        self._adopt(work)
        return self.log[start:]

    return wrapper


class TickTrackerBase:
    """The state of a :class:`~initiative.timing.ticks.TickTracker` and its queries.

    The slots live here (the mixins and the tracker add none), so every attribute is
    declared once."""

    __slots__ = (
        "contests",
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
        "up",
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
    contests: list[Contest]
    up: str | None

    # ------------------------------------------------------------------ copying

    def clone(self) -> Self:
        """Independent copy: copies the containers; records are frozen and shared."""
        cls = type(self)
        t = cls.__new__(cls)
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
        t.contests = self.contests[:]
        t.up = self.up
        return t

    def _adopt(self, other: TickTrackerBase) -> None:
        for slot in TickTrackerBase.__slots__:
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
            "contests": [c.to_list() for c in self.contests],
            "up": self.up,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
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
        t.contests = [Contest.from_list(row) for row in data.get("contests", [])]
        up = data.get("up")
        t.up = None if up is None else str(up)
        return t

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TickTrackerBase) and self.to_dict() == other.to_dict()

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

    def last_chance(self) -> list[str]:
        """EX-17, EX-A8: holders whose last chance it is: nobody else is left to act this
        round, no turn is under way and the held turn would lapse at the round's end."""
        if self.phase != "combat" or self.turns or self.turn_order():
            return []
        if self.rules.held_turn_expires != "end_of_round":
            return []
        return self.holders()

    def announced(self) -> str | None:
        """Whom the GM's ``next`` announced and whose turn has not begun (it may still
        delay, EX-17), or the first holder at its last chance (EX-A8); None when that
        no longer holds (a turn began, the order changed, the character left)."""
        if self.up is None or self.up not in self.fighters:
            return None
        if self.fighters[self.up].holding:
            return self.up if self.up in self.last_chance() else None
        return self.up if self.up in self.ready() and not self.turns else None

    def up_line(self) -> str:
        """Who is acting or up, as ``order`` and the full-screen header say it: "acting:
        NAME", "up: NAME (not started)", a held turn's last chance (EX-A8), or who
        ``next`` will announce."""
        if self.phase != "combat":
            return ""
        if self.active is not None:
            return f"acting: {self.active}"
        up = self.announced()
        chance = self.last_chance()
        if chance:
            who = ", ".join(chance)
            told = "announced; " if up else ""
            return (f"last chance: {who} may still take the held turn ({told}'held NAME'; "
                    f"'next' {'again ' if up else ''}lets it lapse, EX-A8)")
        if up is not None:
            return f"up: {up} (not started: act or begin; may still delay)"
        ready = self.ready()
        if ready:
            return f"next up: {ready[0]} (not announced: 'next')"
        return "nobody left to act: 'next' ends the round"

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
        if not f.worthy:
            raise NotAllowedError(
                f"{name} is not a worthy foe (EX-1): no combat action and no turn order; "
                f"settle it with one contested roll ('contest NAME {name}')"
            )
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
