"""The Initiative's board in text (games/ti/board_text.py), drawn from a hand-built view
dict: within 80 columns, every room named, passages, wall tokens and doors between the
boxes, tokens with their ids and codes, the console, piles, deck and enemies."""

from __future__ import annotations

import copy

from initiative.games.ti.board_text import (
    box_width,
    choice_marks,
    console_line,
    deck_line,
    render_board,
    token_code,
)
from tests.cli.ti_views import ROOMS, token, view


def _lines(text: str) -> list[str]:
    return text.split("\n")


def test_the_board_fits_80_columns_and_names_every_room() -> None:
    text = render_board(view(), legend=True)
    assert max(map(len, _lines(text))) <= 80
    for i, (_, name, _, _) in enumerate(ROOMS):
        assert f"+-{i} {name}-" in text


def test_boxes_sit_on_their_grid_with_the_passages_between() -> None:
    lines = _lines(render_board(view()))
    w = box_width(3)
    top, first = lines[0], lines[1]
    assert top.index("+-1 Archive") == w + 5 and top.index("+-2 Server Room") == 2 * (w + 5)
    assert first[w:w + 5] == "-----", "TI-17: Lobby - Archive, an open passage"
    assert first[2 * w + 5:2 * w + 10] == "--L0-", "TI-36: locked door 0"
    row2 = next(i for i, line in enumerate(lines) if "+-3 Loading Bay" in line)
    assert lines[row2 + 1][w:w + 5] == "--#--", "a wall token on Loading Bay - Corridor"
    between = lines[row2 - 1]
    assert [i for i, ch in enumerate(between) if ch == "|"] == [
        col * (w + 5) + w // 2 for col in range(3)], "passages down from each room"


def test_an_unlocked_door_and_a_passage_off_the_grid() -> None:
    v = copy.deepcopy(view())
    v["board"]["links"][2]["locked"] = False
    v["board"]["links"].append({"a": 0, "b": 5, "kind": "door", "locked": True, "door": 1})
    text = render_board(v)
    assert "--U0-" in text and "--L0-" not in text
    assert "Other passages: Lobby - Vault (L1)" in text


def test_rooms_show_people_enemies_stacks_and_tokens_by_id() -> None:
    lines = _lines(render_board(view()))
    assert "| P1 P2 stack 2" in lines[1] and "20:ENTRY" in lines[2]
    assert "stack 1 3:al:S" in lines[1] and "7:CAM" in lines[2], "TI-24: a spiral"
    assert "5:~ga" in lines[1], "TI-20: a glyph not on the mission"
    assert "!Watchdog 21:TRIP" in "\n".join(lines), "TI-39: the enemy's standee"
    assert "22:SAFE" in "\n".join(lines)


def test_token_codes() -> None:
    v = view()
    assert token_code(token(1, "counter_intel", pile="gather"), v) == "CI>gather"
    assert token_code(token(1, "glyph", "beta", "crescent", blue=True), v) == "be*:C"
    assert token_code(token(1, "master_alarm"), v) == "MALM"


def test_choices_are_marked_on_rooms_and_tokens() -> None:
    legal = [{"index": 0, "kind": "move", "arg": 1, "text": "move 1", "label": ""},
             {"index": 0, "kind": "collect", "arg": 7, "text": "collect 7", "label": ""}]
    v = view(legal=legal)
    assert choice_marks(v) == ({1: 1}, {7: 2})
    text = render_board(v)
    assert "+-1 Archive <1>-" in text and "7:CAM<2>" in text
    assert "<1>" not in render_board(v, marks=False)


def test_console_piles_deck_and_enemies() -> None:
    closed, opened = view(), view(windows_open=True)
    assert console_line(closed) == "Console: 1:al=?  2:be=?  3:al=?", "TI-5: closed"
    assert console_line(opened) == "Console: 1:al=E  2:be=?  3:al=E", "TI-22, TI-23"
    area = copy.deepcopy(opened)
    area["mission"]["answer_area"] = [1, 2]
    assert console_line(area) == "Console (answer in [ ]): 1:al=E  [2:be=?  3:al=E]"
    text = render_board(closed)
    assert "RUN      top 7 circle (2 cards)" in text
    assert "INTEL    top - (0 cards) BLOCKED by counter intel 9" in text, "TI-30"
    assert deck_line(closed) == ("Deck 21   Discard 3 (top 5 square)   Time 3 (lost at 3 "
                                 "once In Peril)")
    peril = {**closed, "peril": True}
    assert deck_line(peril).endswith("Time 3/3   IN PERIL"), "TI-47, TI-50"
    assert "!Watchdog (square, strength 10) in Corridor; tucked: square 4/10" in text
    beaten = copy.deepcopy(closed)
    beaten["enemies"][0].update(defeated=True, room=None)
    beaten["rooms"][4]["enemies"] = []
    assert "!Watchdog (square, strength 10) defeated" in render_board(beaten), "TI-45"


def test_a_four_column_board_still_fits() -> None:
    v = copy.deepcopy(view())
    v["board"]["cols"] = 4
    v["board"]["rooms"][5]["col"], v["board"]["rooms"][5]["row"] = 3, 0
    text = render_board(v, legend=True)
    assert max(map(len, _lines(text))) <= 80
    assert "+-5 Vault" in text
