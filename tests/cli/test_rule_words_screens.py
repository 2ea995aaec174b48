"""The terminal screens in words (issue 25 item 4): every screen of random hex and The
Initiative games names no rule id (`HX-16`, `TI-8`) outside its dim rules lines, the
one place the ids go (as Initiative Break's `(rules: ...)`)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from initiative.bots import RandomBot
from initiative.cli.hex import screen as hex_screen
from initiative.cli.ti import screen as ti_screen
from initiative.games import load_game
from initiative.games.rule_ids import RULE_ID

CASES: list[tuple[str, dict[str, Any], ModuleType]] = [
    ("hex_skirmish", {"players": 2}, hex_screen),
    ("hex_skirmish", {"players": 3}, hex_screen),
    ("the_initiative", {"players": 2}, ti_screen),
    ("the_initiative", {"players": 1}, ti_screen),
]


def cited(text: str) -> list[str]:
    """The lines of `text` citing a rule id outside a `(rules: ...)` line."""
    return [line for line in text.split("\n")
            if RULE_ID.search(line) and not line.strip().startswith("(rules:")]


@pytest.mark.parametrize(("game_name", "fields", "screens"), CASES,
                         ids=[f"{g}-{f['players']}" for g, f, _ in CASES])
def test_every_screen_says_words_and_cites_ids_only_in_its_rules_lines(
        game_name: str, fields: dict[str, Any], screens: ModuleType) -> None:
    game = load_game(game_name, **fields)
    state = game.new_initial_state(41)
    bot = RandomBot(5)
    for _ in range(400):
        if state.is_terminal():
            break
        view = state.view(state.current_seat())
        assert not cited(screens.screen(view.to_dict(), 0))
        state.apply(bot.choose(view))
    assert not cited(screens.result_text(state.view(0).to_dict()))
