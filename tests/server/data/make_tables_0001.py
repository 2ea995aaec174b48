"""How tables_0001.db was made: web tables as schema revision 0001 and the code of its
time stored them (an Initiative Break duel with a chat line and an undo, a hex table and
a The Initiative table six actions in). Run with that code (a checkout of commit
f3596fd on PYTHONPATH): `python make_tables_0001.py OUT.db`. Not collected by pytest."""

from __future__ import annotations

import random
import sys
from typing import Any

from starlette.testclient import TestClient

from initiative.games.ib.actions import KEEP, PASS
from initiative.server.app import create_app
from initiative.server.hub import Options


def answer(sock: Any, message: dict[str, Any]) -> dict[str, Any]:
    """Send `message` and read frames until the one that answers it."""
    sock.send_json(message)
    while True:
        frame: dict[str, Any] = sock.receive_json()
        if frame.get("reply_to") == message["id"]:
            return frame


def flagship(client: TestClient) -> None:
    made = client.post("/api/tables", json={
        "mode": "1v1", "seed": 7, "name": "Old duel", "seat0_name": "North",
        "seat1_name": "South", "seat0_controller": "human", "seat1_controller": "open"}).json()
    base = f"/t/{made['id']}/ws?format=json&k="
    with client.websocket_connect(base + made["seats"][0]) as north, \
            client.websocket_connect(base + made["seats"][1]) as south:
        north.receive_json()
        south.receive_json()
        for n, (sock, other) in enumerate(((north, south), (south, north)), 1):
            answer(sock, {"op": "act", "actions": [KEEP.index], "id": n})
            other.receive_json()
        for n, message in enumerate(({"op": "chat", "text": "good luck"},
                                     {"op": "act", "actions": [PASS.index]},
                                     {"op": "undo"}), 3):
            answer(south, {**message, "id": n})
            north.receive_json()


def one_decision_game(client: TestClient, prefix: str) -> None:
    made = client.post(f"/api/{prefix}-tables", json={
        "seed": 5, "name": f"Old {prefix}", "players": 2, "seat0_name": "Ann",
        "seat1_name": "Bea"}).json()
    base = f"/{prefix}/{made['id']}/ws?format=json&k="
    with client.websocket_connect(base + made["seats"][0]) as ann, \
            client.websocket_connect(base + made["seats"][1]) as bea:
        socks = (ann, bea)
        frames = [ann.receive_json(), bea.receive_json()]
        rng = random.Random(1)
        for n in range(6):
            mover = next(i for i, f in enumerate(frames) if f["view"].get("legal"))
            legal = frames[mover]["view"]["legal"]
            frames[mover] = answer(socks[mover], {"op": "act", "id": 10 + n,
                                                  "action": rng.choice(legal)["index"]})
            frames[1 - mover] = socks[1 - mover].receive_json()


def main(out: str) -> None:
    app = create_app(url=f"sqlite:///{out}", options=Options(bot_delay=0.0, away_after=0))
    with TestClient(app) as client:
        flagship(client)
        one_decision_game(client, "hex")
        one_decision_game(client, "ti")


if __name__ == "__main__":
    main(sys.argv[1])
