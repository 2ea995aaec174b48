"""A choice is played once (issue 25, hostile input: "a re-sent action plays twice";
docs/web.md "A choice is played once"): every choosing request names the `seq` it was
chosen at, and the table refuses it (`code: stale`, the table's seq, nothing played) once
an action or an undo was stored after it. For every registered web game: whole random
games in which every action is sent twice (the record holds each once), two connections
of one seat choosing at once (one is stored), and the requests without a usable `seq`."""

from __future__ import annotations

import os
import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from initiative.server import rates
from initiative.store import Store
from tests.server.hex_support import Seat, seat
from tests.server.test_every_game_features import (
    GAMES,
    create,
    live,
    running,
    undoable_prefix,
)

GAMES_EACH = int(os.environ.get("ACTION_SEQ_GAMES", "2"))
"""Whole random games per game of the re-send test (`ACTION_SEQ_GAMES=N` for more)."""
MAX_ACTIONS = 3000
"""A game longer than this is a stalled test, not a game."""


@pytest.fixture(autouse=True)
def unhurried(monkeypatch: pytest.MonkeyPatch) -> None:
    """No flood limit: these clients play whole games at full speed and send every
    request twice, far more than a person's requests a second (the limits themselves,
    which count a refused re-send like any request that plays nothing:
    tests/server/test_guards.py)."""
    monkeypatch.setattr(rates, "FRAME_BURST", 10**9)
    monkeypatch.setattr(rates, "TABLE_FRAME_BURST", 10**9)


def stored_acts(client: Any, table_id: str) -> list[list[int]]:
    """The action lists of the `act` events the store holds for the table, in order."""
    store: Store = client.app.state.hub.store
    return [list(e["actions"]) for _, e in store.events(table_id) if e["type"] == "act"]


def answers(mover: Seat, ids: tuple[int, int]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The mover's answer to request `ids[0]` (a state) and the error answering the
    re-sent `ids[1]` (its fresh state read too)."""
    first = mover.until(lambda f: f.get("reply_to") == ids[0])
    error = mover.recv()
    assert error["type"] == "error" and error["reply_to"] == ids[1], error
    again = mover.recv()
    assert again["type"] == "state" and again["reply_to"] == ids[1], again
    assert again["seq"] == first["seq"] == error["seq"]  # nothing was stored for it
    return first, error


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("number", range(GAMES_EACH))
def test_every_action_sent_twice_is_played_once(tmp_path: Path, game: str,
                                                number: int) -> None:
    """Every action of a whole random game is sent twice: the even ones while the first
    is still in flight (a doubled frame), the odd ones after its answer arrived (a
    client re-sending). Each second copy is refused as stale and the record holds every
    action exactly once: its length is the number of distinct actions chosen."""
    rng = random.Random(f"{game}:{number}")
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, game, seed=100 + number)
        seats = [stack.enter_context(seat(client, made["id"], t)) for t in made["seats"]]
        for s in seats:
            s.until(lambda f: True)
        chosen: list[int] = []
        while not seats[0].last["finished"]:
            assert len(chosen) < MAX_ACTIONS, f"{game}: no end after {MAX_ACTIONS} actions"
            mover = next(s for s in seats if s.last["legal"])
            frame = mover.last
            request = {"op": "act", "action": rng.choice(frame["legal"])["index"],
                       "seq": frame["seq"]}
            ids = (2 * len(chosen) + 1, 2 * len(chosen) + 2)
            mover.send(**request, id=ids[0])
            if len(chosen) % 2 == 0:
                mover.send(**request, id=ids[1])  # before the answer: a doubled frame
                first, error = answers(mover, ids)
            else:
                first = mover.until(lambda f, i=ids[0]: f.get("reply_to") == i)
                mover.send(**request, id=ids[1])  # after it: a client re-sending
                error = mover.recv()
                assert error["type"] == "error" and error["reply_to"] == ids[1], error
                assert mover.recv()["seq"] == first["seq"]
            assert error["code"] == "stale" and "moved on" in error["message"], error
            assert error["seq"] == first["seq"] > frame["seq"]
            chosen.append(request["action"])
            for other in seats:
                if other is not mover:
                    other.until(lambda f, s=first["seq"]: f["seq"] == s)
        table = live(client, made["id"])
        assert table.finished and table.actions == chosen
        assert stored_acts(client, made["id"]) == [[a] for a in chosen]


@pytest.mark.parametrize("game", GAMES)
def test_two_connections_of_one_seat_choosing_at_once_store_one_action(
        tmp_path: Path, game: str) -> None:
    """Two tabs of one seat send a choice each (different ones where the seat has two)
    at the same state before either is answered: the first is stored, the second is
    refused as stale, over a whole stretch of play."""
    rng = random.Random(game)
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, game, seed=7)
        tabs = [[stack.enter_context(seat(client, made["id"], t)) for _ in range(2)]
                for t in made["seats"]]
        for tab in (t for pair in tabs for t in pair):
            tab.until(lambda f: True)
        chosen: list[int] = []
        for n in range(12):
            if tabs[0][0].last["finished"]:
                break
            pair = next(p for p in tabs if p[0].last["legal"])
            frame = pair[0].last
            picks = rng.sample([a["index"] for a in frame["legal"]],
                               min(2, len(frame["legal"])))
            for i, tab in enumerate(pair):
                tab.send(op="act", action=picks[i % len(picks)], seq=frame["seq"],
                         id=100 * n + i)
            won = pair[0].until(lambda f, i=100 * n: f.get("reply_to") == i)
            error = pair[1].recv()
            while error["type"] != "error":  # the winner's state reached this tab first
                error = pair[1].recv()
            assert error["code"] == "stale" and error["reply_to"] == 100 * n + 1, error
            pair[1].until(lambda f, i=100 * n + 1: f.get("reply_to") == i)
            chosen.append(picks[0])
            for tab in (t for p in tabs for t in p):
                if tab.last["seq"] < won["seq"]:
                    tab.until(lambda f, s=won["seq"]: f["seq"] >= s)
        assert len(chosen) >= 2
        assert live(client, made["id"]).actions == chosen
        assert stored_acts(client, made["id"]) == [[a] for a in chosen]


@pytest.mark.parametrize("game", GAMES)
def test_a_choice_without_a_usable_seq_is_refused_and_chat_does_not_make_it_stale(
        tmp_path: Path, game: str) -> None:
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, game, seed=8)
        seats = [stack.enter_context(seat(client, made["id"], t)) for t in made["seats"]]
        for s in seats:
            s.until(lambda f: True)
        mover = next(s for s in seats if s.last["legal"])
        other = next(s for s in seats if s is not mover)
        frame = mover.last
        choice = frame["legal"][0]["index"]
        for op in ("act", "step", "confirm", "undo"):  # an old client: a clear refusal
            mover.send(op=op, action=choice, seq=None, id=op)
            error = mover.recv()
            assert error["code"] == "seq_required" and "needs 'seq'" in error["message"]
            assert error["reply_to"] == op and mover.recv()["type"] == "state"
        for bad in ("3", 1.5, True, -1, [frame["seq"]]):
            assert "'seq' must be the whole number" in mover.refused(
                op="act", action=choice, seq=bad)
        mover.send(op="act", action=choice, seq=frame["seq"] + 5)
        error = mover.recv()
        assert error["code"] == "stale" and "ahead of this table" in error["message"]
        mover.recv()
        other.send(op="chat", text="take your time", id="c")  # the game did not change
        other.until(lambda f: f.get("reply_to") == "c")
        mover.send(op="act", action=choice, seq=frame["seq"], id="late")
        played = mover.until(lambda f: f.get("reply_to") == "late")
        assert played["seq"] == frame["seq"] + 2
        assert live(client, made["id"]).actions == [choice]
        assert stored_acts(client, made["id"]) == [[choice]]


@pytest.mark.parametrize("game", GAMES)
def test_an_undo_sent_twice_takes_back_one_turn(tmp_path: Path, game: str) -> None:
    """A turn taken back, then the undo request again at the same seq: refused as
    stale, so an earlier turn is never taken back by a doubled request."""
    prefix, choice = undoable_prefix(game, 3)
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, game, seed=3, prefix=prefix)
        seats = [stack.enter_context(seat(client, made["id"], t)) for t in made["seats"]]
        for s in seats:
            s.until(lambda f: True)
        table = live(client, made["id"])
        mover = seats[table.state.current_seat()]
        mover.send(op="act", action=choice, id=1)
        acted = mover.until(lambda f: f.get("reply_to") == 1)
        assert acted["can_undo"]
        mover.send(op="undo", seq=acted["seq"], id=2)
        mover.send(op="undo", seq=acted["seq"], id=3)
        mover.until(lambda f: f.get("reply_to") == 2)
        error = mover.recv()
        assert error["code"] == "stale" and error["reply_to"] == 3, error
        assert table.actions == prefix
        events = [e["type"] for _, e in client.app.state.hub.store.events(made["id"])]
        assert events.count("undo") == 1 and events.count("act") == 1
