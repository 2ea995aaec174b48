"""Initiative Break's bots (its `bots` part): the one-ply lookahead over the readable
evaluation (`heuristic`), the generic tree search on worlds dealt from the view
(`ismcts`), and the generic playout bot, whose best candidates are played out to the
opponent's answer (the `expert` level)."""

from __future__ import annotations

from initiative.bots.ib.heuristic import Evaluate, HeuristicBot, PublicDealer
from initiative.bots.ismcts import ISMCTSBot, SearchSettings
from initiative.bots.parts import AnyBot, GameBots
from initiative.bots.playout import PlayoutBot
from initiative.games.ib.public import PublicMatch


def heuristic(public: PublicMatch, seed: int, effort: int) -> AnyBot:
    """The lookahead bot weighing `effort` worlds a decision (default 2)."""
    return HeuristicBot(public, seed, samples=effort or 2)


def search(public: PublicMatch, seed: int, settings: SearchSettings) -> AnyBot:
    """The tree search, leaves scored by the heuristic's evaluation."""
    return ISMCTSBot(PublicDealer(public), Evaluate(), seed, settings)


def expert(public: PublicMatch, seed: int) -> AnyBot:
    """The playout bot at its default settings (measured: docs/bots.md)."""
    return PlayoutBot(PublicDealer(public), Evaluate(), seed)


BOTS = GameBots(heuristic=heuristic, search=search, expert=expert, default="hard", about={
    "heuristic": "looks one step ahead: plays to win, beat random 399 of 400",
    "ismcts": "tree search, 500 iterations: won 73% vs normal, 0.25 s a choice",
    "normal": "heuristic guessing 1 world of the hidden cards: a little looser",
    "hard": "heuristic guessing 3 worlds of the hidden cards: a little surer",
    "expert": "plays its 6 best moves out to the answer: won 82% vs normal",
})
"""The default plays to win and answers at once; the tree search is stronger, but a
quarter second a choice is slow for a default (and for a server of many tables)."""
