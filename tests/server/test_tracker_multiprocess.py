"""Two `initiative serve` processes over one PostgreSQL database serve the same GM tracker
(docs/web.md, "GM trackers"): the game master's page on process A runs commands and a
player's page on process B follows at once (the tracker's NOTIFY, server/notify.py),
rendered from that player's view only; commands taken by both processes in turn, or at
the same moment, are all stored once, in one order, and the tracker ends where a single
console fed those lines does.

The processes, the database schema and the skip without PostgreSQL come from
tests/server/test_multiprocess.py.
"""

from __future__ import annotations

import asyncio
import html
import time
from typing import Any

import httpx
from websockets.asyncio.client import connect

from initiative.store import Store
from initiative.trackers import any_system, records, systems
from tests.server import test_multiprocess as mp
from tests.server.test_multiprocess import PROMPT_S, Seat, Server
from tests.server.test_trackers import labels, links_on

pg_url, db_url, servers = mp.pg_url, mp.db_url, mp.servers
"""The two processes on a fresh schema, or the skip without PostgreSQL (fixtures are
found by name in the test's module)."""
Servers = tuple[Server, Server, str]


class Page(Seat):
    """A tracker page over a real WebSocket: every frame it was sent."""

    def __init__(self, ws: Any) -> None:
        super().__init__(ws)
        self.frames: list[dict[str, Any]] = []
        self.asked = 0

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        frame = await super().recv(timeout)
        self.frames.append(frame)
        return frame

    async def ask(self, **message: Any) -> dict[str, Any]:
        """Send a request; the answer to it (an error frame when refused)."""
        self.asked += 1
        message["id"] = request = self.asked
        await self.send(**message)
        while True:
            frame = await self.recv()
            if frame.get("reply_to") == request:
                return frame

    def text(self) -> str:
        return html.unescape(" ".join(self.last["regions"].values()))


def create(server: Server) -> dict[str, str]:
    """A card-round tracker with the sample roster (through the form): its links by key."""
    with httpx.Client(follow_redirects=True) as browser:  # keeps the creator's cookie
        answer = browser.post(f"{server.base}/trackers/new", timeout=10,
                              data={"system": "faith", "name": "Night raid", "sample": "1"})
    assert answer.status_code == 200, answer.text
    return links_on(answer.text)


def socket(server: Server, link: str) -> str:
    return server.ws + link.replace("?k=", "/ws?k=")


def tracker_id(link: str) -> str:
    return link.split("/")[2].split("?")[0]


def reopened(db_url: str, link: str) -> records.TrackerRecord:
    with Store(db_url) as store:
        return any_system.open_tracker(store, tracker_id(link))


def secret_now(db_url: str, link: str, name: str) -> tuple[int, set[str]]:
    """The tracker's seq and the card labels `name`'s page must not show then: the other
    hands, and the other face-down cards until the reveal (less the labels it may show:
    its own cards, and the revealed ones)."""
    record = reopened(db_url, link)
    state = record.console.state
    committed = {slot: card.label() for slot, (card, _) in state.commitments.items()}
    hidden = set().union(*(labels(h) for owner, h in state.hands.items() if owner != name))
    shown = labels(state.hands[name]) | {committed.pop(name, "")}
    (hidden if state.phase == "commit" else shown).update(committed.values())
    return record.seq, hidden - shown


def test_a_player_on_another_process_follows_the_gm_live(servers: Servers) -> None:
    """The GM's page on A runs a round's commands; Vessa's page on B shows each new state
    within PROMPT_S (NOTIFY, not the 5 s re-read), never another player's card; Vessa
    commits on B and the GM's page on A sees it."""
    a, b, db_url = servers
    links = create(a)
    gm_link = links["gm"]

    async def play() -> list[float]:
        async with connect(socket(a, gm_link)) as g, \
                connect(socket(b, links["pc:Vessa"])) as v:
            gm, vessa = Page(g), Page(v)
            await gm.at(0)
            await vessa.at(0)
            delays = []
            secrets = dict([secret_now(db_url, gm_link, "Vessa")])
            for line in ("round", "commit Orrin 0", "commit Talwyn 1", "commit Marek top",
                         "commit gm top"):
                start = time.monotonic()
                answer = await gm.ask(op="run", line=line)
                assert answer["type"] == "render", answer
                await vessa.at(answer["seq"], PROMPT_S)
                delays.append(time.monotonic() - start)
                secrets.update([secret_now(db_url, gm_link, "Vessa")])
            assert "Commit face down" in vessa.last["regions"]["mine"]
            assert "Round 1" in vessa.text() and "face down" in vessa.text()

            answer = await vessa.ask(op="commit", card=1)  # her own card, on B
            assert answer["type"] == "render" and answer["seq"] == 6
            await gm.at(6, PROMPT_S)
            assert "[Vessa] > commit Vessa 1" in gm.text()  # the GM's console pane on A
            secrets.update([secret_now(db_url, gm_link, "Vessa")])

            answer = await gm.ask(op="run", line="reveal")
            await vessa.at(answer["seq"], PROMPT_S)
            assert "Reveal (FA-6)" in vessa.text()
            secrets.update([secret_now(db_url, gm_link, "Vessa")])
            assert sorted(secrets) == list(range(8)) and all(secrets.values())
            for frame in vessa.frames:  # every frame Vessa's page was ever sent
                shown = html.unescape(" ".join(frame["regions"].values()) + frame["announce"])
                assert not [c for c in secrets[frame["seq"]] if c in shown], frame["seq"]
                assert "console" not in frame["regions"] and "controls" not in frame["regions"]
            assert not gm.errors and not vessa.errors
            return delays

    delays = asyncio.run(play())
    assert sorted(delays)[len(delays) // 2] < 0.5
    with Store(db_url) as store:
        lines = [e["line"] for _, e in store.events(tracker_id(gm_link))]
    assert lines == ["round", "commit Orrin 0", "commit Talwyn 1", "commit Marek top",
                     "commit gm top", "commit Vessa 1", "reveal"]


ALTERNATE = ("round", "commit Orrin 0", "commit Talwyn 1", "commit Marek top", "commit gm top",
             "commit Vessa top", "reveal", "begin", "damage Vessa 1", "end", "undo", "redo",
             "begin", "next")
TOGETHER = (("damage Vessa 1", "damage Orrin 2"), ("draw Vessa", "draw Marek"),
            ("damage Talwyn 1", "damage Marek 1"))


def test_both_processes_take_commands_on_one_tracker(servers: Servers) -> None:
    """The GM's page is open on A and on B. Commands go to A and B in turn, each sent as
    soon as the other's is answered (B may not have heard of A's yet: it catches up and
    stores its own after it), then pairs sent to both at once. Nothing is lost or doubled,
    and the tracker is where one console fed the stored lines is."""
    a, b, db_url = servers
    links = create(a)
    gm_link = links["gm"]

    async def play() -> tuple[dict[str, Any], dict[str, Any]]:
        async with connect(socket(a, gm_link)) as ga, connect(socket(b, gm_link)) as gb:
            on_a, on_b = Page(ga), Page(gb)
            await on_a.at(0)
            await on_b.at(0)
            for i, line in enumerate(ALTERNATE):
                answer = await (on_a, on_b)[i % 2].ask(op="run", line=line)
                assert answer["type"] == "render" and answer["seq"] == i + 1, answer
            for pair in TOGETHER:
                answers = await asyncio.gather(*(page.ask(op="run", line=line)
                                                 for page, line in zip((on_a, on_b), pair,
                                                                       strict=True)))
                assert [x["type"] for x in answers] == ["render", "render"], answers
            final = len(ALTERNATE) + 2 * len(TOGETHER)
            await on_a.at(final, PROMPT_S)
            await on_b.at(final, PROMPT_S)
            assert not on_a.errors and not on_b.errors
            return on_a.last, on_b.last

    last_a, last_b = asyncio.run(play())
    for region in ("status", "order", "log", "controls"):
        assert last_a["regions"][region] == last_b["regions"][region]
    assert "> commit Orrin 0" in html.unescape(last_a["regions"]["console"])
    assert "> commit Orrin 0" in html.unescape(last_b["regions"]["console"])  # caught up

    with Store(db_url) as store:
        tid = tracker_id(gm_link)
        lines = [e["line"] for _, e in store.events(tid)]
        first = store.export(tid)["snapshots"][0]["data"]
    assert lines[:len(ALTERNATE)] == list(ALTERNATE)
    together = lines[len(ALTERNATE):]
    assert [set(together[i:i + 2]) for i in range(0, len(together), 2)] == [
        set(pair) for pair in TOGETHER]
    console = systems.new_console("faith", records.quiet, first["rules"], first["seed"])
    for line in ("roster", *lines):
        console.run(line)
    assert console.save_data() == reopened(db_url, gm_link).console.save_data()
