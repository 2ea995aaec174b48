"""`make_bot(name, game, seed)`: a bot by name or difficulty level for any registered
game. The random bot plays every game; a game's `bots` part (bots/parts.py `GameBots`,
found through the registry) adds its heuristic and its tree search. A bot is built from
the game's public description (`game.public`) and sees nothing but views."""

from __future__ import annotations

from typing import Any, Protocol

from initiative.bots.ismcts import SearchSettings
from initiative.bots.parts import AnyBot, GameBots
from initiative.bots.random_bot import RandomBot
from initiative.games.registry import has_part, part

LEVELS = {"easy": ("random", 0), "normal": ("heuristic", 1), "hard": ("heuristic", 3),
          "expert": ("ismcts", 500)}
"""Difficulty levels for players: a bot and its effort (worlds the heuristic bot weighs,
iterations the search runs)."""
KINDS = ("random", "heuristic", "ismcts")
BOTS = (*KINDS, *LEVELS)
"""Bot names a player can pick (`initiative play --bot NAME`); `ismcts@N` searches N
iterations per decision, `ismcts@2.5s` for 2.5 seconds."""
RANDOM_ABOUT = {
    "random": "any legal move at random: no plan, the weakest",
    "easy": "the random bot: no plan, the weakest",
}
"""The random bot's lines: it plays every game the same way (a game's `about` may say
more)."""
TIME_BUDGET_CAP = 1_000_000
"""Iterations a time-budgeted search may not exceed (it stops at its time first)."""
NO_BOTS = GameBots()


class PublicGame(Protocol):
    """What a bot is made from: the game's registry name and its public description."""

    @property
    def name(self) -> str: ...

    @property
    def public(self) -> Any: ...


def game_bots(game: str) -> GameBots:
    """Game `game`'s own bots (none beyond the random one when it declares no part)."""
    return part(game, "bots", GameBots) if has_part(game, "bots") else NO_BOTS


def make_bot(name: str, game: PublicGame, seed: int) -> AnyBot:
    """The bot `name` (a bot, a level, `ismcts@N` or `ismcts@Xs`) for `game`, seeded with
    `seed`; ValueError when the name is unknown or the game has no such bot. A game
    may let a name stand for another (`GameBots.names`) and give `expert` a bot of its
    own (`GameBots.expert`)."""
    bots = game_bots(game.name)
    if name == "expert" and bots.expert is not None:
        return bots.expert(game.public, seed)
    kind, effort, settings = _parse(bots.names.get(name, name))
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic" and bots.heuristic is not None:
        return bots.heuristic(game.public, seed, effort)
    if kind == "ismcts" and bots.search is not None:
        return bots.search(game.public, seed, settings)
    raise ValueError(f"{game.name} has no {kind} bot (its bots: "
                     f"{', '.join(bot_names(game.name))})")


def bot_names(game: str) -> tuple[str, ...]:
    """The bot names game `game` offers, its default first."""
    bots = game_bots(game)
    kinds = {"random", *(("heuristic",) if bots.heuristic else ()),
             *(("ismcts",) if bots.search else ())}
    names = [n for n in BOTS if (LEVELS[n][0] if n in LEVELS else n) in kinds]
    return (bots.default, *(n for n in names if n != bots.default))


def bot_lines(game: str) -> tuple[tuple[str, str], ...]:
    """(name, one line on what it does and how strong it is) for each bot name game
    `game` offers, its default first: what `--help` and the web's forms show."""
    about = {**RANDOM_ABOUT, **game_bots(game).about}
    return tuple((name, about.get(name, "")) for name in bot_names(game))


def default_bot(game: str) -> str:
    """The bot game `game` offers first: a terminal game's and a new table's opponent."""
    return game_bots(game).default


def is_bot_name(name: str) -> bool:
    """Whether `name` is a bot, a level or a search budget (of some game)."""
    try:
        _parse(name)
    except ValueError:
        return False
    return True


def _parse(name: str) -> tuple[str, int, SearchSettings]:
    """(kind, effort, search settings) of a bot name; ValueError if unknown."""
    kind, effort = LEVELS.get(name, (name, 0))
    kind, at, budget = kind.partition("@")
    settings = SearchSettings(iterations=effort or 500)
    if at:
        parsed = _budget(budget) if kind == "ismcts" else None
        if parsed is None:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)}, ismcts@N, "
                             "ismcts@SECONDSs)")
        settings = parsed
    if kind not in KINDS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)}, ismcts@N, "
                         "ismcts@SECONDSs)")
    return kind, effort, settings


def _budget(text: str) -> SearchSettings | None:
    """`N` iterations (deterministic) or `Xs` seconds per decision (for play); None if
    empty or not one of those."""
    try:
        if text.endswith("s") and float(text[:-1]) > 0:
            return SearchSettings(iterations=TIME_BUDGET_CAP, time_limit=float(text[:-1]))
        if text.isdigit() and int(text) > 0:
            return SearchSettings(iterations=int(text))
    except ValueError:
        pass
    return None
