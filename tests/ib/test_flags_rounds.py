"""House-rule flags of rounds and Time Collapse (AMB-18, AMB-21, AMB-23..AMB-27) and the
new `max_activations` limit."""

from __future__ import annotations

import pytest
from scenario import PIM_SPEED_2, Scenario

from initiative.games.ib import events
from initiative.games.ib.actions import Kind
from tests.ib.challenge_content import cc_game

# --- AMB-18 round_end_check --------------------------------------------------------


def _last_in_round_unit_dies_between_activations(check: str) -> Scenario:
    # Wren is the only unit left of the RM. Before its activation Marta (out of round,
    # 3 Charge) breaks and defeats it; Marta then returns to the track end, so the RM
    # is leftmost while no activation is running.
    sc = Scenario({"round_end_check": check}, content=PIM_SPEED_2)
    sc.track("wren | marta pim brask").set("wren", hp=5).set("marta", charge=3).run()
    sc.declare("marta").run()
    sc.mark().target("wren").decline_all()
    assert not sc.on_track("wren")
    assert sc.acting() == "pim"
    return sc


def test_amb18_default_the_round_also_ends_when_the_rm_is_leftmost_between_turns() -> None:
    sc = _last_in_round_unit_dies_between_activations("rm_step_and_idle")
    assert sc.since(events.ACT_START) == [(events.ACT_START, sc.u("pim"), 2)]
    assert sc.text() == "pim brask marta |"
    assert not sc.oor("pim")


def test_amb18_rm_step_only_an_out_of_round_unit_acts_before_the_round_ends() -> None:
    sc = _last_in_round_unit_dies_between_activations("rm_step_only")
    assert sc.since(events.ACT_START) == [(events.ACT_START, sc.u("pim"), 1)]
    assert sc.text() == "| pim brask marta"
    assert sc.oor("pim")
    sc.play(Kind.PASS)  # only the RM step after this activation ends the round
    assert sc.state.track.round == 2


# --- AMB-21 ib_moves_rm ---------------------------------------------------------------


def _break_between_activations(ib_moves_rm: bool) -> Scenario:
    sc = Scenario({"ib_moves_rm": ib_moves_rm})
    sc.track("pim ilse brask wren |").set("brask", charge=3).run()
    sc.declare("brask").run()
    return sc.target("ilse").decline_all()


def test_amb21_default_an_initiative_break_does_not_move_the_rm() -> None:
    sc = _break_between_activations(False)
    assert sc.hp("ilse") == 5
    assert sc.text() == "pim ilse wren | brask"


def test_amb21_true_an_initiative_break_steps_the_rm_like_an_activation() -> None:
    sc = _break_between_activations(True)
    assert sc.text() == "pim ilse | wren brask"


# --- AMB-23 time_collapse_population -----------------------------------------------------


@pytest.mark.parametrize(
    "population", ["track_units", "player_characters", "track_units_and_supports"])
def test_amb23_without_supports_every_reading_counts_the_same_units(population: str) -> None:
    # Only player Characters stand on the track (no Challenge Cards yet) and no Support
    # is in play, so all three readings trigger at the same defeat: 3 units left,
    # lowest Speed 5. tests/ib/test_flags_supports.py has Supports in play.
    sc = Scenario({"time_collapse_population": population})
    sc.track("brask pim marta odo |").set("pim", hp=1).run()
    sc.play(Kind.BASIC, "pim")
    assert sc.state.track.rm is None
    assert sc.text() == "marta odo brask"


@pytest.mark.parametrize("population,collapsed", [
    ("track_units", False), ("player_characters", True), ("track_units_and_supports", False)])
def test_amb23_challenge_cards_count_unless_only_player_characters_do(
        population: str, collapsed: bool) -> None:
    # Wren defeats t_grunt: 5 units remain (lowest Speed 4, t_brute's), so a population
    # of track units does not collapse; the 4 player Characters alone (lowest Speed 4)
    # do, under `player_characters`.
    sc = cc_game(["t_grunt", "t_brute"], {"time_collapse_population": population},
                 track="wren t_grunt brask t_brute ilse corvin |")
    sc.set("t_grunt", hp=1).run()
    sc.mark().play(Kind.BASIC, "t_grunt")
    assert not sc.in_play("t_grunt")
    assert bool(sc.since(events.COLLAPSE)) == collapsed
    assert (sc.state.track.rm is None) == collapsed


# --- AMB-24 time_collapse_at_setup --------------------------------------------------------


def _one_on_one(at_setup: bool) -> Scenario:
    # Two units, lowest Speed 5: the condition already holds when the game is set up.
    return Scenario({"time_collapse_at_setup": at_setup},
                    seats=[(0, ["brask"]), (1, ["marta"])]).run()


def test_amb24_default_time_collapse_is_checked_at_setup() -> None:
    sc = _one_on_one(True)
    assert sc.state.track.rm is None
    assert any(e[0] == events.COLLAPSE for e in sc.state.events())
    sc.play(Kind.PASS)
    assert sc.text() == "marta brask"
    assert sc.state.track.round == 1


def test_amb24_false_the_game_starts_with_a_round_marker() -> None:
    sc = _one_on_one(False)
    assert sc.state.track.rm == 2
    sc.play(Kind.PASS)
    assert sc.text() == "marta | brask"


# --- AMB-25 time_collapse_reversible ------------------------------------------------------


def _defeat_in_a_loaded_collapse(reversible: bool) -> Scenario:
    # A position loaded in Time Collapse although 5 units > lowest Speed 2 (R8: taken
    # as given). Pim's defeat makes the check run: 4 units > lowest Speed 3.
    sc = Scenario({"time_collapse_reversible": reversible})
    sc.track("brask pim marta odo sela").set("pim", hp=1).run()
    return sc.play(Kind.BASIC, "pim")


def test_amb25_default_time_collapse_is_never_undone() -> None:
    sc = _defeat_in_a_loaded_collapse(False)
    assert sc.state.track.rm is None
    assert sc.text() == "marta odo sela brask"


def test_amb25_reversible_the_rm_returns_and_a_new_round_begins() -> None:
    sc = _defeat_in_a_loaded_collapse(True)
    assert sc.state.track.round == 2
    assert sc.text() == "marta odo sela | brask"
    assert any(e[0] == events.RM_RESTORED for e in sc.state.events())


# --- AMB-26 time_collapse_order -----------------------------------------------------------


def _collapse_mid_activation(order: str) -> Scenario:
    # Ilse's defeat leaves 4 units with lowest Speed 4: Time Collapse.
    sc = Scenario({"time_collapse_order": order})
    sc.track("brask marta wren corvin ilse |").set("ilse", hp=1).run()
    sc.play(Kind.BASIC, "ilse")
    assert sc.state.track.rm is None
    return sc


def test_amb26_default_track_order_is_kept_with_normal_speed_moves() -> None:
    sc = _collapse_mid_activation("track")
    assert sc.text() == "marta wren corvin brask"
    sc.play(Kind.PASS)  # Marta, Speed 7: clamped at the end
    assert sc.text() == "wren corvin brask marta"


def test_amb26_printed_initiative_resorts_and_each_unit_goes_last_after_acting() -> None:
    sc = _collapse_mid_activation("printed_initiative")
    # Sorted by printed Initiative, Speed, HP: Wren 3/4, Corvin 3/5, Brask 5, Marta 6;
    # Brask, who was acting, then goes to the end.
    assert sc.text() == "wren corvin marta brask"
    sc.play(Kind.PASS)  # Wren (Speed 4) still goes all the way to the end
    assert sc.text() == "corvin marta brask wren"


# --- AMB-27 time_collapse_final_refresh ---------------------------------------------------


def _collapse_with_used_abilities(refresh: bool) -> Scenario:
    sc = Scenario({"time_collapse_final_refresh": refresh})
    sc.track("brask pim marta odo |").set("pim", hp=1).run()
    sc.state.used[sc.u("marta")] = 0b101  # two once-per-round usages spent
    sc.state.used[sc.u("odo")] = 0b1
    sc.play(Kind.BASIC, "pim")
    assert sc.state.track.rm is None
    return sc


def test_amb27_default_once_per_round_usages_refresh_once_at_collapse() -> None:
    sc = _collapse_with_used_abilities(True)
    assert sc.state.used[sc.u("marta")] == 0
    assert sc.state.used[sc.u("odo")] == 0


def test_amb27_false_no_refresh_at_collapse() -> None:
    sc = _collapse_with_used_abilities(False)
    assert sc.state.used[sc.u("marta")] == 0b101
    assert sc.state.used[sc.u("odo")] == 0b1


# --- new: max_activations -----------------------------------------------------------------


def _everyone_passes(rules: dict[str, object]) -> Scenario:
    sc = Scenario(rules).run()
    while sc.state.result is None:
        sc.play(Kind.PASS)
    return sc


def test_new_max_activations_default_400_then_a_stalled_game_is_drawn() -> None:
    sc = _everyone_passes({})
    assert sc.state.activations == 400
    assert sc.state.result == -1
    assert sc.state.returns() == [0.0, 0.0]


def test_new_max_activations_lower_limit_draws_sooner() -> None:
    sc = _everyone_passes({"max_activations": 6})
    assert sc.state.activations == 6
    assert sc.state.result == -1
    assert sc.state.events()[-1] == (events.RESULT, -1)
