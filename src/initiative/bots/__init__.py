"""Bots: players that choose an action from a per-seat view, never from the state."""

from initiative.bots.heuristic import HeuristicBot, Weights, evaluate
from initiative.bots.random_bot import Bot, RandomBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "Weights", "evaluate"]
