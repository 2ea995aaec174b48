"""The decision stack's frames: named, immutable values (frames.py)."""

from __future__ import annotations

import copy
import pickle

from initiative.engine.rng import SplitMix64
from initiative.games.ib import frames
from initiative.games.ib.match import fixture_match
from initiative.games.ib.setup import new_game


def _every_kind() -> list[frames.Frame]:
    return [frames.MulliganFrame((0, 1), (1,)), frames.NEXT_FRAME,
            frames.ActivationFrame(2, frames.ST_ACTION, frames.F_SEALED),
            frames.ActionFrame(2, 0, (frames.PENDING,), frames.AS_TARGET, False, 0, 0, -1, 0,
                               0, -1, fixture_match().units[2].basic),
            frames.WindowFrame(frames.W_BETWEEN, (1,), ((0, 3),)),
            frames.BreakFrame(3, frames.B_RETURN, True)]


def test_each_frame_kind_has_its_tag_first_and_compares_by_value() -> None:
    for tag, frame in enumerate(_every_kind()):
        assert frame.tag == tag and frame.fields()[0] == tag
        twin = copy.copy(frame)
        assert twin == frame and hash(twin) == hash(frame) and twin is not frame
        assert pickle.loads(pickle.dumps(frame)) == frame
    action = _every_kind()[3]
    assert action.tag == frames.ACTION
    moved = action.at(frames.AS_RESOLVE)
    assert moved != action and moved.stage == frames.AS_RESOLVE
    assert moved.fields()[:4] == action.fields()[:4] and moved.fields()[5:] == action.fields()[5:]
    assert "stage=" in repr(moved) and repr(moved).startswith("ActionFrame(")


def test_a_state_pickles_and_clones_with_its_stack_mid_game() -> None:
    state = new_game(fixture_match(), 5)
    rng = SplitMix64(5)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    again = pickle.loads(pickle.dumps(state))
    assert again.stack == state.stack and again.legal_actions() == state.legal_actions()
    clone = state.clone()
    legal = clone.legal_actions()
    clone.apply(legal[0])
    assert state.stack == again.stack  # the original's frames were not touched
