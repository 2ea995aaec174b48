"""The Initiative Break prompt says what breaking does to the Breaker (issue 16, item 8),
in the words of the rules in force: it jumps to the far left, does its Break Art and
goes to the far right, out of round (IB-3.7.6, AMB-29 `ib_end_position=track_end`), or
back just left of the Round Marker (`before_rm`); a Breaker that is the unit acting
now ends its own activation (AMB-34 `active_unit_ib=ends_activation`), or may not break
at all (`forbidden`). Checked on the terminal's screen at real Break windows of seeded
random games."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from initiative.cli.ib import render
from initiative.games.ib import frames
from initiative.games.ib.actions import Kind
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.match import Match
from initiative.games.ib.modes import GameSetup, build_match
from initiative.games.ib.movetext import format_action
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.text import describe
from initiative.games.ib.view import IBView

CONTENT = core_content()
TEAMS = ("tideguard", "ashfall")
JUMP = "jumps to the far left, does its Break Art"
ENDS = "ends its activation"


@dataclass(frozen=True)
class Window:
    """A Break window met in a seeded game: the seed, the actions before it, the game."""

    seed: int
    actions: tuple[int, ...]
    state: IBState

    @property
    def view(self) -> IBView:
        return self.state.view(self.state.current_seat())


def duel(rules: dict[str, Any], seed: int) -> Match:
    config = RulesConfig().with_flags(rules, "rules") if rules else None
    return build_match(GameSetup("1v1", TEAMS), CONTENT, config, seed)


def windows(rules: dict[str, Any], wanted: Callable[[IBView], bool],
            seeds: int = 80) -> Iterator[Window]:
    """Break windows (a seat choosing to break or decline) where `wanted` holds."""
    for seed in range(seeds):
        match = duel(rules, seed)
        state = new_game(match, seed)
        rng = random.Random(seed)
        actions: list[int] = []
        while not state.is_terminal():
            seat = state.current_seat()
            if seat >= 0 and state.stack and state.stack[-1].tag == frames.WINDOW \
                    and wanted(state.view(seat)):
                yield Window(seed, tuple(actions), state.clone())
            action = rng.choice(state.legal_actions())
            actions.append(action.index)
            state.apply(action)


def breakers(view: IBView) -> list[int]:
    return [a.arg for a in view.legal if a.kind == Kind.BREAK]


def active_can_break(view: IBView) -> bool:
    return describe.active_unit(view) in breakers(view)


def first(rules: dict[str, Any], wanted: Callable[[IBView], bool]) -> Window:
    found = next(windows(rules, wanted), None)
    assert found is not None, f"no such Break window in the seeded games ({rules})"
    return found


def screen(window: Window) -> str:
    """The terminal's whole screen at the window, as printed."""
    view = window.view
    out = io.StringIO()
    moves = [format_action(window.state, a) for a in view.legal]
    Console(file=out, width=400, color_system=None).print(
        render.screen(view, window.state.match, moves, 0))
    return " ".join(out.getvalue().split())


def describe_breaks(window: Window) -> dict[int, str]:
    view = window.view
    return {a.arg: describe.describe_action(view, window.state.match, a)
            for a in view.legal if a.kind == Kind.BREAK}


def test_by_default_a_breaker_ends_far_right_out_of_round_and_ends_its_activation() -> None:
    """IB-3.7.6 / AMB-29 track_end, AMB-34 ends_activation (the defaults)."""
    window = first({}, active_can_break)
    text = screen(window)
    active = describe.active_unit(window.view)
    name = window.view.units[active].name
    assert f"A Breaker {JUMP}, then goes to the far right, past the Round Marker, out of " \
           "round." in text
    assert f"{name} is acting now: breaking with it ends its activation. (rules: AMB-34; " \
           "`help` explains the rules)" in text  # the words, then the rule behind them
    described = describe_breaks(window)
    assert JUMP in described[active] and "out of round; it is acting now, so breaking " \
        f"{ENDS}. Break Art (3 Charge):" in described[active]
    calm = first({}, lambda v: bool(breakers(v)) and not active_can_break(v))
    assert ENDS not in screen(calm)
    assert all(ENDS not in d and "out of round. Break Art" in d
               for d in describe_breaks(calm).values())


def test_before_rm_keeps_the_breaker_in_the_round() -> None:
    """AMB-29 before_rm: back just left of the Round Marker, still in the round (a
    Breaker not already out of round)."""
    rules = {"ib_end_position": "before_rm"}
    window = first(rules, lambda v: any(
        not describe.out_of_round(v, v.order.index(u), u) for u in breakers(v))
        and v.rm is not None)
    text = screen(window)
    assert "then goes back just left of the Round Marker, still in the round" in text
    inside = [d for u, d in describe_breaks(window).items()
              if not describe.out_of_round(window.view, window.view.order.index(u), u)]
    assert inside and all("just left of the Round Marker" in d and "out of round" not in d
                          for d in inside)


def test_passed_by_rm_does_not_call_the_far_right_out_of_round() -> None:
    """AMB-03 passed_by_rm: only units the Round Marker passed are out of round, so the
    far right is not called out of round."""
    window = first({"out_of_round_rule": "passed_by_rm"},
                   lambda v: bool(breakers(v)) and v.rm is not None)
    text = screen(window)
    assert f"A Breaker {JUMP}, then goes to the far right, past the Round Marker." in text
    assert all("out of round" not in d for d in describe_breaks(window).values())


def test_forbidden_active_unit_breaks_are_not_offered_and_the_prompt_says_why() -> None:
    """AMB-34 forbidden: the unit acting now is never offered a Break, nothing says a
    Break ends an activation, and when it has the Charge the prompt says it may not."""
    rules = {"active_unit_ib": "forbidden"}
    seen = 0
    for window in windows(rules, lambda v: bool(breakers(v)), seeds=200):  # (seed 198 has one)
        view = window.view
        assert not active_can_break(view)
        said = [describe.decision_title(view, window.state.match),
                *describe_breaks(window).values()]
        assert all(ENDS not in s for s in said)
        active = describe.active_unit(view)
        unit = view.units[active] if active >= 0 else None
        if unit is not None and unit.seat == view.seat and unit.charge >= 3:
            assert f"{unit.name} is acting now and may not break during its activation. " \
                   "(rules: AMB-34;" in screen(window)
            seen += 1
    assert seen >= 1
