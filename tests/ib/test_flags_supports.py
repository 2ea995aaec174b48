"""House-rule flags of Support Characters and passive abilities: AMB-63
`aoe_hits_supports`, AMB-57 `support_statuses`, AMB-23 `time_collapse_population` with
a Support in play, and the new `trigger_order` and `trigger_chains`. Content:
tests/ib/support_content.py (Wren and Brask, seat 0, against Ilse and Corvin, seat 1)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from initiative.games.ib import effects, events, rounds
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import PLAYS, Kind
from tests.ib.scenario import Scenario
from tests.ib.support_content import support_game


def _blast(rules: dict[str, object], supports: Sequence[str] = ("t_medic2",)) -> Scenario:
    """Wren plays Test Blast (all enemies: 1 damage, Burn, Guard) with seat 1's Medic
    (5 HP) in play."""
    sc = support_game(rules, track="wren ilse |", hands=(["t_blast"], []))  # type: ignore[arg-type]
    for key in supports:
        sc.support(key)
    sc.run().decline_all().mark()
    sc.state.apply(PLAYS[sc.state.hands[0].index(sc.card("t_blast"))])
    return sc.decline_all()


# --- AMB-63 aoe_hits_supports -------------------------------------------------------------


def gained(sc: Scenario, key: str) -> list[str]:
    """Statuses `key` gained since the mark (Ilse's Burn flares at her next start)."""
    return [st.NAMES[e[2]] for e in sc.since(events.STATUS) if e[1] == sc.u(key)]


def test_amb63_default_all_enemies_includes_supports() -> None:
    sc = _blast({"aoe_hits_supports": True})
    assert sc.hp("t_medic2") == 4 and sc.hp("ilse") == 10


def test_amb63_false_all_enemies_skips_supports() -> None:
    sc = _blast({"aoe_hits_supports": False})
    assert sc.hp("t_medic2") == 5 and gained(sc, "t_medic2") == []
    assert sc.hp("ilse") == 10  # Characters are hit as ever


def test_amb63_false_still_lets_a_single_target_choose_a_support() -> None:
    sc = support_game({"aoe_hits_supports": False}, track="ilse wren |").support("t_medic")
    sc.run().decline_all().play(Kind.BASIC, "t_medic")
    assert sc.hp("t_medic") == 3


def test_a_static_reaches_the_support_that_owns_it() -> None:
    sc = support_game(track="ilse wren |").support("t_wall")
    sc.run().decline_all().play(Kind.BASIC, "t_wall")
    assert sc.hp("t_wall") == 6 - (2 - 1)  # "allies" includes the Wall itself


# --- AMB-57 support_statuses ----------------------------------------------------------------


@pytest.mark.parametrize(("reading", "kept"), [
    ("damage_triggered_only", ["guard"]), ("none", []), ("all", ["burn", "guard"])])
def test_amb57_which_statuses_a_support_takes(reading: str, kept: list[str]) -> None:
    sc = _blast({"support_statuses": reading})
    assert gained(sc, "t_medic2") == kept
    assert sc.statuses("t_medic2") == kept  # a Support never activates: they stay
    assert gained(sc, "ilse") == ["burn", "guard"]  # Characters take every status


# --- AMB-23 time_collapse_population ----------------------------------------------------------


def test_amb23_default_track_units_ignores_supports_in_play() -> None:
    sc = support_game({"time_collapse_population": "track_units"}).support("t_medic")
    rounds.check_time_collapse(sc.state, effects.fire)  # 4 units, lowest Speed 4
    assert sc.state.track.rm is None


def test_amb23_track_units_and_supports_counts_them_until_they_fall() -> None:
    rules = {"time_collapse_population": "track_units_and_supports"}
    sc = support_game(rules, track="ilse wren brask corvin |").support("t_medic", hp=2)
    rounds.check_time_collapse(sc.state, effects.fire)
    assert sc.state.track.rm is not None  # 4 units + 1 Support > lowest Speed 4
    sc.run().decline_all().mark().play(Kind.BASIC, "t_medic")
    assert sc.since(events.COLLAPSE)  # the Support fell: 4 <= 4
    assert sc.state.track.rm is None


# --- new: trigger_order -------------------------------------------------------------------------


@pytest.mark.parametrize(("reading", "first"), [
    ("active_side_first", "t_medic2"), ("track_order", "t_medic")])
def test_trigger_order_decides_who_resolves_first(reading: str, first: str) -> None:
    sc = support_game({"trigger_order": reading}, track="ilse wren |")
    sc.support("t_medic").support("t_medic2").run().decline_all().mark()
    assert sc.at_action("ilse")  # seat 1 is active
    effects.fire(sc.state, "round_end")
    owners = [sc.key(e[1]) for e in sc.since(events.PASSIVE)]
    assert owners[0] == first and sorted(owners) == ["t_medic", "t_medic2"]


# --- new: trigger_chains ------------------------------------------------------------------------


def _thorns(chains: bool) -> Scenario:
    """Ilse (seat 1, with the Avenger: an ally hurt strikes back 1) hits the Thorn (seat
    0: hurt, it strikes back 1) for 2."""
    sc = support_game({"trigger_chains": chains}, track="ilse wren |")
    sc.support("t_thorn").support("t_avenger2").run().decline_all().mark()
    return sc.play(Kind.BASIC, "t_thorn")


def test_trigger_chains_default_off_ability_damage_fires_no_damage_triggers() -> None:
    sc = _thorns(False)
    assert sc.hp("t_thorn") == 2 and sc.hp("ilse") == 10
    assert sc.hp("t_avenger2") == 5  # the Thorn's strike back did not wake the Avenger


def test_trigger_chains_on_triggers_answer_each_other_until_someone_falls() -> None:
    sc = _thorns(True)
    # Thorn 4-2; it hits Ilse 1; the Avenger hits the Thorn 1 (1 left); the Thorn hits
    # the Avenger 1; the Avenger (an ally of itself) hits the Thorn: 0, discarded.
    assert sc.hp("ilse") == 10 and sc.hp("t_avenger2") == 4
    assert not sc.in_play("t_thorn")
    assert sc.statuses("ilse") == ["weaken"]  # the Thorn's on-defeat still fires


def test_amb61_active_unit_controller_reaches_passive_abilities_too() -> None:
    """Under `active_unit_controller`, a round-end ability's "allies" are those of the
    unit whose Round Marker step ended the round (Ilse), not the Medic's own side; with
    no activation running (an idle round check) they are the Medic's."""
    sc = support_game({"ally_enemy_reference": "active_unit_controller"}, track="wren ilse |")
    sc.support("t_medic").set("wren", hp=5).set("ilse", hp=5).run().decline_all()
    sc.play(Kind.PASS).pass_until("wren")
    assert sc.hp("ilse") == 6 and sc.hp("wren") == 5
    idle = support_game({"ally_enemy_reference": "active_unit_controller"},
                        track="wren ilse |").support("t_medic").set("wren", hp=5)
    effects.fire(idle.state, "round_end")  # nothing on the stack yet
    assert idle.hp("wren") == 6
