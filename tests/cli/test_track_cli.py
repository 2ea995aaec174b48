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


def test_track_rule_option_sets_house_rules(tmp_path: Path) -> None:
    """`--rule FLAG=VALUE` reaches the model (here EX-A9's flurry penalty and section 2d's
    NPC display), and a bad flag or value is named."""
    script = tmp_path / "r.txt"
    script.write_text("rules\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["track", "exalted", str(script), "--rule",
                                      "flurry_penalty=2", "--rule",
                                      "show_npc_initiative_to_players=false"])
    assert result.exit_code == 0, result.output
    assert "  flurry_penalty = 2" in result.output
    assert "  show_npc_initiative_to_players = False" in result.output
    bad = CliRunner().invoke(app, ["track", "faith", str(script), "--rule", "wait_model=foo"])
    assert bad.exit_code == 2
    assert "--rule: wait_model must be one of chain, reinsert_after_next, got 'foo'" in (
        bad.output)
    unknown = CliRunner().invoke(app, ["track", "exalted", "--rule", "nope=1"])
    assert unknown.exit_code == 2 and "unknown flag 'nope'" in unknown.output


def test_track_db_option_saves_into_that_database(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("roster\nsave db:Market\n", encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'gm.db'}"
    result = CliRunner().invoke(app, ["track", "faith", str(script), "--db", url])
    assert result.exit_code == 0, result.output
    script.write_text("load db:Market\nsaved\n", encoding="utf-8")
    again = CliRunner().invoke(app, ["track", "faith", str(script), "--db", url])
    assert again.exit_code == 0, again.output
    assert "loaded db:Market (round 0, phase idle)" in again.output
    assert "  Market  (round 0, idle; record " in again.output
