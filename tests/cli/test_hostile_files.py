"""Hostile files (issue 16, item 6): a record, a content file, a team file or a position
nested thousands of levels deep, or a YAML alias bomb, gets an error message naming the
file and the problem: never a traceback, and quickly."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.engine.data_text import MAX_DEPTH
from initiative.engine.errors import ContentError, NotationError
from initiative.games.ib.deckbuilding import load_team_text
from initiative.games.ib.notation import load_position
from initiative.games.ib.record import GameRecord

RUNNER = CliRunner()
DEEP_JSON = '{"format": ' + "[" * 50_000 + "]" * 50_000 + "}"
DEEP_YAML = "cards: " + "[" * 5_000 + "]" * 5_000
BOMB = "\n".join(["a: &a [x, x, x, x, x, x, x, x, x, x]"] + [
    f"{n}: &{n} [{', '.join([f'*{p}'] * 10)}]" for p, n in zip("abcdefgh", "bcdefghi",
                                                              strict=True)])


def run(*args: str) -> tuple[int, str]:
    result = RUNNER.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return result.exit_code, result.output


def test_replay_of_a_deeply_nested_record_is_an_error_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text(DEEP_JSON)
    code, output = run("replay", str(path))
    assert code == 1
    assert output.strip() == f"error: record: not valid JSON: JSON nested deeper than " \
                             f"{MAX_DEPTH} levels"


@pytest.mark.parametrize("text,problem", [(DEEP_YAML, f"nested deeper than {MAX_DEPTH}"),
                                          (BOMB, "once its aliases are expanded")])
def test_cards_lint_of_a_hostile_content_file_reports_it(tmp_path: Path, text: str,
                                                         problem: str) -> None:
    path = tmp_path / "hostile.yaml"
    path.write_text(text)
    code, output = run("cards", "lint", str(path))
    assert code == 1 and problem in output and "Traceback" not in output
    assert f"{path}" in output  # the file is named


def test_a_hostile_team_file_and_position_are_errors() -> None:
    for text in (DEEP_YAML, BOMB):
        with pytest.raises(ContentError, match=r"team\.yaml: not valid YAML"):
            load_team_text(text, "team.yaml")
        with pytest.raises(NotationError, match="position: not valid YAML/JSON"):
            load_position(text)
    with pytest.raises(NotationError, match="record: not valid JSON"):
        GameRecord.from_json(DEEP_JSON)
