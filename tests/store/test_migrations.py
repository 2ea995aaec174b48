"""Schema migrations: shipped in the package, run on open, and saves survive upgrades."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from initiative.store import Store, StoreError, migrate
from initiative.store.engine import make_engine
from initiative.store.schema import Base

RECORD_0001 = "0123456789abcdef0123456789abcdef"


def _version(url: str) -> list[str]:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return list(connection.execute(
                sa.text("SELECT version_num FROM alembic_version")).scalars())
    finally:
        engine.dispose()


def test_migrations_ship_in_the_package() -> None:
    versions = resources.files("initiative.store") / "migrations" / "versions"
    assert (versions / "0001_initial.py").is_file()
    assert (resources.files("initiative.store") / "migrations" / "env.py").is_file()
    assert (versions / "0002_one_table_kind.py").is_file()
    assert (versions / "0003_setup_copy_tiebreak_unit.py").is_file()
    assert migrate.head_revision() == "0003"


def test_a_new_database_is_at_head(store_url: str) -> None:
    Store(store_url).close()
    assert _version(store_url) == [migrate.head_revision()]


def test_the_models_match_the_migrations(store_url: str) -> None:
    Store(store_url).close()
    engine = make_engine(store_url)
    try:
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    finally:
        engine.dispose()


def test_a_database_made_at_0001_opens_and_is_upgraded(store_url: str) -> None:
    engine = make_engine(store_url)
    when = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    stamp = sa.DateTime(timezone=True)
    records = sa.table("records", sa.column("id"), sa.column("kind"), sa.column("name"),
                       sa.column("status"), sa.column("head"), sa.column("created", stamp),
                       sa.column("updated", stamp), sa.column("summary"))
    payloads = {name: sa.table(name, sa.column("record_id"), sa.column("seq"),
                               sa.column("data"), sa.column("created", stamp))
                for name in ("events", "snapshots")}
    try:
        migrate.upgrade(engine, "test", "0001")
        with engine.begin() as connection:  # rows as revision 0001 wrote them
            connection.execute(records.insert().values(
                id=RECORD_0001, kind="campaign", name="old save", status="active", head=2,
                created=when, updated=when, summary='{"chapter":1}'))
            connection.execute(payloads["snapshots"].insert().values(
                record_id=RECORD_0001, seq=0, data='{"s":0}', created=when))
            for seq in (1, 2):
                connection.execute(payloads["events"].insert().values(
                    record_id=RECORD_0001, seq=seq, data=f'{{"n":{seq}}}', created=when))
    finally:
        engine.dispose()
    assert _version(store_url) == ["0001"]
    with Store(store_url) as store:
        loaded = store.load(RECORD_0001)
        assert loaded.info.name == "old save" and loaded.info.created == when
        assert loaded.info.summary == {"chapter": 1}
        assert (loaded.snapshot, loaded.events) == ({"s": 0}, [(1, {"n": 1}), (2, {"n": 2})])
        store.append(RECORD_0001, 3, {"n": 3})
    assert _version(store_url) == [migrate.head_revision()]


def _snapshots_at_0002(url: str, rows: dict[str, tuple[str, Any]]) -> None:
    """A database at revision 0002 holding one record a row (id: kind, seq-0 snapshot)."""
    engine = make_engine(url)
    when = datetime(2026, 11, 2, 3, 4, 5, tzinfo=UTC)
    try:
        migrate.upgrade(engine, "test", "0002")
        with engine.begin() as connection:
            for record_id, (kind, snapshot) in rows.items():
                connection.execute(sa.text(
                    "INSERT INTO records (id, kind, name, status, head, created, updated, "
                    "summary) VALUES (:i, :k, 'old', 'active', 0, :w, :w, '{}')"),
                    {"i": record_id, "k": kind, "w": when})
                connection.execute(sa.text(
                    "INSERT INTO snapshots (record_id, seq, data, created) "
                    "VALUES (:i, 0, :d, :w)"),
                    {"i": record_id, "d": json.dumps(snapshot, sort_keys=True,
                                                     separators=(",", ":")), "w": when})
    finally:
        engine.dispose()


def _ib_table(plan_rules: Any, pinned: Any) -> dict[str, Any]:
    return {"game": "initiative_break", "plan": {"mode": "1v1", "rules": plan_rules},
            "pinned": pinned, "seed": 7}


UNIT = {"setup_copy_tiebreak": "unit"}


def test_0003_stored_ib_games_keep_the_setup_order_they_were_played_with(
        store_url: str) -> None:
    """Initiative Break tables and campaigns stored before setup_copy_tiebreak read as
    `unit` (ordered by unit number, as they were set up); what names the flag, other
    games' tables and other records stay as they were."""
    stored: dict[str, tuple[str, Any]] = {
        "a" * 32: ("table", _ib_table({}, {"seats": [], "rules": {}})),
        "b" * 32: ("table", _ib_table({"status_stacking": "stack"},
                                      {"rules": {"status_stacking": "stack"}})),
        "c" * 32: ("table", _ib_table({"setup_copy_tiebreak": "draw"},
                                      {"rules": {"setup_copy_tiebreak": "draw"}})),
        "d" * 32: ("table", _ib_table({}, None)),  # a table from before pinned matches
        "e" * 32: ("table", {"game": "hex_skirmish", "plan": {"rules": {}}, "pinned": None}),
        "f" * 32: ("campaign", {"campaign": {"stage": "battle", "battle_rules": {}}}),
        "0" * 32: ("campaign", {"campaign": {"battle_rules": {"setup_copy_tiebreak": "draw"}}}),
        "1" * 32: ("tracker", {"system": "ib", "rules": {}}),
    }
    _snapshots_at_0002(store_url, stored)
    with Store(store_url) as store:
        found = {record_id: store.load(record_id).snapshot for record_id in stored}
    assert found["a" * 32] == _ib_table(UNIT, {"seats": [], "rules": UNIT})
    both = {"status_stacking": "stack", **UNIT}
    assert found["b" * 32] == _ib_table(both, {"rules": both})
    assert found["d" * 32] == _ib_table(UNIT, None)
    assert found["f" * 32] == {"campaign": {"stage": "battle", "battle_rules": UNIT}}
    for same in ("c" * 32, "e" * 32, "0" * 32, "1" * 32):
        assert found[same] == stored[same][1]
    assert _version(store_url) == ["0003"]
    command.downgrade(migrate.config(store_url), "0002")  # `unit` is what 0002 always did
    engine = make_engine(store_url)
    try:
        with engine.connect() as connection:
            back = {i: json.loads(d) for i, d in connection.execute(
                sa.text("SELECT record_id, data FROM snapshots")).all()}
    finally:
        engine.dispose()
    assert back == {record_id: snapshot for record_id, (_, snapshot) in stored.items()}


def test_a_database_from_a_newer_version_is_refused(store_url: str) -> None:
    Store(store_url).close()
    engine = make_engine(store_url)
    try:
        with engine.begin() as connection:
            connection.execute(sa.text("UPDATE alembic_version SET version_num = 'ffff'"))
    finally:
        engine.dispose()
    with pytest.raises(StoreError, match="revision 'ffff', which this version of initiative"):
        Store(store_url)


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are not the tables you are looking for\n" * 100)
    with pytest.raises(StoreError, match=r"cannot open the database sqlite:///.*notes\.db"):
        Store(str(path))


def test_an_unreachable_server_is_a_clear_error() -> None:
    with pytest.raises(StoreError, match=r"cannot open the database postgresql\+psycopg://"
                                         r"someone:\*\*\*@127.0.0.1:9/"):
        Store("postgresql://someone:secret@127.0.0.1:9/nothing")
