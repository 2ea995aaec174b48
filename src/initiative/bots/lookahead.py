"""`LookaheadBot`: one-ply lookahead over worlds dealt from a seat's view, for any game
that can deal a world (`search.Dealer`) and score a state (`search.Evaluation`).

For each legal action it deals a few worlds consistent with the view, applies the
action there, lets the seat's own follow-up choices (targets, costs, the next steps of
a move) be made greedily, `depth` deep and `width` wide, and scores the result; the
action with the best total wins, ties broken by its own seeded generator. Decisions
therefore never depend on what the seat cannot see, and one seed gives one choice.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from initiative.bots.search import Dealer, Evaluation, SearchState, legal_of
from initiative.engine.contract import DecisionView
from initiative.engine.rng import SplitMix64

A = TypeVar("A", bound=Hashable)
S = TypeVar("S", bound=SearchState[Any])
V = TypeVar("V", bound=DecisionView[Any])

FOLLOW_DEPTH = 2
"""Own follow-up choices looked at after an action (e.g. its target, then a second)."""
FOLLOW_WIDTH = 10
"""Follow-up choices looked at, at each of those steps (the first ones listed)."""


class LookaheadBot(Generic[A, S, V]):
    """One-ply lookahead with `samples` worlds a decision, dealt by `game`."""

    def __init__(self, game: Dealer[V, S], evaluate: Evaluation[S], seed: int,
                 samples: int = 2, *, depth: int = FOLLOW_DEPTH,
                 width: int = FOLLOW_WIDTH) -> None:
        self.game = game
        self.evaluate = evaluate
        self.rng = SplitMix64(seed)
        self.samples = samples
        self.depth = depth
        self.width = width

    def choose(self, view: V) -> A:
        legal: list[A] = legal_of(view)
        if len(legal) == 1:
            return legal[0]
        deal = self.game.deals(view)
        worlds = [deal(SplitMix64(self.rng.next64())) for _ in range(self.samples)]
        best: list[A] = []
        top = float("-inf")
        for action in legal:
            score = sum(self.value_after(world, view.seat, action) for world in worlds)
            if score > top + 1e-9:
                top, best = score, [action]
            elif abs(score - top) <= 1e-9:
                best.append(action)
        return best[self.rng.below(len(best))]

    def value_after(self, world: S, seat: int, action: A, depth: int = 0) -> float:
        """The value for `seat` after `action` in `world` (not changed), the seat's own
        follow-ups chosen greedily."""
        state = world.clone()
        state.apply(action)
        if depth < self.depth and state.current_seat() == seat:
            follow = state.legal_actions()
            return max(self.value_after(state, seat, a, depth + 1)
                       for a in follow[:self.width])
        return self.evaluate(state, seat)
