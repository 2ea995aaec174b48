"""The decisions a house-rule flag adds are in the terminal's numbered menu too
(issue 17): the real prompt loop, checked at every decision as in
test_menu_offers_every_action, with the flag set in the game setup."""

from __future__ import annotations

import dataclasses
import io

from rich.console import Console

from initiative.cli.ib.play import play
from initiative.games.ib import frames
from initiative.games.ib.modes import build_match
from tests.cli.test_menu_offers_every_action import MenuChecker
from tests.server.every_mode import CONTENT, game_setup


class HouseRuleChecker(MenuChecker):
    """Also counts the menus shown before a Draw Step (IB 2.8.7) and in a window
    between two steps of an activation (IB 3.7.5)."""

    def __call__(self, prompt: str) -> str | None:
        top = self.twin.stack[-1] if self.twin.stack else None
        if top is not None and top.tag == frames.ACTIVATION and top.step == frames.ST_DRAW:
            self.counts["before_draw"] += 1
        if top is not None and top.tag == frames.WINDOW and top.kind == frames.W_STEP:
            self.counts["step_window"] += 1
        return super().__call__(prompt)


def _played(rules: dict[str, object], seed: int = 500) -> HouseRuleChecker:
    setup = dataclasses.replace(game_setup("1v1"), rules=rules)
    match = build_match(setup, CONTENT, None, seed)
    screen = io.StringIO()
    console = Console(file=screen, width=400, color_system=None, force_terminal=False)
    checker = HouseRuleChecker(match, seed, screen)
    assert play(match, seed, list(range(len(match.seats))), console, checker) == 0
    assert checker.twin.is_terminal()
    return checker


def test_ib_2_8_7_the_discard_before_the_draw_step_is_in_the_menu() -> None:
    checker = _played({"free_discard_timing": "before_draw_too"})
    assert checker.counts["before_draw"] > 0, dict(checker.counts)


def test_ib_3_7_5_step_windows_are_in_the_menu() -> None:
    checker = _played({"ib_windows": "every_step"})
    assert checker.counts["step_window"] > 0, dict(checker.counts)
