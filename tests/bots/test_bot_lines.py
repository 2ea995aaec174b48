"""Every bot name comes with one line on what it does and how strong it is, from one
source (the game's bots part, `bots.bot_lines`), shown wherever a person picks a bot:
`initiative play --game G --help`, `initiative simulate --game G --help` and every
game's web form (tests/server/test_bot_choices.py); each game's default opponent plays
to win."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from initiative.bots import bot_lines, bot_names, default_bot, game_bots
from initiative.cli.main import app
from initiative.games.registry import entries

GAMES = [e.name for e in entries()]
TERMINAL = [e.name for e in entries() if e.parts.terminal]
LAB = [e.name for e in entries() if e.parts.lab]


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_name_has_its_line_and_the_default_comes_first(game: str) -> None:
    lines = bot_lines(game)
    assert [name for name, _ in lines] == list(bot_names(game))
    assert lines[0][0] == default_bot(game) == game_bots(game).default
    for name, about in lines:
        assert about and "\n" not in about and len(f"{name}: {about}") <= 75, name


@pytest.mark.parametrize("game", GAMES)
def test_the_default_opponent_plays_to_win(game: str) -> None:
    """Issue 25: the hex game's random default never hurt the player. A game with a
    heuristic bot offers a bot that plays to win first (the tree search is stronger only
    in Initiative Break, at a quarter second a choice)."""
    if game_bots(game).heuristic is None:
        pytest.skip("the game has no bot beyond the random one")
    assert default_bot(game) in {"heuristic", "normal", "hard"}
    assert default_bot("hex_skirmish") == "heuristic"


@pytest.mark.parametrize("game", TERMINAL)
def test_play_help_shows_each_bot_with_its_line_and_the_default(game: str) -> None:
    done = CliRunner().invoke(app, ["play", "--game", game, "--help"], terminal_width=100)
    assert done.exit_code == 0, done.output
    text = " ".join(done.output.split())
    for name, about in bot_lines(game):
        assert f"{name}: {about}" in text
    assert f"[default: {default_bot(game)}]" in text


@pytest.mark.parametrize("game", LAB)
def test_simulate_help_shows_each_bot_with_its_line(game: str) -> None:
    done = CliRunner().invoke(app, ["simulate", "--game", game, "--help"],
                              terminal_width=100)
    assert done.exit_code == 0, done.output
    text = " ".join(done.output.split())
    for name, about in bot_lines(game):
        assert f"{name}: {about}" in text
    assert f"Default: the game's own, {default_bot(game)}." in text


@pytest.mark.parametrize("game", TERMINAL)
def test_a_terminal_game_faces_the_default_bot(game: str) -> None:
    """`initiative play --game G` with no --bot: the opening names the game's default
    opponent at the other seats (the player leaves at once)."""
    done = CliRunner().invoke(app, ["play", "--game", game, "--seed", "3"], input="")
    assert done.exit_code == 0, done.output
    assert f"{default_bot(game)} bot" in " ".join(done.output.split())  # lines may wrap
