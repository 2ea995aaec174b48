"""Clue tokens and feature tokens: where each lies, what it is, and reveals (TI-3,
TI-4, TI-19, TI-21, TI-26..TI-38).

`state.where[t]` is the room a face-up token (or a feature) lies in, or one of DOWN
(face down in a stack), GONE (collected, removed or discarded) and ON_PILE (a counter
intel token on its action card, TI-30). Stacks are not dealt in advance: stack s holds
`state.tan_left[s]` face-down tan tokens and the extra tokens `state.extras[s]`; a
reveal is a chance event that turns up one of the stack's extras with probability
extras/size (which one uniformly), else a tan token drawn uniformly from the tan tokens
nobody has seen yet (`state.tan_pool`). That is the distribution of the shuffled deal
(TI-3), and nothing face down has an identity until it is revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti.setup import TISetup
from initiative.games.ti.specs import Feature, TokenSpec

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

DOWN = -1
GONE = -2
ON_PILE = -3


def spec(setup: TISetup, token: int) -> TokenSpec | Feature:
    """The face of clue token `token`, or the feature it is."""
    clues = setup.clue_tokens
    return clues[token] if token < len(clues) else setup.features[token - len(clues)]


def kind(setup: TISetup, token: int) -> str:
    return spec(setup, token).kind


def icon(setup: TISetup, token: int) -> str | None:
    face = spec(setup, token)
    return face.icon if isinstance(face, TokenSpec) else None


def in_room(state: TIState, room: int) -> list[int]:
    """Face-up tokens and features in `room`, by number."""
    return [t for t, at in enumerate(state.where) if at == room]


def has_kind(state: TIState, room: int, kinds: frozenset[str]) -> bool:
    """Some face-up token or feature in `room` is of one of `kinds`."""
    where = state.where
    held = where.count(room)  # most rooms hold none: one scan in C
    if not held:
        return False
    setup = state.setup
    t = -1
    for _ in range(held):  # the tokens in the room alone, each found in C (a loop, not
        t = where.index(room, t + 1)  # any(generator): that would make `room`, `kinds`
        if kind(setup, t) in kinds:  # and `setup` cells, a cost at every call)
            return True
    return False


def stack_of(setup: TISetup, room: int) -> int:
    """The index of `room`'s clue stack, or -1."""
    for i, stack in enumerate(setup.mission.stacks):
        if stack.room == room:
            return i
    return -1


def stack_size(state: TIState, room: int) -> int:
    """Face-down tokens in `room`'s stack."""
    s = stack_of(state.setup, room)
    return 0 if s < 0 else state.tan_left[s] + len(state.extras[s])


ALARMS = frozenset({"alarm"})
MASTER_ALARM = frozenset({"master_alarm"})
SAFES = frozenset({"safe"})
TRIPWIRES = frozenset({"laser_tripwire"})


def cameras_in(state: TIState, room: int) -> int:
    """TI-28, TI-A8: face-up cameras in `room` (a master camera counts while the flag
    `master_tokens_have_base_trap_effect` is on)."""
    setup = state.setup
    count = 0
    for t, at in enumerate(state.where):
        if at == room:
            k = kind(setup, t)
            if k == "camera" or (k == "master_camera"
                                 and state.rules.master_tokens_have_base_trap_effect):
                count += 1
    return count


def alarmed(state: TIState, room: int) -> bool:
    """TI-34, TI-A8: a face-up alarm (or master alarm under the flag) in `room`."""
    if has_kind(state, room, ALARMS):
        return True
    return state.rules.master_tokens_have_base_trap_effect and \
        has_kind(state, room, MASTER_ALARM)


def reveal_top(state: TIState, room: int) -> int:
    """Turn up the top token of `room`'s stack (which must hold one): a chance event
    (module docstring). The token lies face up in the room afterwards."""
    s = stack_of(state.setup, room)
    extras = state.extras[s]
    size = state.tan_left[s] + len(extras)
    pick = state.rng.below(size) if extras else size
    if pick < len(extras):
        token = extras.pop(pick)
    else:
        token = state.rng.draw(state.tan_pool)
        state.tan_left[s] -= 1
    state.where[token] = room
    return token
