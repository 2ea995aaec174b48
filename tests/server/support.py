"""Shared helpers of the web-table tests: tables in a SQLite file, turns built through
drafts with a seeded chooser, and events stored exactly as the hub stores them."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

from initiative.games.ib.actions import Action
from initiative.games.ib.content import Content, core_content
from initiative.server import seat_frames
from initiative.server.hub import Hub
from initiative.server.ib import SITE, render
from initiative.server.ib.drafts import DraftState
from initiative.server.ib.setup import SeatPlan, TableSetup
from initiative.server.parts import OPEN, SeatPage
from initiative.server.table import Pending, Table
from initiative.store import Store

TEAMS = ("tideguard", "ashfall")

# Seat 0's deck for the leak tests: Lanternwatch's Characters (IB 2.0.1, 11 points,
# IB 2.7.6) with a 32-card deck (IB 2.7.1) that shares no card name with Ashfall's.
DISJOINT_TEAM = """\
name: Lantern Test
characters:
  - {character: vossa, keystone: ember_core}
  - {character: wren, keystone: tide_stone}
  - {character: sela_courier, keystone: gale_feather}
  - {character: tove, keystone: bastion_plate}
deck:
  lamplight_mender: 1
  bulwark_sentry: 1
  march_drummer: 1
  briar_hound: 1
  spark_wisp: 1
  finishing_cut: 2
  smoulder_brand: 2
  stilling_pulse: 2
  rune_splitter: 2
  uproot: 2
  static_leech: 2
  rattling_shout: 2
  wisp_call: 2
  kindled_resolve: 2
  current_sigil: 2
  prism_sigil: 2
  stone_sigil: 2
  cinder_sigil: 2
  cinderguard_oath: 1
"""


@cache
def content() -> Content:
    return core_content()


def duel(teams: tuple[str, str] = TEAMS, controllers: tuple[str, str] = (OPEN, OPEN),
         team_texts: tuple[str, str] = ("", "")) -> TableSetup:
    """A 1v1 table (IB 8.2): North (seat 0) against South (seat 1)."""
    seats = tuple(SeatPlan(name, team, controller, text) for name, team, controller, text
                  in zip(("North", "South"), teams, controllers, team_texts, strict=True))
    return TableSetup("Test table", "1v1", seats)


def new_table(store: Store, setup: TableSetup | None = None, seed: int | str | None = None,
              **options: Any) -> tuple[Table, list[str | None], str | None]:
    """A flagship table stored at seq 0 (`Table.create` with the flagship's web part)."""
    return Table.create(store, SITE, setup or duel(), seed, **options)


def page_of(table: Table, seat: int) -> SeatPage[Any]:
    """What the renderer draws `seat`'s page from (no link token)."""
    return seat_frames.seat_page(table, seat, "")


def context_of(table: Table, seat: int) -> dict[str, Any]:
    """The flagship renderer's template context of `seat`'s page."""
    return render.context(page_of(table, seat))


def regions_of(table: Table, seat: int) -> dict[str, str]:
    """`seat`'s page regions as the flagship draws them."""
    return SITE.render(page_of(table, seat)).regions


def draft(table: Table, seat: int) -> DraftState:
    """The seat's draft (the flagship always has one while the seat decides)."""
    found = table.draft(seat)
    assert isinstance(found, DraftState)
    return found


def store_at(tmp_path: Path, name: str = "t.db") -> Store:
    return Store(f"sqlite:///{tmp_path / name}")


def commit(store: Store, table: Table, pending: Pending) -> int:
    """Store the event as the hub does (with the lobby summary, and a snapshot every
    SNAPSHOT_EVERY events), then apply it; returns its seq."""
    seq = table.head + 1
    item = Hub._append_for(table, seq, pending)
    assert store.append_many([item]) == [None]
    table.apply(pending)
    table.head = seq
    return seq


def draft_turn(table: Table, seat: int, rng: random.Random) -> tuple[Action, ...]:
    """Build a complete draft for `seat`, each step chosen at random from the draft's
    next steps; returns the steps."""
    while True:
        now = draft(table, seat)
        if now.ready:
            return now.steps
        table.step(seat, rng.choice(now.next_steps).index)


def play_turn(store: Store, table: Table, rng: random.Random) -> tuple[int, tuple[Action, ...]]:
    """The deciding seat builds a turn through drafts and confirms it."""
    seat = table.state.current_seat()
    steps = draft_turn(table, seat, rng)
    commit(store, table, table.check_confirm(seat))
    return seat, steps


def card_names(table: Table, seat: int) -> set[str]:
    """The names of the cards in `seat`'s decklist."""
    cards = content().cards
    return {cards[c].name for c in table.game.match.decklists[seat]}


def finished_actions(seed: int, tmp_path: Path) -> list[int]:
    """The actions of a whole seeded duel, chosen at random from the legal ones."""
    store = store_at(tmp_path, "finished.db")
    table, _, _ = new_table(store, seed=seed)
    rng = random.Random(seed)
    while not table.finished:
        table.apply(table.check_act(table.state.current_seat(),
                                    [rng.choice(table.state.legal_actions())]))
    store.close()
    return table.data.actions
