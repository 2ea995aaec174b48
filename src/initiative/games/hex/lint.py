"""The skirmish content linter: every problem in a set of content files, checked against
what the engine reads (docs/hex-content.md).

Schema errors come first, with the schema's messages (file, entry, field). Files that
pass the schema are then checked as one set, every problem listed rather than the
first. Errors are what the rules cannot play (a start on a wall, a deck too small to
draw a hand from, a Style hex on the unit itself); warnings are what is legal but
probably a slip (an unused card, a reaction that does nothing). The loader refuses
content with any error, so nothing the linter rejects reaches a game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Protocol, TypeVar

from initiative.engine.errors import ContentError
from initiative.engine.findings import Finding
from initiative.games.hex.geometry import (
    Hex,
    distance,
    hexagon,
    neighbor,
    neighbors,
    relative_offset,
)
from initiative.games.hex.schema import (
    RELATIVE,
    BoardModel,
    CardModel,
    CharacterModel,
    ContentFile,
    DeckModel,
    StyleModel,
    parse_file,
)

HAND_SIZE = 4
"""HX-4: the draw phase draws 4 cards, so a deck holds at least that many."""
PLAYER_COUNTS = (2, 3, 4)
Located = tuple[str, ContentFile]
"""A parsed file and the name its messages give it."""


def lint_sources(sources: Sequence[tuple[str, str]]) -> list[Finding]:
    """Every finding for a set of YAML documents, each given as (text, where): the
    schema's errors if any file fails it, otherwise the checks of `check`."""
    parsed: list[Located] = []
    refused: list[Finding] = []
    for text, where in sources:
        try:
            parsed.append((where, parse_file(text, where)))
        except ContentError as exc:
            refused.extend(Finding("error", line) for line in str(exc).splitlines())
    return refused or check(parsed)


def check(files: Sequence[Located]) -> list[Finding]:
    """Every finding for parsed files read as one set of content."""
    return [*_duplicate_keys(files), *_default_board(files), *_boards(files),
            *_styles(files), *_cards(files), *_decks(files), *_characters(files),
            *_duplicate_names(files)]


def board_hexes(board: BoardModel) -> frozenset[Hex]:
    """Every hex of a board, walls included: the hexagon or the list, less `cut`."""
    base = hexagon(board.radius) if board.radius is not None else \
        tuple(Hex(*h) for h in board.hexes)
    return frozenset(base) - {Hex(*h) for h in board.cut}


def style_offset(path: Iterable[str]) -> Hex:
    """The offset a Style hex's relative path reaches from a unit facing north."""
    return relative_offset(tuple(RELATIVE.index(step) for step in path))


def _boards_of(m: ContentFile) -> tuple[BoardModel, ...]:
    return m.boards


def _styles_of(m: ContentFile) -> tuple[StyleModel, ...]:
    return m.styles


def _cards_of(m: ContentFile) -> tuple[CardModel, ...]:
    return m.cards


def _decks_in(m: ContentFile) -> tuple[DeckModel, ...]:
    return m.decks


def _characters_of(m: ContentFile) -> tuple[CharacterModel, ...]:
    return m.characters


class _Entry(Protocol):
    @property
    def key(self) -> str: ...

    @property
    def name(self) -> str: ...


T = TypeVar("T")
SECTIONS: dict[str, Callable[[ContentFile], Sequence[_Entry]]] = {
    "board": _boards_of, "style": _styles_of, "card": _cards_of, "deck": _decks_in,
    "character": _characters_of}
"""Each section by the word messages use for one of its entries."""


def _each(files: Sequence[Located], section: Callable[[ContentFile], Sequence[T]]
          ) -> Iterator[tuple[str, T]]:
    """Every entry of one section, with the file it sits in."""
    for where, model in files:
        for entry in section(model):
            yield where, entry


def _at(where: str, what: str, key: str) -> str:
    return f"{where} ({what} {key!r})"


def _keys(files: Sequence[Located], section: str) -> set[str]:
    return {entry.key for _, entry in _each(files, SECTIONS[section])}


def _duplicate_keys(files: Sequence[Located]) -> Iterator[Finding]:
    for section, get in SECTIONS.items():
        first: dict[str, str] = {}
        for where, entry in _each(files, get):
            if entry.key in first:
                yield Finding("error", f"{_at(where, section, entry.key)}, field key: "
                                       f"defined again (first in {first[entry.key]})")
            else:
                first[entry.key] = where


def _default_board(files: Sequence[Located]) -> Iterator[Finding]:
    boards = _keys(files, "board")
    if not boards:
        yield Finding("error", f"{_names(files)}: no board is defined (boards: [...])")
    given = [(where, m.default_board) for where, m in files if m.default_board is not None]
    for where, _ in given[1:]:
        yield Finding("error", f"{where}, field default_board: set again (first in "
                               f"{given[0][0]})")
    for where, key in given:
        if key not in boards:
            yield Finding("error", f"{where}, field default_board: unknown board {key!r} "
                                   f"(boards: {', '.join(sorted(boards)) or 'none'})")


def _names(files: Sequence[Located]) -> str:
    return ", ".join(where for where, _ in files) or "<no files>"


def _boards(files: Sequence[Located]) -> Iterator[Finding]:
    for where, board in _each(files, _boards_of):
        yield from _board(_at(where, "board", board.key), board)


def _board(at: str, board: BoardModel) -> Iterator[Finding]:
    """HX-A8: walls are board hexes; the open hexes form one piece; starts."""
    hexes = board_hexes(board)
    for field, listed in (("hexes", board.hexes), ("walls", board.walls), ("cut", board.cut)):
        for h, n in Counter(listed).items():
            if n > 1:
                yield Finding("warning", f"{at}, field {field}: {list(h)} is listed {n} times")
    for i, h in enumerate(board.cut):
        if board.radius is not None and Hex(*h) not in hexagon(board.radius):
            yield Finding("warning", f"{at}, field cut[{i}]: {list(h)} is not on the board")
    walls = {Hex(*h) for h in board.walls}
    for i, h in enumerate(board.walls):
        if Hex(*h) not in hexes:
            yield Finding("error", f"{at}, field walls[{i}]: {list(h)} is not a board hex")
    open_hexes = hexes - walls
    pieces = _pieces(open_hexes)
    if not open_hexes:
        yield Finding("error", f"{at}, field walls: every hex is a wall")
    elif pieces > 1:
        yield Finding("error", f"{at}, field walls: the open hexes fall apart into {pieces} "
                               "pieces that cannot reach each other")
    yield from _starts(at, board, hexes, walls)


def _pieces(open_hexes: frozenset[Hex]) -> int:
    """How many connected pieces the open hexes form."""
    left = set(open_hexes)
    pieces = 0
    while left:
        pieces += 1
        todo = [left.pop()]
        while todo:
            for n in neighbors(todo.pop()):
                if n in left:
                    left.remove(n)
                    todo.append(n)
    return pieces


def _starts(at: str, board: BoardModel, hexes: frozenset[Hex],
            walls: set[Hex]) -> Iterator[Finding]:
    for players, starts in board.starts.items():
        field = f"{at}, field starts.{players}"
        if players not in PLAYER_COUNTS:
            yield Finding("error", f"{field}: the game seats 2 to 4 players, not {players}")
            continue
        if len(starts) != players:
            yield Finding("error", f"{field}: {len(starts)} starts for {players} players "
                                   "(one per seat)")
        seen: set[Hex] = set()
        for i, start in enumerate(starts):
            h = Hex(*start.hex)
            if h not in hexes:
                yield Finding("error", f"{field}[{i}].hex: {list(h)} is not a board hex")
            elif h in walls:
                yield Finding("error", f"{field}[{i}].hex: {list(h)} is a wall")
            elif neighbor(h, start.facing) in walls or neighbor(h, start.facing) not in hexes:
                yield Finding("warning", f"{field}[{i}].facing: the character starts facing "
                                         "a wall or the board's edge")
            if h in seen:
                yield Finding("error", f"{field}[{i}].hex: {list(h)} is taken by an "
                                       "earlier seat")
            seen.add(h)
    missing = [n for n in PLAYER_COUNTS if n not in board.starts]
    if missing:
        yield Finding("warning", f"{at}, field starts: no starts for "
                                 f"{' or '.join(map(str, missing))} players")


def _styles(files: Sequence[Located]) -> Iterator[Finding]:
    """HX-23, HX-26: each Style hex is a distinct hex other than the unit's own."""
    used = {c.style for _, c in _each(files, _characters_of)}
    widest = max((_width(board_hexes(b)) for _, b in _each(files, _boards_of)), default=0)
    for where, style in _each(files, _styles_of):
        at = _at(where, "style", style.key)
        seen: dict[Hex, int] = {}
        for i, spot in enumerate(style.hexes):
            offset = style_offset(spot.at)
            away = distance(Hex(0, 0), offset)
            if widest and away > widest:
                yield Finding("warning", f"{at}, field hexes[{i}].at: {away} hexes away, "
                                         f"farther than any board is wide ({widest})")
            if offset == Hex(0, 0):
                yield Finding("error", f"{at}, field hexes[{i}].at: the path "
                                       f"{list(spot.at)} ends on the unit's own hex")
            elif offset in seen:
                yield Finding("error", f"{at}, field hexes[{i}].at: the same hex as "
                                       f"hexes[{seen[offset]}]")
            else:
                seen[offset] = i
        if style.key not in used:
            yield Finding("warning", f"{at}: no character uses it")


def _width(hexes: frozenset[Hex]) -> int:
    """The longest distance between two hexes of a board."""
    return max((distance(a, b) for a in hexes for b in hexes), default=0)


def _cards(files: Sequence[Located]) -> Iterator[Finding]:
    used = {key for _, deck in _decks_of(files) for key in deck}
    for where, card in _each(files, _cards_of):
        at = _at(where, "card", card.key)
        if card.reaction.displace and card.reaction.steps is None:
            yield Finding("error", f"{at}, field reaction.displace: displace needs a "
                                   "reaction move (steps) to act in (HX-A19)")
        if card.move.displace and card.move.steps == 0:
            yield Finding("warning", f"{at}, field move.displace: a Move 0 never enters a "
                                     "hex, so displace does nothing")
        if card.reaction.displace and card.reaction.steps == 0:
            yield Finding("warning", f"{at}, field reaction.displace: a reaction move of 0 "
                                     "never enters a hex, so displace does nothing")
        attack = card.attack
        if attack.dice == 0 and not (attack.push or attack.fumble or attack.power):
            yield Finding("warning", f"{at}, field attack: no dice, push, fumble or power: "
                                     "the attack does nothing")
        reaction = card.reaction
        if not reaction.shields and reaction.steps is None and not reaction.power:
            yield Finding("warning", f"{at}, field reaction: no shield, move or power: "
                                     "the reaction does nothing")
        if card.key not in used:
            yield Finding("warning", f"{at}: no deck or character uses it")


def _decks_of(files: Sequence[Located]) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Every card list: named decks and characters' own lists, with where they sit."""
    for where, deck in _each(files, _decks_in):
        yield f"{_at(where, 'deck', deck.key)}, field cards", deck.cards
    for where, character in _each(files, _characters_of):
        if not isinstance(character.deck, str):
            yield f"{_at(where, 'character', character.key)}, field deck", character.deck


def _decks(files: Sequence[Located]) -> Iterator[Finding]:
    """Every deck card exists; a deck holds at least a hand (HX-4)."""
    cards = _keys(files, "card")
    for at, listed in _decks_of(files):
        for i, key in enumerate(listed):
            if key not in cards:
                yield Finding("error", f"{at}[{i}]: unknown card {key!r}")
        if len(listed) < HAND_SIZE:
            yield Finding("error", f"{at}: {len(listed)} cards; a deck needs at least "
                                   f"{HAND_SIZE} to draw a hand from (HX-4)")
    named = {c.deck for _, c in _each(files, _characters_of) if isinstance(c.deck, str)}
    for where, deck in _each(files, _decks_in):
        if deck.key not in named:
            yield Finding("warning", f"{_at(where, 'deck', deck.key)}: no character uses it")


def _characters(files: Sequence[Located]) -> Iterator[Finding]:
    styles = _keys(files, "style")
    decks = _keys(files, "deck")
    found = False
    for where, character in _each(files, _characters_of):
        found = True
        at = _at(where, "character", character.key)
        if character.style not in styles:
            yield Finding("error", f"{at}, field style: unknown Style card "
                                   f"{character.style!r} (styles: "
                                   f"{', '.join(sorted(styles)) or 'none'})")
        if isinstance(character.deck, str) and character.deck not in decks:
            yield Finding("error", f"{at}, field deck: unknown deck {character.deck!r} "
                                   f"(decks: {', '.join(sorted(decks)) or 'none'})")
    if not found:
        yield Finding("error", f"{_names(files)}: no character is defined (characters: [...])")


def _duplicate_names(files: Sequence[Located]) -> Iterator[Finding]:
    """One name under two keys: players cannot tell the two apart."""
    for section, get in SECTIONS.items():
        keys: dict[str, list[str]] = {}
        for _, entry in _each(files, get):
            keys.setdefault(entry.name.casefold(), []).append(entry.key)
        for same in keys.values():
            if len(same) > 1:
                yield Finding("warning", f"{_names(files)}: {section}s "
                                         f"{', '.join(map(repr, same))} share one name")
