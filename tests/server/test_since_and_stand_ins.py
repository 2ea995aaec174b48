"""Seeing what just happened (issue 25, item 3), in every game's log alike: the lines
since a seat's last decision are marked after a "Since your last move" divider, a
stand-in bot's turns are named as such ("(stand-in bot for Ann)"), and the log says
when a stand-in took over the seat of a person away and when the person played it
again. The same page is drawn after the table is read back from the store (the
positions of turns played before are found by replaying the game)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from initiative.engine.contract import SPECTATOR
from initiative.server import seat_frames, turn_log
from initiative.server.sites import site_of
from initiative.server.table import Table
from initiative.server.ti.render import seat_positions
from initiative.store import Store
from tests.server.support import commit
from tests.server.test_hub_every_game import GAMES

LOG_REGION = {"initiative_break": "log", "hex_skirmish": "hx-log", "the_initiative": "ti-log"}
AWAY = "{} is away: a stand-in bot plays their seat until they come back."
BACK = "{} is back and plays their own seat again."
SUFFIX = " (stand-in bot for {})"
"""Filled with seat 1's name as every page shows it (`Table.seat_name`)."""


def _log(table: Table, seat: int) -> str:
    page = seat_frames.seat_page(table, seat, "")
    return table.site.render(page).regions[LOG_REGION[table.site.name]]


def _lines(html: str) -> list[tuple[str, str]]:
    """Each log line's class and text."""
    return re.findall(r'<li class="([^"]*)"[^>]*>([^<]*)</li>', html)


def _play(store: Store, table: Table, rng: random.Random, turns: int,
          ann_by: str) -> None:
    """Turns of one step each until Ann (seat 0) has played `turns` of them, hers
    played by `ann_by` (never a guess at The Initiative's answer, which may end it)."""
    for _ in range(2000):
        seat = table.state.current_seat()
        if seat < 0 or not turns:
            return
        legal = list(table.state.legal_actions())
        action = rng.choice([a for a in legal if a.kind.name != "SOLVE"] or legal)
        index = table.game.action_index(action)
        commit(store, table, table.check_act(seat, [index],
                                             by=ann_by if seat == 0 else "player"))
        turns -= seat == 0


@pytest.mark.parametrize("name", sorted(LOG_REGION))
def test_the_log_marks_since_my_last_move_and_names_stand_ins(tmp_path: Path,
                                                              name: str) -> None:
    store = Store(f"sqlite:///{tmp_path / 't.db'}")
    table, _, _ = Table.create(store, site_of(name), GAMES[name].plan, 5)
    rng = random.Random(5)
    _play(store, table, rng, 6, "player")
    _play(store, table, rng, 6, "stand-in")
    _play(store, table, rng, 6, "player")
    assert not table.finished, "the game ended before Ann played her seat again"

    ann = table.seat_name(0)
    away, back, suffix = AWAY.format(ann), BACK.format(ann), SUFFIX.format(ann)
    bea = _log(table, 1)
    texts = [text for _, text in _lines(bea)]
    assert texts.count(away) == 1 and texts.count(back) == 1
    assert texts.index(away) < texts.index(back)
    named = [i for i, text in enumerate(texts) if text.endswith(suffix)]
    assert named and all(texts.index(away) < i < texts.index(back) for i in named)
    # The notice stands right before the stand-in's first line.
    first = next(i for i, t in enumerate(table.turns) if t.by == "stand-in")
    assert turn_log.stand_ins(table)[0][0] == (turn_log.log_at(table, first), away)

    marked = 0
    for seat in (0, 1):
        html = _log(table, seat)
        lines = _lines(html)
        last = max(i for i, t in enumerate(table.turns) if t.seat == seat)
        at = turn_log.log_at(table, last)
        marks = [i for i, (cls, _) in enumerate(lines) if cls == "since-mark"]
        if at == turn_log.log_at(table, len(table.turns)):  # nothing logged since
            assert not marks
            continue
        marked += 1
        assert len(marks) == 1 and lines[marks[0]][1] == "Since your last move"
        since = [i for i, (cls, _) in enumerate(lines) if "since" in cls.split()]
        assert since == list(range(marks[0] + 1, len(lines)))
        if name == "the_initiative":  # a seat's log holds private entries of its own
            at = seat_positions(table.view(seat).events, [at])[0]
        assert f'data-at="{at}"' in html.split('role="separator"')[1].split("</li>")[1]
    assert marked
    assert "since-mark" not in _log(table, SPECTATOR)

    again = Table.open(store, table.id)
    again.turn_log.clear()  # as after a snapshot: every position found by the replay
    for seat in (0, 1, SPECTATOR):
        assert _log(again, seat) == _log(table, seat)
