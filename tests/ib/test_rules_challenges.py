"""IB 6 (Challenge Cards, Rivals) and IB 8.4 (neutral CCs), rule by rule, on the t_ test
CCs of tests/ib/challenge_content.py. Flags are in test_flags_challenges.py."""

from __future__ import annotations

from initiative.games.ib import challenges, effects, events, rounds
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import K_ADVANCED, K_BASIC, Kind
from initiative.games.ib.match import ChallengerSetup
from tests.ib.challenge_content import cc_game

TRACK = "t_grunt wren brask ilse corvin |"


# --- IB 6.1 / 6.3: CCs are units on the one track ---------------------------------------


def test_ib_6_3_4_ccs_join_the_track_by_initiative_with_the_usual_tie_breaks() -> None:
    """IB 6.3.4-6.3.5: everything by ascending Initiative; ties by Speed, HP, name."""
    sc = cc_game(["t_tyrant", "t_grunt", "t_mender"])
    labels = [sc.key(u) for u in sc.state.track.order]
    # Initiative 1: t_grunt and t_mender tie on Speed 3 and HP 6; the name decides.
    assert labels[:2] == ["t_grunt", "t_mender"]
    assert labels[-1] == "t_tyrant"  # Initiative 9, the highest
    assert sc.state.track.rm == len(labels)  # IB 6.3.6: the RM at the far right


def test_ib_6_1_1_a_cc_is_targeted_like_a_unit_and_eliminated_at_0_hp() -> None:
    """IB 6.1.1 / IB 6.7.1: a player's attack picks a CC; at 0 HP it leaves the track."""
    sc = cc_game(["t_grunt", "t_brute"], track="wren t_grunt t_brute brask ilse corvin |")
    sc.set("t_grunt", hp=2).run()
    sc.mark().play(Kind.BASIC, "t_grunt")
    assert not sc.in_play("t_grunt")
    assert sc.u("t_grunt") not in sc.state.track.order
    assert sc.since(events.DEFEAT) == [(events.DEFEAT, sc.u("t_grunt"))]


# --- IB 6.4: how a CC activates ----------------------------------------------------------


def test_ib_6_4_1_a_cc_draws_no_cards_and_asks_no_one() -> None:
    """IB 6.4.1 / AMB-81: the whole activation runs without a decision or a draw."""
    sc = cc_game(["t_grunt"], track=TRACK, rolls=[6])
    deck = len(sc.state.decks[0])
    sc.mark().run()
    assert sc.acting() == "wren"  # the next decision is the next unit's
    assert len(sc.state.decks[0]) == deck - 0 or not sc.since(events.DRAW)
    cc_part = sc.since(events.ACT_START, events.DRAW)
    assert cc_part[0] == (events.ACT_START, sc.u("t_grunt"), 1)
    assert cc_part[1][0] == events.ACT_START  # no draw between: the next activation
    assert sc.u("t_grunt") not in sc.match.seat_units[0]


def test_ib_6_4_2_the_d6_roll_picks_the_table_entry_and_the_log_shows_it() -> None:
    """IB 6.4.2: no Break Art, no trigger: roll 1d6 and take that entry (t_brute: 1-3
    Club for 2 damage, 4-6 Brace for Guard)."""
    for face, damaged, guarded in ((3, True, False), (4, False, True)):
        sc = cc_game(["t_brute"], track="t_brute wren brask ilse corvin |", rolls=[face])
        sc.mark().run()
        rolled = sc.since(events.CC_ROLL)
        assert [(e[2], e[5]) for e in rolled] == [(face, 1)]
        assert bool(sc.since(events.DAMAGE)) == damaged
        assert bool(st.count(sc.state.status[sc.u("t_brute")], st.GUARD)) == guarded
        sentences = [events.render(e, sc.match) for e in sc.since(events.CC_ROLL,
                                                                   events.CC_ACTION)]
        assert sentences[0].startswith(f"Test Brute rolls {face}: ")
        if damaged:
            assert sentences[1] == "Test Brute uses Club targeting Ilse Varga."


def test_ib_6_4_2_the_trigger_condition_replaces_the_roll() -> None:
    sc = cc_game(["t_brute"], track="t_brute wren brask ilse corvin |", rolls=[4])
    sc.set("t_brute", hp=5).mark().run()
    assert not sc.since(events.CC_ROLL)
    assert sc.since(events.CC_CHOICE)[0][2] == events.BY_TRIGGER
    assert sc.since(events.DAMAGE)[0][3] == 5  # Rage


def test_ib_6_4_2_at_3_charge_the_break_art_is_used_and_paid() -> None:
    """IB 6.4.2 / IB 4.3.1: all three Charge are spent; Quake hits every enemy for 3."""
    sc = cc_game(["t_brute"], track="t_brute wren brask ilse corvin |")
    sc.set("t_brute", charge=3).mark().run()
    assert sorted(e[2] for e in sc.since(events.DAMAGE)) == sorted(
        sc.u(k) for k in ("wren", "brask", "ilse", "corvin"))
    assert not sc.since(events.CC_ROLL)


def test_ib_6_4_3_a_cc_with_a_break_art_gains_1_charge_in_its_end_window() -> None:
    sc = cc_game(["t_brute"], track="t_brute wren brask ilse corvin |", rolls=[1])
    sc.mark().run()
    assert sc.state.charge[sc.u("t_brute")] == 1
    charge = sc.since(events.CHARGE, events.MOVEMENT)
    assert [e[0] for e in charge] == [events.CHARGE, events.MOVEMENT]  # before moving


def test_ib_6_4_3_a_cc_without_a_break_art_never_gains_charge() -> None:
    """IB 6.4.1: no Charge unless stated; its d6 attacks are not Basic Attacks."""
    sc = cc_game(["t_grunt"], track=TRACK, rolls=[1])
    sc.mark().run()
    assert sc.state.charge[sc.u("t_grunt")] == 0
    assert not sc.since(events.CHARGE)


def test_amb66_a_stunned_cc_gains_no_charge() -> None:
    sc = cc_game(["t_brute"], track="t_brute wren brask ilse corvin |")
    sc.set("t_brute", status=["stun"]).mark().run()
    assert sc.since(events.STUNNED) and not sc.since(events.CC_ROLL)
    assert sc.state.charge[sc.u("t_brute")] == 0


def test_ib_6_4_4_then_it_moves_right_by_its_speed_and_the_rm_steps() -> None:
    sc = cc_game(["t_grunt"], track=TRACK, rolls=[1])
    sc.run()
    assert sc.text() == "wren brask ilse t_grunt | corvin"  # Speed 3, then the RM step


# --- IB 6.5 targeting ----------------------------------------------------------------------


def test_ib_6_5_1_a_cc_targets_the_player_character_with_the_lowest_hp() -> None:
    sc = cc_game(["t_grunt"], track=TRACK, rolls=[1]).set("corvin", hp=2)
    sc.mark().run()
    assert sc.since(events.CC_ACTION)[0][3] == sc.u("corvin")


def test_ib_6_5_2_ties_go_to_the_lowest_initiative_then_the_soonest_to_act() -> None:
    """Brask (Initiative 5) loses the tie to Wren, Ilse and Corvin (Initiative 3);
    among those, Corvin stands leftmost."""
    sc = cc_game(["t_grunt"], track="t_grunt brask corvin ilse wren |", rolls=[1])
    for key in ("wren", "brask", "ilse", "corvin"):
        sc.set(key, hp=5)
    sc.mark().run()
    assert sc.since(events.CC_ACTION)[0][3] == sc.u("corvin")


def test_ib_6_5_2_an_in_round_unit_acts_sooner_than_an_out_of_round_one() -> None:
    """AMB-69: Ilse stands beyond the RM (out of round) and acts later than Corvin."""
    sc = cc_game(["t_grunt"], track="t_grunt brask wren corvin | ilse", rolls=[1])
    sc.set("ilse", hp=5).set("corvin", hp=5)
    sc.mark().run()
    assert sc.since(events.CC_ACTION)[0][3] == sc.u("corvin")


def test_ib_6_5_3_a_cc_ignores_supports_unless_its_card_allows() -> None:
    """AMB-70: t_grunt never picks the 1-HP Support; t_stalker (targets_supports,
    highest HP) picks the 6-HP Test Wall over 5-HP Characters."""
    sc = cc_game(["t_grunt"], track=TRACK, rolls=[1]).support("t_wall", hp=1)
    sc.mark().run()
    assert sc.since(events.CC_ACTION)[0][3] != sc.u("t_wall")
    sc = cc_game(["t_stalker"], track="t_stalker wren brask ilse corvin |", rolls=[1])
    sc.support("t_wall")
    for key in ("wren", "brask", "ilse", "corvin"):
        sc.set(key, hp=5)
    sc.mark().run()
    assert sc.since(events.CC_ACTION)[0][3] == sc.u("t_wall")


# --- IB 6.6 statuses -----------------------------------------------------------------------


def test_ib_6_6_1_ccs_apply_receive_and_resolve_statuses_like_characters() -> None:
    """t_lurker's Sting applies Burn; Burn on a CC resolves at its Status Check."""
    sc = cc_game(["t_lurker", "t_grunt"], track="t_lurker wren brask ilse corvin t_grunt |",
                 rolls=[1])
    sc.set("t_lurker", status=["burn"]).mark().run()
    assert sc.since(events.BURN) == [(events.BURN, sc.u("t_lurker"))]
    assert sc.state.hp[sc.u("t_lurker")] == 5
    target = sc.since(events.CC_ACTION)[0][3]
    assert st.count(sc.state.status[target], st.BURN) == 1


def test_ib_5_2_4_a_muted_cc_cannot_use_an_ability_entry() -> None:
    sc = cc_game(["t_brute"], track="t_brute wren brask ilse corvin |", rolls=[5])
    sc.set("t_brute", status=["mute"]).mark().run()
    assert [(e[2], e[5]) for e in sc.since(events.CC_ROLL)] == [(5, 0)]
    assert not st.count(sc.state.status[sc.u("t_brute")], st.GUARD)
    assert not st.count(sc.state.status[sc.u("t_brute")], st.MUTE)  # it expired


# --- IB 6.7 elimination ----------------------------------------------------------------------


def test_ib_6_7_1_a_ccs_on_death_effect_triggers_and_the_rm_goes_on() -> None:
    """t_tyrant's on-death effect deals 2 to every enemy."""
    sc = cc_game(["t_tyrant", "t_grunt"], track="wren t_tyrant brask ilse corvin t_grunt |")
    sc.set("t_tyrant", hp=1).run()
    sc.mark().play(Kind.BASIC, "t_tyrant")
    assert not sc.in_play("t_tyrant")
    assert sc.state.hp[sc.u("brask")] == 16 - 2
    assert sc.since(events.RM_STEP)  # IB 6.7.1: the round goes on as normal
    assert sc.state.result is None


def test_ib_6_7_2_the_players_win_when_every_cc_is_gone() -> None:
    """Victory is checked first (IB 3.6.5), so the last CC's on-death effect never
    resolves: the battle is already won."""
    sc = cc_game(["t_tyrant"], track="wren t_tyrant brask ilse corvin |")
    sc.set("t_tyrant", hp=1).run()
    sc.play(Kind.BASIC, "t_tyrant")
    assert sc.state.result == 0 and sc.state.returns() == [1.0]
    assert sc.state.hp[sc.u("brask")] == 16


def test_amb80_the_players_lose_when_every_character_falls() -> None:
    sc = cc_game(["t_brute"], track="t_brute wren |").set("t_brute", charge=3)
    sc.set("wren", hp=3).run()
    assert sc.state.result == sc.match.cc_team
    assert sc.state.returns() == [-1.0]
    assert events.render(sc.state.events()[-1], sc.match) == "The Challenge Cards win."


# --- AMB-82 phases, IB 6.0.1 spawns and reactions ------------------------------------------


def _hit_tyrant(hp: int) -> object:
    sc = cc_game(["t_tyrant"], track="wren t_tyrant brask ilse corvin |")
    sc.set("t_tyrant", hp=hp).run()
    return sc.mark().play(Kind.BASIC, "t_tyrant")


def test_amb82_a_phase_begins_when_hp_falls_to_its_threshold() -> None:
    """Wren's Basic (2) takes t_tyrant from 15 to 13: Brood begins (at 14) and spawns."""
    sc = _hit_tyrant(15)
    tyrant = sc.u("t_tyrant")  # type: ignore[attr-defined]
    assert sc.since(events.PHASE) == [(events.PHASE, tyrant, 1)]  # type: ignore[attr-defined]
    grunt = sc.u("t_grunt")  # type: ignore[attr-defined]
    assert sc.since(events.SPAWN) == [(events.SPAWN, tyrant, grunt)]  # type: ignore[attr-defined]
    assert sc.in_play("t_grunt")  # type: ignore[attr-defined]


def test_amb82_two_thresholds_at_once_run_both_on_enter_effects_in_order() -> None:
    sc = _hit_tyrant(7)  # 7 - 2 = 5: past Brood (14) and Frenzy (6)
    phases = sc.since(events.PHASE)  # type: ignore[attr-defined]
    assert [e[2] for e in phases] == [1, 2]
    assert sc.since(events.SPAWN) and sc.since(events.MOVE)  # type: ignore[attr-defined]


def test_amb82_the_new_phase_changes_table_speed_and_break_art() -> None:
    sc = cc_game(["t_tyrant"], track="t_tyrant wren brask ilse corvin |", rolls=[1])
    tyrant = sc.u("t_tyrant")
    sc.state.used[tyrant] |= 2 << challenges.PHASE_SHIFT  # Frenzy
    sc.set("t_tyrant", hp=5).mark().run()
    assert sc.since(events.DAMAGE)[0][3] == 6  # Maul
    assert sc.since(events.MOVEMENT)[0][2] == 2  # Speed 2 in Frenzy
    assert sc.state.charge[tyrant] == 1  # Frenzy prints a Break Art (IB 6.4.3)


def test_amb82_healing_never_returns_to_an_earlier_phase() -> None:
    sc = _hit_tyrant(15)
    tyrant = sc.u("t_tyrant")  # type: ignore[attr-defined]
    sc.state.hp[tyrant] = 20  # type: ignore[attr-defined]
    challenges.check_phases(sc.state, lambda s: rounds.check_time_collapse(s, effects.fire),  # type: ignore[attr-defined]
                            effects.resolve_now)
    assert challenges.phase(sc.state, tyrant) == 1  # type: ignore[attr-defined]


def test_a_cc_reacts_to_damage_taken() -> None:
    """t_tyrant hits back once per round for 1 at whoever damaged it."""
    sc = _hit_tyrant(20)
    assert sc.state.hp[sc.u("wren")] == 12 - 1  # type: ignore[attr-defined]


def test_amb78_no_spawn_without_a_free_slot() -> None:
    """Two slots are kept per spawnable CC (they count towards the 10 units, IB 7.8.1):
    a third spawn while both stand places nothing, and the log says so."""
    sc = cc_game(["t_tyrant"], track="wren t_tyrant brask ilse corvin |")
    tyrant = sc.u("t_tyrant")
    sc.mark()
    for _ in range(3):
        challenges.spawn(sc.state, tyrant, "t_grunt")
    spawned = [e[2] for e in sc.since(events.SPAWN)]
    assert spawned == [sc.u("t_grunt"), sc.u("t_grunt2"), -1]
    assert len(sc.state.track.order) == 7
    assert events.render(sc.since(events.SPAWN)[-1], sc.match).endswith(
        "every spawn it may have stands already.")


# --- IB 6.8 Rivals ---------------------------------------------------------------------------


def _rival_turn(roll: int, charge: int = 0) -> object:
    """Rival Odo with Bastion Plate (its passive gives Guard, never Charge)."""
    sc = cc_game([ChallengerSetup("odo", True, "bastion_plate"), "t_grunt"],
                 track="odo wren brask ilse corvin t_grunt |", rolls=[roll])
    sc.set("odo", charge=charge).mark().run()
    return sc


def test_ib_6_8_3_a_rival_gains_charge_from_its_basic_attack() -> None:
    sc = _rival_turn(1)
    declared = sc.since(events.DECLARE)  # type: ignore[attr-defined]
    assert declared[0][2] == K_BASIC
    assert sc.state.charge[sc.u("odo")] == 1  # type: ignore[attr-defined]


def test_ib_6_8_4_a_rival_spends_no_charge_on_its_advanced_attack() -> None:
    sc = _rival_turn(5)
    assert sc.since(events.DECLARE)[0][2] == K_ADVANCED  # type: ignore[attr-defined]
    assert sc.state.charge[sc.u("odo")] == 0  # type: ignore[attr-defined]


def test_ib_6_8_6_a_six_without_3_charge_is_the_advanced_attack() -> None:
    sc = _rival_turn(6, charge=2)
    assert sc.since(events.DECLARE)[0][2] == K_ADVANCED  # type: ignore[attr-defined]
    assert sc.state.charge[sc.u("odo")] == 2  # type: ignore[attr-defined]


def test_ib_6_8_6_a_six_with_3_charge_is_the_break_art() -> None:
    from initiative.games.ib.actions import K_BREAK_ART

    sc = _rival_turn(6, charge=3)
    assert sc.since(events.DECLARE)[0][2] == K_BREAK_ART  # type: ignore[attr-defined]
    assert sc.state.charge[sc.u("odo")] == 0  # type: ignore[attr-defined]


def test_ib_6_8_1_a_rival_is_a_challenge_card_for_targeting() -> None:
    """A Rival's attacks pick the lowest-HP player Character, never a CC."""
    sc = cc_game([ChallengerSetup("odo", True, "ember_core"), "t_grunt"],
                 track="odo wren brask ilse corvin t_grunt |", rolls=[1])
    sc.set("t_grunt", hp=1).set("brask", hp=2).mark().run()
    assert sc.since(events.DECLARE)[0][3] == sc.u("brask")


# --- IB 8.4 mixed matches -------------------------------------------------------------------


def test_ib_8_4_1_neutral_ccs_target_any_players_characters_alike() -> None:
    sc = cc_game(["t_grunt"], seats=2, neutral=True, track=TRACK, rolls=[1, 1])
    sc.set("corvin", hp=3).mark().run()  # Corvin is seat 1's
    assert sc.since(events.CC_ACTION)[0][3] == sc.u("corvin")


def test_ib_8_4_1_the_last_player_side_wins_while_neutral_ccs_remain() -> None:
    sc = cc_game(["t_grunt"], seats=2, neutral=True, track="wren t_grunt ilse |")
    sc.set("ilse", hp=2).run()
    sc.play(Kind.BASIC, "ilse")
    assert sc.state.result == 0  # seat 0's side; t_grunt still stands
    assert sc.in_play("t_grunt")


def test_ib_8_4_1_amb119_if_only_ccs_remain_every_player_loses() -> None:
    sc = cc_game(["t_brute"], seats=2, neutral=True, track="t_brute wren ilse |")
    sc.set("t_brute", charge=3).set("wren", hp=3).set("ilse", hp=3).run()
    assert sc.state.result == sc.match.cc_team
    assert sc.state.returns() == [-1.0, -1.0]
    assert events.render(sc.state.events()[-1], sc.match) == (
        "Every player loses: only Challenge Cards remain.")


def test_trigger_order_on_a_ccs_turn_the_ccs_side_resolves_first() -> None:
    """`trigger_order=active_side_first` with the CCs as one more side: t_grunt hits
    Wren; t_cheer (a CC, right of Wren) reacts before Wren's Keystone does."""
    keys = [("t_grudge", "tide_stone", "bastion_plate", "gale_feather")]
    sc = cc_game(["t_grunt", "t_cheer"], track="t_grunt wren t_cheer brask ilse corvin |",
                 keystones=keys, rolls=[1])
    sc.set("wren", hp=3).mark().run()
    owners = [e[1] for e in sc.since(events.PASSIVE)]
    assert owners[:2] == [sc.u("t_cheer"), sc.u("wren")]


def test_trigger_order_track_order_ignores_sides() -> None:
    keys = [("t_grudge", "tide_stone", "bastion_plate", "gale_feather")]
    sc = cc_game(["t_grunt", "t_cheer"], {"trigger_order": "track_order"},
                 track="t_grunt wren t_cheer brask ilse corvin |", keystones=keys, rolls=[1])
    sc.set("wren", hp=3).mark().run()
    owners = [e[1] for e in sc.since(events.PASSIVE)]
    assert owners[:2] == [sc.u("wren"), sc.u("t_cheer")]


def test_ib_6_3_5_identical_ccs_need_no_agreement_even_when_it_is_required() -> None:
    """AMB-92 `agreement_required` binds player ties only: two copies of a CC tie on
    everything, and IB 6.3.5 orders them by name (then unit number) without asking."""
    sc = cc_game(["t_grunt", "t_grunt"], {"setup_final_tiebreak": "agreement_required"})
    order = [sc.key(u) for u in sc.state.track.order]
    assert order.index("t_grunt") + 1 == order.index("t_grunt2")
