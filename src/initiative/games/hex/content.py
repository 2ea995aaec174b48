"""Skirmish content as data: YAML files (docs/hex-content.md) checked by the schema
(`schema`) and the linter (`lint`), compiled into the frozen records of `specs`.

Content may span several files, read as one set: the shipped content is every
`data/*.yaml` of this package, in name order. Every error names the file, the entry
and the field; content with any lint error is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from initiative.engine.errors import ContentError
from initiative.games.content_files import package_sources, read_source
from initiative.games.hex.geometry import Hex
from initiative.games.hex.lint import Located, board_hexes, check, lint_sources, style_offset
from initiative.games.hex.schema import (
    BoardModel,
    CardModel,
    CharacterModel,
    StyleModel,
    parse_file,
)
from initiative.games.hex.specs import (
    ActionCard,
    AttackSection,
    Board,
    Character,
    HexContent,
    MoveSection,
    ReactionSection,
    Start,
    StyleCard,
    StyleHex,
)
from initiative.games.parts import ContentLinter

PACKAGE = "initiative.games.hex"
DATA_WHERE = "initiative/games/hex/data"


def load_content_texts(sources: Sequence[tuple[str, str]]) -> HexContent:
    """Content from YAML documents given as (text, where), read as one set;
    ContentError lists every error (file, entry, field)."""
    files = [(where, parse_file(text, where)) for text, where in sources]
    errors = [f.message for f in check(files) if f.is_error]
    if errors:
        raise ContentError("\n".join(errors))
    return compile_content(files)


def load_content_text(text: str, where: str) -> HexContent:
    """Content from one YAML document holding every section."""
    return load_content_texts([(text, where)])


def load_content_files(paths: Sequence[Path | str]) -> HexContent:
    """Content from files read as one set; an unreadable file is a ContentError too."""
    return load_content_texts([read_source(path) for path in paths])


def load_content_file(path: Path | str) -> HexContent:
    """Content from one file holding every section."""
    return load_content_files([path])


def default_sources() -> list[tuple[str, str]]:
    """The shipped content files as (text, where), in name order."""
    return package_sources(PACKAGE, DATA_WHERE)


@cache
def default_content() -> HexContent:
    """The original content shipped with the game (loaded once)."""
    return load_content_texts(default_sources())


def compile_content(files: Sequence[Located]) -> HexContent:
    """The records the rules read, from files that pass the linter without error."""
    boards = {b.key: _board(b) for _, m in files for b in m.boards}
    styles = {s.key: _style(s) for _, m in files for s in m.styles}
    cards = tuple(_card(c) for _, m in files for c in m.cards)
    decks = {d.key: d.cards for _, m in files for d in m.decks}
    characters = {c.key: _character(c, decks) for _, m in files for c in m.characters}
    given = [m.default_board for _, m in files if m.default_board is not None]
    default = given[0] if given else next(iter(boards))
    return HexContent(boards, styles, cards, characters, default)


def _board(model: BoardModel) -> Board:
    starts = {players: tuple(Start(Hex(*s.hex), s.facing) for s in listed)
              for players, listed in sorted(model.starts.items())}
    return Board(model.key, model.name, board_hexes(model),
                 frozenset(Hex(*h) for h in model.walls), starts)


def _style(model: StyleModel) -> StyleCard:
    return StyleCard(model.key, model.name,
                     tuple(StyleHex(style_offset(h.at), h.needs) for h in model.hexes))


def _card(model: CardModel) -> ActionCard:
    move, attack, reaction = model.move, model.attack, model.reaction
    return ActionCard(
        model.key, model.name,
        MoveSection(move.steps, move.displace, move.power),
        AttackSection(attack.dice, attack.barrage, attack.fumble, attack.push, attack.power),
        ReactionSection(reaction.shields, reaction.steps, reaction.displace, reaction.power))


def _character(model: CharacterModel, decks: dict[str, tuple[str, ...]]) -> Character:
    deck = decks[model.deck] if isinstance(model.deck, str) else model.deck
    return Character(model.key, model.name, model.style, deck)


LINTER = ContentLinter(lint=lint_sources, shipped=default_sources)
"""How `initiative cards lint --game hex_skirmish` checks skirmish content (the game's
`lint` part): the files read as one set."""
