"""One web table of any game, kept in the store as an append-only event log plus
snapshots (record kind "table").

A table is its data (`TableData`: the game's name, its plan, the seed, the seats'
secrets, the actions played, the turns, chat, notices and rematch, all plain JSON) and,
in memory, the game built from it and the state it is at. Every change is an event,
validated before it is stored and applied only after the store accepted it
(`Table.check_*` builds the event and the state it leads to; the hub appends it; then
`Table.apply` applies it), so a table rebuilt from its record is exactly the table that
was running: `Table.open` loads the latest snapshot and applies the events after it.

Events: `act` (a seat's turn of one or more steps, by its player, a bot or a stand-in),
`undo` (the last turn taken back), `chat`, `claim` (a seat taken from the lobby: its
token replaced), `rematch` (the table the same seats moved on to). Every request that
chooses (act, a draft's step, confirm, undo) names the `seq` of the state it was chosen
at and is refused (`StaleError`) once an `act` or `undo` was stored after it
(`TableData.moved_at`), so a re-sent or raced request is never played twice. The game itself is
the seed plus the action list (GUIDE 3), so it replays bit for bit. The seed is a keyed
secret (engine.rng `new_secret_seed`) unless the creator chose one; it is stored and
never sent to a page.

What a game does differently is its web part's (server/parts.py `WebGame`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from initiative.engine.contract import GAME_MASTER, SPECTATOR, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import Seed, is_secret, new_secret_seed, parse_seed
from initiative.server import tokens
from initiative.server.parts import (
    HUMAN,
    OPEN,
    PEOPLE,
    SHARED,
    ChatLine,
    DraftLike,
    Notice,
    TablePlan,
    WebGame,
)
from initiative.server.sites import site_of
from initiative.store import Store

KIND = "table"
"""The store's record kind of every game's tables."""
SNAPSHOT_EVERY = 100
"""A snapshot (the table's whole data) every this many events keeps reopening quick."""
MAX_CHAT = 500
MAX_CHAT_LINES = 200
"""Chat lines a table keeps (older ones leave the snapshot)."""
MAX_STEPS = 16
"""Steps in one confirmed turn (an action's sub-decisions are far fewer)."""
UNDO_READINGS = ("safe", "off")
"""The table rule `undo` (docs/rules-interpretations.md): `safe` lets a seat take back
its last turn while it met no chance, revealed nothing hidden and nobody acted since;
`off` never."""
Event = dict[str, Any]


class TableError(ValueError):
    """A request this table refuses; the message says what is wrong, `code` its kind for
    clients ("refused"; "stale": the state moved on; "seq_required": no `seq`)."""

    code = "refused"


class StaleError(TableError):
    """A choice made at a state the game has moved on from (a re-sent or raced request,
    or another server's): nothing was played; the client refreshes and chooses again."""

    code = "stale"


class PlayState(Protocol):
    """A game state as the table plays it (the engine contract)."""

    def current_seat(self) -> int: ...

    def legal_actions(self, seat: int | None = None) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None: ...

    def view(self, seat: int) -> Any: ...

    def clone(self) -> Any: ...


class PlayGame(Protocol):
    """A game as the table plays it: its actions by number, its public description
    (what bots are built from) and its registry name."""

    @property
    def name(self) -> str: ...

    @property
    def public(self) -> Any: ...

    def action_from_index(self, index: int) -> Any: ...

    def action_index(self, action: Any) -> int: ...

    def num_distinct_actions(self) -> int: ...


class StoredTable(Protocol):
    head: int
    """The sequence number of the last stored event applied."""


def catch_up_events(table: StoredTable, events: list[tuple[int, Event]],
                    apply: Callable[[Event], None], name: str) -> bool:
    """Apply (with `apply`) the stored events newer than `table.head`, in order, moving
    the head along; True if any. TableError (`name` says whose) at a gap."""
    changed = False
    for seq, event in events:
        if seq <= table.head:
            continue
        if seq != table.head + 1:
            raise TableError(f"{name}: event {seq} arrived after {table.head}")
        apply(event)
        table.head = seq
        changed = True
    return changed


@dataclass
class Turn:
    """One confirmed turn: `count` actions from index `start` of the action list."""

    seat: int
    start: int
    count: int
    by: str
    undoable: bool

    def to_list(self) -> list[Any]:
        return [self.seat, self.start, self.count, self.by, self.undoable]


@dataclass
class Pending:
    """A validated event and the state it leads to (None: the state does not change,
    or it is rebuilt when applied)."""

    event: Event
    state: Any = None


def link_tokens(creator: str, seats: int) -> tuple[list[str], str]:
    """Each seat's token and the spectators' derived from a table's creator key (so the
    key alone gives the page of links again; none of them tells the key)."""
    return ([tokens.derive(creator, f"initiative-table:seat:{i}") for i in range(seats)],
            tokens.derive(creator, "initiative-table:spectator"))


@dataclass
class TableData:
    """What the store keeps of a table: plain data, no game (a snapshot is
    `to_json()`; `apply` moves it on by one event without playing anything)."""

    game: str
    plan: dict[str, Any]
    seed: Seed
    seat_digests: list[str]
    claimed: list[bool]
    spectator_digest: str
    series: str = ""
    undo: str = "safe"
    pinned: dict[str, Any] | None = None
    actions: list[int] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    rematch: str | None = None
    creator_digest: str = ""
    """The creator key's digest: the key derives every link (`link_tokens`) and opens
    the page of links again ("" for a table made without one); a rematch keeps its
    table's, as it keeps its links."""
    moved_at: int = 0
    """The seq of the last stored event that changed the game (an `act` or an `undo`;
    0: none since the table was created): a choice made at an earlier seq is stale."""
    chosen_seed: bool = False
    """The creator chose the seed (API `seed`), so they can work out every hand, draw and
    roll: the table says so on every page and in the lobby."""

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "plan": self.plan, "seed": self.seed,
                "seat_digests": self.seat_digests, "claimed": self.claimed,
                "spectator_digest": self.spectator_digest, "series": self.series,
                "undo": self.undo, "pinned": self.pinned, "actions": self.actions,
                "turns": [t.to_list() for t in self.turns], "chat": self.chat,
                "notices": [[n.seat, n.at, n.kind] for n in self.notices],
                "rematch": self.rematch, "creator_digest": self.creator_digest,
                "moved_at": self.moved_at, "chosen_seed": self.chosen_seed}

    @classmethod
    def from_json(cls, data: dict[str, Any], where: str, at: int = 0) -> TableData:
        """The data of a snapshot stored at seq `at` (a snapshot from before `moved_at`
        counts the game as changed at `at`; one from before `chosen_seed`, a whole-number
        seed as chosen)."""
        try:
            return cls(str(data["game"]), dict(data["plan"]), parse_seed(data["seed"]),
                       [str(d) for d in data["seat_digests"]],
                       [bool(c) for c in data["claimed"]], str(data["spectator_digest"]),
                       str(data.get("series") or ""), str(data.get("undo") or "safe"),
                       data.get("pinned"), [int(i) for i in data["actions"]],
                       [Turn(int(t[0]), int(t[1]), int(t[2]), str(t[3]), bool(t[4]))
                        for t in data.get("turns") or ()],
                       list(data.get("chat") or ()),
                       [Notice(int(n[0]), int(n[1]), str(n[2]))
                        for n in data.get("notices") or ()],
                       data.get("rematch"), str(data.get("creator_digest") or ""),
                       int(data.get("moved_at", at)),
                       bool(data.get("chosen_seed", not is_secret(data["seed"]))))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise TableError(f"{where}: the stored table cannot be read ({exc})") from None

    def copy(self) -> TableData:
        """A copy `apply` may move on without touching this one (its lists copied; the
        plan, the pinned data and the turns, never changed in place, shared)."""
        return replace(self, seat_digests=list(self.seat_digests), claimed=list(self.claimed),
                       actions=list(self.actions), turns=list(self.turns),
                       chat=list(self.chat), notices=list(self.notices))

    def apply(self, event: Event, seq: int) -> None:
        """Move the data on by one stored event (checked before it was stored), the one
        stored at `seq`."""
        kind = event.get("type")
        if kind in ("act", "undo"):
            self.moved_at = seq
        if kind == "act":
            indices = [int(i) for i in event["actions"]]
            self.turns.append(Turn(int(event["seat"]), len(self.actions), len(indices),
                                   str(event["by"]), bool(event["undoable"])))
            self.actions.extend(indices)
        elif kind == "undo":
            turn = self.turns.pop()
            del self.actions[turn.start:]
            at = int(event["at"])  # earlier notices stay where the log now ends, at most
            self.notices = [Notice(n.seat, min(n.at, at), n.kind) for n in self.notices]
            self.notices.append(Notice(turn.seat, at))
        elif kind == "chat":
            line: dict[str, Any] = {"seat": int(event["seat"]), "text": str(event["text"])}
            if event.get("team") is not None:
                line["team"] = int(event["team"])
            self.chat.append(line)
            del self.chat[:-MAX_CHAT_LINES]
        elif kind == "claim":
            seat = int(event["seat"])
            self.claimed[seat] = True
            if event.get("digest"):
                self.seat_digests[seat] = str(event["digest"])
        elif kind == "rematch":
            self.rematch = str(event["table"])
        else:
            raise TableError(f"unknown event type {kind!r}")


class Table:
    """A table at its latest event: its data, its game and the state it is at, and the
    seats' drafts (in memory only: nothing is stored before a turn is confirmed)."""

    def __init__(self, table_id: str, data: TableData, head: int = 0,
                 site: WebGame[Any, Any, Any, Any] | None = None,
                 game: PlayGame | None = None) -> None:
        """The table of `data` at event `head` (`site`: its game's web part, found by
        the game's name when not given; `game`: the game the data's plan builds, when the
        caller has just built it)."""
        self.id = table_id
        self.data = data
        if table_id and not data.series:  # a series starts with its first table
            data.series = table_id
        self.head = head
        self.site: WebGame[Any, Any, Any, Any] = site or site_of(data.game)
        where = f"table {table_id or '(new)'}"
        self.plan: TablePlan = self.site.read_plan(data.plan)
        self.game: PlayGame = game if game is not None else \
            self.site.rebuild(self.plan, data.seed, data.pinned, where)
        self.state: PlayState = self._replay(data.actions, where)
        self.drafts: dict[int, tuple[int, ...]] = {}
        self._draft_cache: dict[int, DraftLike | None] = {}
        self.turn_log: dict[int, int] = {}
        """Turn number -> the log's length when that turn began, for the turns applied
        since this table was opened (server/turn_log.py finds the others)."""

    # --- creating and opening -------------------------------------------------------

    @classmethod
    def create(cls, store: Store, site: WebGame[Any, Any, Any, Any], plan: TablePlan,
               seed: Seed | None = None, *, undo: str = "safe", series: str = "",
               digests: tuple[list[str], str] | None = None,
               claimed: list[bool] | None = None, prefix: Sequence[int] = (),
               creator: str | None = None, creator_digest: str = ""
               ) -> tuple[Table, list[str | None], str | None]:
        """A new table stored at seq 0; returns it with each person's seat token and the
        spectators' (None where `digests`, a rematch's, are reused, and for seats
        without a link: bots and SHARED seats). `creator`: the creator key the new
        tokens derive from (`link_tokens`; None: random tokens, no key);
        `creator_digest`: a rematch's, the digest of the key its reused tokens derive
        from (the same key opens its page of links). `prefix`:
        actions already played when the table opens (a position to start from);
        TableError names the first illegal one. SetupError when the plan cannot be
        built. A `seed` given here is the creator's (`chosen_seed`); without one the
        table draws a secret key."""
        chosen = seed is not None
        seed = new_secret_seed() if seed is None else seed
        game = site.build(plan, seed)
        if digests is None:
            made, spectator_token = link_tokens(creator, len(plan.seats)) if creator else (
                [tokens.new_token() for _ in plan.seats], tokens.new_token())
            seat_tokens: list[str | None] = [
                t if s.controller in (HUMAN, OPEN) else None
                for s, t in zip(plan.seats, made, strict=True)]
            spectator: str | None = spectator_token
            digests = ([tokens.digest(t) if t else "" for t in seat_tokens],
                       tokens.digest(spectator_token))
            creator_digest = tokens.digest(creator) if creator else ""
        else:
            seat_tokens, spectator = [None] * len(plan.seats), None
        data = TableData(site.name, plan.to_dict(), seed, list(digests[0]),
                         claimed or [s.controller != OPEN for s in plan.seats], digests[1],
                         series, undo, site.pinned(game), creator_digest=creator_digest,
                         chosen_seed=chosen)
        table = cls("", data, site=site, game=game)
        if prefix:
            table.play_prefix(prefix)
        table.id = store.create(KIND, plan.name, table.data.to_json(), table.summary())
        if not table.data.series:
            table.data.series = table.id
        return table, seat_tokens, spectator

    def play_prefix(self, prefix: Sequence[int]) -> None:
        """Play `prefix` as the table's opening (one turn "setup", not undoable)."""
        for n, index in enumerate(prefix, 1):
            try:
                self.state.apply(self.action(index))
            except (IllegalActionError, TableError) as exc:
                raise TableError(f"prefix action {n}: {exc}") from None
        self.data.actions = list(prefix)
        self.data.turns.append(Turn(-1, 0, len(prefix), "setup", False))

    @classmethod
    def open(cls, store: Store, table_id: str) -> Table:
        """The table as stored: the latest snapshot plus every event after it."""
        loaded = store.load(table_id)
        if loaded.info.kind != KIND:
            raise TableError(f"record {table_id} is a {loaded.info.kind}, not a table")
        where = f"table {loaded.info.id}"
        table = cls(loaded.info.id, TableData.from_json(loaded.snapshot, where,
                                                        loaded.snapshot_seq),
                    loaded.snapshot_seq)
        table.catch_up(loaded.events)
        return table

    def catch_up(self, events: list[tuple[int, Event]]) -> bool:
        """Apply stored events newer than `head` (another process's); True if any."""
        return catch_up_events(self, events, lambda event: self.apply(Pending(event)),
                               f"table {self.id}")

    def snapshot_after(self, pending: Pending, seq: int) -> dict[str, Any]:
        """The whole table as JSON data once `pending` is applied as event `seq` (the
        table is not touched)."""
        data = self.data.copy()
        data.apply(pending.event, seq)
        return data.to_json()

    def summary(self, state: PlayState | None = None, data: TableData | None = None
                ) -> dict[str, Any]:
        """What the lobby shows without opening the table (public), at `state` and
        `data` (default: the table's own)."""
        state = self.state if state is None else state
        data = self.data if data is None else data
        return {"game": self.site.name,
                "detail": self.site.lobby_detail(self.plan, state),
                "seats": [{"name": p.name, "controller": p.controller,
                           "open": not data.claimed[i]}
                          for i, p in enumerate(self.plan.seats)],
                "finished": state.current_seat() == TERMINAL, "rematch": data.rematch,
                "chosen_seed": data.chosen_seed}

    def summary_after(self, pending: Pending) -> dict[str, Any]:
        """The summary as it will be once `pending` is applied."""
        data = self.data
        if pending.event["type"] in ("claim", "rematch"):
            data = self.data.copy()
            data.apply(pending.event, self.head + 1)
        return self.summary(pending.state, data)

    def snapshot(self) -> dict[str, Any]:
        """The whole table as JSON data (what the store keeps)."""
        return self.data.to_json()

    @property
    def seed(self) -> Seed:
        return self.data.seed

    @property
    def actions(self) -> list[int]:
        """Every action number played, in order."""
        return self.data.actions

    @property
    def turns(self) -> list[Turn]:
        return self.data.turns

    @property
    def rematch(self) -> str | None:
        return self.data.rematch

    @property
    def finished(self) -> bool:
        return self.state.current_seat() == TERMINAL

    @property
    def status(self) -> str:
        return "finished" if self.finished else "active"

    def needs_snapshot(self, seq: int) -> bool:
        return seq % SNAPSHOT_EVERY == 0

    # --- who is who -------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return len(self.plan.seats)

    def seat_for(self, token: str) -> int | None:
        """The seat a token opens (SPECTATOR for the spectators' link), None if none."""
        if not isinstance(token, str) or not token or len(token) > 100:
            return None
        found: int | None = None
        for seat, stored in enumerate(self.data.seat_digests):
            if stored and tokens.matches(token, stored) and found is None:
                found = seat
        if found is None and tokens.matches(token, self.data.spectator_digest):
            found = SPECTATOR
        return found

    def creator_tokens(self, key: str) -> list[str] | None:
        """Every seat's token and the spectators' (last) that the creator key `key`
        derives, whether or not each still opens its seat; None unless `key` is this
        table's creator key."""
        digest = self.data.creator_digest
        if not digest or not isinstance(key, str) or not key or len(key) > 100 \
                or not tokens.matches(key, digest):
            return None
        seats, spectator = link_tokens(key, self.num_seats)
        return [*seats, spectator]

    def is_bot_seat(self, seat: int) -> bool:
        return self.plan.seats[seat].controller not in PEOPLE

    def seat_name(self, seat: int) -> str:
        return self.plan.seats[seat].name if 0 <= seat < self.num_seats else "Spectator"

    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.plan.seats)

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

    def view(self, seat: int) -> Any:
        """The engine's view for a link's seat (the seat it plays now; SPECTATOR:
        public information only)."""
        if seat == GAME_MASTER:
            raise TableError("the web table has no game-master seat")
        return self.state.view(self.acting_seat(seat))

    def team_of(self, seat: int) -> int:
        return self.site.team_of(self.game, seat)

    # --- checking requests (nothing changes until `apply`) ------------------------------

    def check_fresh(self, seq: object) -> None:
        """Refuse a choice made at the state of seq `seq` (the `seq` of the frame it was
        chosen from) once an `act` or `undo` was stored after it, so a re-sent, doubled or
        raced request plays nothing (StaleError naming the table's seq: the client
        refreshes and chooses again). Chat, a claim or a rematch between the frame and
        the choice do not make it stale: they do not change the game."""
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise TableError(f"'seq' must be the whole number of the state you chose at "
                             f"(the 'seq' of its frame), not {str(seq)[:40]!r}")
        if seq > self.head:
            raise StaleError(f"seq {seq} is ahead of this table (it is at seq "
                             f"{self.head}); nothing was played: choose again from the "
                             "state just sent")
        if seq < self.data.moved_at:
            raise StaleError(f"the game has moved on since you chose (you chose at seq "
                             f"{seq}, it changed at seq {self.data.moved_at}, it is at seq "
                             f"{self.head} now); nothing was played: choose again from "
                             "the state just sent")

    def index(self, value: object) -> int:
        """`value` (an action number, or the game's action itself) as an action number of
        the game; TableError if it is none."""
        count = self.game.num_distinct_actions()
        number = value if isinstance(value, int) and not isinstance(value, bool) \
            else self._number_of(value)
        if number is None or not 0 <= number < count:
            raise TableError(f"unknown action number {value!r} (a whole number from 0 to "
                             f"{count - 1})")
        return number

    def _number_of(self, action: object) -> int | None:
        """The number of one of the game's actions; None for anything else."""
        if isinstance(action, bool | float | str | list | dict) or action is None:
            return None
        try:
            return self.game.action_index(action)
        except (AttributeError, KeyError, TypeError, ValueError):
            return None

    def action(self, value: object) -> Any:
        """The game's action number `value`; TableError if there is none."""
        return self.game.action_from_index(self.index(value))

    def check_act(self, seat: int, indices: Sequence[object], by: str = "player", *,
                  seq: object = None) -> Pending:
        """A turn of `seat` chosen at seq `seq` (`check_fresh`; None: the caller has
        checked, e.g. a prefix): its steps played on a copy of the game; TableError if
        any is illegal (errors never list the legal actions). A step that meets chance or
        reveals hidden information must be the turn's last: otherwise the whole turn is
        refused before the steps after it are tried, whatever the outcome, so no error
        can tell an outcome the seat then takes back (a new hand after a mulligan,
        IB 2.8.2). Such a turn cannot be taken back."""
        if seq is not None:
            self.check_fresh(seq)
        if self.finished:
            raise TableError("the game is over")
        if not indices or len(indices) > MAX_STEPS:
            raise TableError(f"a turn is 1 to {MAX_STEPS} steps, not {len(indices)}")
        numbers = [self.index(i) for i in indices]
        actions = [self.game.action_from_index(i) for i in numbers]
        state = self.state.clone()
        revealed = False
        for n, (number, action) in enumerate(zip(numbers, actions, strict=True), 1):
            current = state.current_seat()
            if current != seat:
                who = self.seat_name(current) if 0 <= current < self.num_seats else "nobody"
                raise TableError(f"{'' if n == 1 else f'step {n}: '}it is not your "
                                 f"decision now (waiting for {who})")
            closes = self.site.reveals_answers(state, seat)
            mark = self.site.secrets_mark(state)
            try:
                state.apply(action)
            except IllegalActionError:
                where = "" if len(actions) == 1 else f"step {n}: "
                raise TableError(f"{where}action {number} is not a legal choice now (the "
                                 "table may have moved on): choose again") from None
            met = closes or mark != self.site.secrets_mark(state)
            if met and n < len(actions):
                raise TableError(f"step {n} meets chance or reveals hidden answers, so the "
                                 "turn must end there; send the steps after it as a new "
                                 "turn (nothing was played)")
            revealed = revealed or met
        undoable = by == "player" and self.data.undo == "safe" and not revealed
        return Pending({"type": "act", "seat": seat, "actions": numbers, "by": by,
                        "undoable": undoable}, state)

    def can_undo(self, seat: int) -> bool:
        """A turn can be taken back while it met no chance and revealed nothing hidden
        and nobody has acted since (it is the last turn)."""
        turns = self.data.turns
        return bool(turns) and seat >= 0 and self.link_seat(turns[-1].seat) == seat \
            and turns[-1].undoable and not self.finished

    def check_undo(self, seat: int, *, seq: object = None) -> Pending:
        """Take back `seat`'s last turn, asked for at seq `seq` (`check_fresh`; None:
        not checked)."""
        if seq is not None:
            self.check_fresh(seq)
        if not self.can_undo(seat):
            raise TableError("nothing to take back: your last turn met chance or revealed "
                             "something hidden, someone acted since, or you have not acted")
        turn = self.data.turns[-1]
        state = self._replay(self.data.actions[:turn.start], f"table {self.id}")
        return Pending({"type": "undo", "seat": turn.seat,
                        "at": self.site.log_length(state)}, state)

    def check_chat(self, seat: int, text: object, team: bool = False) -> Pending:
        """A chat line for the whole table, or (`team`) for the writer's team only, so
        partners can plan where their opponents cannot read it."""
        if seat < 0:
            raise TableError("spectators cannot write in the table chat")
        if not isinstance(text, str):
            raise TableError("a chat message must be text")
        clean = "".join(c for c in text.strip() if unicodedata.category(c)[0] != "C")
        if not clean:
            raise TableError("an empty chat message")
        if len(clean) > MAX_CHAT:
            raise TableError(f"a chat message is at most {MAX_CHAT} characters")
        event: Event = {"type": "chat", "seat": seat, "text": clean}
        if team:
            event["team"] = self.team_of(seat)
        return Pending(event)

    def check_claim(self, seat: int, digest: str) -> Pending:
        if not 0 <= seat < self.num_seats or self.plan.seats[seat].controller != OPEN:
            raise TableError(f"there is no seat {seat + 1} for a player at this table")
        if self.data.claimed[seat]:
            raise TableError(f"seat {seat + 1} is taken")
        return Pending({"type": "claim", "seat": seat, "digest": digest})

    def check_rematch(self, new_id: str) -> Pending:
        if not self.finished:
            raise TableError("a rematch starts when the game is over")
        if self.data.rematch:
            raise TableError("the rematch has already been started")
        return Pending({"type": "rematch", "table": new_id})

    # --- applying stored events ---------------------------------------------------------

    def apply(self, pending: Pending) -> None:
        """Apply an event already stored (or read back from the store) at seq `head + 1`
        (the caller moves `head` on after it); the state it leads to is `pending.state`
        when the check built it, else played here."""
        event = pending.event
        kind = event.get("type")
        if kind == "act":
            self.turn_log[len(self.data.turns)] = self.site.log_length(self.state)
            if pending.state is None:
                for index in event["actions"]:
                    self.state.apply(self.action(int(index)))
            else:
                self.state = pending.state
        elif kind == "undo":
            state = pending.state if pending.state is not None else \
                self._replay(self.data.actions[:self.data.turns[-1].start], f"table {self.id}")
            if "at" not in event:  # stored before notices kept their place in the log
                event = {**event, "at": self.site.log_length(state)}
            self.data.apply(event, self.head + 1)
            self.state = state
            self._forget_drafts()
            return
        self.data.apply(event, self.head + 1)
        if kind == "act":
            self._forget_drafts()

    def _replay(self, actions: Sequence[int], where: str) -> PlayState:
        state: PlayState = self.site.first_state(self.game, self.data.seed)
        for index in actions:
            try:
                state.apply(self.game.action_from_index(index))
            except (IllegalActionError, IndexError, ValueError) as exc:
                raise TableError(f"{where}: stored action {index} does not replay: "
                                 f"{exc}") from None
        return state

    def state_at(self, step: int) -> PlayState:
        """The game after its first `step` actions (the replay)."""
        actions = self.data.actions
        return self._replay(actions[:max(0, min(step, len(actions)))], f"table {self.id}")

    def record(self) -> dict[str, Any]:
        """The finished game as a record (`initiative replay`). It holds the seed, the
        table's secret, so there is none before the game is over."""
        if not self.finished:
            raise TableError("the record is given when the game is over (it holds the "
                             "seed, which would tell every hand and draw)")
        return self.site.record(self.game, self.data.seed, self.state, self.data.actions)

    # --- chat and notices as a seat reads them ------------------------------------------

    def chat_for(self, seat: int) -> list[ChatLine]:
        """The chat lines `seat` may read: every table line, and its own team's lines
        (spectators read the table lines only)."""
        team = self.team_of(seat) if seat >= 0 else None
        return [ChatLine(self.seat_name(int(c["seat"])), str(c["text"]),
                         c.get("team") is not None)
                for c in self.data.chat if c.get("team") is None or c["team"] == team]

    def has_partner(self, seat: int) -> bool:
        """Whether `seat` has a teammate (team chat is offered)."""
        return seat >= 0 and any(self.team_of(s) == self.team_of(seat)
                                 for s in range(self.num_seats) if s != seat)

    def notice_text(self, notice: Notice) -> str:
        """A notice as a sentence for every seat (a seat's name, nothing hidden)."""
        return f"{self.seat_name(notice.seat)} took back their last turn."

    # --- drafts (in memory only: nothing is stored before the confirm) ------------------

    def draft(self, seat: int) -> DraftLike | None:
        """`seat`'s draft while it decides (None: the game takes each choice at once)."""
        if seat not in self._draft_cache:
            try:
                self._draft_cache[seat] = self.site.draft(self.state, seat,
                                                          self.drafts.get(seat, ()))
            except ValueError:  # the game moved on under a kept draft: start over
                self.drafts.pop(seat, None)
                self._draft_cache[seat] = self.site.draft(self.state, seat, ())
        return self._draft_cache[seat]

    def step(self, seat: int, index: object, *, seq: object = None) -> None:
        """Add a step, chosen at seq `seq` (`check_fresh`; None: not checked), to
        `seat`'s draft (TableError if it is not a legal next step)."""
        if seq is not None:
            self.check_fresh(seq)
        if self.state.current_seat() != seat:
            raise TableError("it is not your decision")
        number = self.index(index)
        draft = self.draft(seat)
        if draft is None:
            raise TableError("this game takes each choice at once: send it with op 'act'")
        if number not in draft.next_indices:
            raise TableError("that step is not available now" if not draft.ready else
                             "the action is complete: confirm it or take a step back")
        self.drafts[seat] = (*draft.indices, number)
        self._draft_cache.pop(seat, None)

    def back(self, seat: int) -> None:
        steps = self.drafts.get(seat, ())
        if steps:
            self.drafts[seat] = steps[:-1]
            self._draft_cache.pop(seat, None)

    def cancel(self, seat: int) -> None:
        self.drafts.pop(seat, None)
        self._draft_cache.pop(seat, None)

    def check_confirm(self, seat: int, *, seq: object = None) -> Pending:
        """Play `seat`'s draft, confirmed at seq `seq` (`check_fresh`; None: not
        checked)."""
        if seq is not None:
            self.check_fresh(seq)
        draft = self.draft(seat)
        if draft is None or not draft.ready:
            raise TableError("the action is not complete yet" if draft and draft.indices
                             else "choose an action first")
        return self.check_act(seat, list(draft.indices))

    def _forget_drafts(self) -> None:
        self.drafts.clear()
        self._draft_cache.clear()
