"""`initiative track exalted|faith SCRIPT`: the trackers are reachable from the main
command and run a script file of commands."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from initiative.cli.main import app


def test_track_exalted_runs_a_script(tmp_path: Path) -> None:
    script = tmp_path / "fight.txt"
    script.write_text("add Ryo stamina=3 wits=3 awareness=3\n"
                      "add Brute npc stamina=2 wits=2 awareness=2\n"
                      "join Ryo 3\njoin Brute 2\nstart\norder\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["track", "exalted", str(script)])
    assert result.exit_code == 0, result.output
    assert "Round 1 begins; order: Ryo 6, Brute 5" in result.output


def test_track_faith_runs_a_script(tmp_path: Path) -> None:
    script = tmp_path / "round.txt"
    script.write_text("roster\nround\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["track", "faith", str(script)])
    assert result.exit_code == 0, result.output
    assert "Round 1 begins" in result.output and "Vessa" in result.output


def test_track_with_a_missing_script_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["track", "exalted", str(tmp_path / "none.txt")])
    assert result.exit_code == 2
