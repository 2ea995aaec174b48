"""One package per initiative system, each loaded by name through the registry
(`load_game`), each front end's part of it found there too (`part`); importing this
package loads no game."""

from initiative.games.registry import (
    GameEntry,
    Parts,
    entries,
    entry,
    load_game,
    load_game_as,
    part,
    registered_games,
)

__all__ = ["GameEntry", "Parts", "entries", "entry", "load_game", "load_game_as", "part",
           "registered_games"]
