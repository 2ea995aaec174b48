"""One scenario per shipped card of core.yaml: each Technique (IB 4.4), Event (IB 4.8),
signature card (IB 2.7.5), Sigil tier (IB 4.5, 4.5.7) and Keystone ability (IB 4.6)
and passive (IB 2.2.3) is played once and checked against its printed `text`.

Teams: Tideguard (seat 0: Wren, Brask, Sela, Odo) against Ashfall (seat 1: Ilse,
Corvin, Pim, Marta), on their practice decks (scenario.PRACTICE_DECKS: the shipped kits
with the supply cards that fill hands here). The acting unit always holds five
cards, so no Draw Step adds one. A unit's own movement step (Speed) follows its action,
so track checks either account for it or leave the acting unit out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from initiative.games.ib import events, frames
from initiative.games.ib.actions import DISCARDS, PLAYS, SIGILS, TIERS, Kind, target_unit
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
    return at_action(sc, actor, track, hand, FILLER[sc.seat_of(actor)], (), no_passive, units)


def at_action(sc: Scenario, actor: str, track: str, hand: Sequence[str],
              filler: Sequence[str], supports: Sequence[str], no_passive: bool,
              units: dict[str, dict[str, Any]]) -> Scenario:
    """Set the track, `actor`'s hand (topped up from `filler`), Supports in play and unit
    values, then run to `actor`'s Action step."""
    sc.track(track).hand(sc.seat_of(actor), list(hand) + list(filler[: 5 - len(hand)]))
    for key in supports:
        sc.support(key)
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
    sc.state.invalidate()
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


def test_rally_strike_ib_4_4_costs_1_deals_2_and_an_ally_moves_up_1() -> None:
    sc = game("wren", "wren ilse corvin brask sela |", ["rally_strike"])
    play(sc, "rally_strike", ["ilse", "sela"], ["field_ration"])
    assert len(sc.state.hands[0]) == 5 - 2
    assert sc.hp("ilse") == 11 - 2
    assert without(sc, "wren") == ["ilse", "corvin", "sela", "brask"]


def test_cataclysm_edge_ib_4_4_deals_2_to_every_enemy() -> None:
    # Pim (no start-of-activation passive) acts next, so nothing else touches them.
    sc = game("wren", "wren pim ilse corvin brask |", ["cataclysm_edge"])
    play(sc, "cataclysm_edge", [], ["field_ration", "spare_flint", "field_ration"])
    assert (sc.hp("ilse"), sc.hp("corvin"), sc.hp("pim")) == (11 - 2, 13 - 2, 8 - 2)
    for key in ("ilse", "corvin", "pim"):
        assert sc.statuses(key) == []
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


def test_undercut_sweep_ib_4_4_costs_3_deals_1_to_every_enemy_and_each_moves_back_1() -> None:
    # Brask (no start-of-activation passive) acts next, so nothing else touches them.
    sc = game("wren", "wren ilse brask corvin sela pim odo |", ["undercut_sweep"])
    play(sc, "undercut_sweep", [], ["field_ration", "spare_flint", "field_ration"])
    assert (sc.hp("ilse"), sc.hp("corvin"), sc.hp("pim")) == (11 - 1, 13 - 1, 8 - 1)
    assert (sc.hp("brask"), sc.hp("sela"), sc.hp("odo")) == (16, 10, 20)
    # Each enemy passes the ally behind it; the allies keep their order.
    assert without(sc, "wren") == ["brask", "ilse", "sela", "corvin", "odo", "pim"]
    assert len(sc.since(events.DISCARD)) == 3  # the cost; Brask's Draw Step then draws 1


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


def test_cinderguard_oath_ib_2_7_5_brask_gains_guard_then_deals_3() -> None:
    sc = game("brask", "brask ilse |", ["cinderguard_oath"])
    play(sc, "cinderguard_oath", ["ilse"], ["field_ration"])
    assert "guard" in sc.statuses("brask")
    assert sc.hp("ilse") == 11 - 3


def test_glass_vision_ib_2_7_5_an_ally_gains_insight_and_1_charge_and_ilse_draws() -> None:
    # Arcane Lens's own Insight is marked used, so the Insight here is the card's.
    sc = game("ilse", "ilse corvin wren |", ["glass_vision"], no_passive=True)
    assert sc.statuses("corvin") == [] and sc.charge("corvin") == 0
    play(sc, "glass_vision", ["corvin"], seat=1)
    assert sc.statuses("corvin") == ["insight"]
    assert sc.charge("corvin") == 1
    assert sc.statuses("ilse") == [] and sc.charge("ilse") == 0
    assert len(sc.state.hands[1]) == 5 - 1 + 1  # the card played, one drawn


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
        # Speed 3 takes Pim past Wren, Corvin and Brask; Move Up 1 then puts it before Brask.
        1: ["wren", "corvin", "pim", "brask", "marta"],
        # Marta moves up past Brask at once; then Pim's Speed 3 move.
        2: ["wren", "corvin", "marta", "pim", "brask"],
        # Wren and Brask move back 1 each; then Pim's Speed 3 move.
        3: ["corvin", "wren", "marta", "pim", "brask"],
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
    # Wren moves up past Vossa; Tove's Speed 3 puts it last, then its own Move Up 1
    # (deferred to its Movement Step, IB 3.4.6) takes it back past Pim.
    assert sc.order() == ["wren", "vossa", "tove", "pim"]
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


# --- Lanternwatch: Support Characters (IB 2.5, 4.7) and the newer clauses -----------
# Seat 0 is Lanternwatch (Vossa, Wren, Sela the Storm Courier, Tove; deck lantern_kit);
# seat 1 is Ashfall, or Lanternwatch again when a test needs enemy Supports. Support
# units are labelled by their card key ("briar_hound", "briar_hound2" for seat 1's).

LANTERN_FILLER = ["quick_jab", "scout_report", "quick_jab", "scout_report", "time_slip"]


def lantern(actor: str, track: str, hand: Sequence[str] = (), *, no_passive: bool = False,
            mirror: bool = False, supports: Sequence[str] = (),
            rules: dict[str, Any] | None = None, **units: dict[str, Any]) -> Scenario:
    """Like `game`, with Lanternwatch as seat 0 against Ashfall (or, with `mirror`,
    against a second Lanternwatch); `supports` are put into play first."""
    sc = Scenario(rules, team_a="lanternwatch", team_b="lanternwatch" if mirror else "ashfall")
    filler = LANTERN_FILLER if sc.seat_of(actor) == 0 or mirror else FILLER[1]
    return at_action(sc, actor, track, hand, filler, supports, no_passive, units)


def passives(sc: Scenario, key: str) -> list[int]:
    """Ability indexes of `key` that fired since `mark()`."""
    return [e[2] for e in sc.since(events.PASSIVE) if e[1] == sc.u(key)]


def in_discard(sc: Scenario, seat: int, card: str) -> bool:
    return sc.card(card) in sc.state.discards[seat]


def choices(sc: Scenario) -> list[str]:
    """The units the awaited target decision offers."""
    n = sc.match.num_characters
    return [sc.key(target_unit(a, n)) for a in sc.legal()]


# Lamplight Mender: on play an ally heals 3; at the end of each round every ally heals 1.


def test_lamplight_mender_ib_4_7_enters_play_and_an_ally_heals_3() -> None:
    sc = lantern("vossa", "vossa ilse wren |", ["lamplight_mender"], wren={"hp": 5})
    assert not sc.in_play("lamplight_mender")
    play(sc, "lamplight_mender", ["wren"])
    assert sc.hp("wren") == 5 + 3
    assert sc.in_play("lamplight_mender") and sc.hp("lamplight_mender") == 5
    assert sc.card("lamplight_mender") not in sc.state.hands[0]
    assert not in_discard(sc, 0, "lamplight_mender")  # it stays in play (IB 2.5.1)
    assert sc.since(events.SUPPORT_IN) == [(events.SUPPORT_IN, sc.u("lamplight_mender"), 0)]


def test_lamplight_mender_ib_2_5_1_every_ally_heals_1_when_the_round_ends() -> None:
    sc = lantern("vossa", "vossa | ilse wren", supports=["lamplight_mender"],
                 vossa={"hp": 10}, wren={"hp": 5}, ilse={"hp": 6})
    sc.set("lamplight_mender", hp=3)
    round_ = sc.state.track.round
    sc.mark().play(Kind.PASS)  # Vossa crosses the Round Marker: the round ends
    assert sc.state.track.round == round_ + 1
    assert passives(sc, "lamplight_mender") == [0]
    assert (sc.hp("vossa"), sc.hp("wren"), sc.hp("lamplight_mender")) == (11, 6, 4)
    assert sc.hp("ilse") == 6  # enemies are not healed


def test_lamplight_mender_does_nothing_before_the_round_ends() -> None:
    sc = lantern("vossa", "vossa ilse corvin | wren", supports=["lamplight_mender"],
                 wren={"hp": 5})
    round_ = sc.state.track.round
    sc.mark().play(Kind.PASS)  # the Round Marker steps to "ilse | corvin": not the end
    assert sc.state.track.round == round_
    assert passives(sc, "lamplight_mender") == [] and sc.hp("wren") == 5

# Bulwark Sentry: on play an ally without Guard gains Guard; each hit of 2 or more on
# its side deals 1 less (a 1-damage hit is left at 1: its `floor`, docs/content.md).


def test_bulwark_sentry_ib_4_7_only_an_ally_without_guard_can_be_given_guard() -> None:
    sc = lantern("vossa", "vossa ilse wren tove |", ["bulwark_sentry"],
                 wren={"status": ["guard"]})
    sc.mark()
    sc.state.apply(PLAYS[0])
    sc.pay(0, ["quick_jab"])  # cost 1
    assert choices(sc) == ["vossa", "tove"]  # Wren already has Guard
    sc.choose_targets(["tove"]).decline_all()
    assert sc.statuses("tove") == ["guard"] and sc.statuses("wren") == ["guard"]
    assert sc.in_play("bulwark_sentry") and sc.hp("bulwark_sentry") == 6
    assert len(sc.state.hands[0]) == 5 - 2


def test_bulwark_sentry_ib_2_5_1_allies_take_1_less_damage_enemies_do_not() -> None:
    sc = lantern("corvin", "corvin vossa ilse |", no_passive=True,
                 supports=["bulwark_sentry"])
    sc.play(Kind.BASIC, "vossa")
    assert sc.hp("vossa") == 22 - (3 - 1)
    sc.pass_until("vossa")
    sc.play(Kind.BASIC, "ilse")
    assert sc.hp("ilse") == 11 - 3  # the enemy gets no reduction


def test_bulwark_sentry_leaves_a_1_damage_hit_at_1() -> None:
    sc = lantern("pim", "pim vossa |", no_passive=True, supports=["bulwark_sentry"])
    sc.play(Kind.BASIC, "vossa")  # Pim's Basic Attack: 1 damage
    assert sc.hp("vossa") == 22 - 1
    assert [e[3] for e in sc.since(events.DAMAGE)] == [1]


def test_bulwark_sentry_takes_a_2_damage_hit_down_to_1() -> None:
    sc = lantern("pim", "pim vossa |", no_passive=True, supports=["bulwark_sentry"],
                 pim={"charge": 3})
    sc.play(Kind.BREAK_ART, "vossa")  # Pim's Break Art: 2 damage and Stun
    assert sc.hp("vossa") == 22 - 1


def test_bulwark_sentry_leaves_a_burn_tick_at_1() -> None:
    sc = lantern("vossa", "vossa wren |", no_passive=True, supports=["bulwark_sentry"],
                 wren={"status": ["burn"]})
    sc.mark().pass_until("wren")  # Wren's Burn ticks at its activation start (IB 5.2.1)
    burn = [e for e in sc.since(events.DAMAGE) if e[2] == sc.u("wren")]
    assert [(e[1], e[3], e[4]) for e in burn] == [(-1, 1, 12 - 1)]  # (Tide Stone heals it)


def test_bulwark_sentry_ib_2_5_2_the_sentry_itself_takes_1_less() -> None:
    sc = lantern("corvin", "corvin vossa |", no_passive=True, supports=["bulwark_sentry"])
    sc.play(Kind.BASIC, "bulwark_sentry")
    assert sc.hp("bulwark_sentry") == 6 - (3 - 1)


def test_bulwark_sentry_ib_2_5_3_at_0_hp_it_is_discarded_and_its_reduction_ends() -> None:
    sc = lantern("corvin", "corvin marta vossa |", no_passive=True,
                 supports=["bulwark_sentry"])
    sc.set("bulwark_sentry", hp=2)
    sc.play(Kind.BASIC, "bulwark_sentry")
    assert sc.hp("bulwark_sentry") == 0 and not sc.in_play("bulwark_sentry")
    assert in_discard(sc, 0, "bulwark_sentry")
    sc.pass_until("marta")
    sc.play(Kind.BASIC, "vossa")
    assert sc.hp("vossa") == 22 - 3


# March Drummer: on play an ally Moves Up 1; an ally starting its activation gains 1
# Charge (once per round); at Time Collapse every ally gains 1 Charge.


def test_march_drummer_ib_4_7_an_ally_moves_up_1() -> None:
    sc = lantern("vossa", "vossa ilse corvin tove |", ["march_drummer"])
    play(sc, "march_drummer", ["tove"])
    assert without(sc, "vossa") == ["ilse", "tove", "corvin"]
    assert sc.in_play("march_drummer") and sc.hp("march_drummer") == 4


def test_march_drummer_ib_2_5_1_only_the_first_ally_to_start_in_a_round_gains_1() -> None:
    sc = lantern("wren", "wren ilse sela_courier corvin pim marta vossa tove |",
                 supports=["march_drummer"])
    assert sc.charge("wren") == 1  # Wren started its activation
    sc.mark().pass_until("sela_courier")
    assert sc.charge("ilse") == 0  # an enemy: no Charge
    assert sc.charge("sela_courier") == 0  # once per round: already used by Wren
    assert passives(sc, "march_drummer") == [] and sc.since(events.ROUND) == []


def test_march_drummer_ib_3_5_4_its_usage_comes_back_when_the_round_ends() -> None:
    sc = lantern("vossa", "vossa | tove ilse", supports=["march_drummer"])
    assert sc.charge("vossa") == 1
    sc.mark().play(Kind.PASS)  # Vossa crosses the Round Marker: a new round
    assert sc.since(events.ROUND) and sc.at_action("tove")
    assert sc.charge("tove") == 1 and passives(sc, "march_drummer") == [0]


def test_march_drummer_ib_3_6_every_ally_gains_1_charge_at_time_collapse() -> None:
    # Speeds 7, 2, 4, 4, 5: Pim's defeat leaves 4 units, no more than the lowest Speed.
    sc = lantern("vossa", "vossa pim ilse wren corvin |", no_passive=True,
                 supports=["march_drummer"], pim={"hp": 1})
    assert sc.charge("vossa") == 1  # from starting its activation
    sc.mark().play(Kind.BASIC, "pim")
    assert sc.since(events.COLLAPSE) and sc.state.track.rm is None
    assert passives(sc, "march_drummer") == [1]
    assert sc.charge("wren") == 1 and sc.charge("vossa") == 1 + 1 + 1  # and its Basic's
    assert sc.charge("ilse") == 0 and sc.charge("corvin") == 0


# Briar Hound: on play 1 damage to an enemy; when it takes damage it deals 1 to the
# dealer; once per game, when it or an ally is defeated, every enemy gains Burn.


def test_briar_hound_ib_4_7_deals_1_to_an_enemy() -> None:
    sc = lantern("vossa", "vossa ilse corvin |", ["briar_hound"])
    play(sc, "briar_hound", ["corvin"], ["quick_jab"])
    assert sc.hp("corvin") == 13 - 1 and sc.hp("ilse") == 11
    assert sc.in_play("briar_hound") and sc.hp("briar_hound") == 5
    assert len(sc.state.hands[0]) == 5 - 2  # the card and its cost of 1


def test_briar_hound_ib_2_5_1_hits_back_whoever_damages_it() -> None:
    sc = lantern("corvin", "corvin vossa |", no_passive=True, supports=["briar_hound"])
    sc.mark().play(Kind.BASIC, "briar_hound")
    assert sc.hp("briar_hound") == 5 - 3
    assert sc.hp("corvin") == 13 - 1 and passives(sc, "briar_hound") == [0]


def test_briar_hound_does_not_answer_damage_to_an_ally() -> None:
    sc = lantern("corvin", "corvin vossa |", no_passive=True, supports=["briar_hound"])
    sc.mark().play(Kind.BASIC, "vossa")
    assert sc.hp("vossa") == 22 - 3 and sc.hp("corvin") == 13
    assert passives(sc, "briar_hound") == []


def test_briar_hound_ib_2_5_3_defeated_it_is_discarded_and_burns_every_enemy() -> None:
    sc = lantern("corvin", "corvin vossa pim ilse |", no_passive=True,
                 supports=["briar_hound"])  # Vossa acts next: no Burn resolves yet
    sc.set("briar_hound", hp=2)
    sc.mark().play(Kind.BASIC, "briar_hound")
    assert not sc.in_play("briar_hound") and in_discard(sc, 0, "briar_hound")
    for key in ("corvin", "pim", "ilse"):
        assert sc.statuses(key) == ["burn"], key
    assert sc.statuses("vossa") == []
    assert passives(sc, "briar_hound") == [1]  # only the on-defeat ability: it left play


def test_briar_hound_burns_once_per_game_when_allies_fall() -> None:
    sc = lantern("corvin", "corvin vossa marta tove wren |", no_passive=True,
                 supports=["briar_hound"], tove={"hp": 1}, wren={"hp": 1})
    sc.mark().play(Kind.BASIC, "tove")
    assert not sc.on_track("tove") and sc.in_play("briar_hound")
    assert sc.statuses("corvin") == sc.statuses("marta") == ["burn"]
    sc.set("corvin", status=[]).set("marta", status=[])
    sc.pass_until("marta")
    sc.mark().play(Kind.BASIC, "wren")
    assert not sc.on_track("wren")
    assert sc.statuses("corvin") == sc.statuses("marta") == []  # already used this game
    assert passives(sc, "briar_hound") == []


# Spark Wisp: on play an enemy loses 1 Charge; once per round, when an ally deals
# damage, the damaged unit loses 1 Charge. Wisp Call summons it.


def test_spark_wisp_ib_4_7_an_enemy_loses_1_charge() -> None:
    sc = lantern("vossa", "vossa ilse corvin |", ["spark_wisp"], ilse={"charge": 2},
                 corvin={"charge": 2})
    play(sc, "spark_wisp", ["ilse"])
    assert sc.charge("ilse") == 1 and sc.charge("corvin") == 2
    assert sc.in_play("spark_wisp") and sc.hp("spark_wisp") == 2


def test_spark_wisp_charge_never_goes_below_0() -> None:
    sc = lantern("vossa", "vossa ilse |", ["spark_wisp"])
    play(sc, "spark_wisp", ["ilse"])
    assert sc.charge("ilse") == 0


def test_spark_wisp_ib_2_5_1_only_the_first_unit_an_ally_damages_loses_1_charge() -> None:
    # Vossa's Break Art hits Ilse, Corvin and Pim in turn; the Wisp answers once a round.
    sc = lantern("vossa", "vossa wren ilse corvin pim |", supports=["spark_wisp"],
                 vossa={"charge": 3}, ilse={"charge": 2}, corvin={"charge": 2},
                 pim={"charge": 2})
    sc.mark().play(Kind.BREAK_ART)
    assert (sc.hp("ilse"), sc.hp("corvin"), sc.hp("pim")) == (11 - 3, 13 - 3, 8 - 3)
    assert (sc.charge("ilse"), sc.charge("corvin"), sc.charge("pim")) == (1, 2, 2)
    assert passives(sc, "spark_wisp") == [0]


def test_spark_wisp_ignores_damage_dealt_by_enemies() -> None:
    sc = lantern("corvin", "corvin vossa |", no_passive=True, supports=["spark_wisp"],
                 vossa={"charge": 2})
    sc.mark().play(Kind.BASIC, "vossa")
    assert sc.hp("vossa") == 22 - 3 and sc.charge("vossa") == 2
    assert passives(sc, "spark_wisp") == []


def test_wisp_call_summons_the_spark_wisp_from_outside_the_game() -> None:
    sc = lantern("vossa", "vossa ilse |", ["wisp_call"], no_passive=True)
    deck = list(sc.state.decks[0])
    play(sc, "wisp_call")
    assert sc.in_play("spark_wisp") and sc.hp("spark_wisp") == 2
    assert sc.since(events.SUPPORT_IN) == [(events.SUPPORT_IN, sc.u("spark_wisp"), 1)]
    assert sc.state.decks[0] == deck  # the deck's own Spark Wisp stays where it was
    assert sc.charge("vossa") == 0  # no Charge since the second good-player pass
    assert in_discard(sc, 0, "wisp_call")


def test_wisp_call_summons_nothing_while_the_wisp_is_in_play() -> None:
    sc = lantern("vossa", "vossa ilse |", ["wisp_call"], no_passive=True,
                 supports=["spark_wisp"])
    sc.set("spark_wisp", hp=1)
    play(sc, "wisp_call")
    assert sc.since(events.SUPPORT_IN) == [] and sc.hp("spark_wisp") == 1
    assert sc.charge("vossa") == 0  # no Charge since the second good-player pass


def test_a_summoned_spark_wisp_at_0_hp_leaves_the_game() -> None:
    sc = lantern("vossa", "vossa corvin |", ["wisp_call"], no_passive=True)
    play(sc, "wisp_call")
    sc.pass_until("corvin")
    discards = list(sc.state.discards[0])
    sc.play(Kind.BASIC, "spark_wisp")
    assert not sc.in_play("spark_wisp")
    assert sc.state.discards[0] == discards  # not discarded: it was never a deck card
    assert sc.card("spark_wisp") in sc.state.decks[0]


# Cards with conditions (`only_if`), lost Charge, Sigil removal, random discards and a
# registered script.


@pytest.mark.parametrize(("hp", "after"), [(6, 6 - 2 - 2), (7, 7 - 2)])
def test_finishing_cut_deals_2_more_only_to_a_target_left_at_4_hp_or_less(
        hp: int, after: int) -> None:
    sc = lantern("vossa", "vossa pim ilse |", ["finishing_cut"], ilse={"hp": hp})
    play(sc, "finishing_cut", ["ilse"], ["quick_jab"])
    assert sc.hp("ilse") == after
    assert [e[3] for e in sc.since(events.DAMAGE)] == ([2, 2] if hp == 6 else [2])


@pytest.mark.parametrize("burning", [True, False])
def test_smoulder_brand_deals_2_more_to_a_burning_enemy_and_burns_any_other(
        burning: bool) -> None:
    """Free since the second good-player pass (docs/balance.md): 4 damage to a burning
    enemy, 2 damage and Burn to any other (IB 4.4, 5.2)."""
    sc = lantern("vossa", "vossa pim ilse |", ["smoulder_brand"],
                 ilse={"status": ["burn"] if burning else []})
    play(sc, "smoulder_brand", ["ilse"])
    assert sc.hp("ilse") == 11 - (4 if burning else 2)
    assert sc.statuses("ilse") == ["burn"]  # kept, or put on
    assert sc.since(events.DISCARD) == []  # costs nothing


def test_stilling_pulse_costs_nothing_deals_1_and_the_enemy_loses_1_charge() -> None:
    sc = lantern("vossa", "vossa pim ilse |", ["stilling_pulse"], ilse={"charge": 2})
    play(sc, "stilling_pulse", ["ilse"])
    assert sc.hp("ilse") == 11 - 1 and sc.charge("ilse") == 2 - 1
    assert sc.since(events.DISCARD) == [] and len(sc.state.hands[0]) == 5 - 1


def test_rune_splitter_deals_1_and_discards_the_latest_sigil_to_its_owner() -> None:
    sc = lantern("vossa", "vossa pim ilse |", ["rune_splitter"])
    ilse = sc.u("ilse")
    sc.state.sigils[ilse] = ((sc.card("rune_sigil"), 1), (sc.card("undertow_sigil"), 1))
    play(sc, "rune_splitter", ["ilse"], ["quick_jab"])
    assert sc.hp("ilse") == 11 - 1
    assert sc.state.sigils[ilse] == ((sc.card("rune_sigil"), 1),)
    assert in_discard(sc, 1, "undertow_sigil") and not in_discard(sc, 0, "undertow_sigil")


def test_rune_splitter_on_a_unit_without_sigils_only_deals_1() -> None:
    sc = lantern("vossa", "vossa pim ilse |", ["rune_splitter"])
    play(sc, "rune_splitter", ["ilse"], ["quick_jab"])
    assert sc.hp("ilse") == 11 - 1 and sc.since(events.UNINSTALL) == []


def test_uproot_ib_2_5_2_may_only_target_an_enemy_support_and_deals_4() -> None:
    sc = lantern("vossa", "vossa wren2 |", ["uproot"], mirror=True,
                 supports=["lamplight_mender2", "march_drummer2", "march_drummer"])
    sc.state.apply(PLAYS[0])
    sc.pay(0, ["quick_jab"])
    assert choices(sc) == ["lamplight_mender2", "march_drummer2"]
    sc.choose_targets(["lamplight_mender2"]).decline_all()
    assert sc.hp("lamplight_mender2") == 5 - 4 and sc.hp("wren2") == 12
    assert sc.hp("march_drummer2") == 4


def test_static_leech_takes_1_charge_from_an_enemy() -> None:
    sc = lantern("vossa", "vossa pim ilse |", ["static_leech"], no_passive=True,
                 ilse={"charge": 2}, vossa={"charge": 1})
    play(sc, "static_leech", ["ilse"], ["quick_jab"])
    assert sc.charge("ilse") == 1 and sc.charge("vossa") == 2
    assert in_discard(sc, 0, "static_leech")


def test_static_leech_gains_nothing_from_an_enemy_without_charge() -> None:
    sc = lantern("vossa", "vossa pim ilse |", ["static_leech"], no_passive=True)
    play(sc, "static_leech", ["ilse"], ["quick_jab"])
    assert sc.charge("ilse") == 0 and sc.charge("vossa") == 0


def test_rattling_shout_the_enemy_player_discards_1_card_at_random_and_you_draw_1() -> None:
    sc = lantern("vossa", "vossa wren ilse |", ["rattling_shout"])  # Wren acts next
    sc.hand(1, ["field_ration", "spare_flint", "second_wind"])
    before = list(sc.state.hands[1])
    play(sc, "rattling_shout", ["ilse"])
    lost = [e for e in sc.since(events.DISCARD) if e[1] == 1]
    assert len(lost) == 1 and len(sc.state.hands[1]) == 3 - 1
    assert sorted(sc.state.hands[1] + [lost[0][2]]) == sorted(before)
    assert sc.state.discards[1][-1] == lost[0][2]
    assert [e for e in sc.since(events.DISCARD) if e[1] == 0] == []  # it costs nothing
    assert len(sc.state.hands[0]) == 5 - 1 + 1  # the card played, one drawn
