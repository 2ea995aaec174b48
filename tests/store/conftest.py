"""Every store test runs on SQLite (a file in tmp_path) and on PostgreSQL.

PostgreSQL comes from $INITIATIVE_TEST_PG_URL; each test gets a schema of its own there
(dropped after), so runs and xdist workers never collide. Without a server the
PostgreSQL tests skip, saying how to start one, except under CI=true, where they fail.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from initiative.store import Store
from tests.pg import answering_pg_url


@pytest.fixture(scope="session")
def pg_base_url() -> str:
    """The test server's URL, checked to answer (else skip, or fail under CI)."""
    return answering_pg_url("PostgreSQL store tests")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> Iterator[str]:
    """A URL to an empty database: a SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield f"sqlite:///{os.path.join(tmp_path, 'store.db')}"
        return
    base = request.getfixturevalue("pg_base_url")
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    with Store(store_url) as opened:
        yield opened
