"""`initiative mission validate|list|campaign` and `initiative rules --game
the_initiative`: output and exit codes (validate: 1 on errors, 2 for an unreadable file)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.cli.rules import flag_rows
from initiative.engine.errors import ConfigError
from initiative.games.ti.flags import TIRules, ti_rules
from initiative.games.ti.listing import LISTING
from tests.ti.content_kit import mission

RUNNER = CliRunner()
DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-interpretations.md"


def run(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def _write(path: Path, document: object) -> str:
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return str(path)


def test_validate_passes_a_good_standalone_mission(tmp_path: Path) -> None:
    extra = mission("gallery_after_dark")
    extra.update(key="second_visit", number=9, face_secret=None)
    good = _write(tmp_path / "good.yaml", {"missions": [extra]})
    assert run("mission", "validate", good) == (0, f"{good}: ok\n", "")


def test_validate_lists_every_problem_with_file_and_place(tmp_path: Path) -> None:
    bad = mission("clockmakers_word")
    bad["answer"] = "BEL"
    bad["stacks"][0]["room"] = "ballroom"
    other = mission("observatory_vault")
    other["tan_pool"][13]["pile"] = "sneak"
    first = _write(tmp_path / "one.yaml", {"missions": [bad]})
    second = _write(tmp_path / "two.yaml", {"missions": [other]})
    code, out, _ = run("mission", "validate", first, second)
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"error: {first}: mission 'clockmakers_word', "
                               "stacks[0].room: no room 'ballroom'")
    assert lines[1].startswith(f"error: {first}: mission 'clockmakers_word', answer: ")
    assert lines[2].startswith(f"error: {second}: mission 'observatory_vault', "
                               "tan_pool[13].pile: counter intel names an action pile")
    assert lines[3] == f"{first}, {second}: 3 error(s), 0 warning(s)"


def test_validate_warnings_alone_exit_0(tmp_path: Path) -> None:
    quiet = mission("clockmakers_word")
    quiet["story"]["loss"] = ""
    path = _write(tmp_path / "quiet.yaml", {"missions": [quiet]})
    code, out, _ = run("mission", "validate", path)
    assert code == 0
    assert out.splitlines() == [
        f"warning: {path}: mission 'clockmakers_word', story.loss: no text (TI-16: the "
        "story shown to players)", f"{path}: 0 error(s), 1 warning(s)"]


def test_validate_reports_schema_errors_and_unreadable_files(tmp_path: Path) -> None:
    broken = _write(tmp_path / "schema.yaml", {"missions": [{"key": "x"}]})
    code, out, _ = run("mission", "validate", broken)
    assert code == 1 and f"error: {broken} (mission 'x'), field missions[0].number" in out
    code, _, err = run("mission", "validate", str(tmp_path / "nothing.yaml"))
    assert code == 2 and "cannot read the file" in err


def test_list_shows_the_campaign_in_order() -> None:
    code, out, _ = run("mission", "list")
    assert code == 0
    assert [line.split(":")[0].split()[-1] for line in out.splitlines()] == [
        "clockmakers_word", "gallery_after_dark", "observatory_vault"]


def test_campaign_commands(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'c.db'}"
    code, out, err = run("mission", "campaign", "new", "--name", "Lantern", "--db", db)
    assert code == 0, err
    record = out.splitlines()[0].split("(")[-1].rstrip(")")
    assert "Next: The Clockmaker's Word [clockmakers_word]" in out
    code, out, _ = run("mission", "campaign", "start", record, "--players", "3", "--db", db)
    assert (code, out) == (0, "the_initiative(players=3,mission=clockmakers_word,campaign="
                              f"{record})\n")
    code, out, _ = run("mission", "campaign", "record", record, "--mission",
                       "clockmakers_word", "--reason", "solved", "--db", db)
    assert code == 0 and "1. The Clockmaker's Word [clockmakers_word]: won" in out
    code, _, err = run("mission", "campaign", "start", record, "--mission",
                       "clockmakers_word", "--db", db)
    assert code == 1 and "never replayed (TI-57)" in err
    code, out, _ = run("mission", "campaign", "list", "--db", db)
    assert code == 0 and out.splitlines()[1].split()[:4] == [
        record, "active", "1", "gallery_after_dark"]
    code, out, _ = run("mission", "campaign", "show", record[:8], "--db", db)
    assert code == 0 and "Next: The Gallery After Dark" in out


def test_rules_lists_every_flag_as_section_5_5_does() -> None:
    """Each flag's line names the TI-A entry its docs/rules-interpretations.md heading
    names, and shows the default."""
    code, out, _ = run("rules", "--game", "the_initiative")
    assert code == 0
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("### 5.5 The Initiative"):]
    default = TIRules()
    for row in flag_rows(LISTING.sections[0]):
        value = getattr(default, row.name)
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert f"{row.name} = {shown} [{row.rule}]" in out
        heading = re.search(rf"^#### `{row.name}`[^(\n]* \((TI-A\d+)", section, re.MULTILINE)
        assert heading, f"{row.name} has no entry in section 5.5"
        assert heading.group(1) == row.rule
    assert [r.name for r in flag_rows(LISTING.sections[0])] == list(TIRules.names())


def test_rules_shows_the_real_values_of_the_number_flags() -> None:
    """TI-A17 takes 1 or 2 characters, TI-A15 1 to 3 proposals: the rules line lists
    them, never "any whole number", and other values (true included) are refused."""
    code, out, _ = run("rules", "--game", "the_initiative")
    assert code == 0 and "whole number" not in out
    assert "characters_per_solo_player = 1 [TI-A17] (or 2): " in out
    assert "solve_proposals_per_turn = 1 [TI-A15] (or 2, 3): " in out
    assert ti_rules({"characters_per_solo_player": 2, "solve_proposals_per_turn": 3})
    bad_values = {"characters_per_solo_player": (3, True),
                  "solve_proposals_per_turn": (0, 4)}
    for flag, values in bad_values.items():
        for bad in values:
            with pytest.raises(ConfigError, match=f"{flag} must be "):
                ti_rules({flag: bad})


def test_section_5_5_covers_every_ambiguity() -> None:
    """TI-A1..TI-A23 each have a flag entry or a no-flag line."""
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("### 5.5 The Initiative"):]
    for n in range(1, 24):
        assert re.search(rf"TI-A{n}\b", section), f"TI-A{n}"


DEEP_YAML = "missions: " + "[" * 5_000 + "]" * 5_000
BOMB = "\n".join(["a: &a [x, x, x, x, x, x, x, x, x, x]"] + [
    f"{n}: &{n} [{', '.join([f'*{p}'] * 10)}]" for p, n in zip("abcdefgh", "bcdefghi",
                                                              strict=True)])


@pytest.mark.parametrize("text", [DEEP_YAML, BOMB, "- just\n- a list\n", "a: [unclosed"],
                         ids=["deep", "alias-bomb", "not-a-mapping", "bad-yaml"])
def test_validate_of_a_hostile_file_is_an_error_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    result = RUNNER.invoke(app, ["mission", "validate", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"error: {path}: ") and "Traceback" not in result.stdout


def test_every_test_section_5_5_cites_exists() -> None:
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("### 5.5 The Initiative"):]
    cited = re.findall(r"`tests/ti/(test_[a-z0-9_]+\.py)::(test_[a-z0-9_]+)`", section)
    assert len(cited) >= 40
    for file, name in cited:
        path = Path(__file__).parent / file
        assert path.exists() and f"def {name}(" in path.read_text(encoding="utf-8"), \
            f"{file}::{name}"
