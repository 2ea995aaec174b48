"""Both readings of every campaign rules flag (CampaignRules, IB-RULINGS.md section L),
set with `CampaignRules(...)` on `new_campaign`."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from initiative.engine.errors import ConfigError
from initiative.games.ib.campaign.model import Campaign
from initiative.games.ib.campaign.rules import (
    CampaignError,
    CampaignRules,
    battle_match,
    battle_seed,
    choices,
    choose,
    finish_battle,
    new_campaign,
)
from tests.ib.campaign.test_rules import (
    CONTENT,
    FLUX,
    PARTY,
    QUIET,
    TEAM,
    advance,
    end,
    fight,
    heal,
    prepare,
    settle,
    sigil,
    small_plan,
    start,
    state_of,
)


def first_battle(rules: CampaignRules, **kw: Any) -> Campaign:
    return choose(start(QUIET, rules), prepare(**kw), CONTENT)


def test_the_defaults_are_the_first_readings() -> None:
    assert CampaignRules() == CampaignRules(
        half_hp_rounding="down", defeated_recover_4=False, flux_token_per_victory="auto",
        xp_overflow="lost", advancement_hp_heals=False, campaign_loss="campaign_over",
        reward_heal_defeated=True)
    assert CampaignRules().to_dict() == {}


# --- AMB-101 half_hp_rounding ------------------------------------------------------------

@pytest.mark.parametrize(("rounding", "wren", "odo"), [("down", 5, 9), ("up", 6, 10)])
def test_amb101_half_hp_rounding(rounding: str, wren: int, odo: int) -> None:
    """Half of the maximum after the new Injury: Wren 11 -> 5 or 6, Odo 19 -> 9 or 10
    (the 'half_hp_rounding' flag)."""
    rules = CampaignRules(half_hp_rounding=rounding)  # type: ignore[arg-type]
    c = fight(first_battle(rules), defeated=["wren", "odo"])
    assert c.rules == ({} if rounding == "down" else {"half_hp_rounding": "up"})
    assert (c.member("wren").max_hp(CONTENT), c.member("odo").max_hp(CONTENT)) == (11, 19)
    assert (c.member("wren").hp, c.member("odo").hp) == (wren, odo)


@pytest.mark.parametrize("rounding", ["down", "up"])
def test_amb101_half_hp_is_at_least_one_under_either_rounding(rounding: str) -> None:
    rules = CampaignRules(half_hp_rounding=rounding)  # type: ignore[arg-type]
    c = start(QUIET, rules).model_copy(deep=True)
    c.member("sela").injuries, c.member("sela").hp = 8, 2
    c = fight(choose(c, prepare(), CONTENT), defeated=["sela"])
    assert c.member("sela").hp == 1 == c.member("sela").max_hp(CONTENT)


# --- AMB-102 defeated_recover_4 ----------------------------------------------------------

@pytest.mark.parametrize(("recover", "wren", "sela"), [(False, 5, 1), (True, 9, 1)])
def test_amb102_defeated_recover_4(recover: bool, wren: int, sela: int) -> None:
    """'defeated_recover_4': false, half HP only; true, half HP then +4 (capped)."""
    c = start(QUIET, CampaignRules(defeated_recover_4=recover)).model_copy(deep=True)
    c.member("sela").injuries, c.member("sela").hp = 8, 2  # the next Injury: max 1
    c = fight(choose(c, prepare(), CONTENT), defeated=["wren", "sela"], hp={"brask": 3})
    assert (c.member("wren").hp, c.member("sela").hp) == (wren, sela)
    assert c.member("brask").hp == 7  # survivors recover 4 either way
    assert c.member("wren").charge == 0


# --- AMB-104 flux_token_per_victory ------------------------------------------------------

@pytest.mark.parametrize(("mode", "auto"), [("auto", 1), ("reward_only", 0)])
def test_amb104_flux_token_per_victory(mode: str, auto: int) -> None:
    """'flux_token_per_victory': auto gives 1 token a victory (2 after a Rehabilitation,
    AMB-113); reward_only gives tokens only through the reward."""
    rules = CampaignRules(flux_token_per_victory=mode)  # type: ignore[arg-type]
    c = settle(fight(first_battle(rules)), reward=heal("odo"))
    assert c.flux == auto
    c = settle(fight(choose(c, prepare(), CONTENT)), reward=FLUX)
    assert c.flux == auto + 1 + auto
    c = settle(fight(choose(c, prepare("wren"), CONTENT)), reward=heal("odo"))
    assert c.flux == auto + 1 + auto + 2 * auto


# --- AMB-106 xp_overflow -----------------------------------------------------------------

@pytest.mark.parametrize(("overflow", "left"), [("lost", 0), ("carry", 1)])
def test_amb106_xp_overflow(overflow: str, left: int) -> None:
    """Two Elite victories: 2 + 2 = 4 XP, one Advancement, then 0 ('lost') or 1
    ('carry') XP left for the 'xp_overflow' flag."""
    rules = CampaignRules(xp_overflow=overflow)  # type: ignore[arg-type]
    c = settle(fight(first_battle(rules, elite=True)), reward=heal("odo"))
    assert all(m.xp == 2 for m in c.party)
    c = fight(choose(c, prepare(elite=True), CONTENT))
    c = choose(choose(c, FLUX, CONTENT), FLUX, CONTENT)
    assert c.stage == "advance" and c.advances == list(PARTY)
    assert all(m.xp == left for m in c.party)
    c = settle(c, option="damage")
    assert all(m.damage_advances == 1 for m in c.party)
    assert c.stage == "prepare"


# --- AMB-107 advancement_hp_heals --------------------------------------------------------

@pytest.mark.parametrize(("heals", "hp"), [(False, 7), (True, 9)])
def test_amb107_advancement_hp_heals(heals: bool, hp: int) -> None:
    """'advancement_hp_heals': the +2 max HP Advancement raises only the maximum, or
    heals the 2 as well."""
    c = start(QUIET, CampaignRules(advancement_hp_heals=heals)).model_copy(deep=True)
    c.member("wren").xp = 2
    c = fight(choose(c, prepare(), CONTENT), hp={"wren": 3})
    c = choose(c, heal("odo"), CONTENT)
    assert c.stage == "advance" and c.advances == ["wren"]
    assert c.member("wren").hp == 7
    c = choose(c, advance("wren", "hp"), CONTENT)
    assert c.member("wren").max_hp(CONTENT) == 14
    assert c.member("wren").hp == hp
    assert c.stage == "prepare"


# --- AMB-109 campaign_loss ---------------------------------------------------------------

def test_amb109_campaign_loss_campaign_over() -> None:
    c = settle(fight(first_battle(CampaignRules(campaign_loss="campaign_over"))))
    c = fight(choose(c, prepare(), CONTENT), won=False)
    assert c.stage == "lost" and choices(c, CONTENT) == []


def test_amb109_campaign_loss_retry_battle() -> None:
    """'campaign_loss': retry_battle fights the same battle again, as it was set up
    (rehab, Elite, modifiers), with a new seed since one more battle was fought."""
    c = settle(fight(first_battle(CampaignRules(campaign_loss="retry_battle"))))
    c = choose(c, prepare("brask", elite=True), CONTENT)
    seed = battle_seed(c)
    lost = fight(c, won=False, defeated=["wren"], hp={"sela": 2}, flux=0)
    assert (lost.stage, lost.battle, lost.fought) == ("battle", "b2", 2)
    assert (lost.rehab, lost.elite, lost.modifiers) == ("brask", True, c.modifiers)
    assert [m.model_dump() for m in lost.party] == [m.model_dump() for m in c.party]
    assert lost.flux == c.flux
    assert battle_seed(lost) != seed
    assert choices(lost, CONTENT) == []
    assert lost.history[-1].battle == "b2" and not lost.history[-1].won
    match = battle_match(lost, CONTENT)
    assert [match.labels[u] for u in match.seat_units[0]] == ["wren", "sela", "odo"]
    again = fight(lost)
    assert (again.stage, again.rewards_left, again.fought) == ("reward", 2, 3)
    assert [(r.battle, r.won) for r in again.history] == [("b1", True), ("b2", False),
                                                         ("b2", True)]


def test_amb109_a_retried_battle_can_be_lost_again() -> None:
    c = first_battle(CampaignRules(campaign_loss="retry_battle"))
    for n in (1, 2):
        state = state_of(c)
        end(state, won=False)
        c = finish_battle(c, state, CONTENT)
        assert (c.stage, c.battle, c.fought) == ("battle", "b1", n)


# --- AMB-117 reward_heal_defeated --------------------------------------------------------

@pytest.mark.parametrize("allowed", [True, False])
def test_amb117_reward_heal_defeated(allowed: bool) -> None:
    """'reward_heal_defeated': may the heal reward target a Character just defeated?"""
    c = fight(first_battle(CampaignRules(reward_heal_defeated=allowed)),
              defeated=["wren"])
    offered = choices(c, CONTENT)
    healable = [x["character"] for x in offered if x["choice"] == "heal"]
    assert healable == (list(PARTY) if allowed else ["brask", "sela", "odo"])
    assert sigil("wren", "prism_sigil") in offered  # only the heal is restricted
    if allowed:
        assert choose(c, heal("wren"), CONTENT).member("wren").hp == 5 + 5
    else:
        with pytest.raises(CampaignError, match="legal"):
            choose(c, heal("wren"), CONTENT)


# --- reading the flags -------------------------------------------------------------------

def test_an_unknown_campaign_flag_is_refused_by_name() -> None:
    with pytest.raises(ConfigError, match="unknown campaign flag 'nope'"):
        CampaignRules.from_dict({"nope": 1})


@pytest.mark.parametrize(("flag", "value"), [
    ("half_hp_rounding", "sideways"), ("defeated_recover_4", "yes"),
    ("flux_token_per_victory", 2), ("xp_overflow", "keep"), ("advancement_hp_heals", 1),
    ("campaign_loss", "restart"), ("reward_heal_defeated", None),
])
def test_a_bad_campaign_flag_value_is_refused_naming_the_flag(flag: str, value: Any) -> None:
    with pytest.raises(ConfigError, match=flag) as raised:
        CampaignRules.from_dict({flag: value})
    assert repr(value) in str(raised.value)


def test_campaign_flags_round_trip_through_the_campaign() -> None:
    rules = CampaignRules(xp_overflow="carry", campaign_loss="retry_battle",
                          reward_heal_defeated=False)
    c = new_campaign("flags", TEAM, small_plan(), CONTENT, QUIET, rules)
    assert c.rules == {"xp_overflow": "carry", "campaign_loss": "retry_battle",
                       "reward_heal_defeated": False}
    assert CampaignRules.from_dict(c.rules) == rules
    assert Campaign.model_validate_json(c.model_dump_json()).rules == c.rules
    assert {f.name for f in fields(CampaignRules)} == {
        "half_hp_rounding", "defeated_recover_4", "flux_token_per_victory", "xp_overflow",
        "advancement_hp_heals", "campaign_loss", "reward_heal_defeated"}
