"""The event log: small tuples recorded on the hot path; `text.py` renders sentences
only when someone reads them. Every event is public (the table sees it happen); hands
and deck order never appear in one (a draw logs how many cards, not which).

Each event is `(code, ...)`. Every code has a NamedTuple schema below whose fields,
`code` first, are the stored tuple's layout; `read(event)` gives that record, and every
reader uses it (`match read(event): case Rolled(target=t, faces=faces): ...`). Why not
record the NamedTuples themselves: building one costs about 5 times a tuple literal
(0.8 us, several per decision, over 10% of a decision), so the hot path keeps tuples.
Hexes are written as two ints `q, r`.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from initiative.games.event_records import Event as Event
from initiative.games.event_records import EventReader

# The codes, one `Final` literal each: compiled rules (mypyc) inline them, where a name
# read from this pure module would be a look-up at every event.
ROUND: Final = 0
DRAW: Final = 1
LINE: Final = 2
REVEAL: Final = 3
SKIP: Final = 4
SPECIAL: Final = 5
PLAY: Final = 6
PASSED: Final = 7
STEPPED: Final = 8
DISPLACED: Final = 9
STOPPED: Final = 10
FACED: Final = 11
TARGETS: Final = 12
ROLLED: Final = 13
PUSHED: Final = 14
NO_PUSH: Final = 15
REACTED: Final = 16
DECLINED: Final = 17
BEHIND: Final = 18
SHIELDED: Final = 19
DAMAGED: Final = 20
ELIMINATED: Final = 21
POWER: Final = 22
POWER_RESET: Final = 23
GAME_OVER: Final = 24
CODES = range(GAME_OVER + 1)

NOBODY: Final = -1
"""No seat: the special card gives nobody a turn; a game that ends in a draw."""

# SKIP reasons
NO_PLAYABLE: Final = 0
OUT: Final = 1
# PLAY sections
MOVE_SECTION: Final = 0
ATTACK_SECTION: Final = 1
REACTION_SECTION: Final = 2
SECTION_NAMES = ("move", "attack", "reaction")
# ELIMINATED reasons
BY_DAMAGE: Final = 0
OFF_BOARD: Final = 1


class Round(NamedTuple):
    """HX-1: a round starts."""

    code: int
    round: int


class Draw(NamedTuple):
    """HX-2..HX-4: a seat draws (how many, never which)."""

    code: int
    seat: int
    drawn: int


class Line(NamedTuple):
    """HX-9: the initiative line, all revealed (all_at_start, HX-A1)."""

    code: int
    cards: tuple[int, ...]


class Reveal(NamedTuple):
    """HX-A1 one_per_turn: the line's card at `position` (from 0) is turned up."""

    code: int
    position: int
    card: int


class Skip(NamedTuple):
    """HX-13 / HX-A5: a seat's turn is skipped (`reason`: NO_PLAYABLE or OUT)."""

    code: int
    seat: int
    reason: int


class Special(NamedTuple):
    """HX-10: the special card gives `seat` (or NOBODY) a turn."""

    code: int
    seat: int


class Play(NamedTuple):
    """HX-12: a card played for one section (MOVE_SECTION, ATTACK_SECTION)."""

    code: int
    seat: int
    card: int
    section: int


class Passed(NamedTuple):
    """HX-A17: a voluntary pass."""

    code: int
    seat: int


class Stepped(NamedTuple):
    """HX-16: a unit steps into hex (q, r)."""

    code: int
    unit: int
    q: int
    r: int


class Displaced(NamedTuple):
    """HX-21: `unit` is displaced to (q, r) by unit `by`."""

    code: int
    unit: int
    q: int
    r: int
    by: int


class Stopped(NamedTuple):
    """HX-A7 move_exact false: a unit stops short."""

    code: int
    unit: int


class Faced(NamedTuple):
    """HX-19 / HX-20 / HX-28: `unit` turns to `facing`, turned by unit `by`."""

    code: int
    unit: int
    facing: int
    by: int


class Targets(NamedTuple):
    """HX-23 / HX-27: an attack's targets."""

    code: int
    attacker: int
    targets: tuple[int, ...]


class Rolled(NamedTuple):
    """HX-25 / HX-26: the dice against one target (hits on `needs`+)."""

    code: int
    target: int
    needs: int
    hits: int
    faces: tuple[int, ...]


class Pushed(NamedTuple):
    """HX-29: a unit is pushed to (q, r)."""

    code: int
    unit: int
    q: int
    r: int


class NoPush(NamedTuple):
    """HX-A10: no open hex to push the unit to."""

    code: int
    unit: int


class Reacted(NamedTuple):
    """HX-30: a seat reacts with a card."""

    code: int
    seat: int
    card: int


class Declined(NamedTuple):
    """HX-30: a seat does not react."""

    code: int
    seat: int


class Behind(NamedTuple):
    """HX-31: attacked from behind, no reaction allowed."""

    code: int
    seat: int


class Shielded(NamedTuple):
    """HX-33: shields remove hits."""

    code: int
    seat: int
    removed: int
    left: int


class Damaged(NamedTuple):
    """HX-A5 / HX-A6: damage taken and the health left."""

    code: int
    seat: int
    amount: int
    health: int


class Eliminated(NamedTuple):
    """HX-A5 / HX-A8: a seat leaves the game (`reason`: BY_DAMAGE or OFF_BOARD)."""

    code: int
    seat: int
    reason: int


class Power(NamedTuple):
    """HX-22 / HX-A3 / HX-A4: Power tokens change by `change` to `power`."""

    code: int
    seat: int
    change: int
    power: int


class PowerReset(NamedTuple):
    """HX-A4 power_tokens_reset_each_round."""

    code: int


class GameOver(NamedTuple):
    """HX-A5: the winner (or NOBODY), then the leaders of a draw."""

    code: int
    winner: int
    leaders: tuple[int, ...]


EventRecord = (Round | Draw | Line | Reveal | Skip | Special | Play | Passed | Stepped
               | Displaced | Stopped | Faced | Targets | Rolled | Pushed | NoPush | Reacted
               | Declined | Behind | Shielded | Damaged | Eliminated | Power | PowerReset
               | GameOver)
"""Any event, read."""

SCHEMAS: dict[int, type[EventRecord]] = {
    ROUND: Round, DRAW: Draw, LINE: Line, REVEAL: Reveal, SKIP: Skip, SPECIAL: Special,
    PLAY: Play, PASSED: Passed, STEPPED: Stepped, DISPLACED: Displaced, STOPPED: Stopped,
    FACED: Faced, TARGETS: Targets, ROLLED: Rolled, PUSHED: Pushed, NO_PUSH: NoPush,
    REACTED: Reacted, DECLINED: Declined, BEHIND: Behind, SHIELDED: Shielded,
    DAMAGED: Damaged, ELIMINATED: Eliminated, POWER: Power, POWER_RESET: PowerReset,
    GAME_OVER: GameOver}
"""Code -> its schema."""

read: EventReader[EventRecord] = EventReader(SCHEMAS)
"""`read(event)`: the stored tuple as its schema's record."""
