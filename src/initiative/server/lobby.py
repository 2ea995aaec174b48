"""What the lobby lists, every game alike: tables with a seat anyone may take, and
recently finished ones, read from the store's lobby summaries (public: names, who plays,
what the game says of itself; nothing is opened and no game is loaded). A table whose
creator chose the seed (`chosen_seed`: the creator can work out every hand and roll) is
never listed among the open tables: it has its own list, marked as such."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from initiative.server.sites import title_of
from initiative.server.table import KIND
from initiative.server.trackers import lobby_trackers
from initiative.store import RecordInfo, Store

MAX_OPEN = 50
MAX_FINISHED = 10


@dataclass(frozen=True)
class Seat:
    name: str
    controller: str
    open: bool

    @property
    def is_bot(self) -> bool:
        return self.controller not in ("human", "open", "solo")


@dataclass(frozen=True)
class Row:
    """One table in the lobby."""

    id: str
    name: str
    game: str
    title: str
    detail: str
    seats: tuple[Seat, ...]
    finished: bool
    rematch: str | None
    chosen_seed: bool = False
    """The creator chose the seed (a marked deck)."""

    @property
    def has_open_seat(self) -> bool:
        return any(s.open for s in self.seats)


@dataclass(frozen=True)
class Rows:
    open: list[Row]
    """Fair tables waiting for a player (a secret seed)."""
    finished: list[Row]
    marked: list[Row]
    """Tables waiting for a player whose creator chose the seed, listed apart."""


def infos(store: Store) -> list[RecordInfo]:
    """Every table's header, the most recently changed first."""
    return store.records(KIND)


def row(info: RecordInfo) -> Row:
    summary: dict[str, Any] = info.summary
    game = str(summary.get("game", ""))
    return Row(info.id, info.name, game, title_of(game), str(summary.get("detail", "")),
               tuple(Seat(str(s.get("name", "")), str(s.get("controller", "")),
                          bool(s.get("open"))) for s in summary.get("seats", ())),
               bool(summary.get("finished")), summary.get("rematch"),
               bool(summary.get("chosen_seed")))


def rows(store: Store) -> Rows:
    """Open tables (a seat to take, not finished, not moved on to a rematch; those with a
    chosen seed apart) and recently finished ones."""
    return _shown([row(i) for i in infos(store)])


def _shown(every: list[Row]) -> Rows:
    waiting = [r for r in every if not r.finished and not r.rematch and r.has_open_seat]
    return Rows([r for r in waiting if not r.chosen_seed][:MAX_OPEN],
                [r for r in every if r.finished][:MAX_FINISHED],
                [r for r in waiting if r.chosen_seed][:MAX_OPEN])


def public_infos(store: Store) -> list[RecordInfo]:
    """The headers of the tables the lobby lists, open ones first: all a stranger may
    learn of the tables (`GET /api/tables`; an invite-only game in progress is not
    listed)."""
    every = infos(store)
    by_id = {i.id: i for i in every}
    shown = _shown([row(i) for i in every])
    return [by_id[r.id] for r in (*shown.open, *shown.marked, *shown.finished)]


def tracker_rows(store: Store) -> list[dict[str, Any]]:
    """The game masters' trackers the lobby lists."""
    return lobby_trackers(store)
