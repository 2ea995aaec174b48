"""`IBState`: everything that changes during a game of Initiative Break, kept flat.

Units are indices into `Match.units`; per-unit facts live in parallel lists of ints.
The state's methods are the engine contract; the rules live in the modules named after
the rulebook's chapters and act on the state through the decision stack.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Final, Self

from initiative.engine.bits import BIT
from initiative.engine.chance import Outcome
from initiative.engine.contract import TERMINAL
from initiative.engine.errors import IllegalActionError, not_legal_now
from initiative.engine.rng import GameRng
from initiative.games.ib import activation, attacks, breaks, flow, hand
from initiative.games.ib.actions import Action
from initiative.games.ib.events import CODES, Event
from initiative.games.ib.frames import ACTION, ACTIVATION, MULLIGAN, WINDOW, Frame
from initiative.games.ib.view import IBView, make_view
from initiative.timing.track import InitiativeTrack

if TYPE_CHECKING:
    from initiative.games.ib.match import Match

_FIELDS = (
    "_legal", "_legal_seat", "activations", "charge", "decks", "discards", "flux", "hands",
    "ever_summoned", "hp", "log", "log_kept", "log_len", "match", "off", "pending", "queue",
    "quiet", "result", "rng", "sigils", "stack", "status", "summoned", "track", "used",
)
"""IBState's fields (named here, not read from `__slots__`: a class compiled by mypyc
has none)."""
_ALL_KINDS: Final = (1 << len(CODES)) - 1
"""`IBState.quiet` with the log off and no kind kept."""


class IBState:
    """A game in progress. `setup.new_game` builds one at its first decision;
    `notation.load_position` and `determinize` build one from a position or a view.

    The legal-action cache (`_legal`, for seat `_legal_seat`) belongs to the state: the
    rules call `invalidate` when they change it and `offer` when a step has computed
    the legal list of the decision it stops at."""

    __slots__ = _FIELDS

    match: Match
    track: InitiativeTrack
    rng: GameRng
    hp: list[int]
    charge: list[int]
    status: list[int]  # packed statuses (statuses.py)
    pending: list[tuple[int, ...]]  # deferred Move Up (<0) / Move Back (>0) per unit (IB 3.4.6)
    used: list[int]  # ability usage bits per unit (abilities.py; IB 3.5.4)
    sigils: list[tuple[tuple[int, int], ...]]  # installed (card, owner seat) per unit (IB 4.5)
    off: int  # bit set of units out of play: defeated Characters, Supports not in play
    summoned: int  # bit set of Supports in play that were summoned (they leave the game)
    ever_summoned: int  # bit set of Supports summoned this game (at most once a seat)
    queue: tuple[tuple[int, int, int], ...]  # triggered abilities waiting (abilities.py)
    hands: list[list[int]]
    decks: list[list[int]]  # top of deck = end of list
    discards: list[list[int]]
    flux: list[int]  # Flux Surge tokens per seat (campaign, IB 7.4); public
    stack: list[Frame]
    log: list[Event]
    log_len: int  # events emitted (with the log off, counted but not stored)
    log_kept: bool  # False: `drop_log` turned the log off
    quiet: int  # bit set of the event kinds not stored: none, or all but those kept
    activations: int
    result: int | None  # None: in progress; -1 draw; else the winning team
    _legal: list[Action] | None
    _legal_seat: int

    def __init__(self, match: Match | None = None, rng: GameRng | None = None, *,
                 track: InitiativeTrack | None = None,
                 hp: list[int] | None = None, charge: list[int] | None = None,
                 status: list[int] | None = None, pending: list[tuple[int, ...]] | None = None,
                 used: list[int] | None = None,
                 sigils: list[tuple[tuple[int, int], ...]] | None = None,
                 off: int | None = None, summoned: int = 0, ever_summoned: int = 0,
                 queue: tuple[tuple[int, int, int], ...] = (),
                 hands: list[list[int]] | None = None, decks: list[list[int]] | None = None,
                 discards: list[list[int]] | None = None, flux: list[int] | None = None,
                 stack: list[Frame] | None = None, log: list[Event] | None = None,
                 activations: int = 0, result: int | None = None) -> None:
        """Every field given, or else as a battle starts before setup (IB 2.9): each
        Character at its printed HP with nothing on it, Supports and spawn slots out of
        play, an empty track, empty piles, the seats' Flux, nothing on the stack."""
        # No arguments: a blank that clone() or unpickling fills in (compiled by mypyc,
        # `IBState.__new__(IBState)` runs __init__ with no arguments).
        if match is None or rng is None:
            return
        n_units = len(match.max_hp)  # Characters, then Support and spawn slots
        n_chars = match.num_characters
        self.match = match
        self.rng = rng
        self.track = track if track is not None else InitiativeTrack((), match.track_rules)
        self.hp = hp if hp is not None else \
            [spec.hp for spec in match.units] + [0] * (n_units - n_chars)
        self.charge = charge if charge is not None else [0] * n_units
        self.status = status if status is not None else [0] * n_units
        self.pending = pending if pending is not None else [()] * n_units
        self.used = used if used is not None else [0] * n_units
        self.sigils = sigils if sigils is not None else [()] * n_units
        self.off = off if off is not None else \
            ((1 << n_units) - 1) & ~((1 << n_chars) - 1) | match.reserve_mask
        self.summoned = summoned
        self.ever_summoned = ever_summoned | summoned
        self.queue = queue
        self.hands = hands if hands is not None else [[] for _ in match.seats]
        self.decks = decks if decks is not None else [[] for _ in match.seats]
        self.discards = discards if discards is not None else [[] for _ in match.seats]
        self.flux = flux if flux is not None else [seat.flux for seat in match.seats]
        self.stack = stack if stack is not None else []
        self.log = log if log is not None else []
        self.log_len = len(self.log)
        self.log_kept = True
        self.quiet = 0
        self.activations = activations
        self.result = result
        self._legal = None
        self._legal_seat = -1

    # --- the engine contract ---------------------------------------------------

    def current_seat(self) -> int:
        """The seat that decides now, or TERMINAL (never CHANCE: this state samples its
        chance; `games/ib/chance.py` has the explicit kind)."""
        if self.result is not None:
            return TERMINAL
        return flow.deciding_seat(self)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal actions for `seat` (default: the deciding seat); [] if it need not decide.
        The cached list itself, not a copy: callers must not change it (none in the
        project does; `tuple(...)` it to keep it)."""
        legal = self._legal
        if legal is not None and (seat is None or seat == self._legal_seat):
            return legal
        if self.result is not None:
            return []
        current = flow.deciding_seat(self)
        if seat is not None and seat != current:
            return []
        if legal is None:
            legal = self._legal = flow.legal_actions(self)
            self._legal_seat = current
        return legal

    def chance_outcomes(self) -> list[tuple[Outcome, Fraction]]:
        """The pending chance node's outcomes: none here (chance is sampled)."""
        return []

    def apply(self, action: Action, stop_between: bool = False) -> None:
        """Validate `action` against the legal list first; nothing changes if it is
        illegal (but the cached list is dropped: the state changes unless the action is
        illegal, and then the list is only asked again). Then the top frame's chapter
        applies it and the rules run on as `flow.advance` does (`stop_between`: see
        there). The driver's part of a decision, here rather than in flow.py: a call
        fewer a decision in pure Python (and a method, not `apply = flow.apply`: mypyc
        does not bind a module function stored on a compiled class)."""
        legal = self._legal
        self._legal = None
        if self.result is not None:
            raise IllegalActionError(f"the game is over; {action!r} cannot be applied")
        if legal is None:
            legal = self.legal_actions()
            self._legal = None
        for candidate in legal:
            if candidate is action:
                break
        else:
            if action not in legal:
                raise not_legal_now(repr(action), flow.deciding_seat(self), len(legal))
            action = legal[legal.index(action)]  # the interned twin
        frame = self.stack[-1]
        if frame.tag == ACTIVATION:
            activation.choose(self, frame, action)
        elif frame.tag == ACTION:
            attacks.choose(self, frame, action)
        elif frame.tag == WINDOW:
            breaks.choose(self, frame, action)
        elif frame.tag == MULLIGAN:
            hand.mulligan_choose(self, frame, action)
        else:  # pragma: no cover - a decision is asked only by the frames above
            raise AssertionError(f"no decision at frame {frame!r}")
        flow.run(self, stop_between)

    def view(self, seat: int) -> IBView:
        return make_view(self, seat)

    def is_terminal(self) -> bool:
        return self.result is not None

    def returns(self) -> list[float]:
        """1 for each seat of the winning team, -1 for the others, 0 on a draw."""
        if self.result is None or self.result < 0:
            return [0.0] * self.match.num_seats
        return [1.0 if t == self.result else -1.0 for t in self.match.seat_team]

    def clone(self) -> IBState:
        """An independent copy; the log's shared prefix is copied only when written
        (the constructor's fast twin: frames are immutable, so the stack is shared
        item by item)."""
        new = IBState.__new__(IBState)
        new.match = self.match
        new.track = self.track.clone()
        new.rng = self.rng.clone()
        new.hp = self.hp[:]
        new.charge = self.charge[:]
        new.status = self.status[:]
        new.pending = self.pending[:]
        new.used = self.used[:]
        new.sigils = self.sigils[:]
        new.off = self.off
        new.summoned = self.summoned
        new.ever_summoned = self.ever_summoned
        new.queue = self.queue
        new.hands = [h[:] for h in self.hands]
        new.decks = [d[:] for d in self.decks]
        new.discards = [d[:] for d in self.discards]
        new.flux = self.flux[:]
        new.stack = self.stack[:]
        new.log = self.log if self.log_kept or self.quiet == _ALL_KINDS else self.log[:]
        new.log_len = self.log_len
        new.log_kept = self.log_kept
        new.quiet = self.quiet
        new.activations = self.activations
        new.result = self.result
        new._legal = self._legal
        new._legal_seat = self._legal_seat
        return new

    @classmethod
    def adopting(cls, source: IBState) -> Self:
        """A `cls` (a subclass: explicit chance's, chance.py) holding `source`'s fields,
        shared rather than copied (the constructor's other fast twin)."""
        new = cls.__new__(cls)
        new.adopt(source)
        return new

    def adopt(self, source: IBState) -> None:
        """Take every field of `source`, shared rather than copied (explicit chance keeps
        the scratch state a finished step left, chance.py)."""
        for name in _FIELDS:
            setattr(self, name, getattr(source, name))

    # --- helpers used by the rules ---------------------------------------------

    def invalidate(self) -> None:
        """The state changed: the cached legal actions are stale."""
        self._legal = None

    def offer(self, legal: list[Action], seat: int) -> None:
        """A step stopped at a decision whose legal list it computed: keep it."""
        self._legal = legal
        self._legal_seat = seat

    def wants(self, kind: int) -> bool:
        """Whether an event of `kind` is to be built and passed to `emit`: yes, unless the
        log is off and does not keep that kind; then it is counted here as emitted (the
        rules read the count, never the events). The hot path asks before it builds one:
        `if state.wants(events.DRAW): state.emit((events.DRAW, seat, card))`; the
        hottest sites test `quiet` inline (`if state.quiet & BIT[kind]: state.log_len
        += 1 else: state.emit(...)`), saving a call per event in pure Python."""
        if self.quiet & BIT[kind]:
            self.log_len += 1
            return False
        return True

    def emit(self, event: Event) -> None:
        """Append to the log (copy-on-write: clones share the prefix); with the log off
        only count it, and store it if of a kind `drop_log` was told to keep (each clone
        then has its own list)."""
        if self.log_kept:
            if len(self.log) != self.log_len:
                self.log = self.log[: self.log_len]
            self.log.append(event)
        elif not (self.quiet >> event[0]) & 1:
            self.log.append(event)
        self.log_len += 1

    def events(self) -> Sequence[Event]:
        """This state's log (a clone's log is its own prefix of a shared list); once the
        log is off, the events of the kinds kept (none unless `drop_log` was told)."""
        return self.log[: self.log_len] if self.log_kept else self.log[:]

    def drop_log(self, keep: frozenset[int] = frozenset()) -> None:
        """No log from now on (search, the lab, the bench): events are counted (`log_len`,
        which the rules read) but not stored, nor even built (`wants`); the log so far is
        dropped but for the events of the kinds in `keep` (from now on too), so views
        show those alone (`log_kept` says why). A game played so is the same game."""
        self.log = [e for e in self.events() if e[0] in keep]
        self.log_kept = False
        self.quiet = _ALL_KINDS & ~sum(1 << kind for kind in keep)

    def on_track(self, unit: int) -> bool:
        """In play: a Character on the track (or a Support in play)."""
        return not self.off & BIT[unit]

    def living_units(self) -> list[int]:
        return [u for u in range(len(self.hp)) if not self.off & BIT[u]]
