"""Alembic environment: migrate the connection handed over by `migrate.upgrade`
(config.attributes["connection"]), or else open the config's `sqlalchemy.url`."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from initiative.store.schema import Base


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection, target_metadata=Base.metadata, render_as_batch=True
    )
    with context.begin_transaction():
        context.run_migrations()


_connection = context.config.attributes.get("connection")
if isinstance(_connection, Connection):
    _run(_connection)
else:
    from initiative.store.engine import make_engine
    from initiative.store.urls import resolve_url

    _engine = make_engine(resolve_url(context.config.get_main_option("sqlalchemy.url")))
    try:
        with _engine.begin() as _conn:
            _run(_conn)
    finally:
        _engine.dispose()
