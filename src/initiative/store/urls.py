"""Which database: an explicit URL, else $INITIATIVE_DB_URL, else a SQLite file in the
user's data directory."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from initiative.store.errors import StoreError

ENV_VAR = "INITIATIVE_DB_URL"
"""Environment variable holding the database URL when none is given."""

_DRIVERS = {
    "sqlite": "sqlite",
    "sqlite+pysqlite": "sqlite",
    "postgresql": "postgresql+psycopg",
    "postgres": "postgresql+psycopg",
    "postgresql+psycopg": "postgresql+psycopg",
}


def default_url() -> str:
    """`sqlite:///…/initiative.db` in `platformdirs.user_data_dir("initiative")`."""
    return f"sqlite:///{Path(platformdirs.user_data_dir('initiative')) / 'initiative.db'}"


def resolve_url(url: str | None = None) -> str:
    """The URL to open: `url`, else $INITIATIVE_DB_URL, else `default_url()`.

    A value without `://` is a SQLite file path; `postgresql://` and `postgres://` mean
    `postgresql+psycopg://` (psycopg 3 is the driver this package installs)."""
    text = url or os.environ.get(ENV_VAR) or default_url()
    if "://" not in text:
        return f"sqlite:///{Path(text).expanduser()}"
    parsed = parse_url(text)
    driver = _DRIVERS.get(parsed.drivername)
    if driver is None:
        raise StoreError(
            f"unsupported database URL {safe_url(text)!r}: use sqlite:///FILE or "
            "postgresql+psycopg://USER:PASSWORD@HOST:PORT/DATABASE"
        )
    return parsed.set(drivername=driver).render_as_string(hide_password=False)


def parse_url(text: str) -> URL:
    """`text` as a SQLAlchemy URL, or a StoreError saying what is wrong (never the
    password: only what follows the last `@` is shown)."""
    try:
        return make_url(text)
    except ArgumentError as exc:
        raise StoreError(f"cannot read database URL {text.split('@')[-1]!r}: {exc}") from exc
    except ValueError:  # the host or port part (an unclosed [, a port that is no number)
        raise StoreError(f"cannot read database URL {text.split('@')[-1]!r}: its host "
                         "or port is malformed (HOST:PORT with a numeric port; an IPv6 "
                         "address in brackets, [::1])") from None


def safe_url(text: str) -> str:
    """`text` with any password masked, for messages and logs."""
    try:
        return make_url(text).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return text.split("@")[-1]


def sqlite_path(url: str) -> Path | None:
    """The file a SQLite URL opens; None for PostgreSQL and in-memory SQLite."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)
