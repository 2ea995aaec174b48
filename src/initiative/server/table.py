"""One web table: its game, seats, chat and history, kept in the store as an append-only
event log plus snapshots (kind "table").

Every change is an event, validated before it is stored and applied only after the
store accepted it (`Table.check_*` builds the event, the hub appends it, then
`Table.apply` applies it), so a table rebuilt from its record is exactly the table that
was running: `Table.open` loads the latest snapshot and applies the events after it.

Events: `act` (a seat's confirmed steps, by the player or a bot), `undo` (the last turn
taken back), `chat`, `claim` (a seat taken from the lobby: its token replaced),
`rematch` (the table the same seats moved on to). The game itself is the seed plus the
action list (GUIDE 3), so it replays bit for bit.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from initiative.engine.contract import GAME_MASTER, SPECTATOR, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import Seed, new_secret_seed, parse_seed
from initiative.games.ib import breaks, frames
from initiative.games.ib.actions import ACTIONS, NUM_ACTIONS, Action
from initiative.games.ib.content import Content
from initiative.games.ib.match import Match
from initiative.games.ib.record import GameRecord, record_game
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView
from initiative.server import tokens
from initiative.server.drafts import DraftState, draft_state
from initiative.server.setup import OPEN, TableSetup
from initiative.store import Store

KIND = "table"
SNAPSHOT_EVERY = 100
"""A snapshot (the table's whole data) every this many events keeps reopening quick."""
MAX_CHAT = 500
MAX_CHAT_LINES = 200
"""Chat lines a table keeps (older ones leave the snapshot)."""
MAX_STEPS = 16
"""Steps in one confirmed turn (an action's sub-decisions are far fewer)."""


class TableError(ValueError):
    """A request this table refuses; the message says what is wrong."""


class StoredTable(Protocol):
    head: int
    """The sequence number of the last stored event applied."""


def catch_up_events(table: StoredTable, events: list[tuple[int, dict[str, Any]]],
                    apply: Callable[[dict[str, Any]], None], name: str) -> bool:
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
class Notice:
    """A table happening every seat is told of in its log, before game log entry `at`:
    an `undo` event (who took back their turn; nothing hidden)."""

    seat: int
    at: int

    def to_list(self) -> list[int]:
        return [self.seat, self.at]


@dataclass
class Pending:
    """A validated event and the game it leads to (applied once stored)."""

    event: dict[str, Any]
    state: IBState | None = None


@dataclass
class Table:
    id: str
    setup: TableSetup
    match: Match
    seed: Seed
    """The game's chance: a keyed secret (engine.rng) unless the creator chose one."""
    seat_digests: list[str]
    claimed: list[bool]
    spectator_digest: str
    series: str
    actions: list[int] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)
    rematch: str | None = None
    head: int = 0
    state: IBState = field(init=False)
    drafts: dict[int, tuple[Action, ...]] = field(default_factory=dict)
    _draft_cache: dict[int, DraftState] = field(default_factory=dict)
    notices: list[Notice] = field(default_factory=list)
    """What every seat is told of in its log besides the game (undos), in order."""

    def __post_init__(self) -> None:
        self.state = self._replay(self.actions)

    # --- creating and opening -------------------------------------------------------

    @classmethod
    def create(cls, store: Store, setup: TableSetup, content: Content,
               seed: Seed | None = None, series: str | None = None,
               digests: tuple[list[str], str] | None = None, claimed: list[bool] | None = None,
               prefix: list[int] | None = None
               ) -> tuple[Table, list[str | None], str | None]:
        """A new table stored at seq 0; returns it with each human seat's token and the
        spectator token (None where `digests`, a rematch's, are reused). `prefix`: actions
        already played when the table opens (a position to start from, e.g. near the end
        of a game for a puzzle or a test); TableError names the first illegal one."""
        seed = new_secret_seed() if seed is None else seed
        match = setup.build(content, seed)
        if digests is None:
            seat_tokens: list[str | None] = [None if s.is_bot else tokens.new_token()
                                             for s in setup.seats]
            spectator: str | None = tokens.new_token()
            seat_digests = [tokens.digest(t) if t else "" for t in seat_tokens]
            spectator_digest = tokens.digest(spectator or "")
        else:
            seat_tokens, spectator = [None] * len(setup.seats), None
            seat_digests, spectator_digest = list(digests[0]), digests[1]
        table = cls("", setup, match, seed, seat_digests,
                    claimed or [s.controller != OPEN for s in setup.seats], spectator_digest,
                    series or "")
        if prefix:
            table.state = table._replay_checked(prefix)
            table.actions = list(prefix)
            table.turns.append(Turn(-1, 0, len(prefix), "setup", False))
        table.id = store.create(KIND, setup.name, table.snapshot(), table.summary())
        if not table.series:
            table.series = table.id
        return table, seat_tokens, spectator

    @classmethod
    def from_snapshot(cls, table_id: str, data: dict[str, Any], content: Content,
                      head: int) -> Table:
        setup = TableSetup.from_dict(data["setup"])
        match = Match.from_dict(data["match"], content, f"table {table_id}: match")
        return cls(table_id, setup, match, parse_seed(data["seed"]), list(data["seat_digests"]),
                   list(data["claimed"]), data["spectator_digest"],
                   data.get("series") or table_id, list(data["actions"]),
                   [Turn(*t) for t in data["turns"]], list(data["chat"]),
                   data.get("rematch"), head,
                   notices=[Notice(*n) for n in data.get("notices", [])])

    @classmethod
    def open(cls, store: Store, table_id: str, content: Content) -> Table:
        """The table as stored: the latest snapshot plus every event after it."""
        loaded = store.load(table_id)
        if loaded.info.kind != KIND:
            raise TableError(f"record {table_id} is a {loaded.info.kind}, not a table")
        table = cls.from_snapshot(loaded.info.id, loaded.snapshot, content,
                                  loaded.snapshot_seq)
        table.catch_up(loaded.events)
        return table

    def catch_up(self, events: list[tuple[int, dict[str, Any]]]) -> bool:
        """Apply stored events newer than `head` (from another process); True if any."""
        return catch_up_events(self, events, lambda event: self.apply(Pending(event)),
                               f"table {self.id}")

    def snapshot(self) -> dict[str, Any]:
        """The whole table as JSON data (what `from_snapshot` reads)."""
        return {"setup": self.setup.to_dict(), "match": self.match.to_dict(),
                "seed": self.seed, "seat_digests": self.seat_digests,
                "claimed": self.claimed, "spectator_digest": self.spectator_digest,
                "series": self.series, "actions": self.actions,
                "turns": [t.to_list() for t in self.turns], "chat": self.chat,
                "rematch": self.rematch, "notices": [n.to_list() for n in self.notices]}

    def summary(self) -> dict[str, Any]:
        """What the lobby shows without opening the table (public)."""
        return {"mode": self.setup.mode, "round": self.state.track.round,
                "seats": [{"name": p.name, "controller": p.controller,
                           "open": not self.claimed[i]}
                          for i, p in enumerate(self.setup.seats)],
                "finished": self.finished, "rematch": self.rematch}

    def summary_after(self, pending: Pending) -> dict[str, Any]:
        """The summary as it will be once `pending` is applied."""
        summary = self.summary()
        event = pending.event
        if pending.state is not None:
            summary["round"] = pending.state.track.round
            summary["finished"] = pending.state.is_terminal()
        if event["type"] == "claim":
            summary["seats"][int(event["seat"])]["open"] = False
        elif event["type"] == "rematch":
            summary["rematch"] = event["table"]
        return summary

    @property
    def status(self) -> str:
        return "finished" if self.finished else "active"

    @property
    def finished(self) -> bool:
        return self.state.current_seat() == TERMINAL

    def needs_snapshot(self, seq: int) -> bool:
        return seq % SNAPSHOT_EVERY == 0

    # --- who is who -------------------------------------------------------------------

    def seat_for(self, token: str) -> int | None:
        """The seat a token opens (SPECTATOR for the spectator link), None if none."""
        if not isinstance(token, str) or not token or len(token) > 100:
            return None
        for seat, stored in enumerate(self.seat_digests):
            if stored and tokens.matches(token, stored):
                return seat
        return SPECTATOR if tokens.matches(token, self.spectator_digest) else None

    def is_bot_seat(self, seat: int) -> bool:
        return self.setup.seats[seat].is_bot

    def seat_name(self, seat: int) -> str:
        return self.setup.seats[seat].name if seat >= 0 else "Spectator"

    # --- checking requests (nothing changes until `apply`) ------------------------------

    def check_act(self, seat: int, actions: list[Action], by: str = "player") -> Pending:
        """A turn of `seat`: its steps applied to a copy of the game; TableError if any
        is illegal. A step that meets chance (a draw, shuffle or roll) or reveals other
        seats' hidden answers must be the turn's last: otherwise the whole turn is
        refused before the steps after it are tried, whatever the outcome, so no error
        can tell an outcome the seat then takes back (a new hand after a mulligan,
        IB 2.8.2). Errors never list the legal actions of a copy."""
        if self.finished:
            raise TableError("the game is over")
        if not actions or len(actions) > MAX_STEPS:
            raise TableError(f"a turn is 1 to {MAX_STEPS} steps, not {len(actions)}")
        state = self.state.clone()
        reveals = False
        for n, action in enumerate(actions, 1):
            if state.current_seat() != seat:
                raise TableError(f"step {n}: it is not {self.seat_name(seat)}'s decision")
            closes = _closes_hidden_answers(state, seat)
            chance = (state.rng.state, _deck_cards(state))
            try:
                state.apply(action)
            except IllegalActionError:
                raise TableError(f"step {n}: action {action.index} ({action!r}) is not "
                                 "legal there") from None
            met = closes or chance != (state.rng.state, _deck_cards(state))
            if met and n < len(actions):
                raise TableError(f"step {n} meets chance or reveals hidden answers, so the "
                                 "turn must end there; send the steps after it as a new "
                                 "turn (nothing was played)")
            reveals = reveals or closes
        undoable = (by == "player" and self.setup.undo == "safe" and not reveals
                    and state.rng.state == self.state.rng.state
                    and _deck_cards(state) == _deck_cards(self.state))
        event = {"type": "act", "seat": seat, "actions": [a.index for a in actions], "by": by,
                 "undoable": undoable}
        return Pending(event, state)

    def can_undo(self, seat: int) -> bool:
        """IB web table: a confirmed turn can be taken back while it revealed no hidden
        card or random result and nobody else has acted since (it is the last turn)."""
        return bool(self.turns) and self.turns[-1].seat == seat and self.turns[-1].undoable \
            and not self.finished

    def check_undo(self, seat: int) -> Pending:
        if not self.can_undo(seat):
            raise TableError("nothing to take back: your last turn revealed a card or a "
                             "random result, someone acted since, or you have not acted")
        return Pending({"type": "undo", "seat": seat})

    def check_chat(self, seat: int, text: str, team: bool = False) -> Pending:
        """A chat line for the whole table, or (`team`) for the writer's team only, so
        partners in a team format can plan where their opponents cannot read it."""
        if seat < 0:
            raise TableError("spectators cannot write in the table chat")
        if not isinstance(text, str):
            raise TableError("a chat message must be text")
        clean = "".join(c for c in text.strip() if unicodedata.category(c)[0] != "C")
        if not clean:
            raise TableError("an empty chat message")
        if len(clean) > MAX_CHAT:
            raise TableError(f"a chat message is at most {MAX_CHAT} characters")
        event: dict[str, Any] = {"type": "chat", "seat": seat, "text": clean,
                                 "round": self.state.track.round}
        if team:
            event["team"] = self.match.seat_team[seat]
        return Pending(event)

    def notice_text(self, notice: Notice) -> str:
        """A notice as a sentence for every seat (a seat's name, nothing hidden)."""
        return f"{self.seat_name(notice.seat)} took back their last turn."

    def log_lines(self, sentences: list[str], first: int) -> list[str]:
        """Game log sentences (entries `first` on) with the table's notices in place;
        a notice after the last sentence given (a replay's earlier step) is left out."""
        lines: list[str] = []
        notices = sorted((n for n in self.notices if n.at >= first), key=lambda n: n.at)
        i = 0
        for n, sentence in enumerate(sentences, first):
            while i < len(notices) and notices[i].at <= n:
                lines.append(self.notice_text(notices[i]))
                i += 1
            lines.append(sentence)
        end = first + len(sentences)
        lines.extend(self.notice_text(n) for n in notices[i:] if n.at == end)
        return lines

    def chat_for(self, seat: int) -> list[dict[str, Any]]:
        """The chat lines `seat` may read: every table line, and its own team's lines
        (spectators read the table lines only)."""
        team = self.match.seat_team[seat] if seat >= 0 else None
        return [c for c in self.chat if c.get("team") is None or c["team"] == team]

    def check_claim(self, seat: int, digest: str) -> Pending:
        if not 0 <= seat < len(self.claimed) or self.is_bot_seat(seat):
            raise TableError(f"there is no seat {seat + 1} for a player at this table")
        if self.claimed[seat]:
            raise TableError(f"seat {seat + 1} is taken")
        return Pending({"type": "claim", "seat": seat, "digest": digest})

    # --- applying stored events ---------------------------------------------------------

    def apply(self, pending: Pending) -> None:
        """Apply an event already stored (or read back from the store)."""
        event = pending.event
        kind = event["type"]
        if kind == "act":
            seat, indices = int(event["seat"]), [int(i) for i in event["actions"]]
            if pending.state is None:
                state = self.state
                for i in indices:
                    state.apply(_action(i))
            else:
                self.state = pending.state
            self.turns.append(Turn(seat, len(self.actions), len(indices), str(event["by"]),
                                   bool(event["undoable"])))
            self.actions.extend(indices)
            self.drafts.clear()
        elif kind == "undo":
            turn = self.turns.pop()
            del self.actions[turn.start:]
            self.state = self._replay(self.actions)
            self.drafts.clear()
            at = self.state.log_len  # earlier notices stay where the log now ends, at most
            self.notices = [Notice(n.seat, min(n.at, at)) for n in self.notices]
            self.notices.append(Notice(turn.seat, at))
        elif kind == "chat":
            line = {"seat": event["seat"], "text": event["text"],
                    "round": event.get("round", 0)}
            if event.get("team") is not None:
                line["team"] = int(event["team"])
            self.chat.append(line)
            del self.chat[:-MAX_CHAT_LINES]
        elif kind == "claim":
            self.claimed[int(event["seat"])] = True
            if event.get("digest"):
                self.seat_digests[int(event["seat"])] = str(event["digest"])
        elif kind == "rematch":
            self.rematch = str(event["table"])
        else:
            raise TableError(f"table {self.id}: unknown event type {kind!r}")
        self._draft_cache.clear()

    def _replay(self, actions: list[int]) -> IBState:
        state = new_game(self.match, self.seed)
        for i in actions:
            state.apply(_action(i))
        return state

    def _replay_checked(self, actions: list[int]) -> IBState:
        state = new_game(self.match, self.seed)
        for n, i in enumerate(actions, 1):
            try:
                state.apply(_action(i))
            except (IllegalActionError, TableError) as exc:
                raise TableError(f"prefix action {n}: {exc}") from None
        return state

    def record(self) -> GameRecord:
        """The finished game as a record (setup, seed, moves: `initiative replay`). The
        seed is the table's secret, so there is none before the game is over."""
        if not self.finished:
            raise TableError("the record is given when the game is over (it holds the "
                             "seed, which would tell every hand and draw)")
        return record_game(self.match, self.seed, [_action(i) for i in self.actions],
                           with_log=True)

    def state_at(self, step: int) -> IBState:
        """The game after the first `step` actions (the replay viewer)."""
        return self._replay(self.actions[:max(0, min(step, len(self.actions)))])

    # --- drafts (in memory only: nothing is stored before the confirm) ------------------

    def draft(self, seat: int) -> DraftState:
        cached = self._draft_cache.get(seat)
        if cached is None:
            cached = draft_state(self.state, seat, self.drafts.get(seat, ()))
            self._draft_cache[seat] = cached
        return cached

    def step(self, seat: int, index: int) -> None:
        """Add a step to `seat`'s draft (TableError if it is not a legal next step)."""
        if self.state.current_seat() != seat:
            raise TableError("it is not your decision")
        action = _action(index)
        draft = self.draft(seat)
        if action not in draft.next_steps:
            raise TableError("that step is not available now" if not draft.ready else
                             "the action is complete: confirm it or take a step back")
        self.drafts[seat] = (*draft.steps, action)
        self._draft_cache.pop(seat, None)

    def back(self, seat: int) -> None:
        steps = self.drafts.get(seat, ())
        if steps:
            self.drafts[seat] = steps[:-1]
            self._draft_cache.pop(seat, None)

    def cancel(self, seat: int) -> None:
        self.drafts.pop(seat, None)
        self._draft_cache.pop(seat, None)

    def check_confirm(self, seat: int) -> Pending:
        draft = self.draft(seat)
        if not draft.ready:
            raise TableError("the action is not complete yet" if draft.steps else
                             "choose an action first")
        return self.check_act(seat, list(draft.steps))

    def view(self, seat: int) -> IBView:
        """The engine's view for a seat (SPECTATOR: public information only)."""
        if seat == GAME_MASTER:
            raise TableError("the web table has no game-master seat")
        return self.state.view(seat)


def _action(index: int) -> Action:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_ACTIONS:
        raise TableError(f"unknown action number {index!r} (0 to {NUM_ACTIONS - 1})")
    return ACTIONS[index]


def _deck_cards(state: IBState) -> int:
    return sum(len(d) for d in state.decks)


def _closes_hidden_answers(state: IBState, seat: int) -> bool:
    """Whether `seat`'s answer now is the last one of a mulligan (IB 2.8.2, AMB-88) or
    Initiative Break window (IB 3.7) that other seats answered already: their hidden
    answers are revealed by it, so the turn cannot be taken back."""
    frame = state.stack[-1] if state.stack else None
    if frame is None:
        return False
    if frame.tag == frames.MULLIGAN:  # asks every seat, in seat order
        return len(frame.to_ask) == 1 and state.match.num_seats > 1
    if frame.tag == frames.WINDOW:  # asks the eligible seats, in seat order
        return len(frame.to_ask) == 1 and any(breaks.eligible(state, s) for s in range(seat))
    return False
