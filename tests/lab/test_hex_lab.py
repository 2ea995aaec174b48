"""`initiative simulate --game hex_skirmish`: one row per game that tells the game as it
went (HX-9..HX-13, HX-30, HX-A5), the same whatever the workers; random characters come
from the seed; the command, the report and the bench on real runs."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.engine.errors import ConfigError
from initiative.lab.hex.matchup import HexMatchup, draw_characters
from initiative.lab.hex.report import render_hex_text, summarize_hex
from initiative.lab.hex.rows import HEX_COLUMNS, play_hex
from initiative.lab.ib.matchup import Matchup
from initiative.lab.results import read_rows, write_rows
from initiative.lab.simulate import run

HEALTH = 5  # HX-A5 starting_health default


def _sum(column: str, row: dict[str, Any]) -> int:
    return sum(json.loads(row[column]).values())


def _uses(column: str, row: dict[str, Any]) -> int:
    return sum(sum(cards.values()) for cards in json.loads(row[column]).values())


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    return run(HexMatchup(), 8, first_seed=11)


def test_a_row_tells_the_game(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        assert list(row) == list(HEX_COLUMNS) and row["game"] == "hex_skirmish"
        assert row["players"] == 2 and row["first_seat"] in (0, 1)
        assert row["winner"] in (-1, 0, 1) and row["rounds"] >= 1
        # HX-12: every turn plays one card for its Move or Attack (no pass by default)
        assert _sum("cards_played", row) == row["turns"] > 0
        assert _uses("move_plays", row) + _uses("attack_plays", row) == row["turns"]
        # only attacks remove health, so what was dealt was taken (HX-A5)
        assert _sum("damage_dealt", row) == _sum("damage_taken", row)
        fallen = json.loads(row["eliminations"])
        taken = json.loads(row["damage_taken"])
        assert all(taken[str(seat)] == HEALTH for seat in fallen)
        if row["ended"] == "last_standing":  # HX-A5: the last character standing wins
            assert fallen == [1 - row["winner"]]
        else:  # no round limit by default: a round in which nobody could play a card
            assert row["ended"] == "no_card_played" and fallen == []
    assert "last_standing" in {r["ended"] for r in rows}
    assert any(_uses("attack_plays", r) for r in rows) and any(_uses("reactions", r)
                                                               for r in rows)


def test_rows_depend_only_on_their_seed(rows: list[dict[str, Any]]) -> None:
    assert run(HexMatchup(), 8, first_seed=11, workers=2, chunk=3) == rows
    assert play_hex(HexMatchup(), 14) == rows[3]


def test_random_characters_are_drawn_from_the_seed() -> None:
    matchup = HexMatchup(characters=("random", "ysolde"))
    game = matchup.game(0)
    drawn = [draw_characters(game, matchup.characters, seed) for seed in range(20)]
    assert all(d[1] == "ysolde" for d in drawn) and len({d[0] for d in drawn}) > 1
    assert draw_characters(game, matchup.characters, 7) == drawn[7]
    row = play_hex(matchup, 7)
    assert json.loads(row["characters"]) == {"0": drawn[7][0], "1": "ysolde"}


def test_the_first_seat_is_read_under_either_reveal(rows: list[dict[str, Any]]) -> None:
    """HX-A1 `initiative_reveal`: the line dealt all at once (one LINE event) or card by
    card (REVEAL events); the first seat of round 1 is read from either, and the same
    seed deals the same line."""
    hidden = HexMatchup(rules={"initiative_reveal": "one_per_turn"})
    assert [play_hex(hidden, r["seed"])["first_seat"] for r in rows[:4]] == [
        r["first_seat"] for r in rows[:4]]
    assert {r["first_seat"] for r in rows} == {0, 1}


def test_a_round_limit_ends_the_game(rows: list[dict[str, Any]]) -> None:
    """HX-A5 `round_limit`: the game stops after that round, both ways of the flag."""
    limited = run(HexMatchup(rules={"round_limit": 1}), 4, first_seed=11)
    assert all(r["rounds"] == 1 and r["ended"] == "round_limit" for r in limited)
    assert max(r["rounds"] for r in rows) > 1


def test_a_sweep_of_a_rule_plays_the_same_seeds_per_value() -> None:
    """`--sweep rules.round_limit=1,2` (HX-A5): each value's games stop at its limit."""
    swept = run(HexMatchup(), 3, sweep=("rules.round_limit", [1, 2]))
    assert [(r["param"], r["value"], r["seed"]) for r in swept] == [
        ("rules.round_limit", v, s) for v in ("1", "2") for s in (0, 1, 2)]
    assert [r["rounds"] for r in swept] == [1, 1, 1, 2, 2, 2]
    report = summarize_hex(swept)
    assert [(v.value, v.first.n, v.rounds) for v in report.sweeps] == [("1", 3, 1.0),
                                                                      ("2", 3, 2.0)]
    assert "Sweep" in render_hex_text(report)


def test_bad_matchups_are_named() -> None:
    with pytest.raises(ConfigError, match="one per seat, 3 for 3 players, got 2"):
        HexMatchup(players=3, characters=("brannoc", "ysolde"))
    with pytest.raises(ConfigError, match="change rules only"):
        HexMatchup(overrides=(("character.brannoc.hp", 3),)).game(0)


def test_the_commands(tmp_path: Path, rows: list[dict[str, Any]]) -> None:
    out = tmp_path / "hex.csv"
    done = CliRunner().invoke(app, ["simulate", "--game", "hex_skirmish", "--games", "8",
                                    "--seed", "11", "--workers", "2", "--bots", "random",
                                    "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert "8 games written to" in done.stdout and "seat 1" in done.stdout
    assert read_rows(out) == rows
    page = tmp_path / "hex.html"
    report = CliRunner().invoke(app, ["report", str(out), "--html", str(page)])
    assert report.exit_code == 0, report.output
    assert "Hex skirmish balance report" in report.stdout
    assert re.search(r"first player\s+8\s+\d", report.stdout)
    assert "<svg" in page.read_text(encoding="utf-8")
    cut = tmp_path / "cut.csv"
    cut.write_text("\n".join(",".join(c for c in line.split(",")[:10])
                             for line in out.read_text(encoding="utf-8").splitlines()[:2]),
                   encoding="utf-8")
    short = CliRunner().invoke(app, ["report", str(cut), "--no-html"])
    assert short.exit_code == 2 and "no column rounds, turns" in short.stderr
    ib = write_rows(run(Matchup(), 2), tmp_path / "ib.csv")
    mixed = CliRunner().invoke(app, ["report", str(out), str(ib), "--no-html"])
    assert mixed.exit_code == 2 and "different games" in mixed.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["--team", "tideguard"], "--team: not options of hex_skirmish"),
    (["--characters", "nobody+ysolde"], "unknown 'nobody'"),
    (["--rule", "round_limit=0"], "round_limit must be at least 1"),
    (["--board", "moon"], "board: unknown 'moon'"),
    (["--game", "chess"], "--game: 'chess' is not one of hex_skirmish, initiative_break"),
])
def test_command_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["simulate", "--game", "hex_skirmish", "--games", "1",
                                      "--out", str(tmp_path / "r.csv"), *args])
    assert result.exit_code == 2 and message in result.stderr, result.output
    assert not (tmp_path / "r.csv").exists()


def test_flagship_options_stay_with_the_flagship(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", "--players", "3",
                                      "--out", str(tmp_path / "r.csv")])
    assert result.exit_code == 2 and "--players: an option of --game hex_skirmish or " \
        "the_initiative" in result.stderr


def test_parquet_holds_the_same_rows(tmp_path: Path, rows: list[dict[str, Any]]) -> None:
    assert read_rows(write_rows(rows, tmp_path / "hex.parquet")) == rows
    assert read_rows(write_rows(rows, tmp_path / "hex.csv")) == rows
