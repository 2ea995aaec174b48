"""Bots: players that choose an action from a per-seat view, never from the state."""

from initiative.bots.heuristic import HeuristicBot, Weights, evaluate
from initiative.bots.random_bot import Bot, RandomBot

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "Weights", "evaluate", "make_bot"]

BOTS = ("random", "heuristic")
"""Bot names a player can pick (`initiative play --bot NAME`)."""


def make_bot(name: str, match: object, seed: int) -> HeuristicBot | RandomBot:
    """A bot by name for `match` (an Initiative Break Match), seeded."""
    from initiative.games.ib.match import Match

    if name == "random":
        return RandomBot(seed)
    if name == "heuristic" and isinstance(match, Match):
        return HeuristicBot(match, seed)
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
