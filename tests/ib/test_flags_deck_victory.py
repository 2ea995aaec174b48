"""House-rule flags of deck-out and victory (AMB-83, AMB-118) and the new information
flags `discards_public` and `open_decklists`."""

from __future__ import annotations

import pytest
from scenario import Scenario

from initiative.games.ib import events
from initiative.games.ib.actions import Kind
from initiative.games.ib.events import HIDDEN
from initiative.games.ib.public import public_description
from tests.ib.challenge_content import cc_game

TWO_V_TWO = [(0, ["brask"]), (0, ["wren"]), (1, ["marta"]), (1, ["ilse"])]

# --- AMB-83 deck_out_duel --------------------------------------------------------------


def _seat_zero_decks_out(rules: dict[str, str]) -> Scenario:
    # 2v2: seat 0 (Brask) must draw at its Draw Step and its deck is empty.
    sc = Scenario(rules, seats=TWO_V_TWO)
    sc.track("brask marta wren ilse |").hand(0, 4).deck(0, 0)
    return sc.mark().run()


def test_amb83_duel_default_only_the_seat_that_decked_out_is_eliminated() -> None:
    sc = _seat_zero_decks_out({"deck_out_duel": "player_eliminated"})
    assert sc.since(events.DECK_OUT) == [(events.DECK_OUT, 0)]
    assert not sc.on_track("brask")
    assert sc.on_track("wren")
    assert sc.state.result is None
    assert sc.acting() == "marta"


def test_amb83_duel_team_loses_the_whole_team_is_eliminated() -> None:
    sc = _seat_zero_decks_out({"deck_out_duel": "team_loses"})
    assert not sc.on_track("brask")
    assert not sc.on_track("wren")
    assert sc.state.result == 1


@pytest.mark.parametrize("coop", ["team_loses", "player_eliminated"])
def test_amb83_coop_flag_has_no_effect_in_player_vs_player_games(coop: str) -> None:
    # Without Challenge Cards `deck_out_coop` is never read; a competitive 2v2 follows
    # `deck_out_duel` under either value.
    sc = _seat_zero_decks_out({"deck_out_coop": coop})
    assert not sc.on_track("brask")
    assert sc.on_track("wren")
    assert sc.state.result is None


def _coop_seat_zero_decks_out(rule: str) -> Scenario:
    # Co-op against a Challenge Card: seat 0 (Wren, Brask) and seat 1 (Ilse, Corvin) on
    # one team; Wren must draw at its Draw Step and seat 0's deck is empty.
    sc = cc_game(["t_grunt"], {"deck_out_coop": rule}, seats=2,
                 track="wren ilse t_grunt brask corvin |")
    sc.hand(0, 4).deck(0, 0)
    return sc.mark().run()


def test_amb83_coop_default_team_loses_the_whole_party_loses() -> None:
    sc = _coop_seat_zero_decks_out("team_loses")
    assert sc.since(events.DECK_OUT) == [(events.DECK_OUT, 0)]
    assert not any(sc.on_track(k) for k in ("wren", "brask", "ilse", "corvin"))
    assert sc.state.result == sc.match.cc_team
    assert sc.state.returns() == [-1.0, -1.0]


def test_amb83_coop_player_eliminated_only_that_players_characters_leave() -> None:
    sc = _coop_seat_zero_decks_out("player_eliminated")
    assert not sc.on_track("wren") and not sc.on_track("brask")
    assert sc.on_track("ilse") and sc.on_track("corvin")
    assert sc.state.result is None
    assert sc.acting() == "ilse"


# --- AMB-118 simultaneous_elimination -----------------------------------------------------


def _both_last_units_fall_together(rule: str) -> Scenario:
    # No core attack can defeat both sides' last units in one clause, so this position
    # is constructed: Brask already stands at 0 HP (as if hit in the same instant) and
    # its Basic Attack now drops Marta to 0; both leave the track together (AMB-56).
    sc = Scenario({"simultaneous_elimination": rule})
    sc.track("brask marta |").set("brask", hp=0).set("marta", hp=3).run()
    return sc.play(Kind.BASIC, "marta")


def test_amb118_default_a_simultaneous_wipe_is_a_draw() -> None:
    sc = _both_last_units_fall_together("draw")
    assert sc.state.result == -1
    assert sc.state.returns() == [0.0, 0.0]


def test_amb118_active_side_wins_the_side_whose_effect_resolved_wins() -> None:
    sc = _both_last_units_fall_together("active_side_wins")
    assert sc.state.result == 0
    assert sc.state.returns() == [1.0, -1.0]


# --- new: discards_public -----------------------------------------------------------------


def _seat_zero_discards(public: bool) -> tuple[Scenario, int]:
    sc = Scenario({"discards_public": public})
    sc.track("brask pim |").hand(0, ["lamp_oil", "rope_coil"]).run()
    sc.mark().apply(Kind.DISCARD, 0)
    return sc, sc.card("lamp_oil")


def test_new_discards_public_default_true_other_seats_see_discards() -> None:
    sc, card = _seat_zero_discards(True)
    view = sc.state.view(1)
    assert view.discards[0] == (card,)
    assert (events.DISCARD, 0, card) in view.log


def test_new_discards_public_false_other_seats_see_only_the_count() -> None:
    sc, card = _seat_zero_discards(False)
    view = sc.state.view(1)
    assert view.discards[0] is None
    assert view.discard_sizes[0] == 1
    assert (events.DISCARD, 0, HIDDEN) in view.log
    assert (events.DISCARD, 0, card) not in view.log
    assert sc.state.view(0).discards[0] == (card,)  # the owner still sees it


# --- new: open_decklists ------------------------------------------------------------------


def test_new_open_decklists_default_false_only_your_own_decklist_is_known() -> None:
    sc = Scenario().run()
    view = sc.state.view(1)
    assert view.decklists[0] is None
    assert view.decklists[1] == sc.match.decklists[1]


def test_new_open_decklists_true_every_decklist_is_known() -> None:
    sc = Scenario({"open_decklists": True}).run()
    view = sc.state.view(1)
    assert view.decklists[0] == sc.match.decklists[0]
    assert view.hands[0] is None  # the hand itself stays hidden


# --- new: team_hands_visible (IB 6.9.2) ------------------------------------------------------


def _two_on_two(visible: bool) -> Scenario:
    """Seats 0 and 1 (team 0) against seats 2 and 3 (team 1), each with two Characters."""
    return Scenario({"team_hands_visible": visible},
                    seats=[(0, ["wren", "brask"]), (0, ["sela", "odo"]),
                           (1, ["ilse", "corvin"]), (1, ["pim", "marta"])]).run()


def test_new_team_hands_visible_default_false_a_hand_is_its_seats_alone() -> None:
    sc = _two_on_two(False)
    view = sc.state.view(0)
    assert view.hands[0] == tuple(sc.state.hands[0])
    assert view.hands[1] is None and view.hands[2] is None
    draws = [e for e in view.log if e[0] == events.DRAW and e[1] == 1]
    assert draws and all(e[2] == HIDDEN for e in draws)


def test_new_team_hands_visible_true_teammates_see_each_others_hands() -> None:
    from initiative.engine.rng import SplitMix64
    from initiative.games.ib.determinize import determinize

    sc = _two_on_two(True)
    view = sc.state.view(0)
    assert view.hands[1] == tuple(sc.state.hands[1])  # a teammate's hand
    assert view.hands[2] is None and view.hands[3] is None  # never an opponent's
    seen = [e[2] for e in view.log if e[0] == events.DRAW and e[1] == 1]
    assert seen and HIDDEN not in seen  # a teammate's draws are seen as they happen
    assert all(e[2] == HIDDEN for e in sc.state.view(2).log
               if e[0] == events.DRAW and e[1] in (0, 1))
    guess = determinize(public_description(sc.match), view, SplitMix64(5))
    assert guess.hands[1] == sc.state.hands[1]  # known, so never re-dealt
