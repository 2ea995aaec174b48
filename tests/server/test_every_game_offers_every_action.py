"""Every move a click away, in every game (issue 24 with issue 16's invariant): for each
registered game with a web table, in games of several sizes played at random through
the JSON API and sockets, at every decision the deciding seat's page as served by
`GET /t/<id>?k=<token>` has a control (`data-action="<index>"`) for exactly the
actions the JSON protocol lists for that seat, which are exactly the engine's legal
actions; the other seats' frames list none, and (every few decisions) neither their
pages nor a spectator's page offers any control. Initiative Break's every mode and
every kind of action: tests/server/test_every_action_offered.py."""

from __future__ import annotations

import random
import re
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from initiative.games.registry import entries
from tests.server.hex_support import Seat, seat
from tests.server.test_app import act, live_table, running

CONTROL = re.compile(r'\bdata-action="(\d+)"')
SIZES: dict[str, tuple[dict[str, Any], ...]] = {
    "initiative_break": ({"mode": "1v1"}, {"mode": "2v2"}),
    "hex_skirmish": ({"players": 2}, {"players": 3}, {"players": 4}),
    "the_initiative": ({"players": 2}, {"players": 3}, {"players": 4}),
}
"""Each game's tables checked: the form's fields of each."""
CASES = [(game, fields) for game, sizes in sorted(SIZES.items()) for fields in sizes]
OTHERS_EVERY = 9
"""Every this many decisions the other seats' and the spectator's pages are read too."""
DECISIONS = 400
"""Decisions checked per game at most (a long game is cut there)."""


def test_every_registered_web_game_is_checked() -> None:
    assert {e.name for e in entries() if e.parts.web} == set(SIZES)


def seat_count(fields: dict[str, Any]) -> int:
    return int(fields.get("players") or {"1v1": 2, "2v2": 4}[fields["mode"]])


def page_controls(client: TestClient, link: str) -> set[int]:
    page = client.get(link)
    assert page.status_code == 200, page.text
    return {int(i) for i in CONTROL.findall(page.text)}


def join(stack: ExitStack, client: TestClient, table_id: str, token: str) -> Seat:
    """A JSON client of the table, its first state read."""
    joined = stack.enter_context(seat(client, table_id, token))
    joined.recv()
    return joined


def play_checked(client: TestClient, game: str, fields: dict[str, Any], seed: int) -> int:
    """One random game of people in every seat, every decision checked (up to
    DECISIONS); how many decisions were checked."""
    names = {f"seat{i}_name": f"P{i + 1}" for i in range(seat_count(fields))}
    response = client.post("/api/tables", json={"game": game, "seed": seed, **names, **fields})
    assert response.status_code == 201, response.text
    made = response.json()
    rng = random.Random(seed)
    checked = 0
    with ExitStack() as stack:
        seats = [join(stack, client, made["id"], token) for token in made["seats"]]
        watcher = join(stack, client, made["id"], made["spectator"])
        table = live_table(client, made["id"])
        while not table.finished and checked < DECISIONS:
            deciding = table.state.current_seat()
            engine = {table.game.action_index(a) for a in table.state.legal_actions()}
            protocol = [entry["index"] for entry in seats[deciding].last["legal"]]
            on_page = page_controls(client, made["links"][deciding])
            assert len(protocol) == len(set(protocol))
            assert on_page == set(protocol) == engine, (
                game, fields, seed, checked, sorted(engine - on_page), sorted(on_page - engine))
            assert all(s.last["legal"] == [] for i, s in enumerate(seats) if i != deciding)
            assert watcher.last["legal"] == []
            if checked % OTHERS_EVERY == 0:
                for other, link in enumerate(made["links"]):
                    if other != deciding:
                        assert page_controls(client, link) == set(), (game, other)
                watched = client.get(f"/t/{made['id']}?k={made['spectator']}")
                assert watched.status_code == 200 and not CONTROL.search(watched.text)
            checked += 1
            others = tuple(s for s in (*seats, watcher) if s is not seats[deciding])
            act(seats[deciding], rng.choice(protocol), others)
    return checked


@pytest.mark.parametrize(("game", "fields"), CASES,
                         ids=[f"{g}-{'-'.join(map(str, f.values()))}" for g, f in CASES])
def test_every_legal_action_is_a_control_on_the_seat_page(
        tmp_path: Path, game: str, fields: dict[str, Any]) -> None:
    with running(tmp_path) as client:
        checked = sum(play_checked(client, game, fields, seed) for seed in (11, 12))
    assert checked > 20
