"""Tick initiative behind the engine contract (:mod:`initiative.engine.contract`).

One seat, the game master's (seat 0): every step of a tick-initiative combat is a GM
decision. ``legal_actions`` lists the commands of :mod:`ticks_commands` the model
accepts now (entered numbers up to :data:`~initiative.timing.gm_contract.MAX_ENTRY`);
``view`` gives the GM everything and players or spectators the section 2d players'
view. The combat is terminal once the GM ends it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from initiative.engine.contract import GAME_MASTER, TERMINAL
from initiative.timing import ticks_commands as K
from initiative.timing.gm_contract import MAX_ENTRY, DataView, accepted
from initiative.timing.ticks import TickTracker
from initiative.timing.ticks_rules import CharacterSheet, TickRules
from initiative.timing.ticks_view import tick_view

__all__ = ["GM_SEAT", "TickGame", "TickState", "TickView"]

GM_SEAT = 0


TickView = DataView
"""A seat's plain-data view."""


class TickState:
    """A :class:`TickTracker` as an engine-contract ``State`` of commands and
    plain-data views."""

    def __init__(self, tracker: TickTracker) -> None:
        self.tracker = tracker

    def current_seat(self) -> int:
        return TERMINAL if self.is_terminal() else GM_SEAT

    def _candidates(self) -> Iterator[K.TickCommand]:
        t = self.tracker
        names = [n for n, f in t.fighters.items() if not f.out]
        joined = t.ranking()
        for n in names:
            yield K.JoinBattle(n, None)
            yield from (K.JoinBattle(n, s) for s in range(MAX_ENTRY + 1))
        yield K.StartCombat()
        yield from (K.FreeAction(n) for n in t.free_action_order()[:1])
        yield K.Next()
        yield from (K.BeginTurn(n) for n in t.ready())
        yield from (K.Delay(n) for n in t.ready() + ([t.active] if t.active else []))
        yield from (K.DeclareHeld(n) for n in t.holders())
        if t.active:
            yield K.Act(t.active)
            yield K.Act(t.active, "flurries", flurry=True)
            for target in joined:
                if target != t.active:
                    yield from (K.Withering(t.active, target, d) for d in range(MAX_ENTRY + 1))
                    yield K.Decisive(t.active, target, hit=True)
                    yield K.Decisive(t.active, target, hit=False)
        for n in joined:
            yield from (K.Spend(n, a) for a in range(1, MAX_ENTRY + 1))
        yield K.EndTurn()
        yield K.EndRound(force=False)
        yield K.EndRound(force=True)
        yield K.EndCombat()

    def legal_actions(self, seat: int | None = None) -> Sequence[K.TickCommand]:
        if seat not in (None, GM_SEAT) or self.is_terminal():
            return []
        return accepted(self.tracker, self._candidates(), TickTracker.clone,
                        K.apply_tick_command)

    def apply(self, action: K.TickCommand) -> None:
        """Validate and apply; TickError (an IllegalActionError) leaves it unchanged."""
        K.apply_tick_command(self.tracker, action)

    def view(self, seat: int) -> TickView:
        """Seat 0 or GAME_MASTER: everything; any other seat: the players' view."""
        who = "GM" if seat in (GM_SEAT, GAME_MASTER) else "@spectator"
        return TickView(seat, tick_view(self.tracker, who))

    def clone(self) -> TickState:
        return TickState(self.tracker.clone())

    def is_terminal(self) -> bool:
        return self.tracker.phase == "over"

    def returns(self) -> list[float]:
        return [0.0]


class TickGame:
    """A tick-initiative combat with a fixed roster (the action numbering ranges over
    it): an engine-contract ``Game`` of :class:`TickState`.

    No ``determinize``: a GM tracker holds the whole combat and is never searched."""

    name = "tick-initiative"
    num_seats = 1

    def __init__(self, roster: Sequence[CharacterSheet] = (),
                 rules: TickRules | None = None) -> None:
        self.roster = tuple(roster)
        self.rules = rules or TickRules()
        self._actions = list(self._all_actions())
        self._index = {a: i for i, a in enumerate(self._actions)}

    def new_initial_state(self, seed: int) -> TickState:
        return TickState(TickTracker(self.rules, self.roster, seed=seed))

    @property
    def public(self) -> TickGame:
        """Everything: the roster and the rules are the game master's table, open to
        all (a tracker keeps no hidden setup)."""
        return self

    def _all_actions(self) -> Iterator[K.TickCommand]:
        """Every command ``legal_actions`` can list for this roster, in a fixed order."""
        names = [s.name for s in self.roster]
        for n in names:
            yield K.JoinBattle(n, None)
            yield from (K.JoinBattle(n, s) for s in range(MAX_ENTRY + 1))
            yield from (K.FreeAction(n), K.BeginTurn(n), K.Delay(n), K.DeclareHeld(n))
            yield from (K.Act(n), K.Act(n, "flurries", flurry=True))
            for target in names:
                if target != n:
                    yield from (K.Withering(n, target, d) for d in range(MAX_ENTRY + 1))
                    yield from (K.Decisive(n, target, hit=True), K.Decisive(n, target, False))
            yield from (K.Spend(n, a) for a in range(1, MAX_ENTRY + 1))
        yield from (K.StartCombat(), K.Next(), K.EndTurn(), K.EndRound(False),
                    K.EndRound(True), K.EndCombat())

    def action_index(self, action: K.TickCommand) -> int:
        return self._index[action]

    def action_from_index(self, index: int) -> K.TickCommand:
        return self._actions[index]

    def num_distinct_actions(self) -> int:
        return len(self._actions)


if TYPE_CHECKING:
    from initiative.engine.contract import Game, State

    def _implements_the_contract(game: TickGame, state: TickState) -> tuple[
            Game[K.TickCommand, TickState], State[K.TickCommand, TickView]]:
        """mypy fails here if TickGame or TickState drifts from the engine contract."""
        return game, state
