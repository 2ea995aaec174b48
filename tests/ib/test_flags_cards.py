"""House-rule flags of card play (AMB-48 event timing, AMB-84 effect draws)."""

from __future__ import annotations

from initiative.games.ib.actions import Kind
from tests.ib.test_cards import play, setup


def test_amb_84_default_a_draw_effect_from_an_empty_deck_loses() -> None:
    sc = setup(["scout_report"])
    sc.deck(0, 0)
    play(sc, "scout_report")
    assert sc.state.result == 1  # seat 0's Characters left the track; team 1 wins


def test_amb_84_ignore_a_draw_effect_from_an_empty_deck_draws_nothing() -> None:
    sc = setup(["scout_report"], rules={"effect_draw_deckout": "ignore"})
    sc.deck(0, 0)
    play(sc, "scout_report")
    assert sc.state.result is None
    assert len(sc.state.hands[0]) == 4


def test_amb_48_default_an_event_is_the_action() -> None:
    sc = setup(["second_wind"], wren={"hp": 5})
    before = sc.hp("wren")  # after Tide Stone's start-of-activation heal
    play(sc, "second_wind", ["wren"])
    assert sc.hp("wren") == before + 3
    assert not sc.at_action("wren")


def test_amb_48_any_time_an_event_leaves_the_action_to_take() -> None:
    sc = setup(["second_wind"], rules={"event_timing": "any_time_own_activation"},
               wren={"hp": 5})
    before = sc.hp("wren")
    play(sc, "second_wind", ["wren"])
    assert sc.hp("wren") == before + 3
    assert sc.at_action("wren")  # still free to attack
    sc.play(Kind.BASIC, "ilse")
    assert sc.hp("ilse") == 11 - 2
