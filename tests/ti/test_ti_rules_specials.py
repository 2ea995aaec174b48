"""The four sample characters' special actions (TI-13, TI-14): Sprinter (move 2),
Analyst (reveal here), Tinkerer (test_ti_rules_traps.py), Lookout (arrange the top 3)."""

from __future__ import annotations

from initiative.engine.chance import ExplicitChance
from initiative.engine.contract import CHANCE, GAME_MASTER
from initiative.games.ti import events as ev
from initiative.games.ti import tokens
from tests.ti.build import card, cards, do, kinds, legal_texts, position
from tests.ti.sample import R1, R5

HAND = ["circle-3", "square-5", "triangle-9", "circle-12"]
LOOKOUT = ("lookout", "sprinter")
COUNTER, ALPHA = 9, 0


def _pay(state_hand: list[str]) -> list[str]:
    return ["special", f"discard {card(state_hand[0])}", f"discard {card(state_hand[1])}"]


def test_lookout_sees_the_top_three_and_puts_them_back_in_any_order() -> None:
    """The Lookout takes the top 3 cards into view (private), then puts them back one
    at a time, the first on top; the order is then known to that seat only and the
    next draws take them in that order."""
    deck = ["triangle-1", "triangle-2", "triangle-3", "triangle-4", "triangle-5"]
    state = position(hands={0: HAND}, characters=LOOKOUT, deck=deck)
    do(state, *_pay(HAND))
    looked = cards("triangle-3", "triangle-4", "triangle-5")
    assert state.looked == looked and state.top_seer == 0
    assert legal_texts(state) == [f"arrange {c}" for c in looked]
    assert (ev.SAW, 0, *looked) in state.view(0).events
    assert not [e for e in state.view(1).events if e[0] == ev.SAW]
    assert state.view(1).to_dict()["deck_count"] == 5
    do(state, f"arrange {card('triangle-4')}", f"arrange {card('triangle-3')}",
       f"arrange {card('triangle-5')}")
    assert state.deck_top == cards("triangle-4", "triangle-3", "triangle-5")
    top = [c["key"] for c in state.view(0).to_dict()["deck_top"]]
    assert top == ["triangle-4", "triangle-3", "triangle-5"]
    assert "deck_top" not in state.view(1).to_dict()
    assert "deck_top" not in state.view(GAME_MASTER).to_dict()
    do(state, "end")
    drawn = [e[2] for e in state.events() if e[0] == ev.GOT]
    assert drawn[-2:] == cards("triangle-4", "triangle-3")
    assert state.deck_top == [card("triangle-5")] and state.top_seer == 0


def test_lookout_under_explicit_chance_draws_then_knows() -> None:
    """Looking is 3 chance draws from the unordered deck; the cards put back are then
    a known prefix: the next draws from them are no chance nodes."""
    state = position(hands={0: HAND}, characters=LOOKOUT)
    state.rng = ExplicitChance()
    do(state, "special", f"discard {card('circle-3')}")
    state.apply(next(a for a in state.legal_actions()))
    looked = []
    while state.current_seat() == CHANCE:
        outcome = state.chance_outcomes()[0][0]
        looked.append(outcome.value)
        state.apply(outcome)
    assert sorted(looked) == state.looked and len(looked) == 3
    for c in looked:
        do(state, f"arrange {c}")
    do(state, "end")
    assert state.current_seat() == 1 and set(looked[:2]) <= set(state.hands[0])


def test_lookout_with_a_short_deck_sees_what_there_is() -> None:
    state = position(hands={0: HAND}, characters=LOOKOUT, deck=["triangle-1"])
    do(state, *_pay(HAND))
    assert state.looked == cards("triangle-1") and kinds(state) == {"arrange"}


def test_analyst_reveals_here_and_counter_intel_is_discarded() -> None:
    """The Analyst reveals the top token of its room (TI-37: even in a safe); counter
    intel revealed by a special action is discarded (TI-30); a glyph stays face up."""
    state = position(hands={0: HAND}, pos=[R1, R1], characters=("analyst", "lookout"),
                     reveals=(COUNTER, ALPHA))
    do(state, *_pay(HAND))
    assert state.where[COUNTER] == tokens.GONE and state.counter == [[], [], [], []]
    do(state, "special", f"discard {card('triangle-9')}", f"discard {card('circle-12')}")
    assert state.where[ALPHA] == R1 and kinds(state) == {"end", "solve"}


def test_sprinter_moves_up_to_two_rooms() -> None:
    state = position(hands={0: HAND})
    do(state, *_pay(HAND), f"move {R5}")
    assert state.stack[-1].left == 1
    assert state.view(0).to_dict()["pending"] == {
        "kind": "move_2", "seat": 0, "left": 1, "room": None, "enemy": None, "token": None,
        "answer": [], "votes": {}}
