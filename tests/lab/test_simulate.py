"""`initiative simulate` (issue 6, first step): one row per game, deterministic per
seed whatever the number of worker processes, written as CSV."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.lab.simulate import COLUMNS, Matchup, play_one, read_csv, run, write_csv


def test_rows_do_not_depend_on_the_number_of_workers() -> None:
    matchup = Matchup(("vanguard", "harrow"))
    assert run(matchup, 12, first_seed=5, workers=1) == run(matchup, 12, first_seed=5,
                                                            workers=2, chunk=4)


def test_a_row_reports_the_game() -> None:
    row = play_one(Matchup(("tideguard", "ashfall")), 0)
    assert set(row) == set(COLUMNS)
    assert row["winner"] in ("North", "South", "draw")
    dealt, taken = json.loads(row["damage_dealt"]), json.loads(row["damage_taken"])
    assert sum(dealt.values()) <= sum(taken.values())  # Burn has no dealer
    assert row["activations"] > 0 and row["rounds"] >= 1


def test_solo_rows_name_the_challenge_cards_when_they_win() -> None:
    rows = run(Matchup(("tideguard",), encounter="heart_of_the_rift"), 6)
    assert {r["winner"] for r in rows} <= {"Tideguard", "challenge_cards", "draw"}
    assert "challenge_cards" in {r["winner"] for r in rows}  # random play loses to an Icon


def test_csv_round_trip_and_the_command(tmp_path: Path) -> None:
    rows = run(Matchup(), 3)
    path = write_csv(rows, tmp_path / "r.csv")
    back = list(read_csv(path))
    assert [r["seed"] for r in back] == ["0", "1", "2"]
    assert back[0]["winner"] == rows[0]["winner"]
    result = CliRunner().invoke(app, ["simulate", "--games", "4", "--workers", "2",
                                      "--out", str(tmp_path / "c.csv")])
    assert result.exit_code == 0, result.output
    assert "4 games written to" in result.stdout
    assert len(list(read_csv(tmp_path / "c.csv"))) == 4
    bad = CliRunner().invoke(app, ["simulate", "--encounter", "nowhere"])
    assert bad.exit_code == 2 and "unknown encounter" in bad.stderr
