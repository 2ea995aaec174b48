"""The persistent store: records (campaigns, tables) kept as an append-only event log
plus snapshots, in SQLite (default: a file in the user's data directory) or PostgreSQL
(by URL: argument, else $INITIATIVE_DB_URL). Schema migrations run when a store opens.

    with Store() as store:
        record_id = store.create("campaign", "The long night", snapshot)
        store.append(record_id, 1, event)            # before the action takes effect
        loaded = store.load(record_id)               # snapshot + the events after it
"""

from initiative.store.errors import ConflictError, StoreError
from initiative.store.info import Loaded, RecordInfo
from initiative.store.sole import sole_server
from initiative.store.store import Append, Store
from initiative.store.urls import ENV_VAR, default_url, resolve_url

__all__ = [
    "ENV_VAR",
    "Append",
    "ConflictError",
    "Loaded",
    "RecordInfo",
    "Store",
    "StoreError",
    "default_url",
    "resolve_url",
    "sole_server",
]
