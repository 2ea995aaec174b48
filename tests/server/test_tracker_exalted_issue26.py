"""Issue 26's tick-tracker commands on the web GM page (which runs the same console):
worthy foes and a contest (EX-1), `next` announcing without starting (EX-17) and a held
turn's last chance (EX-A8); the players' view hides an NPC's contest dice under the
house rule."""

from __future__ import annotations

from starlette.testclient import TestClient

from initiative.timing.ticks import TickRules
from initiative.timing.ticks_view import tick_view
from initiative.trackers.exalted import ExaltedConsole
from tests.server.test_trackers import client, create, events, record, run, shown_error

__all__ = ["client"]  # the fixture, used by name


def test_gm_page_runs_worthy_contest_and_announced_then_delay(client: TestClient) -> None:
    gm = create(client, "exalted")["gm"]
    for line in ("roster", "worthy Scout no", "join Ryo 5", "join Sela 1", "join Brute 4",
                 "start", "contest Ryo 4 Scout 2", "next", "delay"):
        assert run(client, gm, line).status_code == 303, line
    refused = run(client, gm, "join Scout 2")
    assert refused.status_code == 400 and "not a worthy foe (EX-1)" in shown_error(refused.text)
    page = client.get(gm).text
    assert "not worthy (EX-1)" in page  # Scout's row
    assert "Contest #1 (EX-1, no turn order)" in page
    assert "Ryo -1i (delay, holds the turn)" in page
    t = record(client, gm).console.tracker  # type: ignore[attr-defined]
    assert t.contests[0].winner == "Ryo" and t.fighters["Ryo"].holding
    assert events(client, gm)[-1]["line"] == "delay"
    for line in ("next", "act Brute", "next", "act Sela", "next"):
        assert run(client, gm, line).status_code == 303, line
    page = client.get(gm).text
    assert "Last chance (EX-17, EX-A8): Ryo may still take the held turn" in page
    assert "last chance: Ryo may still take the held turn" in page  # the order's line
    assert "nobody (end the round)" not in page


def test_players_view_hides_an_npcs_contest_dice_under_the_house_rule() -> None:
    """EX-1 with show_npc_initiative_to_players=false: the NPC's pool and dice stay with
    the GM; the successes and the winner are public."""
    c = ExaltedConsole(lambda _: None, TickRules(show_npc_initiative_to_players=False))
    for line in ("add Ryo stamina=3 wits=3 awareness=2",
                 "add Mook npc stamina=1 wits=2 awareness=1", "worthy Mook no",
                 "contest Ryo Mook"):
        c.run(line)
    player, gm = tick_view(c.tracker, "Ryo"), tick_view(c.tracker, "GM")
    mook = player["contests"][0]["sides"][1]
    assert mook["pool"] is None and mook["faces"] is None
    assert gm["contests"][0]["sides"][1]["pool"] == 3
    assert player["contests"][0]["winner"] == gm["contests"][0]["winner"]
    assert "Mook rolled Wits+Awareness" not in " ".join(player["log"])
    assert "Mook rolled Wits+Awareness" in " ".join(gm["log"])
