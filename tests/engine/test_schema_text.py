"""Schema errors of content files, worded once for every game (engine/schema_text.py):
the entry named by its section in the singular and its key, the field by its path."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from initiative.engine.schema_text import format_validation, singular


class _Enemy(BaseModel):
    key: str
    strength: int


class _File(BaseModel):
    enemies: list[_Enemy] = []
    boards: list[dict[str, list[int]]] = []


@pytest.mark.parametrize(("section", "entry"), [
    ("enemies", "enemy"), ("boards", "board"), ("glyphs", "glyph"),
    ("secrets", "secret"), ("campaign", "campaign")])
def test_a_section_names_one_entry_in_the_singular(section: str, entry: str) -> None:
    assert singular(section) == entry


def test_each_error_names_file_entry_and_field() -> None:
    data: dict[str, Any] = {"enemies": [{"key": "gloam", "strength": "x"}],
                            "boards": [{"starts": [1, "a"]}]}
    with pytest.raises(ValidationError) as err:
        _File.model_validate(data)
    assert format_validation(err.value, "kit.yaml", data).splitlines() == [
        "kit.yaml (enemy 'gloam'), field enemies[0].strength: Input should be a valid "
        "integer, unable to parse string as an integer",
        "kit.yaml, field boards[0].starts[1]: Input should be a valid integer, unable to "
        "parse string as an integer"]
