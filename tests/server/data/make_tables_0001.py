"""How tables_0001.db was made: web tables as schema revision 0001 and the code of its
time stored them (an Initiative Break duel with a chat line and an undo, a hex table and
a The Initiative table six actions in). Run with that code (a checkout of commit
f3596fd on PYTHONPATH): `python make_tables_0001.py OUT.db`. Not collected by pytest."""
import sys, random
from starlette.testclient import TestClient
from initiative.server.app import create_app
from initiative.server.hub import Options

out = sys.argv[1]
app = create_app(url=f"sqlite:///{out}", options=Options(bot_delay=0.0, away_after=0))
with TestClient(app) as client:
    ib = client.post("/api/tables", json={"mode": "1v1", "seed": 7, "name": "Old duel",
        "seat0_name": "North", "seat1_name": "South", "seat0_controller": "human",
        "seat1_controller": "open"}).json()
    with client.websocket_connect(f"/t/{ib['id']}/ws?k={ib['seats'][0]}&format=json") as n, \
         client.websocket_connect(f"/t/{ib['id']}/ws?k={ib['seats'][1]}&format=json") as s:
        n.receive_json(); s.receive_json()
        for sock, other in ((n, s), (s, n)):
            # keep the opening hand (action 0 is KEEP)
            sock.send_json({"op": "act", "actions": [0], "id": 1})
            while sock.receive_json().get("reply_to") != 1: pass
            other.receive_json()
        st = s.receive_json() if False else None
        # South decides: chat, then pass (a turn that reveals nothing), then undo it
        s.send_json({"op": "chat", "text": "good luck", "id": 2})
        while s.receive_json().get("reply_to") != 2: pass
        n.receive_json()
        from initiative.games.ib.actions import PASS
        for k, msg in enumerate(({"op": "act", "actions": [PASS.index]}, {"op": "undo"}), 3):
            s.send_json({**msg, "id": k})
            while True:
                f = s.receive_json()
                if f.get("reply_to") == k:
                    assert f["type"] == "state", f
                    break
            n.receive_json()
        print("ib", ib["id"], ib["seats"])
    hx = client.post("/api/hex-tables", json={"seed": 5, "name": "Old hex", "players": 2,
        "seat0_name": "Ann", "seat1_name": "Bea"}).json()
    ti = client.post("/api/ti-tables", json={"seed": 5, "name": "Old ti", "players": 2,
        "seat0_name": "Ann", "seat1_name": "Bea"}).json()
    for made, prefix in ((hx, "hex"), (ti, "ti")):
        with client.websocket_connect(f"/{prefix}/{made['id']}/ws?k={made['seats'][0]}&format=json") as a, \
             client.websocket_connect(f"/{prefix}/{made['id']}/ws?k={made['seats'][1]}&format=json") as b:
            frames = [a.receive_json(), b.receive_json()]
            rng = random.Random(1)
            for k in range(6):
                for i, sock in enumerate((a, b)):
                    legal = frames[i]["view"].get("legal") or []
                    if legal:
                        sock.send_json({"op": "act", "action": rng.choice(legal)["index"], "id": 10 + k})
                        while True:
                            f = sock.receive_json()
                            if f.get("reply_to") == 10 + k:
                                frames[i] = f; break
                        frames[1 - i] = (b, a)[i].receive_json()
                        break
        print(prefix, made["id"], made["seats"])
