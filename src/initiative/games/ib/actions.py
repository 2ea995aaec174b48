"""Initiative Break actions: small, interned, hashable, with a stable integer index.

Compound choices are short sequences of sub-decisions (GUIDE 2): first the attack, then
one `target` per clause that picks a unit (indexed by unit slot), never a flat product.
Indices are fixed for the game and only ever appended to, so RL policies stay valid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

MAX_UNITS: Final = 10
"""IB 7.8 / 8.2: never more than 10 units on the track."""
MAX_SUPPORTS: Final = 128
"""Support slots in one game (after the track units): one per seat and Support card of
the content, e.g. 8 seats (IB 8.2) with 16 Support cards."""
MAX_HAND: Final = 5
"""IB 2.8.3: the hand limit."""
NUM_STATUSES: Final = 7
MAX_SIGILS: Final = 2
"""IB 2.3.5: at most two Sigils installed on a Character."""
MAX_TIERS: Final = 3
"""AMB-46: Sigil tiers are "Discard 1" to "Discard 3"."""


class Kind(IntEnum):
    KEEP = 0  # IB 2.8.2: keep the opening hand
    MULLIGAN = 1  # IB 2.8.2: take the one mulligan
    BASIC = 2  # IB 4.1
    ADVANCED = 3  # IB 4.2
    BREAK_ART = 4  # IB 4.3 A
    PASS = 5  # IB 4.9
    DECLINE = 6  # IB 3.7: declare no Initiative Break in this window
    DISCARD = 7  # IB 2.8.7: free discard of hand slot `arg`
    TARGET = 8  # IB 3.8: choose unit `arg` as this clause's target
    BREAK = 9  # IB 3.7: declare an Initiative Break with unit `arg`
    CLEANSE = 10  # IB 5.2.8: remove status `arg` (unnamed Cleanse)
    PLAY = 11  # IB 4.4 / 4.8: play the Technique or Event in hand slot `arg`
    KEYSTONE = 12  # IB 4.6: use the active Character's Keystone ability
    INSTALL = 13  # IB 4.5: install the Sigil in hand slot `arg`
    SIGIL = 14  # IB 4.5: activate the active unit's installed Sigil `arg` (0 or 1)
    TIER = 15  # IB 4.5.7: use tier `arg` + 1 ("Discard arg+1") of the Sigil
    REPLACE = 16  # IB 4.5.5: discard installed Sigil `arg` of the recipient to make room
    TARGET_SUPPORT = 17  # IB 2.5.2 / 3.8.1: choose Support slot `arg` as the target
    FLUX = 18  # IB 7.4.2: spend a campaign Flux Surge token on option `arg` (FLUX_OPTIONS)


# Plain-int twins of the kinds for the hot path (an IntEnum member lookup costs ~4x).
K_KEEP: Final = 0
K_MULLIGAN: Final = 1
K_BASIC: Final = 2
K_ADVANCED: Final = 3
K_BREAK_ART: Final = 4
K_PASS: Final = 5
K_DECLINE: Final = 6
K_DISCARD: Final = 7
K_TARGET: Final = 8
K_BREAK: Final = 9
K_CLEANSE: Final = 10
K_PLAY: Final = 11
K_KEYSTONE: Final = 12
K_INSTALL: Final = 13
K_SIGIL: Final = 14
K_TIER: Final = 15
K_REPLACE: Final = 16
K_TARGET_SUPPORT: Final = 17
K_FLUX: Final = 18
assert [int(k) for k in Kind] == [
    K_KEEP, K_MULLIGAN, K_BASIC, K_ADVANCED, K_BREAK_ART, K_PASS, K_DECLINE, K_DISCARD, K_TARGET,
    K_BREAK, K_CLEANSE, K_PLAY, K_KEYSTONE, K_INSTALL, K_SIGIL, K_TIER, K_REPLACE,
    K_TARGET_SUPPORT, K_FLUX]
FLUX_OPTIONS = ("draw", "heal_all", "heal_active")
"""IB 7.4.2: draw 1 card; heal all your Characters 1 HP; heal the active Character 3 HP."""

_WORDS = {
    Kind.KEEP: "keep",
    Kind.MULLIGAN: "mulligan",
    Kind.BASIC: "basic",
    Kind.ADVANCED: "advanced",
    Kind.BREAK_ART: "breakart",
    Kind.PASS: "pass",
    Kind.DECLINE: "decline",
    Kind.DISCARD: "discard",
    Kind.TARGET: "target",
    Kind.BREAK: "break",
    Kind.CLEANSE: "cleanse",
    Kind.PLAY: "play",
    Kind.KEYSTONE: "keystone",
    Kind.INSTALL: "install",
    Kind.SIGIL: "sigil",
    Kind.TIER: "tier",
    Kind.REPLACE: "replace",
    Kind.TARGET_SUPPORT: "target",
    Kind.FLUX: "flux",
}
_ARG_COUNT = {Kind.DISCARD: MAX_HAND, Kind.TARGET: MAX_UNITS, Kind.BREAK: MAX_UNITS,
              Kind.CLEANSE: NUM_STATUSES, Kind.PLAY: MAX_HAND, Kind.INSTALL: MAX_HAND,
              Kind.SIGIL: MAX_SIGILS, Kind.TIER: MAX_TIERS, Kind.REPLACE: MAX_SIGILS,
              Kind.TARGET_SUPPORT: MAX_SUPPORTS, Kind.FLUX: 3}


@dataclass(frozen=True)
class Action:
    """One decision. `arg` is a hand slot, unit slot or status id, or -1."""

    kind: Kind
    arg: int = -1
    index: int = field(default=-1, compare=False)

    def __repr__(self) -> str:
        return f"Action({self.kind.name}{'' if self.arg < 0 else f', {self.arg}'})"


def _build_table() -> tuple[tuple[Action, ...], dict[tuple[Kind, int], Action]]:
    table: list[Action] = []
    for kind in Kind:
        for arg in range(_ARG_COUNT[kind]) if kind in _ARG_COUNT else (-1,):
            table.append(Action(kind, arg, len(table)))
    return tuple(table), {(a.kind, a.arg): a for a in table}


ACTIONS, _BY_KEY = _build_table()
NUM_ACTIONS = len(ACTIONS)
KIND_CODES: Final = tuple(int(a.kind) for a in ACTIONS)
"""`int(action.kind)` by the `index` of an interned action: a plain int, which pure
Python compares several times faster than the IntEnum (the rules' dispatch on a chosen
action reads it; `IBState.apply` hands them the interned twin)."""


def action(kind: Kind, arg: int = -1) -> Action:
    """The interned action for `kind` and `arg`."""
    return _BY_KEY[(kind, arg)]


KEEP: Final = action(Kind.KEEP)
MULLIGAN: Final = action(Kind.MULLIGAN)
BASIC: Final = action(Kind.BASIC)
ADVANCED: Final = action(Kind.ADVANCED)
BREAK_ART: Final = action(Kind.BREAK_ART)
PASS: Final = action(Kind.PASS)
DECLINE: Final = action(Kind.DECLINE)
DISCARDS: Final = tuple(action(Kind.DISCARD, i) for i in range(MAX_HAND))
DISCARD_MENUS: Final = tuple(DISCARDS[:n] for n in range(MAX_HAND + 1))
"""`DISCARD_MENUS[n]`: the discards a hand of `n` cards offers (`DISCARDS[:n]`, made once:
the menus read it rather than slice a new tuple at each decision)."""
TARGETS: Final = tuple(action(Kind.TARGET, i) for i in range(MAX_UNITS))
BREAKS: Final = tuple(action(Kind.BREAK, i) for i in range(MAX_UNITS))
CLEANSES: Final = tuple(action(Kind.CLEANSE, i) for i in range(NUM_STATUSES))
PLAYS: Final = tuple(action(Kind.PLAY, i) for i in range(MAX_HAND))
KEYSTONE: Final = action(Kind.KEYSTONE)
INSTALLS: Final = tuple(action(Kind.INSTALL, i) for i in range(MAX_HAND))
SIGILS: Final = tuple(action(Kind.SIGIL, i) for i in range(MAX_SIGILS))
TIERS: Final = tuple(action(Kind.TIER, i) for i in range(MAX_TIERS))
REPLACES: Final = tuple(action(Kind.REPLACE, i) for i in range(MAX_SIGILS))
SUPPORT_TARGETS: Final = tuple(action(Kind.TARGET_SUPPORT, i) for i in range(MAX_SUPPORTS))
FLUXES: Final = tuple(action(Kind.FLUX, i) for i in range(len(FLUX_OPTIONS)))


def target_action(unit: int, num_characters: int) -> Action:
    """The action choosing `unit`: a track unit by its slot, a Support by its slot."""
    if unit < num_characters:
        return TARGETS[unit]
    return SUPPORT_TARGETS[unit - num_characters]


def target_unit(action: Action, num_characters: int) -> int:
    """The unit a TARGET or TARGET_SUPPORT action names."""
    return action.arg + num_characters if action.kind == K_TARGET_SUPPORT else action.arg


def word(kind: Kind) -> str:
    return _WORDS[kind]
