"""The event log: small int tuples recorded on the hot path; `text.py` renders the
sentences when someone reads them. Most events are public (the table sees them happen).
A few are private to one seat, whose number is the event's `seat` field (`PRIVATE`):
the card a seat drew (TI-15), the cards the Lookout saw and put back. A view's log holds
the public events and its own seat's private ones (GAME_MASTER: all).

Each event is `(code, ...)`. Every code has a NamedTuple schema below whose fields,
`code` first, are the stored tuple's layout; `read(event)` gives that record, and every
reader uses it. Why not record the NamedTuples themselves: building one costs about 5
times a tuple literal (0.8 us, several per decision, over 10% of a decision).

Rooms, tokens, cards, enemies, doors, windows and piles are their numbers in the setup.
"""

from __future__ import annotations

from typing import NamedTuple

from initiative.games.event_records import Event as Event
from initiative.games.event_records import EventReader, field_at

(FIRST_PLAYER, TURN_START, PLAYED, SPECIAL, PAID, TUCKED, DEFEATED, MOVED, TRIPPED,
 REVEALED, STORY, GASSED, LOST_CARD, COUNTER_ON, TRAP_GONE, REMOVED, COLLECTED,
 WINDOW, UNLOCKED, DISARMED, COUNTER_OFF, ENEMY_MOVED, ENEMY_STAYS, BURNED, REGROUPED,
 LOOKED, SAW, PUT_BACK, DREW, GOT, TIME_DRAWN, PERIL, FORCED_PASS, TURN_END,
 DRAW_STOP, PROPOSED, ENTERED, VOTED, BLOCKED, WON, LOST, SECRET, ERASED) = CODES = range(43)

PRIVATE = frozenset({SAW, PUT_BACK, GOT})
"""Codes seen only by the seat in their `seat` field (and a GAME_MASTER)."""

# LOST reasons (index = code)
REASONS = ("wrong_answer", "time", "stall")
WRONG_ANSWER, TIME, STALL = range(3)
# BURNED causes
BY_CAMERA, BY_ENEMY = 0, 1
# SECRET when
AT_SETUP, AFTER_GAME = 0, 1


class FirstPlayer(NamedTuple):
    """TI-8: a seat volunteers to go first."""

    code: int
    seat: int


class TurnStart(NamedTuple):
    """TI-9: a turn starts."""

    code: int
    turn: int
    seat: int


class Played(NamedTuple):
    """TI-10, TI-12: a card played on an action pile."""

    code: int
    seat: int
    pile: int
    card: int


class Special(NamedTuple):
    """TI-13: a special action."""

    code: int
    seat: int


class Paid(NamedTuple):
    """TI-13: a card discarded face up to pay for it."""

    code: int
    seat: int
    card: int


class Tucked(NamedTuple):
    """TI-44: a card tucked under an enemy."""

    code: int
    seat: int
    enemy: int
    card: int


class Defeated(NamedTuple):
    """TI-45, TI-46: an enemy is defeated."""

    code: int
    enemy: int


class Moved(NamedTuple):
    """TI-17: a seat moves to a room."""

    code: int
    seat: int
    room: int


class Tripped(NamedTuple):
    """TI-38: a laser tripwire ends a run."""

    code: int
    seat: int
    room: int


class Revealed(NamedTuple):
    """TI-19, TI-21: a token is revealed in a room."""

    code: int
    token: int
    room: int


class Story(NamedTuple):
    """TI-16: a revealed token's story is told."""

    code: int
    token: int


class Gassed(NamedTuple):
    """TI-29: gas fills a room."""

    code: int
    token: int
    room: int


class LostCard(NamedTuple):
    """TI-29, an enemy: a card discarded at random."""

    code: int
    seat: int
    card: int


class CounterOn(NamedTuple):
    """TI-30: counter intel blocks a pile."""

    code: int
    token: int
    pile: int


class TrapGone(NamedTuple):
    """TI-26, TI-30: a trap token is discarded."""

    code: int
    token: int


class Removed(NamedTuple):
    """TI-20: a token not on the mission is removed."""

    code: int
    token: int


class Collected(NamedTuple):
    """TI-21, TI-22: a seat collects a token."""

    code: int
    seat: int
    token: int


class Window(NamedTuple):
    """TI-22: a console window opens."""

    code: int
    window: int


class Unlocked(NamedTuple):
    """TI-32: a door is unlocked."""

    code: int
    door: int


class Disarmed(NamedTuple):
    """TI-33, TI-35, Tinkerer: a token is discarded."""

    code: int
    token: int


class CounterOff(NamedTuple):
    """TI-30, TI-33, TI-A2: counter intel leaves a pile."""

    code: int
    token: int
    pile: int


class EnemyMoved(NamedTuple):
    """TI-42: an enemy moves to a room."""

    code: int
    enemy: int
    room: int


class EnemyStays(NamedTuple):
    """TI-42, TI-43: an enemy stays put."""

    code: int
    enemy: int


class Burned(NamedTuple):
    """TI-28: a card burned from the deck (`cause`: BY_CAMERA or BY_ENEMY)."""

    code: int
    card: int
    cause: int


class Regrouped(NamedTuple):
    """TI-A2: REGROUP clears a pile of `cards` cards."""

    code: int
    pile: int
    cards: int


class Looked(NamedTuple):
    """Lookout: a seat looks at the top `count` cards."""

    code: int
    seat: int
    looked: int


class Saw(NamedTuple):
    """Private: the cards the Lookout looked at."""

    code: int
    seat: int
    cards: tuple[int, ...]


class PutBack(NamedTuple):
    """Private: the card put back next from the top."""

    code: int
    seat: int
    card: int


class Drew(NamedTuple):
    """TI-9, TI-52: a seat draws a card."""

    code: int
    seat: int


class Got(NamedTuple):
    """Private: the card drawn."""

    code: int
    seat: int
    card: int


class TimeDrawn(NamedTuple):
    """TI-49: a time card drawn goes to the discard pile."""

    code: int
    seat: int
    card: int


class Peril(NamedTuple):
    """TI-47, TI-A13: the deck ran out; `cards` reshuffled."""

    code: int
    cards: int


class ForcedPass(NamedTuple):
    """TI-53: a seat cannot act and passes."""

    code: int
    seat: int


class TurnEnd(NamedTuple):
    """TI-9: a seat ends its turn."""

    code: int
    seat: int


class DrawStop(NamedTuple):
    """TI-52: a seat stops drawing at `hand_size` cards."""

    code: int
    seat: int
    hand_size: int


class Proposed(NamedTuple):
    """TI-54, TI-A15: a seat proposes to solve."""

    code: int
    seat: int


class Entered(NamedTuple):
    """TI-54: a seat enters a symbol of the answer."""

    code: int
    seat: int
    symbol: int


class Erased(NamedTuple):
    """TI-54: the proposer takes back the last symbol entered (`symbol`), before the
    answer is announced."""

    code: int
    seat: int
    symbol: int


class Voted(NamedTuple):
    """TI-56: a seat votes (`yes`: 1 or 0)."""

    code: int
    seat: int
    yes: int


class Blocked(NamedTuple):
    """TI-56: one no stops the solve."""

    code: int
    seat: int


class Won(NamedTuple):
    """TI-54: the mission is won."""

    code: int


class Lost(NamedTuple):
    """TI-50, TI-54, TI-A14: the mission is lost (`reason`: an index of REASONS)."""

    code: int
    reason: int


class SecretGained(NamedTuple):
    """TI-25: a secret gained (`when`: AT_SETUP or AFTER_GAME)."""

    code: int
    secret: int
    when: int


EventRecord = (FirstPlayer | TurnStart | Played | Special | Paid | Tucked | Defeated | Moved
               | Tripped | Revealed | Story | Gassed | LostCard | CounterOn | TrapGone | Removed
               | Collected | Window | Unlocked | Disarmed | CounterOff | EnemyMoved | EnemyStays
               | Burned | Regrouped | Looked | Saw | PutBack | Drew | Got | TimeDrawn | Peril
               | ForcedPass | TurnEnd | DrawStop | Proposed | Entered | Voted | Blocked | Won
               | Lost | SecretGained | Erased)
"""Any event, read."""

SCHEMAS: dict[int, type[EventRecord]] = {
    FIRST_PLAYER: FirstPlayer, TURN_START: TurnStart, PLAYED: Played, SPECIAL: Special,
    PAID: Paid, TUCKED: Tucked, DEFEATED: Defeated, MOVED: Moved, TRIPPED: Tripped,
    REVEALED: Revealed, STORY: Story, GASSED: Gassed, LOST_CARD: LostCard,
    COUNTER_ON: CounterOn, TRAP_GONE: TrapGone, REMOVED: Removed, COLLECTED: Collected,
    WINDOW: Window, UNLOCKED: Unlocked, DISARMED: Disarmed, COUNTER_OFF: CounterOff,
    ENEMY_MOVED: EnemyMoved, ENEMY_STAYS: EnemyStays, BURNED: Burned, REGROUPED: Regrouped,
    LOOKED: Looked, SAW: Saw, PUT_BACK: PutBack, DREW: Drew, GOT: Got,
    TIME_DRAWN: TimeDrawn, PERIL: Peril, FORCED_PASS: ForcedPass, TURN_END: TurnEnd,
    DRAW_STOP: DrawStop, PROPOSED: Proposed, ENTERED: Entered, VOTED: Voted,
    BLOCKED: Blocked, WON: Won, LOST: Lost, SECRET: SecretGained, ERASED: Erased}
"""Code -> its schema."""

read: EventReader[EventRecord] = EventReader(SCHEMAS)
"""`read(event)`: the stored tuple as its schema's record."""


_OWNER_AT = field_at(SCHEMAS, PRIVATE, "seat")
"""Private code -> where its `seat` (the one seat that sees it) stands in the tuple."""


def visible(event: Event, seat: int, everything: bool = False) -> bool:
    """Whether `seat` sees `event` (`everything`: a GAME_MASTER)."""
    at = _OWNER_AT.get(event[0])
    return everything or at is None or event[at] == seat
