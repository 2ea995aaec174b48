"""The skirmish game's bots' evaluation (`evaluate`) and its one-ply lookahead bot
(`HexHeuristicBot`).

`evaluate(state, seat)` scores a position for one seat with readable terms, each the
seat's own minus the mean over its living enemies where it is a quantity both sides
have (weights in `HexWeights`):
- health and being alive (HX-A5), hits already rolled but not yet dealt (HX-A6:
  damage comes after the reactions) counted as damage;
- Power tokens (HX-22, HX-A3), and a bonus for holding strictly the most, which the
  Special Initiative card turns into an extra turn (HX-10);
- threat: the chance of a hit per die on each enemy standing in the seat's Style-card
  hexes (HX-23, HX-26), and exposure, the same for the enemies' Style cards on the
  seat's unit;
- the back: an enemy on the hex directly behind the seat's unit (its attacks from
  there allow no reaction, HX-31, HX-A14) costs, standing behind an enemy pays;
- facing the nearest enemy, and closing in on it.
A finished game is worth +/- `win` (a draw 0).

`HexHeuristicBot` is `lookahead.LookaheadBot` on worlds dealt from the view on the
public setup (`HexDealer`, `games/hex/determinize.py`), so it never sees the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from initiative.bots.lookahead import LookaheadBot
from initiative.games.hex.actions import HexAction
from initiative.games.hex.determinize import ViewDeal
from initiative.games.hex.frames import ATTACK, ST_ROLL, AttackFrame
from initiative.games.hex.geometry import DIRECTIONS, FACINGS, Hex, rotate
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.specs import StyleCard
from initiative.games.hex.state import HexState
from initiative.games.hex.view import HexView


@dataclass(frozen=True)
class HexWeights:
    """What the evaluation values, per unit of each quantity."""

    win: float = 1000.0
    alive: float = 10.0
    health: float = 3.0  # per health point (HX-A5), hits about to land counted off
    power: float = 1.5  # per Power token (HX-22, HX-A3)
    special: float = 3.0  # strictly the most Power tokens: the Special card's turn (HX-10)
    hand: float = 1.0  # per card in hand up to the turns left this round (HX-13)
    spare: float = 0.3  # per card beyond those (free for reactions, HX-30)
    threat: float = 3.0  # per enemy in the Style hexes, times the chance a die hits it
    exposed: float = 2.5  # per enemy whose Style hexes hold the unit, times its chance
    back: float = 3.0  # an enemy on the hex directly behind (HX-31: no reaction)
    flank: float = 2.0  # standing on the hex directly behind an enemy
    facing: float = 1.0  # the nearest enemy straight ahead (1) .. straight behind (-1)
    closing: float = 0.4  # per hex to the nearest enemy


Table = tuple[dict[tuple[int, int], int], ...]
_TABLES: dict[int, tuple[StyleCard, Table]] = {}


def reach_table(style: StyleCard) -> Table:
    """Per facing: the offsets `(dq, dr)` from the unit that its Style card reaches, and
    the die result that hits there (HX-23, HX-26). Kept per Style card object."""
    found = _TABLES.get(id(style))
    if found is not None and found[0] is style:
        return found[1]
    table = tuple({(o.q, o.r): h.needs for h in style.hexes
                   for o in (rotate(h.offset, f),)} for f in range(FACINGS))
    _TABLES[id(style)] = (style, table)
    return table


def _ahead(delta: tuple[int, int], facing: int) -> float:
    """How straight ahead the offset `delta` lies for a unit facing `facing`: 1 dead
    ahead, -1 dead behind (the cosine of the angle, on the grid of geometry.py)."""
    q, r = rotate(Hex(*delta), (FACINGS - facing) % FACINGS)  # as if it faced north
    x, y = 1.5 * q, 1.7320508075688772 * (r + q / 2)
    size = (x * x + y * y) ** 0.5
    return -y / size if size else 0.0


def pending_hits(state: HexState) -> list[int]:
    """Per seat: hits rolled against it that have not become damage yet (HX-A6)."""
    out = [0] * state.setup.num_seats
    for frame in state.stack:
        if frame.tag == ATTACK and frame.stage > ST_ROLL:
            for t in _undamaged(state, frame):
                out[t] += frame.hits[t]
    return out


def _undamaged(state: HexState, frame: AttackFrame) -> tuple[int, ...]:
    if state.rules.damage_timing == "after_reactions":
        return frame.targets
    owed = (frame.owed,) if frame.owed >= 0 else ()
    return owed + frame.targets[frame.at:]


def turns_left(state: HexState, seat: int) -> int:
    """Initiative cards of `seat` still ahead in this round's line."""
    return state.line[state.at + 1:].count(seat)


def evaluate(state: HexState, seat: int, w: HexWeights = HexWeights()) -> float:
    """How good `state` is for `seat` (see the module docstring); a finished game is
    +/- `w.win` (0 for a drawn leader)."""
    if state.over:
        return state.returns()[seat] * w.win
    n = state.setup.num_seats
    rules = state.rules
    hits = pending_hits(state)
    values = []
    for s in range(n):
        if not state.alive[s]:
            values.append(0.0)
            continue
        health = max(0, state.health[s] - hits[s] * rules.damage_per_hit)
        cards, due = len(state.hands[s]), turns_left(state, s)
        values.append(w.alive * (health > 0) + w.health * health + w.power * state.power[s]
                      + w.hand * min(cards, due) + w.spare * max(0, cards - due))
    enemies = [s for s in range(n) if s != seat and state.alive[s]]
    if not enemies:
        return values[seat]
    score = values[seat] - sum(values[e] for e in enemies) / len(enemies)
    living = [s for s in range(n) if state.alive[s]]
    top = max(state.power[s] for s in living)
    leaders = [s for s in living if state.power[s] == top]
    if len(leaders) == 1:
        score += w.special if leaders[0] == seat else -w.special
    return score + _position(state, seat, enemies, w) if state.alive[seat] else score


def _position(state: HexState, seat: int, enemies: list[int], w: HexWeights) -> float:
    """The terms of where the seat's unit stands and faces, against its enemies (plain
    offsets `(dq, dr)` from the seat's unit: this runs at every leaf of a search)."""
    hexes, facing, seats = state.hexes, state.facing, state.setup.seats
    sides = state.rules.die_sides
    me, mine = hexes[seat], facing[seat]
    assert me is not None
    reach = reach_table(seats[seat].style)[mine]
    back = DIRECTIONS[(mine + 3) % FACINGS]  # HX-31, HX-A14: the hex directly behind
    score = 0.0
    nearest, near = (0, 0), 1 << 30
    for e in enemies:
        there = hexes[e]
        assert there is not None
        dq, dr = there.q - me.q, there.r - me.r
        needs = reach.get((dq, dr))
        if needs is not None:
            score += w.threat * (sides - needs + 1) / sides
        theirs = reach_table(seats[e].style)[facing[e]].get((-dq, -dr))
        if theirs is not None:
            score -= w.exposed * (sides - theirs + 1) / sides
        if (dq, dr) == back:
            score -= w.back
        if (-dq, -dr) == DIRECTIONS[(facing[e] + 3) % FACINGS]:
            score += w.flank
        d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if d < near:
            nearest, near = (dq, dr), d
    score += w.facing * _ahead(nearest, mine)
    return score - w.closing * near


@dataclass(frozen=True)
class HexEvaluate:
    """`evaluate` with `weights`, as the bots call it (state, seat): plain data."""

    weights: HexWeights = HexWeights()

    def __call__(self, state: HexState, seat: int) -> float:
        return evaluate(state, seat, self.weights)


@dataclass(frozen=True)
class HexDealer:
    """Deals worlds from a view on the public setup (`search.Dealer`)."""

    setup: HexSetup

    def deals(self, view: HexView) -> ViewDeal:
        return ViewDeal(self.setup, view, keep_log=False)


class HexHeuristicBot(LookaheadBot[HexAction, HexState, HexView]):
    """One-ply lookahead with `samples` worlds a decision, dealt from the view on the
    public setup, the seat's next sub-decisions (steps, facing, target) chosen greedily
    and the result scored by `evaluate`."""

    def __init__(self, setup: HexSetup, seed: int, samples: int = 2,
                 weights: HexWeights = HexWeights()) -> None:
        super().__init__(HexDealer(setup), HexEvaluate(weights), seed, samples,
                         width=FACINGS)
        self.weights = weights
