"""Trackers kept in the store: one record of kind ``"tracker"`` per combat.

Record format (``initiative-tracker/1``):

- **Snapshot** (seq 0, and again with every ``SNAPSHOT_EVERY``-th event):
  ``{format, system, name, seed, rules, created, save, history, keys}``. ``save`` is the
  console's ``save_data()``; ``history`` its undo/redo history (a chain of states, each
  stored as the change from the one before) so that ``undo`` still reaches back past a
  snapshot after a restart; ``keys`` is opaque to this module (the web stores its link
  digests there).
- **Events**: ``{"line": "...", "by": "gm" | <PC name>, "v": 2}`` for every command that changed
  the tracker (undo and redo included; read-only commands such as ``order`` or ``help``
  are not stored), ``{"load": save_data, "label": ..., "by": ...}`` when a saved state is
  adopted (:func:`save_to_store`), and either may carry ``"keys": {...}`` to add.

Reopening loads the latest snapshot, restores the console from it and replays the lines
after it through the console: the console's RNG is part of its state, so the replay
gives the live console's state bit for bit. Every change is checked on a copy of the
console first (:func:`prepare_line`), stored, and only then adopted (:func:`adopt`).
The undo history keeps at most ``UNDO_KEEP`` steps behind the current state; it is
trimmed when a snapshot is taken, on the live console and in the store alike.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from initiative.store import Append, Loaded, RecordInfo, Store, StoreError
from initiative.trackers.base import TrackerConsole, Writer

__all__ = [
    "FORMAT",
    "KIND",
    "SNAPSHOT_EVERY",
    "UNDO_KEEP",
    "ConsoleMaker",
    "Prepared",
    "TrackerRecord",
    "adopt",
    "append_line",
    "command_verb",
    "create_tracker",
    "list_trackers",
    "load_from_store",
    "prepare_line",
    "prepare_load",
    "quiet",
    "reopen",
    "replay_event",
    "save_to_store",
]

KIND = "tracker"
FORMAT = "initiative-tracker/1"
SNAPSHOT_EVERY = 50
UNDO_KEEP = 200
LINE_MEANING = 2
"""The ``v`` of a stored line: 2 since ``next`` announced before a turn began (issue 26);
a line without ``v`` is replayed through the console's ``replay_line`` if it has one."""
JSON = dict[str, Any]
_MISSING = object()

ConsoleMaker = Callable[[str, JSON, int], TrackerConsole]
"""Builds the console a stored tracker is replayed on, from its snapshot's system,
house-rule flags and seed (`initiative.trackers.any_system.open_tracker` builds any system;
a console saving to the store builds its own, :meth:`TrackerConsole.fresh`)."""


def quiet(line: str) -> None:
    """A console writer that drops what it is given (replays)."""


@dataclass
class TrackerRecord:
    """An open tracker: its record's header, its console and the seq of its last event."""

    id: str
    name: str
    system: str
    seed: int
    created: str
    console: TrackerConsole
    seq: int
    keys: dict[str, str] = field(default_factory=dict)


@dataclass
class Prepared:
    """A command checked on a copy of the console: `append` is None when it changed
    nothing (it is neither stored nor adopted)."""

    console: TrackerConsole
    output: list[str]
    append: Append | None
    keys: dict[str, str]


# --- consoles ---------------------------------------------------------------------------


def _history(console: TrackerConsole) -> JSON:
    data = console.history_data()
    return {**data, "chain": _pack(data["chain"])}


def _restore(console: TrackerConsole, history: JSON) -> None:
    console.restore_history({**history, "chain": _unpack(history["chain"])})


def _pack(chain: list[JSON]) -> list[JSON]:
    """States as changes: each lists its keys, the values that differ from the state
    before it (`set`) and the lists that only grew (`grow`: the new tail)."""
    packed: list[JSON] = []
    before: JSON = {}
    for state in chain:
        grow: JSON = {}
        new: JSON = {}
        for key, value in state.items():
            old = before.get(key, _MISSING)
            if old == value:
                continue
            if isinstance(value, list) and isinstance(old, list) and old \
                    and value[:len(old)] == old:
                grow[key] = value[len(old):]
            else:
                new[key] = value
        packed.append({"keys": list(state), "grow": grow, "set": new})
        before = state
    return packed


def _unpack(packed: list[JSON]) -> list[JSON]:
    chain: list[JSON] = []
    before: JSON = {}
    for item in packed:
        grow, new = item["grow"], item["set"]
        state = {key: new[key] if key in new else
                 before[key] + grow[key] if key in grow else before[key]
                 for key in item["keys"]}
        chain.append(state)
        before = state
    return chain


# --- records ----------------------------------------------------------------------------


def _snapshot(record: TrackerRecord, console: TrackerConsole) -> JSON:
    return {"format": FORMAT, "system": record.system, "name": record.name,
            "seed": record.seed, "rules": console.rules_data(), "created": record.created,
            "save": console.save_data(), "history": _history(console),
            "keys": dict(record.keys)}


def summary(console: TrackerConsole) -> JSON:
    """The record's public summary (lobby list): system, round and phase."""
    state = console.save_data()["state"]
    return {"system": console.system, "round": state.get("round", 0),
            "phase": state.get("phase", "")}


def create_tracker(store: Store, console: TrackerConsole, name: str,
                   keys: dict[str, str] | None = None) -> str:
    """A new tracker record holding `console` (state and undo history); its id."""
    record = TrackerRecord("", name, console.system, int(getattr(console, "seed", 0)),
                           datetime.now(UTC).isoformat(timespec="seconds"), console, 0,
                           dict(keys or {}))
    console.trim_history(UNDO_KEEP)
    return store.create(KIND, name, _snapshot(record, console), summary(console))


def reopen(store: Store, record_id: str, make: ConsoleMaker,
           write: Writer = quiet) -> TrackerRecord:
    """Reopen a tracker: its latest snapshot plus the lines after it, replayed on a
    console `make` builds. ValueError for an unknown id, another kind of record, or a
    damaged record (naming the seq)."""
    return _replay(_load(store, record_id), make, write)


def _load(store: Store, record_id: str) -> Loaded:
    """The stored tracker `record_id`; ValueError if unknown or another kind of record."""
    try:
        loaded = store.load(record_id)
    except StoreError as exc:
        raise ValueError(str(exc)) from None
    info = loaded.info
    if info.kind != KIND:
        raise ValueError(f"record {info.id} is a {info.kind!r}, not a tracker")
    return loaded


def _replay(loaded: Loaded, make: ConsoleMaker, write: Writer = quiet) -> TrackerRecord:
    info = loaded.info
    where = f"tracker record {info.id}"
    snap = loaded.snapshot
    try:
        if snap.get("format") != FORMAT:
            raise ValueError(f"format {snap.get('format')!r}, expected {FORMAT!r}")
        console = make(str(snap["system"]), snap["rules"], int(snap["seed"]))
        _restore(console, snap["history"])
        if console.save_data() != snap["save"]:
            raise ValueError("its history does not end in its saved state")
        record = TrackerRecord(info.id, str(snap["name"]), console.system, int(snap["seed"]),
                               str(snap["created"]), console, loaded.snapshot_seq,
                               {str(k): str(v) for k, v in snap["keys"].items()})
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"{where} is damaged: the snapshot at seq {loaded.snapshot_seq}: "
                         f"{exc}") from None
    for seq, event in loaded.events:
        try:
            replay_event(console, event)
            record.keys.update({str(k): str(v) for k, v in event.get("keys", {}).items()})
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"{where} is damaged: event seq {seq} ({event!r:.120}) "
                             f"does not replay: {exc}") from None
        record.seq = seq
    console.write = write
    return record


def replay_event(console: TrackerConsole, event: JSON) -> None:
    """Run one stored event on ``console`` (a command line, an adopted saved state, or
    only new link keys); ValueError if it is none of these."""
    if "line" in event:
        line = str(event["line"])
        if int(event.get("v", 1)) >= LINE_MEANING:
            console.run(line)
        else:  # a console may read lines stored under an older meaning
            getattr(console, "replay_line", console.run)(line)
    elif "load" in event:
        console.load_data(event["load"], str(event.get("label", "a saved state")))
    elif "keys" not in event:
        raise ValueError("neither a line, a load nor keys")


def command_verb(system: str, line: str) -> str:
    """The command `line` runs, split the way the console of `system` splits it ("" for
    an empty line, a comment, or a line the console cannot split)."""
    try:
        words = shlex.split(line, comments=True) if system == "faith" else line.split()
    except ValueError:
        return ""
    return "" if not words or words[0].startswith("#") else words[0].lower()


def prepare_line(record: TrackerRecord, line: str, by: str,
                 keys: Callable[[TrackerConsole], dict[str, str]] | None = None) -> Prepared:
    """Run `line` on a copy of the tracker's console. Raises ValueError (nothing changed)
    when the console refuses it. `keys` may name keys to store with the event, from the
    console after the command (e.g. links for characters it added). A file ``load`` is
    refused: its replay would need the file (use :func:`prepare_load`)."""
    if command_verb(record.system, line) == "load":
        raise ValueError("a loaded file is stored as its data: use load_data with "
                         "prepare_load, or load db:NAME")
    return _prepare(record, {"line": line, "by": by, "v": LINE_MEANING},
                    lambda c: c.run(line), keys)


def prepare_load(record: TrackerRecord, data: JSON, label: str, by: str) -> Prepared:
    """Adopt saved data (``load_data``) as one undoable step, checked on a copy."""
    return _prepare(record, {"load": data, "label": label, "by": by},
                    lambda c: c.load_data(data, label), None)


def _prepare(record: TrackerRecord, event: JSON, run: Callable[[TrackerConsole], object],
             keys: Callable[[TrackerConsole], dict[str, str]] | None) -> Prepared:
    output: list[str] = []
    before = record.console.marker()
    probe = record.console.clone(output.append)
    run(probe)
    probe.write = record.console.write
    if probe.marker() == before:
        return Prepared(probe, output, None, {})
    added = {k: v for k, v in (keys(probe) if keys else {}).items() if record.keys.get(k) != v}
    if added:
        event["keys"] = added
    seq = record.seq + 1
    snapshot = None
    if seq % SNAPSHOT_EVERY == 0:
        probe.trim_history(UNDO_KEEP)
        after = TrackerRecord(record.id, record.name, record.system, record.seed,
                              record.created, probe, seq, {**record.keys, **added})
        snapshot = _snapshot(after, probe)
    return Prepared(probe, output, Append(record.id, seq, event, snapshot, None,
                                          summary(probe)), added)


def adopt(record: TrackerRecord, prepared: Prepared) -> None:
    """Make a stored (or unchanged) prepared command the tracker's state."""
    record.console = prepared.console
    if prepared.append is not None:
        record.seq = prepared.append.seq
        record.keys.update(prepared.keys)


def _store(store: Store, record: TrackerRecord, prepared: Prepared) -> list[str]:
    if prepared.append is not None:
        item = prepared.append
        store.append(item.record_id, item.seq, item.event, snapshot=item.snapshot,
                     summary=item.summary)
    adopt(record, prepared)
    return prepared.output


def append_line(store: Store, record: TrackerRecord, line: str, by: str = "gm") -> list[str]:
    """Check, store and apply one command line; the console's output lines. ValueError
    if refused (nothing stored); StoreError/ConflictError if the store refused it."""
    return _store(store, record, prepare_line(record, line, by))


def list_trackers(store: Store) -> list[RecordInfo]:
    """Every tracker record's header (RecordInfo), the most recently used first."""
    return store.records(KIND)


def _find(store: Store, name_or_id: str) -> str:
    for info in store.records(KIND):
        if info.name == name_or_id:
            return info.id
    try:
        info = store.info(name_or_id)
    except StoreError:
        raise ValueError(f"no tracker named {name_or_id!r} in the database") from None
    if info.kind != KIND:
        raise ValueError(f"record {info.id} is a {info.kind!r}, not a tracker")
    return info.id


def save_to_store(store: Store, console: TrackerConsole, name: str) -> str:
    """``save db:NAME``: store the console's state as tracker NAME (a new record, or one
    more undoable step of the existing one); returns the record id."""
    if not name.strip():
        raise ValueError("a tracker name must not be empty")
    existing = [i for i in store.records(KIND) if i.name == name]
    if not existing:
        return create_tracker(store, console.clone(quiet), name)
    loaded = _load(store, existing[0].id)
    system = loaded.snapshot.get("system", console.system)  # none: damaged, says _replay
    if system != console.system:
        raise ValueError(f"tracker {name!r} is a {system} tracker, not {console.system}")
    record = _replay(loaded, _like(console))
    _store(store, record, prepare_load(record, console.save_data(), f"db:{name}", "console"))
    return record.id


def load_from_store(store: Store, name_or_id: str, console: TrackerConsole) -> str:
    """``load db:NAME``: adopt a stored tracker's current state into `console` as one
    undoable step; returns the record id. ValueError if unknown or of another system."""
    loaded = _load(store, _find(store, name_or_id))
    system = loaded.snapshot.get("system", console.system)  # none: damaged, says _replay
    if system != console.system:
        raise ValueError(f"tracker {loaded.snapshot.get('name')!r} is a {system} tracker; "
                         f"this console is {console.system}")
    record = _replay(loaded, _like(console))
    console.load_data(record.console.save_data(), f"db:{record.name}")
    return record.id


def _like(console: TrackerConsole) -> ConsoleMaker:
    """Builds consoles of `console`'s own system (the caller has checked the record's:
    `_replay` asks only once the snapshot names it)."""
    return lambda _system, rules, seed: console.fresh(quiet, rules, seed)
