"""What just happened, for JSON clients (issue 25, item 3), in every registered web
game: a seat's JSON state says where its lines since its last decision start
(`since_index`), which log lines a stand-in bot played (`by_stand_in`) and the
stand-in notices beside the undo ones (`notices`, each with its `kind`), all as
positions in the seat's own `view.log`, exactly where the seat's page marks them
and nothing more (no other seat's hidden entry counted or named)."""

from __future__ import annotations

import random
import re
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from initiative.engine.contract import SPECTATOR
from initiative.server import seat_frames, turn_log
from initiative.server.sites import site_of
from initiative.server.table import Table
from initiative.store import Store
from tests.server.hex_support import seat
from tests.server.support import commit
from tests.server.test_every_game_features import FIELDS, GAMES, create, live, running

NOTICE_TEXTS = re.compile(r"(?:[\w ]+ \()?(?:Ann|Bea)\)? (is away: a stand-in bot plays "
                          r"their seat until they come back\.|is back and plays their own "
                          r"seat again\.|took back their last turn\.)")
"""Every sentence a notice may say: a seat's name and nothing else."""


def two_people_table(store: Store, name: str, creator: str | None = None,
                     **more: object) -> Table:
    """A table of game `name` for Ann and Bea (its fields of FIELDS and `more`), seed 5
    unless it has a creator key (then a secret one, as the form makes it)."""
    site = site_of(name)
    plan = site.parse({"seat0_name": "Ann", "seat1_name": "Bea",
                       **{k: str(v) for k, v in {**FIELDS[name], **more}.items()}})
    table, _, _ = Table.create(store, site, plan, None if creator else 5, creator=creator)
    return table


def play_turns(store: Store, table: Table, rng: random.Random, turns: int | None,
               ann_by: str) -> None:
    """Turns of one step each until Ann (seat 0) has played `turns` of them (None: to
    the end of the game), hers played by `ann_by` (never a guess at an answer that may
    end the game while another choice is left)."""
    for _ in range(5000):
        seat_now = table.state.current_seat()
        if seat_now < 0 or turns == 0:
            return
        legal = list(table.state.legal_actions())
        action = rng.choice([a for a in legal if a.kind.name != "SOLVE"] or legal)
        commit(store, table, table.check_act(seat_now, [table.game.action_index(action)],
                                             by=ann_by if seat_now == 0 else "player"))
        if turns is not None and seat_now == 0:
            turns -= 1
    raise AssertionError("the game did not end")


def _page_marks(table: Table, seat_at: int) -> tuple[int | None, list[int], list[str]]:
    """What the seat's page marks in its log: where its lines since its last decision
    start, the lines named as a stand-in's, the notices' sentences."""
    page = seat_frames.seat_page(table, seat_at, "")
    region = next(html for key, html in table.site.render(page).regions.items()
                  if key.endswith("log"))
    lines = re.findall(r'<li class="([^"]*)" data-at="(\d+)"[^>]*>([^<]*)</li>', region)
    since = next((int(at) for cls, at, _ in lines if "since" in cls.split()), None)
    named = [int(at) for cls, at, text in lines
             if cls.startswith("event") and "(stand-in bot for " in text]
    return since, named, [text for cls, _, text in lines if cls.startswith("notice")]


@pytest.mark.parametrize("name", GAMES)
def test_json_marks_the_lines_its_page_marks(tmp_path: Path, name: str) -> None:
    store = Store(f"sqlite:///{tmp_path / 't.db'}")
    table = two_people_table(store, name)
    rng = random.Random(5)
    for by in ("player", "stand-in", "player"):
        play_turns(store, table, rng, 6, by)
    assert not table.finished, "the game ended before Ann played her seat again"
    assert any(t.by == turn_log.STAND_IN for t in table.turns)
    for at in (0, 1, SPECTATOR):
        frame = seat_frames.json_frame(table, at, 0)
        since, named, notices = _page_marks(table, at)
        log = frame["view"]["log"]
        if frame["since_index"] is not None and frame["since_index"] < len(log):
            assert frame["since_index"] == since
        else:
            assert since is None
        assert [m["at"] for m in frame["by_stand_in"]] == named
        assert {(m["seat"], m["name"]) for m in frame["by_stand_in"]} == {(0, table.seat_name(0))}
        assert [n["text"] for n in frame["notices"]] == notices
        assert [(n["kind"], n["seat"]) for n in frame["notices"]] == [("away", 0), ("back", 0)]
        assert all(0 <= m["at"] < len(log) for m in frame["by_stand_in"])
    assert seat_frames.json_frame(table, SPECTATOR, 0)["since_index"] is None
    assert seat_frames.json_frame(table, 0, 0)["since_index"] is not None


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_json_marks_name_nothing_hidden(tmp_path: Path, name: str) -> None:
    """The marks are the same for every seat but its own last decision: a seat's
    positions differ from another's only by its own log's private entries, and every
    notice names a seat and nothing else."""
    store = Store(f"sqlite:///{tmp_path / 't.db'}")
    table = two_people_table(store, name)
    rng = random.Random(7)
    for by in ("player", "stand-in", "player"):
        play_turns(store, table, rng, 4, by)
    public = seat_frames.json_frame(table, SPECTATOR, 0)
    for at in (0, 1):
        frame = seat_frames.json_frame(table, at, 0)
        view = table.view(at)
        for key in ("notices", "by_stand_in"):
            mine = [m["at"] for m in frame[key]]
            assert mine == table.site.log_places(view, [m["at"] for m in public[key]])
            assert [{k: v for k, v in m.items() if k != "at"} for m in frame[key]] == \
                [{k: v for k, v in m.items() if k != "at"} for m in public[key]]
        assert all(NOTICE_TEXTS.fullmatch(n["text"]) for n in frame["notices"])
        last = max(i for i, t in enumerate(table.turns) if t.seat == at and t.by == "player")
        assert frame["since_index"] == table.site.log_places(
            view, [turn_log.log_at(table, last)])[0]


@pytest.mark.parametrize("name", GAMES)
def test_json_clients_hear_since_and_stand_ins_live(tmp_path: Path, name: str) -> None:
    """Over the socket: once a stand-in plays for a person who left, the other seat's
    state names its lines and says the person is away; a seat's state after its
    decision says where that decision's lines start."""
    with running(tmp_path, away_after=0.2) as client, ExitStack() as stack:
        made = create(client, name, seed=5)
        table = live(client, made["id"])
        mover = table.state.current_seat()
        other = 1 - mover
        stay = stack.enter_context(seat(client, made["id"], made["seats"][other]))
        first = stay.until(lambda f: True)
        assert first["since_index"] is None and first["by_stand_in"] == []
        with seat(client, made["id"], made["seats"][mover]) as leaving:
            leaving.until(lambda f: True)
        heard: dict[str, Any] = stay.until(lambda f: bool(f["legal"]), timeout=30)
        for n in range(40):  # until a stand-in's turn wrote a line (keeping a hand may not)
            if heard["by_stand_in"]:
                break
            stay.send(op="act", action=heard["legal"][0]["index"], seq=heard["seq"], id=n)
            seq = heard["seq"]
            heard = stay.until(lambda f, s=seq: bool(f["legal"]) and f["seq"] > s,
                               timeout=30)
        assert not table.finished
        names = (table.seat_name(0), table.seat_name(1))
        assert {(m["seat"], m["name"]) for m in heard["by_stand_in"]} == {
            (mover, names[mover])}
        assert [(n["kind"], n["seat"]) for n in heard["notices"]] == [("away", mover)]
        assert heard["notices"][0]["text"].startswith(f"{names[mover]} is away")
        began = table.site.log_length(table.state)
        stay.send(op="act", action=heard["legal"][0]["index"], seq=heard["seq"], id=1)
        played = stay.until(lambda f: f.get("reply_to") == 1)
        assert played["since_index"] == table.site.log_places(table.view(other), [began])[0]
