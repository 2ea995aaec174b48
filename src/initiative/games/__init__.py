"""One package per initiative system, each loaded by name through the registry
(`load_game`); importing this package loads no game."""

from initiative.games.registry import GAMES, load_game, registered_games

__all__ = ["GAMES", "load_game", "registered_games"]
