"""`initiative bench` and benchmarks/bench_ib.py print the engine figures."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from initiative.cli.bench import FIGURES, run
from initiative.cli.main import app
from initiative.games import load_game

ROOT = Path(__file__).resolve().parents[2]
REQUIRED = ("us_per_decision", "us_per_activation", "decisions_per_s", "games_per_s",
            "clones_per_s")
BUILDS = ("build: compiled", "build: pure")
"""The line `initiative bench` prints first: which build runs (issue 27)."""
LINE = re.compile(r"^([a-z_]+): (\d+(?:\.\d+)?)$")


def _figures(stdout: str) -> dict[str, float]:
    found = {}
    for line in stdout.splitlines():
        if line in BUILDS:
            continue
        m = LINE.match(line.strip())
        assert m, f"not a `name: value` line: {line!r}"
        found[m.group(1)] = float(m.group(2))
    return found


def test_cli_bench_prints_required_figures() -> None:
    out = subprocess.run([sys.executable, "-m", "initiative.cli.main", "bench", "--games", "2"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert out.splitlines()[0] in BUILDS
    figures = _figures(out)
    for name in REQUIRED:
        assert figures[name] > 0, name
    assert figures["decisions_per_game"] > 0


def test_bench_script_runs_from_repo_root() -> None:
    out = subprocess.run([sys.executable, "benchmarks/bench_ib.py", "1", "5"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert set(_figures(out)) == set(FIGURES)


def test_run_is_deterministic_in_game_length() -> None:
    a, b = run(2, 3), run(2, 3)
    assert a["decisions_per_game"] == b["decisions_per_game"]
    assert set(a) == set(FIGURES)


def test_bench_measures_the_hex_game() -> None:
    """`initiative bench --game hex_skirmish` and benchmarks/bench_hex.py: the same
    figures but the flagship's activations."""
    done = CliRunner().invoke(app, ["bench", "--game", "hex_skirmish", "--games", "2"])
    assert done.exit_code == 0, done.output
    figures = _figures(done.stdout)
    assert set(figures) == set(FIGURES) - {"us_per_activation"}
    assert all(figures[name] > 0 for name in figures)
    script = subprocess.run([sys.executable, "benchmarks/bench_hex.py", "1", "5", "3"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60,
                            check=True).stdout
    assert set(_figures(script)) == set(figures)
    hex_game = load_game("hex_skirmish")
    assert run(2, 3, hex_game)["decisions_per_game"] == run(2, 3, hex_game)[
        "decisions_per_game"]
    bad = CliRunner().invoke(app, ["bench", "--game", "chess"])
    assert bad.exit_code == 2 and \
        "--game: 'chess' is not one of hex_skirmish, initiative_break, the_initiative" \
        in bad.stderr
