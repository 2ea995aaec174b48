"""One The Initiative table, kept in the store as an append-only event log plus
snapshots (kind "ti_table"), like the hex skirmish tables (server/hex_table.py).

The game is its plan (the `load_game` parameters), its seed and the list of actions
applied (GUIDE 3): a table rebuilt from its record replays those actions and is the
table that was running, bit for bit. The seed is a keyed secret (engine.rng
`new_secret_seed`) unless the creator chose one; it is stored, never sent to a page.
Shuffles and gas discards are the game's own chance (drawn from that seed), so the
actions alone (every seat's decisions, the group's votes included) replay the game.

Events: `act` (one seat's decision, by its player or its bot: the action's index) and
`claim` (a seat taken from the lobby: its token replaced). Every event is checked
(`check_*`) before it is stored and applied only once the store accepted it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from initiative.engine.contract import SPECTATOR, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import Seed, new_secret_seed, parse_seed
from initiative.games.ti.game import TIGame
from initiative.games.ti.state import TIState
from initiative.server import tokens
from initiative.server.table import TableError, catch_up_events
from initiative.server.ti_setup import GAME, OPEN, TIPlan, build_game
from initiative.store import Store

KIND = "ti_table"
SNAPSHOT_EVERY = 100
"""A snapshot every this many events keeps reopening a long table quick."""


def initial_state(game: TIGame, seed: Seed) -> TIState:
    """The game's first state: a whole-number seed plays SplitMix64 as the game does; a
    keyed secret seed plays the keyed generator (engine.rng), whose draws tell nothing
    of the ones to come."""
    return game.new_initial_state(seed)


@dataclass
class TITable:
    id: str
    plan: TIPlan
    seed: Seed
    seat_digests: list[str]
    claimed: list[bool]
    spectator_digest: str
    actions: list[int] = field(default_factory=list)
    head: int = 0
    game: TIGame = field(init=False)
    state: TIState = field(init=False)

    def __post_init__(self) -> None:
        self.game = build_game(self.plan)
        self.state = initial_state(self.game, self.seed)
        for index in self.actions:
            self._play(index)

    # --- creating and opening ----------------------------------------------------------

    @classmethod
    def create(cls, store: Store, plan: TIPlan, seed: Seed | None = None,
               prefix: list[int] | None = None
               ) -> tuple[TITable, list[str | None], str]:
        """A new table stored at seq 0; each human seat's token and the spectators'.
        `prefix`: actions already played (a position to start from); TableError names
        the first illegal one."""
        seat_tokens: list[str | None] = [None if s.is_bot else tokens.new_token()
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
        table.id = store.create(KIND, plan.name, table.snapshot(), table.summary())
        return table, seat_tokens, spectator

    @classmethod
    def from_snapshot(cls, table_id: str, data: dict[str, Any], head: int) -> TITable:
        return cls(table_id, TIPlan.from_dict(data["plan"]), parse_seed(data["seed"]),
                   list(data["seat_digests"]), list(data["claimed"]),
                   str(data["spectator_digest"]), [int(i) for i in data["actions"]], head)

    @classmethod
    def open(cls, store: Store, table_id: str) -> TITable:
        """The table as stored: the latest snapshot plus every event after it."""
        loaded = store.load(table_id)
        if loaded.info.kind != KIND:
            raise TableError(f"record {table_id} is a {loaded.info.kind}, not a The "
                             "Initiative table")
        table = cls.from_snapshot(loaded.info.id, loaded.snapshot, loaded.snapshot_seq)
        table.catch_up(loaded.events)
        return table

    def catch_up(self, events: list[tuple[int, dict[str, Any]]]) -> bool:
        """Apply stored events newer than `head` (another process's); True if any."""
        return catch_up_events(self, events, self.apply, f"table {self.id}")

    def snapshot(self) -> dict[str, Any]:
        """The whole table as JSON data (what `from_snapshot` reads). It holds the seed:
        never sent to a page."""
        return {"plan": self.plan.to_dict(), "seed": self.seed,
                "seat_digests": self.seat_digests, "claimed": self.claimed,
                "spectator_digest": self.spectator_digest, "actions": self.actions}

    def summary(self) -> dict[str, Any]:
        """What the lobby shows without opening the table (public)."""
        return self._summary(self.state, self.claimed)

    def _summary(self, state: TIState, claimed: list[bool]) -> dict[str, Any]:
        return {"game": GAME, "mission": self.plan.mission, "turn": state.turn,
                "seats": [{"name": s.name, "controller": s.controller,
                           "character": s.character, "open": not claimed[i]}
                          for i, s in enumerate(self.plan.seats)],
                "finished": state.current_seat() == TERMINAL,
                "won": state.won if state.current_seat() == TERMINAL else None}

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

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` (or SPECTATOR) sees: the game's own per-seat view dict."""
        return self.state.view(seat).to_dict()

    # --- events ------------------------------------------------------------------------

    def check_act(self, seat: int, index: Any, by: str) -> dict[str, Any]:
        """The `act` event of `seat` choosing action number `index`; TableError (nothing
        changes) if it is not that seat's decision or not a legal action now."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise TableError(f"an action must be a whole number (its index), got {index!r}")
        if self.finished:
            raise TableError("the game is over")
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
            raise TableError(f"table {self.id}: unknown event {kind!r}")

    def _play(self, index: int) -> None:
        try:
            self.state.apply(self.game.action_from_index(index))
        except (IllegalActionError, IndexError) as exc:
            raise TableError(f"table {self.id}: stored action {index} does not "
                             f"replay: {exc}") from None

    def needs_snapshot(self, seq: int) -> bool:
        return seq % SNAPSHOT_EVERY == 0
