"""`initiative play --game the_initiative` options: bots only (--watch), the mission,
characters and house rules reaching the game, the campaign (TI-25, TI-57), and every
bad option refused with a message naming it (exit 2, no traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app

RUNNER = CliRunner()
TI = ["play", "--game", "the_initiative"]


def test_watch_plays_bots_to_the_end_and_shows_no_hand() -> None:
    done = RUNNER.invoke(app, [*TI, "--watch", "--players", "3", "--seed", "4"])
    assert done.exit_code == 0, done.output
    out = done.output
    assert "The Initiative, seed 4, mission 1 " in out and "heuristic bot" in out  # default
    assert "Game over" in out and "The answer: " in out
    assert "Mission accomplished: " in out or "Mission lost: " in out
    assert "'s hand (seat" not in out, "a spectator sees no hand"
    assert "Your choice" not in out


def test_mission_characters_and_rules_reach_the_game() -> None:
    done = RUNNER.invoke(app, [*TI, "--seed", "1", "--mission", "observatory_vault",
                               "--players", "1", "--characters", "ada",
                               "--rule", "answer_match=exact"], input="q\n")
    assert done.exit_code == 0, done.output
    assert "mission 3 The Observatory Vault\nOn the board The Old Observatory:" in \
        done.output
    assert "seat 1: Ada Quill (Player 1), played here" in done.output
    assert "Game abandoned." in done.output


def test_a_solo_player_with_two_characters_plays_both_seats() -> None:
    """TI-A17 characters_per_solo_player=2: both seats are the one person here, with no
    handoff between them."""
    done = RUNNER.invoke(app, [*TI, "--seed", "3", "--players", "1", "--rule",
                               "characters_per_solo_player=2"], input="1\n" * 400)
    assert done.exit_code == 0, done.output
    assert ("seat 1: Pip Calloway (Player 1), played here\n"
            "  seat 2: Ada Quill (Player 1), played here") in done.output
    assert "Ada Quill (Player 1) decides" in done.output
    assert "Pass the keyboard" not in done.output


def test_a_campaign_plays_its_missions_in_order_and_logs_them(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """TI-57: each game plays the campaign's next mission and writes its result; a
    finished campaign refuses another game. TI-25: the face secret is taken after."""
    monkeypatch.setenv("INITIATIVE_DB_URL", f"sqlite:///{tmp_path / 'store.db'}")
    outs = []
    for seed in (1, 2, 3):
        done = RUNNER.invoke(app, [*TI, "--watch", "--seed", str(seed), "--campaign",
                                   "heist"])
        assert done.exit_code == 0, done.output
        outs.append(done.output)
    assert "mission 1 " in outs[0] and "mission 2 " in outs[1] and "mission 3 " in outs[2]
    assert "Campaign 'heist'" in outs[2]
    assert outs[2].count("]: won") + outs[2].count("]: lost") == 3
    assert "Next: none, the campaign is over" in outs[2]
    done = RUNNER.invoke(app, [*TI, "--watch", "--campaign", "heist"])
    assert done.exit_code == 2
    assert "--campaign heist: campaign 'heist': every mission of the campaign has been " \
        "played" in done.output


def test_mission_campaign_commands_find_a_campaign_by_the_name_play_uses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`mission campaign show heist` shows the campaign `--campaign heist` played (by
    name, as play finds it, or by id); an unknown name lists the campaigns there are."""
    monkeypatch.setenv("INITIATIVE_DB_URL", f"sqlite:///{tmp_path / 'store.db'}")
    played = RUNNER.invoke(app, [*TI, "--watch", "--seed", "1", "--campaign", "heist"])
    assert played.exit_code == 0, played.output
    shown = RUNNER.invoke(app, ["mission", "campaign", "show", "heist"])
    assert shown.exit_code == 0, shown.output
    assert "Campaign 'heist' (" in shown.output
    assert "1. The Clockmaker's Word [clockmakers_word]: " in shown.output
    record = shown.output.split("Campaign 'heist' (", 1)[1].split(")", 1)[0]
    by_id = RUNNER.invoke(app, ["mission", "campaign", "show", record[:8]])
    assert by_id.exit_code == 0 and by_id.output == shown.output
    started = RUNNER.invoke(app, ["mission", "campaign", "start", "heist"])
    assert started.exit_code == 0, started.output
    assert "mission=gallery_after_dark" in started.output
    unknown = RUNNER.invoke(app, ["mission", "campaign", "show", "caper"])
    assert unknown.exit_code == 1 and "Traceback" not in unknown.output
    assert f"no campaign called 'caper' or with that id (campaigns: 'heist' ({record[:8]});" \
        in unknown.output


def test_a_quit_campaign_game_stays_open(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INITIATIVE_DB_URL", f"sqlite:///{tmp_path / 'store.db'}")
    done = RUNNER.invoke(app, [*TI, "--seed", "1", "--campaign", "c"], input="q\n")
    assert "The mission stays open in the campaign" in done.output
    assert "The Clockmaker's Word [clockmakers_word]: being played" in done.output
    again = RUNNER.invoke(app, [*TI, "--watch", "--seed", "1", "--campaign", "c"])
    assert "mission 1 The Clockmaker's Word" in again.output, "not played yet: again"


@pytest.mark.parametrize(("args", "message"), [
    (["play", "--game", "chess"], "--game: 'chess' is not one of hex_skirmish, "
                                  "initiative_break, the_initiative"),
    ([*TI, "--board", "workshop"], "No such option '--board'. It is an option of --game "
                                   "hex_skirmish."),
    (["play", "--mission", "x"], "No such option '--mission'. It is an option of --game "
                                 "the_initiative"),
    ([*TI, "--rule", "no_such_flag=1"], "no_such_flag"),
    ([*TI, "--rule", "answer_match"], "--rule expects flag=value"),
    ([*TI, "--mission", "nowhere"], "mission: 'nowhere' is not one of"),
    ([*TI, "--characters", "ada+ada"], "a character is chosen twice"),
    ([*TI, "--players", "9"], "players"),
    ([*TI, "--human", "1", "--human", "4"], "--seat/--human: 4, but the game has seats 1 "
                                            "to 2"),
    ([*TI, "--bot", "wizard"], "--bot: 'wizard'"),
    ([*TI, "--record", "/no/such/dir/game.json"], "--record: folder /no/such/dir"),
])
def test_bad_options_are_refused_by_name(args: list[str], message: str) -> None:
    done = RUNNER.invoke(app, args)
    assert done.exit_code == 2, done.output
    assert message in " ".join(done.output.split())
    assert "Traceback" not in done.output
