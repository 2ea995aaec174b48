"""The decision stack: small immutable frames with named fields (the style of
games/ib/frames.py). The top frame owns who decides, what is legal and what happens
next; an empty stack means the next initiative card is due (rounds.next_card).

- `TurnFrame`   HX-11..HX-13: the active player picks a card and a section (or, under
                `allow_voluntary_pass`, passes).
- `MoveFrame`   HX-16..HX-21, HX-34: a move in progress, step by step, and a unit
                waiting to be displaced.
- `FaceFrame`   HX-19 / HX-20 / HX-28: a unit's new facing, chosen by `decider`.
- `AttackFrame` HX-23..HX-33: one attack from declaration to damage.

Every field is `Final`: a frame changes only by being replaced on the stack, so clones
share frames (`state.stack[:]`). Per-seat facts of an attack are tuples indexed by seat.
"""

from __future__ import annotations

from typing import Final, Literal

from initiative.engine.frames import SlotFrame
from initiative.games.hex.geometry import Hex

TURN: Final = 0
MOVE: Final = 1
FACE: Final = 2
ATTACK: Final = 3
TAG_NAMES = ("turn", "move", "face", "attack")

# MoveFrame.section and FaceFrame.reason
FROM_MOVE: Final = 0
"""The Move section of the turn's card (HX-16)."""
FROM_REACTION: Final = 2
"""A Reaction section's move (HX-34)."""
FROM_FUMBLE: Final = 3
"""A fumble: the target turns the attacker (HX-28)."""

# AttackFrame.stage, in the order of resolution: declare -> roll -> push -> fumble ->
# reactions -> damage.
ST_TARGET: Final = 0
ST_ORDER: Final = 1
ST_ROLL: Final = 2
ST_PUSH: Final = 3
ST_FUMBLE: Final = 4
ST_REACT: Final = 5
ST_DAMAGE: Final = 6
NO_UNIT: Final = -1


class TurnFrame(SlotFrame):
    FIELDS = ("tag", "seat", "special")
    __slots__ = FIELDS
    tag: Final[Literal[0]]
    seat: Final[int]
    special: Final[bool]
    """The turn the Special Initiative card gives (HX-10, HX-A4)."""

    def __init__(self, seat: int, special: bool = False) -> None:
        self.tag = TURN
        self.seat = seat
        self.special = special


class MoveFrame(SlotFrame):
    FIELDS = ("tag", "unit", "card", "section", "left", "taken", "displace",
              "displaced", "start", "dirs", "waiting")
    __slots__ = FIELDS
    tag: Final[Literal[1]]
    unit: Final[int]
    """The mover (a seat: one character per seat)."""
    card: Final[int]
    section: Final[int]
    """FROM_MOVE or FROM_REACTION."""
    left: Final[int]
    """Steps still to take (HX-16)."""
    taken: Final[int]
    displace: Final[bool]
    """The section shows displace (HX-21, HX-A19)."""
    displaced: Final[int]
    """Displacements made so far in this move (HX-A9 displace_limit_per_move)."""
    start: Final[Hex]
    """Where the move began: a move of N > 0 never ends there (HX-18)."""
    dirs: Final[int]
    """Bit set of the facings a step may take (HX-A7 move_any_direction)."""
    waiting: Final[int]
    """The unit whose hex the mover is entering (NO_UNIT: none): it is displaced first,
    then the mover steps in (HX-21); until then the mover stays where it was."""

    def __init__(self, unit: int, card: int, section: int, left: int, taken: int,
                 displace: bool, displaced: int, start: Hex, dirs: int,
                 waiting: int = NO_UNIT) -> None:
        self.tag = MOVE
        self.unit = unit
        self.card = card
        self.section = section
        self.left = left
        self.taken = taken
        self.displace = displace
        self.displaced = displaced
        self.start = start
        self.dirs = dirs
        self.waiting = waiting


class FaceFrame(SlotFrame):
    FIELDS = ("tag", "unit", "decider", "reason", "card")
    __slots__ = FIELDS
    tag: Final[Literal[2]]
    unit: Final[int]
    """The unit that turns."""
    decider: Final[int]
    """Who chooses: the unit's own seat, or a fumbling target (HX-28)."""
    reason: Final[int]
    """FROM_MOVE, FROM_REACTION or FROM_FUMBLE."""
    card: Final[int]
    """The card whose section turns it (-1: none)."""

    def __init__(self, unit: int, decider: int, reason: int, card: int = -1) -> None:
        self.tag = FACE
        self.unit = unit
        self.decider = decider
        self.reason = reason
        self.card = card


class AttackFrame(SlotFrame):
    FIELDS = ("tag", "attacker", "card", "stage", "targets", "rest", "needs",
              "rolls", "hits", "at", "blocked", "owed")
    __slots__ = FIELDS
    tag: Final[Literal[3]]
    attacker: Final[int]
    card: Final[int]
    stage: Final[int]
    """ST_* above."""
    targets: Final[tuple[int, ...]]
    """The targets in reaction order (HX-27: the attacker orders a barrage)."""
    rest: Final[tuple[int, ...]]
    """Barrage targets not yet ordered."""
    needs: Final[tuple[int, ...]]
    """Per seat: the die result that hits it (HX-26), 0 if not a target."""
    rolls: Final[tuple[tuple[int, ...], ...]]
    """Per seat: the faces rolled against it (HX-25)."""
    hits: Final[tuple[int, ...]]
    """Per seat: hits still standing (HX-26, less shields HX-33)."""
    at: Final[int]
    """The index in `targets` being pushed, fumbled or reacting."""
    blocked: Final[int]
    """Bit set of targets attacked from directly behind at declaration (HX-31, HX-A13)."""
    owed: Final[int]
    """A target whose damage is due once its reaction ends (HX-A6 after_each_reaction)."""

    def __init__(self, attacker: int, card: int, stage: int, targets: tuple[int, ...],
                 rest: tuple[int, ...], needs: tuple[int, ...],
                 rolls: tuple[tuple[int, ...], ...], hits: tuple[int, ...], at: int,
                 blocked: int, owed: int = NO_UNIT) -> None:
        self.tag = ATTACK
        self.attacker = attacker
        self.card = card
        self.stage = stage
        self.targets = targets
        self.rest = rest
        self.needs = needs
        self.rolls = rolls
        self.hits = hits
        self.at = at
        self.blocked = blocked
        self.owed = owed

    def but(self, *, stage: int | None = None, targets: tuple[int, ...] | None = None,
            rest: tuple[int, ...] | None = None, rolls: tuple[tuple[int, ...], ...] | None
            = None, hits: tuple[int, ...] | None = None, at: int | None = None,
            owed: int | None = None) -> AttackFrame:
        """This frame with the given fields replaced."""
        return AttackFrame(self.attacker, self.card, self.stage if stage is None else stage,
                           self.targets if targets is None else targets,
                           self.rest if rest is None else rest, self.needs,
                           self.rolls if rolls is None else rolls,
                           self.hits if hits is None else hits,
                           self.at if at is None else at, self.blocked,
                           self.owed if owed is None else owed)


Frame = TurnFrame | MoveFrame | FaceFrame | AttackFrame
