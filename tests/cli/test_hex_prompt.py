"""The hex skirmish prompt (cli/hex_play.py, cli/hex_screen.py) on hand-built views:
how answers are read, the questions that spend no decision, and what a screen shows."""

from __future__ import annotations

import pytest

from initiative.cli.hex.prompt import (
    ChoiceError,
    card_answer,
    parse_choice,
    question,
)
from initiative.cli.hex.screen import card_text, line_text, screen
from initiative.games.hex.actions import Kind, act
from initiative.games.hex.actions import index as action_index
from initiative.games.hex.geometry import Hex
from tests.cli.hex_views import CARDS, unit, view

UNITS = [unit(0, Hex(0, 0), 0), unit(1, Hex(0, -2), 3)]


def _menu() -> list[dict[str, object]]:
    entries = [(act(Kind.STEP, 0), "step N"), (act(Kind.STEP, 2), "step SE"),
               (act(Kind.TARGET, 1), "target 1")]
    return [{"index": action_index(a), "kind": "x", "arg": a.arg, "text": text,
             "label": "..."} for a, text in entries]


def test_a_number_or_the_move_text_picks_the_action() -> None:
    legal = _menu()
    assert parse_choice("2", legal) == act(Kind.STEP, 2)
    assert parse_choice("  step   ne ", [*legal, {**legal[0], "text": "step NE",
                                                  "index": action_index(act(Kind.STEP, 1))}]
                        ) == act(Kind.STEP, 1)
    assert parse_choice("TARGET 1", legal) == act(Kind.TARGET, 1)


@pytest.mark.parametrize(("answer", "message"), [
    ("", "Please enter a number from 1 to 3"),
    ("0", "There is no choice 0: enter a number from 1 to 3."),
    ("4", "There is no choice 4"),
    ("-1", "There is no choice -1"),
    ("banana", "'banana' is not a choice: unknown action 'banana'"),
    ("step up", "'step up' is not a choice: 'step' needs a facing"),
    ("step S", "'step S' is not legal now; legal: step N, step SE, target 1."),
])
def test_bad_answers_say_what_is_wrong(answer: str, message: str) -> None:
    with pytest.raises(ChoiceError) as caught:
        parse_choice(answer, _menu())
    assert message in str(caught.value)


def test_card_lookup_by_name_key_or_start() -> None:
    v = view(UNITS)
    assert card_answer(v, "lunge") == card_text("lunge", CARDS["lunge"])
    assert card_answer(v, "SWE") == card_text("sweep", CARDS["sweep"])
    assert "names no card" in card_answer(v, "fireball")
    assert "Lunge (lunge), Sweep (sweep)" in card_answer(v, "fireball")


def test_card_text_shows_all_three_sections() -> None:
    """HX-14: Move on top, Attack in the middle, Reaction at the bottom."""
    assert card_text("lunge", CARDS["lunge"]) == (
        "Lunge (lunge): Move 2, displace, power +1 | Attack 2 dice, push | "
        "Reaction 1 shield")
    assert card_text("sweep", CARDS["sweep"]) == (
        "Sweep (sweep): Move 0 | Attack 1 die, barrage, fumble, power -1 | "
        "Reaction move 1 with displace, power +1")


def test_questions_spend_no_decision() -> None:
    v = view(UNITS, legal=(("step", 0),))
    assert "card NAME" in (question("help", v, 0) or "")
    assert "3+ 4+: Bo's Style-card reach" in (question("reach 2", v, 0) or "")
    assert "seat number from 1 to 2" in (question("reach 7", v, 0) or "")
    assert question("step N", v, 0) is None
    assert question("1", v, 0) is None


def test_the_screen_shows_map_line_units_hand_log_and_menu() -> None:
    v = view(UNITS, pending={"kind": "turn", "seat": 0, "unit": 0, "card": None,
                             "section": None},
             legal=(("move", 0), ("attack", 1)), hand=("lunge", "sweep"),
             log=("Bo moves 2 hexes.", "Bo faces S."))
    text = screen(v, 1)
    assert "-- Since your last decision --\n  Bo faces S." in text
    assert "Bo moves" not in text, "only the log since the last prompt"
    assert "Initiative line: 1.Ann 2.Bo >3.Bo 4.Ann 5.special" in text
    assert "  1 Ann, Style Lance: at 0,0 facing N, health 5/5, power 0\n" \
           "      hand 2, deck 6, discard 0\n" in text
    assert "      hand 3, deck 7, discard 1 (Sweep)" in text, "discards are public"
    assert "Ann's hand:\n  slot 0: Lunge (lunge)\n      Move 2, displace" in text
    assert "  slot 1: Sweep (sweep)\n      Move 0 | Attack 1 die" in text
    assert "   1. move 0    - do move 0" in text
    assert "3+ 4+: Ann's Style-card reach" in text, "a turn shows the reach"


def test_hidden_cards_read_as_question_marks() -> None:
    """HX-A1 one_per_turn: an unrevealed card is `?`."""
    v = view(UNITS)
    v["line"] = {"cards": [1, None, None, None, "special"], "at": 0}
    assert line_text(v) == "Initiative line: >1.Bo 2.? 3.? 4.? 5.special"


def test_a_spectator_has_no_hand_section() -> None:
    text = screen(view(UNITS, seat=-3), 0)
    assert "hand (seat" not in text
    assert "decides" not in text


def test_dice_are_shown_once_rolled() -> None:
    v = view(UNITS, seat=1, legal=(("react", 0), ("decline", 0)),
             pending={"kind": "react", "seat": 1, "unit": 1, "card": "lunge",
                      "section": "attack", "attacker": 0, "targets": [1],
                      "rolls": {"1": [5, 2]}, "hits": {"1": 1}})
    text = screen(v, 0)
    assert "Dice:\n  against Bo: rolled 5 2, 1 hit\n" in text
    assert "Bo decides: react (Lunge, attack)" in text


def test_a_move_says_how_many_steps_are_left() -> None:
    """HX-16: a move is exactly N steps, taken one at a time."""
    v = view(UNITS, legal=(("step", 0),),
             pending={"kind": "move", "seat": 0, "unit": 0, "steps_left": 2,
                      "card": "lunge", "section": "move"})
    assert "Ann decides: move (Lunge, move; 2 steps left)" in screen(v, 0)
