"""Campaign words a person reads (issue 25): a battle is numbered once ("Battle 1:
Aberrants", never "Battle 1: Battle 1: Aberrants"), the party's seat is called the
party (not the campaign's name), and the heal reward (IB 7.3.1) is offered only to a
Character it would heal."""

from __future__ import annotations

from initiative.cli.ib.campaign import battle_heading
from initiative.games.ib.campaign.generic import generic_plan
from initiative.games.ib.campaign.rules import (
    PARTY_SEAT,
    battle_match,
    choices,
    choose,
    offered,
)
from tests.ib.campaign.test_rules import CONTENT, PARTY, fight, heal, prepare, start


def test_a_generic_battle_is_numbered_once() -> None:
    plan = generic_plan(CONTENT, 6, 7, None)
    first = plan.battles[0].name
    assert first.startswith("Battle 1: ")
    assert battle_heading(1, first) == first
    assert battle_heading(2, "The Walking Bell") == "Battle 2: The Walking Bell"


def test_the_party_seat_is_not_named_after_the_campaign() -> None:
    match = battle_match(choose(start(3), prepare(), CONTENT), CONTENT)
    assert [s.name for s in match.seats] == [PARTY_SEAT] == ["Party"]


def test_the_heal_reward_is_offered_only_to_the_hurt() -> None:
    """IB 7.3.1: heal one Character 5 HP. At full HP it would gain nothing: not offered
    (still legal, so stored campaigns replay)."""
    c = fight(choose(start(4), prepare(), CONTENT), hp={"brask": 5, "odo": 9})
    healable = [x["character"] for x in offered(c, CONTENT) if x["choice"] == "heal"]
    assert healable == ["brask", "odo"]
    assert heal("wren") not in offered(c, CONTENT) and heal("wren") in choices(c, CONTENT)
    c = fight(choose(start(4), prepare(), CONTENT))
    members = {m.character: m for m in c.party}
    assert all(members[k].hp == members[k].max_hp(CONTENT) for k in PARTY)
    shown = offered(c, CONTENT)
    assert not [x for x in shown if x["choice"] == "heal"]
    assert {"type": "reward", "choice": "flux"} in shown  # a reward is always there
