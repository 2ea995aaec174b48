"""The Initiative's content as data: YAML files (docs/the-initiative-content.md) checked
by the schema (`schema`) and the validator (`validate`), compiled into the frozen records
of `specs`.

The shipped content is every `data/*.yaml` of this package, read as one set in name
order. A designer's file is laid over it (`load_content_file`): its entries replace the
shipped ones with the same key and add new ones. Every error names the file and the
place; content with any validator error is refused.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from initiative.engine.errors import ContentError
from initiative.engine.findings import Finding
from initiative.games.content_files import package_sources, read_source
from initiative.games.parts import ContentLinter
from initiative.games.ti.actions import PILES
from initiative.games.ti.schema import (
    BoardModel,
    DeckModel,
    EnemyModel,
    MissionModel,
    TokenModel,
    parse_file,
)
from initiative.games.ti.specs import (
    Board,
    Character,
    Door,
    Enemy,
    EnemyAbility,
    Feature,
    Glyph,
    Mission,
    Placement,
    ResourceCard,
    Room,
    Secret,
    Stack,
    Story,
    TIContent,
    TokenSpec,
    Window,
)
from initiative.games.ti.validate import ContentSet, Located, check, merge, validate_sources

PACKAGE = "initiative.games.ti"
DATA_WHERE = "initiative/games/ti/data"


def load_content_texts(sources: Sequence[tuple[str, str]]) -> TIContent:
    """Content from YAML documents given as (text, where), read as one set in order;
    ContentError lists every error (file and place)."""
    files: list[Located] = [(where, parse_file(text, where)) for text, where in sources]
    errors = [f.message for f in check(files) if f.is_error]
    if errors:
        raise ContentError("\n".join(errors))
    merged, _ = merge(files)
    return compile_content(merged)


def load_content_files(paths: Sequence[Path | str]) -> TIContent:
    """The shipped content with the files laid over it, in order."""
    return load_content_texts([*default_sources(), *(read_source(p) for p in paths)])


def load_content_file(path: Path | str) -> TIContent:
    """The shipped content with one file laid over it (a standalone mission file, or a
    file replacing any section)."""
    return load_content_files([path])


def load_content_data(document: Mapping[str, Any], where: str = "content") -> TIContent:
    """The shipped content with one content document given as data (the sections a
    content file holds: `missions`, `boards`, ...) laid over it; ContentError names
    `where` and the place of every problem."""
    try:
        text = json.dumps(document)  # JSON is YAML: read as a file's text is
    except (TypeError, ValueError) as exc:
        raise ContentError(f"{where}: not plain data (mappings, lists, text, numbers, "
                           f"true/false): {exc}") from None
    return load_content_texts([*default_sources(), (text, where)])


def default_sources() -> list[tuple[str, str]]:
    """The shipped content files as (text, where), in name order."""
    return package_sources(PACKAGE, DATA_WHERE)


@cache
def default_content() -> TIContent:
    """The original content shipped with the game (loaded once)."""
    return load_content_texts(default_sources())


def compile_content(merged: ContentSet) -> TIContent:
    """The records the rules read, from a set that passed the validator."""
    assert merged.deck is not None and merged.campaign is not None
    boards = {key: _board(p.model) for key, p in merged.boards.items()}
    return TIContent(
        cards=_cards(merged.deck.model),
        glyphs={key: Glyph(key, p.model.name, p.model.mark) for key, p in merged.glyphs.items()},
        boards=boards,
        characters={key: Character(key, p.model.name, p.model.ability, p.model.text)
                    for key, p in merged.characters.items()},
        enemies={key: _enemy(p.model) for key, p in merged.enemies.items()},
        secrets={key: Secret(key, p.model.title, p.model.text)
                 for key, p in merged.secrets.items()},
        missions={key: _mission(p.model, boards[p.model.board])
                  for key, p in merged.missions.items()},
        campaign=merged.campaign.model)


def _cards(deck: DeckModel) -> tuple[ResourceCard, ...]:
    """TI-6: every suit x every value, then the time cards (TI-49, TI-51)."""
    low, high = deck.values
    cards = [ResourceCard(f"{suit}_{value}", suit, value)
             for suit in deck.suits for value in range(low, high + 1)]
    cards += [ResourceCard(t.key, None, 0, t.time) for t in deck.time_cards]
    return tuple(cards)


def _board(model: BoardModel) -> Board:
    rooms = tuple(Room(r.key, r.name, r.col, r.row) for r in model.rooms)
    index = {r.key: i for i, r in enumerate(rooms)}
    passages = tuple(sorted(_pair(index, a, b) for a, b in model.passages))
    return Board(model.key, model.name, rooms, passages, model.cols, model.rows)


def _pair(index: dict[str, int], a: str, b: str) -> tuple[int, int]:
    i, j = index[a], index[b]
    return (i, j) if i < j else (j, i)


def _enemy(model: EnemyModel) -> Enemy:
    return Enemy(model.key, model.name, model.suits, model.strength, tuple(
        EnemyAbility(a.icon, a.effect, a.target, a.rooms, a.count, a.text)
        for a in model.abilities))


def _tokens(models: Sequence[TokenModel], blue: bool) -> tuple[TokenSpec, ...]:
    """Each entry `count` times; blue for a stack's extras (TI-31)."""
    return tuple(TokenSpec(t.kind, t.glyph, t.icon,
                           None if t.pile is None else PILES.index(t.pile), blue, t.story)
                 for t in models for _ in range(t.count))


def _mission(model: MissionModel, board: Board) -> Mission:
    index = {room.key: i for i, room in enumerate(board.rooms)}
    return Mission(
        key=model.key, number=model.number, name=model.name, question=model.question,
        board=model.board,
        stacks=tuple(Stack(index[s.room], s.tan, _tokens(s.extra, True)) for s in model.stacks),
        tan_pool=_tokens(model.tan_pool, False),
        features=tuple(Feature(f.kind, index[f.room]) for f in model.features),
        doors=tuple(Door(*_pair(index, a, b)) for a, b in model.doors),
        walls=tuple(_pair(index, a, b) for a, b in model.walls),
        windows=tuple(Window(w.glyph, w.symbols) for w in model.windows),
        answer_area=model.answer_area, alphabet=model.alphabet,
        enemies=tuple(Placement(p.enemy, index[p.room]) for p in model.enemies),
        back_secret=model.back_secret, face_secret=model.face_secret,
        story=Story(model.story.intro, model.story.win, model.story.loss),
        difficulty=model.difficulty)


def validate_over_shipped(sources: Sequence[tuple[str, str]]) -> list[Finding]:
    """Every finding for mission or content files laid over the shipped content (a file
    named like a shipped one replaces it)."""
    given = {where for _, where in sources}
    return validate_sources(sources, base=[source for source in default_sources()
                                           if source[1] not in given])


LINTER = ContentLinter(lint=validate_over_shipped, shipped=default_sources)
"""How `initiative cards lint --game the_initiative` and `initiative mission validate`
check The Initiative's content (the game's `lint` part): the files read as one set over
the shipped content."""
