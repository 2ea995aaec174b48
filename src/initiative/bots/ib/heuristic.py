"""`HeuristicBot`: one-ply lookahead (`lookahead.LookaheadBot`) over an Initiative
Break view, with a readable evaluation (`evaluate`).

The bot sees only its seat's view. For each legal action it builds a few states
consistent with that view (`determinize`: hidden cards and the dice re-dealt), applies
the action there, lets its own follow-up choices of the same action (targets, costs)
be made greedily, and scores the result; the action with the best average wins (ties
broken by its own seeded RNG). Decisions therefore never depend on what the seat
cannot see. `PublicDealer` deals those worlds for any bot of the game (the tree
search too).
"""

from __future__ import annotations

from dataclasses import dataclass

from initiative.bots.lookahead import LookaheadBot
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import Action
from initiative.games.ib.determinize import ViewDeal
from initiative.games.ib.public import PublicMatch
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView


@dataclass(frozen=True)
class Weights:
    """What the evaluation values, per unit of each quantity (own side minus enemies)."""

    win: float = 1000.0
    hp: float = 1.0
    alive: float = 8.0  # a unit still on the track
    charge: float = 1.5  # Charge toward Breaks and Break Arts (IB 3.7)
    tempo: float = 0.5  # acting sooner (left on the track, in round)
    hand: float = 0.4  # cards in hand (options)
    harmful: float = 1.2  # Burn, Stun, Weaken, Seal, Mute on the enemy side
    helpful: float = 1.0  # Guard, Insight on one's own side


HARMFUL = (st.BURN, st.STUN, st.WEAKEN, st.SEAL, st.MUTE)
HELPFUL = (st.GUARD, st.INSIGHT)
BURN_AT, STUN_AT, WEAKEN_AT, SEAL_AT, MUTE_AT = (s << 2 for s in HARMFUL)
GUARD_AT, INSIGHT_AT = (s << 2 for s in HELPFUL)
"""Where each status's count sits in a unit's packed bits (`statuses.count`, inline:
`evaluate` is the searches' hot path)."""


def evaluate(state: IBState, seat: int, w: Weights = Weights()) -> float:
    """How good `state` is for `seat`'s team: HP, units alive, Charge, statuses, tempo
    and hand size, own side minus the others; a finished game is +/- `win`."""
    match = state.match
    team = match.seat_team[seat]
    if state.result is not None:
        return 0.0 if state.result < 0 else (w.win if state.result == team else -w.win)
    track = state.track
    order = track.order
    size = max(1, len(order))
    unit_team, hp, charge, status = match.unit_team, state.hp, state.charge, state.status
    alive, hp_w, charge_w, tempo = w.alive, w.hp, w.charge, w.tempo
    score = 0.0
    for slot, u in enumerate(order):  # hot: locals, the same sums in the same order
        bits = status[u]
        value = alive + hp_w * hp[u] + charge_w * charge[u]
        value += tempo * (size - slot) / size * (0 if track.is_out_of_round(u) else 1)
        if bits:  # most units carry no status: adding 0 changes nothing
            value += w.helpful * (((bits >> GUARD_AT) & 15) + ((bits >> INSIGHT_AT) & 15))
            value -= w.harmful * (((bits >> BURN_AT) & 15) + ((bits >> STUN_AT) & 15)
                                  + ((bits >> WEAKEN_AT) & 15) + ((bits >> SEAL_AT) & 15)
                                  + ((bits >> MUTE_AT) & 15))
        score += value if unit_team[u] == team else -value
    for s, hand in enumerate(state.hands):
        score += (1.0 if match.seat_team[s] == team else -1.0) * w.hand * len(hand)
    return score


@dataclass(frozen=True)
class PublicDealer:
    """Deals worlds from a view on the game's public description (`search.Dealer`)."""

    game: PublicMatch

    def deals(self, view: IBView) -> ViewDeal:
        return ViewDeal(self.game, view, keep_log=False)


@dataclass(frozen=True)
class Evaluate:
    """`evaluate` with `weights`, as the bots call it (state, seat): plain data, so a
    bot holds no function (whose globals would reach the whole program)."""

    weights: Weights = Weights()

    def __call__(self, state: IBState, seat: int) -> float:
        return evaluate(state, seat, self.weights)


class HeuristicBot(LookaheadBot[Action, IBState, IBView]):
    """One-ply lookahead with `samples` determinizations per decision, dealt from the
    view on the game's public description (`public.public_description`)."""

    def __init__(self, game: PublicMatch, seed: int, samples: int = 2,
                 weights: Weights = Weights()) -> None:
        super().__init__(PublicDealer(game), Evaluate(weights), seed, samples)
        self.weights = weights
