"""Passive abilities (abilities.py): every trigger, static modifiers, usage limits and
their refresh (IB 3.5.4, AMB-22, AMB-27), and the clause vocabulary added with them:
conditions, spending Charge, random discards, Sigil removal, summons and scripts.
Content: tests/ib/support_content.py (Wren and Brask, seat 0, against Ilse and
Corvin, seat 1)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from initiative.engine.errors import ContentError
from initiative.games.ib import abilities, effects, events, rounds
from initiative.games.ib.actions import INSTALLS, PLAYS, TARGETS, Kind
from initiative.games.ib.content import load_content_text
from tests.ib.scenario import Scenario
from tests.ib.support_content import support_content, support_game


def play(sc: Scenario, card: str, targets: Sequence[str] = (), seat: int = 0) -> Scenario:
    sc.mark()
    sc.state.apply(PLAYS[sc.state.hands[seat].index(sc.card(card))])
    return sc.choose_targets(list(targets)).decline_all()


def fired(sc: Scenario) -> list[str]:
    """Labels of the owners whose abilities took effect since the mark."""
    return [sc.key(e[1]) for e in sc.since(events.PASSIVE)]


# --- triggers ---------------------------------------------------------------------


def test_round_end_trigger_heals_all_allies_including_supports() -> None:
    sc = support_game(track="wren ilse |").support("t_medic", hp=3)
    sc.set("wren", hp=5).set("ilse", hp=5).run().decline_all().mark()
    sc.play(Kind.PASS).pass_until("wren")  # Ilse's RM step ends round 1
    assert sc.hp("wren") == 6 and sc.hp("t_medic") == 4  # all allies, AMB-63
    assert sc.hp("ilse") == 5  # not an ally
    assert fired(sc) == ["t_medic"]
    order = [e[0] for e in sc.since(events.PASSIVE, events.ROUND)]
    assert order == [events.PASSIVE, events.ROUND]  # fires as the round ends


def test_start_of_activation_whose_ally_once_per_round() -> None:
    sc = support_game(track="wren brask ilse corvin |").support("t_drum").run().decline_all()
    assert sc.charge("wren") == 1  # Wren's own start window: the Drum's ally fired
    sc.play(Kind.PASS)
    sc.pass_until("brask")
    assert sc.charge("brask") == 0  # once per round: already used this round
    sc.pass_until("wren")
    assert sc.charge("wren") == 2  # a new round refreshed it


def test_damage_taken_strikes_back_at_the_dealer() -> None:
    sc = support_game(track="ilse wren |").support("t_thorn").run().decline_all()
    sc.mark().play(Kind.BASIC, "t_thorn")
    assert sc.hp("t_thorn") == 2 and sc.hp("ilse") == 10
    damage = sc.since(events.DAMAGE)
    assert damage[1] == (events.DAMAGE, sc.u("t_thorn"), sc.u("ilse"), 1, 10)


def test_on_defeat_fires_from_beyond_and_damage_triggers_of_the_fallen_do_not() -> None:
    sc = support_game(track="ilse wren brask |").support("t_thorn", hp=2).run().decline_all()
    sc.mark().play(Kind.BASIC, "t_thorn")
    assert not sc.in_play("t_thorn")
    assert sc.hp("ilse") == 11  # no strike back: the Thorn was gone when its turn came
    assert sc.statuses("ilse") == ["weaken"]  # all enemies on the track (Corvin is not)
    assert fired(sc) == ["t_thorn"]


def test_once_per_game_never_refreshes() -> None:
    sc = support_game(track="ilse wren |", keystones=(("t_grudge", "t_attuned"),
                                                      ("t_echo", "t_keen")))
    sc.run().decline_all().play(Kind.BASIC, "wren")
    assert sc.hp("ilse") == 11 - 2  # Wren's Grudge strikes back once
    rounds.new_round(sc.state, effects.fire)
    sc.pass_until("ilse").play(Kind.BASIC, "wren")
    assert sc.hp("ilse") == 9  # used for the game, even after a new round
    assert sc.state.used[sc.u("wren")] & (1 << 8)


def test_install_trigger_fires_for_the_recipient() -> None:
    sc = support_game(track="wren ilse |", hands=(["current_sigil"], []),
                      keystones=(("t_attuned", "t_grudge"), ("t_echo", "t_keen")))
    sc.run().decline_all()
    sc.state.apply(INSTALLS[0])
    sc.decline_all()
    assert sc.state.sigils[sc.u("wren")] == ((sc.card("current_sigil"), 0),)
    assert sc.charge("wren") == 1


def test_play_trigger_whose_ally_and_static_damage_dealt() -> None:
    sc = support_game(track="ilse wren |", hands=([], ["t_drain"]),
                      keystones=(("t_grudge", "t_attuned"), ("t_echo", "t_keen")))
    sc.set("ilse", hp=8).set("wren", charge=2).run().decline_all()
    play(sc, "t_drain", ["wren"], seat=1)
    assert sc.hp("ilse") == 9  # Echo (Ilse's own Keystone, whose ally): heal 1 on a play
    assert sc.charge("wren") == 0  # t_drain: an enemy loses 2 Charge
    keen = support_game(track="corvin wren |",
                        keystones=(("t_grudge", "t_attuned"), ("t_echo", "t_keen")))
    keen.run().decline_all().play(Kind.BASIC, "wren")
    assert keen.hp("wren") == 12 - 4  # Corvin's 3 +1 from the Keen static


def test_damage_dealt_once_per_activation_resets_each_activation() -> None:
    sc = support_game(track="wren ilse |", hands=(["t_blast"], []),
                      keystones=(("t_hasty", "t_attuned"), ("t_echo", "t_keen")))
    sc.run().decline_all()
    play(sc, "t_blast")  # hits Ilse and Corvin: two damage events, one use
    assert sc.charge("wren") == 1
    sc.pass_until("wren")
    assert not sc.state.used[sc.u("wren")] & abilities.ACTIVATION_BITS
    sc.play(Kind.BASIC, "ilse")
    assert sc.charge("wren") == 1 + 1 + 1  # the Basic's own Charge and Hasty again


def test_time_collapse_trigger_and_final_refresh() -> None:
    sc = support_game(track="wren ilse brask corvin |").support("t_mote", hp=1)
    sc.state.used[sc.u("t_mote")] = 1  # a once-per-round usage
    sc.mark()
    rounds.check_time_collapse(sc.state, effects.fire)  # 4 units, lowest Speed 4
    assert sc.state.track.rm is None
    assert sc.hp("t_mote") == 2  # its time_collapse ability: heal 9, capped
    assert sc.state.used[sc.u("t_mote")] == 0  # AMB-27: refreshed once


def test_a_static_damage_taken_reduction_comes_after_guard() -> None:
    sc = support_game(track="corvin wren |").support("t_wall")
    sc.set("wren", status=["guard"]).run().decline_all().play(Kind.BASIC, "wren")
    assert sc.hp("wren") == 12 - (3 // 2 - 1)  # 3 halved to 1, then -1


# --- clause vocabulary ----------------------------------------------------------------


def test_only_if_follow_up_clause_hits_only_when_the_condition_holds() -> None:
    low = support_game(track="wren ilse |", hands=(["t_finisher"], [])).set("ilse", hp=6)
    play(low.run().decline_all(), "t_finisher", ["ilse"])
    assert low.hp("ilse") == 2  # 6 - 2 = 4, at most 4: 2 more
    high = support_game(track="wren ilse |", hands=(["t_finisher"], [])).set("ilse", hp=8)
    play(high.run().decline_all(), "t_finisher", ["ilse"])
    assert high.hp("ilse") == 6


def test_only_if_on_a_chosen_target_restricts_the_choice() -> None:
    sc = support_game(track="wren ilse corvin |", hands=(["t_hunt"], []))
    sc.set("corvin", status=["burn"]).run().decline_all()
    play(sc, "t_hunt")  # only Corvin burns: chosen automatically
    assert sc.hp("corvin") == 10 and sc.hp("ilse") == 11
    none = support_game(track="wren ilse corvin |", hands=(["t_hunt"], [])).run()
    none.decline_all()
    play(none, "t_hunt")
    assert none.hp("corvin") == 13 and none.hp("ilse") == 11  # nobody qualifies


def test_a_script_moves_one_charge_from_the_target() -> None:
    sc = support_game(track="wren ilse |", hands=(["t_siphon"], []))
    sc.set("ilse", charge=2).run().decline_all()
    play(sc, "t_siphon", ["ilse"])
    assert sc.charge("ilse") == 1 and sc.charge("wren") == 1 and sc.hp("ilse") == 10


def test_remove_sigils_discards_the_latest_to_its_owner() -> None:
    sc = support_game(track="wren ilse |", hands=(["t_shatter"], []))
    rune = sc.card("current_sigil")
    sc.state.sigils[sc.u("ilse")] = ((rune, 1),)
    sc.state.decks[1].remove(rune)
    sc.run().decline_all()
    play(sc, "t_shatter", ["ilse"])
    assert sc.state.sigils[sc.u("ilse")] == ()
    assert sc.state.discards[1][-1] == rune
    assert sc.since(events.UNINSTALL)


def test_discard_at_random_is_deterministic_and_hidden_from_choice() -> None:
    def run(seed: int) -> list[int]:
        sc = support_game(track="wren ilse |", hands=(["t_rattle"], []), seed=seed).run()
        held = list(sc.decline_all().state.hands[1])
        play(sc, "t_rattle", ["ilse"])
        gone = sc.state.discards[1]
        assert len(gone) == 2 and all(card in held for card in gone)
        assert [e[0] for e in sc.since(events.DISCARD)] == [events.DISCARD] * 2
        return gone

    assert run(3) == run(3)


def test_charge_spending_stops_at_zero() -> None:
    sc = support_game(track="wren ilse |", hands=(["t_drain"], []))
    sc.set("ilse", charge=1).run().decline_all()
    play(sc, "t_drain", ["ilse"])
    assert sc.charge("ilse") == 0
    assert sc.since(events.CHARGE)[-1] == (events.CHARGE, sc.u("ilse"), -2, 0)


# --- content errors ---------------------------------------------------------------------


def _card(line: str) -> str:
    return f"cards:\n  - {line}\n"


@pytest.mark.parametrize(("text", "message"), [
    (_card("{key: a, name: A, kind: event, effects: [{target: self, summon: b}]}")
     + "  - {key: b, name: B, kind: event, effects: [{target: self, draw: 1}]}\n",
     "t.yaml (card 'a', field effects[0]).summon: 'b' is not a support card"),
    (_card("{key: a, name: A, kind: event, effects: [{target: self, call: nope}]}"),
     "field cards[0].effects[0].call: Value error, no registered function 'nope'"),
    (_card("{key: a, name: A, kind: event, effects: [{target: trigger_unit, heal: 1}]}"),
     "effects[0].target: trigger_unit is only for triggered abilities"),
    (_card("{key: a, name: A, kind: support, hp: 2, abilities: [{trigger: round_end,"
           " static: {damage_dealt: 1}, effects: [{target: self, heal: 1}]}]}"),
     "an ability has either a trigger (with effects) or a static"),
    (_card("{key: a, name: A, kind: support, hp: 2, abilities: [{trigger: round_end,"
           " effects: [{target: enemy, damage: 1}]}]}"),
     "a passive cannot ask for a target ('enemy')"),
    (_card("{key: a, name: A, kind: support, hp: 2, abilities: [{static: {scope: allies}}]}"),
     "a static modifier needs damage_dealt or damage_taken"),
    (_card("{key: a, name: A, kind: technique, hp: 2, effects: [{target: self, heal: 1}]}"),
     "only a support has hp and abilities"),
    (_card("{key: a, name: A, kind: event, effects: [{target: enemy, only_if: "
           "{has_status: dazed}, damage: 1}]}"),
     "unknown status 'dazed'"),
])
def test_bad_ability_content_names_file_entry_and_field(text: str, message: str) -> None:
    with pytest.raises(ContentError) as info:
        load_content_text(text, "t.yaml")
    assert message in str(info.value)
    assert str(info.value).startswith("t.yaml")


def test_target_actions_for_characters_keep_their_indices() -> None:
    """New action kinds are appended: a character target is still TARGETS[unit]."""
    sc = support_game(track="ilse wren |").support("t_medic").run().decline_all()
    sc.state.apply(sc.legal()[0])
    assert TARGETS[sc.u("wren")] in sc.legal()


# --- when queued abilities resolve ------------------------------------------------------


def test_abilities_still_queued_when_the_game_ends_never_resolve() -> None:
    sc = support_game(track="ilse wren |").support("t_avenger").set("wren", hp=2)
    sc.run().decline_all().play(Kind.BASIC, "wren")
    assert sc.state.result == 1
    assert sc.state.queue == () and sc.hp("ilse") == 11  # the Avenger never struck


def test_a_deck_out_resolves_the_defeat_abilities_it_causes_at_once() -> None:
    sc = Scenario(seats=[(0, ["wren"]), (1, ["ilse"]), (2, ["corvin"])],
                  content=support_content(), deck="t_deck")
    sc.support("t_crow2").track("wren ilse corvin |").hand(0, 0).deck(0, 0)
    sc.mark().run().decline_all()
    assert not sc.on_track("wren") and sc.state.result is None
    assert sc.charge("ilse") == 1  # the Crow (seat 1) saw an enemy fall
    codes = [e[0] for e in sc.since(events.DECK_OUT, events.PASSIVE, events.ACT_START)]
    assert codes == [events.ACT_START, events.DECK_OUT, events.PASSIVE, events.ACT_START]


def test_burn_has_no_dealer_so_trigger_unit_is_empty() -> None:
    sc = support_game(track="wren ilse |", keystones=(("t_grudge", "t_attuned"),
                                                      ("t_echo", "t_keen")))
    sc.set("wren", status=["burn"]).mark().run().decline_all()
    assert sc.hp("wren") == 11  # Burn's 1; the Grudge found nobody to strike back at
    assert [e[2] for e in sc.since(events.DAMAGE)] == [sc.u("wren")]
