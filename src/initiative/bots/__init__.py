"""Bots: players that choose an action from a per-seat view, never from the state.

Every bot is an engine-contract `Bot` over Initiative Break views (`IBBot`), built from
the game's public description (`public.public_description`): it never holds a Match
with deck lists, nor any state but the ones it deals itself from its view.
"""

from typing import TypeAlias

from initiative.bots.heuristic import Evaluate, HeuristicBot, PublicDealer, Weights, evaluate
from initiative.bots.ismcts import ISMCTSBot, SearchSettings
from initiative.bots.play import ask, play_out
from initiative.bots.random_bot import RandomBot
from initiative.engine.contract import Bot
from initiative.games.ib.actions import Action
from initiative.games.ib.public import PublicMatch
from initiative.games.ib.view import IBView

__all__ = ["BOTS", "LEVELS", "Bot", "HeuristicBot", "IBBot", "ISMCTSBot", "RandomBot",
           "SearchSettings", "Weights", "ask", "evaluate", "is_bot_name", "make_bot",
           "play_out"]

IBBot: TypeAlias = Bot[IBView, Action]
"""A player of Initiative Break: its seat's view in, one of its legal actions out."""

LEVELS = {"easy": ("random", 0), "normal": ("heuristic", 1), "hard": ("heuristic", 3),
          "expert": ("ismcts", 500)}
"""Difficulty levels for players: a bot and its effort (worlds the heuristic bot weighs,
iterations the search runs)."""
BOTS = ("random", "heuristic", "ismcts", *LEVELS)
"""Bot names a player can pick (`initiative play --bot NAME`); `ismcts@N` searches N
iterations per decision, `ismcts@2.5s` for 2.5 seconds."""


def make_bot(name: str, game: PublicMatch, seed: int) -> IBBot:
    """A bot by name or difficulty level for the game described by `game`."""
    kind, effort = LEVELS.get(name, (name, 0))
    kind, at, budget = kind.partition("@")
    settings = SearchSettings(iterations=effort or 500)
    if at:
        parsed = _budget(budget) if kind == "ismcts" else None
        if parsed is None:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)}, ismcts@N, "
                             "ismcts@SECONDSs)")
        settings = parsed
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(game, seed, samples=effort or 2)
    if kind == "ismcts":
        return ISMCTSBot(PublicDealer(game), Evaluate(), seed, settings)
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)}, ismcts@N, "
                     "ismcts@SECONDSs)")


TIME_BUDGET_CAP = 1_000_000
"""Iterations a time-budgeted search may not exceed (it stops at its time first)."""


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


def is_bot_name(name: str) -> bool:
    """Whether `make_bot` knows `name` (a bot, a level, or an ISMCTS budget)."""
    kind, at, budget = name.partition("@")
    return name in BOTS or (kind == "ismcts" and bool(at) and _budget(budget) is not None)
