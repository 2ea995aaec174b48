"""`HexRolloutBot`: the skirmish game's search (the `ismcts` bot and the `expert`
level): the lookahead heuristic improved by playing its candidates out to the end of
the next turn.

At each decision with a choice, it deals `worlds` worlds from the seat's view
(`HexDealer` on the public setup: other hands, deck orders and hidden initiative cards
guessed, never the real state). The lookahead (`HexHeuristicBot`'s scoring: each legal
sub-decision, the seat's next two chosen greedily) rates every legal action in the
first two worlds, and its best `keep` become the candidates. Each candidate is applied
in every world and the game is played on by the greedy policy in every seat (each
sub-decision the one the lookahead rates best in that world) through the rest of this
turn and the next turn, or until the seat's own next turn begins (`horizon` turns,
HX-11, HX-15); the result is scored by `evaluate`. The candidate with the best mean
wins, ties to the lookahead's order.

A turn is a chain of small sub-decisions (card and section, steps, facing, target,
push, reactions), so the lookahead alone judges a card by a position it has not
finished and never sees the answer: playing on to the end of the opponent's reply is
what it adds (a step that walks into the enemy's Style card, an attack that leaves the
back open, a reaction card kept for the answer).

Every candidate is played in the same worlds with the same chance (common random
numbers: each world's generator is cloned with it), so the comparison is paired.
Deterministic for a seed: a fixed number of worlds, no clock (for play, `time_limit`
stops dealing worlds once one is weighed and the time is spent).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from initiative.bots.hex.heuristic import HexDealer, HexEvaluate, HexWeights
from initiative.bots.lookahead import LookaheadBot
from initiative.bots.search import legal_of
from initiative.engine.rng import SplitMix64
from initiative.games.hex.actions import HexAction
from initiative.games.hex.frames import TURN
from initiative.games.hex.geometry import FACINGS
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.state import HexState
from initiative.games.hex.view import HexView

__all__ = ["RolloutSettings", "HexRolloutBot"]

SCREEN_WORLDS = 2
"""Worlds the lookahead rates the legal actions in, to pick the candidates."""
STEP_CAP = 200
"""More sub-decisions than two turns and their reactions take (a safety net)."""


@dataclass(frozen=True)
class RolloutSettings:
    """How much the search weighs."""

    worlds: int = 6  # worlds dealt a decision, shared by every candidate
    keep: int = 4  # candidates: the lookahead's best
    horizon: int = 2  # turns ended before a world is scored (this one and the next)
    follow: int = 2  # own follow-ups the playing policy looks at (the lookahead's depth)
    time_limit: float | None = None  # seconds a decision (for play); None: all the worlds


class HexRolloutBot:
    """The lookahead's candidates played out a turn ahead (module docstring)."""

    def __init__(self, setup: HexSetup, seed: int, settings: RolloutSettings | None = None,
                 weights: HexWeights = HexWeights()) -> None:
        self.dealer = HexDealer(setup)
        self.evaluate = HexEvaluate(weights)
        self.rng = SplitMix64(seed)
        self.settings = settings or RolloutSettings()
        self.policy: LookaheadBot[HexAction, HexState, HexView] = LookaheadBot(
            self.dealer, self.evaluate, seed, width=FACINGS)
        """Rates the candidates in a world (its `value_after`; its generator unused)."""
        self.player: LookaheadBot[HexAction, HexState, HexView] = LookaheadBot(
            self.dealer, self.evaluate, seed, depth=self.settings.follow, width=FACINGS)
        """Plays the worlds on (`follow` deep)."""
        self.weighed = 0
        """Worlds the last decision was weighed in."""

    def choose(self, view: HexView) -> HexAction:
        legal: list[HexAction] = legal_of(view)
        if len(legal) == 1:
            self.weighed = 0
            return legal[0]
        start = time.perf_counter()
        deal = self.dealer.deals(view)
        rng = SplitMix64(self.rng.next64())
        worlds = [deal(SplitMix64(rng.next64())) for _ in range(SCREEN_WORLDS)]
        probes = [_probe(w, rng) for w in worlds]
        candidates = self.candidates(probes, view.seat, legal)
        if len(candidates) == 1:
            self.weighed = 0
            return candidates[0]
        totals = self.weigh(worlds, deal, rng, view.seat, candidates, start)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def candidates(self, worlds: Sequence[HexState], seat: int,
                   legal: Sequence[HexAction]) -> list[HexAction]:
        """The lookahead's best `keep` legal actions over `worlds`, best first (ties in
        the order listed)."""
        value = self.policy.value_after
        scores = [sum(value(w, seat, a) for w in worlds) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        return [legal[i] for i in order[:self.settings.keep]]

    def weigh(self, worlds: list[HexState], deal: object, rng: SplitMix64, seat: int,
              candidates: Sequence[HexAction], start: float) -> list[float]:
        """Each candidate's total score over the same worlds (`worlds`, then more dealt
        by `deal` up to `settings.worlds`, fewer if the time runs out)."""
        settings = self.settings
        deadline = None if settings.time_limit is None else start + settings.time_limit
        totals = [0.0] * len(candidates)
        done = 0
        while done < settings.worlds:
            if done >= len(worlds):
                worlds.append(deal(SplitMix64(rng.next64())))  # type: ignore[operator]
            world = worlds[done]
            turn = (world.round, world.at)
            noise = rng.next64()
            for i, action in enumerate(candidates):
                state = world.clone()
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
        `turn` (round, line index), the seat's own next turn begins, or the game ends.
        Each sub-decision is rated on a copy whose dice are drawn from `noise`: a mover
        must not see the rolls its world holds in store."""
        value = self.player.value_after
        ended = 0
        for _ in range(STEP_CAP):
            if state.over:
                return
            now = (state.round, state.at)
            if now != turn:
                ended, turn = ended + 1, now
                if ended >= self.settings.horizon or _turn_of(state) == seat:
                    return
            legal = state.legal_actions()
            mover = state.current_seat()
            if len(legal) == 1:
                action = legal[0]
            else:
                probe = _probe(state, noise)
                action = max(legal, key=lambda a: value(probe, mover, a))
            state.apply(action)


def _probe(state: HexState, rng: SplitMix64) -> HexState:
    """A copy of `state` whose chance is drawn afresh from `rng`: rating sub-decisions
    on it foresees no die of `state`."""
    probe = state.clone()
    probe.rng = SplitMix64(rng.next64())
    return probe


def _turn_of(state: HexState) -> int | None:
    """The seat whose turn is beginning (its card not chosen yet), else None."""
    stack = state.stack
    if len(stack) == 1 and stack[0].tag == TURN:
        return int(stack[0].seat)
    return None
