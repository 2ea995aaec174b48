"""Every game's decision-stack frames (engine/frames.py `SlotFrame`): named fields listed
in `FIELDS`, `tag` first, value semantics, pickling and repr. The frames met in random
games of all three games are checked, so the test holds for the pure and the compiled
build alike (a compiled class has no `__slots__`: `FIELDS` is what is read)."""

from __future__ import annotations

import copy
import pickle
from itertools import pairwise
from typing import Any

import pytest

from initiative.engine.frames import SlotFrame
from initiative.engine.rng import SplitMix64
from initiative.games import load_game

GAMES = ("initiative_break", "hex_skirmish", "the_initiative")


def _frames_met(game: str, seed: int) -> list[Any]:
    """Every distinct frame on the stack during a random game of `game`."""
    state = load_game(game).new_initial_state(seed)
    rng = SplitMix64(seed)
    met: dict[int, Any] = {}
    while not state.is_terminal():
        for frame in state.stack:
            met[id(frame)] = frame
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return list(met.values())


@pytest.mark.parametrize("game", GAMES)
def test_each_frame_met_in_play_has_its_fields_and_value_semantics(game: str) -> None:
    frames = _frames_met(game, 3)
    kinds = {type(frame) for frame in frames}
    assert len(frames) > 10 and all(isinstance(frame, SlotFrame) for frame in frames)
    for frame in frames:
        names = type(frame).FIELDS
        values = frame.fields()
        assert names[0] == "tag" and values[0] == frame.tag
        assert values == tuple(getattr(frame, name) for name in names)
        twin = copy.copy(frame)
        assert twin is not frame and twin == frame and hash(twin) == hash(frame)
        assert pickle.loads(pickle.dumps(frame)) == frame
        text = repr(frame)
        assert text.startswith(f"{type(frame).__name__}(")
        assert all(f"{name}={getattr(frame, name)!r}" in text for name in names[1:])
    for kind in kinds:
        with pytest.raises(AttributeError):  # immutable and slotted: no new fields either
            next(f for f in frames if type(f) is kind).extra = 1


def test_frames_of_one_kind_differ_when_one_field_does() -> None:
    frames = _frames_met("hex_skirmish", 3)
    by_kind: dict[type, list[Any]] = {}
    for frame in frames:
        by_kind.setdefault(type(frame), []).append(frame)
    for group in by_kind.values():
        for a, b in pairwise(group):
            assert (a == b) == (a.fields() == b.fields())
