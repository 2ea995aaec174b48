"""Bots: players that choose an action from a per-seat view, never from the state.

Every bot is an engine-contract `Bot`, built from a game's public description: for
Initiative Break (`IBBot`) `public.public_description(match)`, a Match without the
deck lists; for the skirmish game (`HexBot`) its `HexSetup`, which is public; for The
Initiative (`TIBot`) its `TISetup` (its heuristic bot keeps nothing of it). It never
holds any state but the worlds it deals itself from its view. The tree search
(`ismcts`) and the one-ply lookahead (`lookahead`) are written once over any game that
can deal a world from a view (`search.Dealer`) and score a state.
"""

from typing import TypeAlias, overload

from initiative.bots.heuristic import Evaluate, HeuristicBot, PublicDealer, Weights, evaluate
from initiative.bots.hex_heuristic import HexHeuristicBot, hex_ismcts
from initiative.bots.ismcts import ISMCTSBot, SearchSettings
from initiative.bots.play import ask, play_out
from initiative.bots.random_bot import RandomBot
from initiative.bots.ti_heuristic import TIHeuristicBot, ti_ismcts
from initiative.engine.contract import Bot
from initiative.games.hex.actions import HexAction
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.view import HexView
from initiative.games.ib.actions import Action
from initiative.games.ib.public import PublicMatch
from initiative.games.ib.view import IBView
from initiative.games.ti.actions import TIAction
from initiative.games.ti.setup import TISetup
from initiative.games.ti.view import TIView

__all__ = ["BOTS", "LEVELS", "Bot", "HeuristicBot", "HexBot", "HexHeuristicBot", "IBBot",
           "ISMCTSBot", "RandomBot", "SearchSettings", "TIBot", "TIHeuristicBot", "Weights",
           "ask", "evaluate", "is_bot_name", "make_bot", "play_out"]

IBBot: TypeAlias = Bot[IBView, Action]
"""A player of Initiative Break: its seat's view in, one of its legal actions out."""
HexBot: TypeAlias = Bot[HexView, HexAction]
"""A player of the skirmish game."""
TIBot: TypeAlias = Bot[TIView, TIAction]
"""A player of The Initiative (one seat of the co-operative group)."""

LEVELS = {"easy": ("random", 0), "normal": ("heuristic", 1), "hard": ("heuristic", 3),
          "expert": ("ismcts", 500)}
"""Difficulty levels for players: a bot and its effort (worlds the heuristic bot weighs,
iterations the search runs)."""
BOTS = ("random", "heuristic", "ismcts", *LEVELS)
"""Bot names a player can pick (`initiative play --bot NAME`); `ismcts@N` searches N
iterations per decision, `ismcts@2.5s` for 2.5 seconds."""


@overload
def make_bot(name: str, game: PublicMatch, seed: int) -> IBBot: ...


@overload
def make_bot(name: str, game: HexSetup, seed: int) -> HexBot: ...


@overload
def make_bot(name: str, game: TISetup, seed: int) -> TIBot: ...


def make_bot(name: str, game: PublicMatch | HexSetup | TISetup, seed: int
             ) -> IBBot | HexBot | TIBot:
    """A bot by name or difficulty level for the game described by `game` (an Initiative
    Break `PublicMatch`, a skirmish `HexSetup` or The Initiative's `TISetup`)."""
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
        if isinstance(game, TISetup):
            return TIHeuristicBot(seed)
        if isinstance(game, HexSetup):
            return HexHeuristicBot(game, seed, samples=effort or 2)
        return HeuristicBot(game, seed, samples=effort or 2)
    if kind == "ismcts":
        if isinstance(game, TISetup):
            return ti_ismcts(game, seed, settings)
        if isinstance(game, HexSetup):
            return hex_ismcts(game, seed, settings)
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
