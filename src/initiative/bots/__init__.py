"""Bots: players that choose an action from a per-seat view, never from the state."""

from initiative.bots.heuristic import HeuristicBot, Weights, evaluate
from initiative.bots.random_bot import Bot, RandomBot

__all__ = ["BOTS", "LEVELS", "Bot", "HeuristicBot", "RandomBot", "Weights", "evaluate", "make_bot"]

LEVELS = {"easy": ("random", 0), "normal": ("heuristic", 1), "hard": ("heuristic", 3)}
"""Difficulty levels for players: a bot and how many determinized worlds it weighs."""
BOTS = ("random", "heuristic", *LEVELS)
"""Bot names a player can pick (`initiative play --bot NAME`)."""


def make_bot(name: str, match: object, seed: int) -> HeuristicBot | RandomBot:
    """A bot by name or difficulty level for `match` (an Initiative Break Match)."""
    from initiative.games.ib.match import Match

    kind, samples = LEVELS.get(name, (name, 2))
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic" and isinstance(match, Match):
        return HeuristicBot(match, seed, samples=samples)
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})")
