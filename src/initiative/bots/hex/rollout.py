"""`HexRolloutBot`: the skirmish game's search (the `ismcts` bot and the `expert`
level): whole own turns planned, the best of them played out to the end of the
opponent's answer in worlds dealt from the view.

A turn is a chain of small sub-decisions (card and section, each step, the facing,
the target, the push, the reactions), so a search or a lookahead over single
sub-decisions judges a card by a position it has not finished and never sees the
answer. At each decision with a choice this bot:

1. deals `worlds` worlds from the seat's view (`HexDealer` on the public setup: other
   hands, deck orders and hidden initiative cards guessed, never the real state);
2. lists every plan, every way to finish the seat's run of sub-decisions (to the end of
   its turn, HX-12, or until another seat or chance decides: the target's reaction,
   HX-30), one per position it leads to, in two of those worlds with fresh dice, and
   scores each by `evaluate` (`own_plans`); the seat's own choices are public, so both
   worlds list the same plans;
3. keeps the best `plans` of them, at most `per_first` starting with the same
   sub-decision (so that different cards, sections or steps get weighed);
4. applies each kept plan in every world and plays the game on with the greedy policy
   in every seat (each sub-decision the one the lookahead rates best, its own next
   `follow` sub-decisions chosen greedily) until the seat's own next turn begins
   after another seat's turn has ended (the answer, HX-11, HX-15; with `past_own` an
   own turn that comes first, the seat holding the next card too, is played on
   greedily), `horizon` turns have ended (3: this one and the next two), or the game
   ends, and scores the result by `evaluate`;
5. plays the first sub-decision of the plan with the best total (ties to the better
   listed plan). The next sub-decision is searched again.

Every plan is played in the same worlds with the same chance (common random numbers:
each world's generator is cloned with it), so the comparison is paired; the policy
rates sub-decisions on copies with fresh dice, so no mover foresees a roll of its world.
Deterministic for a seed: a fixed number of worlds, no clock (for play, `time_limit`
stops dealing worlds once one is weighed and the time is spent).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from initiative.bots.hex.heuristic import HexDealer, HexEvaluate, HexWeights
from initiative.bots.lookahead import LookaheadBot
from initiative.bots.search import Deal, legal_of
from initiative.engine.rng import SplitMix64
from initiative.games.hex.actions import HexAction
from initiative.games.hex.frames import TurnFrame
from initiative.games.hex.geometry import FACINGS
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.state import HexState
from initiative.games.hex.view import HexView

__all__ = ["HexRolloutBot", "Plan", "RolloutSettings", "own_plans"]

Plan = tuple[HexAction, ...]
"""Sub-decisions of one seat in a row."""
PLAN_WORLDS = 2
"""Worlds the plans are listed and scored in."""
PLAN_CAP = 4000
"""Positions a listing visits at most (a move of 3 and its facings: about 600)."""
STEP_CAP = 200
"""More sub-decisions than two turns and their reactions take (a safety net)."""
WEIGHTS = HexWeights()


@dataclass(frozen=True)
class RolloutSettings:
    """How much the search weighs."""

    worlds: int = 12  # worlds dealt a decision, shared by every plan
    plans: int = 8  # plans played out
    per_first: int = 2  # plans kept at most with the same first sub-decision
    horizon: int = 3  # turns ended at most before a world is scored
    follow: int = 1  # own follow-ups the playing policy looks at
    past_own: bool = True  # play the seat's own next turn too if no other seat's came first
    time_limit: float | None = None  # seconds a decision (for play); None: all the worlds


class HexRolloutBot:
    """Whole own turns planned and played out to the answer (module docstring)."""

    def __init__(self, setup: HexSetup, seed: int, settings: RolloutSettings | None = None,
                 weights: HexWeights = WEIGHTS) -> None:
        self.dealer = HexDealer(setup)
        self.evaluate = HexEvaluate(weights)
        self.rng = SplitMix64(seed)
        self.settings = settings or RolloutSettings()
        self.policy: LookaheadBot[HexAction, HexState, HexView] = LookaheadBot(
            self.dealer, self.evaluate, seed, depth=self.settings.follow, width=FACINGS)
        """Plays the worlds on (its `value_after`; its generator is never used)."""
        self.weighed = 0
        """Worlds the last decision was weighed in (0: nothing to weigh)."""

    def choose(self, view: HexView) -> HexAction:
        legal: list[HexAction] = legal_of(view)
        self.weighed = 0
        if len(legal) == 1:
            return legal[0]
        scored = self.scores(view)
        if not scored:
            return legal[0]
        best = max(range(len(scored)), key=lambda i: (scored[i][1], -i))
        return scored[best][0][0]

    def scores(self, view: HexView) -> list[tuple[Plan, float]]:
        """(plan, total score over the worlds) for the kept plans, best listed first;
        the scores are 0 where the plans all begin alike (nothing to weigh)."""
        start = time.perf_counter()
        deal = self.dealer.deals(view)
        rng = SplitMix64(self.rng.next64())
        worlds = [deal(SplitMix64(rng.next64())) for _ in range(PLAN_WORLDS)]
        plans = self.plans([_probe(w, rng) for w in worlds], view.seat)
        if len({plan[0] for plan in plans}) < 2:
            return [(plan, 0.0) for plan in plans]
        return list(zip(plans, self.weigh(worlds, deal, rng, view.seat, plans, start),
                        strict=True))

    def plans(self, probes: Sequence[HexState], seat: int) -> list[Plan]:
        """The best `plans` plans of `seat` by their score summed over `probes`, at most
        `per_first` with the same first sub-decision; best first."""
        totals: dict[Plan, float] = {}
        for n, probe in enumerate(probes):
            found = own_plans(probe, seat, self.evaluate)
            totals = found if n == 0 else {
                plan: value + found[plan] for plan, value in totals.items() if plan in found}
        kept: list[Plan] = []
        per: dict[HexAction, int] = {}
        for plan in sorted(totals, key=lambda p: -totals[p]):
            if per.get(plan[0], 0) < self.settings.per_first:
                per[plan[0]] = per.get(plan[0], 0) + 1
                kept.append(plan)
                if len(kept) == self.settings.plans:
                    break
        return kept

    def weigh(self, worlds: list[HexState], deal: Deal[HexState], rng: SplitMix64,
              seat: int, plans: Sequence[Plan], start: float) -> list[float]:
        """Each plan's total score over the same worlds (`worlds`, then more dealt by
        `deal` up to `settings.worlds`, fewer if the time runs out)."""
        settings = self.settings
        deadline = None if settings.time_limit is None else start + settings.time_limit
        totals = [0.0] * len(plans)
        done = 0
        while done < settings.worlds:
            if done == len(worlds):
                worlds.append(deal(SplitMix64(rng.next64())))
            world = worlds[done]
            turn = (world.round, world.at)
            noise = rng.next64()
            for i, plan in enumerate(plans):
                state = world.clone()
                for action in plan:
                    state.apply(action)
                self.play_on(state, seat, turn, SplitMix64(noise))
                totals[i] += self.evaluate(state, seat)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.weighed = done
        return totals

    def play_on(self, state: HexState, seat: int, turn: tuple[int, int],
                noise: SplitMix64) -> None:
        """Play `state` on greedily in every seat until `horizon` turns have ended since
        `turn` (round, line index), the seat's own next turn begins (with `past_own`:
        once another seat's turn has ended since), or the game ends. Each sub-decision
        is rated on a copy whose dice are drawn from `noise`: a mover must not see the
        rolls its world holds in store."""
        value = self.policy.value_after
        ended = 0
        owner: int | None = seat  # whose turn is under way (None: nobody's known)
        answered = not self.settings.past_own
        for _ in range(STEP_CAP):
            if state.over:
                return
            now = (state.round, state.at)
            if now != turn:
                ended, turn = ended + 1, now
                answered = answered or owner != seat
                owner = _turn_of(state)
                if ended >= self.settings.horizon or (owner == seat and answered):
                    return
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            mover = state.current_seat()
            probe = _probe(state, noise)
            state.apply(max(legal, key=lambda a: value(probe, mover, a)))


def own_plans(state: HexState, seat: int, evaluate: HexEvaluate) -> dict[Plan, float]:
    """Every way for `seat` (to decide in `state`) to finish its run of sub-decisions,
    one per position it leads to (the first listed), with the score of that position."""
    turn = (state.round, state.at)
    seen: set[object] = set()
    out: dict[Plan, float] = {}
    todo: list[tuple[HexState, Plan]] = [(state, ())]
    while todo and len(seen) < PLAN_CAP:
        here, plan = todo.pop()
        for action in here.legal_actions():
            child = here.clone()
            child.apply(action)
            key = _signature(child)
            if key in seen:
                continue
            seen.add(key)
            step = (*plan, action)
            if child.over or child.current_seat() != seat or (child.round, child.at) != turn:
                out[step] = evaluate(child, seat)
            else:
                todo.append((child, step))
    return out


def _signature(state: HexState) -> object:
    """What tells two positions a plan reaches apart."""
    return (tuple(state.hexes), tuple(state.facing), tuple(state.health),
            tuple(state.power), tuple(state.stack), tuple(map(tuple, state.hands)),
            state.at, state.round, state.over)


def _probe(state: HexState, rng: SplitMix64) -> HexState:
    """A copy of `state` whose chance is drawn afresh from `rng`: rating sub-decisions
    on it foresees no die of `state`."""
    probe = state.clone()
    probe.rng = SplitMix64(rng.next64())
    return probe


def _turn_of(state: HexState) -> int | None:
    """The seat whose turn is beginning (its card not chosen yet), else None."""
    stack = state.stack
    if len(stack) == 1 and isinstance(stack[0], TurnFrame):
        return stack[0].seat
    return None
