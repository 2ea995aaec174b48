"""`HexState`: everything that changes during a skirmish game, kept flat.

One character per seat, so a unit is its seat. Per-seat facts are parallel lists:
`hexes` (Hex, or None once eliminated), `facing` (0..5), `health`, `power`, `alive`;
`hands`, `decks` (top = end of list) and `discards` hold card ids (index into
`setup.content.cards`). `line` is the initiative line (seats, `stacked_decks.SPECIAL`
for the Special card), `at` the index of the card being resolved (-1 before the first),
`revealed` how many line cards are public (HX-A1), `acted` whether anyone has played a
card this round (after a round in which nobody does, rounds.end_round asks whether the
game is stuck).
`stack` is the decision stack (frames.py), `log` the events (events.py), `history` the
actions and chance outcomes applied, in order (what a record replays).

Building a state from explicit parts (positions, `determinize`): call the constructor
with keywords, `HexState(setup, rng, hexes=..., facing=..., health=..., power=...,
alive=..., hands=..., decks=..., discards=..., line=..., at=..., revealed=..., round=...,
phase=..., stack=[...frames...], acted=...)`; every part left out takes its value before the first
deal (units on their start hexes with full health and no tokens, each deck the seat's
whole deck in deck order, empty hands and discards, round 1, phase "draw", no line, an
empty stack). Then call `settle()`: it runs the automatic rules on to the next decision
(or, with `rng` an `engine.chance.ExplicitChance`, to the first chance node). A state
with an empty stack and `at == len(line) - 1` is between turns: `settle` deals the next
round; one with an empty stack and no line (`line=[]`, `at=-1`) deals round `round`.

Chance: `rng` is a chance source. A sampling one (engine.rng) shuffles and rolls as the
rules ask. An `ExplicitChance` makes every draw, initiative card dealt and die a chance
node: `current_seat()` is CHANCE, `chance_outcomes()` lists `(Outcome, Fraction)`
pairs, `apply(outcome)` chooses one; the step being resolved runs on a scratch clone
(`engine.chance.attempt`), so until it completes this state is unchanged.
"""

from __future__ import annotations

from typing import Any, ClassVar

from initiative.engine.chance import Outcome
from initiative.engine.stack_state import StackFlow, StackState
from initiative.games.hex import flow, rounds
from initiative.games.hex.actions import HexAction
from initiative.games.hex.events import Event
from initiative.games.hex.flags import HexRules
from initiative.games.hex.frames import ATTACK, TURN, Frame
from initiative.games.hex.geometry import Hex
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.view import HexView, make_view

Record = HexAction | Outcome
"""One entry of `history`."""

_FIELDS = (
    "acted", "alive", "at", "decks", "discards", "facing", "hands", "health", "hexes",
    "leaders", "line", "over", "phase", "power", "revealed", "rng", "round", "rules",
    "setup", "stack", "winner",
)
"""HexState's own fields (StackState has the rest)."""


class HexState(StackState[HexAction, Frame, Event]):
    """A skirmish game in progress (see the module docstring)."""

    __slots__ = _FIELDS
    fields: ClassVar[tuple[str, ...]] = _FIELDS
    flow: ClassVar[StackFlow] = flow

    setup: HexSetup
    rules: HexRules
    rng: Any  # a chance source: engine.rng.GameRng or engine.chance.ExplicitChance
    hexes: list[Hex | None]
    facing: list[int]
    health: list[int]
    power: list[int]
    alive: list[bool]
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    line: list[int]
    at: int
    acted: bool
    revealed: int
    round: int
    phase: str
    stack: list[Frame]
    log: list[Event]
    log_len: int
    _hist: list[Record]
    _hist_len: int
    winner: int | None
    leaders: tuple[int, ...]
    over: bool
    _legal: tuple[HexAction, ...] | None
    _legal_seat: int

    def __init__(self, setup: HexSetup | None = None, rng: Any = None, *,
                 hexes: list[Hex | None] | None = None,
                 facing: list[int] | None = None, health: list[int] | None = None,
                 power: list[int] | None = None, alive: list[bool] | None = None,
                 hands: list[list[int]] | None = None, decks: list[list[int]] | None = None,
                 discards: list[list[int]] | None = None, line: list[int] | None = None,
                 at: int = -1, revealed: int = 0, round: int = 1, phase: str = "draw",
                 stack: list[Frame] | None = None, log: list[Event] | None = None,
                 history: list[Record] | None = None, winner: int | None = None,
                 leaders: tuple[int, ...] = (), over: bool = False, acted: bool = True
                 ) -> None:
        # No arguments: a blank that clone() or unpickling fills in (compiled by mypyc,
        # `HexState.__new__(HexState)` runs __init__ with no arguments).
        if setup is None:
            return
        n = setup.num_seats
        self.setup = setup
        self.rules = setup.rules
        self.rng = rng
        self.hexes = hexes if hexes is not None else [s.start.hex for s in setup.seats]
        self.facing = facing if facing is not None else [s.start.facing for s in setup.seats]
        self.health = health if health is not None else [setup.rules.starting_health] * n
        self.power = power if power is not None else [0] * n
        self.alive = alive if alive is not None else [True] * n
        self.hands = hands if hands is not None else [[] for _ in range(n)]
        self.decks = decks if decks is not None else [list(setup.deck_ids(s)) for s in range(n)]
        self.discards = discards if discards is not None else [[] for _ in range(n)]
        self.line = line if line is not None else []
        self.at = at
        self.acted = acted
        self.revealed = revealed
        self.round = round
        self.phase = phase
        self.stack = stack if stack is not None else []
        self.log = log if log is not None else []
        self.log_len = len(self.log)
        self.log_kept = True
        self.log_keep = frozenset()
        self._hist = list(history) if history is not None else []
        self._hist_len = len(self._hist)
        self.winner = winner
        self.leaders = leaders
        self.over = over
        self._legal = None
        self._legal_seat = -1

    # --- the engine contract (the rest: engine/stack_state.py) -------------------

    def advance(self) -> None:
        """The automatic rules: the first deal if none was dealt, then on to the next
        decision."""
        if not self.stack and not self.line and not self.over:
            rounds.begin_round(self)
        flow.advance(self)

    def view(self, seat: int) -> HexView:
        return make_view(self, seat)

    def returns(self) -> list[float]:
        """1 for the winner and -1 for the others; in a draw 0 for the tied leaders and
        -1 for the rest (HX-A5); 0 for all while the game goes on."""
        n = self.setup.num_seats
        if not self.over:
            return [0.0] * n
        if self.winner is not None:
            return [1.0 if s == self.winner else -1.0 for s in range(n)]
        return [0.0 if s in self.leaders else -1.0 for s in range(n)]

    def clone(self) -> HexState:
        """An independent copy (frames are immutable and shared; the log and history
        share their prefix and copy it only when written)."""
        new = HexState.__new__(HexState)
        new.setup = self.setup
        new.rules = self.rules
        new.rng = self.rng.clone()
        new.hexes = self.hexes[:]
        new.facing = self.facing[:]
        new.health = self.health[:]
        new.power = self.power[:]
        new.alive = self.alive[:]
        new.hands = [h[:] for h in self.hands]
        new.decks = [d[:] for d in self.decks]
        new.discards = [d[:] for d in self.discards]
        new.line = self.line[:]
        new.at = self.at
        new.acted = self.acted
        new.revealed = self.revealed
        new.round = self.round
        new.phase = self.phase
        new.stack = self.stack[:]
        new.log = self.log
        new.log_len = self.log_len
        new.log_kept = self.log_kept
        new.log_keep = self.log_keep
        new._hist = self._hist
        new._hist_len = self._hist_len
        new.winner = self.winner
        new.leaders = self.leaders
        new.over = self.over
        new._legal = self._legal
        new._legal_seat = self._legal_seat
        return new

    # --- helpers used by the rules ---------------------------------------------

    @property
    def active(self) -> int | None:
        """The active player (HX-11) through every step of its turn: choosing the card,
        each step and the facing of its move, its attack and the reactions to it; None
        between turns. The turn's frame is the bottom one: it is replaced by the move or
        the attack it starts, and reactions, displacements and fumbles go above it."""
        if not self.stack:
            return None
        turn = self.stack[0]
        if turn.tag == TURN:
            return turn.seat
        if turn.tag == ATTACK:
            return turn.attacker
        return turn.unit  # the Move section's move (MOVE) or its facing (FACE)
