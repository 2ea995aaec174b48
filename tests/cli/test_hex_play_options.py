"""`initiative play --game hex_skirmish` options: bots only (--watch), house rules, and
every bad option refused with a message naming it (exit 2, no traceback)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app

RUNNER = CliRunner()
HEX = ["play", "--game", "hex_skirmish"]


def test_watch_plays_bots_to_the_end_and_shows_no_hand() -> None:
    done = RUNNER.invoke(app, [*HEX, "--watch", "--players", "3", "--seed", "4",
                               "--rule", "round_limit=2", "--bot", "heuristic"])
    assert done.exit_code == 0, done.output
    out = done.output
    assert "Hex skirmish, seed 4" in out and "heuristic bot" in out
    assert "Game over" in out
    assert "wins." in out or "no winner." in out
    assert "'s hand (seat" not in out, "a spectator sees no hand"
    assert "Your choice" not in out


def test_rules_and_setup_options_reach_the_game() -> None:
    """HX-A1 one_per_turn: the line shows `?` for cards not revealed yet."""
    done = RUNNER.invoke(app, [*HEX, "--seed", "1", "--board", "the_breach",
                               "--characters", "corvell+tamsin",
                               "--rule", "initiative_reveal=one_per_turn",
                               "--rule", "round_limit=null"], input="q\n")
    assert done.exit_code == 0, done.output
    assert "Hex skirmish, seed 1, board The Breach:\n  seat 1: Corvell (Player 1), Style " \
        in done.output
    assert ", played here\n  seat 2: Tamsin (Player 2), Style " in done.output
    assert ", heuristic bot\n" in done.output  # the default opponent plays to win
    assert "Initiative line: 1.Tamsin (Player 2) >2.Corvell (Player 1) 3.? 4.?" in done.output
    assert "Game abandoned." in done.output


@pytest.mark.parametrize(("args", "message"), [
    (["play", "--game", "chess"], "--game: 'chess' is not one of hex_skirmish, "
                                  "initiative_break"),
    ([*HEX, "--format", "2v2"], "No such option '--format'. It is an option of --game "
                                "initiative_break."),
    (["play", "--players", "3"], "No such option '--players'. It is an option of --game "
                                 "hex_skirmish or the_initiative."),
    ([*HEX, "--rule", "no_such_flag=1"], "no_such_flag"),
    ([*HEX, "--rule", "round_limit"], "--rule expects flag=value"),
    ([*HEX, "--board", "nowhere"], "nowhere"),
    ([*HEX, "--players", "9"], "players"),
    ([*HEX, "--human", "1", "--human", "4"], "--seat/--human: 4, but the game has "
                                             "seats 1 to 2"),
    ([*HEX, "--bot", "wizard"], "--bot: 'wizard' is not one of"),
])
def test_bad_options_are_refused_by_name(args: list[str], message: str) -> None:
    done = RUNNER.invoke(app, args)
    assert done.exit_code == 2, done.output
    assert message in done.output
    assert "Traceback" not in done.output
