"""`initiative simulate`: one row per game, deterministic per seed whatever the number
of worker processes; drafted teams, overrides and sweeps; CSV files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.engine.errors import ConfigError
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.deckbuilding import validate_team
from initiative.lab.ib.matchup import Matchup, draft_team
from initiative.lab.ib.rows import COLUMNS, play_one
from initiative.lab.results import read_rows, write_rows
from initiative.lab.settings import parse_sweep
from initiative.lab.simulate import run


def test_rows_do_not_depend_on_the_number_of_workers() -> None:
    matchup = Matchup(("tideguard", "ashfall"))
    assert run(matchup, 12, first_seed=5, workers=1) == run(matchup, 12, first_seed=5,
                                                            workers=2, chunk=4)


def test_a_row_reports_the_game() -> None:
    row = play_one(Matchup(("tideguard", "ashfall")), 0)
    assert set(row) == set(COLUMNS)
    assert row["winner"] in ("Tideguard", "Ashfall", "draw")
    sides = json.loads(row["sides"])
    assert sides == {"0": "Tideguard", "1": "Ashfall"}
    assert row["winner_team"] in (-1, 0, 1) and row["first_team"] in (0, 1)
    dealt, taken = json.loads(row["damage_dealt"]), json.loads(row["damage_taken"])
    total_dealt = sum(sum(side.values()) for side in dealt.values())
    total_taken = sum(sum(side.values()) for side in taken.values())
    assert 0 < total_dealt <= total_taken  # Burn has no dealer
    assert json.loads(row["characters"])["0"] == ["wren", "brask", "sela", "odo"]
    plays = json.loads(row["plays"])
    assert sum(sum(side.values()) for side in plays.values()) == row["cards_played"]
    decks = json.loads(row["decks"])
    assert all(card in decks[team] for team, side in plays.items() for card in side)
    assert row["activations"] > 0 and row["rounds"] >= 1
    if row["time_collapse"]:
        assert 1 <= row["collapse_round"] <= row["rounds"]
        assert 0 < row["collapse_activation"] <= row["activations"]
    else:
        assert row["collapse_round"] == row["collapse_activation"] == -1


def test_solo_rows_name_the_challenge_cards_when_they_win() -> None:
    rows = run(Matchup(("tideguard",), encounter="heart_of_the_rift"), 6)
    assert {r["winner"] for r in rows} <= {"Tideguard", "challenge_cards", "draw"}
    assert "challenge_cards" in {r["winner"] for r in rows}  # random play loses to an Icon


def test_drafted_teams_are_legal_and_come_from_the_seed() -> None:
    content, config = core_content(), RulesConfig()
    teams = [draft_team(content, config, seed, side) for seed in range(30) for side in (0, 1)]
    assert all(validate_team(t, content, config) == [] for t in teams)
    kinds = {content.cards[content.card_index[key]].kind for t in teams for key in t.cards()}
    assert "plain" not in kinds  # competitive decks: the card types of IB 2.0.1 only
    assert len({t.character_keys for t in teams}) > 10  # they vary
    assert draft_team(content, config, 7, 1) == draft_team(content, config, 7, 1)
    row = play_one(Matchup(("random", "random")), 3)
    assert json.loads(row["characters"])["1"] == list(draft_team(content, config, 3, 1)
                                                      .character_keys)


def test_an_override_changes_the_content_of_the_run() -> None:
    base = Matchup(("tideguard", "ashfall"))
    tougher = Matchup(("tideguard", "ashfall"), overrides=(("character.wren.hp", 30),))
    wren = base.match(0).units[0]
    assert wren.key == "wren" and tougher.match(0).units[0].hp == 30 != wren.hp
    everyone = Matchup(overrides=(("character.hp", 5),)).match(0)
    assert {u.hp for u in everyone.units} == {5}
    assert Matchup(overrides=(("rules.ib_moves_rm", True),)).match(0).config.ib_moves_rm
    heart = Matchup(("tideguard",), encounter="heart_of_the_rift",
                    overrides=(("challenge.stopped_clockheart.hp", 99),)).match(0)
    assert [u.hp for u in heart.units if u.key == "stopped_clockheart"] == [99]
    with pytest.raises(ConfigError, match="unknown Challenge Card 'nobody'"):
        Matchup(overrides=(("challenge.nobody.hp", 3),)).match(0)
    with pytest.raises(ConfigError, match="unknown character 'nobody'"):
        Matchup(overrides=(("character.nobody.hp", 3),)).match(0)
    with pytest.raises(ConfigError, match="cannot change 'name'"):
        Matchup(overrides=(("character.wren.name", 3),)).match(0)


def test_a_sweep_plays_the_same_seeds_per_value() -> None:
    assert parse_sweep("character.wren.hp=8..10") == ("character.wren.hp", [8, 9, 10])
    assert parse_sweep("rules.open_decklists=true,false") == ("rules.open_decklists",
                                                             [True, False])
    with pytest.raises(ConfigError, match="range is empty"):
        parse_sweep("character.hp=9..8")
    rows = run(Matchup(), 3, sweep=("character.wren.hp", [8, 16]))
    assert [(r["param"], r["value"], r["seed"]) for r in rows] == [
        ("character.wren.hp", v, s) for v in ("8", "16") for s in (0, 1, 2)]


def test_file_round_trip_and_the_command(tmp_path: Path) -> None:
    rows = run(Matchup(), 3)
    back = read_rows(write_rows(rows, tmp_path / "r.csv"))
    assert back == rows
    result = CliRunner().invoke(app, ["simulate", "--games", "4", "--workers", "2",
                                      "--out", str(tmp_path / "c.csv")])
    assert result.exit_code == 0, result.output
    assert "4 games written to" in result.stdout
    assert len(read_rows(tmp_path / "c.csv")) == 4
    swept = CliRunner().invoke(app, ["simulate", "--games", "2", "--team", "random",
                                     "--team", "random", "--sweep", "character.hp=6..7",
                                     "--out", str(tmp_path / "s.csv")])
    assert swept.exit_code == 0, swept.output
    assert [r["value"] for r in read_rows(tmp_path / "s.csv")] == ["6", "6", "7", "7"]
    bad = CliRunner().invoke(app, ["simulate", "--encounter", "nowhere"])
    assert bad.exit_code == 2 and "unknown encounter" in bad.stderr
    bad = CliRunner().invoke(app, ["simulate", "--sweep", "character.hp"])
    assert bad.exit_code == 2 and "--sweep expects" in bad.stderr
