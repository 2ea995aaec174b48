"""The engine contract of a game state run by a decision stack: what the hex game's and
The Initiative's states share.

A state keeps its decisions on `stack` (frames), its events on `log` and the steps
applied on `history` (the log and history share their prefix between clones and copy
it only when written). `drop_log` turns the log off where nobody reads it (search, the
lab, the bench). Its chance source `rng` is sampling (engine.rng) or an
`ExplicitChance` (engine.chance): then every step runs on a scratch clone, and a step
that needs chance leaves a pending chance node and this state unchanged.

A game's state subclasses `StackState`, lists its other fields in its own `__slots__`
and `fields`,
names its rules module as `flow` (`deciding_seat`, `legal_actions`, `check`, `apply`,
`advance`) and may add automatic rules before `flow.advance` in `advance`."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from initiative.engine.chance import ExplicitChance, Outcome, PendingChance, Step, resolve
from initiative.engine.contract import CHANCE, TERMINAL
from initiative.engine.errors import IllegalActionError, not_legal_now

A = TypeVar("A")
F = TypeVar("F")
E = TypeVar("E", bound=tuple[Any, ...])


class StackFlow(Protocol):
    """A game's rules module, as a stack state calls it."""

    def deciding_seat(self, state: Any) -> int: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def check(self, state: Any, action: Any) -> Any: ...

    def apply(self, state: Any, action: Any) -> None: ...

    def advance(self, state: Any) -> None: ...


def run_action(state: StackState[Any, Any, Any], action: Any) -> None:
    """The step of a seat's action (module level: a pending step stays plain data)."""
    state.flow.apply(state, action)


def run_settle(state: StackState[Any, Any, Any], _: None) -> None:
    """The step of the automatic rules up to the next decision."""
    state.advance()


STACK_SLOTS = ("_hist", "_hist_len", "_legal", "_legal_seat", "log", "log_keep", "log_kept",
               "log_len")
"""The fields `StackState` adds (named here, not read from `__slots__`: a class compiled
by mypyc has none)."""


class StackState(Generic[A, F, E]):
    """The engine contract and the stack, log and history helpers (see the module
    docstring); `A` the game's actions, `F` its frames, `E` its events."""

    __slots__ = STACK_SLOTS

    flow: ClassVar[StackFlow]
    fields: ClassVar[tuple[str, ...]]
    """The subclass's own fields (its `__slots__`)."""
    rng: Any  # a chance source: engine.rng.GameRng or engine.chance.ExplicitChance
    stack: list[F]
    log: list[E]
    log_len: int
    log_kept: bool  # False: `drop_log` turned the log off
    log_keep: frozenset[int]  # with the log off, the event kinds still stored
    over: bool
    _hist: list[A | Outcome]
    _hist_len: int
    _legal: tuple[A, ...] | None
    _legal_seat: int

    def advance(self) -> None:
        """The automatic rules, run on to the next decision."""
        self.flow.advance(self)

    def clone(self: Any) -> Any:
        """An independent copy."""
        raise NotImplementedError

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
        return self.flow.deciding_seat(self)

    def legal_actions(self, seat: int | None = None) -> tuple[A, ...]:
        """Legal actions of `seat` (default: the deciding seat); () if it need not
        decide (and at a chance node). The cached tuple itself, not a copy: immutable,
        so the cache is safe from callers."""
        if self.over:
            return ()
        rng = self.rng  # `_pending`, inline (asked twice a decision)
        if isinstance(rng, ExplicitChance) and rng.pending is not None:
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self.flow.legal_actions(self))
            self._legal_seat = self.flow.deciding_seat(self)
        if seat is not None and seat != self._legal_seat:
            return ()
        return legal

    def chance_outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """`(outcome, probability)` pairs of the pending chance node (exact, summing to
        1); [] when a seat decides, the game is over or chance is sampled."""
        pending = self._pending()
        return [] if pending is None else list(pending.outcomes)

    def apply(self, action: A | Outcome) -> None:
        """A seat's action at a decision, an outcome at a chance node. Anything else
        raises IllegalActionError and changes nothing."""
        rng = self.rng
        if not isinstance(rng, ExplicitChance):
            if isinstance(action, Outcome):
                raise IllegalActionError(f"{action!r} is a chance outcome, but this game "
                                         "samples its chance")
            self.flow.apply(self, action)
            self._record(action)
            return
        pending = rng.pending
        if pending is None:
            if isinstance(action, Outcome):
                raise IllegalActionError(f"{action!r} is a chance outcome, but no chance "
                                         "node is pending")
            action = self.flow.check(self, action)
            self._record(action)
            resolve(self, Step(run_action, action), (), self._adopt)
            return
        if not isinstance(action, Outcome) or not pending.offers(action):
            raise IllegalActionError(
                f"{action!r} is not one of the {len(pending.outcomes)} outcomes of the "
                f"pending chance node (a {pending.outcomes[0][0].kind})")
        self._record(action)
        resolve(self, pending.step, (*pending.chosen, action), self._adopt)

    def settle(self) -> None:
        """Run the automatic rules to the next decision, or, under explicit chance, to
        the first chance node."""
        if isinstance(self.rng, ExplicitChance):
            if self.rng.pending is None:
                resolve(self, Step(run_settle, None), (), self._adopt)
        else:
            run_settle(self, None)

    def is_terminal(self) -> bool:
        return self.over

    def _adopt(self, source: StackState[A, F, E]) -> None:
        """Take every field of `source` (a finished scratch step) but the history."""
        names: tuple[str, ...] = (*STACK_SLOTS, *self.fields)
        for name in names:
            if name not in ("_hist", "_hist_len"):
                setattr(self, name, getattr(source, name))

    # --- helpers used by the rules ---------------------------------------------

    def invalidate(self) -> None:
        self._legal = None

    def offer(self, legal: Sequence[A], seat: int) -> None:
        """A step stopped at a decision whose legal list it computed: keep it (as the
        tuple `legal_actions` hands out; a tuple is kept as it is)."""
        self._legal = tuple(legal)
        self._legal_seat = seat

    def put(self, frame: F) -> None:
        """Replace the top frame (nothing once the game is over)."""
        if not self.over:
            self.stack[-1] = frame

    def push(self, frame: F) -> None:
        if not self.over:
            self.stack.append(frame)

    def pop(self) -> None:
        if not self.over:
            self.stack.pop()

    def emit(self, event: E) -> None:
        """Append to the log (copy-on-write: clones share the prefix); once the log is
        off, only an event of a kind `drop_log` was told to keep. With the log off and
        no kind kept it does nothing: a game's hottest sites test `state.log_kept or
        state.log_keep` first, inline, saving the event's tuple and the call."""
        if self.log_kept or (self.log_keep and event[0] in self.log_keep):
            if len(self.log) != self.log_len:
                self.log = self.log[: self.log_len]
            self.log.append(event)
            self.log_len += 1

    def events(self) -> Sequence[E]:
        """This state's log; empty once the log is off."""
        return self.log[: self.log_len]

    def drop_log(self, keep: frozenset[int] = frozenset()) -> None:
        """No log from now on (search, the lab, the bench): the log so far is dropped and
        no event is stored but those of the kinds in `keep`, so views show those alone
        (`log_kept` says why). No rule of a stack game reads its log, so a game played
        so is the same game."""
        self.log = [e for e in self.events() if e[0] in keep]
        self.log_len = len(self.log)
        self.log_kept = False
        self.log_keep = keep

    def _record(self, item: A | Outcome) -> None:
        if len(self._hist) != self._hist_len:
            self._hist = self._hist[: self._hist_len]
        self._hist.append(item)
        self._hist_len += 1

    @property
    def history(self) -> list[A | Outcome]:
        """The actions (and, under explicit chance, the chance outcomes) applied so far,
        in order: what a record replays (a fresh list)."""
        return self._hist[: self._hist_len]


def legal_equal(state: StackState[A, F, E], action: object) -> A:
    """The legal action equal to `action`; else an IllegalActionError naming the
    action, the deciding seat and the number of legal actions (never the list).

    An action taken from `legal_actions()` is found by identity, without calling
    `__eq__`; equality is the fallback for an equal twin (a parsed or rebuilt action).
    The cached list is read in place when `legal_actions()` would hand it out (no
    chance node pending), without the call."""
    if state.over:
        raise IllegalActionError(f"the game is over; {action!r} cannot be applied")
    legal = state._legal
    rng = state.rng
    if legal is None or (isinstance(rng, ExplicitChance) and rng.pending is not None):
        legal = state.legal_actions()
    for candidate in legal:
        if candidate is action:
            return candidate
    for candidate in legal:
        if candidate == action:
            return candidate
    raise not_legal_now(action, state.flow.deciding_seat(state), len(legal))
