"""Stored trackers of any system: reopening one by its record id, on the console
:func:`~initiative.trackers.systems.new_console` builds for its snapshot (a console saving
to the store reopens only its own system's, :meth:`TrackerConsole.fresh`)."""

from __future__ import annotations

from initiative.store import Store
from initiative.trackers.base import Writer
from initiative.trackers.records import TrackerRecord, quiet, reopen
from initiative.trackers.systems import new_console

__all__ = ["open_tracker"]


def open_tracker(store: Store, record_id: str, write: Writer = quiet) -> TrackerRecord:
    """Reopen a stored tracker of any system (:func:`~initiative.trackers.records.reopen`).
    ValueError for an unknown id, another kind of record, or a damaged record."""
    return reopen(store, record_id,
                  lambda system, rules, seed: new_console(system, quiet, rules, seed), write)
