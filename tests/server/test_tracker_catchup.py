"""GM trackers across server processes without processes (docs/web.md, "GM trackers"):
two TrackerHubs over one SQLite file stand for two processes, notifications are handed
over by hand. A notification catches the other hub's tracker up from the store and
re-renders each of its pages from its own viewer's view; a snapshot stored meanwhile
gives the same tracker as reopening it; a command that lost the race to store is checked
once more against the caught-up tracker; the re-read backstop; the shared notifier's
routing by payload kind."""

from __future__ import annotations

import asyncio
import html
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from initiative.server import tracker_render as tr
from initiative.server.notify import Listener, LocalNotifier, Shared
from initiative.server.tracker_hub import (
    SAMPLE_LINES,
    Access,
    TrackerHub,
    TrackerRuntime,
    link_token,
)
from initiative.server.writer import StoreWriter
from initiative.store import Store
from initiative.trackers import any_system, records, systems
from tests.server.test_trackers import labels


class Recording:
    """A notifier that keeps what it is asked to publish (and tells no one)."""

    def __init__(self) -> None:
        self.published: list[str] = []
        self.listener: Listener | None = None
        self.stopped = False

    async def start(self, listener: Listener) -> None:
        self.listener = listener

    async def publish(self, payload: str) -> None:
        self.published.append(payload)

    async def stop(self) -> None:
        self.stopped = True


@dataclass(eq=False)
class Page:
    """An open page: the regions of every rendering it was sent."""

    access: Access
    frames: list[dict[str, str]] = field(default_factory=list)

    async def update(self, runtime: TrackerRuntime, answer: bool = False) -> None:
        self.frames.append(tr.regions(runtime, self.access))

    def text(self) -> str:
        return html.unescape(" ".join(self.frames[-1].values()))


@dataclass
class Process:
    """One "server process": its own store connection, writer thread and tracker hub."""

    store: Store
    hub: TrackerHub
    notifier: Recording

    def record(self, tracker_id: str) -> records.TrackerRecord:
        return self.hub.runtimes[tracker_id].record

    async def page(self, tracker_id: str, token: str) -> Page:
        runtime = await self.hub.runtime(tracker_id)
        access = runtime.access_for(token)
        assert access is not None
        page = Page(access)
        runtime.clients.add(page)
        return page

    async def run(self, tracker_id: str, token: str, line: str) -> list[str]:
        runtime = await self.hub.runtime(tracker_id)
        access = runtime.access_for(token)
        assert access is not None
        return await self.hub.run(runtime, access, line)


@asynccontextmanager
async def processes(tmp_path: Path) -> AsyncIterator[tuple[Process, Process]]:
    opened: list[Process] = []
    try:
        for _ in range(2):
            store = Store(f"sqlite:///{tmp_path / 'trackers.db'}")
            notifier = Recording()
            hub = TrackerHub(store, StoreWriter(store), notifier)
            opened.append(Process(store, hub, notifier))
            await hub.start()
        yield opened[0], opened[1]
    finally:
        for process in opened:
            await process.hub.stop()
            await asyncio.to_thread(process.hub.writer.stop)
            process.store.close()


def go(tmp_path: Path, test: Callable[[Process, Process], Awaitable[None]]) -> None:
    async def main() -> None:
        async with processes(tmp_path) as (a, b):
            await test(a, b)

    asyncio.run(main())


def single_console(store: Store, tracker_id: str, lines: list[str]) -> dict[str, Any]:
    """The state one console reaches from the tracker's start (its seed, rules and the
    sample roster) fed `lines` (short trackers: the only snapshot is the first one)."""
    loaded = store.load(tracker_id)
    assert loaded.snapshot_seq == 0
    snap = loaded.snapshot
    console = systems.new_console(snap["system"], records.quiet, snap["rules"], snap["seed"])
    for line in (*SAMPLE_LINES, *lines):
        console.run(line)
    return console.save_data()


async def new_tracker(process: Process) -> tuple[str, str]:
    """A card-round tracker with the sample roster: its id and the GM's token."""
    runtime, gm = await process.hub.create("faith", "Night raid", {}, True)
    return runtime.record.id, gm


def stored_lines(store: Store, tracker_id: str) -> list[str]:
    return [e["line"] for _, e in store.events(tracker_id)]


# --- notifications ------------------------------------------------------------------------


def test_a_notification_catches_up_and_renders_each_page_its_own_view(
        tmp_path: Path) -> None:
    async def test(a: Process, b: Process) -> None:
        tid, gm = await new_tracker(a)
        vessa, orrin = (link_token(gm, f"pc:{n}") for n in ("Vessa", "Orrin"))
        pages = {"gm": await b.page(tid, gm), "Vessa": await b.page(tid, vessa),
                 "Orrin": await b.page(tid, orrin)}
        for line in ("round", "commit Orrin 0", "commit Talwyn 1", "rules"):
            await a.run(tid, gm, line)
        with pytest.raises(ValueError, match="no card at index 9"):
            await a.run(tid, gm, "commit Marek 9")
        # Stored commands only (not `rules`, not the refused one), each once.
        assert a.notifier.published == [f"t:{tid}:{seq}" for seq in (1, 2, 3)]
        assert b.record(tid).seq == 0 and not any(p.frames for p in pages.values())

        await b.hub.notified(a.notifier.published[-1])
        ours, theirs = b.record(tid), a.record(tid)
        assert ours.seq == theirs.seq == 3
        assert ours.console.save_data() == theirs.console.save_data()
        assert ours.console.history_data() == theirs.console.history_data()
        assert [len(p.frames) for p in pages.values()] == [1, 1, 1]
        state = ours.console.state
        orrin_card = state.commitments["Orrin"][0].label()
        assert "face down" in pages["Vessa"].text()
        hidden = labels(state.hands["Orrin"]) | labels(state.hands["Talwyn"]) | {orrin_card}
        secret = hidden - labels(state.hands["Vessa"])
        assert secret and not [c for c in secret if c in pages["Vessa"].text()]
        assert orrin_card in pages["Orrin"].frames[-1]["mine"]
        assert "console" not in pages["Orrin"].frames[-1]
        # The GM's console pane on B shows the commands run on A, with their answers.
        console = html.unescape(pages["gm"].frames[-1]["console"])
        assert "> commit Orrin 0" in console and "> rules" not in console  # not stored

        for stale in (a.notifier.published[0], a.notifier.published[-1],
                      f"t:{'0' * 32}:9", f"e:{tid}:9"):  # old, unknown, a table's
            await b.hub.notified(stale)
        assert [len(p.frames) for p in pages.values()] == [1, 1, 1]

    go(tmp_path, test)


def test_catching_up_across_snapshots_equals_reopening(tmp_path: Path) -> None:
    """Snapshots come every SNAPSHOT_EVERY events and trim the undo history to
    UNDO_KEEP steps: a tracker caught up across them is the reopened tracker, history
    included (so `undo` reaches as far back on either process)."""
    total = records.UNDO_KEEP + records.SNAPSHOT_EVERY + 7

    async def test(a: Process, b: Process) -> None:
        tid, _ = await new_tracker(a)
        await b.hub.runtime(tid)
        other = any_system.open_tracker(a.store, tid)  # a third process, writing fast
        for i in range(total):
            records.append_line(a.store, other, f"damage Vessa {i % 3 + 1}")
            if i in (30, records.SNAPSHOT_EVERY + 2):  # some notifications are heard
                await b.hub.notified(f"t:{tid}:{other.seq}")
        assert b.record(tid).seq == records.SNAPSHOT_EVERY + 3
        await b.hub.notified(f"t:{tid}:{other.seq}")
        caught_up = b.record(tid)
        reopened = any_system.open_tracker(b.store, tid)
        assert caught_up.seq == reopened.seq == other.seq == total
        assert caught_up.console.save_data() == reopened.console.save_data()
        assert caught_up.console.history_data() == reopened.console.history_data()
        assert len(caught_up.console.history_data()["chain"]) <= records.UNDO_KEEP + 50

    go(tmp_path, test)


# --- commands racing to be stored ---------------------------------------------------------


def test_a_command_that_lost_the_race_is_checked_again(tmp_path: Path) -> None:
    """B has not heard of A's commands: its command conflicts, B catches up and stores
    it after them, or refuses it when the caught-up tracker does (nothing stored); the
    tracker ends where one console fed the stored lines does."""
    async def test(a: Process, b: Process) -> None:
        tid, gm = await new_tracker(a)
        page = await b.page(tid, link_token(gm, "pc:Vessa"))
        await a.run(tid, gm, "round")
        with pytest.raises(ValueError, match="needs idle"):  # the round is running now
            await b.run(tid, gm, "round")
        assert stored_lines(a.store, tid) == ["round"]
        assert b.record(tid).seq == 1 and len(page.frames) == 1  # B's pages caught up
        assert "Commit face down" in page.frames[-1]["mine"]

        await a.run(tid, gm, "commit Orrin top")
        await b.run(tid, link_token(gm, "pc:Vessa"), "commit Vessa 1")  # a retry
        assert b.record(tid).seq == 3 and "Commit face down" not in page.frames[-1]["mine"]
        await a.run(tid, gm, "commit Talwyn 0")  # and A's turn to retry
        lines = ["round", "commit Orrin top", "commit Vessa 1", "commit Talwyn 0"]
        assert stored_lines(a.store, tid) == lines
        assert b.notifier.published == [f"t:{tid}:3"]
        assert a.notifier.published == [f"t:{tid}:1", f"t:{tid}:2", f"t:{tid}:4"]
        await b.hub.notified(a.notifier.published[-1])
        expected = single_console(a.store, tid, lines)
        assert a.record(tid).console.save_data() == expected
        assert b.record(tid).console.save_data() == expected

    go(tmp_path, test)


def test_a_command_is_judged_against_what_is_stored(tmp_path: Path) -> None:
    """A has answered its command but B has not heard of it yet (its notification is
    still on the way): a command that only applies after A's is taken on B, stored after
    it, and B's pages see both; one that no longer applies is refused by what is stored,
    not by what B had heard of."""
    async def test(a: Process, b: Process) -> None:
        tid, gm = await new_tracker(a)
        page = await b.page(tid, link_token(gm, "pc:Vessa"))
        await a.run(tid, gm, "round")  # B hears nothing of it
        await b.run(tid, gm, "commit Orrin 0")  # needs the round A began
        assert stored_lines(a.store, tid) == ["round", "commit Orrin 0"]
        assert b.record(tid).seq == 2 and len(page.frames) == 1
        assert "Commit face down" in page.frames[-1]["mine"]
        assert b.notifier.published == [f"t:{tid}:2"]

        await a.run(tid, gm, "commit Vessa top")  # again unheard of on B
        with pytest.raises(ValueError, match="already"):
            await b.run(tid, link_token(gm, "pc:Vessa"), "commit Vessa 1")
        assert stored_lines(a.store, tid) == ["round", "commit Orrin 0", "commit Vessa top"]
        assert b.record(tid).seq == 3 and len(page.frames) == 2  # B's pages caught up
        assert "Commit face down" not in page.frames[-1]["mine"]

        await a.hub.notified(b.notifier.published[-1])
        expected = single_console(a.store, tid, stored_lines(a.store, tid))
        assert a.record(tid).console.save_data() == expected
        assert b.record(tid).console.save_data() == expected

    go(tmp_path, test)


# --- the backstop -------------------------------------------------------------------------


def test_resync_rereads_trackers_with_open_pages(tmp_path: Path) -> None:
    async def test(a: Process, b: Process) -> None:
        tid, gm = await new_tracker(a)
        quiet_id, quiet_gm = await new_tracker(a)
        page = await b.page(tid, gm)
        await b.hub.runtime(quiet_id)  # open here, but no page watches it
        await a.run(tid, gm, "round")
        await a.run(quiet_id, quiet_gm, "round")
        await b.hub.resync()  # as if the notifications were lost
        assert b.record(tid).seq == 1 and len(page.frames) == 1
        assert b.record(quiet_id).seq == 0
        await b.hub.resync()  # nothing new: no rendering
        assert len(page.frames) == 1

    go(tmp_path, test)


def test_one_process_on_sqlite_runs_no_backstop(tmp_path: Path) -> None:
    async def test() -> None:
        with Store(f"sqlite:///{tmp_path / 'one.db'}") as store:
            hub = TrackerHub(store, StoreWriter(store))
            await hub.start()
            assert isinstance(hub.notifier, LocalNotifier) and hub._resync is None
            await hub.stop()

    asyncio.run(test())


# --- one notifier for both hubs -----------------------------------------------------------


def test_the_shared_notifier_routes_payloads_by_kind() -> None:
    async def test() -> None:
        inner = Recording()
        shared = Shared(inner)
        heard: dict[str, list[str]] = {"tables": [], "trackers": []}

        def keep(name: str) -> Listener:
            async def listener(payload: str) -> None:
                heard[name].append(payload)
            return listener

        tables, trackers = shared.part(("e", "p")), shared.part(("t",))
        await tables.start(keep("tables"))
        first = inner.listener
        await trackers.start(keep("trackers"))
        assert first is not None and inner.listener is first  # started once
        for payload in ("e:x:1", "t:y:2", "p:x:0:z", "zz:1", ""):
            await first(payload)
        assert heard == {"tables": ["e:x:1", "p:x:0:z"], "trackers": ["t:y:2"]}
        await trackers.publish("t:y:3")
        assert inner.published == ["t:y:3"]
        await tables.stop()
        await tables.stop()  # twice: still one stop
        assert not inner.stopped
        await first("t:y:4")
        await first("e:x:5")
        assert heard["trackers"][-1] == "t:y:4" and heard["tables"][-1] == "p:x:0:z"
        await trackers.stop()
        assert inner.stopped
        local = LocalNotifier()
        assert Shared(local).part(("t",)) is local  # one process: the hubs see no sharing

    asyncio.run(test())
