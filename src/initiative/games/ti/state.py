"""`TIState`: everything that changes during a game of The Initiative, kept flat.

Cards are numbers (index into `setup.content.cards`): `hands` (each sorted), `deck`
(the unordered remainder; shuffled when chance is sampled) under `deck_top` (cards
whose order a seat has seen, top first; `top_seer` is that seat), `looked` (cards the
Lookout holds while putting them back), `discard` (bottom..top), `piles` (the four
action piles, bottom..top), `tucked` (under each enemy). Tokens are numbers
(setup.clue_tokens, then features): `where` (tokens.py), `tan_left` / `extras` (each
stack's face-down tokens), `tan_pool` (the tan tokens nobody has seen), `counter`
(counter intel on each pile). `pos` is each seat's room, `enemy_room` each enemy's (-1
once defeated), `opened` the console windows, `locked` the doors. `stack` is the
decision stack (frames.py), `log` the events (events.py), `history` the actions and
chance outcomes applied, in order (what a record replays).

Building a state from explicit parts (positions, `determinize`): pass keywords to the
constructor; every part left out takes its value before the deal (`dealt` False: the
whole deck of 36 in `deck`, the time cards on the discard pile, every standee at the
entrance, every stack face down; `history` is the record so far). Then call `settle()`.

Chance: `rng` is a chance source. A sampling one (engine.rng) shuffles and draws as the
rules ask. An `ExplicitChance` makes every draw from the deck, every token reveal and
every random discard a chance node (`current_seat()` is CHANCE); the step being
resolved runs on a scratch clone (`engine.chance.attempt`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from initiative.engine.chance import ExplicitChance, Outcome, PendingChance, Step, resolve
from initiative.engine.contract import CHANCE, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.games.ti import events as ev
from initiative.games.ti import flow
from initiative.games.ti.actions import TIAction
from initiative.games.ti.events import Event
from initiative.games.ti.flags import TIRules
from initiative.games.ti.frames import ANSWER, DRAW, END, FIRST, FORCED, VOTE, Frame
from initiative.games.ti.setup import TISetup
from initiative.games.ti.view import TIView, make_view

Record = TIAction | Outcome
"""One entry of `history`."""

_LISTS = ("hands", "tucked", "extras", "piles", "counter")
"""Fields that are lists of lists (cloned one level deeper)."""
_FLAT = ("deck", "deck_top", "looked", "discard", "pos", "enemy_room", "tan_left",
         "tan_pool", "where", "opened", "locked", "collected", "secrets", "stack")
_SCALARS = ("setup", "rules", "top_seer", "peril", "reshuffles", "dealt", "turn",
            "first", "active", "actions_taken", "tucks", "proposals", "passes", "won",
            "loss_reason", "over", "entered", "log", "log_len", "_hist", "_hist_len",
            "_legal", "_legal_seat")


def _run_action(state: TIState, action: TIAction) -> None:
    flow.apply(state, action)


def _settle(state: TIState, _: None) -> None:
    flow.advance(state)


class TIState:
    """A game of The Initiative in progress (see the module docstring)."""

    __slots__ = ("rng", *_LISTS, *_FLAT, *_SCALARS)

    setup: TISetup
    rules: TIRules
    rng: Any  # a chance source: engine.rng.GameRng or engine.chance.ExplicitChance
    hands: list[list[int]]
    tucked: list[list[int]]
    extras: list[list[int]]
    piles: list[list[int]]
    counter: list[list[int]]
    deck: list[int]
    deck_top: list[int]
    looked: list[int]
    discard: list[int]
    pos: list[int]
    enemy_room: list[int]
    tan_left: list[int]
    tan_pool: list[int]
    where: list[int]
    opened: list[bool]
    locked: list[bool]
    collected: list[int]
    secrets: list[str]
    stack: list[Frame]
    top_seer: int
    peril: bool
    reshuffles: int
    dealt: bool
    turn: int
    first: int | None
    active: int | None
    actions_taken: int
    tucks: int
    """Bit set of the enemies tucked under this turn (TI-44, TI-A6)."""
    proposals: int
    passes: int
    """Forced passes in a row with no draw possible (TI-A14)."""
    won: bool | None
    loss_reason: str | None
    over: bool
    entered: tuple[str, ...] | None
    log: list[Event]
    log_len: int
    _hist: list[Record]
    _hist_len: int
    _legal: list[TIAction] | None
    _legal_seat: int

    def __init__(self, setup: TISetup, rng: Any, history: list[Record] | None = None,
                 **parts: Any) -> None:
        mission = setup.mission
        content = setup.content
        n = setup.num_seats
        self.setup = setup
        self.rules = setup.rules
        self.rng = rng
        start = dict(
            hands=[[] for _ in range(n)], tucked=[[] for _ in mission.enemies],
            extras=[list(setup.extra_tokens(s)) for s in range(len(mission.stacks))],
            piles=[[] for _ in range(4)], counter=[[] for _ in range(4)],
            deck=[i for i, c in enumerate(content.cards) if not c.time],
            deck_top=[], looked=[],
            discard=[i for i, c in enumerate(content.cards) if c.time],
            pos=[setup.entrance] * n,
            enemy_room=[p.room for p in mission.enemies],
            tan_left=[s.tan for s in mission.stacks],
            tan_pool=list(range(setup.num_tan)),
            where=[-1] * len(setup.clue_tokens) + [f.room for f in mission.features],
            opened=[False] * len(mission.windows), locked=[True] * len(mission.doors),
            collected=[], secrets=list(setup.secrets), stack=[], top_seer=-1,
            peril=False, reshuffles=0, dealt=False, turn=0, first=None, active=None,
            actions_taken=0, tucks=0, proposals=0, passes=0, won=None, loss_reason=None,
            over=False, entered=None, log=[])
        unknown = set(parts) - set(start)
        if unknown:
            raise TypeError(f"TIState has no parts {sorted(unknown)}")
        start.update(parts)
        for name, value in start.items():
            setattr(self, name, value)
        self.log_len = len(self.log)
        self._hist = list(history) if history is not None else []
        self._hist_len = len(self._hist)
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

    def legal_actions(self, seat: int | None = None) -> tuple[TIAction, ...]:
        """Legal actions of `seat` (default: the deciding seat); () if it need not
        decide (and at a chance node)."""
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
        """`(outcome, probability)` pairs of the pending chance node; [] otherwise."""
        pending = self._pending()
        return [] if pending is None else list(pending.outcomes)

    def apply(self, action: TIAction | Outcome) -> None:
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
            resolve(self, Step(_run_action, action), (), self._adopt)
            return
        if not isinstance(action, Outcome) or not pending.offers(action):
            raise IllegalActionError(
                f"{action!r} is not one of the {len(pending.outcomes)} outcomes of the "
                f"pending chance node (a {pending.outcomes[0][0].kind})")
        self._record(action)
        resolve(self, pending.step, (*pending.chosen, action), self._adopt)

    def settle(self) -> None:
        """Run the automatic rules to the next decision (dealing first if nothing was
        dealt), or, under explicit chance, to the first chance node."""
        if isinstance(self.rng, ExplicitChance):
            if self.rng.pending is None:
                resolve(self, Step(_settle, None), (), self._adopt)
        else:
            _settle(self, None)

    def view(self, seat: int) -> TIView:
        return make_view(self, seat)

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        """Co-operative (TI-54: the group wins or loses together): +1 for every seat on
        a win, -1 on a loss, 0 while playing."""
        n = self.setup.num_seats
        if not self.over:
            return [0.0] * n
        return [1.0 if self.won else -1.0] * n

    def clone(self) -> TIState:
        """An independent copy (frames are immutable and shared; the log and history
        share their prefix and copy it only when written)."""
        new = TIState.__new__(TIState)
        new.rng = self.rng.clone()
        for name in _LISTS:
            setattr(new, name, [x[:] for x in getattr(self, name)])
        for name in _FLAT:
            setattr(new, name, getattr(self, name)[:])
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        return new

    def _adopt(self, source: TIState) -> None:
        """Take every field of `source` (a finished scratch step) but the history."""
        for name in TIState.__slots__:
            if name not in ("_hist", "_hist_len"):
                setattr(self, name, getattr(source, name))

    # --- helpers used by the rules ---------------------------------------------

    @property
    def phase(self) -> str:
        """setup | actions | end | solve | over (the view's `phase`)."""
        if self.over:
            return "over"
        if self.first is None or (self.stack and self.stack[0].tag == FIRST):
            return "setup"
        tags = {f.tag for f in self.stack}
        if tags & {ANSWER, VOTE}:
            return "solve"
        if tags & {END, DRAW, FORCED}:
            return "end"
        return "actions"

    def invalidate(self) -> None:
        self._legal = None

    def offer(self, legal: list[TIAction], seat: int) -> None:
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

    def log_secret(self, key: str, when: int) -> None:
        self.emit((ev.SECRET, list(self.setup.content.secrets).index(key), when))

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
