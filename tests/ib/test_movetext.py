"""Move text (movetext.py): spelling, parsing, errors, and the round trip on every legal
action of random games."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from initiative.engine.errors import NotationError
from initiative.engine.rng import SplitMix64
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import Kind, action
from initiative.games.ib.match import fixture_match
from initiative.games.ib.movetext import format_action, legal_moves, parse_action
from initiative.games.ib.notation import load_position
from initiative.games.ib.record import GOLDEN, play_random
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState


@pytest.fixture
def state() -> IBState:
    """wren (North) is about to act with 1 Charge and two cards in hand."""
    return load_position({
        "setup": {"seats": [
            {"name": "North", "characters": ["wren", "pim"], "deck": "supply_a"},
            {"name": "South", "characters": ["ilse", "corvin", "pim"], "deck": "supply_a"},
        ]},
        "track": ["wren", "ilse", "pim", "corvin", "pim2", "|"],
        "units": {"wren": {"charge": 1}},
        "seats": {"North": {"hand": ["whetstone", "lamp_oil"]}},
        "stack": [{"frame": "activation", "unit": "wren", "step": "action"}],
    })


@pytest.mark.parametrize(("kind", "arg", "text"), [
    (Kind.KEEP, -1, "keep"), (Kind.MULLIGAN, -1, "mulligan"), (Kind.BASIC, -1, "basic"),
    (Kind.ADVANCED, -1, "advanced"), (Kind.BREAK_ART, -1, "breakart"), (Kind.PASS, -1, "pass"),
    (Kind.DECLINE, -1, "decline"), (Kind.DISCARD, 0, "discard 1"), (Kind.DISCARD, 4, "discard 5"),
    (Kind.TARGET, 2, "target ilse"), (Kind.TARGET, 4, "target pim2"),
    (Kind.BREAK, 3, "break corvin"), (Kind.CLEANSE, st.WEAKEN, "cleanse weaken"),
])
def test_every_kind_has_its_text(state: IBState, kind: Kind, arg: int, text: str) -> None:
    assert format_action(state, action(kind, arg)) == text


def test_parse_accepts_case_spacing_and_aliases(state: IBState) -> None:
    assert legal_moves(state) == ["basic", "advanced", "pass", "discard 1", "discard 2"]
    assert parse_action(state, "  Discard   2 ") is action(Kind.DISCARD, 1)
    assert parse_action(state, "ADVANCED") is action(Kind.ADVANCED)
    state.apply(parse_action(state, "basic"))
    assert legal_moves(state) == ["target ilse", "target corvin", "target pim2"]
    assert parse_action(state, "Target PIM2") is action(Kind.TARGET, 4)


def test_bad_or_illegal_text_lists_the_legal_moves(state: IBState) -> None:
    for text in ("fly", "breakart", "discard 3", "discard", "target ilse", ""):
        with pytest.raises(NotationError) as err:
            parse_action(state, text)
        assert str(err.value) == f"move {text!r} is not legal now (legal: basic, advanced, " \
            "pass, discard 1, discard 2)"


def test_break_art_aliases() -> None:
    state = load_position({
        "setup": {"seats": [{"name": "N", "characters": ["brask"], "deck": "supply_a"},
                            {"name": "S", "characters": ["ilse"], "deck": "supply_b"}]},
        "track": ["brask", "ilse", "|"], "units": {"brask": {"charge": 3}},
        "stack": [{"frame": "activation", "unit": "brask", "step": "action"}]})
    for text in ("breakart", "break_art", "Break-Art"):
        assert parse_action(state, text) is action(Kind.BREAK_ART)


def test_no_move_after_the_game_is_over() -> None:
    state = new_game(fixture_match(), 3)
    play_random(state, SplitMix64(3))
    with pytest.raises(NotationError, match="the game is over"):
        parse_action(state, "pass")


MATCHES = [make() for make, _ in GOLDEN.values()]


@given(hs.integers(0, len(MATCHES) - 1), hs.integers(0, 2**32))
def test_every_legal_action_round_trips_through_its_text(match_index: int, seed: int) -> None:
    state = new_game(MATCHES[match_index], seed)
    rng = SplitMix64(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        texts = [format_action(state, a) for a in legal]
        assert len(set(texts)) == len(texts)
        for a, text in zip(legal, texts, strict=True):
            assert parse_action(state, text) is a
        state.apply(legal[rng.below(len(legal))])
