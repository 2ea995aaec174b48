"""The decisions a house-rule flag adds are in the terminal's numbered menu too
(issue 17): the real prompt loop, checked at every decision as in
test_menu_offers_every_action, with the flag set in the game setup."""

from __future__ import annotations

import dataclasses
import io

from rich.console import Console

from initiative.cli.play import play
from initiative.games.ib import frames
from initiative.games.ib.modes import build_match
from tests.cli.test_menu_offers_every_action import MenuChecker
from tests.server.every_mode import CONTENT, game_setup


class DrawStepChecker(MenuChecker):
    """Also counts the menus shown before a Draw Step (IB 2.8.7)."""

    def __call__(self, prompt: str) -> str | None:
        top = self.twin.stack[-1] if self.twin.stack else None
        if top is not None and top[0] == frames.ACTIVATION and top[2] == frames.ST_DRAW:
            self.counts["before_draw"] += 1
        return super().__call__(prompt)


def test_ib_2_8_7_the_discard_before_the_draw_step_is_in_the_menu() -> None:
    setup = dataclasses.replace(game_setup("1v1"),
                                rules={"free_discard_timing": "before_draw_too"})
    match = build_match(setup, CONTENT, None, 500)
    screen = io.StringIO()
    console = Console(file=screen, width=400, color_system=None, force_terminal=False)
    checker = DrawStepChecker(match, 500, screen)
    assert play(match, 500, list(range(len(match.seats))), console, checker) == 0
    assert checker.twin.is_terminal()
    assert checker.counts["before_draw"] > 0, dict(checker.counts)
