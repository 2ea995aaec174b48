"""One scenario per shipped card of core.yaml: each Technique (IB 4.4), Event (IB 4.8),
signature card (IB 2.7.5), Sigil tier (IB 4.5, 4.5.7) and Keystone ability (IB 4.6)
and passive (IB 2.2.3) is played once and checked against its printed `text`.

Teams: Tideguard (seat 0: Wren, Brask, Sela, Odo; deck tideguard_kit) against Ashfall
(seat 1: Ilse, Corvin, Pim, Marta; deck ashfall_kit). The acting unit always holds five
cards, so no Draw Step adds one. A unit's own movement step (Speed) follows its action,
so track checks either account for it or leave the acting unit out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from initiative.games.ib import events, frames
from initiative.games.ib.actions import DISCARDS, PLAYS, SIGILS, TIERS, Kind
from initiative.games.ib.activation import PASSIVE_USED
from tests.ib.scenario import Scenario

FILLER = {
    0: ["field_ration", "spare_flint", "field_ration", "spare_flint", "second_wind"],
    1: ["field_ration", "spare_flint", "field_ration", "second_wind", "time_slip"],
}


def game(actor: str, track: str, hand: Sequence[str] = (), *, no_passive: bool = False,
         rules: dict[str, Any] | None = None, **units: dict[str, Any]) -> Scenario:
    """`actor` (first on `track`) at its Action step, its seat holding `hand` topped up
    to five cards; `no_passive` marks its once-per-round passive as already used."""
    sc = Scenario(rules, team_a="tideguard", team_b="ashfall")
    seat = sc.seat_of(actor)
    sc.track(track).hand(seat, list(hand) + FILLER[seat][: 5 - len(hand)])
    for key, values in units.items():
        sc.set(key, **values)
    if no_passive:
        sc.state.used[sc.u(actor)] |= PASSIVE_USED
    sc.run().decline_all()
    assert sc.at_action(actor)
    return sc


def play(sc: Scenario, card: str, targets: Sequence[str] = (), discards: Sequence[str] = (),
         seat: int = 0) -> Scenario:
    """Play `card` from `seat`'s hand, paying with `discards` and choosing `targets`."""
    sc.mark()
    sc.state.apply(PLAYS[sc.state.hands[seat].index(sc.card(card))])
    return sc.pay(seat, discards).choose_targets(targets).decline_all()


def use_sigil(sc: Scenario, actor: str, card: str, tier: int,
              targets: Sequence[str] = ()) -> Scenario:
    """`actor` uses its pre-installed `card` at `tier`, discarding from the left."""
    seat = sc.seat_of(actor)
    sc.state.sigils[sc.u(actor)] = ((sc.card(card), seat),)
    sc.state._legal = None
    sc.mark()
    sc.state.apply(SIGILS[0])
    if sc.stage() == frames.AS_TIER:
        sc.state.apply(TIERS[tier - 1])
    while sc.stage() == frames.AS_COST:
        sc.state.apply(DISCARDS[0])
    sc.choose_targets(targets).decline_all()
    uses = sc.since(events.SIGIL_USE)
    assert [e[2:4] for e in uses] == [(sc.card(card), tier)]
    assert len(sc.since(events.DISCARD)) == tier  # tier N costs N cards (IB 4.5.7)
    return sc


def without(sc: Scenario, key: str) -> list[str]:
    return [k for k in sc.order() if k != key]


# --- Techniques (IB 4.4) ------------------------------------------------------------


def test_quick_jab_ib_4_4_deals_1_and_moves_up_1() -> None:
    sc = game("wren", "wren ilse corvin brask sela |", ["quick_jab"])
    play(sc, "quick_jab", ["ilse"])
    assert sc.hp("ilse") == 11 - 1
    # Speed 4 takes Wren to the end of the line; Move Up 1 puts it back before Sela.
    assert sc.order() == ["ilse", "corvin", "brask", "wren", "sela"]
    assert sc.card("quick_jab") in sc.state.discards[0]


def test_riptide_lunge_ib_4_4_moves_up_1_and_deals_3() -> None:
    sc = game("wren", "wren ilse corvin brask sela |", ["riptide_lunge"])
    play(sc, "riptide_lunge", ["ilse"], ["field_ration"])
    assert sc.hp("ilse") == 11 - 3
    assert sc.order() == ["ilse", "corvin", "brask", "wren", "sela"]
    assert len(sc.state.hands[0]) == 5 - 2  # the card and its cost of 1


def test_shoulder_check_ib_4_4_deals_1_and_the_enemy_moves_back_2() -> None:
    sc = game("wren", "wren ilse corvin brask |", ["shoulder_check"])
    play(sc, "shoulder_check", ["ilse"], ["field_ration"])
    assert sc.hp("ilse") == 11 - 1
    assert without(sc, "wren") == ["corvin", "brask", "ilse"]


def test_searing_mark_ib_4_4_deals_3_and_burns() -> None:
    sc = game("wren", "wren ilse corvin |", ["searing_mark"])
    play(sc, "searing_mark", ["corvin"], ["field_ration", "spare_flint"])
    assert sc.hp("corvin") == 13 - 3 and sc.statuses("corvin") == ["burn"]
    assert sc.hp("ilse") == 11 and "burn" not in sc.statuses("ilse")


def test_rally_strike_ib_4_4_deals_2_and_an_ally_moves_up_1() -> None:
    sc = game("wren", "wren ilse corvin brask sela |", ["rally_strike"])
    play(sc, "rally_strike", ["ilse", "sela"], ["field_ration", "spare_flint"])
    assert sc.hp("ilse") == 11 - 2
    assert without(sc, "wren") == ["ilse", "corvin", "sela", "brask"]


def test_cataclysm_edge_ib_4_4_deals_3_to_every_enemy_and_weakens_them() -> None:
    # Pim (no start-of-activation passive) acts next, so nothing else touches them.
    sc = game("wren", "wren pim ilse corvin brask |", ["cataclysm_edge"])
    play(sc, "cataclysm_edge", [], ["field_ration", "spare_flint", "field_ration"])
    assert (sc.hp("ilse"), sc.hp("corvin"), sc.hp("pim")) == (11 - 3, 13 - 3, 8 - 3)
    for key in ("ilse", "corvin", "pim"):
        assert sc.statuses(key) == ["weaken"]
    assert sc.hp("brask") == 16 and sc.statuses("brask") == []
    assert len(sc.state.hands[0]) == 5 - 4


def test_guarded_advance_ib_4_4_costs_nothing_gains_guard_and_an_ally_moves_up_1() -> None:
    sc = game("wren", "wren ilse corvin brask sela |", ["guarded_advance"])
    play(sc, "guarded_advance", ["sela"])
    assert sc.statuses("wren") == ["guard"]
    assert sc.statuses("sela") == []
    assert without(sc, "wren") == ["ilse", "corvin", "sela", "brask"]
    assert len(sc.state.hands[0]) == 5 - 1  # cost 0: only the card itself left the hand
    assert sc.since(events.DISCARD) == []


def test_muffling_blow_ib_4_4_deals_2_mutes_and_gains_1_charge() -> None:
    sc = game("wren", "wren pim ilse |", ["muffling_blow"])  # Pim acts next: Ilse waits
    assert sc.charge("wren") == 0
    play(sc, "muffling_blow", ["ilse"], ["field_ration"])
    assert sc.hp("ilse") == 11 - 2 and sc.statuses("ilse") == ["mute"]
    assert sc.hp("pim") == 8 and sc.statuses("pim") == []
    assert sc.charge("wren") == 1
    assert len(sc.state.hands[0]) == 5 - 2  # the card and its cost of 1


def test_undercut_sweep_ib_4_4_deals_1_to_every_enemy_and_each_moves_back_1() -> None:
    # Brask (no start-of-activation passive) acts next, so nothing else touches them.
    sc = game("wren", "wren ilse brask corvin sela pim odo |", ["undercut_sweep"])
    play(sc, "undercut_sweep", [], ["field_ration", "spare_flint"])
    assert (sc.hp("ilse"), sc.hp("corvin"), sc.hp("pim")) == (11 - 1, 13 - 1, 8 - 1)
    assert (sc.hp("brask"), sc.hp("sela"), sc.hp("odo")) == (16, 10, 20)
    # Each enemy passes the ally behind it; the allies keep their order.
    assert without(sc, "wren") == ["brask", "ilse", "sela", "corvin", "odo", "pim"]
    assert len(sc.since(events.DISCARD)) == 2  # the cost; Brask's Draw Step then draws 1


# --- Events (IB 4.8) ----------------------------------------------------------------


def test_second_wind_ib_4_8_an_ally_heals_3() -> None:
    sc = game("wren", "wren brask ilse |", ["second_wind"], brask={"hp": 10})
    play(sc, "second_wind", ["brask"])
    assert sc.hp("brask") == 13
    assert sc.card("second_wind") in sc.state.discards[0]


def test_scout_report_ib_4_8_draws_2() -> None:
    sc = game("wren", "wren ilse |", ["scout_report"])
    sc.hand(0, ["scout_report", "field_ration"])  # room for both cards
    play(sc, "scout_report")
    assert len(sc.state.hands[0]) == 2 - 1 + 2
    assert len([e for e in sc.since(events.DRAW) if e[1] == 0]) == 2


def test_scout_report_ib_4_8_never_draws_above_5() -> None:
    sc = game("wren", "wren ilse |", ["scout_report"])  # 5 in hand, 4 once played
    play(sc, "scout_report")
    assert len(sc.state.hands[0]) == 5


def test_purging_salts_ib_4_8_cleanses_burn_from_an_ally() -> None:
    sc = game("wren", "wren brask ilse |", ["purging_salts"],
              brask={"status": ["burn", "weaken"]})
    play(sc, "purging_salts", ["brask"], ["field_ration"])
    assert sc.statuses("brask") == ["weaken"]


def test_clear_mind_ib_4_8_cleanses_one_chosen_status_from_an_ally() -> None:
    sc = game("wren", "wren brask ilse |", ["clear_mind"],
              brask={"status": ["weaken", "guard"]})
    play(sc, "clear_mind", ["brask"])
    assert sc.stage() == frames.AS_CLEANSE
    sc.cleanse("weaken").decline_all()
    assert sc.statuses("brask") == ["guard"]


def test_sanctuary_bell_ib_4_8_cleanses_every_status_from_every_ally() -> None:
    sc = game("wren", "wren brask odo ilse |", ["sanctuary_bell"],
              wren={"status": ["guard"]}, brask={"status": ["stun", "burn"]},
              odo={"status": ["weaken", "seal"]}, ilse={"status": ["burn"]})
    play(sc, "sanctuary_bell", [], ["field_ration", "spare_flint"])
    assert sc.statuses("wren") == sc.statuses("brask") == sc.statuses("odo") == []
    assert sc.statuses("ilse") == ["burn"]  # enemies keep theirs


def test_time_slip_ib_4_8_an_enemy_moves_back_2() -> None:
    sc = game("wren", "wren ilse corvin brask |", ["time_slip"])
    play(sc, "time_slip", ["ilse"], ["field_ration"])
    assert without(sc, "wren") == ["corvin", "brask", "ilse"]
    assert sc.hp("ilse") == 11


def test_kindled_resolve_ib_4_8_an_ally_gains_1_charge_and_moves_up_1() -> None:
    sc = game("wren", "wren ilse corvin brask sela |", ["kindled_resolve"])
    play(sc, "kindled_resolve", ["sela"], ["field_ration"])
    assert sc.charge("sela") == 1 and sc.charge("wren") == 0
    assert without(sc, "wren") == ["ilse", "corvin", "sela", "brask"]
    assert sc.card("kindled_resolve") in sc.state.discards[0]
    assert len(sc.state.hands[0]) == 5 - 2


def test_kindled_resolve_ib_4_8_on_the_acting_unit_moves_it_after_its_speed() -> None:
    sc = game("wren", "wren ilse corvin brask sela |", ["kindled_resolve"])
    play(sc, "kindled_resolve", ["wren"], ["field_ration"])
    assert sc.charge("wren") == 1
    # Speed 4 takes Wren to the end of the line; Move Up 1 then puts it before Sela.
    assert sc.order() == ["ilse", "corvin", "brask", "wren", "sela"]


# --- Signature cards (IB 2.7.5) -----------------------------------------------------


def test_cinderguard_oath_ib_2_7_5_brask_gains_guard_then_deals_4() -> None:
    sc = game("brask", "brask ilse |", ["cinderguard_oath"])
    play(sc, "cinderguard_oath", ["ilse"], ["field_ration"])
    assert "guard" in sc.statuses("brask")
    assert sc.hp("ilse") == 11 - 4


def test_glass_vision_ib_2_7_5_ilse_gains_insight_and_1_charge() -> None:
    # Arcane Lens's own Insight is marked used, so the Insight here is the card's.
    sc = game("ilse", "ilse wren |", ["glass_vision"], no_passive=True)
    assert sc.statuses("ilse") == [] and sc.charge("ilse") == 0
    play(sc, "glass_vision", seat=1)
    assert sc.statuses("ilse") == ["insight"]
    assert sc.charge("ilse") == 1


# --- Sigils (IB 4.5): each tier once ------------------------------------------------

TIER = pytest.mark.parametrize("tier", [1, 2, 3])


@TIER
def test_cinder_sigil_ib_4_5_tier(tier: int) -> None:
    """1: deal 1 damage. 2: deal 2 damage and Burn. 3: deal 2 damage to every enemy."""
    sc = game("brask", "brask pim ilse corvin |")  # Pim acts next: no start passive
    use_sigil(sc, "brask", "cinder_sigil", tier, ["ilse"])
    hp = {1: (11 - 1, 13, 8), 2: (11 - 2, 13, 8), 3: (11 - 2, 13 - 2, 8 - 2)}[tier]
    assert (sc.hp("ilse"), sc.hp("corvin"), sc.hp("pim")) == hp
    assert sc.statuses("ilse") == (["burn"] if tier == 2 else [])


@TIER
def test_blaze_sigil_ib_4_5_tier(tier: int) -> None:
    """1: Burn an enemy. 2: deal 3 damage. 3: deal 4 damage and Burn."""
    sc = game("corvin", "corvin brask wren |")  # Brask acts next
    use_sigil(sc, "corvin", "blaze_sigil", tier, ["wren"])
    assert sc.hp("wren") == 12 - {1: 0, 2: 3, 3: 4}[tier]
    assert sc.statuses("wren") == ([] if tier == 2 else ["burn"])


@TIER
def test_current_sigil_ib_4_5_tier(tier: int) -> None:
    """1: an ally heals 2. 2: an ally heals 3. 3: every ally heals 3."""
    sc = game("wren", "wren brask odo ilse |", brask={"hp": 10}, odo={"hp": 10})
    use_sigil(sc, "wren", "current_sigil", tier, ["brask"])
    assert (sc.hp("brask"), sc.hp("odo")) == {1: (12, 10), 2: (13, 10), 3: (13, 13)}[tier]


@TIER
def test_undertow_sigil_ib_4_5_tier(tier: int) -> None:
    """1: an enemy Moves Back 1. 2: an ally Moves Up 2. 3: an enemy Moves Back 3."""
    sc = game("ilse", "ilse wren brask sela odo corvin pim |")
    use_sigil(sc, "ilse", "undertow_sigil", tier, ["pim" if tier == 2 else "wren"])
    assert without(sc, "ilse") == {
        1: ["brask", "wren", "sela", "odo", "corvin", "pim"],
        2: ["wren", "brask", "sela", "pim", "odo", "corvin"],
        3: ["brask", "sela", "odo", "wren", "corvin", "pim"],
    }[tier]


@TIER
def test_stone_sigil_ib_4_5_tier(tier: int) -> None:
    """1: gain Guard. 2: an ally gains Guard. 3: every ally gains Guard."""
    sc = game("brask", "brask wren odo ilse |")
    use_sigil(sc, "brask", "stone_sigil", tier, ["wren"])
    guarded = {1: ["brask"], 2: ["wren"], 3: ["brask", "wren", "odo"]}[tier]
    for key in ("brask", "wren", "odo", "ilse"):
        assert sc.statuses(key) == (["guard"] if key in guarded else []), key


@TIER
def test_quake_sigil_ib_4_5_tier(tier: int) -> None:
    """1: deal 1 damage. 2: deal 1 damage and Weaken. 3: deal 2 damage and Stun."""
    sc = game("marta", "marta brask wren |")  # Brask acts next
    use_sigil(sc, "marta", "quake_sigil", tier, ["wren"])
    assert sc.hp("wren") == 12 - {1: 1, 2: 1, 3: 2}[tier]
    assert sc.statuses("wren") == {1: [], 2: ["weaken"], 3: ["stun"]}[tier]


@TIER
def test_prism_sigil_ib_4_5_tier(tier: int) -> None:
    """1: gain 1 Charge. 2: cleanse one status from an ally. 3: gain 2 Charge and Insight."""
    sc = game("wren", "wren brask ilse |", brask={"status": ["weaken", "guard"]})
    use_sigil(sc, "wren", "prism_sigil", tier, ["brask"])
    if tier == 2:
        assert sc.stage() == frames.AS_CLEANSE
        sc.cleanse("weaken").decline_all()
        assert sc.statuses("brask") == ["guard"] and sc.charge("wren") == 0
    else:
        assert sc.charge("wren") == {1: 1, 3: 2}[tier]
        assert sc.statuses("wren") == (["insight"] if tier == 3 else [])
        assert sc.statuses("brask") == ["guard", "weaken"]


@TIER
def test_rune_sigil_ib_4_5_tier(tier: int) -> None:
    """1: gain Insight. 2: Seal an enemy. 3: deal 2 damage to an enemy and Mute it."""
    # Arcane Lens's own Insight is marked used, so any Insight here is the Sigil's.
    sc = game("ilse", "ilse brask wren |", no_passive=True)
    use_sigil(sc, "ilse", "rune_sigil", tier, ["wren"])
    assert sc.statuses("ilse") == (["insight"] if tier == 1 else [])
    assert sc.statuses("wren") == {1: [], 2: ["seal"], 3: ["mute"]}[tier]
    assert sc.hp("wren") == 12 - (2 if tier == 3 else 0)


@TIER
def test_zephyr_sigil_ib_4_5_tier(tier: int) -> None:
    """1: an enemy Moves Back 1. 2: deal 1 damage; it Moves Back 2. 3: Stun an enemy."""
    sc = game("corvin", "corvin brask wren sela odo |")  # Brask acts next
    use_sigil(sc, "corvin", "zephyr_sigil", tier, ["wren"])
    assert without(sc, "corvin") == {
        1: ["brask", "sela", "wren", "odo"],
        2: ["brask", "sela", "odo", "wren"],
        3: ["brask", "wren", "sela", "odo"],
    }[tier]
    assert sc.hp("wren") == 12 - (1 if tier == 2 else 0)
    assert sc.statuses("wren") == (["stun"] if tier == 3 else [])


@TIER
def test_gust_sigil_ib_4_5_tier(tier: int) -> None:
    """1: Move Up 1. 2: an ally Moves Up 1. 3: every enemy Moves Back 1."""
    # Gale Feather's own Move Up is marked used, so only the Sigil moves Pim up.
    sc = game("pim", "pim wren corvin brask marta |", no_passive=True)
    use_sigil(sc, "pim", "gust_sigil", tier, ["marta"])
    assert sc.order() == {
        # Speed 2 takes Pim past Wren and Corvin; Move Up 1 then puts it before Corvin.
        1: ["wren", "pim", "corvin", "brask", "marta"],
        2: ["wren", "corvin", "pim", "marta", "brask"],
        3: ["corvin", "wren", "pim", "marta", "brask"],
    }[tier]


# --- Keystones (IB 4.6 ability, IB 2.2.3 passive) -----------------------------------


def test_tide_stone_ib_4_6_an_ally_heals_3_and_ib_2_2_3_heal_1_at_start() -> None:
    sc = game("wren", "wren brask ilse |", wren={"hp": 5, "charge": 1}, brask={"hp": 10})
    assert sc.hp("wren") == 6  # passive: start of activation
    sc.play(Kind.KEYSTONE, "brask")
    assert sc.hp("brask") == 13 and sc.hp("wren") == 6


def test_ember_core_ib_4_6_deals_2_and_ib_2_2_3_gains_1_charge_at_end() -> None:
    sc = game("brask", "brask ilse |", brask={"charge": 1})
    sc.play(Kind.KEYSTONE, "ilse")
    assert sc.hp("ilse") == 11 - 2
    assert not sc.at_action("brask")
    assert sc.charge("brask") == 1 - 1 + 1  # paid 1 for the ability, passive gave 1


def test_gale_feather_ib_4_6_enemy_moves_back_2_and_ib_2_2_3_move_up_1_at_end() -> None:
    sc = game("sela", "sela ilse corvin brask wren odo |", sela={"charge": 1})
    sc.play(Kind.KEYSTONE, "ilse")
    # Ilse back 2 (after Brask); Sela's Speed 3 puts it after Ilse; then Move Up 1.
    assert sc.order() == ["corvin", "brask", "sela", "ilse", "wren", "odo"]


def test_bastion_plate_ib_4_6_gains_guard_and_ib_2_2_3_gains_guard_at_end() -> None:
    ability = game("odo", "odo ilse |", no_passive=True, odo={"charge": 1})
    ability.play(Kind.KEYSTONE)
    assert ability.statuses("odo") == ["guard"] and ability.charge("odo") == 0
    passive = game("odo", "odo ilse |")
    passive.play(Kind.PASS)
    assert passive.statuses("odo") == ["guard"]


def test_arcane_lens_ib_4_6_gains_1_charge_and_ib_2_2_3_gains_insight_at_start() -> None:
    sc = game("ilse", "ilse wren |", ilse={"charge": 1})
    assert sc.statuses("ilse") == ["insight"]  # passive: start of activation
    sc.play(Kind.KEYSTONE)
    assert [e[1:3] for e in sc.since(events.CHARGE)] == [(sc.u("ilse"), 1)]
    assert sc.charge("ilse") == 1 - 1 + 1  # paid 1 for the ability, gained 1


def test_thorn_ward_ib_4_6_deals_1_and_weakens_and_ib_2_2_3_heal_1_at_start() -> None:
    sc = game("corvin", "corvin brask wren |", corvin={"hp": 10, "charge": 1})
    assert sc.hp("corvin") == 11  # passive: start of activation
    sc.play(Kind.KEYSTONE, "wren")
    assert sc.hp("wren") == 12 - 1 and sc.statuses("wren") == ["weaken"]



# --- Characters (IB 2.1.3): Basic, Advanced and Break Art as printed ------------------
# Two seats without Keystones (no passives): Tove and Wren against Vossa and Pim.


def duel(track: str, **units: dict[str, Any]) -> Scenario:
    """The first unit of `track` at its Action step; seat 0 Tove and Wren, seat 1 Vossa
    and Pim, both on plain supply decks."""
    sc = Scenario(seats=[(0, ["tove", "wren"]), (1, ["vossa", "pim"])])
    sc.track(track)
    for key, values in units.items():
        sc.set(key, **values)
    sc.run().decline_all()
    assert sc.at_action(track.split()[0])
    return sc


def test_tove_ib_4_1_basic_deals_1() -> None:
    sc = duel("tove vossa wren pim |")
    sc.play(Kind.BASIC, "vossa")
    assert sc.hp("vossa") == 22 - 1 and sc.charge("tove") == 1


def test_tove_ib_4_2_advanced_deals_1_mutes_and_an_ally_gains_1_charge() -> None:
    sc = duel("tove vossa wren pim |", tove={"charge": 1})
    sc.play(Kind.ADVANCED, ["vossa", "wren"])
    assert sc.hp("vossa") == 22 - 1 and sc.statuses("vossa") == ["mute"]
    assert sc.charge("wren") == 1 and sc.charge("tove") == 0  # paid 1 Charge


def test_tove_ib_4_3_break_art_seals_every_enemy_and_every_ally_moves_up_1() -> None:
    sc = duel("tove vossa wren pim |", tove={"charge": 3})
    sc.play(Kind.BREAK_ART)
    assert (sc.hp("vossa"), sc.hp("pim")) == (22 - 1, 8 - 1)
    assert sc.statuses("vossa") == sc.statuses("pim") == ["seal"]
    assert sc.hp("wren") == 12 and sc.statuses("wren") == []
    # Wren moves up past Vossa; Tove's Speed 1 puts it after Wren, and its own Move Up 1
    # (deferred to its Movement Step) cannot take the slot of the unit now first.
    assert sc.order() == ["wren", "tove", "vossa", "pim"]
    assert sc.charge("tove") == 0


def test_vossa_ib_4_1_basic_deals_3() -> None:
    sc = duel("vossa tove wren pim |")
    sc.play(Kind.BASIC, "wren")
    assert sc.hp("wren") == 12 - 3 and sc.charge("vossa") == 1


def test_vossa_ib_4_2_advanced_deals_2_burns_and_weakens() -> None:
    sc = duel("vossa tove wren pim |", vossa={"charge": 1})  # Tove acts next: Wren waits
    sc.play(Kind.ADVANCED, "wren")
    assert sc.hp("wren") == 12 - 2  # Weaken comes after the damage in the clause
    assert sc.statuses("wren") == ["burn", "weaken"]
    assert sc.hp("tove") == 7 and sc.charge("vossa") == 0


def test_vossa_ib_4_3_break_art_deals_3_to_every_enemy_heals_3_and_gains_guard() -> None:
    sc = duel("vossa pim tove wren |", vossa={"charge": 3, "hp": 15})
    sc.play(Kind.BREAK_ART)
    assert (sc.hp("tove"), sc.hp("wren")) == (7 - 3, 12 - 3)
    assert sc.hp("vossa") == 15 + 3 and sc.statuses("vossa") == ["guard"]
    assert sc.hp("pim") == 8 and sc.charge("vossa") == 0


def test_vossa_ib_2_1_speed_7_takes_it_past_the_round_marker() -> None:
    sc = duel("vossa tove wren | pim")
    sc.play(Kind.PASS)
    assert sc.oor("vossa") and sc.order()[-1] == "vossa"
