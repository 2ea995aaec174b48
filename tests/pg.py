"""The PostgreSQL server tests share: $INITIATIVE_TEST_PG_URL, checked to answer.
Without it a test skips, saying how to start one, except under CI=true, where it fails."""

from __future__ import annotations

import os

import pytest
from sqlalchemy import create_engine, text

from initiative.store.urls import safe_url

PG_ENV = "INITIATIVE_TEST_PG_URL"
PG_EXAMPLE = "postgresql+psycopg://initiative:initiative@127.0.0.1:5432/initiative_test"
HOW_TO = (
    "start a server (`sudo pg_ctlcluster 15 main start`; its role and database: see "
    f".ci/run) and `export {PG_ENV}={PG_EXAMPLE}`"
)


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def answering_pg_url(purpose: str) -> str:
    """The test server's URL if it answers; else skip (fail under CI) naming `purpose`."""
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
        message = f"{purpose}: {problem}; {HOW_TO}"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    return url
