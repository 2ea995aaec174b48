"""The game-agnostic engine contract: states, actions, views, seeded chance, records."""

from initiative.engine.contract import CHANCE, GAME_MASTER, SPECTATOR, TERMINAL, Game, State, View
from initiative.engine.errors import (
    ConfigError,
    ContentError,
    IllegalActionError,
    InitiativeError,
    NotationError,
)
from initiative.engine.rng import SplitMix64

__all__ = [
    "CHANCE",
    "GAME_MASTER",
    "SPECTATOR",
    "TERMINAL",
    "ConfigError",
    "ContentError",
    "Game",
    "IllegalActionError",
    "InitiativeError",
    "NotationError",
    "SplitMix64",
    "State",
    "View",
]
