"""Locked doors as designers write them (TI-36, TI-43, TI-A23): a content file puts a
door on a printed passage (the validator insists on it), and the door stands in that
passage's place: while locked nothing passes or reaches through it (RUN, a special
move, enemy paths, nearby); unlocked, it is a passage again. Tested on the shipped
missions gallery_after_dark (door rotunda-study) and observatory_vault (door
cloakroom-vault)."""

from __future__ import annotations

from typing import Any

import pytest

from initiative.games.ti import enemies, graph, traps
from initiative.games.ti.board_text import render_board
from initiative.games.ti.loader import load_the_initiative
from initiative.games.ti.notation import load_position, position_of
from initiative.games.ti.state import TIState


def shipped(mission: str, rooms: tuple[str, str], *, unlocked: bool = False,
            rules: dict[str, Any] | None = None) -> TIState:
    """Seat 0 (Pip, who moves 2 rooms) to play, seat 1 (Rook, who disarms nearby),
    standing in `rooms`; the mission's doors as set up (locked, TI-36) or unlocked."""
    game = load_the_initiative(mission=mission, characters="pip+rook", rules=rules or {})
    state = game.new_initial_state(7)
    state.apply(next(a for a in state.legal_actions() if str(a) == "first 0"))
    data = position_of(state)
    keys = [room.key for room in game.setup.board.rooms]
    data["board"]["characters"] = [keys.index(r) for r in rooms]
    if unlocked:
        data["board"]["doors_locked"] = [False] * len(game.setup.mission.doors)
    return load_position(data)


def room_keys(state: TIState, rooms: list[int]) -> list[str]:
    return sorted(state.setup.board.rooms[r].key for r in rooms)


def moves(state: TIState) -> list[str]:
    """The rooms the pending move offers."""
    return room_keys(state, [a.arg for a in state.legal_actions() if str(a).startswith("move")])


def start_run(state: TIState) -> None:
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("play run")))


def start_special(state: TIState) -> None:
    state.apply(next(a for a in state.legal_actions() if str(a) == "special"))
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions() if str(a).startswith("discard")))


@pytest.mark.parametrize("unlocked", [False, True])
def test_ti36_tia23_a_run_from_the_rotunda_passes_the_study_door_only_unlocked(
        unlocked: bool) -> None:
    """TI-17, TI-36, TI-A23: gallery_after_dark's rotunda-study door is a wall while
    locked; a RUN from the rotunda offers the study only once it is unlocked."""
    state = shipped("gallery_after_dark", ("rotunda", "porch"), unlocked=unlocked)
    start_run(state)
    assert moves(state) == sorted(["telescope", "gallery", "cloakroom",
                                   *(["study"] if unlocked else [])])


@pytest.mark.parametrize("unlocked", [False, True])
def test_ti36_a_special_move_stops_at_the_locked_door(unlocked: bool) -> None:
    """TI-13, TI-36: Pip's special move takes the same ways as a RUN."""
    state = shipped("gallery_after_dark", ("rotunda", "porch"), unlocked=unlocked)
    start_special(state)
    assert ("study" in moves(state)) is unlocked


@pytest.mark.parametrize("unlocked", [False, True])
def test_ti43_tia18_enemy_paths_go_round_a_locked_door(unlocked: bool) -> None:
    """TI-43, TI-A18: observatory_vault's Warden (study) heads 1 room toward the
    players in the cloakroom. The cloakroom-vault door locked, the vault is 3 rooms from
    them (round by the study), so the Warden goes to the rotunda; unlocked, the vault is
    next to them too, a tie."""
    state = shipped("observatory_vault", ("cloakroom", "cloakroom"), unlocked=unlocked)
    keys = [room.key for room in state.setup.board.rooms]
    warden = next(i for i, p in enumerate(state.setup.mission.enemies) if p.enemy == "warden")
    assert keys[state.enemy_room[warden]] == "study"
    ability = enemies.enemy(state, warden).abilities[0]
    assert (ability.effect, ability.rooms) == ("move_toward", 1)
    assert graph.distances(state, [keys.index("cloakroom")])[keys.index("vault")] == \
        (1 if unlocked else 3)
    assert room_keys(state, enemies.destinations(state, warden, ability)) == sorted(
        ["rotunda", *(["vault"] if unlocked else [])])


@pytest.mark.parametrize(("unlocked", "blocks"), [(False, True), (True, True), (False, False)])
def test_tia23_nearby_reaches_through_the_door_only_when_unlocked_or_by_the_flag(
        unlocked: bool, blocks: bool) -> None:
    """TI-18, TI-A23: from the study, gallery_after_dark's rotunda (with its alarm) is
    nearby for Rook's disarm only when the door is unlocked, or under
    `locked_door_blocks_adjacency: false` (which still lets nobody through, TI-36)."""
    state = shipped("gallery_after_dark", ("porch", "study"), unlocked=unlocked,
                    rules={"locked_door_blocks_adjacency": blocks})
    keys = [room.key for room in state.setup.board.rooms]
    study, rotunda = keys.index("study"), keys.index("rotunda")
    reach = unlocked or not blocks
    assert (rotunda in graph.nearby(state, study)) is reach
    assert (rotunda in graph.neighbours(state, study)) is unlocked
    alarm = [t for t in traps.disarm_targets(state, 1, True) if state.where[t] == rotunda]
    assert bool(alarm) is reach


def test_ti36_the_view_draws_one_way_for_the_door() -> None:
    """Views and the map show the rotunda-study way once, as the locked door (a bot
    reading the view finds no open passage there)."""
    state = shipped("gallery_after_dark", ("rotunda", "porch"))
    keys = [room.key for room in state.setup.board.rooms]
    pair = sorted((keys.index("rotunda"), keys.index("study")))
    view = state.view(0).to_dict()
    found = [k for k in view["board"]["links"] if sorted((k["a"], k["b"])) == pair]
    assert found == [{"a": pair[0], "b": pair[1], "kind": "door", "locked": True, "door": 0}]
    assert "L0" in render_board(view)


def test_ti32_ti36_a_keypad_opens_the_study_door_for_the_next_run() -> None:
    """TI-32, TI-36: gallery_after_dark's keypad token, face up in the rotunda, is
    collected by GATHER and unlocks the rotunda-study door: the RUN that follows from the
    rotunda offers the study."""
    state = shipped("gallery_after_dark", ("rotunda", "porch"))
    keys = [room.key for room in state.setup.board.rooms]
    keypad = next(t for t, face in enumerate(state.setup.clue_tokens) if face.kind == "keypad")
    data = position_of(state)
    data["tokens"]["tan_pool"].remove(keypad)
    data["tokens"]["rooms"][keys.index("rotunda")].append(keypad)
    stack = next(i for i, s in enumerate(state.setup.mission.stacks)
                 if keys[s.room] == "rotunda")
    data["tokens"]["stacks"][stack]["tan"] -= 1
    state = load_position(data)
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("play gather")))
    state.apply(next(a for a in state.legal_actions() if str(a) == f"collect {keypad}"))
    assert [str(a) for a in state.legal_actions()] == ["door 0"]
    state.apply(state.legal_actions()[0])
    assert state.locked == [False]
    state.apply(next(a for a in state.legal_actions() if str(a) == "stop"))
    start_run(state)
    assert "study" in moves(state)
