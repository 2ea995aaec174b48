"""Actions of The Initiative: small, interned, hashable, with a stable integer index.

A turn is a short sequence of sub-decisions (GUIDE 2), never a flat product:

* `FIRST` seat: the group's volunteer takes the first turn (TI-8), chosen by seat 0.
* `PLAY` pile and card: play a hand card onto an action pile (TI-10, TI-12); the
  argument packs both, see `play` / `play_parts`. `SPECIAL` starts the character's
  special action (TI-13); `DISCARD` card pays for it, one card at a time.
* `TUCK` enemy and card: put a card under an enemy (TI-44); packed like `PLAY`.
* `END`: finish the action step after at least one action (TI-9, TI-11).
* Inside an ability: `MOVE` room (RUN, TI-17; the Sprinter), `ROOM` room (the room an
  INTEL reveals in, TI-19), `REVEAL` (GATHER's face-down attempt, TI-21), `COLLECT`
  token (TI-21/TI-22), `REMOVE` token (a non-mission glyph, TI-20), `PILE` pile
  (REGROUP's pile, TI-A2), `DOOR` door (a keypad, TI-32), `DISARM` token (computer
  access / master tokens, TI-33/TI-35; the Tinkerer), `ENEMY_TO` room (an enemy's tied
  destination, TI-42), `ARRANGE` card (the Lookout: the next card to put back, top
  first), `STOP` (end an "up to N" ability early, or decline an optional step).
* End of turn: `DRAW` / `STOP` while In Peril (TI-49, TI-52); `PASS` on a forced pass
  when a solve could be called instead (TI-53).
* Solving (TI-54..TI-56, TI-A15, TI-A16): `SOLVE` proposes; `SYMBOL` i enters the next
  answer position as the mission alphabet's symbol i; `ERASE` takes the last symbol
  entered back; `ANNOUNCE`, once every position is entered, announces the answer (to
  the vote, or solo at once); `YES` / `NO` are the votes.

Indices are fixed for the game and only ever appended to, so RL policies stay valid.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from initiative.engine.action_table import action_table

MAX_SEATS = 4
"""TI-1: 1 to 4 players, one character each (two seats for a solo player under
`characters_per_solo_player: 2`)."""
MAX_CARDS = 48
"""Resource cards an action can name (the shipped deck has 36 plus 4 time cards)."""
MAX_ROOMS = 24
MAX_TOKENS = 64
"""Token instances of one mission (clue tokens and feature tokens together)."""
MAX_DOORS = 8
MAX_ENEMIES = 4
MAX_SYMBOLS = 40
"""Symbols a mission's answer alphabet may hold (TI-A16)."""
PILES = ("run", "intel", "gather", "regroup")
"""The four action cards, in pile order (TI-6)."""
NUM_PILES = len(PILES)
RUN, INTEL, GATHER, REGROUP = range(NUM_PILES)


class Kind(IntEnum):
    FIRST = 0
    PLAY = 1
    SPECIAL = 2
    DISCARD = 3
    TUCK = 4
    END = 5
    MOVE = 6
    ROOM = 7
    REVEAL = 8
    COLLECT = 9
    REMOVE = 10
    PILE = 11
    DOOR = 12
    DISARM = 13
    ENEMY_TO = 14
    ARRANGE = 15
    STOP = 16
    DRAW = 17
    PASS = 18
    SOLVE = 19
    SYMBOL = 20
    YES = 21
    NO = 22
    ERASE = 23
    ANNOUNCE = 24


SIZES: dict[Kind, int] = {
    Kind.FIRST: MAX_SEATS, Kind.PLAY: NUM_PILES * MAX_CARDS, Kind.SPECIAL: 1,
    Kind.DISCARD: MAX_CARDS, Kind.TUCK: MAX_ENEMIES * MAX_CARDS, Kind.END: 1,
    Kind.MOVE: MAX_ROOMS, Kind.ROOM: MAX_ROOMS, Kind.REVEAL: 1, Kind.COLLECT: MAX_TOKENS,
    Kind.REMOVE: MAX_TOKENS, Kind.PILE: NUM_PILES, Kind.DOOR: MAX_DOORS,
    Kind.DISARM: MAX_TOKENS, Kind.ENEMY_TO: MAX_ROOMS, Kind.ARRANGE: MAX_CARDS,
    Kind.STOP: 1, Kind.DRAW: 1, Kind.PASS: 1, Kind.SOLVE: 1, Kind.SYMBOL: MAX_SYMBOLS,
    Kind.YES: 1, Kind.NO: 1, Kind.ERASE: 1, Kind.ANNOUNCE: 1,
}
"""How many indices each kind takes, in index order."""

WORDS: dict[Kind, str] = {
    Kind.FIRST: "first", Kind.PLAY: "play", Kind.SPECIAL: "special",
    Kind.DISCARD: "discard", Kind.TUCK: "tuck", Kind.END: "end", Kind.MOVE: "move",
    Kind.ROOM: "room", Kind.REVEAL: "reveal", Kind.COLLECT: "collect",
    Kind.REMOVE: "remove", Kind.PILE: "pile", Kind.DOOR: "door", Kind.DISARM: "disarm",
    Kind.ENEMY_TO: "enemy-to", Kind.ARRANGE: "arrange", Kind.STOP: "stop",
    Kind.DRAW: "draw", Kind.PASS: "pass", Kind.SOLVE: "solve", Kind.SYMBOL: "symbol",
    Kind.YES: "yes", Kind.NO: "no", Kind.ERASE: "erase", Kind.ANNOUNCE: "announce",
}
"""The move-text word of each kind (`action_text`, `parse`)."""
WORDS_TO_KIND = {word: kind for kind, word in WORDS.items()}
_PACKED = (Kind.PLAY, Kind.TUCK)
"""Kinds whose argument packs two numbers: (pile or enemy) * MAX_CARDS + card id."""


@dataclass(frozen=True)
class TIAction:
    """One sub-decision: what kind, and its argument (seat, card, room, token, ...)."""

    kind: Kind
    arg: int = 0

    def __str__(self) -> str:
        return action_text(self)


_OFFSETS, ALL, _INDEX = action_table(Kind, SIZES, TIAction)
"""`ALL`: every action, interned, in index order: `ALL[index(a)] == a`."""
NUM_ACTIONS = len(ALL)
"""Distinct action indices."""


def act(kind: Kind, arg: int = 0) -> TIAction:
    """The interned action; IndexError if `arg` is out of the kind's range."""
    if not 0 <= arg < SIZES[kind]:
        raise IndexError(f"{WORDS[kind]} takes 0..{SIZES[kind] - 1}, got {arg}")
    return ALL[_OFFSETS[kind] + arg]


def of_kind(kind: Kind) -> tuple[TIAction, ...]:
    """Every action of `kind`, by argument: `of_kind(k)[arg] is act(k, arg)` (the rules
    index it where they list many actions of one kind: a tuple item is cheaper than a
    call of `act`)."""
    start = _OFFSETS[kind]
    return ALL[start:start + SIZES[kind]]


_PLAYS = of_kind(Kind.PLAY)
_TUCKS = of_kind(Kind.TUCK)


def play(pile: int, card: int) -> TIAction:
    """Play resource card `card` onto action pile `pile` (TI-10)."""
    return act(Kind.PLAY, pile * MAX_CARDS + card)


def tuck(enemy: int, card: int) -> TIAction:
    """Put resource card `card` under enemy `enemy` (TI-44)."""
    return act(Kind.TUCK, enemy * MAX_CARDS + card)


def plays_of(pile: int) -> tuple[TIAction, ...]:
    """The PLAY actions onto `pile`, by card id (`plays_of(p)[c] is play(p, c)`)."""
    return _PLAYS[pile * MAX_CARDS:(pile + 1) * MAX_CARDS]


def tucks_of(enemy: int) -> tuple[TIAction, ...]:
    """The TUCK actions under `enemy`, by card id (`tucks_of(e)[c] is tuck(e, c)`)."""
    return _TUCKS[enemy * MAX_CARDS:(enemy + 1) * MAX_CARDS]


def parts(action: TIAction) -> tuple[int, int]:
    """(pile or enemy, card) of a `PLAY` or `TUCK` action."""
    return divmod(action.arg, MAX_CARDS)


def index(action: TIAction) -> int:
    """The stable integer index of `action`."""
    return _INDEX[action]


def from_index(i: int) -> TIAction:
    """The action with index `i`; IndexError if there is none."""
    if not 0 <= i < NUM_ACTIONS:
        raise IndexError(f"no the_initiative action has index {i} (0..{NUM_ACTIONS - 1})")
    return ALL[i]


def action_text(action: TIAction) -> str:
    """A short move text: `play run 14`, `tuck 0 7`, `move 3`, `symbol 2`, `yes`.
    Numbers are ids (card, room, token, door, seat, symbol); see docs/the-initiative.md."""
    k, word = action.kind, WORDS[action.kind]
    if k in _PACKED:
        head, card = parts(action)
        return f"{word} {PILES[head] if k is Kind.PLAY else head} {card}"
    if k is Kind.PILE:
        return f"{word} {PILES[action.arg]}"
    if SIZES[k] == 1:
        return word
    return f"{word} {action.arg}"


def parse(text: str) -> TIAction:
    """An action from its move text (`action_text`); ValueError names what is wrong."""
    word, *args = text.strip().lower().split()
    kind = WORDS_TO_KIND.get(word)
    if kind is None:
        raise ValueError(f"unknown action {word!r} (known: {', '.join(WORDS_TO_KIND)})")
    if SIZES[kind] == 1:
        if args:
            raise ValueError(f"{word!r} takes no argument, got {' '.join(args)!r}")
        return act(kind)
    if kind in _PACKED:
        if len(args) != 2:
            raise ValueError(f"{word!r} needs two arguments "
                             f"({'pile' if kind is Kind.PLAY else 'enemy'} and card)")
        head = _pile_number(args[0]) if kind is Kind.PLAY else _number(word, args[0],
                                                                        MAX_ENEMIES)
        card = _number(word, args[1], MAX_CARDS)
        return play(head, card) if kind is Kind.PLAY else tuck(head, card)
    if len(args) != 1:
        raise ValueError(f"{word!r} needs one argument")
    if kind is Kind.PILE:
        return act(kind, _pile_number(args[0]))
    return act(kind, _number(word, args[0], SIZES[kind]))


def _pile_number(text: str) -> int:
    if text in PILES:
        return PILES.index(text)
    raise ValueError(f"unknown pile {text!r} (piles: {', '.join(PILES)})")


def _number(word: str, text: str, size: int) -> int:
    if not text.isdigit() or int(text) >= size:
        raise ValueError(f"{word!r} needs a number 0..{size - 1}, got {text!r}")
    return int(text)
