"""`GameBots`: what one game adds to the bots every game has (the random bot), declared
by the game as its `bots` part (games/registry.py `Parts.bots`): a heuristic player, a
tree search over its views, the bot its tables offer first, and one line on each bot
name it offers (what it does, how strong it is), which every front end shows."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from initiative.bots.ismcts import SearchSettings
from initiative.engine.contract import Bot

AnyBot = Bot[Any, Any]
"""A bot of some game: its seat's view in, one of its legal actions out."""
Heuristic = Callable[[Any, int, int], AnyBot]
"""(the game's public description, seed, effort) -> a heuristic bot; effort is the
number of worlds it weighs per decision, 0 for the bot's own default."""
Search = Callable[[Any, int, SearchSettings], AnyBot]
"""(the game's public description, seed, search settings) -> a tree-search bot."""
Expert = Callable[[Any, int], AnyBot]
"""(the game's public description, seed) -> the bot of the `expert` level."""


@dataclass(frozen=True)
class GameBots:
    """A game's own bots beside the random one (None: the game has no such bot)."""

    heuristic: Heuristic | None = None
    search: Search | None = None
    expert: Expert | None = None
    """The `expert` level's bot where it is not the search at a budget (`names` maps
    the level to one then): Initiative Break's playout bot (bots/playout.py)."""
    default: str = "random"
    """The bot a new table or a terminal game offers first for this game."""
    about: Mapping[str, str] = field(default_factory=dict)
    """Bot name -> one line on what it does and how strong it is, for the names this
    game's heuristic and search give (`random` and `easy` are described once, in
    bots/make.py, unless the game says more)."""
    names: Mapping[str, str] = field(default_factory=dict)
    """Bot name or level -> the name it stands for in this game (e.g. `expert` ->
    `ismcts@6` in The Initiative, whose search counts worlds, not iterations); others
    as they are."""
