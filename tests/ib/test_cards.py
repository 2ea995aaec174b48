"""Playing Techniques and Events (IB 2.4, 2.6, 4.4, 4.8; AMB-47, AMB-48, AMB-84).

Each test sets a hand on the Tideguard/Ashfall teams, plays one card as the action and
checks the outcome: costs paid from the rest of the hand, effects, where the card goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from initiative.games.ib import events, frames
from initiative.games.ib.actions import DISCARDS, PLAYS, Kind
from tests.ib.scenario import Scenario

FILLER = ["field_ration", "spare_flint", "field_ration", "spare_flint"]


def setup(hand: Sequence[str], track: str = "wren ilse corvin |",
          rules: dict[str, Any] | None = None, **units: dict[str, Any]) -> Scenario:
    """Wren (seat 0) at its Action step holding `hand` (5 cards: no draw happens)."""
    sc = Scenario(rules, team_a="tideguard", team_b="ashfall")
    full = list(hand) + FILLER[: 5 - len(hand)]
    sc.track(track).hand(0, full)
    for key, values in units.items():
        sc.set(key, **values)
    sc.run().decline_all()
    assert sc.at_action("wren")
    return sc


def play(sc: Scenario, card: str, targets: Sequence[str] = (),
         discards: Sequence[str] = ()) -> Scenario:
    """Wren plays `card`, paying with `discards` (card keys) and choosing `targets`."""
    sc.mark()
    sc.state.apply(PLAYS[sc.state.hands[0].index(sc.card(card))])
    return sc.pay(0, discards).choose_targets(targets).decline_all()


def plays_offered(sc: Scenario) -> list[str]:
    hand = sc.state.hands[0]
    return [sc.match.content.cards[hand[a.arg]].key for a in sc.legal() if a.kind == Kind.PLAY]


def test_ib_4_4_a_technique_is_the_action_and_then_goes_to_the_discard_pile() -> None:
    sc = play(setup(["quick_jab"]), "quick_jab", ["ilse"])
    assert sc.hp("ilse") == 11 - 1
    assert sc.card("quick_jab") in sc.state.discards[0]
    assert sc.card("quick_jab") not in sc.state.hands[0]
    assert [e[0] for e in sc.since(events.PLAY)] == [events.PLAY]
    assert not sc.at_action("wren")  # the card was the action (IB 3.2 step 4)


def test_ib_3_4_6_a_techniques_own_move_up_waits_for_the_movement_step() -> None:
    sc = setup(["quick_jab"], track="wren ilse corvin brask sela |")
    play(sc, "quick_jab", ["ilse"])
    # Speed 4: right past four units to the end of the line, then Move Up 1.
    assert sc.order()[:5] == ["ilse", "corvin", "brask", "wren", "sela"]


def test_amb_47_the_cost_is_paid_with_other_cards_chosen_one_at_a_time() -> None:
    sc = setup(["riptide_lunge", "second_wind"])
    sc.state.apply(PLAYS[0])
    assert sc.stage() == frames.AS_COST
    assert len(sc.legal()) == 4  # any of the four other cards may pay
    play_rest = sc.state.hands[0].index(sc.card("second_wind"))
    sc.state.apply(DISCARDS[play_rest])
    sc.target("ilse").decline_all()
    assert sc.hp("ilse") == 11 - 3
    assert sorted(sc.state.discards[0]) == sorted([sc.card("riptide_lunge"),
                                                   sc.card("second_wind")])
    assert len(sc.state.hands[0]) == 3


def test_amb_47_a_cost_that_cannot_be_paid_keeps_the_card_in_hand() -> None:
    sc = Scenario(team_a="tideguard", team_b="ashfall")
    sc.track("wren ilse |").hand(0, ["cataclysm_edge", "field_ration"]).run()
    assert sc.at_action("wren") and len(sc.state.hands[0]) == 3  # the Draw Step added one
    assert "cataclysm_edge" not in plays_offered(sc)  # cost 3, only 2 other cards
    sc.hand(0, ["cataclysm_edge", "field_ration", "spare_flint", "field_ration"])
    assert "cataclysm_edge" in plays_offered(sc)


def test_a_cost_with_no_choice_is_paid_automatically() -> None:
    sc = Scenario(team_a="tideguard", team_b="ashfall")
    sc.track("wren ilse |").hand(0, ["shoulder_check"]).deck(0, ["field_ration"]).run()
    sc.mark()
    sc.state.apply(PLAYS[sc.state.hands[0].index(sc.card("shoulder_check"))])
    assert sc.since(events.DISCARD) == [(events.DISCARD, 0, sc.card("field_ration"))]
    assert sc.stage() != frames.AS_COST


def test_ib_5_2_5_seal_forbids_techniques_but_not_events() -> None:
    sc = setup(["quick_jab", "second_wind"], wren={"status": ["seal"]})
    offered = plays_offered(sc)
    assert "quick_jab" not in offered and "second_wind" in offered


def test_ib_3_8_3_damage_and_status_hit_the_same_unit() -> None:
    sc = play(setup(["searing_mark", "second_wind", "field_ration"]), "searing_mark",
              ["corvin"], ["field_ration", "second_wind"])
    assert sc.hp("corvin") == 13 - 3
    assert sc.statuses("corvin") == ["burn"]
    assert "burn" not in sc.statuses("ilse")


def test_ib_3_8_4_a_clause_with_its_own_target_may_pick_another_unit() -> None:
    sc = setup(["rally_strike", "second_wind", "field_ration"],
               track="wren ilse corvin brask sela |")
    play(sc, "rally_strike", ["ilse", "sela"], ["field_ration"])
    assert sc.hp("ilse") == 11 - 2
    # Sela moved up one (slot 4 -> 3), then Wren's Speed 4 took it to the end.
    assert sc.order() == ["ilse", "corvin", "sela", "brask", "wren"]


def test_ib_4_8_an_event_moves_an_enemy_back() -> None:
    sc = setup(["time_slip"], track="wren ilse corvin brask |")
    play(sc, "time_slip", ["ilse"], ["field_ration"])
    assert sc.order().index("ilse") > sc.order().index("corvin")


def test_ib_2_8_4_a_draw_effect_stops_at_five_cards() -> None:
    sc = setup(["scout_report"])  # 5 in hand; 4 after playing it
    play(sc, "scout_report")
    assert len(sc.state.hands[0]) == 5
    mine = [e for e in sc.since(events.DRAW, events.HAND_FULL) if e[1] == 0]
    assert [e[0] for e in mine] == [events.DRAW, events.HAND_FULL]


def test_ib_5_2_8_cleanse_named_one_and_all() -> None:
    # Statuses go on Brask: Wren's own would already have met its Status Check.
    sc = setup(["purging_salts"], brask={"status": ["burn", "weaken", "guard"]},
               track="wren brask ilse corvin |")
    play(sc, "purging_salts", ["brask"], ["field_ration"])
    assert sc.statuses("brask") == ["guard", "weaken"]  # named: only Burn goes
    sc2 = setup(["clear_mind"], brask={"status": ["weaken", "guard"]},
                track="wren brask ilse |")
    play(sc2, "clear_mind", ["brask"])
    assert sc2.stage() == frames.AS_CLEANSE  # unnamed: the controller chooses
    sc2.cleanse("weaken").decline_all()
    assert sc2.statuses("brask") == ["guard"]
    sc3 = setup(["sanctuary_bell", "field_ration", "spare_flint"],
                wren={"status": ["weaken", "guard"]}, brask={"status": ["stun"]},
                track="wren brask ilse |")
    play(sc3, "sanctuary_bell", [], ["field_ration", "spare_flint"])
    assert sc3.statuses("wren") == [] and sc3.statuses("brask") == []


def test_orphaned_card_fizzles_with_costs_paid_and_goes_to_the_discard_pile() -> None:
    """new `orphaned_action=fizzle`: an Initiative Break removes the card's target."""
    sc = setup(["shoulder_check"], track="wren pim ilse corvin brask |",
               pim={"hp": 1}, brask={"charge": 3})
    hand = sc.state.hands[0]
    sc.state.apply(PLAYS[hand.index(sc.card("shoulder_check"))])
    sc.state.apply(DISCARDS[0])  # cost 1
    sc.target("pim")
    assert sc.window() == "after_declare"
    sc.declare("brask")  # Brask's Break Art: 6 damage to one enemy
    sc.decline_all()
    sc.target("pim")
    sc.decline_all()
    assert not sc.on_track("pim")
    assert sc.card("shoulder_check") in sc.state.discards[0]
    fizzled = [e for e in sc.state.events() if e[0] == events.FIZZLE]
    assert fizzled and fizzled[-1][3] == sc.card("shoulder_check")


def test_a_played_card_is_revealed_in_every_view() -> None:
    sc = setup(["quick_jab"])
    play(sc, "quick_jab", ["ilse"])
    for seat in (0, 1):
        logged = [e for e in sc.state.view(seat).log if e[0] == events.PLAY]
        assert logged and logged[-1][2] == sc.card("quick_jab")
