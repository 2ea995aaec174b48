"""The event log: small int tuples recorded on the hot path; `text.py` renders the
sentences when someone reads them. Each event is `(code, ...)` with the fields listed
beside its code. Most events are public (the table sees them happen). A few are
private to one seat, whose number is the event's second field (`PRIVATE`): the card a
seat drew (TI-15), the cards the Lookout saw and put back. A view's log holds the
public events and its own seat's private ones (GAME_MASTER: all).

Rooms, tokens, cards, enemies, doors, windows and piles are their numbers in the setup.
"""

from __future__ import annotations

Event = tuple[int, ...]

(FIRST_PLAYER,   # (FIRST_PLAYER, seat)                 TI-8
 TURN_START,     # (TURN_START, turn, seat)             TI-9
 PLAYED,         # (PLAYED, seat, pile, card)           TI-10, TI-12
 SPECIAL,        # (SPECIAL, seat)                      TI-13
 PAID,           # (PAID, seat, card)                   TI-13: discarded face up
 TUCKED,         # (TUCKED, seat, enemy, card)          TI-44
 DEFEATED,       # (DEFEATED, enemy)                    TI-45, TI-46
 MOVED,          # (MOVED, seat, room)                  TI-17
 TRIPPED,        # (TRIPPED, seat, room)                TI-38
 REVEALED,       # (REVEALED, token, room)              TI-19, TI-21
 STORY,          # (STORY, token)                       TI-16 hook
 GASSED,         # (GASSED, token, room)                TI-29
 LOST_CARD,      # (LOST_CARD, seat, card)              TI-29, enemy: random discard
 COUNTER_ON,     # (COUNTER_ON, token, pile)            TI-30
 TRAP_GONE,      # (TRAP_GONE, token)                   TI-26, TI-30: discarded
 REMOVED,        # (REMOVED, token)                     TI-20
 COLLECTED,      # (COLLECTED, seat, token)             TI-21, TI-22
 WINDOW,         # (WINDOW, window)                     TI-22: opened
 UNLOCKED,       # (UNLOCKED, door)                     TI-32
 DISARMED,       # (DISARMED, token)                    TI-33, TI-35, Tinkerer
 COUNTER_OFF,    # (COUNTER_OFF, token, pile)           TI-30, TI-33, TI-A2
 ENEMY_MOVED,    # (ENEMY_MOVED, enemy, room)           TI-42
 ENEMY_STAYS,    # (ENEMY_STAYS, enemy)                 TI-42, TI-43
 BURNED,         # (BURNED, card, cause)                TI-28 camera / enemy ability
 REGROUPED,      # (REGROUPED, pile, cards)             TI-A2
 LOOKED,         # (LOOKED, seat, count)                Lookout
 SAW,            # (SAW, seat, card, ...)               private: the cards looked at
 PUT_BACK,       # (PUT_BACK, seat, card)               private: the next card from the top
 DREW,           # (DREW, seat)                         TI-9, TI-52
 GOT,            # (GOT, seat, card)                    private: the card drawn
 TIME_DRAWN,     # (TIME_DRAWN, seat, card)             TI-49
 PERIL,          # (PERIL, cards)                       TI-47, TI-A13: the reshuffle
 FORCED_PASS,    # (FORCED_PASS, seat)                  TI-53
 TURN_END,       # (TURN_END, seat)                     TI-9
 DRAW_STOP,      # (DRAW_STOP, seat, hand size)         TI-52
 PROPOSED,       # (PROPOSED, seat)                     TI-54, TI-A15
 ENTERED,        # (ENTERED, seat, symbol)              TI-54
 VOTED,          # (VOTED, seat, yes)                   TI-56
 BLOCKED,        # (BLOCKED, seat)                      TI-56: one no stops the solve
 WON,            # (WON,)                               TI-54
 LOST,           # (LOST, reason)                       TI-50, TI-54, TI-A14
 SECRET,         # (SECRET, secret, when)               TI-25
 ) = CODES = range(42)

PRIVATE = frozenset({SAW, PUT_BACK, GOT})
"""Codes seen only by the seat in field 1 (and a GAME_MASTER)."""

# LOST reasons (index = code)
REASONS = ("wrong_answer", "time", "stall")
WRONG_ANSWER, TIME, STALL = range(3)
# BURNED causes
BY_CAMERA, BY_ENEMY = 0, 1
# SECRET when
AT_SETUP, AFTER_GAME = 0, 1


def visible(event: Event, seat: int, everything: bool = False) -> bool:
    """Whether `seat` sees `event` (`everything`: a GAME_MASTER)."""
    return everything or event[0] not in PRIVATE or event[1] == seat
