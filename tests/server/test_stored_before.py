"""Tables stored before every game shared one pipeline (schema revision 0001, the code
of commit f3596fd; tests/server/data/make_tables_0001.py) open after the migration to
0002 (store/migrations/versions/0002_one_table_kind.py) and play on: the flagship's
duel with its chat line and its undo (the notice where the log ended), the hex table and
The Initiative's, each in the lobby."""

from __future__ import annotations

import shutil
from pathlib import Path

from initiative.server import lobby
from initiative.server.table import Table
from initiative.store import Store
from tests.server.support import context_of

DATA = Path(__file__).parent / "data" / "tables_0001.db"
IB, HEX, TI = ("226cbc5c367a4806b3a64c56631f743d", "72b7791cd1fd4a6c9921b51f52712c34",
               "f70f41e495574d9dbbdec60892a0115f")
"""The three tables' ids (the flagship's, the hex game's, The Initiative's)."""


def test_the_first_tables_open_and_play_on_after_the_migration(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    shutil.copy(DATA, path)
    store = Store(f"sqlite:///{path}")
    try:
        assert {i.id: i.kind for i in store.records()} == {IB: "table", HEX: "table",
                                                          TI: "table"}
        ib = Table.open(store, IB)
        assert ib.site.name == "initiative_break" and ib.head == 6
        assert ib.actions == [0, 0] and [t.by for t in ib.turns] == ["player", "player"]
        assert [c.text for c in ib.chat_for(0)] == ["good luck"]
        log = context_of(ib, 0)["log"]
        assert log[-1] == "South took back their last turn."
        hexed, ti = Table.open(store, HEX), Table.open(store, TI)
        assert hexed.site.name == "hex_skirmish" and len(hexed.actions) == 6
        assert ti.site.name == "the_initiative" and len(ti.actions) == 6
        for table in (ib, hexed, ti):
            seat = table.state.current_seat()
            legal = table.state.legal_actions()[0]
            pending = table.check_act(seat, [legal])
            store.append(table.id, table.head + 1, pending.event)
            table.apply(pending)
            table.head += 1
            assert Table.open(store, table.id).actions == table.actions
        rows = [lobby.row(i) for i in store.records()]
        assert {r.title for r in rows} == {"Initiative Break", "Hex skirmish", "The Initiative"}
        assert all(r.detail and not r.finished and not r.has_open_seat for r in rows)
    finally:
        store.close()
