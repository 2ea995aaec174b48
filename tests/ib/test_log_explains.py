"""The log explains its numbers and its moves, sentence by sentence (issue 16, item 4):
damage lines with their sum in the order the pipeline applied it (IB 5.2, AMB-51),
deferred Move Ups confirmed or dropped with why (IB 3.4.6, AMB-05, R3), the cards' own
Move Up / Move Back, a move that fails says why (IB 3.4.3-3.4.5, AMB-04), no round
number during Time Collapse (IB 3.6.2) and no "heals 0 HP"."""

from __future__ import annotations

from initiative.games.ib import damage, events
from initiative.games.ib.actions import Kind
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.match import ChallengerSetup, Match, SeatSetup, UnitStart
from tests.ib.scenario import Scenario, rules_content
from tests.ib.support_content import support_content
from tests.ib.test_battle_starts import _two


def said(sc: Scenario) -> list[str]:
    """The sentences since the scenario's mark, as every seat reads them."""
    return [events.render(e, sc.match) for e in sc.since()]


# --- damage: the sum and its parts --------------------------------------------------------


def test_ib_5_2_6_weaken_shows_in_the_sum() -> None:
    sc = Scenario()
    sc.track("wren ilse pim |").set("ilse", status=["weaken"]).run()
    sc.mark().play(Kind.BASIC, "ilse")
    assert "Ilse Varga (South) takes 4 damage (2 + 2 Weaken) from Wren Aldous (North): " \
        "7 HP left." in said(sc)


def test_amb51_default_weaken_then_guard_in_that_order() -> None:
    """Attacker side, then Weaken +2, then Guard halves: 2 + 2 = 4, halved to 2."""
    sc = Scenario()
    sc.track("wren ilse pim |").set("ilse", status=["weaken", "guard"]).run()
    sc.mark().play(Kind.BASIC, "ilse")
    assert "Ilse Varga (South) takes 2 damage (2 + 2 Weaken - 2 Guard (half)) from " \
        "Wren Aldous (North): 9 HP left." in said(sc)


def test_amb51_guard_then_weaken_reads_in_its_own_order() -> None:
    sc = Scenario({"damage_order": "guard_then_weaken"})
    sc.track("wren ilse pim |").set("ilse", status=["weaken", "guard"]).run()
    sc.mark().play(Kind.BASIC, "ilse")
    assert "Ilse Varga (South) takes 3 damage (2 - 1 Guard (half) + 2 Weaken) from " \
        "Wren Aldous (North): 8 HP left." in said(sc)


def test_ib_5_2_2_insight_joins_the_dealers_side_first() -> None:
    sc = Scenario()
    sc.track("wren ilse pim |").set("wren", status=["insight"]).set(
        "ilse", status=["guard"]).run()
    sc.mark().play(Kind.BASIC, "ilse")
    assert "Ilse Varga (South) takes 1 damage (2 + 1 Insight - 2 Guard (half)) from " \
        "Wren Aldous (North): 10 HP left." in said(sc)


def test_ib_7_3_4_advancement_is_named_in_the_sum() -> None:
    sc = Scenario(match=_two(starts={"wren": UnitStart(damage_bonus=1)}))
    sc.track("wren t_grunt brask |").run()
    sc.mark().play(Kind.BASIC, "t_grunt")
    line = next(s for s in said(sc) if " takes " in s)
    assert line.startswith("Test Grunt takes 3 damage (2 + 1 Advancement) from Wren Aldous:")


def test_ib_7_7_1_elite_is_named_in_the_sum() -> None:
    sc = Scenario(match=_two(starts={"t_grunt": UnitStart(damage_bonus=1)}))
    sc.track("t_grunt wren brask |").run()
    line = next(s for s in said(sc) if " takes " in s and "from Test Grunt" in s)
    assert "damage (" in line and "+ 1 Elite) from Test Grunt:" in line


def _sentry_game() -> Scenario:
    """Wren and Pim (North) against Ilse and Corvin (South), South's Bulwark Sentry in
    play (its key `bulwark_sentry2`: one Support slot a seat)."""
    match = Match.from_dict({"seats": [
        {"name": "North", "team": 0, "characters": ["wren", "pim"], "deck": "supply_a"},
        {"name": "South", "team": 1, "characters": ["ilse", "corvin"],
         "deck": ["bulwark_sentry", *["brass_key"] * 19]}]}, rules_content())
    return Scenario(match=match).support("bulwark_sentry2")


def test_a_static_ability_is_named_in_the_sum() -> None:
    sc = _sentry_game().track("wren ilse pim corvin |").run()
    sc.mark().play(Kind.BASIC, "ilse")
    assert "Ilse Varga (South) takes 1 damage (2 - 1 Bulwark Sentry) from Wren Aldous " \
        "(North): 10 HP left." in said(sc)


def test_a_reduction_at_its_floor_is_not_in_the_sum() -> None:
    """Guard halves Pim's 1 to 0 (AMB-55: used up all the same); Bulwark Sentry's
    reduction never takes a hit below 1, so it leaves the 0 alone and is not named."""
    sc = _sentry_game().track("pim ilse wren corvin |").set("ilse", status=["guard"]).run()
    sc.mark().play(Kind.BASIC, "ilse")
    assert "Ilse Varga (South) takes 0 damage (1 - 1 Guard (half)) from Pim Osgood " \
        "(North): 11 HP left." in said(sc)


def test_a_static_reduction_without_a_floor_never_goes_below_0() -> None:
    """Test Wall's plain -1 after Guard halved a 1-damage hit to 0: floored back to 0."""
    sc = Scenario(seats=[(0, ["wren", "pim"]), (1, ["ilse", "corvin"])],
                  content=support_content(), deck="t_deck").support("t_wall2")
    sc.track("pim ilse wren corvin |").set("ilse", status=["guard"]).run()
    sc.mark().play(Kind.BASIC, "ilse")
    assert "Ilse Varga (Seat1) takes 0 damage (1 - 1 Guard (half) - 1 Test Wall + 1 " \
        "(never below 0)) from Pim Osgood (Seat0): 11 HP left." in said(sc)


# --- moves: the cards' words, deferred moves, and why a unit did not move --------------


def test_ib_3_4_6_a_deferred_move_up_is_confirmed_with_where_it_landed() -> None:
    sc = Scenario()
    sc.track("sela pim ilse corvin marta |").set("sela", charge=1).run()
    sc.mark().play(Kind.ADVANCED, "pim")
    lines = said(sc)
    assert "Sela Marchetti (North) is acting: its Move Up 1 waits until after its Movement " \
        "Step." in lines
    movement = lines.index("Movement Step: Sela Marchetti (North) moves 3 to the right "
                           "(Speed).")
    assert lines[movement + 1] == "Sela Marchetti (North) Moves Up 1 (deferred): now 3rd."
    assert sc.text() == "pim ilse sela corvin | marta"


def test_amb05_a_deferred_move_dropped_out_of_round_says_so() -> None:
    sc = Scenario({"deferred_move_after_crossing_rm": "ignore"},
                  "fixture_tempest", "fixture_harrow")
    sc.track("sela_courier marta | ilse").set("sela_courier", charge=3).run()
    sc.decline_all().mark().play(Kind.BREAK_ART, "marta")
    assert "Sela Marchetti (North)'s deferred Move Up 2 is dropped: its Movement Step took " \
        "it past the Round Marker, out of round." in said(sc)


def test_amb05_apply_the_deferred_move_is_confirmed_instead() -> None:
    """Beyond the RM she passes Ilse (R6), one step of two: slot 0 stays forbidden."""
    sc = Scenario({"deferred_move_after_crossing_rm": "apply"}, "fixture_tempest", "fixture_harrow")
    sc.track("sela_courier marta | ilse").set("sela_courier", charge=3).run()
    sc.decline_all().mark().play(Kind.BREAK_ART, "marta")
    lines = said(sc)
    assert "Sela Marchetti (North) Moves Up 2 (deferred) and stops short of the Active " \
        "slot: now 2nd." in lines
    assert not any("is dropped" in s for s in lines)


def test_r7_a_defeated_units_deferred_move_is_dropped_with_it() -> None:
    sc = Scenario()
    sc.track("sela pim ilse |").run()
    sela = sc.u("sela")
    sc.state.pending[sela] = (-1,)
    sc.mark()
    damage.remove_unit(sc.state, sela)
    assert said(sc)[-1] == "Sela Marchetti (North)'s deferred Move Up 1 is dropped: it was " \
        "defeated."


def test_r3_a_break_in_its_own_activation_drops_the_deferred_move() -> None:
    """Sela plays Quick Jab (Move Up 1, deferred), then breaks with her 3 Charge: the
    Break ends her activation (AMB-34), so the move never happens."""
    sc = Scenario(seats=[(0, ["sela", "wren"]), (1, ["pim", "ilse", "corvin"])],
                  deck="tideguard_kit")
    sc.track("sela pim ilse corvin wren |").set("sela", charge=3).hand(0, ["quick_jab"])
    sc.run().decline_all().mark()
    sc.apply(Kind.PLAY, sc.state.hands[0].index(sc.card("quick_jab"))).target("pim")
    while sc.window() == "after_declare":
        sc.decline()
    assert sc.window() == "after_resolve"
    sc.declare("sela").run().target("ilse").decline_all()
    lines = said(sc)
    assert "Sela Marchetti (Seat0) is acting: its Move Up 1 waits until after its Movement " \
        "Step." in lines
    assert "Sela Marchetti (Seat0)'s deferred Move Up 1 is dropped: its own Initiative " \
        "Break ended its activation." in lines
    assert not any(s.startswith("Movement Step: Sela") for s in lines)


def test_ib_3_4_5_an_out_of_round_unit_cannot_move_and_the_log_says_why() -> None:
    sc = Scenario()
    sc.track("pim wren | sela").set("pim", charge=1).run()
    sc.mark().play(Kind.ADVANCED, "sela")
    assert "Sela Marchetti (North) cannot Move Back 2: it is out of round (3rd)." in said(sc)


def test_ib_3_4_4_a_unit_at_the_end_cannot_move_back() -> None:
    sc = Scenario()
    sc.track("pim wren sela |").set("pim", charge=1).run()
    sc.mark().play(Kind.ADVANCED, "sela")
    assert "Sela Marchetti (North) cannot Move Back 2: it is at the end of the track " \
        "already (3rd)." in said(sc)


def test_amb04_clamp_a_move_back_stops_at_the_end() -> None:
    sc = Scenario()
    sc.track("pim wren sela |").set("pim", charge=1).run()
    sc.mark().play(Kind.ADVANCED, "wren")
    assert "Wren Aldous (North) Moves Back 2 and stops at the end of the track: now 3rd." \
        in said(sc)


def test_ib_3_5_5_a_move_back_past_the_round_marker_goes_to_the_far_right() -> None:
    sc = Scenario()
    sc.track("pim wren sela | odo").set("pim", charge=1).run()
    sc.mark().play(Kind.ADVANCED, "wren")
    assert "Wren Aldous (North) Moves Back 2 past the Round Marker to the far right: out of " \
        "round, now 4th." in said(sc)


def test_amb04_fizzle_a_blocked_move_up_is_lost_and_the_log_says_why() -> None:
    sc = Scenario({"move_limit_behavior": "fizzle"}, "fixture_tempest", "fixture_harrow")
    sc.track("sela_courier marta ilse |").set("sela_courier", charge=3).run()
    sc.decline_all().mark().play(Kind.BREAK_ART, "marta")
    assert "Sela Marchetti (North)'s Move Up 2 is lost: it would enter the Active slot." \
        in said(sc)


def test_amb04_clamp_a_blocked_move_up_stops_short_of_the_active_slot() -> None:
    sc = Scenario({"move_limit_behavior": "clamp"}, "fixture_tempest", "fixture_harrow")
    sc.track("sela_courier marta ilse |").set("sela_courier", charge=3).run()
    sc.decline_all().mark().play(Kind.BREAK_ART, "marta")
    assert "Sela Marchetti (North) Moves Up 2 (deferred) and stops short of the Active " \
        "slot: now 2nd." in said(sc)


# --- rounds and healing ---------------------------------------------------------------


def test_ib_3_6_2_no_round_number_during_time_collapse() -> None:
    sc = Scenario()
    sc.mark().track("pim wren ilse").run()  # no `|`: the Round Marker is gone
    starts = [s for s in said(sc) if " begins an activation" in s]
    assert starts == ["Pim Osgood (South) begins an activation (Time Collapse: no rounds)."]


def test_a_heal_on_a_unit_at_full_hp_says_so() -> None:
    sc = Scenario()
    wren = sc.u("wren")
    sc.mark()
    damage.heal(sc.state, wren, 3)
    assert said(sc) == ["Wren Aldous (North) is at full HP already (12 HP): nothing to heal."]
    sc.state.hp[wren] = 10
    damage.heal(sc.state, wren, 3)
    assert said(sc)[-1] == "Wren Aldous (North) heals 2 HP (12 HP)."


# --- who is who -------------------------------------------------------------------------


def test_the_same_character_on_both_sides_is_told_apart() -> None:
    sc = Scenario(team_a="tideguard", team_b="lanternwatch")
    assert sc.match.who(sc.u("wren")) == "Wren Aldous (North)"
    assert sc.match.who(sc.u("wren2")) == "Wren Aldous (South)"
    sc.track("wren wren2 vossa |").run()
    sc.mark().play(Kind.BASIC, "wren2")
    assert said(sc)[0] == "Wren Aldous (North) declares a Basic Attack targeting Wren " \
        "Aldous (South)."
    assert len(set(sc.match.who_names)) == len(sc.match.who_names)


def test_one_side_with_two_of_one_name_is_told_apart_by_title() -> None:
    """IB 2.1.4 under `character_unique_by: name_and_title` lets one seat field two
    Characters of one name; a solo Rival may share a name too: the titles tell them
    apart."""
    match = Scenario(seats=[(0, ["wren", "sela", "sela_courier"]), (1, ["sela", "pim"])]).match
    assert match.who_names[:5] == (
        "Wren Aldous (Seat0)", "Sela Marchetti, Windrunner (Seat0)",
        "Sela Marchetti, Storm Courier (Seat0)", "Sela Marchetti (Seat1)", "Pim Osgood (Seat1)")
    content = core_content()
    solo = Match(content, RulesConfig(), (SeatSetup("Solo", 0, ("wren", "sela"),
                                                    content.deck("supply_a")),),
                 (ChallengerSetup("sela_courier", True, "gale_feather"),))
    assert solo.who_names[:3] == ("Wren Aldous", "Sela Marchetti, Windrunner",
                                  "Sela Marchetti, Storm Courier")


def test_one_seat_against_challenge_cards_names_copies_apart() -> None:
    """Solo: the player's units need no seat; two copies of a Challenge Card (a spawn
    slot, IB 6.0.1) are numbered like their labels."""
    match = Match(
        _two().content, _two().config, (SeatSetup("Solo", 0, ("wren", "brask"),
                                                  _two().content.deck("t_deck")),),
        (ChallengerSetup("t_grunt"), ChallengerSetup("t_grunt")))
    assert match.who_names[:4] == ("Wren Aldous", "Brask Holloway", "Test Grunt",
                                   "Test Grunt 2")
    assert match.labels[2:4] == ("t_grunt", "t_grunt2")
