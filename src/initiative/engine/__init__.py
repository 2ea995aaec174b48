"""The game-agnostic engine contract: states, actions, views, seeded chance, records."""

from initiative.engine.contract import (
    CHANCE,
    GAME_MASTER,
    SPECTATOR,
    TERMINAL,
    BaseGame,
    Bot,
    DecisionView,
    Game,
    SearchableGame,
    State,
    View,
)
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
    "BaseGame",
    "Bot",
    "ConfigError",
    "ContentError",
    "DecisionView",
    "Game",
    "IllegalActionError",
    "InitiativeError",
    "NotationError",
    "SearchableGame",
    "SplitMix64",
    "State",
    "View",
]
