"""`initiative rules` explains every house-rule and campaign flag in one line: its
default, its other values, the rule it reads and what the values do. The rule ids agree
with docs/rules-interpretations.md: a flag whose entry there names an ambiguity (AMB-nn)
cites that one; a flag the project added cites the rule it settles (IB-x.y.z)."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path
from typing import get_type_hints

import pytest

from initiative.cli.rules import flag_rows
from initiative.games.ib.flag_notes import FLAG_NOTES
from initiative.games.ib.listing import LISTING
from initiative.games.parts import RulesSection
from initiative.timing.flag_types import allowed_values
from tests.cli.helpers import run_cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-interpretations.md"
FLAGS = [(f.name, section) for section in LISTING.sections for f in fields(section.flags)]
RULE_ID = re.compile(r"(AMB-\d{2,3}|IB-\d+\.\d+(\.\d+)?)")


@pytest.fixture(scope="module")
def lines() -> dict[str, str]:
    """`initiative rules` output: the line of each flag, by flag."""
    done = run_cli(["rules"])
    assert done.returncode == 0, done.stderr
    found: dict[str, str] = {}
    for line in done.stdout.splitlines():
        name = line.split(" = ", 1)[0]
        assert name not in found, f"{name} has two lines"
        found[name] = line
    return found


def documented_id(flag: str) -> str:
    """The id in the flag's heading in docs/rules-interpretations.md ("new" if added)."""
    heading = re.search(rf"^#### `{flag}` \(([^)]+)\)", DOC.read_text(encoding="utf-8"),
                        re.MULTILINE)
    assert heading, f"{flag} has no entry in {DOC.name}"
    return heading.group(1)


@pytest.mark.parametrize(("flag", "section"), FLAGS, ids=[f for f, _ in FLAGS])
def test_every_flag_has_a_line_with_its_rule_default_and_values(
        flag: str, section: RulesSection, lines: dict[str, str]) -> None:
    line = lines.get(flag)
    assert line is not None, f"`initiative rules` has no line for {flag}"
    row = next(r for r in flag_rows(section) if r.name == flag)
    rule = RULE_ID.search(line)
    assert rule is not None and line.startswith(f"{flag} = {row.default} [{rule.group(0)}]")
    values = allowed_values(get_type_hints(section.flags)[flag])
    for value in values or ():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert re.search(rf"\b{re.escape(shown)}\b", line), (flag, shown, line)
    if values is None:
        assert "any whole number" in line
    explanation = line.split("): ", 1)[1]
    assert len(explanation.split()) >= 6, f"{flag}: the explanation is too short"
    documented = documented_id(flag)
    if documented.startswith("AMB-"):
        assert rule.group(0) == documented, f"{flag}: the docs say {documented}"
    else:
        assert documented == "new" and rule.group(0).startswith("IB-"), (flag, documented)


def test_no_note_for_a_flag_that_does_not_exist() -> None:
    assert set(FLAG_NOTES) == {flag for flag, _ in FLAGS}
