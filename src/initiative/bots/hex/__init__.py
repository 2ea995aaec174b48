"""The hex skirmish game's bots (its `bots` part): the one-ply lookahead over its
evaluation (`heuristic`) and the tree search scored by it."""

from __future__ import annotations

from initiative.bots.hex.heuristic import HexHeuristicBot, hex_ismcts
from initiative.bots.ismcts import SearchSettings
from initiative.bots.parts import AnyBot, GameBots
from initiative.games.hex.setup import HexSetup


def heuristic(public: HexSetup, seed: int, effort: int) -> AnyBot:
    """The lookahead bot weighing `effort` worlds a decision (default 2)."""
    return HexHeuristicBot(public, seed, samples=effort or 2)


def search(public: HexSetup, seed: int, settings: SearchSettings) -> AnyBot:
    return hex_ismcts(public, seed, settings)


BOTS = GameBots(heuristic=heuristic, search=search, default="heuristic", about={
    "heuristic": "looks one step ahead: plays to win, beat random 200 of 200",
    "ismcts": "tree search, 500 iterations: won 25 of 40 vs heuristic, slower",
    "normal": "heuristic guessing 1 deal of the hidden cards: a little looser",
    "hard": "heuristic guessing 3 deals of the hidden cards: a little surer",
    "expert": "the tree search (ismcts): won 25 of 40 vs heuristic, slower",
})
"""The default plays to win at once: the random bot rarely hurts anyone (issue 25)."""
