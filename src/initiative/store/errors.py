"""Store errors: each message names the record (and the seq) it is about."""

from __future__ import annotations

from initiative.engine.errors import InitiativeError


class StoreError(InitiativeError):
    """The store cannot do what was asked: unknown record, bad payload, bad import file,
    a database that cannot be opened or migrated."""


class ConflictError(StoreError):
    """An append whose seq is not head + 1 (an event with that seq exists already, written
    by another writer or a replay, or the seq leaves a gap); nothing was changed."""
