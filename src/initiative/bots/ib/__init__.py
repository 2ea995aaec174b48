"""Initiative Break's bots (its `bots` part): the one-ply lookahead over the readable
evaluation (`heuristic`), and the generic tree search on worlds dealt from the view."""

from __future__ import annotations

from initiative.bots.ib.heuristic import Evaluate, HeuristicBot, PublicDealer
from initiative.bots.ismcts import ISMCTSBot, SearchSettings
from initiative.bots.parts import AnyBot, GameBots
from initiative.games.ib.public import PublicMatch


def heuristic(public: PublicMatch, seed: int, effort: int) -> AnyBot:
    """The lookahead bot weighing `effort` worlds a decision (default 2)."""
    return HeuristicBot(public, seed, samples=effort or 2)


def search(public: PublicMatch, seed: int, settings: SearchSettings) -> AnyBot:
    """The tree search, leaves scored by the heuristic's evaluation."""
    return ISMCTSBot(PublicDealer(public), Evaluate(), seed, settings)


BOTS = GameBots(heuristic=heuristic, search=search, default="hard", about={
    "heuristic": "looks one step ahead: plays to win, beat random 399 of 400",
    "ismcts": "tree search, 500 iterations: the strongest, 0.25 s a choice",
    "normal": "heuristic guessing 1 world of the hidden cards: a little looser",
    "hard": "heuristic guessing 3 worlds of the hidden cards: a little surer",
    "expert": "the tree search (ismcts): the strongest, 0.25 s a choice",
})
"""The default plays to win and answers at once; the tree search is stronger, but a
quarter second a choice is slow for a default (and for a server of many tables)."""
