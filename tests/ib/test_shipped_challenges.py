"""One scenario or more per shipped Challenge Card of core.yaml (IB 6.1-6.7, AMB-82), each
checked against its printed table, trigger, Break Art, phases, reactions and on-death
effect; then every shipped encounter (IB 6.3.3) played to its end by a seeded random bot.

Party (tests/ib/challenge_content.py): Wren (HP 12, Initiative 3), Brask (16, 5), Ilse
(11, 3) and Corvin (13, 3) on one seat, restored to full HP, 0 Charge and no status at
the start of every scenario. Unless a test says otherwise Ilse is the lowest-HP
Character, Brask the highest. The d6 is scripted with `rolls`; a CC always acts
leftmost, so its own moves wait for its Speed move (IB 3.4.6) and a phase it enters
during a player's attack resolves at once.
"""

from __future__ import annotations

from typing import Any

import pytest

from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import Kind
from initiative.games.ib.challenges import PHASE_SHIFT
from initiative.games.ib.content import core_content
from initiative.games.ib.modes import GameSetup, build_match
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from tests.ib.challenge_content import cc_game, since
from tests.ib.scenario import Scenario

CLOCKHEART_PARTY = ("stopped_clockheart", "hour_mite", "gloam_hound", "gloam_hound")
"""As in Heart of the Rift: its own mite is `hour_mite`, so the two slots kept for
spawned mites are `hour_mite2` and `hour_mite3` (AMB-78)."""


# --- helpers --------------------------------------------------------------------------


def game(challengers: tuple[str, ...], track: str, rolls: tuple[int, ...] = (),
         phase: dict[str, int] | None = None, **units: dict[str, Any]) -> Scenario:
    """The party against `challengers` on `track`, with `rolls` scripted.

    Every unit starts restored (full HP, no Charge, status, used limits or waiting
    moves), so only what the test sets differs: `units` (Scenario.set keywords) and
    `phase` (a CC's phase index, AMB-82)."""
    sc = cc_game(list(challengers), track=track, rolls=rolls)
    state = sc.state
    for unit in range(sc.match.num_characters):
        state.hp[unit] = sc.match.max_hp[unit]
        state.charge[unit] = 0
        state.status[unit] = 0
        state.used[unit] = 0
        state.pending[unit] = ()
    for key, values in units.items():
        sc.set(key, **values)
    for key, index in (phase or {}).items():
        state.used[sc.u(key)] |= index << PHASE_SHIFT
    return sc


def cc_turn(sc: Scenario) -> int:
    """Run the leftmost CC's activation (and any CC after it) to the next player
    decision; returns the log position before it."""
    start = sc.state.log_len
    sc.run().decline_all()
    return start


def attack(sc: Scenario, attacker: str, target: str) -> int:
    """`attacker` (leftmost) makes a Basic Attack on `target`; play then runs to the next
    player decision. Returns the log position before the attack."""
    sc.run().decline_all()
    assert sc.at_action(attacker)
    start = sc.state.log_len
    sc.play(Kind.BASIC, target)
    return start


def used(sc: Scenario, start: int) -> list[tuple[str, str, tuple[str, ...]]]:
    """(CC, move name, targets) for each CC move used since `start`."""
    out = []
    for e in since(sc, start, events.CC_ACTION):
        spec = sc.match.cc_specs[e[1]]
        assert spec is not None
        out.append((sc.key(e[1]), spec.moves[e[2]].name,
                    tuple(sc.key(t) for t in e[3:] if t >= 0)))
    return out


def rolled(sc: Scenario, start: int) -> list[tuple[str, int]]:
    """(CC, face) of each d6 roll since `start`."""
    return [(sc.key(e[1]), e[2]) for e in since(sc, start, events.CC_ROLL)]


def chose(sc: Scenario, start: int) -> list[tuple[str, int, str]]:
    """(CC, reason, move name) of each choice made without a roll (IB 6.4.2)."""
    out = []
    for e in since(sc, start, events.CC_CHOICE):
        spec = sc.match.cc_specs[e[1]]
        assert spec is not None
        out.append((sc.key(e[1]), e[2], spec.moves[e[4]].name if e[4] >= 0 else ""))
    return out


def hits(sc: Scenario, start: int) -> list[tuple[str, str, int]]:
    """(source, target, amount) of each damage since `start` (source "-" for Burn)."""
    return [(sc.key(e[1]) if e[1] >= 0 else "-", sc.key(e[2]), e[3])
            for e in since(sc, start, events.DAMAGE)]


def moves(sc: Scenario, start: int) -> list[tuple[str, int, int]]:
    """(unit, steps: up < 0 < back, moved) of each immediate move since `start`."""
    return [(sc.key(e[1]), e[2], int(e[3] <= events.REJOINED))
            for e in since(sc, start, events.MOVE) if not e[5]]


def spawned(sc: Scenario, start: int) -> list[tuple[str, str]]:
    return [(sc.key(e[1]), sc.key(e[2]) if e[2] >= 0 else "-")
            for e in since(sc, start, events.SPAWN)]


def phases(sc: Scenario, start: int) -> list[tuple[str, int]]:
    return [(sc.key(e[1]), e[2]) for e in since(sc, start, events.PHASE)]


def speeds(sc: Scenario, start: int, key: str) -> list[int]:
    """The Speed of each Movement step `key` took since `start`."""
    return [e[2] for e in since(sc, start, events.MOVEMENT) if e[1] == sc.u(key)]


def has(sc: Scenario, key: str, status: int) -> int:
    return st.count(sc.state.status[sc.u(key)], status)


PARTY_KEYS = ("wren", "brask", "ilse", "corvin")


# --- Aberrants --------------------------------------------------------------------------


def test_hour_mite_gnaw_bites_the_lowest_hp_character() -> None:
    """IB 6.4.2 / 6.5.1: a 4 is Gnaw, 4 damage to the Character with the lowest HP; a CC
    printing no Break Art gains no End-window Charge (IB 6.4.3)."""
    sc = game(("hour_mite",), "hour_mite wren brask ilse corvin |", (4,), corvin={"hp": 5})
    start = cc_turn(sc)
    assert rolled(sc, start) == [("hour_mite", 4)]
    assert used(sc, start) == [("hour_mite", "Gnaw", ("corvin",))]
    assert hits(sc, start) == [("hour_mite", "corvin", 4)]
    assert sc.hp("corvin") == 1 and sc.hp("ilse") == 11
    assert sc.charge("hour_mite") == 0
    assert sc.at_action("wren")


def test_hour_mite_nibble_breaks_an_hp_tie_by_printed_initiative_then_leftmost() -> None:
    """IB 6.5.2 (AMB-69): every Character at 10 HP; Brask (Initiative 5) is left of the
    others but loses the tie to the Initiative-3 Characters, of whom Corvin is leftmost."""
    sc = game(("hour_mite",), "hour_mite brask corvin wren ilse |", (1,),
              **{k: {"hp": 10} for k in PARTY_KEYS})
    start = cc_turn(sc)
    assert used(sc, start) == [("hour_mite", "Nibble", ("corvin",))]
    assert [sc.hp(k) for k in PARTY_KEYS] == [10, 10, 10, 7]


def test_hour_mite_skitter_ahead_hits_then_moves_up_after_its_speed_move() -> None:
    """A 6 is Skitter Ahead: 3 damage, then Move Up 1, which waits for the mite's Speed 3
    move (IB 3.4.6)."""
    sc = game(("hour_mite",), "hour_mite wren brask ilse corvin |", (6,))
    start = cc_turn(sc)
    assert used(sc, start) == [("hour_mite", "Skitter Ahead", ("ilse",))]
    assert sc.hp("ilse") == 8
    assert [e[1:] for e in since(sc, start, events.DEFER)] == [(sc.u("hour_mite"), -1)]
    assert speeds(sc, start, "hour_mite") == [3]
    # Speed 3 puts it behind Ilse, Move Up 1 in front of her again.
    assert sc.order() == ["wren", "brask", "hour_mite", "ilse", "corvin"]


def test_soot_moth_smouldering_dust_deals_3_and_burns() -> None:
    sc = game(("soot_moth",), "soot_moth wren brask ilse corvin |", (3,))
    start = cc_turn(sc)
    assert used(sc, start) == [("soot_moth", "Smouldering Dust", ("ilse",))]
    assert sc.hp("ilse") == 8 and has(sc, "ilse", st.BURN) == 1
    assert [k for k in PARTY_KEYS if sc.state.status[sc.u(k)]] == ["ilse"]


@pytest.mark.parametrize(("status", "face", "acts"), [
    ("seal", 3, False),   # Smouldering Dust is an advanced attack: Seal forbids it
    ("mute", 3, True),
    ("mute", 6, False),   # Ash Veil is an ability: Mute forbids it
    ("seal", 6, True),
])
def test_soot_moth_entries_are_restricted_by_their_printed_kind(status: str, face: int,
                                                               acts: bool) -> None:
    """IB 5.2.4-5.2.5, 6.6.1: Seal forbids the attack entries, Mute the ability entries;
    a forbidden roll fizzles (`cc_restricted_roll=fizzle`)."""
    sc = game(("soot_moth",), "soot_moth wren brask ilse corvin |", (face,),
              soot_moth={"status": [status]})
    start = cc_turn(sc)
    assert [e[5] for e in since(sc, start, events.CC_ROLL)] == [int(acts)]
    if acts:
        assert len(used(sc, start)) == 1
    else:
        assert used(sc, start) == []
        assert chose(sc, start) == [("soot_moth", events.BY_NOTHING, "")]
        assert sc.hp("ilse") == 11 and not sc.state.status[sc.u("ilse")]
        assert has(sc, "soot_moth", st.GUARD) == 0


def test_soot_moth_ash_veil_guards_itself() -> None:
    sc = game(("soot_moth",), "soot_moth wren brask ilse corvin |", (6,))
    start = cc_turn(sc)
    assert used(sc, start) == [("soot_moth", "Ash Veil", ())]
    assert sc.statuses("soot_moth") == ["guard"]
    assert hits(sc, start) == []


def test_gloam_hound_cornered_snap_replaces_the_roll_at_3_hp() -> None:
    """IB 6.4.2: at 3 HP or less its trigger is used instead of rolling."""
    sc = game(("gloam_hound",), "gloam_hound wren brask ilse corvin |",
              gloam_hound={"hp": 3}, corvin={"hp": 7})
    start = cc_turn(sc)
    assert rolled(sc, start) == []
    assert chose(sc, start) == [("gloam_hound", events.BY_TRIGGER, "Cornered Snap")]
    assert hits(sc, start) == [("gloam_hound", "corvin", 5)]
    assert sc.hp("corvin") == 2
    assert sc.charge("gloam_hound") == 1  # IB 6.4.3: it prints a Break Art


def test_gloam_hound_above_3_hp_rolls_hamstring() -> None:
    sc = game(("gloam_hound",), "gloam_hound wren brask ilse corvin |", (3,),
              gloam_hound={"hp": 4})
    start = cc_turn(sc)
    assert chose(sc, start) == [] and rolled(sc, start) == [("gloam_hound", 3)]
    assert used(sc, start) == [("gloam_hound", "Hamstring", ("ilse",))]
    assert sc.hp("ilse") == 8 and sc.statuses("ilse") == ["weaken"]


def test_gloam_hound_tearing_pounce_at_3_charge_comes_before_its_trigger() -> None:
    """IB 6.4.2 (AMB-67 default): 3 Charge means the Break Art, even when the trigger
    holds; all 3 Charge are spent, then the End window gives 1 back (AMB-65)."""
    sc = game(("gloam_hound",), "gloam_hound wren brask ilse corvin |",
              gloam_hound={"hp": 3, "charge": 3})
    start = cc_turn(sc)
    assert chose(sc, start) == [("gloam_hound", events.BY_BREAK_ART, "Tearing Pounce")]
    assert rolled(sc, start) == []
    assert hits(sc, start) == [("gloam_hound", "ilse", 6)]
    assert sc.hp("ilse") == 5
    assert [e[2:] for e in since(sc, start, events.CHARGE)] == [(1, 1)]
    assert sc.charge("gloam_hound") == 1


def test_gloam_hound_baying_call_moves_up_every_cc() -> None:
    """All allies Move Up 1: the other CC at once, the hound itself after its Speed 4."""
    sc = game(("gloam_hound", "hour_mite"), "gloam_hound wren brask hour_mite ilse corvin |",
              (6,))
    start = cc_turn(sc)
    assert used(sc, start) == [("gloam_hound", "Baying Call", ())]
    assert moves(sc, start) == [("hour_mite", -1, 1)]
    assert [e[1:] for e in since(sc, start, events.DEFER)] == [(sc.u("gloam_hound"), -1)]
    assert sc.order() == ["wren", "hour_mite", "brask", "gloam_hound", "ilse", "corvin"]
    assert hits(sc, start) == []


def test_tick_thief_picks_a_support_with_the_lowest_hp() -> None:
    """IB 6.5.3: a CC printing `targets_supports` may pick a Support in play."""
    sc = game(("tick_thief",), "tick_thief wren brask ilse corvin |", (1,))
    sc.support("t_medic")  # 5 HP
    start = cc_turn(sc)
    assert used(sc, start) == [("tick_thief", "Pinch", ("t_medic",))]
    assert sc.hp("t_medic") == 2 and sc.hp("ilse") == 11


def test_tick_thief_prefers_a_character_to_a_support_on_equal_hp() -> None:
    """IB 6.5.2-6.5.3 (AMB-70): a Support prints no Initiative, so it loses every tie."""
    sc = game(("tick_thief",), "tick_thief wren brask ilse corvin |", (5,), ilse={"hp": 5})
    sc.support("t_medic")  # 5 HP
    start = cc_turn(sc)
    assert used(sc, start) == [("tick_thief", "Shiv", ("ilse",))]
    assert sc.hp("ilse") == 1 and sc.hp("t_medic") == 5


def test_tick_thief_lift_a_moment_takes_a_charge() -> None:
    sc = game(("tick_thief",), "tick_thief wren brask ilse corvin |", (4,),
              corvin={"hp": 4, "charge": 2})
    start = cc_turn(sc)
    assert used(sc, start) == [("tick_thief", "Lift a Moment", ("corvin",))]
    assert sc.hp("corvin") == 1 and sc.charge("corvin") == 1


def test_tick_thief_slip_away_guards_and_moves_up_2_after_its_speed_move() -> None:
    sc = game(("tick_thief",), "tick_thief wren brask ilse corvin |", (6,))
    start = cc_turn(sc)
    assert used(sc, start) == [("tick_thief", "Slip Away", ())]
    assert sc.statuses("tick_thief") == ["guard"]
    assert sc.order() == ["wren", "tick_thief", "brask", "ilse", "corvin"]


def test_mire_leech_latch_drains_4_and_heals_itself_1() -> None:
    sc = game(("mire_leech",), "mire_leech wren brask ilse corvin |", (2,),
              mire_leech={"hp": 4})
    start = cc_turn(sc)
    assert used(sc, start) == [("mire_leech", "Latch", ("ilse",))]
    assert sc.hp("ilse") == 7 and sc.hp("mire_leech") == 5


def test_mire_leech_numbing_bite_mutes() -> None:
    sc = game(("mire_leech",), "mire_leech wren brask ilse corvin |", (5,))
    start = cc_turn(sc)
    assert used(sc, start) == [("mire_leech", "Numbing Bite", ("ilse",))]
    assert sc.hp("ilse") == 8 and sc.statuses("ilse") == ["mute"]


@pytest.mark.parametrize(("hp", "healed"), [(4, 2), (6, 1)])
def test_mire_leech_swell_heals_2_up_to_its_printed_hp(hp: int, healed: int) -> None:
    """Swell heals 2, never above its printed 7 HP (IB 5.2.9, AMB-59 default)."""
    sc = game(("mire_leech",), "mire_leech wren brask ilse corvin |", (6,),
              mire_leech={"hp": hp})
    start = cc_turn(sc)
    assert used(sc, start) == [("mire_leech", "Swell", ())]
    assert [e[1:] for e in since(sc, start, events.HEAL)] == [
        (sc.u("mire_leech"), healed, hp + healed)]
    assert sc.hp("mire_leech") == hp + healed and hits(sc, start) == []


def test_splinter_crawler_frantic_scuttle_when_it_is_the_last_cc() -> None:
    """Trigger `alone`: no other CC on the track, so no roll: Move Up 2 (after its
    Speed 5 move) and 4 damage."""
    sc = game(("splinter_crawler",), "splinter_crawler wren brask ilse corvin |",
              corvin={"hp": 6})
    start = cc_turn(sc)
    assert rolled(sc, start) == []
    assert chose(sc, start) == [("splinter_crawler", events.BY_TRIGGER, "Frantic Scuttle")]
    assert hits(sc, start) == [("splinter_crawler", "corvin", 4)]
    assert sc.order() == ["wren", "brask", "splinter_crawler", "ilse", "corvin"]


def test_splinter_crawler_with_kin_on_the_track_rolls_shard_spray() -> None:
    sc = game(("splinter_crawler", "hour_mite"),
              "splinter_crawler wren brask ilse corvin hour_mite |", (4,))
    start = cc_turn(sc)
    assert chose(sc, start) == [] and rolled(sc, start) == [("splinter_crawler", 4)]
    assert hits(sc, start) == [("splinter_crawler", k, 3) for k in PARTY_KEYS]
    assert [sc.hp(k) for k in PARTY_KEYS] == [9, 13, 8, 10]


# --- Constructs -------------------------------------------------------------------------


def test_bellframe_sentinel_takes_1_less_damage() -> None:
    """Static `damage_taken: -1` on itself: Wren's Basic Attack (2) deals 1."""
    sc = game(("bellframe_sentinel",), "wren bellframe_sentinel brask ilse corvin |", (6,))
    start = attack(sc, "wren", "bellframe_sentinel")
    assert hits(sc, start) == [("wren", "bellframe_sentinel", 1)]
    assert sc.hp("bellframe_sentinel") == 11


def test_bellframe_sentinel_resounding_peal_hits_the_whole_line() -> None:
    sc = game(("bellframe_sentinel",), "bellframe_sentinel wren brask ilse corvin |", (5,))
    start = cc_turn(sc)
    assert used(sc, start) == [("bellframe_sentinel", "Resounding Peal", ())]
    assert [sc.hp(k) for k in PARTY_KEYS] == [10, 14, 9, 11]
    assert speeds(sc, start, "bellframe_sentinel") == [6]


def test_stitchwork_orderly_suture_heals_the_next_cc_to_its_right() -> None:
    """AMB-71 `next_cc_on_track`: the nearest other CC to its right, not the most
    wounded one."""
    sc = game(("stitchwork_orderly", "hour_mite", "gloam_hound"),
              "stitchwork_orderly wren brask hour_mite ilse gloam_hound corvin |", (3,),
              hour_mite={"hp": 1}, gloam_hound={"hp": 2})
    start = cc_turn(sc)
    assert used(sc, start) == [("stitchwork_orderly", "Suture", ("hour_mite",))]
    assert sc.hp("hour_mite") == 4 and sc.hp("gloam_hound") == 2
    assert hits(sc, start) == []


def test_stitchwork_orderly_suture_heals_itself_when_alone() -> None:
    sc = game(("stitchwork_orderly",), "stitchwork_orderly wren brask ilse corvin |", (4,),
              stitchwork_orderly={"hp": 5})
    start = cc_turn(sc)
    assert used(sc, start) == [("stitchwork_orderly", "Suture", ("stitchwork_orderly",))]
    assert sc.hp("stitchwork_orderly") == 8


def test_stitchwork_orderly_rivet_plating_guards_the_next_cc() -> None:
    sc = game(("stitchwork_orderly", "hour_mite"),
              "stitchwork_orderly wren brask ilse hour_mite corvin |", (6,))
    start = cc_turn(sc)
    assert used(sc, start) == [("stitchwork_orderly", "Rivet Plating", ("hour_mite",))]
    assert sc.statuses("hour_mite") == ["guard"] and sc.statuses("stitchwork_orderly") == []


def test_ratchet_warden_culls_a_character_at_3_hp() -> None:
    """Trigger `enemy_hp_at_most: 3`: Cull the Faltering replaces the roll and its 4
    damage (to the lowest HP, the faltering one) defeats Corvin."""
    sc = game(("ratchet_warden",), "ratchet_warden wren brask ilse corvin |", (1,),
              corvin={"hp": 3})
    start = cc_turn(sc)
    assert rolled(sc, start) == []
    assert chose(sc, start) == [("ratchet_warden", events.BY_TRIGGER, "Cull the Faltering")]
    assert hits(sc, start) == [("ratchet_warden", "corvin", 4)]
    assert sc.hp("corvin") == 0 and not sc.on_track("corvin")
    assert [e[1] for e in since(sc, start, events.DEFEAT)] == [sc.u("corvin")]


def test_ratchet_warden_clamp_hits_and_holds_back() -> None:
    """Nobody at 3 HP or less: it rolls; Clamp deals 2 and moves the target back 1."""
    sc = game(("ratchet_warden",), "ratchet_warden wren brask ilse corvin |", (4,),
              wren={"hp": 4})
    start = cc_turn(sc)
    assert chose(sc, start) == []
    assert used(sc, start) == [("ratchet_warden", "Clamp", ("wren",))]
    assert sc.hp("wren") == 2
    assert moves(sc, start) == [("wren", 1, 1)]
    assert sc.order() == ["brask", "wren", "ilse", "corvin", "ratchet_warden"]


def test_pendulum_colossus_full_arc_at_3_charge_hits_and_pushes_everyone() -> None:
    sc = game(("pendulum_colossus",), "pendulum_colossus wren brask ilse corvin |",
              pendulum_colossus={"charge": 3})
    start = cc_turn(sc)
    assert chose(sc, start) == [("pendulum_colossus", events.BY_BREAK_ART, "Full Arc")]
    assert [sc.hp(k) for k in PARTY_KEYS] == [9, 13, 8, 10]
    assert moves(sc, start) == [(k, 1, 1) for k in PARTY_KEYS]
    assert sc.charge("pendulum_colossus") == 1  # 3 spent, 1 from the End window


def test_pendulum_colossus_wind_the_spring_guards_and_charges() -> None:
    """Its own +1 Charge and the End window's +1 (IB 6.4.3)."""
    sc = game(("pendulum_colossus",), "pendulum_colossus wren brask ilse corvin |", (6,))
    start = cc_turn(sc)
    assert used(sc, start) == [("pendulum_colossus", "Wind the Spring", ())]
    assert sc.statuses("pendulum_colossus") == ["guard"]
    assert [e[2:] for e in since(sc, start, events.CHARGE)] == [(1, 1), (1, 2)]
    assert sc.charge("pendulum_colossus") == 2


def test_pendulum_colossus_backswing_knocks_the_target_back_2() -> None:
    sc = game(("pendulum_colossus",), "pendulum_colossus wren brask ilse corvin |", (3,),
              wren={"hp": 5})
    start = cc_turn(sc)
    assert used(sc, start) == [("pendulum_colossus", "Backswing", ("wren",))]
    assert sc.hp("wren") == 2 and moves(sc, start) == [("wren", 2, 1)]
    assert sc.order() == ["brask", "ilse", "wren", "corvin", "pendulum_colossus"]


def test_pendulum_colossus_grinding_weight_weakens() -> None:
    sc = game(("pendulum_colossus",), "pendulum_colossus wren brask ilse corvin |", (5,))
    start = cc_turn(sc)
    assert used(sc, start) == [("pendulum_colossus", "Grinding Weight", ("ilse",))]
    assert sc.hp("ilse") == 8 and sc.statuses("ilse") == ["weaken"]


# --- Aspects ----------------------------------------------------------------------------


def test_chancery_censor_targets_the_character_with_the_most_charge() -> None:
    """`targeting: most_charge`: Brask (2 Charge, the highest HP) over Ilse (1 Charge)."""
    sc = game(("chancery_censor",), "chancery_censor wren brask ilse corvin |", (1,),
              brask={"charge": 2}, ilse={"charge": 1})
    start = cc_turn(sc)
    assert used(sc, start) == [("chancery_censor", "Redacting Cut", ("brask",))]
    assert sc.hp("brask") == 14 and sc.hp("ilse") == 11


def test_chancery_censor_confiscate_drains_charge_and_weakens() -> None:
    """Brask and Corvin both hold 2 Charge; Corvin wins the tie (lower HP and lower
    printed Initiative: either reading of the tie picks him)."""
    sc = game(("chancery_censor",), "chancery_censor wren brask ilse corvin |", (6,),
              brask={"charge": 2}, corvin={"charge": 2, "hp": 9})
    start = cc_turn(sc)
    assert used(sc, start) == [("chancery_censor", "Confiscate", ("corvin",))]
    assert sc.charge("corvin") == 1 and sc.statuses("corvin") == ["weaken"]
    assert sc.charge("brask") == 2 and hits(sc, start) == []


def test_chancery_censor_audit_at_7_hp_without_guard() -> None:
    """Trigger: 7 HP or less and no Guard: it guards itself and cuts for 2."""
    sc = game(("chancery_censor",), "chancery_censor wren brask ilse corvin |", (1,),
              chancery_censor={"hp": 7}, wren={"charge": 1})
    start = cc_turn(sc)
    assert rolled(sc, start) == []
    assert chose(sc, start) == [("chancery_censor", events.BY_TRIGGER, "Audit")]
    assert sc.statuses("chancery_censor") == ["guard"]
    assert hits(sc, start) == [("chancery_censor", "wren", 2)]
    assert sc.charge("chancery_censor") == 0  # no Break Art printed


def test_chancery_censor_already_guarded_rolls_seal_the_ledger() -> None:
    sc = game(("chancery_censor",), "chancery_censor wren brask ilse corvin |", (4,),
              chancery_censor={"hp": 7, "status": ["guard"]}, wren={"charge": 1})
    start = cc_turn(sc)
    assert chose(sc, start) == [] and rolled(sc, start) == [("chancery_censor", 4)]
    assert used(sc, start) == [("chancery_censor", "Seal the Ledger", ("wren",))]
    assert sc.hp("wren") == 11 and has(sc, "wren", st.SEAL) == 1


def test_measure_keeper_stopped_bar_at_3_charge_hits_3_and_stuns() -> None:
    sc = game(("measure_keeper",), "measure_keeper wren brask ilse corvin |",
              measure_keeper={"charge": 3}, ilse={"hp": 6})
    start = cc_turn(sc)
    assert chose(sc, start) == [("measure_keeper", events.BY_BREAK_ART, "Stopped Bar")]
    assert sc.hp("ilse") == 3 and sc.statuses("ilse") == ["stun"]
    assert sc.charge("measure_keeper") == 1


def test_measure_keeper_hold_the_beat_pushes_the_target_back_2() -> None:
    sc = game(("measure_keeper",), "measure_keeper wren brask ilse corvin |", (3,),
              ilse={"hp": 6})
    start = cc_turn(sc)
    assert used(sc, start) == [("measure_keeper", "Hold the Beat", ("ilse",))]
    assert sc.hp("ilse") == 5 and moves(sc, start) == [("ilse", 2, 1)]
    assert sc.order() == ["wren", "brask", "measure_keeper", "corvin", "ilse"]
    assert sc.charge("measure_keeper") == 1


def test_measure_keeper_rest_note_holds_every_character_back_1() -> None:
    sc = game(("measure_keeper",), "measure_keeper wren brask ilse corvin |", (5,))
    start = cc_turn(sc)
    assert used(sc, start) == [("measure_keeper", "Rest Note", ())]
    assert moves(sc, start) == [(k, 1, 1) for k in PARTY_KEYS]
    assert hits(sc, start) == []


def test_measure_keeper_hurry_the_count_moves_up_the_next_cc() -> None:
    sc = game(("measure_keeper", "hour_mite"),
              "measure_keeper wren brask ilse hour_mite corvin |", (6,), ilse={"hp": 6})
    start = cc_turn(sc)
    assert used(sc, start) == [("measure_keeper", "Hurry the Count", ("hour_mite", "ilse"))]
    assert moves(sc, start) == [("hour_mite", -2, 1)]
    assert sc.hp("ilse") == 5
    assert sc.order() == ["wren", "hour_mite", "measure_keeper", "brask", "ilse", "corvin"]


def test_high_severer_first_phase_binding_cut_and_no_charge() -> None:
    """Its first phase prints no Break Art, so it gains no End-window Charge."""
    sc = game(("high_severer",), "high_severer wren brask ilse corvin |", (3,))
    start = cc_turn(sc)
    assert used(sc, start) == [("high_severer", "Binding Cut", ("ilse",))]
    assert sc.hp("ilse") == 9 and sc.statuses("ilse") == ["seal"]
    assert sc.charge("high_severer") == 0 and speeds(sc, start, "high_severer") == [4]


def test_high_severer_unsheathed_at_9_hp() -> None:
    """AMB-82: falling to 9 HP it enters Unsheathed: cleanses itself, every Character
    moves back 2 (Wren, active, after her Speed move), its Speed becomes 2 and the new
    table applies (1: Severing Cut, 3 damage); the phase prints a Break Art, so now it
    gains End-window Charge."""
    sc = game(("high_severer",), "wren brask high_severer ilse corvin |", (1,),
              high_severer={"hp": 10, "status": ["seal", "burn"]})
    start = attack(sc, "wren", "high_severer")
    assert sc.hp("high_severer") == 8
    assert phases(sc, start) == [("high_severer", 1)]
    assert [e[2] for e in since(sc, start, events.CLEANSE)] == [st.BURN, st.SEAL]
    assert moves(sc, start) == [("brask", 2, 1), ("ilse", 2, 1), ("corvin", 2, 1)]
    assert [e[1:] for e in since(sc, start, events.DEFER)] == [(sc.u("wren"), 2)]
    assert used(sc, start) == [("high_severer", "Severing Cut", ("ilse",))]
    assert sc.hp("ilse") == 8
    assert speeds(sc, start, "high_severer") == [2]
    assert sc.charge("high_severer") == 1
    assert sc.order() == ["brask", "ilse", "high_severer", "corvin", "wren"]


def test_high_severer_verdict_of_the_blade_only_in_its_second_phase() -> None:
    """3 Charge mean nothing while its phase prints no Break Art; once Unsheathed, the
    Break Art comes first (IB 6.4.2)."""
    sc = game(("high_severer",), "high_severer wren brask ilse corvin |", (1,),
              high_severer={"charge": 3})
    start = cc_turn(sc)
    assert rolled(sc, start) == [("high_severer", 1)] and chose(sc, start) == []
    assert sc.charge("high_severer") == 3
    sc = game(("high_severer",), "wren high_severer brask ilse corvin |",
              high_severer={"hp": 10, "charge": 3}, ilse={"hp": 8})
    start = attack(sc, "wren", "high_severer")
    assert phases(sc, start) == [("high_severer", 1)]
    assert chose(sc, start) == [("high_severer", events.BY_BREAK_ART, "Verdict of the Blade")]
    assert rolled(sc, start) == []
    assert sc.hp("ilse") == 4 and sc.charge("high_severer") == 1


def test_high_severer_twin_cut_strikes_the_same_target_twice() -> None:
    sc = game(("high_severer",), "high_severer wren brask ilse corvin |", (3,),
              phase={"high_severer": 1}, high_severer={"hp": 8})
    start = cc_turn(sc)
    assert used(sc, start) == [("high_severer", "Twin Cut", ("ilse",))]
    assert hits(sc, start) == [("high_severer", "ilse", 2), ("high_severer", "ilse", 2)]
    assert sc.hp("ilse") == 7


# --- Icons ------------------------------------------------------------------------------


def test_stopped_clockheart_winds_1_charge_from_damage_once_per_round() -> None:
    """Its damage reaction (once per round): two hits in round 1 give 1 Charge."""
    sc = game(CLOCKHEART_PARTY, "wren brask ilse corvin stopped_clockheart |")
    start = attack(sc, "wren", "stopped_clockheart")
    attack(sc, "brask", "stopped_clockheart")
    assert hits(sc, start) == [("wren", "stopped_clockheart", 2),
                               ("brask", "stopped_clockheart", 3)]
    assert [e[1:] for e in since(sc, start, events.CHARGE)
            if e[1] == sc.u("stopped_clockheart")] == [(sc.u("stopped_clockheart"), 1, 1)]
    assert sc.charge("stopped_clockheart") == 1 and sc.state.track.round == 1


def test_stopped_clockheart_tolls_1_damage_to_every_party_character_at_round_end() -> None:
    """Its round-end passive (The Hour Tolls: a round ends, IB 3.5.4): when round 1 ends, every
    player Character on the track takes 1 damage from it, and the next round begins."""
    sc = game(CLOCKHEART_PARTY, "wren brask ilse corvin stopped_clockheart |", (5,))
    sc.run().decline_all()
    assert sc.at_action("wren") and sc.state.track.round == 1
    before = {key: sc.hp(key) for key in ("wren", "brask", "ilse", "corvin")}
    start = sc.state.log_len
    sc.play(Kind.PASS).pass_until("wren")
    assert sc.state.track.round == 2
    assert used(sc, start) == [("stopped_clockheart", "Wind the Mainspring", ())]
    tolled = [(source, target, amount) for source, target, amount in hits(sc, start)]
    assert sorted(tolled) == sorted(("stopped_clockheart", key, 1) for key in before)
    assert {key: before[key] - sc.hp(key) for key in before} == dict.fromkeys(before, 1)


def test_stopped_clockheart_shed_a_mite_spawns_into_a_kept_slot() -> None:
    """IB 6.0.1 / AMB-78: the mite joins at the track end (out of round) at full HP, in
    the first slot kept for spawned mites; the Clockheart gains 1 Charge, then 1 more in
    its End window."""
    sc = game(CLOCKHEART_PARTY, "stopped_clockheart wren brask ilse corvin |", (6,))
    start = cc_turn(sc)
    assert used(sc, start) == [("stopped_clockheart", "Shed a Mite", ())]
    assert spawned(sc, start) == [("stopped_clockheart", "hour_mite2")]
    assert sc.on_track("hour_mite2") and sc.hp("hour_mite2") == 5
    assert sc.oor("hour_mite2")
    assert not sc.on_track("hour_mite3")
    assert sc.charge("stopped_clockheart") == 2
    assert sc.order() == ["wren", "brask", "ilse", "corvin", "hour_mite2",
                          "stopped_clockheart"]


def test_stopped_clockheart_unwinding_at_14_hp() -> None:
    """AMB-82: at 14 HP it enters Unwinding: every Character moves back 2, it gains Guard
    and spawns a mite; then it acts on the new table at Speed 4 (1: Spring Lash, 5)."""
    sc = game(CLOCKHEART_PARTY, "wren brask stopped_clockheart ilse corvin |", (1,),
              stopped_clockheart={"hp": 15})
    start = attack(sc, "wren", "stopped_clockheart")
    assert phases(sc, start) == [("stopped_clockheart", 1)]
    assert moves(sc, start)[:3] == [("brask", 2, 1), ("ilse", 2, 1), ("corvin", 2, 1)]
    assert spawned(sc, start) == [("stopped_clockheart", "hour_mite2")]
    assert sc.statuses("stopped_clockheart") == ["guard"]
    assert used(sc, start) == [("stopped_clockheart", "Spring Lash", ("ilse",))]
    assert sc.hp("ilse") == 6
    assert speeds(sc, start, "stopped_clockheart") == [4]
    assert sc.charge("stopped_clockheart") == 2  # damage reaction + End window


def test_stopped_clockheart_zero_hour_at_7_hp() -> None:
    """From Unwinding, at 7 HP: Zero Hour cleanses it, moves it up 9 (to the front),
    spawns a mite; it acts next on the Zero Hour table at Speed 3."""
    sc = game(CLOCKHEART_PARTY, "wren brask ilse stopped_clockheart corvin |", (1,),
              phase={"stopped_clockheart": 1},
              stopped_clockheart={"hp": 8, "status": ["burn"]})
    start = attack(sc, "wren", "stopped_clockheart")
    assert phases(sc, start) == [("stopped_clockheart", 2)]
    assert [e[2] for e in since(sc, start, events.CLEANSE)] == [st.BURN]
    assert ("stopped_clockheart", -9, 1) in moves(sc, start)
    assert spawned(sc, start) == [("stopped_clockheart", "hour_mite2")]
    assert since(sc, start, events.BURN) == []  # cleansed before its Status Check
    assert used(sc, start) == [("stopped_clockheart", "Last Swing", ("ilse",))]
    assert sc.hp("ilse") == 6 and speeds(sc, start, "stopped_clockheart") == [3]


def test_stopped_clockheart_stop_the_heart_in_zero_hour() -> None:
    """Zero Hour's trigger: a Character at 3 HP or less takes 5 instead of a roll."""
    sc = game(CLOCKHEART_PARTY, "stopped_clockheart wren brask ilse corvin |", (1,),
              phase={"stopped_clockheart": 2}, stopped_clockheart={"hp": 7},
              ilse={"hp": 2})
    start = cc_turn(sc)
    assert rolled(sc, start) == []
    assert chose(sc, start) == [("stopped_clockheart", events.BY_TRIGGER, "Stop the Heart")]
    assert hits(sc, start) == [("stopped_clockheart", "ilse", 5)]
    assert not sc.on_track("ilse")


def test_stopped_clockheart_death_knell_hurts_its_own_mites() -> None:
    """IB 6.7.1: on death, 3 damage to every (other) CC: its mite and a hound."""
    sc = game(CLOCKHEART_PARTY, "wren stopped_clockheart hour_mite brask gloam_hound ilse "
              "corvin |", stopped_clockheart={"hp": 2})
    start = attack(sc, "wren", "stopped_clockheart")
    assert not sc.on_track("stopped_clockheart")
    assert hits(sc, start)[:3] == [("wren", "stopped_clockheart", 2),
                                   ("stopped_clockheart", "hour_mite", 3),
                                   ("stopped_clockheart", "gloam_hound", 3)]
    assert sc.state.result is None


def test_stopped_clockheart_passing_two_phases_at_once_resolves_them_in_turn() -> None:
    """AMB-82 / challenges.check_phases ("several thresholds passed together are entered
    one by one", each on-enter effect resolved "at once"): from 10 HP with Weaken, Wren's
    hit (2 + 2) enters Unwinding (enemies back 2, then Guard and a mite), then Zero Hour
    (Cleanse All removes that Guard, move up 9, a mite)."""
    sc = game(CLOCKHEART_PARTY, "wren brask stopped_clockheart ilse corvin |", (1,),
              stopped_clockheart={"hp": 10, "status": ["weaken"]})
    start = attack(sc, "wren", "stopped_clockheart")
    assert hits(sc, start)[0] == ("wren", "stopped_clockheart", 4)
    assert phases(sc, start) == [("stopped_clockheart", 1), ("stopped_clockheart", 2)]
    assert spawned(sc, start) == [("stopped_clockheart", "hour_mite2"),
                                  ("stopped_clockheart", "hour_mite3")]
    log = list(sc.state.events())[start:]
    heart = sc.u("stopped_clockheart")
    guard = log.index((events.STATUS, heart, st.GUARD))
    zero_hour = log.index((events.PHASE, heart, 2))
    assert guard < zero_hour  # Unwinding's on_enter is over before Zero Hour begins
    assert (events.CLEANSE, heart, st.GUARD) in log[zero_hour:]
    assert sc.statuses("stopped_clockheart") == []  # nothing has hit it since


def test_soot_mother_targets_the_highest_hp() -> None:
    """`targeting: highest_hp`: Brask (16)."""
    sc = game(("soot_mother",), "soot_mother wren brask ilse corvin |", (6,))
    start = cc_turn(sc)
    assert used(sc, start) == [("soot_mother", "Wingbeat", ("brask",))]
    assert sc.hp("brask") == 11 and sc.charge("soot_mother") == 1


def test_soot_mother_hardens_once_per_round_when_struck() -> None:
    """Damage reaction (once per round): Guard after Wren's hit halves Brask's 3 to 1;
    no new Guard after that in the same round."""
    sc = game(("soot_mother",), "wren brask ilse corvin soot_mother |")
    start = attack(sc, "wren", "soot_mother")
    assert sc.statuses("soot_mother") == ["guard"]
    attack(sc, "brask", "soot_mother")
    assert hits(sc, start) == [("wren", "soot_mother", 2), ("brask", "soot_mother", 1)]
    assert sc.hp("soot_mother") == 27 and sc.statuses("soot_mother") == []


def test_soot_mother_hatch_guards_and_spawns_a_moth() -> None:
    sc = game(("soot_mother",), "soot_mother wren brask ilse corvin |", (5,))
    start = cc_turn(sc)
    assert used(sc, start) == [("soot_mother", "Hatch", ())]
    assert spawned(sc, start) == [("soot_mother", "soot_moth")]
    assert sc.statuses("soot_mother") == ["guard"]
    assert sc.on_track("soot_moth") and sc.hp("soot_moth") == 5 and sc.oor("soot_moth")


def test_soot_mother_molting_at_20_hp() -> None:
    """AMB-82: Molting cleanses her, hatches a moth and pushes every Character back 2;
    at Speed 4 she acts on the new table (1: Scorching Wing, 5, at the highest HP)."""
    sc = game(("soot_mother",), "wren brask soot_mother ilse corvin |", (1,),
              soot_mother={"hp": 21, "status": ["burn"]})
    start = attack(sc, "wren", "soot_mother")
    assert sc.hp("soot_mother") == 19
    assert phases(sc, start) == [("soot_mother", 1)]
    assert [e[2] for e in since(sc, start, events.CLEANSE)] == [st.BURN]
    assert spawned(sc, start) == [("soot_mother", "soot_moth")]
    assert moves(sc, start) == [("brask", 2, 1), ("ilse", 2, 1), ("corvin", 2, 1)]
    assert used(sc, start) == [("soot_mother", "Scorching Wing", ("brask",))]
    assert sc.hp("brask") == 11 and speeds(sc, start, "soot_mother") == [4]


def test_soot_mother_pyre_at_10_hp_then_rekindles_alone() -> None:
    """From Molting, at 10 HP: Pyre moves her up 9 and burns every Character; alone on
    the track, her Pyre trigger heals 1 and hatches a moth instead of rolling."""
    sc = game(("soot_mother",), "wren brask ilse corvin soot_mother |",
              phase={"soot_mother": 1}, soot_mother={"hp": 11})
    start = attack(sc, "wren", "soot_mother")
    assert phases(sc, start) == [("soot_mother", 2)]
    assert moves(sc, start) == [("soot_mother", -9, 1)]
    burned = [e[1] for e in since(sc, start, events.STATUS) if e[2] == st.BURN]
    assert burned == [sc.u(k) for k in PARTY_KEYS]
    assert rolled(sc, start) == []
    assert chose(sc, start) == [("soot_mother", events.BY_TRIGGER, "Rekindle the Brood")]
    assert sc.hp("soot_mother") == 10
    assert spawned(sc, start) == [("soot_mother", "soot_moth")]
    assert speeds(sc, start, "soot_mother") == [3]


def test_soot_mother_death_burns_every_character() -> None:
    """IB 6.7.1: on death, Burn on every Character (another CC keeps the game going)."""
    sc = game(("soot_mother", "hour_mite"), "wren brask ilse corvin soot_mother hour_mite |",
              soot_mother={"hp": 2})
    start = attack(sc, "wren", "soot_mother")
    assert not sc.on_track("soot_mother") and sc.state.result is None
    burned = [e[1] for e in since(sc, start, events.STATUS) if e[2] == st.BURN]
    assert burned == [sc.u(k) for k in PARTY_KEYS]
    assert since(sc, start, events.STATUS)[-1] == (events.STATUS, sc.u("corvin"), st.BURN)
    assert sc.statuses("ilse") == ["burn"]


# --- encounters -------------------------------------------------------------------------

UNUSED = frozenset({"measure_keeper", "soot_mother"})
"""Shipped CCs no shipped encounter names (for custom games: --challenge)."""


def test_every_shipped_cc_is_in_an_encounter_or_listed_as_unused() -> None:
    content = core_content()
    named = {key for e in content.encounters.values() for key in e.challengers}
    assert len(content.challenges) == 15
    assert named | UNUSED == set(content.challenges)
    assert not named & UNUSED
    assert {key for e in content.encounters.values() for key in e.rivals} <= set(
        content.characters)


def _bot_game(encounter: str, seed: int) -> IBState:
    """A solo Tideguard party against `encounter`, every decision uniform at random."""
    match = build_match(GameSetup("solo", ("tideguard",), encounter), core_content(),
                        seed=seed)
    state = new_game(match, seed)
    bot = SplitMix64(seed * 7919 + 1)
    for _ in range(5000):
        if state.result is not None:
            break
        legal = state.legal_actions()
        state.apply(legal[bot.below(len(legal))])
    return state


@pytest.mark.parametrize("encounter", ["gnawing_in_the_walls", "hounds_at_the_gate",
                                       "the_ledger_hall", "the_severing",
                                       "heart_of_the_rift"])
def test_shipped_encounter_plays_to_a_result(encounter: str) -> None:
    """IB 6.3.3: each encounter builds (within 10 units, IB 7.8.1) and a random party
    plays it to a decided end: the party or the CCs win (no draw by stalling);
    the same seed plays the same game."""
    spec = core_content().encounters[encounter]
    for seed in (0, 1, 2, 3):
        state = _bot_game(encounter, seed)
        match = state.match
        assert state.result is not None, f"{encounter} seed {seed} did not end"
        assert state.result in (0, match.cc_team), (encounter, seed, state.result)
        ccs = [match.labels[u] for u in range(match.num_characters) if match.is_challenge(u)]
        assert [k.rstrip("0123456789") for k in ccs[:len(spec.challengers)]] == list(
            spec.challengers)
        if state.result == 0:  # every CC and Rival is gone
            assert not any(match.is_challenge(u) for u in state.track.order)
        else:  # AMB-80: every player Character is gone
            assert all(match.is_challenge(u) for u in state.track.order)
        again = _bot_game(encounter, seed)
        assert list(again.events()) == list(state.events())
