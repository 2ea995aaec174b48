"""What one skirmish game is made of: the content, the board, one character (with its
Style card and start) per seat, and the house rules.

`build_setup` checks every choice against the content and names what is wrong. The
setup is public information (every deck's composition is known to all, HX-12), so it
is also what a bot is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from initiative.engine.errors import ConfigError, ContentError, GameParamError
from initiative.games.hex.flags import HexRules, hex_rules
from initiative.games.hex.grid import Grid
from initiative.games.hex.specs import Board, Character, HexContent, Start, StyleCard
from initiative.games.seat_names import player_name, seat_label

MIN_PLAYERS = 2
MAX_PLAYERS = 4


def character_seat_label(content: HexContent, player: str, character: str) -> str:
    """The one name of a seat whose player is `player`, playing the character keyed
    `character` (its key if the content has no such character): what `SeatSetup.label`
    says once the game is built, for a front end that has only the choices."""
    known = content.characters.get(character)
    return seat_label(player, known.name if known is not None else character)


@dataclass(frozen=True)
class SeatSetup:
    """One seat: its name, its character, that character's Style card and its start."""

    name: str
    """The player's name (``Player N`` when nobody names the seat)."""
    character: Character
    style: StyleCard
    start: Start

    @property
    def label(self) -> str:
        """The seat's one name on every front end, ``Kestrel (Player 1)``."""
        return seat_label(self.name, self.character.name)


@dataclass(frozen=True)
class HexSetup:
    """The content, the board, the seats in order and the house rules of one game."""

    content: HexContent
    board: Board
    seats: tuple[SeatSetup, ...]
    rules: HexRules
    _decks: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    grid: Grid = field(init=False, repr=False, compare=False)
    """The board by cell number, with the rules the look-ahead reads (grid.py)."""

    def __post_init__(self) -> None:
        index = {card.key: i for i, card in enumerate(self.content.cards)}
        object.__setattr__(self, "_decks", tuple(
            tuple(index[key] for key in seat.character.deck) for seat in self.seats))
        object.__setattr__(self, "grid", Grid(self.board, self.rules,
                                              tuple(seat.style for seat in self.seats)))

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    def deck_ids(self, seat: int) -> tuple[int, ...]:
        """The seat's Action deck as card ids (index into `content.cards`), one per
        copy, in the character's deck order."""
        return self._decks[seat]

    def to_params(self) -> dict[str, Any]:
        """The `load_game("hex_skirmish", ...)` parameters that build this setup again
        (with the same content)."""
        return {
            "players": self.num_seats,
            "board": self.board.key,
            "characters": [seat.character.key for seat in self.seats],
            "seat_names": [seat.name for seat in self.seats],
            "rules": self.rules.changed(),
        }


def build_setup(content: HexContent, *, board: str | None = None, players: int = 2,
                characters: Sequence[str] | None = None,
                seat_names: Sequence[str] | None = None,
                rules: HexRules | Mapping[str, Any] | None = None) -> HexSetup:
    """The setup these choices describe. GameParamError names a bad choice and lists the
    valid ones; ContentError a content entry the choice needs but that is broken."""
    chosen = _board(content, board)
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise GameParamError(f"players: expected {MIN_PLAYERS} to {MAX_PLAYERS}, got "
                             f"{players!r}")
    if players not in chosen.starts:
        counts = ", ".join(str(n) for n in sorted(chosen.starts)) or "none"
        raise GameParamError(f"players: board {chosen.key!r} has no starts for {players} "
                             f"players (it seats {counts})")
    keys = _characters(content, characters, players)
    names = _seat_names(keys, seat_names)
    seats = tuple(SeatSetup(name, content.characters[key], _style(content, key), start)
                  for name, key, start in zip(names, keys, chosen.starts[players],
                                              strict=True))
    return HexSetup(content, chosen, seats, _rules(rules))


def _board(content: HexContent, key: str | None) -> Board:
    key = content.default_board if key is None else key
    if key not in content.boards:
        raise GameParamError(f"board: unknown {key!r} (boards: "
                             f"{', '.join(content.boards) or 'none'})")
    return content.boards[key]


def _characters(content: HexContent, given: Sequence[str] | None,
                players: int) -> tuple[str, ...]:
    """One character key per seat; by default the content's characters in order (again
    from the first if there are fewer characters than seats)."""
    known = list(content.characters)
    if not known:
        raise ContentError("the content defines no character")
    if given is None:
        return tuple(known[seat % len(known)] for seat in range(players))
    if isinstance(given, str) or len(given) != players:
        raise GameParamError(f"characters: expected one character key per seat "
                             f"({players}), got {given!r}")
    for key in given:
        if key not in content.characters:
            raise GameParamError(f"characters: unknown {key!r} (characters: "
                                 f"{', '.join(known)})")
    return tuple(given)


def _style(content: HexContent, key: str) -> StyleCard:
    character = content.characters[key]
    if character.style not in content.styles:
        raise ContentError(f"character {key!r}, field style: unknown Style card "
                           f"{character.style!r}")
    return content.styles[character.style]


def _seat_names(keys: tuple[str, ...],
                given: Sequence[str] | None) -> tuple[str, ...]:
    """The names given, or ``Player N`` for each seat (counted from 1)."""
    if given is not None:
        if isinstance(given, str) or len(given) != len(keys):
            raise GameParamError(f"seat_names: expected one name per seat ({len(keys)}), "
                                 f"got {given!r}")
        names = [str(name).strip() for name in given]
        if not all(names):
            raise GameParamError("seat_names: a seat name is empty")
        if len(set(names)) != len(names):
            raise GameParamError(f"seat_names: every seat needs its own name, got {names}")
        return tuple(names)
    return tuple(player_name(seat + 1) for seat in range(len(keys)))


def _rules(rules: HexRules | Mapping[str, Any] | None) -> HexRules:
    if rules is None:
        return HexRules()
    if isinstance(rules, HexRules):
        return rules
    if isinstance(rules, Mapping):
        try:
            return hex_rules(dict(rules))
        except ConfigError as exc:
            raise GameParamError(str(exc)) from None
    raise GameParamError(f"rules: expected HexRules or a mapping of flag to value, got "
                         f"{rules!r} (flags: {', '.join(HexRules.names())})")
