"""The decision stack: one small immutable frame kind with named fields. The top
frame says who decides, what is legal and what happens next; an empty stack means the
next turn is due (turns.begin_turn).

`tag` names the step (the constants below, with the rule each implements); the other
fields mean what the tag's line says (unused ones stay at their defaults). Frames
change only by being replaced on the stack, so clones share them (`state.stack[:]`),
and they never hold hidden information (views carry them for `determinize`).
"""

from __future__ import annotations

from typing import Final

from initiative.engine.frames import SlotFrame

FIRST: Final = 0       # TI-8: seat 0 enters the volunteer
TURN: Final = 1        # TI-9..TI-14, TI-44: the main step (seat)
FORCED: Final = 2      # TI-53: forced pass, PASS or SOLVE (seat)
RUN: Final = 3         # TI-17, TI-38: left = moves left
MOVE_2: Final = 4      # Sprinter: left = moves left
INTEL_ROOM: Final = 5  # TI-19, TI-A20: pick the room
INTEL: Final = 6       # TI-19: room, left = reveals left
GATHER: Final = 7      # TI-21, TI-A10: left = attempts left
REVEALED: Final = 8    # TI-40, TI-41 (automatic): token, room, stage, enemy = next ability,
#                        left = source pile (RUN..REGROUP) or SOURCE_SPECIAL
REMOVE: Final = 9      # TI-20: token
COLLECT: Final = 10    # TI-21: token; stage 1 = collecting uses an attempt (TI-A10)
REGROUP: Final = 11    # TI-A2: pick the pile
KEYPAD: Final = 12     # TI-32: pick the door
DISARM: Final = 13     # TI-33, TI-35; stage 1 = the Tinkerer (nearby brown traps)
ENEMY_MOVE: Final = 14  # TI-42, TI-A18: enemy, items = tied rooms
DISCARD: Final = 15    # TI-13: left = cards still to discard
ARRANGE: Final = 16    # Lookout: left = cards still to put back, stage = cards looked at
END: Final = 17        # TI-28, TI-9 (automatic): stage 0 cameras, 1 refill (a forced
#                        pass starts at 1, TI-53)
DRAW: Final = 18       # TI-49, TI-52: DRAW or STOP In Peril
ANSWER: Final = 19     # TI-54: items = symbols entered so far
VOTE: Final = 20       # TI-56: seat = voter, items = answer, votes = yes votes so far
TAG_NAMES = ("first", "turn", "forced_pass", "run", "move_2", "intel_room", "intel",
             "gather", "revealed", "remove", "collect", "regroup", "keypad", "disarm",
             "enemy_move", "discard", "arrange", "end", "draw", "answer", "vote")
"""The `pending.kind` word of each tag (view)."""

SOURCE_SPECIAL: Final = 4
"""`REVEALED.left` when a special action revealed the token (not a pile)."""


class Frame(SlotFrame):
    """One step of the decision stack (see the module docstring)."""

    FIELDS = ("tag", "seat", "left", "room", "token", "enemy", "stage",
              "items", "votes")
    __slots__ = FIELDS
    tag: Final[int]
    seat: Final[int]
    """Who decides (the active player, or the voter)."""
    left: Final[int]
    room: Final[int]
    token: Final[int]
    enemy: Final[int]
    stage: Final[int]
    items: Final[tuple[int, ...]]
    votes: Final[tuple[int, ...]]

    def __init__(self, tag: int, seat: int, left: int = 0, room: int = -1, token: int = -1,
                 enemy: int = -1, stage: int = 0, items: tuple[int, ...] = (),
                 votes: tuple[int, ...] = ()) -> None:
        self.tag = tag
        self.seat = seat
        self.left = left
        self.room = room
        self.token = token
        self.enemy = enemy
        self.stage = stage
        self.items = items
        self.votes = votes

    def __reduce__(self) -> tuple[object, ...]:
        return Frame, self.fields()  # one class for every tag: the tag is an argument

    def but(self, *, seat: int | None = None, left: int | None = None,
            stage: int | None = None, enemy: int | None = None,
            items: tuple[int, ...] | None = None, votes: tuple[int, ...] | None = None,
            room: int | None = None) -> Frame:
        """This frame with the given fields replaced."""
        return Frame(self.tag, self.seat if seat is None else seat,
                     self.left if left is None else left,
                     self.room if room is None else room, self.token,
                     self.enemy if enemy is None else enemy,
                     self.stage if stage is None else stage,
                     self.items if items is None else items,
                     self.votes if votes is None else votes)
