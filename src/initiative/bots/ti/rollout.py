"""`TIRolloutBot`: the heuristic team with a look ahead at the main steps (the
`ismcts` bot and the `expert` level of The Initiative).

At a main step (TI-9..TI-14: which card on which action, a tuck, the special action,
END) it weighs a few candidates: the policy's own choice, the plays the policy rates
best, END and the special action. Each candidate is applied in the same `worlds` worlds
dealt from the seat's view (`TIDealer` on the public setup: other hands, the deck, the
face-down tokens and the closed windows guessed, never the real mission), and the game
is played on by the policy in every seat for `horizon` turns, or to its end. A world
scores `WIN` when the group wins in it, `-WIN` when it loses, else the policy's
`evaluate_view` of the seat's view at the horizon. The policy's choice is kept unless
another candidate wins more than `lead` worlds more than it (net: the worlds it wins
and the choice loses, less the reverse): the heuristic is the rollout policy and the
prior, so the search moves off it only where the worlds agree, not on the luck of a
few deals. The best of several candidates leads by luck as well as by worth (the
winner's curse), so with `verify` the challenger is weighed against the policy's choice
once more in as many new worlds and taken only if it leads there too.

Every candidate sees the same worlds and the same chance in them (common random
numbers: the worlds are dealt once a decision and cloned per candidate), so the
comparison is paired. Everything else (within an action, the answer, the votes, the
draws In Peril, whether to propose at all) is the policy's: a proposal needs every seat
to agree (TI-56), and the policy's rule for it is public.

Deterministic for a seed: a fixed number of worlds, no clock (for play, `time_limit`
stops dealing worlds once the first is weighed and the time is spent).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from initiative.bots.ti.heuristic import (
    WIN,
    Reading,
    TIDealer,
    TIHeuristicBot,
    TIWeights,
    evaluate_view,
)
from initiative.engine.rng import SplitMix64
from initiative.games.ti.actions import Kind, TIAction
from initiative.games.ti.setup import TISetup
from initiative.games.ti.state import TIState
from initiative.games.ti.view import TIView

__all__ = ["RolloutSettings", "TIRolloutBot"]

ROLLOUT_SEED = 0x5EED_0F_70_11
"""Mixed into the seed of the policy that plays the worlds."""
STEP_CAP = 5_000
"""More decisions than a rollout to the end takes (a safety net, never reached)."""


@dataclass(frozen=True)
class RolloutSettings:
    """How much the look ahead weighs."""

    worlds: int = 8  # worlds dealt a decision, shared by every candidate
    horizon: int = 0  # turns played on before a world is scored; 0: to the game's end
    plays: int = 2  # plays the policy rates best, beside its own choice
    lead: float = 1.5  # worlds a candidate must win more than the policy's choice (net)
    verify: bool = True  # a challenger must lead again in as many new worlds
    time_limit: float | None = None  # seconds a decision (for play); None: all the worlds


DEFAULT = RolloutSettings()
WEIGHTS = TIWeights()


class TIRolloutBot:
    """The policy everywhere, a look ahead at the main steps (module docstring)."""

    def __init__(self, setup: TISetup, seed: int, settings: RolloutSettings = DEFAULT,
                 weights: TIWeights = WEIGHTS) -> None:
        self.dealer = TIDealer(setup)
        """Deals the worlds from the view, on the public setup (no answer)."""
        self.rng = SplitMix64(seed)
        self.settings = settings
        self.policy = TIHeuristicBot(seed, weights)
        self.rollout = TIHeuristicBot(seed ^ ROLLOUT_SEED, weights)
        """The policy in every seat of a world (its own generator: the worlds never
        change the bot's choices outside the look ahead)."""
        self.weights = weights
        self.weighed = 0
        """Worlds the last main step was weighed in."""

    def choose(self, view: TIView) -> TIAction:
        own = self.policy.choose(view)
        start = time.perf_counter()
        scored = self.scores(view, own)
        if not scored:
            return own
        best = max(range(len(scored)), key=lambda i: (scored[i][1], -i))
        if self.lead(scored[0][1], scored[best][1]) <= self.settings.lead:
            return own
        challenger = scored[best][0]
        if not self.settings.verify:
            return challenger
        again = self.weigh(view, [own, challenger], start)  # new worlds: no winner's curse
        return challenger if self.lead(again[0], again[1]) > 0 else own

    def lead(self, own: float, other: float) -> float:
        """How many worlds (net) `other`'s mean score wins over `own`'s in the last
        weighing."""
        return (other - own) * self.weighed / (2 * WIN)

    def scores(self, view: TIView, own: TIAction) -> list[tuple[TIAction, float]]:
        """(candidate, mean score) at a main step, the policy's choice `own` first;
        empty where the policy decides alone (not a main step, a proposal, one
        candidate)."""
        data = view.to_dict()
        pending: Mapping[str, Any] = data.get("pending") or {}
        if pending.get("kind") != "turn" or own.kind is Kind.SOLVE:
            return []
        options = self.candidates(Reading(data, self.weights), list(view.legal), own)
        if len(options) < 2:
            return []
        return list(zip(options, self.weigh(view, options, time.perf_counter()),
                        strict=True))

    def candidates(self, r: Reading, legal: Sequence[TIAction], own: TIAction
                   ) -> list[TIAction]:
        """The policy's choice first, then its best-rated plays, END and the special
        action (never a proposal: that is the policy's rule, TI-56)."""
        plays = sorted((a for a in legal if a.kind is Kind.PLAY),
                       key=lambda a: -self.policy.play_value(r, a))
        out = [own]
        extra = [*plays[:self.settings.plays],
                 *(a for a in legal if a.kind in (Kind.END, Kind.SPECIAL))]
        for action in extra:
            if action not in out:
                out.append(action)
        return out

    def weigh(self, view: TIView, options: Sequence[TIAction], start: float) -> list[float]:
        """Each option's mean score over the same new worlds (fewer if the decision,
        begun at `start`, runs out of time)."""
        settings = self.settings
        deadline = None if settings.time_limit is None else start + settings.time_limit
        deal = self.dealer.deals(view)
        rng = SplitMix64(self.rng.next64())
        totals = [0.0] * len(options)
        done = 0
        while done < settings.worlds:
            world = deal(SplitMix64(rng.next64()))
            for i, action in enumerate(options):
                state = world.clone()
                state.apply(action)
                totals[i] += self.play_on(state, view.seat)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.weighed = done
        return [t / done for t in totals]

    def play_on(self, state: TIState, seat: int) -> float:
        """The policy plays every seat for the horizon's turns (or to the end); the
        world's score for `seat`."""
        horizon = self.settings.horizon
        last = state.turn + horizon if horizon else None
        policy = self.rollout
        for _ in range(STEP_CAP):
            if state.is_terminal():
                return WIN if state.won else -WIN
            if last is not None and state.turn >= last:
                break
            legal = state.legal_actions()
            # the policy's choice, without building a view where nothing is to choose
            state.apply(legal[0] if len(legal) == 1
                        else policy.choose(state.view(state.current_seat())))
        return evaluate_view(state.view(seat).to_dict(), self.weights)


