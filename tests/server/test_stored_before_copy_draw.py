"""A table stored before ``setup_copy_tiebreak`` (schema revision 0002, rules without the
flag) resumes exactly after the migration to 0003
(store/migrations/versions/0003_setup_copy_tiebreak_unit.py): a mirror duel, where every
Character of a side has a copy on the other, was set up by unit number then (IB 2.9.4,
AMB-92), and its rules now say `unit`, so the game goes on as it was played."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import sqlalchemy as sa

from initiative.games.ib import events
from initiative.games.ib.match import Match
from initiative.games.ib.record import position_hash
from initiative.games.ib.setup import new_game
from initiative.server.table import Table
from initiative.store import Store
from initiative.store.engine import make_engine
from tests.server.support import duel, new_table, play_turn

UNIT = {"setup_copy_tiebreak": "unit"}


def _as_stored_before(url: str, table_id: str) -> dict[str, object]:
    """Rewrite the table's snapshots as the code before the flag stored them (the flag
    was no rule yet: the rules name no flag) and put the schema back at 0002; returns
    the pinned match as stored."""
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            rows = connection.execute(sa.text(
                "SELECT seq, data FROM snapshots WHERE record_id = :r"), {"r": table_id}).all()
            for seq, text in rows:
                data = json.loads(text)
                assert data["plan"]["rules"] == data["pinned"]["rules"] == UNIT
                data["plan"]["rules"] = data["pinned"]["rules"] = {}
                connection.execute(sa.text(
                    "UPDATE snapshots SET data = :d WHERE record_id = :r AND seq = :s"),
                    {"d": json.dumps(data, sort_keys=True, separators=(",", ":")),
                     "r": table_id, "s": seq})
            connection.execute(sa.text("UPDATE alembic_version SET version_num = '0002'"))
    finally:
        engine.dispose()
    pinned: dict[str, object] = data["pinned"]
    return pinned


def test_a_mirror_duel_stored_before_the_flag_resumes_identically(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    plan = replace(duel(("tideguard", "tideguard")), rules=dict(UNIT))
    table, _, _ = new_table(store, plan, seed=7)
    rng = random.Random(3)
    for _ in range(4):
        play_turn(store, table, rng)
    played, actions = position_hash(table.state), list(table.actions)
    table_id, seed = table.id, table.data.seed
    store.close()

    pinned = _as_stored_before(url, table_id)
    # read as today's default (a draw), the same setup would make another game
    drawn = new_game(Match.from_dict(pinned), seed)
    assert any(e[0] == events.SETUP_DRAW for e in drawn.events())
    with Store(url) as store:  # migrates 0002 -> head
        again = Table.open(store, table_id)
        assert again.data.plan["rules"] == again.data.pinned["rules"] == UNIT
        assert again.actions == actions and position_hash(again.state) == played
        assert not any(e[0] == events.SETUP_DRAW for e in again.state.events())
        play_turn(store, again, rng)  # and it plays on
        assert Table.open(store, table_id).actions == again.actions
