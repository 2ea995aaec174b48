"""Rooms and ways: RUN (TI-17), nearby (TI-18), locked doors (TI-36, TI-A23), laser
tripwires (TI-38) and wall tokens."""

from __future__ import annotations

import pytest

from initiative.games.ti import events as ev
from initiative.games.ti import graph
from tests.ti.build import card, do, legal_texts, position
from tests.ti.sample import R1, R2, R3, R4, R5, R6

HAND = ["circle-3", "square-5", "triangle-9", "circle-12"]


def test_ti17_run_moves_up_to_three_adjacent_rooms() -> None:
    state = position(hands={0: HAND})
    do(state, f"play run {card('circle-3')}")
    assert legal_texts(state) == [f"move {R1}", f"move {R5}", "stop"]
    do(state, f"move {R1}", f"move {R2}")
    assert legal_texts(state) == [f"move {R1}", f"move {R5}", "stop"]  # door R2-R3 locked
    do(state, f"move {R1}")
    assert state.pos[0] == R1 and state.stack[-1].tag == 1  # back at the main step


def test_ti17_wall_tokens_close_printed_passages() -> None:
    """TI-17: DRILL's wall token closes R5-R6."""
    state = position("drill", hands={0: HAND}, pos=[R5, R5])
    assert graph.neighbours(state, R5) == [R2, R4]
    assert graph.neighbours(state, R6) == [R3]
    links = state.view(0).to_dict()["board"]["links"]
    assert {"a": R5, "b": R6, "kind": "wall_token", "locked": False, "door": None} in links


def test_ti38_tripwire_ends_a_run_but_not_the_sprinters_move() -> None:
    """TI-38: a RUN entering the tripwire room ends there; leaving is free; the
    Sprinter's special move is no RUN."""
    state = position(hands={0: HAND})
    do(state, f"play run {card('circle-3')}", f"move {R5}")
    assert (ev.TRIPPED, 0, R5) in state.events()
    assert "move" not in {t.split()[0] for t in legal_texts(state)}
    do(state, f"play run {card('circle-12')}", f"move {R6}")
    assert state.pos[0] == R6 and legal_texts(state)[0] == f"move {R3}"
    state = position(hands={0: HAND})
    do(state, "special", f"discard {card('circle-3')}", f"discard {card('square-5')}",
       f"move {R5}")
    assert legal_texts(state) == [f"move {R2}", f"move {R4}", f"move {R6}", "stop"]


def test_ti36_locked_door_is_a_wall_until_unlocked() -> None:
    state = position(hands={0: HAND}, pos=[R2, R4])
    assert R3 not in graph.neighbours(state, R2)
    state.locked[0] = False
    assert R3 in graph.neighbours(state, R2)
    assert state.view(0).to_dict()["board"]["links"][-1]["locked"] is False


@pytest.mark.parametrize("blocks", [True, False])
def test_tia23_locked_door_and_nearby(blocks: bool) -> None:
    """TI-A23 `locked_door_blocks_adjacency`: on (default), rooms split by a locked
    door are not nearby; off, they are nearby though nobody may pass (TI-36)."""
    state = position(hands={0: HAND}, pos=[R2, R2],
                     rules={"locked_door_blocks_adjacency": blocks})
    assert (R3 in graph.nearby(state, R2)) is not blocks
    assert R3 not in graph.neighbours(state, R2)


def test_ti18_nearby_is_the_room_and_its_neighbours() -> None:
    state = position(hands={0: HAND})
    assert graph.nearby(state, R4) == [R1, R4, R5]
    assert graph.nearby(state, R5) == [R2, R4, R5, R6]
