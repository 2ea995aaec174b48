"""Schema migrations: `upgrade` brings a database to the newest revision shipped in
`migrations/versions` (what `alembic upgrade head` does, without an alembic.ini)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, Engine

from initiative.store.engine import WRITE
from initiative.store.errors import StoreError

SCRIPT_LOCATION = "initiative.store:migrations"
_PG_LOCK = 0x1A1717  # pg_advisory_xact_lock key: one migrating process at a time


def config(url: str | None = None) -> Config:
    """An alembic Config for the shipped migrations (and `url`, for alembic commands)."""
    cfg = Config()
    cfg.set_main_option("script_location", SCRIPT_LOCATION)
    if url:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def head_revision() -> str:
    """The newest revision this version of the package ships."""
    head = ScriptDirectory.from_config(config()).get_current_head()
    assert head is not None
    return head


def current_revision(connection: Connection) -> str | None:
    """The revision in the database's alembic_version table (None: not created yet)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, where: str, revision: str = "head") -> None:
    """Migrate the database to `revision` in one transaction (`where` names it in errors)."""
    cfg = config()
    scripts = ScriptDirectory.from_config(cfg)
    with engine.connect() as connection:
        connection.execution_options(**WRITE)
        with connection.begin():
            if connection.dialect.name == "postgresql":
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_LOCK})")
            current = current_revision(connection)
            if current is not None and not _known(scripts, current):
                raise StoreError(
                    f"the database {where} is at schema revision {current!r}, which this "
                    f"version of initiative does not know (newest known: "
                    f"{scripts.get_current_head()!r}); it was written by a newer version"
                )
            if revision == "head" and current == scripts.get_current_head():
                return
            cfg.attributes["connection"] = connection
            try:
                command.upgrade(cfg, revision)
            except CommandError as exc:
                raise StoreError(f"cannot migrate the database {where}: {exc}") from exc


def _known(scripts: ScriptDirectory, revision: str) -> bool:
    try:
        return scripts.get_revision(revision) is not None
    except CommandError:
        return False
