"""Lantern race in the balance lab, in subprocesses that know the toy only by its folder
on PYTHONPATH: `initiative simulate --game toy` writes its rows (its own option
`--first`, a sweep of a house rule, two worker processes) and `initiative report` of
that file finds the toy's report by the rows' `game` column."""

from __future__ import annotations

import csv
from pathlib import Path

from tests.toy_game.support import run_toy


def test_simulate_then_report(tmp_path: Path) -> None:
    out = tmp_path / "toy.csv"
    ran = run_toy(["simulate", "--game", "toy", "--games", "30", "--first", "alternate",
                   "--sweep", "rules.goal=10,25", "--workers", "2", "--out", str(out)])
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip().startswith(f"60 games written to {out}; wins: ")
    with out.open(newline="") as source:
        rows = list(csv.DictReader(source))
    assert len(rows) == 60 and {row["game"] for row in rows} == {"toy"}
    assert {row["value"] for row in rows} == {"10", "25"}
    assert {row["first"] for row in rows} == {"0", "1"}
    by_seed = {(row["seed"], row["value"]): row for row in rows}
    assert by_seed[("0", "10")]["first"] == "0" and by_seed[("1", "10")]["first"] == "1"

    page = tmp_path / "report.html"
    told = run_toy(["report", str(out), "--html", str(page)])
    assert told.returncode == 0, told.stderr
    text = told.stdout
    assert text.startswith("Lantern race balance report\n")
    for title in ("Overview", "Win rate by seat", "First-player advantage", "Game length",
                  "Choices", "By swept value"):
        assert f"\n{title}\n" in text
    assert "games   60" in text
    assert "<h1>Lantern race balance report</h1>" in page.read_text()


def test_simulate_refuses_another_games_options(tmp_path: Path) -> None:
    ran = run_toy(["simulate", "--game", "toy", "--games", "2", "--players", "3",
                   "--out", str(tmp_path / "x.csv")])
    assert ran.returncode != 0
    assert "--players: not options of toy (it takes --first)" in ran.stderr
