"""The Initiative's bots (its `bots` part): the co-operative policy read from one
seat's view (`heuristic`) and the tree search at main steps that falls back on it."""

from __future__ import annotations

from initiative.bots.ismcts import SearchSettings
from initiative.bots.parts import AnyBot, GameBots
from initiative.bots.ti.heuristic import TIHeuristicBot, ti_ismcts
from initiative.games.ti.setup import TISetup


def heuristic(public: TISetup, seed: int, effort: int) -> AnyBot:
    """The policy (it weighs no worlds: `effort` does not change it)."""
    return TIHeuristicBot(seed)


def search(public: TISetup, seed: int, settings: SearchSettings) -> AnyBot:
    return ti_ismcts(public, seed, settings)


BOTS = GameBots(heuristic=heuristic, search=search, default="heuristic", about={
    "heuristic": "a teammate playing the mission to win (mission 1: 200 of 200)",
    "ismcts": "tree search at main steps: slower, and no better in trials",
    "normal": "the heuristic teammate (one policy at every level)",
    "hard": "the heuristic teammate (one policy at every level)",
    "expert": "the tree search (ismcts): slower, and no better in trials",
})
