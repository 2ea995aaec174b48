"""What the tables of the games played one decision at a time share (the hex skirmish
game's, server/hex_table.py, and The Initiative's, server/ti_table.py): a table kept in
the store as an append-only event log plus snapshots, like the flagship's tables
(server/table.py).

The game is its plan (the `load_game` parameters), its seed and the list of actions
applied (GUIDE 3): a table rebuilt from its record replays those actions and is the
table that was running, bit for bit. The seed is a keyed secret (engine.rng
`new_secret_seed`) unless the creator chose one; it is stored, never sent to a page.

Events: `act` (one seat's decision, by its player or its bot: the action's index) and
`claim` (a seat taken from the lobby: its token replaced). Every event is checked
(`check_*`) before it is stored and applied only once the store accepted it.

A game's table says how its plan is read back (`read_plan`), how its game and first
state are built (`build`, `first_state`) and what the lobby shows (`_summary`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from initiative.engine.contract import SPECTATOR, TERMINAL, Game, State
from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import Seed, new_secret_seed, parse_seed
from initiative.server import tokens
from initiative.server.table import SNAPSHOT_EVERY, TableError, catch_up_events
from initiative.store import Store

OPEN = "open"
"""A seat's controller when anyone from the lobby may take it."""
SHARED = "solo"
"""A seat's controller when the link of the seat before it plays it too (one person
running two seats, e.g. The Initiative's solo player with two characters, TI-A17): the
seat has no link of its own and that link's page follows whichever of them decides."""


class SeatPlan(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def controller(self) -> str: ...

    @property
    def is_bot(self) -> bool: ...


class Plan(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def seats(self) -> Sequence[SeatPlan]: ...

    def to_dict(self) -> dict[str, Any]: ...


P = TypeVar("P", bound=Plan)
G = TypeVar("G", bound=Game[Any, Any])
S = TypeVar("S", bound=State[Any, Any])


@dataclass
class ActionTable(ABC, Generic[P, G, S]):
    """One table of a game: its plan `P`, its game `G` and the state `S` it is at."""

    KIND: ClassVar[str] = ""
    """The store's record kind of this game's tables."""
    WHAT: ClassVar[str] = "table"
    """How messages name such a table."""

    id: str
    plan: P
    seed: Seed
    seat_digests: list[str]
    claimed: list[bool]
    spectator_digest: str
    actions: list[int] = field(default_factory=list)
    head: int = 0
    game: G = field(init=False)
    state: S = field(init=False)

    def __post_init__(self) -> None:
        self.game = self.build(self.plan)
        self.state = self.first_state()
        for index in self.actions:
            self._play(index)

    # --- what each game says -----------------------------------------------------------

    @classmethod
    @abstractmethod
    def build(cls, plan: P) -> G:
        """The game of a plan."""

    @abstractmethod
    def first_state(self) -> S:
        """The game's first state from the table's seed."""

    @classmethod
    @abstractmethod
    def read_plan(cls, data: dict[str, Any]) -> P:
        """The plan as `plan.to_dict()` wrote it."""

    @abstractmethod
    def _summary(self, state: S, claimed: list[bool]) -> dict[str, Any]:
        """What the lobby shows of the table at `state` (public)."""

    # --- creating and opening ----------------------------------------------------------

    @classmethod
    def create(cls, store: Store, plan: P, seed: Seed | None = None,
               prefix: list[int] | None = None) -> tuple[Self, list[str | None], str]:
        """A new table stored at seq 0; each human seat's token and the spectators'.
        `prefix`: actions already played (a position to start from); TableError names
        the first illegal one."""
        seat_tokens: list[str | None] = [
            None if s.is_bot or s.controller == SHARED else tokens.new_token()
            for s in plan.seats]
        spectator = tokens.new_token()
        table = cls("", plan, new_secret_seed() if seed is None else seed,
                    [tokens.digest(t) if t else "" for t in seat_tokens],
                    [s.controller != OPEN for s in plan.seats], tokens.digest(spectator))
        for n, index in enumerate(prefix or ()):
            seat = table.state.current_seat()
            try:
                table.check_act(seat, index, "setup")
            except TableError as exc:
                raise TableError(f"prefix action {n}: {exc}") from None
            table._play(index)
            table.actions.append(index)
        table.id = store.create(cls.KIND, plan.name, table.snapshot(), table.summary())
        return table, seat_tokens, spectator

    @classmethod
    def from_snapshot(cls, table_id: str, data: dict[str, Any], head: int) -> Self:
        return cls(table_id, cls.read_plan(data["plan"]), parse_seed(data["seed"]),
                   list(data["seat_digests"]), list(data["claimed"]),
                   str(data["spectator_digest"]), [int(i) for i in data["actions"]], head)

    @classmethod
    def open(cls, store: Store, table_id: str) -> Self:
        """The table as stored: the latest snapshot plus every event after it."""
        loaded = store.load(table_id)
        if loaded.info.kind != cls.KIND:
            raise TableError(f"record {table_id} is a {loaded.info.kind}, not a {cls.WHAT}")
        table = cls.from_snapshot(loaded.info.id, loaded.snapshot, loaded.snapshot_seq)
        table.catch_up(loaded.events)
        return table

    def catch_up(self, events: list[tuple[int, dict[str, Any]]]) -> bool:
        """Apply stored events newer than `head` (another process's); True if any."""
        return catch_up_events(self, events, self.apply, f"{self.WHAT} {self.id}")

    def snapshot(self) -> dict[str, Any]:
        """The whole table as JSON data (what `from_snapshot` reads). It holds the seed:
        never sent to a page."""
        return {"plan": self.plan.to_dict(), "seed": self.seed,
                "seat_digests": self.seat_digests, "claimed": self.claimed,
                "spectator_digest": self.spectator_digest, "actions": self.actions}

    def summary(self) -> dict[str, Any]:
        """What the lobby shows without opening the table (public)."""
        return self._summary(self.state, self.claimed)

    # --- seats -------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.state.current_seat() == TERMINAL

    @property
    def num_seats(self) -> int:
        return len(self.plan.seats)

    def seat_for(self, token: str) -> int | None:
        """The seat `token` opens (SPECTATOR for the spectators' link), or None."""
        if not token:
            return None
        found: int | None = None
        for seat, stored in enumerate(self.seat_digests):
            if stored and tokens.matches(token, stored) and found is None:
                found = seat
        if found is None and tokens.matches(token, self.spectator_digest):
            found = SPECTATOR
        return found

    def seat_name(self, seat: int) -> str:
        return self.plan.seats[seat].name

    def link_seat(self, seat: int) -> int:
        """The seat whose link plays `seat`: itself, or for a SHARED seat the nearest
        seat before it that has a link of its own."""
        while seat > 0 and self.plan.seats[seat].controller == SHARED:
            seat -= 1
        return seat

    def acting_seat(self, seat: int) -> int:
        """The seat `seat`'s link shows and plays now: the deciding seat when that is a
        SHARED seat this link plays, else `seat` itself (SPECTATOR stays SPECTATOR)."""
        current = self.state.current_seat()
        if seat >= 0 and current != seat and 0 <= current < self.num_seats \
                and self.link_seat(current) == seat:
            return current
        return seat

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat`'s link (or SPECTATOR) sees: the game's own view dict of the
        seat it plays now (`acting_seat`)."""
        data: dict[str, Any] = self.state.view(self.acting_seat(seat)).to_dict()
        return data

    # --- events ------------------------------------------------------------------------

    def check_act(self, seat: int, index: Any, by: str) -> dict[str, Any]:
        """The `act` event of `seat` choosing action number `index`; TableError (nothing
        changes) if it is not that seat's decision or not a legal action now."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise TableError(f"an action must be a whole number (its index), got {index!r}")
        if self.finished:
            raise TableError("the game is over")
        seat = self.acting_seat(seat)
        current = self.state.current_seat()
        if current != seat:
            who = self.seat_name(current) if 0 <= current < self.num_seats else "nobody"
            raise TableError(f"it is not your decision now (waiting for {who})")
        try:
            action = self.game.action_from_index(index)
        except (IndexError, ValueError):
            raise TableError(f"there is no action number {index}") from None
        if action not in self.state.legal_actions():
            raise TableError(f"{action} is not a legal choice now (the table may have "
                             "moved on): choose again")
        return {"type": "act", "seat": seat, "action": index, "by": by}

    def after(self, event: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The snapshot and the lobby summary as they will be once `event` (checked) is
        applied, built on copies: the table is not touched."""
        data = self.snapshot()
        claimed = list(self.claimed)
        state = self.state
        if event["type"] == "act":
            state = state.clone()
            state.apply(self.game.action_from_index(int(event["action"])))
            data["actions"] = [*self.actions, int(event["action"])]
        else:
            claimed[int(event["seat"])] = True
            digests = list(self.seat_digests)
            digests[int(event["seat"])] = str(event.get("digest") or digests[int(event["seat"])])
            data["claimed"], data["seat_digests"] = claimed, digests
        return data, self._summary(state, claimed)

    def check_claim(self, seat: int, digest: str) -> dict[str, Any]:
        if not 0 <= seat < self.num_seats:
            raise TableError(f"there is no seat {seat + 1} at this table")
        if self.claimed[seat]:
            raise TableError("that seat is taken")
        return {"type": "claim", "seat": seat, "digest": digest}

    def apply(self, event: dict[str, Any]) -> None:
        """Apply a stored event (checked before it was stored)."""
        kind = event.get("type")
        if kind == "act":
            self._play(int(event["action"]))
            self.actions.append(int(event["action"]))
        elif kind == "claim":
            seat = int(event["seat"])
            self.claimed[seat] = True
            if event.get("digest"):
                self.seat_digests[seat] = str(event["digest"])
        else:
            raise TableError(f"{self.WHAT} {self.id}: unknown event {kind!r}")

    def _play(self, index: int) -> None:
        try:
            self.state.apply(self.game.action_from_index(index))
        except (IllegalActionError, IndexError) as exc:
            raise TableError(f"{self.WHAT} {self.id}: stored action {index} does not "
                             f"replay: {exc}") from None

    def needs_snapshot(self, seq: int) -> bool:
        return seq % SNAPSHOT_EVERY == 0
