"""`PlayoutBot`: a decision's best candidates played out to the opponent's answer in
worlds dealt from the seat's view, for any game that can deal a world
(`search.Dealer`) and score a state (`search.Evaluation`): Initiative Break's `expert`.

The one-ply lookahead (`lookahead.LookaheadBot`) judges an action by the position right
after it, and the tree search (`ismcts.ISMCTSBot`) scores its leaves there too, so
neither sees what the other side does next. At each decision with a choice this bot:

1. deals `worlds` worlds from the view (hidden cards, deck orders and the generator
   dealt again; never the real state);
2. rates every legal action as the heuristic bot does (`LookaheadBot.value_after`, the
   seat's own follow-up choices greedy) summed over the first `rank_worlds` of them,
   and keeps the best `keep` (the first listed of equals);
3. in every world applies each kept action and plays on greedily: each choice is the
   one the lookahead rates best with `follow` own follow-up steps (the other seats'
   with `answer_follow`, as many by default), until the seat is about to choose
   again after another seat's run of choices (the answer), `answers` runs of other
   seats have ended, `steps` choices have been made, or the game ends; the position
   is then scored by `evaluate`;
4. plays the kept action with the best total (the better-rated of equals).

Every kept action meets the same worlds (each cloned with its generator), so the
comparison is paired. Deterministic for a seed: a number of worlds and a `budget` of
positions scored a decision (once it is spent, no further world is begun: a decision
with many choices in its play-outs weighs fewer worlds), no clock (for play,
`time_limit` stops after the world in which the time runs out, at least one world).
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from initiative.bots.lookahead import FOLLOW_DEPTH, LookaheadBot
from initiative.bots.search import Dealer, Evaluation, SearchState, legal_of
from initiative.engine.contract import DecisionView
from initiative.engine.rng import SplitMix64

A = TypeVar("A", bound=Hashable)
S = TypeVar("S", bound=SearchState[Any])
V = TypeVar("V", bound=DecisionView[Any])

__all__ = ["PlayoutBot", "PlayoutSettings"]


@dataclass(frozen=True)
class PlayoutSettings:
    """How many candidates, worlds and steps a decision weighs."""

    worlds: int = 6  # worlds every kept action is played out in
    keep: int = 6  # candidates kept after the lookahead's rating
    rank_worlds: int = 2  # worlds the rating is summed over (the first of `worlds`)
    follow: int = FOLLOW_DEPTH  # own follow-up steps a greedy own choice looks at
    answer_follow: int = FOLLOW_DEPTH  # the same for the other seats' choices in a play-out
    answers: int = 2  # other seats' runs of choices a play-out waits for at most
    steps: int = 60  # choices a play-out makes at most
    budget: int | None = 20_000  # positions scored a decision before no world is begun
    time_limit: float | None = None  # seconds a decision (for play); None: worlds only

    def __post_init__(self) -> None:
        if min(self.worlds, self.keep, self.rank_worlds, self.answers, self.steps,
               1 if self.budget is None else self.budget) < 1:
            raise ValueError(f"playout settings need at least 1 of each count: {self}")


@dataclass
class Counted(Generic[S]):
    """An evaluation that counts the positions it scores (the bot's `budget`)."""

    evaluate: Evaluation[S]
    calls: int = 0

    def __call__(self, state: S, seat: int) -> float:
        self.calls += 1
        return self.evaluate(state, seat)


class PlayoutBot(Generic[A, S, V]):
    """Plays out the `keep` best-rated actions of each decision in `worlds` worlds
    dealt by `game`, scored by `evaluate` once the opponent has answered."""

    def __init__(self, game: Dealer[V, S], evaluate: Evaluation[S], seed: int,
                 settings: PlayoutSettings | None = None) -> None:
        self.game = game
        self.evaluate: Counted[S] = Counted(evaluate)
        """The evaluation, counted; every lookahead below scores through it."""
        self.rng = SplitMix64(seed)
        self.settings = settings or PlayoutSettings()
        evaluate = self.evaluate
        self.rating: LookaheadBot[A, S, V] = LookaheadBot(game, evaluate, seed)
        """Rates the legal actions as the heuristic bot does (its `value_after`)."""
        self.own: LookaheadBot[A, S, V] = LookaheadBot(
            game, evaluate, seed, depth=self.settings.follow)
        """Chooses the seat's own steps in a play-out (its generator is never used)."""
        self.others: LookaheadBot[A, S, V] = LookaheadBot(
            game, evaluate, seed, depth=self.settings.answer_follow)
        """Chooses the other seats' steps in a play-out."""
        self.last_worlds = 0
        """Worlds the last decision was weighed in (for benchmarks and the time limit)."""

    def choose(self, view: V) -> A:
        legal: list[A] = legal_of(view)
        if len(legal) == 1:
            self.last_worlds = 0
            return legal[0]
        settings = self.settings
        seat = view.seat
        deal = self.game.deals(view)
        start = self.evaluate.calls
        worlds = [deal(SplitMix64(self.rng.next64())) for _ in range(settings.worlds)]
        candidates = self.candidates(legal, worlds[:settings.rank_worlds], seat)
        if len(candidates) == 1:
            self.last_worlds = 0
            return candidates[0]
        deadline = None if settings.time_limit is None \
            else time.perf_counter() + settings.time_limit
        totals = [0.0] * len(candidates)
        weighed = 0
        for world in worlds:
            for index, action in enumerate(candidates):
                totals[index] += self.played_out(world, seat, action)
            weighed += 1
            if settings.budget is not None and \
                    self.evaluate.calls - start >= settings.budget:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_worlds = weighed
        best = 0
        for index, total in enumerate(totals):
            if total > totals[best] + 1e-9:
                best = index
        return candidates[best]

    def candidates(self, legal: list[A], worlds: list[S], seat: int) -> list[A]:
        """The `keep` legal actions the lookahead rates best over `worlds`, best first
        (the first listed of equals)."""
        rated = sorted(
            ((-sum(self.rating.value_after(world, seat, action) for world in worlds),
              index) for index, action in enumerate(legal)))
        return [legal[index] for _, index in rated[:self.settings.keep]]

    def played_out(self, world: S, seat: int, action: A) -> float:
        """`evaluate` for `seat` once `action`, applied to a copy of `world`, has been
        played on greedily to the answer (the module's step 3)."""
        state = world.clone()
        state.apply(action)
        settings = self.settings
        answered = 0
        mover = seat
        for _ in range(settings.steps):
            if state.is_terminal():
                break
            current = state.current_seat()
            if current != mover:
                if mover != seat:
                    answered += 1
                if (current == seat and answered) or answered >= settings.answers:
                    break
                mover = current
            self._greedy_step(state, current, seat)
        return self.evaluate(state, seat)

    def _greedy_step(self, state: S, mover: int, seat: int) -> None:
        """`mover`'s step in a play-out: the one its lookahead rates best (the first of
        equals)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            return
        policy = self.own if mover == seat else self.others
        state.apply(max(legal, key=lambda a: policy.value_after(state, mover, a)))
