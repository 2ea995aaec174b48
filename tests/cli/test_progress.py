"""Progress on long work (cli/progress.py), driven as a person does: in a real terminal
(pexpect) `initiative simulate`, `initiative report`, `initiative campaign new --auto`,
the bot ladder and the web load test draw a bar with the count, the rate and the time
left; with their output in a pipe (a script, a CI log) they print no progress at all."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect

from tests.cli.helpers import CLI, ENV

ROOT = Path(__file__).resolve().parents[2]
LADDER = [sys.executable, str(ROOT / "benchmarks" / "ladder.py")]
LOAD = [sys.executable, str(ROOT / "benchmarks" / "load_web.py")]
HEX = ["simulate", "--game", "hex_skirmish", "--games", "12", "--bots", "heuristic",
       "--rule", "round_limit=4"]
"""The README's hex run (`simulate --game hex_skirmish --bots heuristic`), made short."""
CAMPAIGN = ["campaign", "new", "--auto", "--seed", "4", "--story",
            "the_ledger_of_lost_hours"]
PROGRESS_TEXT = re.compile(r"ETA [\d-]|━|\x1b\[")
"""What a bar leaves in its output: the time left, the bar, terminal control codes."""


def _bar(unit: str, what: str = "") -> str:
    """A bar's line: what it counts, N/TOTAL units, the rate and the time left."""
    return (rf"{what}[^\n]*\d+/[\d,]+ {unit}[^\n]*[\d.,]+ {unit}/s[^\n]*"
            rf"ETA \d+:\d\d:\d\d")


def _terminal(argv: list[str], cwd: Path, timeout: int = 120) -> Any:
    """`argv` in a real terminal of 40 x 200."""
    env = {k: v for k, v in ENV.items() if k not in ("NO_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    return pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), encoding="utf-8",
                         timeout=timeout, dimensions=(40, 200))


def _ends_well(child: Any) -> str:
    """Everything the program wrote from here to its end (exit code 0)."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert "Traceback" not in child.before
    return str(child.before)


def _piped(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """`argv` with stdout and stderr in pipes; it succeeds."""
    done = subprocess.run(argv, capture_output=True, text=True, timeout=180, env=ENV,
                          cwd=cwd)
    assert done.returncode == 0, done.stderr
    return done


def _quiet(done: subprocess.CompletedProcess[str]) -> None:
    """No progress text in either pipe."""
    for stream in (done.stdout, done.stderr):
        assert not PROGRESS_TEXT.search(stream), stream


def test_simulate_and_report_show_a_bar_on_a_terminal(tmp_path: Path) -> None:
    """The README's hex `simulate` + `report`: a bar of the games with their rate and ETA,
    then the report's reading and parsing with theirs; the work's own lines follow."""
    child = _terminal([*CLI, *HEX, "--out", "hex.csv"], tmp_path)
    child.expect(_bar("games", "simulate hex_skirmish"))
    assert "12 games written to hex.csv" in _ends_well(child)
    child = _terminal([*CLI, "report", "hex.csv"], tmp_path)
    child.expect(_bar("rows", "parse"))
    assert "Hex skirmish balance report" in _ends_well(child)
    assert not (tmp_path / "report.html").exists()  # HTML only when asked (--html)


def test_simulate_and_report_print_no_progress_into_a_pipe(tmp_path: Path) -> None:
    done = _piped([*CLI, *HEX, "--out", "hex.csv"], tmp_path)
    _quiet(done)
    assert done.stdout.startswith("12 games written to hex.csv; wins: ") and not done.stderr
    done = _piped([*CLI, "report", "hex.csv"], tmp_path)
    _quiet(done)
    assert done.stdout.startswith("Hex skirmish balance report\n") and not done.stderr


def test_a_campaign_played_by_bots_shows_its_battles(tmp_path: Path) -> None:
    """`campaign new --auto`: a bar of the battles (the most the story may still hold)
    under the campaign's own lines."""
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    child = _terminal([*CLI, *CAMPAIGN, *db], tmp_path)
    shown = _ends_well(child)  # the bar is drawn again under each line printed above it
    assert re.search(_bar("battles", "campaign"), shown), shown
    assert "The campaign is lost." in shown
    done = _piped([*CLI, *CAMPAIGN, "--db", f"sqlite:///{tmp_path / 'p.db'}"], tmp_path)
    _quiet(done)
    assert "The campaign is lost." in done.stdout


def test_the_bot_ladder_shows_a_bar_per_pairing(tmp_path: Path) -> None:
    argv = [*LADDER, "4", "heuristic:random", "--workers", "1"]
    child = _terminal(argv, tmp_path)
    child.expect(_bar("games", "heuristic vs random"))
    assert "| heuristic | random | 4 |" in _ends_well(child)
    done = _piped(argv, tmp_path)
    _quiet(done)
    assert "| heuristic | random | 4 |" in done.stdout


def test_the_bot_ladder_compares_co_op_teams_per_mission(tmp_path: Path) -> None:
    """The Initiative: a team of each bot on every shipped mission, the same seeds."""
    done = _piped([*LADDER, "2", "random:heuristic", "--game", "the_initiative",
                   "--players", "2", "--workers", "1"], tmp_path)
    _quiet(done)
    rows = [line for line in done.stdout.splitlines() if line.startswith("| random |")]
    assert [row.split(" | ")[2] for row in rows] == [
        "clockmakers_word", "gallery_after_dark", "observatory_vault"]
    assert all(" | 2 | 2 | " in row for row in rows)


def test_the_load_test_shows_its_seconds_and_actions(tmp_path: Path) -> None:
    """The web load test: a bar of the seconds of load, with the actions a second."""
    argv = [*LOAD, "--tables", "2", "--duration", "4", "--warmup", "1", "--think", "0.1"]
    child = _terminal(argv, tmp_path)
    child.expect(r"2 tables[^\n]*\d+/4 s[^\n]*[\d.,]+ actions/s[^\n]*ETA \d+:\d\d:\d\d")
    assert "actions (answered)" in _ends_well(child)
    done = _piped(argv, tmp_path)
    _quiet(done)
    assert "actions (answered)" in done.stdout
