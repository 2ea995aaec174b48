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

from typing import Any, ClassVar

from initiative.engine.chance import Outcome
from initiative.engine.stack_state import STACK_SLOTS, StackFlow, StackState
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
            "loss_reason", "over", "entered")

_FIELDS = ("rng", *_LISTS, *_FLAT, *_SCALARS)
"""TIState's own fields (StackState has the rest)."""


class TIState(StackState[TIAction, Frame, Event]):
    """A game of The Initiative in progress (see the module docstring)."""

    __slots__ = _FIELDS
    fields: ClassVar[tuple[str, ...]] = _FIELDS
    flow: ClassVar[StackFlow] = flow

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
    _legal: tuple[TIAction, ...] | None
    _legal_seat: int

    def __init__(self, setup: TISetup | None = None, rng: Any = None,
                 history: list[Record] | None = None, **parts: Any) -> None:
        # No arguments: a blank that clone() or unpickling fills in (compiled by mypyc,
        # `TIState.__new__(TIState)` runs __init__ with no arguments).
        if setup is None:
            return
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
        self.log_kept = True
        self.log_keep = frozenset()
        self._hist = list(history) if history is not None else []
        self._hist_len = len(self._hist)
        self._legal = None
        self._legal_seat = -1

    # --- the engine contract (the rest: engine/stack_state.py) -------------------

    def view(self, seat: int) -> TIView:
        return make_view(self, seat)

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
        for name in (*_SCALARS, *STACK_SLOTS):
            setattr(new, name, getattr(self, name))
        return new

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

    def log_secret(self, key: str, when: int) -> None:
        self.emit((ev.SECRET, list(self.setup.content.secrets).index(key), when))
