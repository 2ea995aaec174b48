"""A finished game's replay names a stand-in bot's turns as the live log does, in every
registered web game (issue 25, item 3); a rematch keeps its table's creator key, so
the creator's link opens the rematch's page of links too (issue 25, item 2); and a
table's turn marks are moved on by new turns, not read again from the first turn for
every seat's frame."""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path

import pytest

from initiative.server import seat_frames, turn_log
from initiative.server.table import Table
from initiative.store import Store
from tests.server.hex_support import seat
from tests.server.support import commit
from tests.server.test_every_game_features import (
    ENDING_SEED,
    GAMES,
    almost_over,
    create,
    live,
    running,
)
from tests.server.test_json_marks import play_turns, two_people_table

AWAY = "{} is away: a stand-in bot plays their seat until they come back."


def _replay_log(table: Table, step: int) -> str:
    page = seat_frames.replay_page(table, table.state_at(step), step)
    return next(html for key, html in table.site.render(page).regions.items()
                if key.endswith("log"))


@pytest.mark.parametrize("name", GAMES)
def test_the_replay_names_stand_in_turns(tmp_path: Path, name: str) -> None:
    store = Store(f"sqlite:///{tmp_path / 't.db'}")
    table = two_people_table(store, name)
    ann = table.seat_name(0)  # "Ann", or her character and "(Ann)"
    suffix, away, back = f" (stand-in bot for {ann})", AWAY.format(ann), f"{ann} is back"
    rng = random.Random(5)
    for by in ("player", "stand-in", "player"):
        play_turns(store, table, rng, 5, by)
    stand_ins = [t for t in table.turns if t.by == turn_log.STAND_IN]
    first, last = stand_ins[0], stand_ins[-1]  # one run of stand-in turns
    # (a turn may log nothing by itself, e.g. the first step of a card's choices)
    whole = _replay_log(table, len(table.actions))
    live_log = seat_frames.seat_page(table, 1, "")
    assert whole.count(suffix) == len(live_log.suffixes) > 0
    assert away in whole and back in whole
    before = _replay_log(table, first.start)  # the step before the stand-in's first turn
    assert suffix not in before and away not in before
    after = _replay_log(table, last.start + last.count)
    assert suffix in after and away in after and back not in after
    assert "since-mark" not in whole  # a replay is the spectators' view


@pytest.mark.parametrize("name", GAMES)
def test_the_creators_key_opens_the_rematchs_page_of_links(tmp_path: Path,
                                                           name: str) -> None:
    prefix = almost_over(name, ENDING_SEED[name])
    with running(tmp_path) as client, ExitStack() as stack:
        made = create(client, name, seed=ENDING_SEED[name], prefix=prefix)
        key = made["creator"]
        seats = [stack.enter_context(seat(client, made["id"], t)) for t in made["seats"]]
        frames = [s.until(lambda f: True) for s in seats]
        mover = next(i for i, f in enumerate(frames) if f["legal"])
        seats[mover].send(op="act", action=frames[mover]["legal"][0]["index"],
                          seq=frames[mover]["seq"], id=1)
        assert seats[mover].until(lambda f: f.get("reply_to") == 1)["finished"]
        old_page = client.get(f"/t/{made['id']}/created?k={key}").text
        assert "rematch-links" not in old_page
        seats[1 - mover].send(op="rematch", id=2)
        new_id = seats[1 - mover].until(lambda f: f.get("reply_to") == 2)["rematch"]
        page = client.get(f"/t/{new_id}/created?k={key}")
        assert page.status_code == 200
        for token in made["seats"]:
            assert f"/t/{new_id}?k={token}" in page.text
        assert f"/t/{new_id}/created?k={key}" in page.text  # the key to this page
        assert f'href="/t/{new_id}/created?k={key}" id="rematch-links"' in \
            client.get(f"/t/{made['id']}/created?k={key}").text
        assert client.get(f"/t/{new_id}/created?k={made['seats'][0]}").status_code == 403
        # A seat's page of the rematch tells My tables its series (the first table).
        seat_page = client.get(f"/t/{new_id}?k={made['seats'][0]}").text
        assert f'"series": "{made["id"]}"' in seat_page.replace("&#34;", '"')
        assert live(client, new_id).data.creator_digest == \
            live(client, made["id"]).data.creator_digest


@pytest.mark.parametrize("name", GAMES)
def test_turn_marks_move_on_by_new_turns_only(tmp_path: Path, name: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(f"sqlite:///{tmp_path / 't.db'}")
    table = two_people_table(store, name)
    added: list[int] = []
    original = turn_log.TurnMarks.add

    def counted(self: turn_log.TurnMarks, on: Table, number: int, turn: object) -> None:
        added.append(number)
        original(self, on, number, turn)  # type: ignore[arg-type]

    monkeypatch.setattr(turn_log.TurnMarks, "add", counted)
    rng = random.Random(5)
    for by in ("player", "stand-in", "player"):
        for _ in range(4):
            play_turns(store, table, rng, 1, by)
            for at in (0, 1, -1):  # every seat's frame after each turn
                seat_frames.json_frame(table, at, 0)
                seat_frames.seat_page(table, at, "")
    assert sorted(added) == list(range(len(table.turns)))  # each turn read once

    assert marks_now(table) == fresh(table)
    for _ in range(20):  # a turn taken back, then one played in its place: read again
        last = table.turns[-1]
        if table.can_undo(table.link_seat(last.seat)):
            commit(store, table, table.check_undo(table.link_seat(last.seat)))
            assert marks_now(table) == fresh(table)
            play_turns(store, table, rng, 1, "stand-in")
            assert marks_now(table) == fresh(table)
            return
        play_turns(store, table, rng, 1, "player")
        marks_now(table)
    raise AssertionError("no turn to take back")


def marks_now(table: Table) -> tuple[object, ...]:
    return (turn_log.stand_ins(table), turn_log.since_at(table, 0), turn_log.since_at(table, 1))


def fresh(table: Table) -> tuple[object, ...]:
    """The marks read again from the first turn."""
    turn_log._MARKS.pop(table, None)
    return marks_now(table)
