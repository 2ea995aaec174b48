"""`initiative campaign new|list|continue|show|export|import` (IB 7): a whole campaign
played by bots, listed, shown, resumed, moved between databases, and clear errors."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from initiative.cli.ib.campaign import most_battles
from initiative.cli.main import app
from initiative.games.ib.campaign.generic import generic_plan
from initiative.games.ib.campaign.plans import modifier, story
from initiative.games.ib.campaign.rules import new_campaign
from initiative.games.ib.content import core_content
from initiative.games.ib.formats import shipped_team
from tests.cli.helpers import run_cli

RUNNER = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, ["campaign", *args], input=input)
    return result.exit_code, result.stdout, result.stderr


def _id(db: str) -> str:
    code, out, _ = run("list", "--db", db)
    assert code == 0
    return out.splitlines()[1].split()[0]


def test_a_campaign_played_by_bots_lists_shows_and_moves(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'a.db'}"
    code, out, err = run("new", "--auto", "--seed", "4", "--story", "the_ledger_of_lost_hours",
                         "--db", db)
    assert code == 0, err
    assert "Battle 1: The Cellar Rift" in out and "-> reward: " in out  # battle 1 won
    assert "Battle 2: The Walking Bell" in out
    assert "The campaign is lost." in out  # AMB-109: a lost battle ends it
    record = _id(db)
    code, out, _ = run("show", record, "--db", db)
    assert code == 0 and "Wren Aldous" in out and "Injuries" in out and "lost" in out
    code, out, _ = run("continue", record, "--db", db)
    assert code == 0 and "The campaign is lost." in out
    path = tmp_path / "c.json"
    assert run("export", record, str(path), "--db", db)[0] == 0
    other = f"sqlite:///{tmp_path / 'b.db'}"
    code, out, _ = run("import", str(path), "--db", other)
    assert code == 0 and out.startswith("imported as ")
    assert "The Ledger of" in run("list", "--db", other)[1]


def test_auto_shows_each_battles_modifiers(tmp_path: Path) -> None:
    """IB 7.9.1: from the second battle on, 2d6 on the instant table and 2d6 on the
    persistent one; each battle opens with its rolls, the rows they pick and what those
    do (the campaign data's own words)."""
    db = f"sqlite:///{tmp_path / 'a.db'}"
    code, out, err = run("new", "--auto", "--seed", "4", "--story", "the_ledger_of_lost_hours",
                         "--db", db)
    assert code == 0, err
    flat = " ".join(out.split())
    battles = re.split(r"(?=Battle \d+: )", flat)[1:]
    assert len(battles) >= 2
    assert "No battle modifiers: they are rolled from the second battle on (IB 7.9.1)." \
        in battles[0]
    for battle in battles[1:]:
        for table in ("instant", "persistent"):
            found = re.search(rf"{table.capitalize()} battle modifier \(2d6 = (\d+)\): ", battle)
            assert found is not None, battle[:300]
            row = modifier(table, int(found.group(1)))
            said = battle[found.end():]
            assert said.startswith(f"{row.name}. {' '.join(row.text.split())}")


def test_stopping_between_battles_saves_and_continue_resumes(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'a.db'}"
    code, out, _ = run("new", "--seed", "2", "--battles", "6", "--db", db, input="q\n")
    assert code == 0 and "1. all four fight; normal" in out and "Saved;" in out
    record = _id(db)
    code, out, _ = run("continue", record, "--db", db, input="2\nq\n")
    assert code == 0 and "-> all four fight; Elite" in out and "Battle 1:" in out
    assert "battle" in run("list", "--db", db)[1]


def test_campaign_errors_are_clear(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'a.db'}"
    code, _, err = run("continue", "abcdef12", "--db", db)
    assert code == 2 and "error:" in err
    code, _, err = run("new", "--story", "nowhere", "--db", db)
    assert code == 2 and "unknown story campaign 'nowhere'" in err
    code, _, err = run("new", "--campaign-rule", "half_hp_rounding=sideways", "--db", db)
    assert code == 2 and "half_hp_rounding" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    code, _, err = run("import", str(bad), "--db", db)
    assert code == 2 and "error:" in err


def test_show_prints_the_history_its_help_promises(tmp_path: Path) -> None:
    """`campaign show ID` in a shell: the party sheet, then one row per battle fought
    (IB 7.2; AMB-109 a lost battle), with its rolled modifiers (IB 7.9.1) and who fell;
    a campaign that has fought none says so."""
    db = f"sqlite:///{tmp_path / 'a.db'}"
    played = run_cli(["campaign", "new", "--auto", "--seed", "4", "--story",
                      "the_ledger_of_lost_hours", "--db", db])
    assert played.returncode == 0, played.stderr
    record = _id(db)
    help_text = run_cli(["campaign", "show", "--help"]).stdout
    assert "history" in help_text
    shown = run_cli(["campaign", "show", record, "--db", db])
    assert shown.returncode == 0, shown.stderr
    sheet, _, history = shown.stdout.partition("History")
    assert "Wren Aldous" in sheet and history, shown.stdout
    rows = {line.split()[0]: " ".join(line.split()) for line in history.splitlines()
            if line.strip()[:1].isdigit()}
    assert list(rows) == ["1", "2"], history  # as `new --auto` played them
    assert rows["1"].startswith("1 The Cellar Rift won no -") and " - " in rows["1"]
    second = rows["2"]
    assert second.startswith("2 The Walking Bell lost")
    rolls = re.findall(r"\((\d+)\)", second)  # IB 7.9.1: 2d6 instant, 2d6 persistent
    assert len(rolls) == 2, second
    for table, roll in zip(("instant", "persistent"), rolls, strict=True):
        assert f"{modifier(table, int(roll)).name} ({roll})" in second
    fresh = f"sqlite:///{tmp_path / 'b.db'}"
    assert run_cli(["campaign", "new", "--seed", "2", "--db", fresh], stdin="q\n"
                   ).returncode == 0
    shown = run_cli(["campaign", "show", _id(fresh), "--db", fresh])
    assert "History: no battle fought yet." in shown.stdout


def test_the_progress_counts_the_most_battles_the_plan_may_still_hold() -> None:
    """`--auto`'s bar: the battles fought and those of the longest way on (IB 7.11 a
    generic plan's length; a story's branches; AMB-109 a lost campaign ends)."""
    content = core_content()
    party = shipped_team(content, "tideguard")
    ledger = new_campaign("L", party, story("the_ledger_of_lost_hours", content), content, 1)
    assert most_battles(ledger) == 4  # cellar, bell, foundry or archive, heart
    ledger.fought, ledger.battle, ledger.stage = 2, "the_walking_bell", "branch"
    assert most_battles(ledger) == 4
    ledger.stage = "lost"
    assert most_battles(ledger) == 2
    generic = new_campaign("G", party, generic_plan(content, 8, 1), content, 1)
    assert most_battles(generic) == 8
