"""The game registry: `load_game(name, **params)` returns a game under the engine
contract, the way `pyspiel.load_game` does, and is the one way the terminal, the lab and
the web table get one.

Registering a game is one entry of `GAMES`: its name, the module that builds it and the
factory function there. The module is imported only when its game is loaded, so
importing `initiative.games` loads no game.

Parameters are keywords (`load_game("initiative_break", mode="2v2")`) or, as in
OpenSpiel, part of the name: `load_game("initiative_break(mode=2v2,heal_cap=none)")`.
Values written in a name are text; each game reads them as it reads the keywords.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, overload

from initiative.engine.errors import GameParamError

if TYPE_CHECKING:
    from initiative.engine.contract import Game
    from initiative.games.hex.game import HexGame
    from initiative.games.ib.setup import IBGame
    from initiative.games.ti.game import TIGame


@dataclass(frozen=True, slots=True)
class GameEntry:
    """Where a registered game is built: `factory(**params)` in `module`."""

    module: str
    factory: str
    summary: str


GAMES: dict[str, GameEntry] = {
    "initiative_break": GameEntry(
        "initiative.games.ib.loader", "load_initiative_break",
        "Initiative Break: duels, team formats, free-for-all, solo and co-op against "
        "Challenge Cards"),
    "hex_skirmish": GameEntry(
        "initiative.games.hex.loader", "load_hex_skirmish",
        "Hex skirmish: 2-4 characters on a hex board, turns dealt by stacked initiative "
        "decks, Action cards played for their Move or Attack and discarded to react"),
    "the_initiative": GameEntry(
        "initiative.games.ti.loader", "load_the_initiative",
        "The Initiative: 1-4 players together search rooms for clue tokens, open the "
        "mission console's windows and agree on the answer before time runs out"),
}
"""Every game `load_game` knows, by name."""


def registered_games() -> tuple[str, ...]:
    """The names `load_game` accepts, sorted."""
    return tuple(sorted(GAMES))


@overload
def load_game(name: Literal["initiative_break"], **params: Any) -> IBGame: ...


@overload
def load_game(name: Literal["hex_skirmish"], **params: Any) -> HexGame: ...


@overload
def load_game(name: Literal["the_initiative"], **params: Any) -> TIGame: ...


@overload
def load_game(name: str, **params: Any) -> Game[Any, Any]: ...


def load_game(name: str, **params: Any) -> Game[Any, Any]:
    """The game `name` with `params` (keywords, or `name(key=value,...)`); a
    GameParamError names an unknown game or parameter and lists the valid ones."""
    name, written = parse_game_string(name)
    twice = sorted(written.keys() & params.keys())
    if twice:
        raise GameParamError(f"{name}: {', '.join(twice)} given both in the name and as a "
                             "keyword")
    entry = GAMES.get(name)
    if entry is None:
        raise GameParamError(f"unknown game {name!r} (registered: "
                             f"{', '.join(registered_games())})")
    factory = getattr(importlib.import_module(entry.module), entry.factory)
    game: Game[Any, Any] = factory(**written, **params)
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
