"""Skirmish actions: small, interned, hashable, with a stable integer index.

A turn is a short sequence of sub-decisions (GUIDE 2), never a flat product: the card
and its section (`PLAY_MOVE`/`PLAY_ATTACK` by hand slot), then each step of a move
(`STEP` by facing, `DISPLACE` by facing for a displaced unit, `STOP` under the
`move_exact: false` house rule), the facing (`FACE`), the target (`TARGET` by seat),
the barrage order (`ORDER` by seat), a push (`PUSH` by facing), and each target's
reaction (`REACT` by hand slot, or `DECLINE`). `PASS` exists only under the
`allow_voluntary_pass` house rule (HX-A17). A fumble (HX-28) is the target's `FACE`.

Indices are fixed for the game and only ever appended to, so RL policies stay valid.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from initiative.engine.action_table import action_table
from initiative.games.hex.geometry import FACING_NAMES, FACINGS

MAX_SEATS = 6
"""Seats an action can name (the shipped boards seat 2 to 4)."""
MAX_HAND = 4
"""HX-4: a hand is at most the 4 cards drawn."""


class Kind(IntEnum):
    PLAY_MOVE = 0  # HX-12: play hand slot `arg` for its Move section
    PLAY_ATTACK = 1  # HX-12: play hand slot `arg` for its Attack section
    PASS = 2  # HX-A17 house rule: pass although a card is playable
    STEP = 3  # HX-16: move one hex in facing `arg`
    DISPLACE = 4  # HX-21: put the displaced unit on its neighbour in facing `arg`
    STOP = 5  # HX-A7 house rule move_exact false: end the move early
    FACE = 6  # HX-19 / HX-20 / HX-28: face `arg`
    TARGET = 7  # HX-23: attack the unit of seat `arg`
    ORDER = 8  # HX-27: seat `arg` reacts next under a barrage
    PUSH = 9  # HX-29: push the target to its neighbour in facing `arg`
    REACT = 10  # HX-30: discard hand slot `arg` for its Reaction section
    DECLINE = 11  # HX-30: no reaction


SIZES: dict[Kind, int] = {
    Kind.PLAY_MOVE: MAX_HAND, Kind.PLAY_ATTACK: MAX_HAND, Kind.PASS: 1,
    Kind.STEP: FACINGS, Kind.DISPLACE: FACINGS, Kind.STOP: 1, Kind.FACE: FACINGS,
    Kind.TARGET: MAX_SEATS, Kind.ORDER: MAX_SEATS, Kind.PUSH: FACINGS,
    Kind.REACT: MAX_HAND, Kind.DECLINE: 1,
}
"""How many indices each kind takes, in index order."""


@dataclass(frozen=True)
class HexAction:
    """One sub-decision: what kind, and its argument (slot, facing or seat)."""

    kind: Kind
    arg: int = 0

    def __str__(self) -> str:
        return action_text(self)


def action_text(action: HexAction) -> str:
    """A short move text, e.g. `move 2`, `step NE`, `target 1` (see docs/hex.md)."""
    k, arg = action.kind, action.arg
    if k in (Kind.STEP, Kind.DISPLACE, Kind.FACE, Kind.PUSH):
        return f"{_WORDS[k]} {FACING_NAMES[arg]}"
    if k in (Kind.PASS, Kind.STOP, Kind.DECLINE):
        return _WORDS[k]
    return f"{_WORDS[k]} {arg}"


_WORDS = {Kind.PLAY_MOVE: "move", Kind.PLAY_ATTACK: "attack", Kind.PASS: "pass",
          Kind.STEP: "step", Kind.DISPLACE: "displace", Kind.STOP: "stop",
          Kind.FACE: "face", Kind.TARGET: "target", Kind.ORDER: "order",
          Kind.PUSH: "push", Kind.REACT: "react", Kind.DECLINE: "decline"}
WORDS_TO_KIND = {word: kind for kind, word in _WORDS.items()}

_TABLE: Final = action_table(Kind, SIZES, HexAction)
_OFFSETS: Final = _TABLE.offsets
ALL: Final = _TABLE.all
"""Every action, interned, in index order: `ALL[index(a)] == a`."""
_INDEX: Final = _TABLE.indices
NUM_ACTIONS: Final = len(ALL)
"""Distinct action indices."""


def act(kind: Kind, arg: int = 0) -> HexAction:
    """The interned action."""
    return ALL[_OFFSETS[kind] + arg]


def by_arg(kind: Kind) -> tuple[HexAction, ...]:
    """Every action of `kind`, by argument: `by_arg(kind)[arg] is act(kind, arg)` (the
    rules' hot paths index these rather than call `act`)."""
    return tuple(act(kind, arg) for arg in range(SIZES[kind]))


def index(action: HexAction) -> int:
    """The stable integer index of `action`."""
    return _INDEX[action]


def from_index(i: int) -> HexAction:
    """The action with index `i`; IndexError if there is none."""
    if not 0 <= i < NUM_ACTIONS:
        raise IndexError(f"no hex_skirmish action has index {i} (0..{NUM_ACTIONS - 1})")
    return ALL[i]


def parse(text: str) -> HexAction:
    """An action from its move text (`action_text`); ValueError names what is wrong."""
    word, _, rest = text.strip().lower().partition(" ")
    kind = WORDS_TO_KIND.get(word)
    if kind is None:
        raise ValueError(f"unknown action {word!r} (known: {', '.join(WORDS_TO_KIND)})")
    rest = rest.strip()
    if SIZES[kind] == 1 and kind in (Kind.PASS, Kind.STOP, Kind.DECLINE):
        if rest:
            raise ValueError(f"{word!r} takes no argument, got {rest!r}")
        return act(kind)
    if kind in (Kind.STEP, Kind.DISPLACE, Kind.FACE, Kind.PUSH):
        if rest.upper() not in FACING_NAMES:
            raise ValueError(f"{word!r} needs a facing ({', '.join(FACING_NAMES)}), "
                             f"got {rest!r}")
        return act(kind, FACING_NAMES.index(rest.upper()))
    if not rest.isdigit() or int(rest) >= SIZES[kind]:
        raise ValueError(f"{word!r} needs a number 0..{SIZES[kind] - 1}, got {rest!r}")
    return act(kind, int(rest))
