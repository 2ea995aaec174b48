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
from initiative.store.urls import safe_url

PG_ENV = "INITIATIVE_TEST_PG_URL"
PG_EXAMPLE = "postgresql+psycopg://initiative:initiative@127.0.0.1:5432/initiative_test"
HOW_TO = (
    "start a server (`sudo pg_ctlcluster 15 main start`; its role and database: see "
    f".ci/run) and `export {PG_ENV}={PG_EXAMPLE}`"
)


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


@pytest.fixture(scope="session")
def pg_base_url() -> str:
    """The test server's URL, checked to answer (else skip, or fail under CI)."""
    url = os.environ.get(PG_ENV, "")
    problem = None
    if not url:
        problem = f"{PG_ENV} is not set"
    else:
        engine = create_engine(url, connect_args={"connect_timeout": 5})
        try:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except Exception as exc:
            reason = " ".join(str(getattr(exc, "orig", None) or exc).split())
            problem = f"the PostgreSQL server at {safe_url(url)} does not answer ({reason})"
        finally:
            engine.dispose()
    if problem is not None:
        message = f"PostgreSQL store tests: {problem}; {HOW_TO}"
        if _in_ci():
            pytest.fail(message)
        pytest.skip(message)
    return url


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
