"""The skirmish content on the command line: `initiative cards lint --game hex_skirmish`
and `initiative rules --game hex_skirmish`, whose lines agree with
docs/rules-interpretations.md section 5.4."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.cli.rules import flag_rows
from initiative.games.hex.flags import HexRules
from initiative.games.hex.listing import LISTING
from tests.hex.content_kit import broken, kit, text

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-interpretations.md"
RUNNER = CliRunner()


def test_lint_shipped_hex_content_is_ok() -> None:
    done = RUNNER.invoke(app, ["cards", "lint", "--game", "hex_skirmish"])
    assert done.exit_code == 0, done.output
    assert done.output.strip().endswith(": ok")
    assert "initiative/games/hex/data/cards.yaml" in done.output


def test_lint_files_read_as_one_set(tmp_path: Path) -> None:
    data = kit()
    first, second = tmp_path / "board.yaml", tmp_path / "rest.yaml"
    first.write_text(text({"boards": data["boards"]}))
    second.write_text(text({k: v for k, v in data.items() if k != "boards"}))
    done = RUNNER.invoke(app, ["cards", "lint", "--game", "hex_skirmish",
                               str(first), str(second)])
    assert done.exit_code == 0, done.output


def test_lint_error_exits_1_and_names_file_entry_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(broken(lambda d: d["boards"][0]["starts"][2][1].update(hex=[1, 0])))
    done = RUNNER.invoke(app, ["cards", "lint", "--game", "hex_skirmish", str(bad)])
    assert done.exit_code == 1
    assert f"error: {bad} (board 'yard'), field starts.2[1].hex: [1, 0] is a wall" \
        in done.output
    assert "1 error(s), 0 warning(s)" in done.output


def test_lint_unknown_game_or_file() -> None:
    done = RUNNER.invoke(app, ["cards", "lint", "--game", "chess"])
    assert done.exit_code == 2 and "not one of hex_skirmish, initiative_break" in done.output
    done = RUNNER.invoke(app, ["cards", "lint", "--game", "hex_skirmish", "no/such.yaml"])
    assert done.exit_code == 2 and "no/such.yaml: cannot read the file" in done.output


def test_rules_lists_every_hex_flag_with_default_and_hx_id() -> None:
    done = RUNNER.invoke(app, ["rules", "--game", "hex_skirmish"])
    assert done.exit_code == 0, done.output
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("### 5.4 Hex skirmish"):]
    default = HexRules()
    rows = flag_rows(LISTING.sections[0])
    assert [r.name for r in rows] == [f.name for f in fields(HexRules)]
    for row in rows:
        value = getattr(default, row.name)
        shown = "none" if value is None else str(value).lower() if isinstance(
            value, bool) else str(value)
        assert f"{row.name} = {shown} [{row.rule}]" in done.output
        heading = re.search(rf"^#### `{row.name}`[^(\n]* \((HX-A\d+)\)", section, re.MULTILINE)
        assert heading, f"{row.name} has no entry in section 5.4"
        assert heading.group(1) == row.rule


def test_rules_unknown_game() -> None:
    done = RUNNER.invoke(app, ["rules", "--game", "chess"])
    assert done.exit_code == 2 and "not one of" in done.output


def test_every_test_section_5_4_cites_exists() -> None:
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("### 5.4 Hex skirmish"):]
    cited = re.findall(r"`(test_[a-z0-9_]+\.py)::(test_[a-z0-9_]+)`", section)
    assert len(cited) >= 25
    for file, name in cited:
        path = Path(__file__).parent / file
        assert path.exists() and f"def {name}(" in path.read_text(encoding="utf-8"), \
            f"{file}::{name}"
