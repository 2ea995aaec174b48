"""The Initiative's prompt (cli/ti_prompt.py, cli/ti_screen.py) on hand-built views: how
answers are read (numbers, move texts, symbols at the answer step), the questions that
spend no decision, and what a screen shows and never shows."""

from __future__ import annotations

from typing import Any

import pytest

from initiative.cli.ti.prompt import (
    ChoiceError,
    card_answer,
    parse_choice,
    question,
    room_answer,
)
from initiative.cli.ti.screen import decision_title, menu_lines, result_text, screen
from initiative.games.ti.actions import Kind, TIAction, act, index, play
from tests.cli.ti_views import view


def _entry(action: TIAction, text: str, label: str = "...") -> dict[str, Any]:
    return {"index": index(action), "kind": action.kind.name.lower(), "arg": action.arg,
            "text": text, "label": label}


TURN = [_entry(play(0, 1), "play run 1", "Play 9 circle on RUN"),
        _entry(act(Kind.SPECIAL), "special", "Use Sprinter's special action"),
        _entry(act(Kind.ROOM, 3), "room 3", "Reveal in the Loading Bay")]
PENDING = {"kind": "turn", "seat": 0, "left": None, "room": None, "enemy": None,
           "token": None}


def _answer_view(alphabet: list[str], entered: list[str]) -> dict[str, Any]:
    legal = [_entry(act(Kind.SYMBOL, i), f"symbol {i}") for i in range(len(alphabet))]
    v = view(legal=legal, pending={**PENDING, "kind": "answer", "answer": entered})
    v["mission"]["alphabet"] = alphabet
    return v


def test_a_number_or_the_move_text_picks_the_action() -> None:
    v = view(legal=TURN, pending=PENDING)
    assert parse_choice("1", v) == play(0, 1)
    assert parse_choice("  PLAY  run 1 ", v) == play(0, 1)
    assert parse_choice("special", v) == act(Kind.SPECIAL)


@pytest.mark.parametrize(("answer", "message"), [
    ("", "Please enter a number from 1 to 3"),
    ("0", "There is no choice 0: enter a number from 1 to 3."),
    ("9", "There is no choice 9"),
    ("banana", "'banana' is not a choice: unknown action 'banana'"),
    ("play attic 1", "unknown pile 'attic'"),
    ("move 99", "'move' needs a number 0..23, got '99'"),
    ("play gather 1", "'play gather 1' is not legal now; legal: play run 1, special, room 3."),
])
def test_bad_answers_say_what_is_wrong(answer: str, message: str) -> None:
    with pytest.raises(ChoiceError) as caught:
        parse_choice(answer, view(legal=TURN, pending=PENDING))
    assert message in str(caught.value)


def test_the_answer_is_entered_one_symbol_at_a_time_by_the_symbol_itself() -> None:
    """TI-54, TI-A16: one symbol per position, from the mission's own alphabet."""
    v = _answer_view(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), ["E"])
    assert parse_choice("Y", v) == act(Kind.SYMBOL, 24)
    assert parse_choice("y", v) == act(Kind.SYMBOL, 24)
    assert parse_choice("3", v) == act(Kind.SYMBOL, 2), "a letter alphabet: 3 is choice 3"
    title = "\n".join(decision_title(v))
    assert "Answer: E _ _   (position 2 of 3)" in title
    assert menu_lines(v)[1].startswith("  1:A  2:B  3:C")


def test_a_number_alphabet_takes_numbers_as_symbols() -> None:
    v = _answer_view(["0", "1", "2", "3", "X"], [])
    assert parse_choice("3", v) == act(Kind.SYMBOL, 3), "the symbol 3, not choice 3"
    assert parse_choice("x", v) == act(Kind.SYMBOL, 4)
    assert menu_lines(v)[:2] == ["Type a symbol:", "  0  1  2  3  X"]


def test_the_vote_shows_the_answer_and_the_votes_given() -> None:
    """TI-56: every seat votes; the screen says what was proposed and who said yes."""
    legal = [_entry(act(Kind.YES), "yes", "Agree"), _entry(act(Kind.NO), "no", "Refuse")]
    v = view(seat=1, legal=legal, pending={**PENDING, "seat": 1, "kind": "vote",
                                          "answer": ["E", "Y", "E"], "votes": {"0": True}})
    title = "\n".join(decision_title(v))
    assert "Bo decides: vote on the proposed answer" in title
    assert "Answer: E Y E" in title and "Votes: Ann yes" in title
    assert parse_choice("no", v) == act(Kind.NO)


def test_questions_spend_no_decision() -> None:
    v = view(legal=TURN, pending=PENDING)
    assert "card NAME" in (question("help", v, 0) or "")
    assert question("room 3", v, 0) is None, "`room 3` is INTEL's room choice here"
    assert "Loading Bay (r4):" in (question("room 3", view(), 0) or "")
    assert "Key:" in (question("map", v, 0) or "")
    assert question("log", v, 0) == "-- The whole log --\n  Ann plays 2 circle on RUN."
    assert question("1", v, 0) is None


def test_room_and_card_lookups() -> None:
    v = view()
    text = room_answer(v, "arch")
    assert "Passages: Lobby (passage), Server Room (door 0, locked)" in text
    assert "Token 3 [al:S]: glyph Alpha (spiral)" in text
    assert room_answer(v, "").startswith("Which room? e.g. `room Lobby`; rooms: 0 Lobby")
    assert "matches several rooms" in room_answer(v, "l")
    assert "names no room" in room_answer(v, "attic")
    assert card_answer(v, "sprinter").startswith("Sprinter (sprinter), played by Ann")
    assert "strength 10" in card_answer(v, "Watch")
    assert card_answer(v, "14") == "Card 14 (square-3): 3 square"
    assert card_answer(v, "16") == "Card 16 (square-5): 5 square", "the discard is public"
    assert "No card 5 is in sight" in card_answer(v, "5")
    assert "names nothing" in card_answer(v, "dragon")


def test_a_screen_shows_only_the_own_hand() -> None:
    mine = screen(view(seat=0, legal=TURN, pending=PENDING), 0)
    assert "Ann's hand: 1: 9 circle, 14: 3 square" in mine
    assert "Bo's hand" not in mine and "P2 Bo in Lobby, 4 cards in hand" in mine
    assert "-- The game so far --" in mine and "1. Play 9 circle on RUN" in mine
    assert "play run 1" not in mine, "the menu is in words, not move texts"
    spectator = screen(view(seat=-3), 0)
    assert "'s hand" not in spectator


def test_the_result_says_how_the_game_ended() -> None:
    won = view(result={"won": True, "reason": "solved", "answer": ["E", "Y", "E"],
                       "entered": ["E", "Y", "E"], "story": "The vault opens."})
    assert result_text(won) == ("Mission accomplished: the answer was right.\n"
                                "The answer: E Y E\nEntered: E Y E\nThe vault opens.")
    lost = view(result={"won": False, "reason": "time", "answer": ["E", "Y", "E"],
                        "entered": None, "story": ""})
    assert result_text(lost).startswith("Mission lost: three time cards"), "TI-50"
