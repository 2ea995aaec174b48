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


BOTS = GameBots(heuristic=heuristic, search=search)
