"""`HexState`: everything that changes during a skirmish game, kept flat.

One character per seat, so a unit is its seat. Per-seat facts are parallel lists:
`hexes` (Hex, or None once eliminated), `facing` (0..5), `health`, `power`, `alive`;
`hands`, `decks` (top = end of list) and `discards` hold card ids (index into
`setup.content.cards`). `line` is the initiative line (seats, `stacked_decks.SPECIAL`
for the Special card), `at` the index of the card being resolved (-1 before the first),
`revealed` how many line cards are public (HX-A1), `acted` whether anyone has played a
card this round (a round in which nobody does ends the game: rounds.end_round).
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

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from initiative.engine.chance import ExplicitChance, Outcome, PendingChance, Step, resolve
from initiative.engine.contract import CHANCE, TERMINAL
from initiative.engine.errors import IllegalActionError
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


def _run_action(state: HexState, action: HexAction) -> None:
    flow.apply(state, action)


def _settle(state: HexState, _: None) -> None:
    if not state.stack and not state.line and not state.over:
        rounds.begin_round(state)
    flow.advance(state)


class HexState:
    """A skirmish game in progress (see the module docstring)."""

    __slots__ = (
        "_hist", "_hist_len", "_legal", "_legal_seat", "acted", "alive", "at", "decks",
        "discards", "facing", "hands", "health", "hexes", "leaders", "line", "log", "log_len",
        "over", "phase", "power", "revealed", "rng", "round", "rules", "setup", "stack",
        "winner",
    )

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
    _legal: list[HexAction] | None
    _legal_seat: int

    def __init__(self, setup: HexSetup, rng: Any, *, hexes: list[Hex | None] | None = None,
                 facing: list[int] | None = None, health: list[int] | None = None,
                 power: list[int] | None = None, alive: list[bool] | None = None,
                 hands: list[list[int]] | None = None, decks: list[list[int]] | None = None,
                 discards: list[list[int]] | None = None, line: list[int] | None = None,
                 at: int = -1, revealed: int = 0, round: int = 1, phase: str = "draw",
                 stack: list[Frame] | None = None, log: list[Event] | None = None,
                 history: list[Record] | None = None, winner: int | None = None,
                 leaders: tuple[int, ...] = (), over: bool = False, acted: bool = True
                 ) -> None:
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
        self._hist = list(history) if history is not None else []
        self._hist_len = len(self._hist)
        self.winner = winner
        self.leaders = leaders
        self.over = over
        self._legal = None
        self._legal_seat = -1

    # --- the engine contract ---------------------------------------------------

    def _pending(self) -> PendingChance | None:
        rng = self.rng
        return rng.pending if isinstance(rng, ExplicitChance) else None

    def current_seat(self) -> int:
        """The seat that decides now, CHANCE at a pending chance node, or TERMINAL."""
        if self.over:
            return TERMINAL
        if self._pending() is not None:
            return CHANCE
        return flow.deciding_seat(self)

    def legal_actions(self, seat: int | None = None) -> tuple[HexAction, ...]:
        """Legal actions of `seat` (default: the deciding seat); () if it need not decide
        (and at a chance node)."""
        if self.over or self._pending() is not None:
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = flow.legal_actions(self)
            self._legal_seat = flow.deciding_seat(self)
        if seat is not None and seat != self._legal_seat:
            return ()
        return tuple(legal)

    def chance_outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """`(outcome, probability)` pairs of the pending chance node (exact, summing to
        1); [] when a seat decides, the game is over or chance is sampled."""
        pending = self._pending()
        return [] if pending is None else list(pending.outcomes)

    def apply(self, action: HexAction | Outcome) -> None:
        """A seat's action at a decision, an outcome at a chance node. Anything else
        raises IllegalActionError and changes nothing."""
        rng = self.rng
        if not isinstance(rng, ExplicitChance):
            if isinstance(action, Outcome):
                raise IllegalActionError(f"{action!r} is a chance outcome, but this game "
                                         "samples its chance")
            flow.apply(self, action)
            self._record(action)
            return
        pending = rng.pending
        if pending is None:
            if isinstance(action, Outcome):
                raise IllegalActionError(f"{action!r} is a chance outcome, but no chance "
                                         "node is pending")
            action = flow.check(self, action)
            self._record(action)
            self._resolve(Step(_run_action, action), ())
            return
        if not isinstance(action, Outcome) or not pending.offers(action):
            raise IllegalActionError(
                f"{action!r} is not one of the {len(pending.outcomes)} outcomes of the "
                f"pending chance node (a {pending.outcomes[0][0].kind})")
        self._record(action)
        self._resolve(pending.step, (*pending.chosen, action))

    def _resolve(self, step: Step[Any], chosen: tuple[Outcome, ...]) -> None:
        resolve(self, step, chosen, self._adopt)

    def settle(self) -> None:
        """Run the automatic rules to the next decision (the first deal if none was
        dealt), or, under explicit chance, to the first chance node."""
        if isinstance(self.rng, ExplicitChance):
            if self.rng.pending is None:
                self._resolve(Step(_settle, None), ())
        else:
            _settle(self, None)

    def view(self, seat: int) -> HexView:
        return make_view(self, seat)

    def is_terminal(self) -> bool:
        return self.over

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
        new._hist = self._hist
        new._hist_len = self._hist_len
        new.winner = self.winner
        new.leaders = self.leaders
        new.over = self.over
        new._legal = self._legal
        new._legal_seat = self._legal_seat
        return new

    def _adopt(self, source: HexState) -> None:
        """Take every field of `source` (a finished scratch step) but the history."""
        for name in HexState.__slots__:
            if name not in ("_hist", "_hist_len"):
                setattr(self, name, getattr(source, name))

    # --- helpers used by the rules ---------------------------------------------

    @property
    def active(self) -> int | None:
        """The player whose turn is being resolved (None between turns)."""
        for frame in self.stack:
            if frame.tag == TURN:
                return frame.seat
            if frame.tag == ATTACK:
                return frame.attacker
        return None

    def invalidate(self) -> None:
        self._legal = None

    def offer(self, legal: list[HexAction], seat: int) -> None:
        """A step stopped at a decision whose legal list it computed: keep it."""
        self._legal = legal
        self._legal_seat = seat

    def put(self, frame: Frame) -> None:
        """Replace the top frame (nothing once the game is over)."""
        if not self.over:
            self.stack[-1] = frame

    def push(self, frame: Frame) -> None:
        if not self.over:
            self.stack.append(frame)

    def pop(self) -> None:
        if not self.over:
            self.stack.pop()

    def emit(self, event: Event) -> None:
        """Append to the log (copy-on-write: clones share the prefix)."""
        if len(self.log) != self.log_len:
            self.log = self.log[: self.log_len]
        self.log.append(event)
        self.log_len += 1

    def events(self) -> Sequence[Event]:
        return self.log[: self.log_len]

    def _record(self, item: Record) -> None:
        if len(self._hist) != self._hist_len:
            self._hist = self._hist[: self._hist_len]
        self._hist.append(item)
        self._hist_len += 1

    @property
    def history(self) -> list[Record]:
        """The actions (and, under explicit chance, the chance outcomes) applied so far,
        in order: what a record replays (a fresh list)."""
        return self._hist[: self._hist_len]
