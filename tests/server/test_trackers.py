"""The GM trackers on the web (server/trackers.py, tracker_hub.py, tracker_render.py)
through Starlette's TestClient: creating both kinds, the GM's commands and buttons,
refusals that store nothing, what each player's page and frames may hold (no other
player's hand, no face-down card, no hidden NPC Initiative), links and forged tokens,
file commands refused, live updates and restarts."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from initiative.server import tokens
from initiative.server.app import create_app
from initiative.server.tracker_hub import link_token
from initiative.store import Store
from initiative.timing.cards_content import Card
from initiative.trackers import records, systems
from tests.server.test_app import Seat

Links = dict[str, str]


@contextmanager
def running(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(url=f"sqlite:///{tmp_path / 'trackers.db'}")) as client:
        yield client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with running(tmp_path) as opened:
        yield opened


def create(client: TestClient, system: str = "faith", sample: bool = True,
           rules: str = "") -> Links:
    """Create a tracker through the form; its links by key ("gm", "pc:Vessa", ...)."""
    form = {"system": system, "name": "Night raid", "rules": rules}
    if sample:
        form["sample"] = "1"
    answer = client.post("/trackers/new", data=form)  # redirected to the creator's page
    assert answer.status_code == 200 and answer.history[0].status_code == 303, answer.text
    return links_on(answer.text)


def links_on(page: str) -> dict[str, str]:
    """The links a "tracker created" page lists, by key ("gm", "pc:Vessa", ...)."""
    links = {"gm": re.search(r'<a href="([^"]+)" class="gm-link"', page).group(1)}
    for url, key in re.findall(r'<a href="([^"]+)" class="tracker-link" data-key="([^"]+)"',
                               page):
        links[key] = url
    return links


def tracker_id(link: str) -> str:
    return link.split("/")[2].split("?")[0]


def record(client: TestClient, link: str) -> records.TrackerRecord:
    return client.app.state.trackers.runtimes[tracker_id(link)].record  # type: ignore[attr-defined]


def events(client: TestClient, link: str) -> list[dict[str, Any]]:
    return [e for _, e in client.app.state.hub.store.events(tracker_id(link))]  # type: ignore[attr-defined]


def socket(link: str) -> str:
    return link.replace("?k=", "/ws?k=")


def run(client: TestClient, link: str, line: str) -> Any:
    """A command through the plain form (no JavaScript)."""
    return client.post(link, data={"op": "run", "line": line}, follow_redirects=False)


def shown_error(page: str) -> str:
    found = re.search(r'id="command-error"[^>]*>([^<]*)<', page)
    return html.unescape(found.group(1)) if found else ""


def text_of(frame_or_page: Any) -> str:
    raw = frame_or_page if isinstance(frame_or_page, str) else " ".join(
        str(v) for v in frame_or_page.get("regions", {}).values()) + str(
        frame_or_page.get("announce", ""))
    return html.unescape(raw)


def ask(seat: Seat, **message: Any) -> dict[str, Any]:
    """Send a request; the answer to it (an error frame when refused)."""
    message.setdefault("id", len(seat.frames) + 1)
    seat.send(**message)
    first = seat.recv()
    if first["type"] == "error":
        seat.recv()  # the fresh rendering after a refusal
    return first


# --- creating ---------------------------------------------------------------------------------


def test_create_a_card_round_tracker_with_links(client: TestClient) -> None:
    links = create(client)
    assert set(links) == {"gm", "spectator", "pc:Vessa", "pc:Orrin", "pc:Talwyn", "pc:Marek"}
    gm = client.get(links["gm"])
    assert gm.status_code == 200
    assert "compatible with FaithRPG" in gm.text and "Mastiff" in gm.text
    assert 'id="command"' in gm.text and "commit NAME|gm" in html.unescape(gm.text)
    for key, link in links.items():  # the GM page lists every other link
        assert key == "gm" or f'{link}" class="tracker-link" data-key="{key}"' in gm.text
    assert not re.search(r"<script(?![^>]*\bsrc=)", gm.text), "no inline script (CSP)"
    assert "default-src 'self'" in gm.headers["content-security-policy"]
    assert "Night raid" in client.get("/").text
    assert events(client, links["gm"]) == []


def test_create_a_tick_tracker_and_check_house_rules(client: TestClient) -> None:
    links = create(client, "exalted", rules="show_npc_initiative_to_players=false")
    assert set(links) == {"gm", "players", "spectator"}
    assert "compatible with Exalted" in client.get(links["players"]).text
    bad = client.post("/trackers/new", data={
        "system": "exalted", "name": "x", "rules": "tie_break=coin\nnope=1\ncrash_at_or_below=x"
        "\nnot a flag"})
    assert bad.status_code == 400
    text = html.unescape(bad.text)
    for problem in ("tie_break must be one of gm_then_roster", "unknown flag 'nope'",
                    "crash_at_or_below must be a whole number, got 'x'",
                    "'not a flag' is not flag=value"):
        assert problem in text
    assert client.post("/trackers/new", data={"system": "chess"}).status_code == 400
    assert len(records.list_trackers(client.app.state.hub.store)) == 1  # type: ignore[attr-defined]


# --- the game master --------------------------------------------------------------------------


def test_gm_commands_errors_and_buttons(client: TestClient) -> None:
    links = create(client)
    gm = links["gm"]
    assert run(client, gm, "round").status_code == 303
    page = client.get(gm).text
    assert "Round 1" in page and 'data-line="reveal" disabled' in page
    refused = run(client, gm, "reveal")
    assert refused.status_code == 400
    assert shown_error(refused.text).startswith("cannot reveal: no card committed yet by")
    assert run(client, gm, "nonsense").status_code == 400
    assert events(client, gm) == [{"line": "round", "by": "gm", "v": 2}]
    with client.websocket_connect(socket(gm)) as ws:
        seat = Seat(ws)
        seat.recv()
        answer = ask(seat, op="run", line="commit Vessa 9")
        assert answer["type"] == "error" and "no card at index 9" in answer["message"]
        for who in ("Vessa", "Orrin", "Talwyn", "Marek", "gm"):
            assert ask(seat, op="run", line=f"commit {who} top")["type"] == "render"
        frame = ask(seat, op="run", line="reveal")
        assert 'data-line="next"' in frame["regions"]["controls"]
        assert "Reveal (FA-6)" in text_of(frame)
        assert "> reveal" in text_of(frame["regions"]["console"])
        assert ask(seat, op="run", line="undo")["seq"] == 8
        assert ask(seat, op="run", line="help")["seq"] == 8  # read-only: nothing stored
    assert len(events(client, gm)) == 8 and events(client, gm)[-1]["line"] == "undo"


def test_file_commands_are_refused_on_the_web(client: TestClient, tmp_path: Path) -> None:
    links = create(client, "exalted")
    gm = links["gm"]
    target = tmp_path / "leak.json"
    for line in (f"save {target}", f"load {target}", "quit", "  SAVE x", "exit"):
        answer = run(client, gm, line)
        assert answer.status_code == 400 and "not available on the web" in shown_error(answer.text)
    with client.websocket_connect(socket(gm)) as ws:
        seat = Seat(ws)
        seat.recv()
        assert "not available" in ask(seat, op="run", line=f"save {target}")["message"]
    faith = create(client)["gm"]
    assert "not available" in shown_error(run(client, faith, f"'save' {target}").text)
    assert not target.exists()
    assert events(client, gm) == [] and events(client, faith) == []


# --- players ----------------------------------------------------------------------------------


def labels(cards: list[Card]) -> set[str]:
    return {c.label() for c in cards}


def test_player_sees_only_their_own_cards(client: TestClient) -> None:
    links = create(client)
    gm = links["gm"]
    for line in ("round", "commit Orrin 0", "commit Talwyn 1", "commit gm 2"):
        assert run(client, gm, line).status_code == 303
    with client.websocket_connect(socket(links["pc:Vessa"])) as ws:
        vessa = Seat(ws)
        vessa.recv()
        frame = ask(vessa, op="commit", card=1)
        assert frame["type"] == "render"
        state = record(client, gm).console.state
        mine = labels(state.hands["Vessa"]) | {state.commitments["Vessa"][0].label()}
        hidden = set().union(*(labels(h) for o, h in state.hands.items() if o != "Vessa"))
        hidden |= {c.label() for slot, (c, _) in state.commitments.items() if slot != "Vessa"}
        secret = hidden - mine
        assert secret, "the other hands must hold some card Vessa does not"
        page = html.unescape(client.get(links["pc:Vessa"]).text)
        for shown in (page, *map(text_of, vessa.frames)):
            assert not [label for label in secret if label in shown]
        assert state.commitments["Vessa"][0].label() in page  # her own face-down card
        assert "Rules" not in page and "> commit" not in page  # no GM console
        for who in ("Marek", "gm"):
            run(client, gm, f"commit {who} top")
        run(client, gm, "reveal")
        revealed = vessa.until(lambda f: "Reveal (FA-6)" in text_of(f))
        assert record(client, gm).console.state.commitments["Orrin"][0].label() in \
            text_of(revealed)


def test_a_player_commits_only_for_their_own_character(client: TestClient) -> None:
    links = create(client)
    run(client, links["gm"], "round")
    with client.websocket_connect(socket(links["pc:Orrin"])) as ws:
        orrin = Seat(ws)
        orrin.recv()
        assert "game master" in ask(orrin, op="run", line="commit Vessa 0")["message"]
        assert "your hand" in ask(orrin, op="commit", card="Vessa")["message"]
        assert "your hand" in ask(orrin, op="commit", card=True)["message"]
        assert ask(orrin, op="commit", card="top")["type"] == "render"
        assert "already committed" in ask(orrin, op="commit", card=0)["message"]
    spectator = client.post(links["spectator"], data={"op": "commit", "card": "0"})
    assert spectator.status_code == 400 and "player character" in shown_error(spectator.text)
    by_form = client.post(links["pc:Vessa"], data={"op": "commit", "card": "2"},
                          follow_redirects=False)
    assert by_form.status_code == 303
    assert [e["by"] for e in events(client, links["gm"])] == ["gm", "Orrin", "Vessa"]
    assert [e["line"] for e in events(client, links["gm"])][1:] == [
        "commit Orrin top", "commit Vessa 2"]


def test_a_tied_player_declares_to_the_gm_only(tmp_path: Path) -> None:
    gm_token = tokens.new_token()
    seed = next(s for s in range(500) if _pc_tie(s))
    with Store(f"sqlite:///{tmp_path / 'trackers.db'}") as store:
        console = systems.new_console("faith", records.quiet, {}, seed)
        console.run("roster")
        for line in _ROUND:
            console.run(line)
        keys = {"gm": tokens.digest(gm_token)} | {
            f"pc:{n}": tokens.digest(link_token(gm_token, f"pc:{n}"))
            for n in ("Vessa", "Orrin", "Talwyn", "Marek")}
        tid = records.create_tracker(store, console, "Tie", keys)
    tied = _pc_tie(seed)
    with running(tmp_path) as client:
        me, other = (f"/trackers/{tid}?k={link_token(gm_token, f'pc:{n}')}" for n in tied[:2])
        page = client.get(me)
        assert 'id="declare-form"' in page.text and "declare-form" in page.text
        assert not re.search(r'id="declare-form"[^>]*hidden', page.text)
        with client.websocket_connect(socket(me)) as ws1, \
                client.websocket_connect(socket(other)) as ws2:
            first, second = Seat(ws1), Seat(ws2)
            first.recv()
            second.recv()
            assert first.last["can_declare"]
            ask(first, op="declare", text="I  shove the   bailiff")
            seen = second.recv()
            assert "shove" not in text_of(seen) and "shove" in text_of(first.last)
        gm_page = client.get(f"/trackers/{tid}?k={gm_token}").text
        assert "I shove the bailiff" in gm_page
        assert events(client, me)[-1] == {"line": f"declare {tied[0]} I shove the bailiff",
                                          "by": tied[0], "v": 2}


_ROUND = ["round", *(f"commit {n} top" for n in ("Vessa", "Orrin", "Talwyn", "Marek", "gm")),
          "reveal"]


def _pc_tie(seed: int) -> list[str]:
    console = systems.new_console("faith", records.quiet, {}, seed)
    for line in ["roster", *_ROUND]:
        console.run(line)
    ties = [t[2] for t in console.state.ties if t[0] == "pc"]
    return ties[0] if ties else []


def test_players_page_hides_npc_initiative_under_the_house_rule(client: TestClient) -> None:
    links = create(client, "exalted", rules="show_npc_initiative_to_players=false")
    gm = links["gm"]
    for line in ("join Ryo 2", "join Sela 1", "join Brute 6", "join Scout 3", "start"):
        assert run(client, gm, line).status_code == 303
    tracker = record(client, gm).console.tracker
    brute = tracker.fighters["Brute"].initiative
    assert brute == 9 and f"-> {brute}i" in html.unescape(client.get(gm).text)
    with client.websocket_connect(socket(links["players"])) as ws:
        players = Seat(ws)
        page = html.unescape(client.get(links["players"]).text)
        for shown in (page, text_of(players.recv())):
            row = re.search(r'<th scope="row">Brute\b.*?</tr>', shown, re.S).group(0)
            assert "hidden" in row and f">{brute}<" not in row
            assert f"-> {brute}i" not in shown and "Brute joins battle" in shown
            assert f">{tracker.fighters['Ryo'].initiative}<" in shown  # PCs stay visible
        assert "error" in ask(players, op="run", line="next")["type"]
    assert run(client, links["players"], "next").status_code == 400


# --- links ------------------------------------------------------------------------------------


def test_forged_and_foreign_tokens_are_refused(client: TestClient) -> None:
    a, b = create(client), create(client, "exalted")
    tid = tracker_id(a["gm"])
    for url in (f"/trackers/{tid}?k=forged", f"/trackers/{tid}",
                f"/trackers/{tid}?k={b['gm'].split('k=')[1]}",
                f"/trackers/{tid}?k={link_token('guess', 'pc:Vessa')}"):
        assert client.get(url).status_code == 403
        assert client.post(url, data={"op": "run", "line": "round"}).status_code == 403
    assert client.get("/trackers/" + "0" * 32 + "?k=x").status_code == 404
    assert client.get(f"/trackers/{tid[:8]}?k=x").status_code == 404
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect(f"/trackers/{tid}/ws?k=forged") as ws:
        ws.receive_json()
    assert closed.value.code == 4403
    assert events(client, a["gm"]) == []


def test_characters_added_later_get_links(client: TestClient) -> None:
    links = create(client)
    gm = links["gm"]
    assert run(client, gm, "add Vera initiative=2 agility=2").status_code == 303
    assert events(client, gm)[-1]["keys"].keys() == {"pc:Vera"}
    page = client.get(gm).text
    vera = re.search(r'href="[^"]*(/trackers/[^"]+)" class="tracker-link" data-key="pc:Vera"',
                     page).group(1)
    assert client.get(vera).status_code == 200
    run(client, gm, "round")
    assert client.post(vera, data={"op": "commit", "card": "top"},
                       follow_redirects=False).status_code == 303
    assert events(client, gm)[-1] == {"line": "commit Vera top", "by": "Vera", "v": 2}


# --- live and restarts ------------------------------------------------------------------------


def test_every_page_is_updated_live(client: TestClient) -> None:
    links = create(client)
    with client.websocket_connect(socket(links["gm"])) as g, \
            client.websocket_connect(socket(links["pc:Marek"])) as m, \
            client.websocket_connect(socket(links["spectator"])) as s:
        gm, marek, spectator = Seat(g), Seat(m), Seat(s)
        for seat in (gm, marek, spectator):
            seat.recv()
        ask(gm, op="run", line="round")
        for seat in (marek, spectator):
            frame = seat.recv()
            assert "Round 1 begins" in frame["announce"] and frame["reply_to"] is None
            assert "console" not in frame["regions"] and "controls" not in frame["regions"]
        assert "Commit face down" in marek.last["regions"]["mine"]
        ask(gm, op="run", line="order")  # read-only: only the GM's pages hear of it
        assert marek.quiet(0.2) == [] and spectator.quiet(0.0) == []


def test_a_restart_resumes_every_tracker(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        faith, exalted = create(client), create(client, "exalted")
        for line in ("round", "commit Vessa 0", "undo"):
            run(client, faith["gm"], line)
        for line in ("join Ryo roll", "join Sela 4", "undo", "join Sela 5"):
            run(client, exalted["gm"], line)
        before = {k: record(client, links["gm"]).console.save_data()
                  for k, links in (("f", faith), ("e", exalted))}
    with running(tmp_path) as client:
        for key, links in (("f", faith), ("e", exalted)):
            page = client.get(links["gm"])
            assert page.status_code == 200
            assert record(client, links["gm"]).console.save_data() == before[key]
        assert run(client, faith["gm"], "redo").status_code == 303  # history survived
        assert record(client, faith["gm"]).console.state.commitments
        assert client.get(faith["pc:Vessa"]).status_code == 200
