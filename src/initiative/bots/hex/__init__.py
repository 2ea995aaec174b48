"""The hex skirmish game's bots (its `bots` part): the one-ply lookahead over its
evaluation (`heuristic`) and the search that plays its plans out to the end of the
opponent's answer (`rollout`, the `ismcts` bot and the `expert` level)."""

from __future__ import annotations

from initiative.bots.hex.heuristic import HexHeuristicBot
from initiative.bots.hex.rollout import HexRolloutBot, RolloutSettings
from initiative.bots.ismcts import SearchSettings
from initiative.bots.parts import AnyBot, GameBots
from initiative.games.hex.setup import HexSetup

EXPERT_WORLDS = 12
"""Worlds the `ismcts` bot and the `expert` level weigh a decision in (measured:
docs/bots.md, strength on the skirmish game)."""
SEARCH = f"ismcts@{EXPERT_WORLDS}"


def heuristic(public: HexSetup, seed: int, effort: int) -> AnyBot:
    """The lookahead bot weighing `effort` worlds a decision (default 2)."""
    return HexHeuristicBot(public, seed, samples=effort or 2)


def search(public: HexSetup, seed: int, settings: SearchSettings) -> AnyBot:
    """The search: `ismcts@N` weighs each decision's plans in N dealt worlds
    (`ismcts@Xs`: as many as X seconds allow, at least one)."""
    return HexRolloutBot(public, seed, RolloutSettings(
        worlds=settings.iterations, time_limit=settings.time_limit))


BOTS = GameBots(
    heuristic=heuristic, search=search, default="heuristic",
    names={"ismcts": SEARCH, "expert": SEARCH},
    about={
        "heuristic": "looks one step ahead: plays to win, beat random 200 of 200",
        "ismcts": f"plans whole turns, tried in {EXPERT_WORLDS} worlds: won 68% vs heuristic",
        "normal": "heuristic guessing 1 deal of the hidden cards: a little looser",
        "hard": "heuristic guessing 3 deals of the hidden cards: a little surer",
        "expert": f"the search ({SEARCH}): won 68% vs heuristic, 0.15 s a choice",
    })
"""The default plays to win at once: the random bot rarely hurts anyone (issue 25)."""
