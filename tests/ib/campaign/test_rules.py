"""IB 7 campaign rules between battles (rules.py): a new campaign, the choices before and
after a battle, what a battle inherits from the campaign and what the campaign keeps
from a battle. Battles are not played: each is set up from the campaign and its end is
written into the state directly (CCs or Characters taken off the track, HP, Charge)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import pytest

from initiative.engine.errors import ConfigError, ContentError
from initiative.games.ib import statuses
from initiative.games.ib.campaign.model import BattlePlan, Campaign, CampaignPlan
from initiative.games.ib.campaign.plans import StartChange, modifier, story
from initiative.games.ib.campaign.rules import (
    CampaignError,
    CampaignRules,
    Choice,
    battle_match,
    battle_modifiers,
    battle_seed,
    choices,
    choose,
    finish_battle,
    new_campaign,
)
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.deckbuilding import TeamFile
from initiative.games.ib.formats import shipped_team
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState

CONTENT = core_content()
TEAM = shipped_team(CONTENT, "tideguard")
PARTY = ("wren", "brask", "sela", "odo")
BASE_HP = {k: CONTENT.characters[k].hp for k in PARTY}  # 12, 14, 10, 20
TYPES = {k: CONTENT.characters[k].affinities for k in PARTY}
MITES = ["hour_mite", "hour_mite", "soot_moth"]
STORY = "the_ledger_of_lost_hours"
FLUX: Choice = {"type": "reward", "choice": "flux"}


# --- helpers ---------------------------------------------------------------------------

def prepare(rehab: str | None = None, elite: bool = False) -> Choice:
    return {"type": "prepare", "rehab": rehab, "elite": elite}


def heal(character: str) -> Choice:
    return {"type": "reward", "choice": "heal", "character": character}


def sigil(character: str, card: str) -> Choice:
    return {"type": "reward", "choice": "sigil", "character": character, "card": card}


def advance(character: str, option: str) -> Choice:
    return {"type": "advance", "character": character, "option": option}


def small_plan(battles: int = 3, challengers: list[str] | None = None,
               rivals: list[str] | None = None) -> CampaignPlan:
    return CampaignPlan(key="test", name="Test", battles=[
        BattlePlan(id=f"b{n}", name=f"Battle {n}", challengers=challengers or MITES,
                   rivals=rivals or []) for n in range(1, battles + 1)])


def start(seed: int, rules: CampaignRules | None = None, plan: CampaignPlan | None = None,
          team: TeamFile = TEAM, battle_rules: dict[str, Any] | None = None) -> Campaign:
    return new_campaign("test", team, plan or small_plan(), CONTENT, seed, rules,
                        battle_rules)


def state_of(c: Campaign) -> IBState:
    """The campaign's current battle, set up as the session would."""
    return new_game(battle_match(c, CONTENT), battle_seed(c))


def unit(state: IBState, label: str) -> int:
    return state.match.labels.index(label)


def take_off(state: IBState, u: int) -> None:
    state.track.remove(u)
    state.off |= 1 << u
    state.hp[u] = 0


def end(state: IBState, won: bool) -> None:
    """Every CC off the track and the party wins, or the CCs win."""
    match = state.match
    if won:
        for u in list(state.track.order):
            if match.is_challenge(u):
                take_off(state, u)
    state.result = 0 if won else match.cc_team


def fight(c: Campaign, won: bool = True, defeated: Iterable[str] = (),
          hp: dict[str, int] | None = None, charge: dict[str, int] | None = None,
          flux: int | None = None, edit: Callable[[IBState], None] | None = None) -> Campaign:
    """Set up the battle being fought, write its end and finish it."""
    state = state_of(c)
    for k, v in (hp or {}).items():
        state.hp[unit(state, k)] = v
    for k, v in (charge or {}).items():
        state.charge[unit(state, k)] = v
    if flux is not None:
        state.flux[0] = flux
    if edit is not None:
        edit(state)
    for k in defeated:
        take_off(state, unit(state, k))
    end(state, won)
    return finish_battle(c, state, CONTENT)


def settle(c: Campaign, reward: Choice = FLUX, option: str = "hp") -> Campaign:
    """Take every reward (`reward`) and Advancement (`option`) still due."""
    while c.stage in ("reward", "advance"):
        if c.stage == "reward":
            c = choose(c, reward, CONTENT)
        else:
            c = choose(c, advance(c.advances[0], option), CONTENT)
    return c


def rolls(seed: int, fought: int) -> list[int]:
    """The two 2d6 results a campaign of `seed` rolls before its battle `fought + 1`."""
    c = start(seed).model_copy(update={"fought": fought})
    return choose(c, prepare(), CONTENT).modifiers


def party_neutral(results: list[int]) -> bool:
    """Neither rolled modifier changes how the party starts or its tokens."""
    mods = [modifier("instant", results[0]), modifier("persistent", results[1])]
    return all(m.party == StartChange() and m.flux == 0 for m in mods)


def seed_where(test: Callable[[list[int]], bool], fought: Iterable[int] = (1, 2)) -> int:
    return next(s for s in range(5000) if all(test(rolls(s, f)) for f in fought))


QUIET = seed_where(party_neutral, fought=(1, 2, 3))
"""A seed whose second to fourth battles' modifiers leave the party as it is."""


def deck_count(state: IBState, key: str) -> int:
    """Copies of `key` in the seat's deck, hand and discard pile."""
    card = CONTENT.card_index[key]
    return sum(pile.count(card) for pile in (state.decks[0], state.hands[0],
                                              state.discards[0]))


# --- a new campaign (IB 7.1.1) ------------------------------------------------------------

def test_ib_7_1_1_a_new_campaign_is_four_characters_with_keystones_at_printed_hp() -> None:
    """IB-7.1.1: the 4 Characters chosen at the start with their fixed Keystones, at
    their printed maximum HP, with the team's deck; the first battle is prepared."""
    c = start(QUIET)
    assert [m.character for m in c.party] == list(PARTY)
    assert [m.keystone for m in c.party] == [m.keystone for m in TEAM.characters]
    assert all(m.keystone for m in c.party)
    for m in c.party:
        assert m.hp == BASE_HP[m.character] == m.max_hp(CONTENT)
        assert (m.injuries, m.hp_advances, m.damage_advances, m.xp, m.charge) == (0,) * 5
        assert m.sigils == []
    assert c.deck == list(TEAM.cards())
    assert (c.stage, c.battle, c.fought, c.flux) == ("prepare", "b1", 0, 0)
    assert c.history == [] and c.rules == {} and c.battle_rules == {}
    plan = story(STORY, CONTENT)
    assert start(QUIET, plan=plan).battle == plan.battles[0].id == "cellar_rift"


def test_ib_7_1_1_the_first_battle_fields_the_party_and_its_keystones() -> None:
    c = choose(start(QUIET), prepare(), CONTENT)
    match = battle_match(c, CONTENT)
    fighters = match.seat_units[0]
    assert [match.labels[u] for u in fighters] == list(PARTY)
    assert [k.key if k else None for k in match.unit_keystones[:4]] == \
        [m.keystone for m in TEAM.characters]
    assert [match.max_hp[u] for u in fighters] == [BASE_HP[k] for k in PARTY]
    assert Counter(CONTENT.cards[i].key for i in match.decklists[0]) == Counter(TEAM.cards())


def test_ib_7_1_1_a_team_of_three_is_refused_naming_the_problem() -> None:
    three = replace(TEAM, characters=TEAM.characters[:3])
    with pytest.raises(ContentError, match=r"tideguard: .*IB-2\.0\.1.*4 Characters.*lists 3"):
        start(QUIET, team=three)


def test_ib_7_1_1_an_oversize_deck_is_refused_naming_the_problem() -> None:
    big = replace(TEAM, deck=(*TEAM.deck, ("blaze_sigil", 2), ("undertow_sigil", 2)))
    assert len(big.cards()) == 41
    with pytest.raises(ContentError, match=r"IB-2\.7\.1 .*41 cards.*32 to 40"):
        start(QUIET, team=big)


def test_a_bad_battle_rule_is_refused_when_the_campaign_starts() -> None:
    with pytest.raises(ConfigError, match="nope"):
        start(QUIET, battle_rules={"nope": 1})


# --- Rehabilitation (IB 7.6, AMB-108, AMB-113) -------------------------------------------

def test_ib_7_6_1_no_rehabilitation_before_the_first_battle() -> None:
    """IB-7.6.1 / AMB-108: only from the second battle on."""
    c = start(QUIET)
    assert choices(c, CONTENT) == [prepare(None, False), prepare(None, True)]
    with pytest.raises(CampaignError, match="legal"):
        choose(c, prepare("wren"), CONTENT)


def test_ib_7_6_1_from_the_second_battle_each_character_may_sit_out() -> None:
    """IB-7.6.1: one Character (any of the four, or none) may sit out from battle 2."""
    c = settle(fight(choose(start(QUIET), prepare(), CONTENT)))
    assert (c.stage, c.battle, c.fought) == ("prepare", "b2", 1)
    offered = choices(c, CONTENT)
    assert len(offered) == 10
    assert {(x["rehab"], x["elite"]) for x in offered} == {
        (r, e) for r in (None, *PARTY) for e in (False, True)}


def test_ib_7_6_2_the_sitter_loses_one_injury_heals_to_its_new_max_and_keeps_no_charge(
) -> None:
    """IB-7.6.2 / AMB-108: remove 1 Injury, then heal to the new maximum; Charge 0."""
    c = settle(fight(choose(start(QUIET), prepare(), CONTENT), charge={"wren": 2}))
    assert c.member("wren").charge == 1
    c = c.model_copy(deep=True)
    wren = c.member("wren")
    wren.injuries, wren.hp = 2, 3  # max 10
    after = choose(c, prepare("wren"), CONTENT)
    sitter = after.member("wren")
    assert sitter.injuries == 1
    assert sitter.hp == sitter.max_hp(CONTENT) == BASE_HP["wren"] - 1
    assert sitter.charge == 0
    assert after.rehab == "wren"


def test_ib_7_6_1_the_sitter_is_not_in_the_battle() -> None:
    """IB-7.6.1 / IB-7.8.1: the team fights with 3."""
    c = settle(fight(choose(start(QUIET), prepare(), CONTENT)))
    c = choose(c, prepare("brask"), CONTENT)
    match = battle_match(c, CONTENT)
    fighters = [match.labels[u] for u in match.seat_units[0]]
    assert fighters == ["wren", "sela", "odo"]
    assert "brask" not in match.labels
    assert match.seats[0].characters == ("wren", "sela", "odo")
    assert len(match.seats[0].keystones) == 3


def test_ib_7_6_2_the_sitter_gains_no_xp_and_ib_7_6_3_a_victory_gives_two_tokens() -> None:
    """IB-7.6.2: 0 XP for the Character sitting out. IB-7.6.3 / AMB-104 / AMB-113: the
    automatic token is 2 instead of 1; the reward choice is unaffected."""
    c = settle(fight(choose(start(QUIET), prepare(), CONTENT)), reward=heal("odo"))
    assert c.flux == 1
    c = choose(c, prepare("sela"), CONTENT)
    c = settle(fight(c), reward=heal("odo"))
    assert c.flux == 1 + 2
    assert {m.character: m.xp for m in c.party} == {"wren": 2, "brask": 2, "sela": 1,
                                                    "odo": 2}
    assert c.history[-1].rehab == "sela" and c.history[-1].won
    c = choose(c, prepare(), CONTENT)
    c = settle(fight(c), reward=heal("odo"))
    assert c.flux == 1 + 2 + 1  # no one sat out: 1 again


def test_amb_110_a_sitting_characters_sigils_take_no_card_from_the_deck() -> None:
    """IB-7.1.1 / AMB-110: the deck changes only by gained cards; the sitter's installed
    Sigil stays installed and its other copy stays in the deck."""
    c = fight(choose(start(QUIET), prepare(), CONTENT))
    c = choose(c, sigil("odo", "stone_sigil"), CONTENT)
    assert c.member("odo").sigils == ["stone_sigil"]
    assert c.deck.count("stone_sigil") == 1 and len(c.deck) == 36
    c = choose(c, prepare("odo"), CONTENT)
    c = fight(c)
    assert c.member("odo").sigils == ["stone_sigil"]
    assert c.deck.count("stone_sigil") == 1
    assert len(c.deck) + sum(len(m.sigils) for m in c.party) == len(TEAM.cards())


# --- battle modifiers (IB 7.9.1, AMB-115) ------------------------------------------------

@pytest.mark.parametrize("elite", [False, True])
def test_ib_7_9_1_the_first_battle_has_no_modifiers(elite: bool) -> None:
    c = choose(start(QUIET), prepare(elite=elite), CONTENT)
    assert c.modifiers == [] and battle_modifiers(c) == []
    match = battle_match(c, CONTENT)
    assert match.config == RulesConfig()
    assert match.seats[0].flux == 0


def second_battle(seed: int, **kw: Any) -> Campaign:
    c = start(seed, **kw)
    return choose(settle(fight(choose(c, prepare(), CONTENT))), prepare(), CONTENT)


def test_ib_7_9_1_two_2d6_results_are_rolled_from_the_second_battle_on() -> None:
    """IB-7.9.1: one 2d6 on the Instant table, one on the Persistent table; the rolls
    come from the campaign's seed."""
    seen = []
    for seed in range(12):
        c = second_battle(seed)
        assert len(c.modifiers) == 2
        assert all(2 <= r <= 12 for r in c.modifiers)
        assert second_battle(seed).modifiers == c.modifiers
        assert c.modifiers == rolls(seed, 1)
        instant, persistent = battle_modifiers(c)
        assert (instant.roll, persistent.roll) == tuple(c.modifiers)
        assert instant == modifier("instant", c.modifiers[0])
        assert persistent == modifier("persistent", c.modifiers[1])
        assert fight(c).history[-1].modifiers == c.modifiers
        seen.append(tuple(c.modifiers))
    assert len(set(seen)) > 3


def test_ib_7_9_1_the_persistent_modifiers_flags_are_the_battles_rules() -> None:
    for seed in range(8):
        c = second_battle(seed, battle_rules={"damage_order": "guard_then_weaken"})
        config = battle_match(c, CONTENT).config
        persistent = battle_modifiers(c)[1]
        assert persistent.rules
        for flag, value in persistent.rules.items():
            assert getattr(config, flag) == value, (seed, flag)
        assert config.damage_order == "guard_then_weaken"  # the campaign's own house rule


@pytest.mark.parametrize("roll", [2, 3, 5, 8, 10, 12])
def test_ib_7_9_1_an_instant_modifier_changes_how_the_party_starts(roll: int) -> None:
    """The instant row's party HP, Charge and statuses are in the battle's unit starts."""
    seed = seed_where(lambda r: r[0] == roll and modifier("persistent", r[1]).party
                      == StartChange(), fought=(1,))
    c = start(seed)
    c = settle(fight(choose(c, prepare(), CONTENT), hp={"wren": 1}, charge={"sela": 2}),
               reward=heal("odo"))
    before = {m.character: (m.hp, m.charge) for m in c.party}
    assert before["wren"] == (5, 0) and before["sela"] == (10, 1)
    c = choose(c, prepare(), CONTENT)
    change = modifier("instant", roll).party
    assert change != StartChange()
    match = battle_match(c, CONTENT)
    state = new_game(match, battle_seed(c))
    for k in PARTY:
        u = unit(state, k)
        st = match.unit_starts[u]
        assert st is not None
        hp, charge = before[k]
        assert st.hp == max(1, min(BASE_HP[k], hp + change.hp)), k
        assert st.charge == max(charge, change.charge), k
        assert st.statuses == change.statuses, k
        assert state.hp[u] == st.hp and state.charge[u] == st.charge
        assert statuses.names(state.status[u]) == sorted(change.statuses, key=statuses.NAMES
                                                         .index)


def test_ib_7_9_1_a_modifier_can_raise_the_partys_maximum_for_one_battle() -> None:
    """Persistent 12 (Chancery Amnesty): +2 maximum HP and +2 HP for that battle."""
    seed = seed_where(lambda r: r[1] == 12 and modifier("instant", r[0]).party
                      == StartChange(), fought=(1,))
    c = start(seed)
    c = choose(settle(fight(choose(c, prepare(), CONTENT), hp={"wren": 1}),
                      reward=heal("odo")), prepare(), CONTENT)
    match = battle_match(c, CONTENT)
    wren, odo = unit_of(match.labels, "wren"), unit_of(match.labels, "odo")
    assert match.max_hp[wren] == BASE_HP["wren"] + 2
    starts = match.unit_starts
    assert [st.hp if st else None for st in (starts[wren], starts[odo])] == [
        5 + 2, BASE_HP["odo"] + 2]
    after = fight(c, hp={"odo": BASE_HP["odo"] + 2})
    assert after.member("odo").hp == BASE_HP["odo"]  # capped at the campaign maximum again


def unit_of(labels: tuple[str, ...], label: str) -> int:
    return labels.index(label)


def test_ib_7_9_1_a_modifiers_extra_token_does_not_outlast_its_battle() -> None:
    seed = seed_where(lambda r: r[0] == 9, fought=(1,))
    c = settle(fight(choose(start(seed), prepare(), CONTENT)), reward=heal("odo"))
    assert c.flux == 1
    c = choose(c, prepare(), CONTENT)
    state = state_of(c)
    assert state.flux == [2]  # the carried token and Spilled Sand's
    c = settle(fight(c), reward=heal("odo"))
    assert c.flux == 1 + 1


# --- what a battle inherits (IB 7.1.1, 7.1.2, 7.3.4, 7.5.2) -----------------------------

def test_ib_7_1_1_a_battle_starts_at_campaign_hp_with_the_sigils_installed() -> None:
    """IB-7.1.1: current HP (no full heal) and installed Sigils carry over; an installed
    Sigil is out of the deck. IB-7.1.2: Charge 1 only after ending with 1 or more."""
    c = choose(start(QUIET), prepare(), CONTENT)
    c = fight(c, hp={"wren": 3, "sela": 9, "odo": 10}, charge={"wren": 2, "brask": 1})
    c = choose(c, sigil("wren", "prism_sigil"), CONTENT)
    assert c.stage == "prepare"
    c = choose(c, prepare(), CONTENT)
    match = battle_match(c, CONTENT)
    state = new_game(match, battle_seed(c))
    expected = {"wren": (7, 1), "brask": (14, 1), "sela": (10, 0), "odo": (14, 0)}
    for k, (hp, charge) in expected.items():
        u = unit(state, k)
        st = match.unit_starts[u]
        assert st is not None and (st.hp, st.charge, st.max_hp) == (hp, charge, 0), k
        assert (state.hp[u], state.charge[u], match.max_hp[u]) == (hp, charge, BASE_HP[k])
    wren = unit(state, "wren")
    start_wren = match.unit_starts[wren]
    assert start_wren is not None and start_wren.sigils == ("prism_sigil",)
    assert state.sigils[wren] == ((CONTENT.card_index["prism_sigil"], 0),)
    assert deck_count(state, "prism_sigil") == 1  # the other copy; this one is installed
    assert Counter(CONTENT.cards[i].key for i in match.decklists[0])["prism_sigil"] == 2
    assert sum(len(p) for p in (state.decks[0], state.hands[0])) == len(TEAM.cards()) - 1


@pytest.mark.parametrize(("ended", "carried"), [(0, 0), (1, 1), (2, 1), (3, 1)])
def test_ib_7_1_2_charge_carries_over_as_exactly_one(ended: int, carried: int) -> None:
    c = fight(choose(start(QUIET), prepare(), CONTENT), charge={"brask": ended})
    assert c.member("brask").charge == carried
    c = choose(settle(c, reward=heal("odo")), prepare(), CONTENT)
    match = battle_match(c, CONTENT)
    st = match.unit_starts[unit_of(match.labels, "brask")]
    assert st is not None and st.charge == carried


def test_ib_7_5_2_injuries_and_ib_7_3_4_advancements_set_the_battles_maximum_and_damage(
) -> None:
    """IB-7.5.2: each Injury is -1 max HP. IB-7.3.4: +2 max HP per hp Advancement, +1
    damage per damage Advancement (a damage bonus on the unit)."""
    c = start(QUIET).model_copy(deep=True)
    wren, brask, odo = c.member("wren"), c.member("brask"), c.member("odo")
    wren.injuries, wren.hp_advances, wren.damage_advances, wren.hp = 1, 2, 2, 9
    brask.damage_advances = 1
    odo.injuries, odo.hp = 3, 17
    c = choose(c, prepare(), CONTENT)
    match = battle_match(c, CONTENT)
    w, b, s, o = (unit_of(match.labels, k) for k in PARTY)
    assert (match.max_hp[w], match.max_hp[b], match.max_hp[s], match.max_hp[o]) == (
        12 - 1 + 4, 14, 10, 20 - 3)
    starts = [match.unit_starts[u] for u in (w, b, s, o)]
    assert [st.max_hp if st else None for st in starts] == [3, 0, 0, -3]
    assert [st.damage_bonus if st else None for st in starts] == [2, 1, 0, 0]
    assert [st.hp if st else None for st in starts] == [9, 14, 10, 17]


# --- Elite Encounters (IB 7.7, AMB-79, AMB-112) ------------------------------------------

def test_ib_7_7_1_every_elite_cc_has_two_more_hp_and_one_more_damage() -> None:
    """IB-7.7.1 / AMB-79: +2 maximum and current HP and +1 damage for every CC, the
    spawn slots and a Rival included; the party is unchanged."""
    plan = small_plan(challengers=["soot_mother", "hour_mite"], rivals=["corvin"])
    plain = battle_match(choose(start(QUIET, plan=plan), prepare(), CONTENT), CONTENT)
    c = choose(start(QUIET, plan=plan), prepare(elite=True), CONTENT)
    assert c.elite
    match = battle_match(c, CONTENT)
    state = new_game(match, battle_seed(c))
    ccs = [u for u in range(match.num_characters) if match.is_challenge(u)]
    assert match.reserve_mask and match.rival_mask
    assert len(ccs) == 3 + 2  # soot_mother, hour_mite, corvin, two kept spawn slots
    for u in ccs:
        st = match.unit_starts[u]
        assert match.max_hp[u] == plain.max_hp[u] + 2, match.labels[u]
        assert st is not None and st.damage_bonus == 1, match.labels[u]
        if not (match.reserve_mask >> u) & 1:
            assert state.hp[u] == plain.max_hp[u] + 2, match.labels[u]
    for u in match.seat_units[0]:
        assert match.max_hp[u] == plain.max_hp[u]
        st = match.unit_starts[u]
        assert st is not None and st.damage_bonus == 0
    corvin = unit_of(match.labels, "corvin")
    assert match.max_hp[corvin] == CONTENT.characters["corvin"].hp + 2


def test_ib_7_7_1_elite_lasts_one_battle() -> None:
    c = fight(choose(start(QUIET), prepare(elite=True), CONTENT))
    c = choose(settle(c), prepare(), CONTENT)
    assert not c.elite
    match = battle_match(c, CONTENT)
    rolled = sum(m.challengers.max_hp + m.challengers.hp for m in battle_modifiers(c))
    for u in range(match.num_characters):
        if match.is_challenge(u):
            st = match.unit_starts[u]
            assert st is None or (st.damage_bonus, st.max_hp) == (0, rolled)


def test_ib_7_7_2_an_elite_victory_gives_two_rewards_and_two_xp() -> None:
    """IB-7.7.2: one extra reward (AMB-112: it may repeat the first) and 2 XP to the
    survivors (IB-7.3.2: 0 to the defeated)."""
    c = fight(choose(start(QUIET), prepare(elite=True), CONTENT), defeated=["brask"])
    assert (c.stage, c.rewards_left) == ("reward", 2)
    c = choose(c, FLUX, CONTENT)
    assert (c.stage, c.rewards_left) == ("reward", 1)
    assert FLUX in choices(c, CONTENT)
    c = choose(c, FLUX, CONTENT)
    assert c.stage == "prepare"
    assert {m.character: m.xp for m in c.party} == {"wren": 2, "brask": 0, "sela": 2,
                                                    "odo": 2}
    assert c.flux == 2 + 1
    assert c.history[-1].elite


# --- after a victory (IB 7.2, AMB-101..103, AMB-110, AMB-114) ----------------------------

def test_ib_7_2_1_survivors_recover_four_hp_up_to_their_maximum() -> None:
    c = fight(choose(start(QUIET), prepare(), CONTENT),
              hp={"wren": 3, "brask": 12, "sela": 10, "odo": 1})
    assert c.stage == "reward"
    assert {m.character: m.hp for m in c.party} == {"wren": 7, "brask": 14, "sela": 10,
                                                    "odo": 5}


def test_ib_7_2_1_statuses_are_removed_after_a_victory() -> None:
    def afflict(state: IBState) -> None:
        for k in PARTY:
            u = unit(state, k)
            for name in ("burn", "weaken", "guard", "stun"):
                state.status[u] = statuses.add(state.status[u], statuses.BY_NAME[name], False)

    c = settle(fight(choose(start(QUIET), prepare(), CONTENT), edit=afflict))
    c = choose(c, prepare(), CONTENT)
    match = battle_match(c, CONTENT)
    state = new_game(match, battle_seed(c))
    for u in match.seat_units[0]:
        st = match.unit_starts[u]
        assert st is not None and st.statuses == ()
        assert state.status[u] == 0


def test_amb_110_hand_discard_and_sigils_go_back_to_the_deck_after_a_victory() -> None:
    """IB-7.2.1 / AMB-110: hand, discard pile and played cards return to the deck; a
    Sigil installed during the battle stays installed and out of the deck."""
    stone = CONTENT.card_index["stone_sigil"]

    def play_cards(state: IBState) -> None:
        hand, deck = state.hands[0], state.decks[0]
        (hand if stone in hand else deck).remove(stone)
        state.sigils[unit(state, "odo")] = ((stone, 0),)
        state.discards[0] += [hand.pop(), hand.pop(), deck.pop()]
        del deck[:5]  # cards played or otherwise out of the piles come back too

    c = fight(choose(start(QUIET), prepare(), CONTENT), edit=play_cards)
    assert c.member("odo").sigils == ["stone_sigil"]
    expected = Counter(TEAM.cards())
    expected["stone_sigil"] -= 1
    assert Counter(c.deck) == expected
    assert len(c.deck) == len(TEAM.cards()) - 1


def test_ib_7_2_2_a_defeated_character_takes_an_injury_and_starts_at_half_hp() -> None:
    """IB-7.2.2 / AMB-101: floor(new max / 2). AMB-114: no Charge, Sigils stay. AMB-102:
    no +4. IB-7.3.2: no XP."""
    prism = CONTENT.card_index["prism_sigil"]

    def install(state: IBState) -> None:
        state.sigils[unit(state, "wren")] = ((prism, 0),)
        for pile in (state.hands[0], state.decks[0]):
            if prism in pile:
                pile.remove(prism)
                break

    c = choose(start(QUIET), prepare(), CONTENT)
    c = fight(c, defeated=["wren", "odo"], charge={"wren": 2}, edit=install)
    assert c.history[-1].defeated == ["wren", "odo"]
    wren, odo = c.member("wren"), c.member("odo")
    assert (wren.injuries, wren.max_hp(CONTENT), wren.hp, wren.charge) == (1, 11, 5, 0)
    assert (odo.injuries, odo.max_hp(CONTENT), odo.hp, odo.charge) == (1, 19, 9, 0)
    assert wren.sigils == ["prism_sigil"] and c.deck.count("prism_sigil") == 1
    c = settle(c, reward=heal("brask"))
    assert (c.member("wren").xp, c.member("odo").xp, c.member("sela").xp) == (0, 0, 1)
    c = choose(c, prepare(), CONTENT)
    match = battle_match(c, CONTENT)
    w = unit_of(match.labels, "wren")
    st = match.unit_starts[w]
    assert st is not None and (st.hp, st.charge, st.sigils) == (5, 0, ("prism_sigil",))
    assert match.max_hp[w] == 11


def test_amb_101_half_hp_is_at_least_one() -> None:
    c = start(QUIET).model_copy(deep=True)
    sela = c.member("sela")
    sela.injuries, sela.hp = 8, 2  # max 2
    c = fight(choose(c, prepare(), CONTENT), defeated=["sela"])
    assert (c.member("sela").injuries, c.member("sela").max_hp(CONTENT)) == (9, 1)
    assert c.member("sela").hp == 1


# --- rewards (IB 7.3.1, AMB-111, AMB-117) ------------------------------------------------

def test_ib_7_3_1_the_rewards_offered_after_a_victory() -> None:
    """Heal any one Character 5, install a Sigil from the deck on a Character whose
    types include it, or +1 token."""
    c = fight(choose(start(QUIET), prepare(), CONTENT), defeated=["sela"])
    offered = choices(c, CONTENT)
    assert [x for x in offered if x["choice"] == "heal"] == [heal(k) for k in PARTY]
    assert [x for x in offered if x["choice"] == "flux"] == [FLUX]
    sigils = {(x["character"], x["card"]) for x in offered if x["choice"] == "sigil"}
    deck_sigils = {k for k in c.deck if CONTENT.cards[CONTENT.card_index[k]].kind == "sigil"}
    assert sigils == {(k, card) for k in PARTY for card in deck_sigils
                      if CONTENT.cards[CONTENT.card_index[card]].sigil_type in TYPES[k]}
    assert ("sela", "prism_sigil") in sigils and ("sela", "stone_sigil") not in sigils
    assert len(offered) == 4 + len(sigils) + 1


def test_ib_7_3_1_heal_five_is_capped_at_the_maximum() -> None:
    c = fight(choose(start(QUIET), prepare(), CONTENT), hp={"wren": 1, "brask": 9})
    assert (c.member("wren").hp, c.member("brask").hp) == (5, 13)
    assert choose(c, heal("wren"), CONTENT).member("wren").hp == 10
    assert choose(c, heal("brask"), CONTENT).member("brask").hp == 14
    assert choose(c, heal("odo"), CONTENT).member("odo").hp == 20


def test_ib_7_3_1_a_sigil_reward_installs_a_sigil_from_the_deck() -> None:
    """AMB-111: the Sigil leaves the deck and is installed on the Character."""
    c = fight(choose(start(QUIET), prepare(), CONTENT))
    after = choose(c, sigil("sela", "prism_sigil"), CONTENT)
    assert after.member("sela").sigils == ["prism_sigil"]
    assert after.deck.count("prism_sigil") == 1 and len(after.deck) == len(c.deck) - 1
    assert after.flux == c.flux + 1  # the automatic token only


def blaze_team() -> TeamFile:
    """tideguard with two Blaze Sigils (a second fire Sigil) in place of its Spare Flints."""
    deck = [(k, n) for k, n in TEAM.deck if k != "spare_flint"]
    return replace(TEAM, deck=(*deck, ("blaze_sigil", 2)))


def test_amb_111_a_sigil_of_a_type_already_installed_replaces_it() -> None:
    """IB-4.5.5 / AMB-111: a full Character, or one with a Sigil of the same type, has
    that Sigil replaced; the replaced Sigil goes back into the deck."""
    team = blaze_team()
    c = fight(choose(start(QUIET, team=team), prepare(elite=True), CONTENT))
    c = choose(c, sigil("brask", "cinder_sigil"), CONTENT)
    c = choose(c, sigil("brask", "stone_sigil"), CONTENT)
    assert c.member("brask").sigils == ["cinder_sigil", "stone_sigil"]  # full
    assert (c.deck.count("cinder_sigil"), c.deck.count("stone_sigil")) == (1, 1)
    c = fight(choose(c, prepare(), CONTENT))
    c = choose(c, sigil("brask", "blaze_sigil"), CONTENT)
    assert sorted(c.member("brask").sigils) == ["blaze_sigil", "stone_sigil"]
    assert (c.deck.count("cinder_sigil"), c.deck.count("blaze_sigil")) == (2, 1)
    assert len(c.deck) + 2 == len(team.cards())


def test_amb_111_without_one_sigil_per_type_a_second_sigil_of_a_type_is_added() -> None:
    """AMB-111: normal type and limit rules apply; with sigil_one_per_type=false a
    second Sigil of a type fits while a slot is free (IB-4.5.5: at most 2)."""
    team = blaze_team()
    c = start(QUIET, team=team, battle_rules={"sigil_one_per_type": False})
    c = fight(choose(c, prepare(elite=True), CONTENT))
    c = choose(c, sigil("brask", "cinder_sigil"), CONTENT)
    c = choose(c, sigil("brask", "blaze_sigil"), CONTENT)
    assert sorted(c.member("brask").sigils) == ["blaze_sigil", "cinder_sigil"]


def test_ib_7_3_1_an_illegal_choice_is_refused_and_changes_nothing() -> None:
    c = fight(choose(start(QUIET), prepare(), CONTENT))
    before = c.model_dump()
    bad = [sigil("sela", "stone_sigil"), sigil("brask", "blaze_sigil"), heal("nobody"),
           {"type": "reward", "choice": "card"}, prepare(), advance("wren", "hp"),
           {"type": "branch", "battle": "b3"}]
    for choice in bad:
        with pytest.raises(CampaignError) as raised:
            choose(c, choice, CONTENT)
        text = str(raised.value)
        assert "legal" in text and "'reward'" in text, choice
        assert "'choice': 'heal', 'character': 'wren'" in text
        assert c.model_dump() == before
    during = choose(start(QUIET), prepare(), CONTENT)
    assert choices(during, CONTENT) == []
    with pytest.raises(CampaignError, match="legal: none"):
        choose(during, FLUX, CONTENT)


def test_the_battle_only_exists_while_it_is_fought() -> None:
    c = start(QUIET)
    with pytest.raises(CampaignError, match="prepare"):
        battle_match(c, CONTENT)
    c = choose(c, prepare(), CONTENT)
    with pytest.raises(CampaignError, match="not over"):
        finish_battle(c, state_of(c), CONTENT)


# --- XP and Advancements (IB 7.3.2-7.3.4, AMB-103) ---------------------------------------

def test_ib_7_3_2_a_normal_victory_gives_one_xp_to_survivors_only() -> None:
    c = settle(fight(choose(start(QUIET), prepare(), CONTENT), defeated=["sela"]))
    assert {m.character: m.xp for m in c.party} == {"wren": 1, "brask": 1, "sela": 0,
                                                    "odo": 1}


def test_ib_7_3_3_three_xp_give_an_advancement_and_xp_goes_back_to_zero() -> None:
    """IB-7.3.3: at 3 XP an Advancement is taken at once (after the rewards, AMB-103)
    and XP is 0 again; IB-7.3.4: +2 max HP or +1 damage."""
    c = start(QUIET, plan=small_plan(4))
    for _ in range(2):
        c = settle(fight(choose(c, prepare(), CONTENT)), reward=heal("odo"))
    c = fight(choose(c, prepare(), CONTENT), hp={"wren": 6})
    c = choose(c, heal("odo"), CONTENT)
    assert c.stage == "advance" and c.advances == list(PARTY)
    assert all(m.xp == 0 for m in c.party)
    assert choices(c, CONTENT) == [advance("wren", "hp"), advance("wren", "damage")]
    with pytest.raises(CampaignError):
        choose(c, advance("brask", "hp"), CONTENT)
    with pytest.raises(CampaignError):
        choose(c, FLUX, CONTENT)
    for k, option in zip(PARTY, ("hp", "damage", "hp", "damage"), strict=True):
        assert c.stage == "advance" and c.advances[0] == k
        c = choose(c, advance(k, option), CONTENT)
    assert (c.stage, c.battle) == ("prepare", "b4")
    wren = c.member("wren")
    assert (wren.hp_advances, wren.damage_advances, wren.max_hp(CONTENT)) == (1, 0, 14)
    assert wren.hp == 10  # AMB-107: only the maximum rises
    brask = c.member("brask")
    assert (brask.hp_advances, brask.damage_advances, brask.max_hp(CONTENT)) == (0, 1, 14)
    match = battle_match(choose(c, prepare(), CONTENT), CONTENT)
    starts = {k: match.unit_starts[unit_of(match.labels, k)] for k in PARTY}
    assert {k: match.max_hp[unit_of(match.labels, k)] for k in PARTY} == {
        "wren": 14, "brask": 14, "sela": 12, "odo": 20}
    assert {k: st.damage_bonus if st else None for k, st in starts.items()} == {
        "wren": 0, "brask": 1, "sela": 0, "odo": 1}


def test_ib_7_3_3_the_last_battles_advancement_comes_before_the_campaign_is_won() -> None:
    c = start(QUIET)
    for _ in range(2):
        c = settle(fight(choose(c, prepare(), CONTENT)), reward=heal("odo"))
    c = choose(fight(choose(c, prepare(), CONTENT)), heal("odo"), CONTENT)
    assert c.stage == "advance" and c.battle == "b3"
    c = settle(c)
    assert c.stage == "won" and c.member("wren").hp_advances == 1


# --- Flux Surge tokens (IB 7.4.1, AMB-104) -----------------------------------------------

def test_ib_7_4_1_each_victory_gives_a_token_and_the_reward_token_is_extra() -> None:
    c = settle(fight(choose(start(QUIET), prepare(), CONTENT)))
    assert c.flux == 1 + 1
    c = settle(fight(choose(c, prepare(), CONTENT)), reward=heal("odo"))
    assert c.flux == 2 + 1


def test_ib_7_4_1_tokens_spent_in_battle_are_gone() -> None:
    c = settle(fight(choose(start(QUIET), prepare(), CONTENT)))
    c = choose(c, prepare(), CONTENT)
    state = state_of(c)
    assert state.flux == [2] and state.match.seats[0].flux == 2
    c = fight(c, flux=0)  # both spent
    assert c.flux == 0 and c.stage == "reward"
    assert settle(c, reward=heal("odo")).flux == 1
    c2 = fight(choose(settle(fight(choose(start(QUIET), prepare(), CONTENT))), prepare(),
                      CONTENT), flux=1)
    assert settle(c2, reward=heal("odo")).flux == 1 + 1


# --- a lost battle (AMB-109) -------------------------------------------------------------

def test_amb_109_a_lost_battle_ends_the_campaign() -> None:
    c = settle(fight(choose(start(QUIET), prepare(), CONTENT), hp={"wren": 2}))
    c = choose(c, prepare(), CONTENT)
    lost = fight(c, won=False, defeated=["brask"], hp={"sela": 1})
    assert lost.stage == "lost" and lost.fought == 2
    assert lost.history[-1].won is False and lost.history[-1].defeated == ["brask"]
    assert choices(lost, CONTENT) == []
    assert [m.model_dump() for m in lost.party] == [m.model_dump() for m in c.party]
    assert lost.flux == c.flux
    with pytest.raises(CampaignError):
        battle_match(lost, CONTENT)
    with pytest.raises(CampaignError, match="legal: none"):
        choose(lost, prepare(), CONTENT)


# --- the story campaign (IB 7.10, 7.11) --------------------------------------------------

@pytest.mark.parametrize("branch", ["ash_foundry", "sealed_archive"])
def test_ib_7_10_the_story_forks_once_and_ends_won(branch: str) -> None:
    plan = story(STORY, CONTENT)
    c = start(5, plan=plan)
    c = settle(fight(choose(c, prepare(), CONTENT)))
    assert (c.stage, c.battle) == ("prepare", "the_walking_bell")
    c = settle(fight(choose(c, prepare(), CONTENT)))
    assert (c.stage, c.battle) == ("branch", "the_walking_bell")
    assert choices(c, CONTENT) == [{"type": "branch", "battle": "ash_foundry"},
                                   {"type": "branch", "battle": "sealed_archive"}]
    with pytest.raises(CampaignError):
        choose(c, {"type": "branch", "battle": "the_stopped_heart"}, CONTENT)
    c = choose(c, {"type": "branch", "battle": branch}, CONTENT)
    assert (c.stage, c.battle) == ("prepare", branch)
    c = choose(c, prepare("odo"), CONTENT)
    labels = battle_match(c, CONTENT).labels
    assert ("corvin" in labels) == (branch == "sealed_archive")
    c = settle(fight(c))
    assert (c.stage, c.battle) == ("prepare", "the_stopped_heart")
    c = choose(c, prepare(elite=True), CONTENT)
    assert "dara" in battle_match(c, CONTENT).labels
    c = fight(c)
    assert c.stage == "reward" and c.rewards_left == 2
    c = settle(c)
    assert c.stage == "won" and choices(c, CONTENT) == []
    assert [r.battle for r in c.history] == ["cellar_rift", "the_walking_bell", branch,
                                            "the_stopped_heart"]
    assert all(r.won for r in c.history) and c.fought == 4


# --- determinism -------------------------------------------------------------------------

def run(seed: int) -> Campaign:
    c = start(seed, plan=story(STORY, CONTENT))
    c = fight(choose(c, prepare(), CONTENT), defeated=["sela"], hp={"wren": 4},
              charge={"brask": 2})
    c = settle(c, reward=sigil("wren", "prism_sigil"))
    c = fight(choose(c, prepare("sela", elite=True), CONTENT), flux=0)
    c = settle(c, reward=heal("wren"))
    c = choose(c, {"type": "branch", "battle": "sealed_archive"}, CONTENT)
    return fight(choose(c, prepare(elite=True), CONTENT), hp={"odo": 3})


def test_the_same_seed_and_choices_give_the_same_campaign() -> None:
    first = run(11)
    assert first.model_dump() == run(11).model_dump()
    assert Campaign.model_validate_json(first.model_dump_json()) == first
    assert len({tuple(tuple(r.modifiers) for r in run(s).history) for s in range(6)}) > 1
