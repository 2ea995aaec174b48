"""`initiative simulate --game the_initiative`: one row per game telling how the group
did (TI-54: won or lost, and how: TI-50 time, TI-54 wrong answer, TI-A14 stall), the
same rows on 1 or 2 processes; the commands, the report and the bench on real runs."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.engine.errors import ConfigError
from initiative.lab.results import read_rows, write_rows
from initiative.lab.simulate import run
from initiative.lab.ti.matchup import TIMatchup
from initiative.lab.ti.report import LOSS_REASONS, summarize_ti
from initiative.lab.ti.rows import TI_COLUMNS, play_ti

ROOT = Path(__file__).resolve().parents[2]
FIRST = "clockmakers_word"
"""The campaign's first mission (the default, TI-2)."""


@pytest.fixture(scope="module")
def rows() -> list[dict[str, Any]]:
    return run(TIMatchup(), 6, first_seed=21)


def test_a_row_tells_the_game(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        assert list(row) == list(TI_COLUMNS) and row["game"] == "the_initiative"
        assert row["mission"] == FIRST and row["players"] == 2
        assert json.loads(row["bots"]) == {"0": "heuristic", "1": "heuristic"}
        assert row["won"] == (row["result"] == "solved")
        assert row["won"] or row["result"] in LOSS_REASONS
        assert row["turns_to_solve"] == (row["turns"] if row["won"] else -1)
        # TI-A15: a game is won or lost on the answer only through a proposal
        if row["result"] in ("solved", "wrong_answer"):
            assert row["proposals"] > row["rejected"] >= 0
        if row["won"]:  # the bot proposes with every window open, or a guess
            assert row["answer_windows_open"] <= row["answer_windows"] == 4
        assert 0 <= row["windows_opened"] <= row["windows"]
        if row["result"] == "time":  # TI-50: three time In Peril
            assert row["peril"] and row["time_in_discard"] >= 3
        assert row["peril"] == (row["peril_turn"] > 0)
        actions = json.loads(row["actions"])
        assert set(actions) == {"run", "intel", "gather", "regroup", "special"}
        assert sum(actions.values()) >= row["turns"] - 2 * row["players"]
    assert any(r["won"] for r in rows)


def test_rows_depend_only_on_their_seed(rows: list[dict[str, Any]]) -> None:
    assert run(TIMatchup(), 6, first_seed=21, workers=2, chunk=2) == rows
    assert play_ti(TIMatchup(), 23) == rows[2]


def test_ray_gives_the_local_rows(rows: list[dict[str, Any]]) -> None:
    """The Ray backend (a local Ray of 2 CPUs): the rows of the local backend."""
    ray = pytest.importorskip("ray")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.WARNING)
    try:
        assert run(TIMatchup(), 6, 21, workers=2, chunk=3, backend="ray") == rows
    finally:
        ray.shutdown()


def test_other_missions_players_and_bots() -> None:
    random = run(TIMatchup(players=3, mission="gallery_after_dark", bots=("random",)), 2)
    assert [r["players"] for r in random] == [3, 3]
    assert {r["mission"] for r in random} == {"gallery_after_dark"}
    solo = play_ti(TIMatchup(players=1, characters=("ada",)), 0)
    assert json.loads(solo["characters"]) == {"0": "ada"}


def test_a_sweep_of_a_rule_plays_the_same_seeds_per_value() -> None:
    swept = run(TIMatchup(), 2, sweep=("rules.solve_proposals_per_turn", [1, 2]))
    assert [(r["param"], r["value"], r["seed"]) for r in swept] == [
        ("rules.solve_proposals_per_turn", v, s) for v in ("1", "2") for s in (0, 1)]
    assert len(summarize_ti(swept).sweeps) == 2


def test_bad_matchups_are_named() -> None:
    with pytest.raises(ConfigError, match="one per seat, 3 for 3 players, got 2"):
        TIMatchup(players=3, characters=("pip", "ada"))
    with pytest.raises(ConfigError, match="change rules only"):
        TIMatchup(overrides=(("character.pip.ability", "x"),)).game(0)


def test_the_commands(tmp_path: Path, rows: list[dict[str, Any]]) -> None:
    out = tmp_path / "ti.csv"
    done = CliRunner().invoke(app, ["simulate", "--game", "the_initiative", "--games", "6",
                                    "--seed", "21", "--workers", "2", "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert "6 games written to" in done.stdout
    assert read_rows(out) == rows
    page = tmp_path / "ti.html"
    report = CliRunner().invoke(app, ["report", str(out), "--html", str(page)])
    assert report.exit_code == 0, report.output
    assert "The Initiative mission report" in report.stdout
    assert f"{FIRST}" in report.stdout and "How games were lost" in report.stdout
    assert "<svg" in page.read_text(encoding="utf-8")
    other = tmp_path / "other.csv"
    done = CliRunner().invoke(app, ["simulate", "--game", "the_initiative", "--mission",
                                    "observatory_vault", "--players", "1", "--bots",
                                    "random", "--games", "2", "--out", str(other)])
    assert done.exit_code == 0, done.output
    assert {r["mission"] for r in read_rows(other)} == {"observatory_vault"}


def test_parquet_and_csv_hold_the_same_rows(tmp_path: Path,
                                            rows: list[dict[str, Any]]) -> None:
    assert read_rows(write_rows(rows, tmp_path / "ti.csv")) == rows
    pytest.importorskip("pyarrow")
    assert read_rows(write_rows(rows, tmp_path / "ti.parquet")) == rows


@pytest.mark.parametrize(("args", "message"), [
    (["--board", "workshop"], "--board: not options of the_initiative"),
    (["--mission", "moon"], "mission: 'moon' is not one of"),
    (["--rule", "tuck_limit=sometimes"], "--rule: the_initiative rules"),
    (["--characters", "pip+pip"], "a character is chosen twice"),
])
def test_command_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["simulate", "--game", "the_initiative", "--games", "1",
                                      "--out", str(tmp_path / "r.csv"), *args])
    assert result.exit_code == 2 and message in result.stderr, result.output
    assert not (tmp_path / "r.csv").exists()


def test_mission_is_an_option_of_the_initiative_only(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", "--mission", FIRST,
                                      "--out", str(tmp_path / "r.csv")])
    assert result.exit_code == 2 and "--mission: an option of --game the_initiative" in \
        result.stderr


def test_the_bench() -> None:
    done = CliRunner().invoke(app, ["bench", "--game", "the_initiative", "--games", "2"])
    assert done.exit_code == 0, done.output
    assert "us_per_decision" in done.stdout and "games_per_s" in done.stdout
    script = subprocess.run([sys.executable, "benchmarks/bench_ti.py", "2", "5"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120, check=True).stdout
    figures = dict(line.split(": ") for line in script.splitlines())
    assert float(figures["engine_ratio_us_per_decision"]) > 0
    assert float(figures["heuristic_us_per_decision"]) > 0
