"""`help`, `card NAME` and `unit NAME` at the prompts of `initiative play` (issue 16
item 2): they print the text and ask again without spending the decision, and a card's
answer never depends on where hidden cards are (IB 2.8: hands are hidden)."""

from __future__ import annotations

import random

import pytest

from initiative.bots import make_bot
from initiative.cli.ib import lookup
from initiative.cli.menu_choice import PROMPT
from initiative.games.ib.match import Match
from initiative.games.ib.setup import IBGame, new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.text import details, guide
from initiative.server.ib.setup import parse_setup
from tests.cli.helpers import run_cli
from tests.server.support import content


def _game(seed: int, decisions: int) -> IBState:
    setup = parse_setup({"mode": "1v1", "seat0_team": "tideguard", "seat1_team": "ashfall"},
                        content())
    match = setup.build(content(), seed)
    state = new_game(match, seed)
    bots = [make_bot("random", IBGame(match), seed + s) for s in range(2)]
    for _ in range(decisions):
        if state.is_terminal():
            break
        seat = state.current_seat()
        state.apply(bots[seat].choose(state.view(seat)))
    return state


def test_help_lists_the_commands_and_every_topic_with_its_rule_ids() -> None:
    text = lookup.answer("help", _game(1, 0).view(0), _game(1, 0).match)
    assert text is not None
    for command in ("card NAME", "unit NAME", "help"):
        assert command in text
    for topic in guide.TOPICS:
        assert topic.key in text and topic.rules in text
    assert "flag" in text  # flags can change a reading
    state = _game(1, 0)
    round_text = lookup.answer("help round", state.view(0), state.match) or ""
    assert "IB-3.5.3" in round_text and "out of round" in round_text
    assert "No help topic" in (lookup.answer("help nonsense", state.view(0), state.match) or "")


def test_other_answers_are_left_to_the_choice_parser() -> None:
    state = _game(1, 0)
    for text in ("1", "keep", "target wren", "", "cards"):
        assert lookup.answer(text, state.view(0), state.match) is None


@pytest.mark.parametrize("seed", [3, 8])
def test_a_card_answer_never_depends_on_hidden_cards(seed: int) -> None:
    """Every card name asked by either seat, at several moments: the answer is the card's
    public text (the first card of the content with that name), whoever holds it."""
    cards = content().cards
    first = {}
    for card, spec in enumerate(cards):
        first.setdefault(spec.name, card)
    for decisions in (0, 30, 90):
        state = _game(seed, decisions)
        for seat in (0, 1):
            view = state.view(seat)
            for name, card in first.items():
                expected = details.card_details(content(), card).plain()
                assert lookup.answer(f"card {name.upper()}", view, state.match) == expected


def test_card_and_unit_by_prefix_with_clear_answers_when_unknown_or_ambiguous() -> None:
    state = _game(2, 0)
    view, match = state.view(0), state.match
    own = view.card_name(view.hand[0])
    assert (lookup.answer(f"card {own.lower()}", view, match) or "").startswith(f"{own}: ")
    assert (lookup.answer("card  field   r", view, match) or "").startswith("Field Ration: ")
    assert lookup.answer("card zzzz", view, match) == "No card is called 'zzzz'."
    assert "name a card" in (lookup.answer("card", view, match) or "")
    many = lookup.answer("card s", view, match) or ""
    assert "match:" in many and "Type more" in many
    wren = lookup.answer("unit Wren", view, match) or ""
    assert wren.startswith("Wren Aldous") and "Basic Attack" in wren and "Keystone" in wren
    assert "Speed 4" in wren and "you (" in wren
    assert lookup.answer("unit wre", view, match) == wren, "a prefix of the label"
    missing = lookup.answer("unit zed", view, match) or ""
    assert missing.startswith("No unit 'zed'") and "wren" in missing


def test_a_challenge_card_has_its_table_and_phases() -> None:
    setup = parse_setup({"mode": "solo", "seat0_team": "tideguard",
                         "encounter": "heart_of_the_rift"}, content())
    match: Match = setup.build(content(), 4)
    state = new_game(match, 4)
    view = state.view(0)
    text = lookup.answer("unit stopped", view, match) or ""
    assert "Challenge Card (icon), played by the game" in text
    assert "d6 1" in text and "Phase 2" in text and "IB-6.4.2" in text


def test_play_answers_questions_at_the_prompt_without_spending_the_decision() -> None:
    done = run_cli(["play", "--seed", "5", "--max-activations", "3"],
                   "help\ncard field ration\nunit brask\nhelp collapse\nkeep\nq\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Traceback" not in out + done.stderr
    assert out.count(PROMPT) == 6, "each question is answered, then the same prompt again"
    before_keep = out.split(f"{PROMPT}keep")[0]
    assert "Player 1 keeps" not in before_keep, "no question spent the decision"
    assert "card NAME" in before_keep and "Time Collapse (IB-3.6" in before_keep
    assert "Field Ration: Supply card" in before_keep
    assert "Brask Holloway" in before_keep and "Break Art (3 Charge)" in before_keep
    assert "Player 1 keeps their opening hand." in out


def test_random_prompts_answer_every_shown_unit_by_label() -> None:
    rng = random.Random(5)
    for decisions in (0, 25, 60, 120):
        state = _game(rng.randrange(100), decisions)
        view = state.view(0)
        for unit in details.shown_units(view):
            text = lookup.answer(f"unit {unit.label}", view, state.match) or ""
            assert text.startswith(unit.name), (unit.label, text[:80])
            assert f"HP {unit.hp}/{unit.max_hp}" in text
