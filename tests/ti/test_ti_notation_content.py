"""Positions on a custom mission or board (games/ti/notation.py): the position's
`setup.content` names a content file or holds the content document inline, laid over
the shipped content as a designer's file is (docs/the-initiative-content.md), and a
broken one is a NotationError naming what is wrong. The board here is a designer's
own (a copy of the workshop with a new key and room names), with a mission copied from
the shipped clockmakers_word onto it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from initiative.engine.errors import NotationError
from initiative.games.ti.loader import load_the_initiative
from initiative.games.ti.notation import load_position, position_of
from initiative.games.ti.state import TIState
from tests.ti.content_kit import mission, shipped


def document() -> dict[str, Any]:
    """A board `cellar` and a mission `cellar_word` on it, as a designer writes them."""
    board = copy.deepcopy(next(b for b in shipped("boards") if b["key"] == "workshop"))
    board.update(key="cellar", name="The Wine Cellar")
    played = mission("clockmakers_word")
    played.update(key="cellar_word", number=9, name="The Cellar Word", board="cellar")
    return {"boards": [board], "missions": [played]}


def started(content: Any) -> TIState:
    game = load_the_initiative(mission="cellar_word", content=content, players=2)
    state = game.new_initial_state(3)
    state.apply(next(a for a in state.legal_actions() if str(a) == "first 1"))
    return state


def test_a_position_holds_its_custom_content_inline_and_plays_on() -> None:
    state = started(document())
    data = json.loads(json.dumps(position_of(state)))
    assert data["setup"]["content"] == document()
    again = load_position(data)
    assert again.setup.mission.key == "cellar_word" and again.setup.board.key == "cellar"
    assert position_of(again) == data
    move = again.legal_actions()[0]
    state.apply(move)
    again.apply(move)
    assert position_of(again) == position_of(state)


def test_a_position_names_a_content_file(tmp_path: Path) -> None:
    path = tmp_path / "cellar.yaml"
    path.write_text(yaml.safe_dump(document(), sort_keys=False), encoding="utf-8")
    data = position_of(started(document()))
    data["setup"]["content"] = str(path)
    loaded = load_position(data)
    assert loaded.setup.board.name == "The Wine Cellar"
    assert position_of(loaded)["setup"]["content"] == str(path)


def _broken_board(doc: dict[str, Any]) -> None:
    doc["missions"][0]["board"] = "attic_of_doom"


def _bad_passage(doc: dict[str, Any]) -> None:
    doc["boards"][0]["passages"].append(["stairs", "nowhere"])


@pytest.mark.parametrize(("change", "words"), [
    (_broken_board, ["position.setup: content: mission 'cellar_word', board:",
                      "no board 'attic_of_doom'"]),
    (_bad_passage, ["position.setup", "passages[7]", "nowhere"]),
])
def test_broken_inline_content_names_the_place(change: Any, words: list[str]) -> None:
    data = position_of(started(document()))
    change(data["setup"]["content"])
    with pytest.raises(NotationError) as error:
        load_position(data)
    for word in words:
        assert word in str(error.value)


@pytest.mark.parametrize(("content", "words"), [
    ("no/such/file.yaml", ["position.setup", "no/such/file.yaml", "cannot read"]),
    (7, ["position.setup", "content", "a content file path or a content document"]),
    ([{"missions": []}], ["position.setup", "content", "list"]),
])
def test_content_that_is_not_a_file_or_a_document_is_refused(content: Any,
                                                             words: list[str]) -> None:
    data = position_of(started(document()))
    data["setup"]["content"] = content
    with pytest.raises(NotationError) as error:
        load_position(data)
    for word in words:
        assert word in str(error.value)


def test_a_position_on_the_shipped_content_names_no_content() -> None:
    game = load_the_initiative(mission="clockmakers_word")
    assert "content" not in position_of(game.new_initial_state(1))["setup"]
