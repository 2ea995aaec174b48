"""Nothing lost, nothing duplicated: SIGKILL in the middle of appends, processes racing
on one record, two Store objects on one SQLite file."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from initiative.store import ConflictError, Store

SNAPSHOT_EVERY = 7

APPENDER = f"""
import sys
from initiative.store import Store
store = Store(sys.argv[1])
record_id = sys.argv[2]
seq = store.info(record_id).head
print("ready", flush=True)
while True:
    seq += 1
    snapshot = {{"upto": seq}} if seq % {SNAPSHOT_EVERY} == 0 else None
    store.append(record_id, seq, {{"n": seq, "pad": "x" * 300}}, snapshot=snapshot,
                 summary={{"last": seq}})
    print(seq, flush=True)  # acknowledged: committed
"""

RACER = """
import sys
from initiative.store import ConflictError, Store
store = Store(sys.argv[1])
record_id, me, count = sys.argv[2], sys.argv[3], int(sys.argv[4])
done = conflicts = 0
print("ready", flush=True)
sys.stdin.readline()  # both start together
while done < count:
    head = store.info(record_id).head
    try:
        store.append(record_id, head + 1, {"by": me, "k": done})
        done += 1
    except ConflictError:
        conflicts += 1
print(conflicts, flush=True)
"""


def _child(code: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", code, *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _check_contiguous(store: Store, record_id: str) -> int:
    info = store.info(record_id)
    events = store.events(record_id)
    assert [seq for seq, _ in events] == list(range(1, info.head + 1))
    return info.head


def test_sigkill_at_a_random_moment_loses_and_duplicates_nothing(store_url: str) -> None:
    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    with Store(store_url) as store:
        record_id = store.create("campaign", "killed", {"upto": 0})
    acknowledged = 0
    for round_ in range(3):
        child = _child(APPENDER, store_url, record_id)
        assert child.stdout is not None
        assert child.stdout.readline() == "ready\n", child.communicate()[1]
        first = child.stdout.readline()  # at least one append committed in this round
        assert first.strip().isdigit(), child.communicate()[1]
        time.sleep(rng.uniform(0.0, 0.4))
        os.kill(child.pid, signal.SIGKILL)
        rest, _ = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL
        lines = [first, *rest.splitlines()]
        acknowledged = max(acknowledged, *(int(line) for line in lines if line.strip()))
        with Store(store_url) as store:
            head = _check_contiguous(store, record_id)
            where = f"seed {seed}, round {round_}: head {head}, acknowledged {acknowledged}"
            assert acknowledged <= head <= acknowledged + 1, where
            loaded = store.load(record_id)
            assert loaded.info.summary == {"last": head}, where
            assert loaded.snapshot_seq == head - head % SNAPSHOT_EVERY, where
            assert loaded.snapshot == {"upto": loaded.snapshot_seq}, where
            assert all(event["n"] == seq for seq, event in store.events(record_id)), where
            after = head + 1
            store.append(record_id, after, {"n": after, "pad": "after the kill"},
                         summary={"last": after},
                         snapshot={"upto": after} if after % SNAPSHOT_EVERY == 0 else None)
            acknowledged = after
    with Store(store_url) as store:
        assert _check_contiguous(store, record_id) == acknowledged


def test_two_processes_racing_on_one_record(store_url: str) -> None:
    count = 40
    with Store(store_url) as store:
        record_id = store.create("table", "race", {})
    racers = [_child(RACER, store_url, record_id, name, str(count)) for name in "ab"]
    for racer in racers:
        assert racer.stdout is not None
        assert racer.stdout.readline() == "ready\n", racer.communicate()[1]
    for racer in racers:
        assert racer.stdin is not None
        racer.stdin.write("go\n")
        racer.stdin.flush()
    outputs = [racer.communicate(timeout=240) for racer in racers]
    for racer, (_, err) in zip(racers, outputs, strict=True):
        assert racer.returncode == 0, err
    with Store(store_url) as store:
        assert _check_contiguous(store, record_id) == 2 * count
        by = [event["by"] for _, event in store.events(record_id)]
        assert sorted(by) == ["a"] * count + ["b"] * count
        for name in "ab":
            assert [e["k"] for _, e in store.events(record_id) if e["by"] == name] == list(
                range(count))


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
def test_two_stores_on_one_sqlite_file_appending_alternately(store_url: str) -> None:
    with Store(store_url) as one, Store(store_url) as two:
        record_id = one.create("campaign", "shared", {"s": 0})
        writers = [one, two]
        for seq in range(1, 21):
            writers[seq % 2].append(record_id, seq, {"n": seq},
                                    snapshot={"s": seq} if seq % 5 == 0 else None)
            with pytest.raises(ConflictError):  # the other one is told, and adds nothing
                writers[(seq + 1) % 2].append(record_id, seq, {"n": -seq})
        assert one.load(record_id) == two.load(record_id)
        assert _check_contiguous(two, record_id) == 20
        assert [event["n"] for _, event in one.events(record_id)] == list(range(1, 21))


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
def test_sqlite_is_set_up_for_durability(store_url: str) -> None:
    with Store(store_url) as store:
        engine = store._engine
        with engine.connect() as connection:
            pragma = connection.exec_driver_sql
            assert pragma("PRAGMA journal_mode").scalar_one() == "wal"
            assert pragma("PRAGMA synchronous").scalar_one() == 2  # FULL
            assert pragma("PRAGMA foreign_keys").scalar_one() == 1
            assert pragma("PRAGMA busy_timeout").scalar_one() >= 10_000
