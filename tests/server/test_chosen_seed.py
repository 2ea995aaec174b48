"""A table whose creator chose the seed is a marked deck (issue 25, hostile input;
docs/web.md "A table with a chosen seed"): the creator can work out every hand and roll,
so for every registered web game such a table says so on every page of it (each seat's,
the spectators', JSON frames), the lobby lists it apart from the fair open tables with a
warning, `GET /api/tables` marks it, and a table the server seeds (no `seed`, a rematch)
carries no mark."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

import pytest

from initiative.engine.rng import new_secret_seed
from initiative.server import lobby
from initiative.server.table import Table, TableData
from tests.server.hex_support import seat
from tests.server.test_every_game_features import (
    ENDING_SEED,
    GAMES,
    almost_over,
    create,
    live,
    running,
)

NOTICE = 'id="chosen-seed"'
NOTICE_TEXT = "whoever created this table chose its seed"


@pytest.mark.parametrize("game", GAMES)
def test_every_page_of_a_chosen_seed_table_says_so(tmp_path: Path, game: str) -> None:
    with running(tmp_path) as client, ExitStack() as stack:
        marked = create(client, game, seed=12345)
        fair = create(client, game)
        for made, chosen in ((marked, True), (fair, False)):
            for token in (*made["seats"], made["spectator"]):
                page = client.get(f"/t/{made['id']}?k={token}").text
                assert (NOTICE in page) is chosen and (NOTICE_TEXT in page) is chosen
                frame = stack.enter_context(seat(client, made["id"], token)).until(
                    lambda f: True)
                assert frame["chosen_seed"] is chosen
        chosen_key = create(client, game, seed=new_secret_seed())  # a key the creator wrote
        assert NOTICE in client.get(f"/t/{chosen_key['id']}?k={chosen_key['seats'][0]}").text


@pytest.mark.parametrize("game", GAMES)
def test_the_lobby_lists_a_chosen_seed_table_apart_and_marked(tmp_path: Path,
                                                             game: str) -> None:
    with running(tmp_path) as client:
        marked = create(client, game, seed=1, seat1_controller="open", name="Marked deck")
        fair = create(client, game, seat1_controller="open", name="Fair deck")
        html = client.get("/").text
        fair_part, marked_part = html.split('id="marked-h"')
        assert f"/t/{fair['id']}/claim/1" in fair_part
        assert f"/t/{marked['id']}" not in fair_part  # never among the fair open tables
        marked_part = marked_part.split('id="done-h"')[0]
        assert f"/t/{marked['id']}/claim/1" in marked_part
        assert "Not fair games" in marked_part and "Chosen seed: its creator" in marked_part
        assert f"/t/{fair['id']}" not in marked_part
        refreshed = client.get("/lobby/open").text  # what the lobby's refresh swaps in
        assert refreshed.index(fair["id"]) < refreshed.index('id="marked-h"') \
            < refreshed.index(marked["id"])
        listed = {t["id"]: t["chosen_seed"] for t in client.get("/api/tables").json()}
        assert listed == {marked["id"]: True, fair["id"]: False}
        rows = lobby.rows(client.app.state.hub.store)  # type: ignore[attr-defined]
        assert [r.id for r in rows.open] == [fair["id"]]
        assert [r.id for r in rows.marked] == [marked["id"]]


@pytest.mark.parametrize("game", GAMES)
def test_a_rematch_of_a_chosen_seed_table_is_dealt_fairly(tmp_path: Path, game: str) -> None:
    prefix = almost_over(game, ENDING_SEED[game])
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, game, seed=ENDING_SEED[game], prefix=prefix)
        seats = [stack.enter_context(seat(client, made["id"], t)) for t in made["seats"]]
        frames = [s.until(lambda f: True) for s in seats]
        mover = next(i for i, f in enumerate(frames) if f["legal"])
        seats[mover].send(op="act", action=frames[mover]["legal"][0]["index"], id=1)
        assert seats[mover].until(lambda f: f.get("reply_to") == 1)["finished"]
        finished = client.get("/").text.split('id="done-h"')[1]
        assert "(chosen seed)" in finished
        seats[0].send(op="rematch", id=2)
        new_id = seats[0].until(lambda f: f.get("reply_to") == 2)["rematch"]
        assert live(client, new_id).data.chosen_seed is False
        assert NOTICE not in client.get(f"/t/{new_id}?k={made['seats'][0]}").text


def test_the_mark_is_kept_in_the_store_and_read_from_older_snapshots(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        marked, fair = create(client, GAMES[0], seed=3), create(client, GAMES[0])
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        assert Table.open(store, marked["id"]).data.chosen_seed is True
        assert Table.open(store, fair["id"]).data.chosen_seed is False
        snapshot = live(client, marked["id"]).snapshot()
    older = {k: v for k, v in snapshot.items() if k not in ("chosen_seed", "moved_at")}
    data = TableData.from_json(older, "an older snapshot", at=7)
    assert data.chosen_seed is True and data.moved_at == 7  # a whole number: chosen
    keyed = TableData.from_json({**older, "seed": new_secret_seed()}, "an older snapshot")
    assert keyed.chosen_seed is False and keyed.moved_at == 0
