"""Team chat: in a team format (IB 8.2) partners may write to their own team only;
the other team and spectators never receive those lines, on the page or the socket."""

from __future__ import annotations

from pathlib import Path

from initiative.server.ib.setup import SeatPlan, TableSetup
from initiative.server.table import Pending, Table
from tests.server.support import new_table, store_at


def _two_v_two(tmp_path: Path) -> Table:
    store = store_at(tmp_path)
    seats = tuple(SeatPlan(f"P{i}", team, "human") for i, team in
                  enumerate(("lone_warden", "kettle_and_kite", "hourglass_trio",
                             "lone_warden")))
    table, _, _ = new_table(store, TableSetup("2v2", "2v2", seats), 1)
    return table


def _say(table: Table, pending: Pending) -> None:
    table.apply(pending)


def test_team_lines_reach_the_team_only(tmp_path: Path) -> None:
    table = _two_v_two(tmp_path)
    assert table.game.match.seat_team == (0, 0, 1, 1)
    _say(table, table.check_chat(0, "Break with the warden next round", team=True))
    _say(table, table.check_chat(2, "good game, all"))
    mine = [c.text for c in table.chat_for(1)]
    theirs = [c.text for c in table.chat_for(3)]
    public = [c.text for c in table.chat_for(-3)]
    assert mine == ["Break with the warden next round", "good game, all"]
    assert theirs == public == ["good game, all"]


def test_team_lines_survive_reopening(tmp_path: Path) -> None:
    table = _two_v_two(tmp_path)
    store = store_at(tmp_path)
    pending = table.check_chat(3, "focus the left one", team=True)
    store.append(table.id, 1, pending.event)
    reopened = Table.open(store, table.id)
    assert [c.text for c in reopened.chat_for(2)] == ["focus the left one"]
    assert reopened.chat_for(0) == []
