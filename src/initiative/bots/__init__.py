"""Bots: players that choose an action from a per-seat view, never from the state."""

from initiative.bots.heuristic import HeuristicBot, Weights, evaluate
from initiative.bots.ismcts import ISMCTSBot, SearchSettings
from initiative.bots.random_bot import Bot, RandomBot

__all__ = ["BOTS", "LEVELS", "Bot", "HeuristicBot", "ISMCTSBot", "RandomBot", "SearchSettings",
           "Weights", "evaluate", "make_bot"]

LEVELS = {"easy": ("random", 0), "normal": ("heuristic", 1), "hard": ("heuristic", 3),
          "expert": ("ismcts", 500)}
"""Difficulty levels for players: a bot and its effort (worlds the heuristic bot weighs,
iterations the search runs)."""
BOTS = ("random", "heuristic", "ismcts", *LEVELS)
"""Bot names a player can pick (`initiative play --bot NAME`); `ismcts@N` searches N
iterations per decision."""


def make_bot(name: str, match: object, seed: int) -> HeuristicBot | ISMCTSBot | RandomBot:
    """A bot by name or difficulty level for `match` (an Initiative Break Match)."""
    from initiative.games.ib.match import Match

    kind, effort = LEVELS.get(name, (name, 0))
    if kind.startswith("ismcts@") and kind[7:].isdigit() and int(kind[7:]) > 0:
        kind, effort = "ismcts", int(kind[7:])
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic" and isinstance(match, Match):
        return HeuristicBot(match, seed, samples=effort or 2)
    if kind == "ismcts" and isinstance(match, Match):
        return ISMCTSBot(match, seed, SearchSettings(iterations=effort or 500))
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)}, ismcts@N)")
