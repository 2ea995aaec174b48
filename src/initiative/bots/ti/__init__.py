"""The Initiative's bots (its `bots` part): the co-operative policy read from one
seat's view (`heuristic`) and the look ahead at the main steps that plays it on in
worlds dealt from the view (`rollout`, the `ismcts` bot and the `expert` level)."""

from __future__ import annotations

from initiative.bots.ismcts import SearchSettings
from initiative.bots.parts import AnyBot, GameBots
from initiative.bots.ti.heuristic import TIHeuristicBot
from initiative.bots.ti.rollout import RolloutSettings, TIRolloutBot
from initiative.games.ti.setup import TISetup

EXPERT_WORLDS = 6
"""Worlds the `ismcts` bot and the `expert` level weigh a main step in (measured:
docs/bots.md, The Initiative's strength)."""
SEARCH = f"ismcts@{EXPERT_WORLDS}"


def heuristic(public: TISetup, seed: int, effort: int) -> AnyBot:
    """The policy (it weighs no worlds: `effort` does not change it)."""
    return TIHeuristicBot(seed)


def search(public: TISetup, seed: int, settings: SearchSettings) -> AnyBot:
    """The look ahead: `ismcts@N` weighs each main step in N worlds (`ismcts@Xs`: as
    many as X seconds allow, at least one)."""
    return TIRolloutBot(public, seed, RolloutSettings(
        worlds=settings.iterations, time_limit=settings.time_limit))


BOTS = GameBots(
    heuristic=heuristic, search=search, default="heuristic",
    names={"ismcts": SEARCH, "expert": SEARCH},
    about={
        "heuristic": "a teammate playing the mission to win (mission 1: 197 of 200)",
        "ismcts": f"the heuristic, each main step played out in {EXPERT_WORLDS} dealt worlds",
        "normal": "the heuristic teammate",
        "hard": "the heuristic teammate",
        "expert": f"the look ahead ({SEARCH}): wins more of the hard missions",
    })
