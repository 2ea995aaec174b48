"""Campaign content (IB 7.9-7.11): the shipped battle-modifier tables, the difficulty
curve and the story campaign of data/campaigns.yaml, and the generic campaign builder."""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources

import pytest

from initiative.engine.errors import ContentError
from initiative.games.ib.actions import MAX_UNITS
from initiative.games.ib.campaign.generic import TIERS, generic_plan, spawn_kinds
from initiative.games.ib.campaign.model import CampaignPlan
from initiative.games.ib.campaign.plans import (
    CurveStep,
    campaign_data,
    load_campaign_text,
    modifier,
    story,
)
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.match import SPAWN_RESERVE, Match
from initiative.games.ib.modes import GameSetup, build_match

CONTENT = core_content()
TEAM = "tideguard"
DATA = resources.files("initiative.games.ib").joinpath("data/campaigns.yaml").read_text("utf-8")

TRACK_OR_TURN_FLAGS = frozenset({
    # track geometry and movement (AMB-01..07)
    "rm_counts_as_space", "pass_rm_destination", "out_of_round_rule", "move_limit_behavior",
    "deferred_move_after_crossing_rm", "ib_unit_is_active",
    "leftmost_between_activations_is_active",
    # the activation sequence (AMB-09..15)
    "stunned_turn_skips", "rm_step_after_stunned_turn", "rm_step_after_active_defeated",
    "free_discards_per_activation",
    # rounds, Initiative Breaks and where units land on the track (AMB-18..34, AMB-78)
    "round_end_check", "ib_moves_rm", "ib_end_position", "ib_allowed_out_of_round",
    "active_unit_ib", "spawn_position",
})
"""House-rule flags that change how the track or a turn works (IB 3, IB 5)."""

CURVE_IB_7_11 = [  # IB 7.11: the suggested difficulty curve, battle by battle
    {"aberrant": (3, 3)},
    {"aberrant": (4, 5)},
    {"aberrant": (2, 3), "construct": (1, 1)},
    {"aberrant": (2, 2), "construct": (2, 2)},
    {"aspect": (1, 1), "aberrant": (2, 2), "construct": (1, 1)},
    {"icon": (1, 1), "aberrant": (1, 2)},
    {"aspect": (2, 2), "aberrant": (2, 2)},
    {"aspect": (2, 2), "construct": (1, 1), "aberrant": (1, 1)},
    {"icon": (1, 1), "construct": (2, 4)},
    {"icon": (1, 1), "aspect": (1, 1), "construct": (2, 2)},
]


def solo_match(challengers: list[str], rivals: list[str] | None = None) -> Match:
    """The battle as a solo match of the four tideguard Characters (IB 6.3, 7.8.1)."""
    return build_match(GameSetup("solo", (TEAM,), None, tuple(challengers),
                                 tuple(rivals or ())), CONTENT)


def tier_counts(keys: list[str]) -> Counter[str]:
    return Counter(CONTENT.challenges[k].tier for k in keys)


# --- the shipped file (IB 7.9, 7.11; content gaps C-10, C-11) ---

def test_the_shipped_campaign_file_loads_and_its_stories_check_against_the_content() -> None:
    loaded = load_campaign_text(DATA, "campaigns.yaml", CONTENT)
    assert loaded == campaign_data()
    assert loaded.stories


@pytest.mark.parametrize("table", ["instant", "persistent"])
def test_ib_7_9_1_each_modifier_table_has_one_row_for_every_2d6_result(table: str) -> None:
    """IB 7.9.1: both tables are rolled on 2d6, so each needs the results 2 to 12."""
    rows = getattr(campaign_data(), table)
    assert sorted(m.roll for m in rows) == list(range(2, 13))
    assert len({m.name for m in rows}) == 11
    for roll in range(2, 13):
        assert modifier(table, roll).roll == roll


def test_ib_7_9_1_every_modifier_does_something_with_valid_house_rule_flags() -> None:
    data = campaign_data()
    for row in (*data.instant, *data.persistent):
        RulesConfig().with_flags(row.rules, row.name)  # raises ConfigError if invalid
        changes = [row.rules, row.flux, row.party != type(row.party)(),
                   row.challengers != type(row.challengers)()]
        assert any(changes), row.name
        assert row.text.strip() and len(row.text) > 40, row.name


def test_ib_7_9_1_instant_rows_act_at_the_start_and_persistent_rows_change_the_rules() -> None:
    """Instant effects change how the battle starts; persistent effects last the whole
    battle, so each sets at least one house-rule flag."""
    data = campaign_data()
    assert all(not m.rules for m in data.instant)
    assert all(m.rules for m in data.persistent)


def test_ib_7_9_1_at_least_three_persistent_rows_change_track_or_turn_rules() -> None:
    rows = [m.name for m in campaign_data().persistent if TRACK_OR_TURN_FLAGS & set(m.rules)]
    assert len(rows) >= 3, rows


def test_ib_7_9_1_the_extreme_rolls_are_the_strongest_and_seven_is_mild() -> None:
    """2 and 12 change more at once than the likeliest result, 7."""
    def weight(roll: int) -> int:
        row = modifier("instant", roll)
        total = row.flux
        for side in (row.party, row.challengers):
            total += abs(side.hp) + abs(side.max_hp) + side.charge + 2 * len(side.statuses)
        return total

    weights = {roll: weight(roll) for roll in range(2, 13)}
    assert weights[2] == weights[12] == max(weights.values())
    seven = modifier("instant", 7)
    for side in (seven.party, seven.challengers):  # 7: no HP lost or gained, no status
        assert side.hp == side.max_hp == 0 and not side.statuses


def test_the_shipped_texts_are_original() -> None:
    """Content gaps C-10, C-11: no name from the rulebook's own story or examples."""
    for word in ("Kaede", "Ember", "Lyra", "Rowan", "Alaric", "First Closure", "Section xx"):
        assert word not in DATA


def test_ib_7_11_the_shipped_curve_is_the_suggested_difficulty_curve() -> None:
    curve = campaign_data().curve
    assert len(curve) == 10
    for step, expected in zip(curve, CURVE_IB_7_11, strict=True):
        ranges = step.model_dump(by_alias=True)
        assert {t: tuple(ranges[t]) for t in TIERS} == {t: expected.get(t, (0, 0))
                                                        for t in TIERS}


# --- the story campaign (IB 7.10.1) ---

def the_story() -> CampaignPlan:
    (plan,) = campaign_data().stories
    return story(plan.key, CONTENT)


def test_ib_7_8_1_every_story_battle_builds_as_a_solo_match_of_at_most_ten_units() -> None:
    plan = the_story()
    assert 3 <= len(plan.battles) <= 5
    for battle in plan.battles:
        assert 3 <= len(battle.challengers) + len(battle.rivals) <= 6, battle.id
        match = solo_match(battle.challengers, battle.rivals)
        assert len(match.units) <= MAX_UNITS, battle.id
        assert not set(battle.rivals) & set(CONTENT.teams[TEAM][1]), battle.id


def test_ib_7_10_1_the_story_branches_once_and_both_paths_reach_the_last_battle() -> None:
    plan = the_story()
    ids = [b.id for b in plan.battles]
    (last,) = [b.id for b in plan.battles if b.last]
    assert plan.after(last) == []
    second = plan.battles[1]
    options = plan.after(second.id)
    assert len(second.next) == 2 and len(set(options)) == 2
    assert all(branch.label for branch in second.next)
    assert [b.id for b in plan.battles if len(b.next) > 1] == [second.id]
    assert plan.after(ids[0]) == [second.id]
    for option in options:
        assert plan.after(option) == [last]
    assert {b.id for b in plan.battles} == {ids[0], second.id, *options, last}


def test_a_story_battle_outside_the_limits_is_refused() -> None:
    """IB 7.8.1: 3 to 6 Challenge Cards; a branch must lead to a battle of the plan."""
    crowded = DATA.replace("challengers: [hour_mite, hour_mite, gloam_hound, tick_thief]",
                           "challengers: [hour_mite, hour_mite, gloam_hound, tick_thief, "
                           "mire_leech, soot_moth, splinter_crawler]")
    with pytest.raises(ContentError, match=r"7 Challenge Cards.*IB 7\.8\.1"):
        load_campaign_text(crowded, "crowded.yaml", CONTENT)
    lost = DATA.replace("battle: sealed_archive}", "battle: nowhere}")
    with pytest.raises(ContentError, match="unknown battle 'nowhere'"):
        load_campaign_text(lost, "lost.yaml", CONTENT)


# --- generic campaigns (IB 7.10.2, 7.11) ---

def within_curve(plan: CampaignPlan, party_size: int = 4) -> None:
    """Every battle keeps each tier within its curve step (IB 7.11.1), except Aberrants
    dropped to fit the track, which the battle's text says; 3-6 CCs and at most 10
    units with the spawn slots (IB 7.8.1)."""
    curve = campaign_data().curve
    assert [b.id for b in plan.battles] == [f"battle_{n}" for n in
                                             range(1, len(plan.battles) + 1)]
    assert [b.last for b in plan.battles] == [False] * (len(plan.battles) - 1) + [True]
    for battle, step in zip(plan.battles, curve, strict=False):
        counts, ranges = tier_counts(battle.challengers), step.model_dump(by_alias=True)
        assert 3 <= len(battle.challengers) <= 6, battle
        units = (party_size + len(battle.challengers)
                 + SPAWN_RESERVE * len(spawn_kinds(CONTENT, battle.challengers)))
        assert units <= MAX_UNITS, battle
        for tier in TIERS:
            low, high = ranges[tier]
            if tier == "aberrant" and counts[tier] < low:
                assert "fewer than the curve suggests" in battle.text
                assert len(battle.challengers) == 3
            else:
                assert low <= counts[tier] <= high, (battle, tier)
        assert battle.name.startswith(f"Battle {battle.id.split('_')[1]}: ")


@pytest.mark.parametrize("battles", [6, 7, 8, 9, 10])
@pytest.mark.parametrize("seed", range(12))
def test_ib_7_11_1_a_generic_campaign_follows_the_suggested_curve(battles: int,
                                                                  seed: int) -> None:
    plan = generic_plan(CONTENT, battles, seed)
    assert plan.key == f"generic_{seed}" and len(plan.battles) == battles
    within_curve(plan)


@pytest.mark.parametrize("battles", [6, 10])
def test_ib_7_8_1_every_generic_battle_builds_as_a_solo_match(battles: int) -> None:
    for seed in range(6):
        for battle in generic_plan(CONTENT, battles, seed).battles:
            assert len(solo_match(battle.challengers).units) <= MAX_UNITS


def test_ib_7_11_1_a_generic_campaign_is_determined_by_its_seed() -> None:
    assert generic_plan(CONTENT, 10, 42) == generic_plan(CONTENT, 10, 42)
    owned = list(CONTENT.challenges)
    assert generic_plan(CONTENT, 8, 5, owned) == generic_plan(CONTENT, 8, 5, owned[::-1])
    plans = {tuple(tuple(b.challengers) for b in generic_plan(CONTENT, 10, s).battles)
             for s in range(8)}
    assert len(plans) > 1


def test_ib_7_11_1_the_icon_step_keeps_room_for_its_minions() -> None:
    """Step 9 allows up to 4 Constructs beside an Icon, but both shipped Icons spawn, so
    4 Characters + 1 Icon + 2 spawn slots leave room for 3 (IB 7.8.1)."""
    for seed in range(20):
        ninth = generic_plan(CONTENT, 10, seed).battles[8]
        assert tier_counts(ninth.challengers)["construct"] in (2, 3)
        sixth = generic_plan(CONTENT, 6, seed).battles[5]
        assert tier_counts(sixth.challengers)["aberrant"] == 2  # 1 would be only 2 CCs


def test_ib_7_10_2_a_generic_campaign_uses_only_the_cards_the_player_owns() -> None:
    owned = ["hour_mite", "gloam_hound", "bellframe_sentinel", "chancery_censor",
             "soot_mother"]
    for seed in range(10):
        plan = generic_plan(CONTENT, 10, seed, owned)
        within_curve(plan)
        used = {key for b in plan.battles for key in b.challengers}
        assert used <= set(owned)
        assert max(Counter(plan.battles[1].challengers).values()) >= 2  # repeats allowed
        for battle in plan.battles:
            solo_match(battle.challengers)


def test_ib_7_11_1_a_generic_campaign_has_six_to_ten_battles() -> None:
    for battles in (0, 5, 11):
        with pytest.raises(ContentError, match=r"6 to 10 battles \(IB 7\.11\.1\), not "
                                               f"{battles}"):
            generic_plan(CONTENT, battles, 1)


def test_ib_7_11_1_a_missing_tier_names_the_tier_and_the_step() -> None:
    no_icon = [k for k, spec in CONTENT.challenges.items() if spec.tier != "icon"]
    with pytest.raises(ContentError) as raised:
        generic_plan(CONTENT, 6, 1, no_icon)
    text = str(raised.value)
    assert "battle 6" in text and "Icon" in text and "step 6" in text
    assert "customise" in text and "IB 7.11.1" in text
    with pytest.raises(ContentError, match=r"battle 1: .* 3 Aberrants"):
        generic_plan(CONTENT, 6, 1, [])
    with pytest.raises(ContentError, match="unknown Challenge Card 'dragon'"):
        generic_plan(CONTENT, 6, 1, ["hour_mite", "dragon"])


def test_ib_7_8_1_aberrants_are_dropped_to_fit_down_to_three_cards() -> None:
    """A customised step (IB 7.11.1) asking for an Icon and 4 Aberrants: 4 Characters,
    5 CCs and the Icon's 2 spawn slots make 11 units, so one Aberrant goes."""
    crowded = CurveStep(icon=(1, 1), aberrant=(4, 4))
    curve = [crowded] * 6
    plan = generic_plan(CONTENT, 6, 3, ["stopped_clockheart", "gloam_hound"], curve=curve)
    for battle in plan.battles:
        assert tier_counts(battle.challengers) == {"icon": 1, "aberrant": 3}
        assert re.search(r"1 Aberrant fewer than the curve suggests", battle.text)
        assert len(solo_match(battle.challengers).units) == MAX_UNITS


def test_ib_7_8_1_a_battle_that_cannot_fit_is_refused_by_name() -> None:
    """Two spawning Icons and an Aspect: 4 + 3 + 2x2 = 11 units and nothing to drop."""
    curve = [CurveStep(aberrant=(3, 3))] * 2 + [CurveStep(icon=(2, 2), aspect=(1, 1))] * 4
    with pytest.raises(ContentError, match=r"battle 3: .*11 units.*IB 7\.8\.1"):
        generic_plan(CONTENT, 6, 0, curve=curve)
    with pytest.raises(ContentError, match=r"battle 1: .*at most 2 Challenge Cards"):
        generic_plan(CONTENT, 6, 0, curve=[CurveStep(aberrant=(1, 2))] * 6)


def test_ib_7_8_a_smaller_party_under_rehabilitation_leaves_more_room() -> None:
    """IB 7.6, 7.8: 3 Characters under Rehabilitation Protocol."""
    plan = generic_plan(CONTENT, 10, 9, party_size=3)
    within_curve(plan, party_size=3)
    with pytest.raises(ContentError, match="1 to 4 Characters"):
        generic_plan(CONTENT, 10, 9, party_size=5)
