"""IB 4.1-4.3 Charge gains and costs, IB 3.8 targeting, defeat and victory."""

from __future__ import annotations

from scenario import Scenario

from initiative.games.ib import events
from initiative.games.ib.actions import ADVANCED, BREAK_ART, TARGETS, Kind


def test_ib_4_1_1_a_basic_attack_deals_its_damage_and_gains_one_charge() -> None:
    sc = Scenario()
    sc.track("brask pim |").run()
    sc.play(Kind.BASIC, "pim")
    assert sc.hp("pim") == 5
    assert sc.charge("brask") == 1


def test_ib_3_7_3_charge_is_capped_at_three() -> None:
    sc = Scenario()
    sc.track("brask pim |").set("brask", charge=3).run().decline_all()
    sc.play(Kind.BASIC, "pim")
    assert sc.charge("brask") == 3  # AMB-38: the extra Charge is lost


def test_ib_4_2_advanced_attack_costs_one_charge_and_gains_none() -> None:
    sc = Scenario()
    sc.track("brask pim |").run()
    assert ADVANCED not in sc.legal()  # no Charge, no Advanced Attack
    sc = Scenario()
    sc.track("brask sela pim |").set("brask", charge=2).run()
    assert ADVANCED in sc.legal()
    sc.play(Kind.ADVANCED, "pim")
    assert sc.charge("brask") == 1
    assert sc.hp("pim") == 5
    assert sc.statuses("pim") == ["burn"]


def test_ib_4_3_1_break_art_needs_three_charge_spends_all_and_moves_by_speed() -> None:
    sc = Scenario()
    sc.track("brask pim sela marta |").set("brask", charge=2).run()
    assert BREAK_ART not in sc.legal()
    sc = Scenario()
    sc.track("brask pim sela marta |").set("brask", charge=3).run().decline_all()
    assert BREAK_ART in sc.legal()
    sc.play(Kind.BREAK_ART, "marta")
    assert sc.charge("brask") == 0
    assert sc.hp("marta") == 12
    assert sc.text() == "pim sela marta | brask"  # the normal Speed move, then the RM


def test_engine_a_single_legal_target_is_chosen_automatically() -> None:
    sc = Scenario()
    sc.track("brask pim sela |").run()
    sc.apply(Kind.BASIC)  # Pim is Brask's only enemy on the track
    assert not any(a.kind == Kind.TARGET for a in sc.legal())
    assert sc.hp("pim") == 5


def test_ib_3_8_1_attacks_target_enemies_only() -> None:
    sc = Scenario()
    sc.track("brask pim sela marta wren |").run()
    sc.apply(Kind.BASIC)
    assert set(sc.legal()) == {TARGETS[sc.u("pim")], TARGETS[sc.u("marta")]}


def test_ib_3_8_4_a_clause_naming_its_own_target_may_pick_another_unit() -> None:
    # Ilse's Advanced Attack: Mute on an enemy, then Insight on an ally.
    sc = Scenario()
    sc.track("ilse corvin brask wren |").set("ilse", charge=1).run()
    sc.apply(Kind.ADVANCED)
    assert set(sc.legal()) == {TARGETS[sc.u("brask")], TARGETS[sc.u("wren")]}
    sc.target("brask")
    assert set(sc.legal()) == {TARGETS[sc.u("ilse")], TARGETS[sc.u("corvin")]}
    sc.target("corvin").decline_all()
    assert sc.statuses("brask") == ["mute"]
    assert sc.hp("brask") == 15
    assert sc.statuses("corvin") == ["insight"]


def test_ib_3_8_5_an_all_enemies_clause_hits_every_enemy_with_its_status() -> None:
    sc = Scenario()
    sc.track("corvin pim brask wren |").set("corvin", charge=3).run().decline_all()
    sc.play(Kind.BREAK_ART)  # 3 damage and Burn to all enemies
    assert (sc.hp("brask"), sc.hp("wren")) == (13, 9)
    assert sc.statuses("brask") == ["burn"] and sc.statuses("wren") == ["burn"]
    assert sc.hp("pim") == 8 and sc.statuses("pim") == []


def test_ib_3_6_5_the_last_side_with_units_on_the_track_wins() -> None:
    sc = Scenario()
    sc.track("brask pim sela |").set("pim", hp=3).run()
    sc.mark().play(Kind.BASIC, "pim")
    assert sc.since(events.DEFEAT) == [(events.DEFEAT, sc.u("pim"))]
    assert sc.state.result == 0
    assert sc.state.is_terminal()
    assert sc.state.returns() == [1.0, -1.0]
    assert sc.state.legal_actions() == []


def test_amb56_hp_never_drops_below_zero_and_defeated_units_leave_the_track() -> None:
    sc = Scenario()
    sc.track("marta brask sela pim |").set("marta", charge=3).set("sela", hp=2).run()
    sc.decline_all()
    sc.mark().play(Kind.BREAK_ART, "sela")  # 7 damage
    assert sc.hp("sela") == 0
    assert sc.since(events.DAMAGE)[0][3:] == (7, 0)
    assert not sc.on_track("sela")
    assert sc.order() == ["brask", "pim", "marta"]
