"""The game registry: `load_game(name, **params)` returns a game under the engine
contract, the way `pyspiel.load_game` does, and `part(name, kind)` finds what a front
end needs of it (its web table, terminal host, bots, lab adapter, ...).

A game is its own package plus one registry entry. The entry is a `GameEntry` kept in
the game's own package (`initiative.games.hex.entry:ENTRY`): its name, its title, the
function that builds it and, in `Parts`, where each front end finds the game's part, as
"module:attribute" text. Nothing is imported before it is asked for: importing
`initiative.games` loads no game, and asking for a game's web table loads that game
alone.

Built-in games are the lines of `BUILT_IN`; any installed package adds a game by
declaring an entry point in the group `initiative.games` (`name = "module:ENTRY"`),
as a test's toy game does (docs/new-game.md).

Parameters are keywords (`load_game("initiative_break", mode="2v2")`) or, as in
OpenSpiel, part of the name: `load_game("initiative_break(mode=2v2,heal_cap=none)")`.
Values written in a name are text; each game reads them as it reads the keywords.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from initiative.engine.errors import GameParamError

if TYPE_CHECKING:
    from initiative.engine.contract import Game

T = TypeVar("T")

PartKind = Literal["bots", "terminal", "web", "lab", "records", "rules", "lint"]
"""What a front end asks a game for (the fields of `Parts`)."""
ENTRY_POINT_GROUP = "initiative.games"
"""The entry-point group through which an installed package adds a game."""

BUILT_IN: dict[str, str] = {
    "initiative_break": "initiative.games.ib.entry:ENTRY",
    "hex_skirmish": "initiative.games.hex.entry:ENTRY",
    "the_initiative": "initiative.games.ti.entry:ENTRY",
}
"""The games that ship with the package: name -> where its `GameEntry` is."""
DEFAULT_GAME = "initiative_break"
"""The game a front end plays when none is named (`initiative play`, the web's /new)."""


@dataclass(frozen=True, slots=True)
class Command:
    """A subcommand of `initiative` that belongs to one game (`initiative deck ...`):
    its name, the "module:attribute" of its `typer.Typer`, and a line of help."""

    name: str
    target: str
    help: str


@dataclass(frozen=True, slots=True)
class Parts:
    """Where each front end finds a game's part, as "module:attribute" ("" when the game
    has none). What each attribute must be is the front end's to say:

    - `bots`: `initiative.bots.parts.GameBots` (the random bot needs none);
    - `terminal`: `initiative.cli.parts.TerminalGame` (`initiative play --game`);
    - `web`: `initiative.server.parts.WebGame` (the web table);
    - `lab`: `initiative.lab.parts.LabGame` (`simulate` and `report`);
    - `records`: `initiative.games.parts.RecordReader` (`initiative replay`);
    - `rules`: `initiative.games.parts.RulesListing` (`initiative rules`);
    - `lint`: `initiative.games.parts.ContentLinter` (`initiative cards lint`).
    """

    bots: str = ""
    terminal: str = ""
    web: str = ""
    lab: str = ""
    records: str = ""
    rules: str = ""
    lint: str = ""
    commands: tuple[Command, ...] = ()
    """Subcommands of `initiative` of this game's own."""


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game as the registry knows it."""

    name: str
    """The registry name (`load_game(name)`)."""
    title: str
    """The game's name for people ("Hex skirmish")."""
    summary: str
    """One or two sentences on what the game is."""
    loader: str
    """"module:function" that builds the game from its parameters."""
    parts: Parts = field(default_factory=Parts)
    slug: str = ""
    """Its short name in web addresses (/hex/new); default: the registry name."""
    record_format: str = ""
    """The `format` tag of its game records ("hex-record/1"), so a record names its
    game."""
    older_record_formats: tuple[str, ...] = ()
    """Format tags of its older records, which its `records` part still reads."""
    tutorial: bool = False
    """Its web setup form takes `tutorial=yes` (a guided first game): the lobby offers
    it."""

    @property
    def web_slug(self) -> str:
        return self.slug or self.name


def resolve(target: str) -> Any:
    """The object "module:attribute" names, imported now."""
    module, colon, attribute = target.partition(":")
    if not colon or not module or not attribute:
        raise GameParamError(f"{target!r}: expected module:attribute")
    found: Any = importlib.import_module(module)
    for name in attribute.split("."):
        found = getattr(found, name)
    return found


@cache
def _targets() -> dict[str, str]:
    """Where each registered game's entry is: the built-in ones, then installed ones
    (nothing is imported)."""
    targets = dict(BUILT_IN)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        targets.setdefault(point.name, point.value)
    return targets


@cache
def _entry(name: str) -> GameEntry:
    target = _targets()[name]
    found = resolve(target)
    if not isinstance(found, GameEntry) or found.name != name:
        raise GameParamError(f"game {name!r}: {target} is not the GameEntry of {name!r}")
    return found


def refresh() -> None:
    """Forget the games found so far (a package installed since is found next time)."""
    _targets.cache_clear()
    _entry.cache_clear()


def registered_games() -> tuple[str, ...]:
    """The names `load_game` accepts, sorted (no game's entry is loaded)."""
    return tuple(sorted(_targets()))


def entries() -> tuple[GameEntry, ...]:
    """Every registered game's entry, by name."""
    return tuple(_entry(name) for name in registered_games())


def entry(name: str) -> GameEntry:
    """The entry of game `name` (only its own is loaded); GameParamError lists the
    registered games."""
    if name not in _targets():
        raise GameParamError(f"unknown game {name!r} (registered: "
                             f"{', '.join(registered_games())})")
    return _entry(name)


def entry_of_slug(slug: str) -> GameEntry | None:
    """The game whose web addresses start with `slug`, or None."""
    return next((e for e in entries() if e.web_slug == slug), None)


def entry_of_record(tag: object) -> GameEntry | None:
    """The game whose records carry the format tag `tag`, or None."""
    return next((e for e in entries()
                 if e.record_format and (e.record_format == tag
                                         or tag in e.older_record_formats)), None)


def has_part(name: str, kind: PartKind) -> bool:
    """Whether game `name` declares a part of this kind."""
    target: str = getattr(entry(name).parts, kind)
    return bool(target)


def part(name: str, kind: PartKind, expected: type[T]) -> T:
    """Game `name`'s part of this kind, imported now and checked to be an `expected`;
    GameParamError when the game has none (or declares something else)."""
    game = entry(name)
    target: str = getattr(game.parts, kind)
    if not target:
        raise GameParamError(f"{game.title} ({name}) has no {kind} part")
    found = resolve(target)
    if not isinstance(found, expected):
        raise GameParamError(f"game {name!r}: its {kind} part {target} is a "
                             f"{type(found).__name__}, not a {expected.__name__}")
    return found


def load_game(name: str, **params: Any) -> Game[Any, Any]:
    """The game `name` with `params` (keywords, or `name(key=value,...)`); a
    GameParamError names an unknown game or parameter and lists the valid ones."""
    name, written = parse_game_string(name)
    twice = sorted(written.keys() & params.keys())
    if twice:
        raise GameParamError(f"{name}: {', '.join(twice)} given both in the name and as a "
                             "keyword")
    factory = resolve(entry(name).loader)
    game: Game[Any, Any] = factory(**written, **params)
    return game


def load_game_as(kind: type[T], name: str, **params: Any) -> T:
    """`load_game(name, **params)`, checked to be a `kind` (a game's own parts know its
    class and want it typed)."""
    game = load_game(name, **params)
    if not isinstance(game, kind):
        raise GameParamError(f"{name} built a {type(game).__name__}, not a {kind.__name__}")
    return game


def parse_game_string(text: str) -> tuple[str, dict[str, str]]:
    """`"name(key=value,key=value)"` as the name and its parameters as text; a bare
    name has none. GameParamError names what cannot be read."""
    text = text.strip()
    head, paren, rest = text.partition("(")
    if not paren:
        return text, {}
    name = head.strip()
    if not rest.endswith(")") or "(" in rest[:-1] or ")" in rest[:-1]:
        raise GameParamError(f"{text!r}: expected name(key=value,...) with one pair of "
                             "parentheses")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest[:-1].split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key.isidentifier():
            raise GameParamError(f"{text!r}: {item!r} is not key=value")
        if key in params:
            raise GameParamError(f"{text!r}: parameter {key!r} is given twice")
        params[key] = value.strip()
    return name, params
