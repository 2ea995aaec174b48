"""`initiative play` in every mode from shipped content (games/ib/presets.py), the same
team brought by two players, records that survive a crash, and `initiative simulate`
with one team."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from initiative.cli.ib.play import play
from initiative.games.ib.content import core_content
from initiative.games.ib.formats import FORMATS
from initiative.games.ib.modes import build_match
from initiative.games.ib.presets import preset_setup, preset_teams
from initiative.games.ib.record import GameRecord, replay
from tests.cli.helpers import run_cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "teams"


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_watch_plays_every_format_from_its_presets_to_the_end(fmt: str) -> None:
    done = run_cli(["play", "--watch", "--format", fmt, "--seed", "4"], "", timeout=120)
    assert done.returncode == 0, done.stderr
    flat = " ".join(done.stdout.split())
    content = core_content()
    for key in preset_teams(fmt):
        assert f"{content.teams[key][0]} (team " in flat
    assert "Game over" in flat and "Result: " in flat


@pytest.mark.parametrize("mode", ["solo", "coop"])
def test_watch_plays_solo_and_coop_against_the_default_encounter(mode: str) -> None:
    """IB 6.3.3: solo and co-op need an encounter; without one they face the preset's."""
    done = run_cli(["play", "--watch", "--mode", mode, "--seed", "4"], "", timeout=120)
    assert done.returncode == 0, done.stderr
    flat = " ".join(done.stdout.split())
    assert "against Challenge Cards: Gloam Hound" in flat
    assert "Game over" in flat and "Result: " in flat


def test_help_offers_no_test_fixture() -> None:
    done = run_cli(["play", "--help"])
    assert done.returncode == 0 and "tideguard" in done.stdout
    assert "fixture_" not in done.stdout


def test_the_same_team_file_for_two_players_plays_and_records(tmp_path: Path) -> None:
    """Two players on opposite sides may bring the same team (IB 2.1.4 is per side): the
    seats get distinct names, the whole game is played and its record replays."""
    team = str(EXAMPLES / "kettle_and_kite.yaml")
    path = tmp_path / "same.json"
    done = run_cli(["play", "--watch", "--format", "2v2", "--seed", "2", "--record", str(path),
                    "--player", team, "--player", "ember_bulwark", "--player", team,
                    "--player", "glass_and_ash"], "", timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"Record saved to {path}" in done.stdout
    record = GameRecord.load(path)
    assert record.result is not None
    names = [seat["name"] for seat in record.setup["seats"]]
    assert names == ["Kettle and Kite", "Ember Bulwark", "Kettle and Kite 2", "Glass and Ash"]
    assert replay(record).result == record.result


def test_a_crash_mid_game_still_writes_what_was_played(tmp_path: Path) -> None:
    """The record is written before the error goes on, and replays to where it stopped."""
    match = build_match(preset_setup("1v1"), core_content())
    answers = iter(["1", "1", "1"])

    def read(prompt: str) -> str | None:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt  # what Ctrl-C at the prompt does
        return answer

    path = tmp_path / "crash.json"
    console = Console(file=(tmp_path / "screen.txt").open("w"), width=100)
    with pytest.raises(KeyboardInterrupt):
        play(match, 5, 0, console, read, path)
    record = GameRecord.load(path)
    assert record.result is None and len(record.actions) >= 3
    assert len(replay(record).events()) > 0


def test_simulate_with_one_team_says_what_it_needs(tmp_path: Path) -> None:
    out = tmp_path / "one.csv"
    done = run_cli(["simulate", "--team", "tideguard", "--games", "1", "--out", str(out)])
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--team: a 1v1 needs two teams, one per seat, not 1 (tideguard); name the same " \
           "team twice for a mirror match" in " ".join(done.stderr.split())
    assert not out.exists()
    done = run_cli(["simulate", "--team", "tideguard", "--team", "tideguard", "--games", "1",
                    "--out", str(out)])
    assert done.returncode == 0, done.stderr
    assert out.exists()


def test_simulate_a_mode_without_teams_plays_its_presets(tmp_path: Path) -> None:
    out = tmp_path / "coop.csv"
    done = run_cli(["simulate", "--mode", "coop", "--games", "1", "--out", str(out)])
    assert done.returncode == 0, done.stderr
    assert "1 games written" in done.stdout
