"""Independent rules audit (IB 2.8, 2.9, 3, 4.1-4.4, 4.8, 4.9, 5; register AMB entries
and R1-R9 in ../shared/IB-RULINGS.md).

The first four tests pinned discrepancies the audit found (fixed since: AMB-18 round
end between queued Breaks, IB 3.4.5 no deferred move on an out-of-round unit, IB 5.2.8
a Cleanse lifts Seal during the Sealed activation); the others pin down interactions
that were checked and found correct and that no other test covered.
"""

from __future__ import annotations

import pytest

from initiative.games.ib import events
from initiative.games.ib.actions import BASIC, BREAKS, Kind, action
from tests.ib.scenario import Scenario

# --- discrepancies (fixed) -------------------------------------------------------------


def test_audit_amb18_round_ends_at_once_between_two_queued_breaks() -> None:
    # Ilse is the last unit left of the RM. Before her activation Ilse (Speed 4) and Sela
    # (Speed 3) break together: Ilse resolves first (IB 3.7.9, AMB-31) and goes to the
    # track end, so the RM is leftmost while no activation runs: round 2 begins there
    # (IB 3.5.4, AMB-18). Sela's Break then happens in round 2, so she ends out of round
    # (IB 3.7.6, AMB-29), and her Move Back 3 on Corvin, now the next unit to act, waits
    # for Corvin's Movement Step (AMB-07).
    sc = Scenario()
    sc.track("ilse | sela corvin").set("ilse", charge=3).set("sela", charge=3).run()
    assert sc.window() == "between"
    sc.declare("sela").declare("ilse").run()
    sc.target("corvin")  # Ilse's Break Art: the ally to heal and cleanse
    sc.run()  # her enemy clause has one legal target (Sela)
    sc.target("corvin").decline_all()  # Sela's Break Art: 4 damage and Move Back 3
    assert sc.acting() == "corvin"
    assert sc.state.track.round == 2
    assert sc.text() == "corvin ilse | sela"
    assert sc.oor("sela")


def test_audit_ib_3_4_5_an_out_of_round_unit_is_not_moved_by_a_break_between_activations() -> None:
    # Sela is the only unit left of the RM and breaks before her own activation. During
    # her Break Art she stands in slot 0 and Corvin, in slot 1, is out of round; her
    # Move Back 3 on Corvin must do nothing. The engine instead treats Corvin as the
    # waiting Active Character, defers the move and applies it in round 2.
    sc = Scenario()
    sc.track("sela | corvin ilse pim marta brask wren odo").set("sela", charge=3).run()
    sc.declare("sela").run()
    sc.mark().target("corvin").decline_all()
    assert sc.hp("corvin") == 9
    assert sc.since(events.DEFER) == []
    assert sc.state.pending[sc.u("corvin")] == ()
    assert sc.acting() == "corvin"  # round 2
    sc.play(Kind.PASS)  # Speed 5 only; no Move Back 3 afterwards
    assert sc.text() == "ilse pim marta brask wren corvin odo | sela"


def test_audit_ib_5_2_8_cleansing_seal_during_the_sealed_activation_lifts_the_break_ban() -> None:
    # Ilse (3 Charge) starts her activation Sealed and plays Clear Mind ("Cleanse one
    # status of your choice from an ally") on herself. Seal is the status she carries
    # during this activation, so it is removed, and once the Event has resolved nothing
    # forbids her Initiative Break.
    sc = Scenario(team_a="tideguard", team_b="ashfall")
    sc.track("ilse wren brask |").set("ilse", charge=3, status=["seal"])
    sc.hand(1, ["clear_mind", "field_ration"]).run()
    assert sc.acting() == "ilse"
    # IB 5.2.5: Seal is present during that activation (Insight comes from her Keystone).
    assert sc.statuses("ilse") == ["seal", "insight"]
    sc.state.apply(action(Kind.PLAY, 0))  # Clear Mind; its only legal target is Ilse
    sc.run()
    sc.cleanse("seal")  # two statuses: the controller names the one to remove
    while sc.window() == "after_declare":  # Ilse is still Sealed here
        assert BREAKS[sc.u("ilse")] not in sc.legal()
        sc.decline()
    assert sc.window() == "after_resolve"
    assert BREAKS[sc.u("ilse")] in sc.legal()


def test_audit_ib_5_2_8_any_time_event_cleanses_seal_then_the_unit_may_attack() -> None:
    sc = Scenario({"event_timing": "any_time_own_activation"},
                  team_a="tideguard", team_b="ashfall")
    sc.track("ilse wren brask |").set("ilse", status=["seal"])
    sc.hand(1, ["clear_mind", "field_ration"]).run()
    assert BASIC not in sc.legal()
    sc.state.apply(action(Kind.PLAY, 0))
    sc.run().cleanse("seal").decline_all()
    assert sc.at_action("ilse")  # the Event left the action to take (AMB-48)
    assert BASIC in sc.legal()


# --- interactions checked and found correct ----------------------------------------------


def test_audit_ib_3_4_6_a_break_after_resolve_moves_the_active_unit_back_after_its_speed() -> None:
    # Pim attacks Sela; Sela breaks after the attack resolved and hits Pim (the active
    # unit) with 4 damage and Move Back 3. The Move Back waits for Pim's Movement Step:
    # Speed 2 first, then Back 3 passes the RM (Sela stands beyond it): track end.
    sc = Scenario()
    sc.track("pim ilse corvin marta sela wren |").set("sela", charge=3).run().decline_all()
    sc.play(Kind.BASIC, "sela", decline=False)
    assert sc.window() == "after_declare"
    sc.decline()
    assert sc.window() == "after_resolve"
    sc.declare("sela").run()
    sc.mark().target("pim")
    assert sc.since(events.DEFER) == [(events.DEFER, sc.u("pim"), 3)]
    sc.decline_all()
    assert sc.hp("pim") == 4 and sc.hp("sela") == 9
    assert sc.text() == "ilse corvin marta | wren sela pim"
    assert sc.acting() == "ilse"


@pytest.mark.parametrize(("order", "hp"), [("weaken_then_guard", 6), ("guard_then_weaken", 5)])
def test_audit_amb51_insight_weaken_and_guard_together(order: str, hp: int) -> None:
    # Basic 2 + Insight 1 = 3 (attacker side first); then Weaken +2 and Guard halving in
    # the flag's order: (3 + 2) // 2 = 2, or 3 // 2 + 2 = 3. All three are used up.
    sc = Scenario({"damage_order": order})
    sc.track("wren pim marta |").set("wren", status=["insight"])
    sc.set("pim", status=["weaken", "guard"]).run()
    sc.play(Kind.BASIC, "pim")
    assert sc.hp("pim") == hp
    assert sc.statuses("pim") == [] and sc.statuses("wren") == []


def test_audit_ib_5_2_7_stun_from_a_break_between_activations_skips_the_leftmost_unit() -> None:
    # Brask breaks before Pim's activation (6 damage and Stun on Pim). That activation is
    # Pim's next one: it is skipped at once, Pim moves by Speed, and the RM still steps.
    sc = Scenario()
    sc.track("pim wren brask |").set("brask", charge=3).run()
    assert sc.window() == "between"
    sc.mark().declare("brask").run().decline_all()
    assert sc.hp("pim") == 2
    assert (events.STUNNED, sc.u("pim")) in sc.since()
    assert sc.statuses("pim") == []
    assert sc.acting() == "wren"
    assert sc.text() == "wren brask pim |"  # Pim crossed the RM; the RM step ended round 1
    assert sc.state.track.round == 2


def test_audit_amb34_amb19_the_last_in_round_unit_breaking_in_its_own_turn_ends_the_round() -> None:
    # Marta is the only unit left of the RM. Her Basic Attack brings her to 3 Charge; she
    # breaks after it resolves. Her activation ends (no Movement Step, R3), she is at the
    # track end, and the single RM step finds the RM already leftmost: round 2 (AMB-19).
    sc = Scenario()
    sc.track("marta | pim wren").set("marta", charge=2).run().decline_all()
    sc.mark().play(Kind.BASIC, "wren", decline=False)
    while sc.window() == "after_declare":
        sc.decline()
    assert sc.window() == "after_resolve" and sc.charge("marta") == 3
    sc.declare("marta").run().decline_all()
    assert sc.hp("wren") == 2  # 3 + 7
    assert sc.since(events.MOVEMENT) == []
    assert len(sc.since(events.RM_STEP)) == 1
    assert sc.state.track.round == 2
    assert sc.text() == "pim wren marta |"
    assert sc.acting() == "pim"
