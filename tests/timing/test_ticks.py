"""Rule tests for tick initiative (seed 001, OTHER-RULINGS section 2: EX-n, EX-An).

Sample roster (original, OTHER-RULINGS 2c): Ryo and Sela (PCs), Brute and Mook (NPCs).
Unless a test says otherwise they join with 5, 4, 5 and 0 successes: Ryo 8, Sela 7,
Brute 8 (tied with Ryo, roster order puts Ryo first), Mook 3.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from initiative.engine.rng import SplitMix64
from initiative.timing.ticks import (
    CharacterSheet,
    NotAllowedError,
    TickError,
    TickRules,
    TickTracker,
    UnknownCharacterError,
    WrongPhaseError,
    roll_join_battle,
)


def sheets() -> list[CharacterSheet]:
    return [
        CharacterSheet(
            "Ryo",
            True,
            stamina=3,
            wits=3,
            awareness=2,
            stealth=1,
            manipulation=2,
            mote_max=20,
            motes=10,
        ),
        CharacterSheet(
            "Sela",
            True,
            stamina=5,
            wits=2,
            awareness=1,
            stealth=4,
            manipulation=3,
            mote_max=20,
            motes=10,
        ),
        CharacterSheet("Brute", stamina=4),
        CharacterSheet("Mook", stamina=1),
    ]


def joined(jb: tuple[int, ...] = (5, 4, 5, 0), **flags: Any) -> TickTracker:
    t = TickTracker(TickRules(**flags), sheets(), seed=11)
    for sheet, s in zip(sheets(), jb, strict=True):
        t.join_battle(sheet.name, s)
    return t


def started(jb: tuple[int, ...] = (5, 4, 5, 0), **flags: Any) -> TickTracker:
    """Round 1, nobody has acted yet."""
    t = joined(jb, **flags)
    t.start_combat()
    while t.phase == "free_actions":
        t.free_action(t.free_action_order()[0])
    assert t.phase == "combat" and t.round == 1
    return t


def texts(t: TickTracker) -> list[str]:
    return [e.text for e in t.log]


def play_turn(t: TickTracker, name: str | None = None) -> str:
    t.begin_turn(name)
    n = t.active
    assert n is not None
    t.end_turn()
    return n


def finish_round(t: TickTracker) -> None:
    while t.ready():
        play_turn(t)
    t.end_round()


# --------------------------------------------------------------------------- roster, Join Battle


def test_ex6_base_initiative_is_2_plus_half_stamina_rounded_up() -> None:
    t = TickTracker(roster=sheets())
    assert [t.base_initiative(n) for n in ("Ryo", "Sela", "Brute", "Mook")] == [4, 5, 4, 3]
    assert CharacterSheet("Zero").base_initiative == 2


def test_ex8_join_battle_entered_successes_gives_3_plus_successes_in_ledger() -> None:
    t = joined()
    assert [t.initiative(n) for n in ("Ryo", "Sela", "Brute", "Mook")] == [8, 7, 8, 3]
    entry = t.ledger_of("Sela")[0]
    assert (entry.delta, entry.kind, entry.after) == (7, "join_battle", 7)
    assert "4 successes entered" in entry.cause


def test_ex9_ex10_ex11_join_battle_pool_and_substitutions() -> None:
    t = TickTracker(roster=sheets())
    assert t.join_pool("Ryo") == 3 + 2  # EX-9 Wits + Awareness
    assert t.join_pool("Sela", stealth=True) == 2 + 4  # EX-10 Stealth for Awareness
    assert t.join_pool("Sela", manipulation=True) == 3 + 1  # EX-11 Manipulation for Wits


def test_ex_a19_double_substitution_both_readings() -> None:
    t = TickTracker(roster=sheets())
    assert t.join_pool("Sela", stealth=True, manipulation=True) == 3 + 4
    strict = TickTracker(TickRules(allow_double_substitution=False), sheets())
    with pytest.raises(NotAllowedError, match="allow_double_substitution"):
        strict.join_battle("Sela", stealth=True, manipulation=True)
    assert not strict.fighter("Sela").joined


def test_ex_a13_rolled_join_battle_uses_seeded_rng_and_d10_rule() -> None:
    t = TickTracker(roster=sheets(), seed=42)
    t.join_battle("Ryo", stealth=True)  # pool Wits 3 + Stealth 1 = 4 dice
    rng = SplitMix64(42)
    faces = [rng.roll(10) for _ in range(4)]
    hits = sum(2 if f == 10 else 1 if f >= 7 else 0 for f in faces)
    assert t.initiative("Ryo") == 3 + hits
    assert t.fighter("Ryo").jb_successes == hits
    assert str(faces) in t.ledger_of("Ryo")[0].cause
    again = TickTracker(roster=sheets(), seed=42)
    again.join_battle("Ryo", stealth=True)
    assert again.initiative("Ryo") == t.initiative("Ryo")  # replays bit for bit


def test_ex_a13_dice_rule_flags() -> None:
    rules = TickRules(jb_die_sides=6, jb_success_at=4, jb_double_at=None)
    rng = SplitMix64(3)
    hits, faces = roll_join_battle(rng, 20, rules)
    assert all(1 <= f <= 6 for f in faces) and hits == sum(f >= 4 for f in faces)
    doubled, faces2 = roll_join_battle(
        SplitMix64(3), 20, TickRules(jb_die_sides=6, jb_success_at=4, jb_double_at=6)
    )
    assert faces2 == faces and doubled == hits + faces.count(6)
    with pytest.raises(TickError, match="jb_success_at"):
        TickRules(jb_success_at=11)


def test_join_battle_twice_or_negative_is_refused() -> None:
    t = joined()
    with pytest.raises(NotAllowedError, match="already joined"):
        t.join_battle("Ryo", 2)
    u = TickTracker(roster=sheets())
    with pytest.raises(TickError, match="successes"):
        u.join_battle("Ryo", -1)


def test_ex2_combat_starts_only_after_everyone_joined_battle() -> None:
    t = TickTracker(roster=sheets())
    t.join_battle("Ryo", 1)
    with pytest.raises(NotAllowedError, match="Sela, Brute, Mook"):
        t.start_combat()


# --------------------------------------------------------------------------- free actions


def test_ex12_ex13_free_actions_in_initiative_order_then_round_1() -> None:
    t = joined()
    t.start_combat()
    assert t.free_action_order() == ["Ryo", "Brute", "Sela", "Mook"]
    with pytest.raises(WrongPhaseError, match="Ryo first"):
        t.free_action("Sela", "draws a blade")
    t.free_action("Ryo", "readies a spear")
    t.free_action("Brute")
    t.free_action("Sela", "takes cover")
    assert t.phase == "free_actions"
    t.free_action("Mook", "enters a stance")
    assert t.phase == "combat" and t.round == 1
    assert "Ryo free action: readies a spear" in texts(t)


def test_ex_a18_free_action_is_not_a_turn_and_must_be_harmless() -> None:
    t = joined()
    t.start_combat()
    with pytest.raises(NotAllowedError, match="non-damaging"):
        t.free_action("Ryo", "stabs", damaging=True)
    with pytest.raises(NotAllowedError, match="unopposed"):
        t.free_action("Ryo", "grapples", opposed=True)
    t.free_action("Ryo", "draws")
    assert t.fighter("Ryo").motes == 10  # no adrenaline: not a turn
    assert not any(e.kind in ("turn_start", "turn_end") for e in t.log)


# --------------------------------------------------------------------------- turn order


def test_ex14_ex15_turns_run_from_highest_tick_down() -> None:
    t = started()
    assert t.turn_order() == ["Ryo", "Brute", "Sela", "Mook"]
    assert [play_turn(t) for _ in range(4)] == ["Ryo", "Brute", "Sela", "Mook"]
    assert t.turn_order() == [] and "Round 1: Ryo's turn begins at tick 8" in texts(t)


def test_ex_a4_dynamic_order_reevaluates_and_log_explains_it() -> None:
    t = started()
    t.begin_turn()
    t.withering("Ryo", "Brute", 4, 4)
    assert "Brute -4i (withering by Ryo) -> 4i, drops below Sela" in texts(t)
    t.end_turn()
    assert t.turn_order() == ["Sela", "Brute", "Mook"]


def test_ex_a4_snapshot_reading_keeps_round_start_order() -> None:
    t = started(turn_order_mode="snapshot_at_round_start")
    t.begin_turn()
    t.withering("Ryo", "Brute", 4, 4)
    t.end_turn()
    assert t.turn_order() == ["Brute", "Sela", "Mook"]
    finish_round(t)
    assert t.turn_order() == ["Ryo", "Sela", "Brute", "Mook"]  # new snapshot: 12, 7, 4, 3


def test_ex_a4_nobody_acts_twice_even_after_gaining_initiative() -> None:
    t = started()
    play_turn(t)  # Ryo
    t.adjust("Ryo", 20, "GM bonus")
    assert "Ryo" not in t.turn_order()
    with pytest.raises(WrongPhaseError, match="may not start"):
        t.begin_turn("Ryo")


def test_ex_a5_tie_break_gm_then_roster_default() -> None:
    t = started()
    assert t.ready() == ["Ryo"]  # roster order between Ryo 8 and Brute 8
    t.set_tie_order(["Brute"])
    assert t.ready() == ["Brute"]
    with pytest.raises(WrongPhaseError):
        t.begin_turn("Ryo")


def test_ex_a5_tie_break_higher_join_battle_successes() -> None:
    for flag, first in (("gm_then_roster", "Ryo"), ("higher_join_battle_successes", "Brute")):
        t = started(jb=(5, 4, 6, 0), tie_break=flag)
        t.spend("Brute", 1, "a charm")  # Brute 9 -> 8, ties Ryo with more successes
        assert t.ready() == [first]


def test_ex_a5_tie_break_simultaneous_lets_either_tied_character_start() -> None:
    t = started(tie_break="simultaneous")
    assert t.ready() == ["Ryo", "Brute"]
    t.begin_turn("Brute")
    t.end_turn()
    assert t.ready() == ["Ryo"]


def test_ex_a6_turns_at_or_below_zero_default_last() -> None:
    t = started()
    t.adjust("Mook", -4, "a rockfall")
    assert t.initiative("Mook") == -1
    assert t.turn_order()[-1] == "Mook"
    assert [play_turn(t) for _ in range(4)][-1] == "Mook"


def test_ex_a6_skip_turns_at_or_below_zero_flag() -> None:
    t = started(skip_turns_at_or_below_zero=True)
    t.adjust("Mook", -3, "a rockfall")  # exactly 0
    assert "Mook" not in t.turn_order()
    finish_round(t)
    assert t.fighter("Mook").done == "" and t.round == 2
    assert any("Mook at 0i gets no turn" in s for s in texts(t))


def test_ex_a16_round_ends_only_when_every_turn_is_done() -> None:
    t = started()
    play_turn(t)
    with pytest.raises(WrongPhaseError, match="Brute, Sela, Mook"):
        t.end_round()
    t.end_round(force=True)
    assert t.round == 2 and "Brute loses its turn (GM ended the round)" in texts(t)


def test_ex16_one_action_and_one_reflexive_move() -> None:
    t = started()
    t.begin_turn()
    t.act("aims")
    t.move()
    with pytest.raises(NotAllowedError, match="reflexive move"):
        t.move()
    with pytest.raises(NotAllowedError, match="only a flurry"):
        t.act("aims again")


def test_ex26_pass_runs_end_steps() -> None:
    t = started()
    t.begin_turn()
    t.end_turn()
    assert "Ryo passes" in texts(t) and t.fighter("Ryo").done == "acted"


def test_advance_is_next_turn_then_next_round() -> None:
    t = started()
    for _ in range(8):
        t.advance()
    assert t.round == 1 and t.turn_order() == []
    t.advance()
    assert t.round == 2


# --------------------------------------------------------------------------- ledger, attacks


def test_ex4_ex5_withering_transfer_is_gm_entered_ledger_pair() -> None:
    t = started()
    t.begin_turn()
    t.withering("Ryo", "Brute", 3, 5)
    assert t.initiative("Ryo") == 11 and t.initiative("Brute") == 3
    kinds = [(e.name, e.kind, e.delta) for e in t.ledger[-2:]]
    assert kinds == [("Brute", "withering_loss", -5), ("Ryo", "withering_gain", 3)]
    assert "Ryo +3i (withering on Brute) -> 11i" in texts(t)


def test_ex3_spending_initiative_is_a_ledger_entry() -> None:
    t = started()
    t.spend("Sela", 2, "a warding charm")
    e = t.ledger[-1]
    assert (e.name, e.delta, e.kind, e.cause) == ("Sela", -2, "spend", "a warding charm")


def test_ex7_decisive_resets_attacker_to_base() -> None:
    t = started()
    t.begin_turn()
    t.decisive("Ryo", "Brute")
    assert t.initiative("Ryo") == 4
    e = t.ledger[-1]
    assert (e.kind, e.delta) == ("decisive_reset", -4)
    assert t.initiative("Brute") == 8  # damage is out of scope


def test_ex_a10_decisive_miss_resets_by_default_flag_off_does_not() -> None:
    t = started()
    t.begin_turn()
    t.decisive("Ryo", "Brute", hit=False)
    assert t.initiative("Ryo") == 4
    u = started(decisive_reset_on_miss=False)
    u.begin_turn()
    u.decisive("Ryo", "Brute", hit=False)
    assert u.initiative("Ryo") == 8


def test_ex_a11_crashed_decisive_both_readings() -> None:
    t = started()
    t.adjust("Ryo", -9, "a landslide")
    with pytest.raises(NotAllowedError, match="Crashed"):
        t.decisive("Ryo", "Brute")
    u = started(decisive_allowed_while_crashed=True, crash_ends_when_initiative_recovers=False)
    u.adjust("Ryo", -9, "a landslide")
    u.decisive("Ryo", "Brute")
    assert u.initiative("Ryo") == 4


# --------------------------------------------------------------------------- Crash


def test_ex_a1_crash_at_or_below_zero_default() -> None:
    t = started()
    t.adjust("Mook", -2, "a fall")
    assert not t.fighter("Mook").crashed
    t.withering("Sela", "Mook", 0, 1)
    assert t.initiative("Mook") == 0 and t.fighter("Mook").crashed
    assert t.ledger[-2].kind == "crash" and t.ledger[-2].cause == "withering by Sela"
    assert "Mook is Crashed (0i <= 0; withering by Sela)" in texts(t)


def test_ex_a1_crash_threshold_flag() -> None:
    t = started(crash_at_or_below=3)
    t.adjust("Sela", -4, "a fall")
    assert t.fighter("Sela").crashed
    u = started(crash_at_or_below=-2)
    u.adjust("Sela", -8, "a fall")
    assert u.initiative("Sela") == -1 and not u.fighter("Sela").crashed


def test_ex_a12_crash_bonus_both_readings() -> None:
    t = started()
    t.withering("Sela", "Mook", 1, 4)
    assert t.initiative("Sela") == 8
    u = started(crash_bonus_initiative=5)
    u.withering("Sela", "Mook", 1, 4)
    assert u.initiative("Sela") == 13 and u.ledger[-1].kind == "crash_bonus"


def test_ex23_recovery_tokens_one_if_attacked_two_if_not() -> None:
    t = started()
    t.adjust("Brute", -8, "a cave-in")  # Brute Crashed at 0
    t.begin_turn("Ryo")
    t.end_turn()
    t.begin_turn("Sela")
    t.end_turn()
    t.begin_turn("Mook")
    t.end_turn()
    t.begin_turn("Brute")
    t.withering("Brute", "Mook", 0, 1)
    t.end_turn()
    assert t.fighter("Brute").tokens == 1
    t.end_round()
    while t.ready() != ["Brute"]:
        play_turn(t)
    play_turn(t)  # no attack: +2
    assert t.fighter("Brute").tokens == 3 and t.fighter("Brute").crashed
    assert "Brute gains 2 recovery token(s) (+1 for not attacking): 3" in texts(t)


def crashed_mook(**flags: Any) -> TickTracker:
    t = started(**flags)
    t.adjust("Mook", -5, "a cave-in")  # -2, Crashed
    return t


def test_ex20_ex_a2_recovery_with_3_tokens_resets_to_base_default() -> None:
    t = crashed_mook()
    finish_round(t)  # Mook passes: 2 tokens
    assert t.fighter("Mook").tokens == 2
    finish_round(t)  # still Crashed at the start (2 < 3), passes again: 4
    assert t.fighter("Mook").tokens == 4
    while t.ready() != ["Mook"]:
        play_turn(t)
    t.begin_turn("Mook")
    f = t.fighter("Mook")
    assert not f.crashed and f.tokens == 0 and f.initiative == 3  # base 3
    assert [e.kind for e in t.ledger_of("Mook")[-2:]] == ["crash_recovery", "crash_recovery"]
    t.end_turn()
    assert t.fighter("Mook").tokens == 0  # not Crashed at end of turn: no token


@pytest.mark.parametrize(("mode", "value"), [("fixed_3", 3), ("unchanged", -2)])
def test_ex_a2_crash_recovery_initiative_flag(mode: str, value: int) -> None:
    t = crashed_mook(crash_recovery_initiative=mode)
    finish_round(t)
    finish_round(t)
    while t.ready() != ["Mook"]:
        play_turn(t)
    t.begin_turn("Mook")
    assert not t.fighter("Mook").crashed and t.initiative("Mook") == value


def test_ex_a3_crash_ends_when_initiative_recovers_default() -> None:
    t = crashed_mook()
    finish_round(t)
    t.adjust("Mook", 3, "a rally")
    f = t.fighter("Mook")
    assert f.initiative == 1 and not f.crashed and f.tokens == 0
    assert t.ledger[-1].kind == "crash_end"
    assert "2 recovery token(s) discarded" in texts(t)[-1]


def test_ex_a3_flag_off_crash_only_ends_by_tokens() -> None:
    t = crashed_mook(crash_ends_when_initiative_recovers=False)
    t.adjust("Mook", 10, "a rally")
    assert t.fighter("Mook").crashed


def test_ex_a14_recovery_bonus_attack_scope_both_readings() -> None:
    for scope, tokens in (("own_turn", 2), ("since_last_turn", 1)):
        t = crashed_mook(recovery_bonus_attack_scope=scope)
        t.begin_turn("Ryo")
        t.withering("Mook", "Ryo", 0, 0)  # a counterattack outside Mook's turn
        t.end_turn()
        while t.ready() != ["Mook"]:
            play_turn(t)
        play_turn(t)
        assert t.fighter("Mook").tokens == tokens, scope


def test_ex_a7_delay_may_cause_crash_default_and_refused_under_flag() -> None:
    t = started()
    t.adjust("Mook", -2, "a fall")  # 1i
    while t.ready() != ["Mook"]:
        play_turn(t)
    t.delay()
    assert t.initiative("Mook") == 0 and t.fighter("Mook").crashed
    u = started(spending_may_cause_crash=False)
    u.adjust("Mook", -2, "a fall")
    while u.ready() != ["Mook"]:
        play_turn(u)
    before = u.to_dict()
    with pytest.raises(NotAllowedError, match="spending_may_cause_crash"):
        u.delay()
    with pytest.raises(NotAllowedError, match="Crash threshold"):
        u.spend("Mook", 1, "a charm")
    assert u.to_dict() == before


# --------------------------------------------------------------------------- delay


def test_ex17_delay_costs_1i_and_holds_the_turn_without_start_steps() -> None:
    t = started()
    t.apply_effect("Pressed", "Ryo", "one_turn")
    t.delay("Ryo")
    assert t.initiative("Ryo") == 7 and t.holders() == ["Ryo"]
    assert t.fighter("Ryo").holding and len(t.effects) == 1  # start steps not yet run
    assert t.ready() == ["Brute"]
    play_turn(t)  # Brute
    t.declare_held("Ryo")
    assert t.active == "Ryo" and t.effects == []  # step 1 ran now
    assert "Round 1: Ryo's turn begins at tick 7 (held turn)" in texts(t)
    t.end_turn()
    assert t.turn_order() == ["Sela", "Mook"] and t.holders() == []


def test_ex17_delay_only_when_the_tick_comes_up() -> None:
    t = started()
    with pytest.raises(WrongPhaseError, match="tick has not come up"):
        t.delay("Sela")


def test_ex_a8_held_turn_cannot_interrupt_by_default() -> None:
    t = started()
    t.delay("Ryo")
    t.begin_turn("Brute")
    with pytest.raises(WrongPhaseError, match="held_turn_can_interrupt"):
        t.declare_held("Ryo")


def test_ex_a8_held_turn_interrupt_flag_resumes_interrupted_turn() -> None:
    t = started(held_turn_can_interrupt=True)
    t.delay("Ryo")
    t.begin_turn("Brute")
    t.declare_held("Ryo")
    assert t.active == "Ryo"
    t.end_turn()
    assert t.active == "Brute" and "Brute's turn resumes" in texts(t)
    t.end_turn()
    assert t.fighter("Brute").done == t.fighter("Ryo").done == "acted"


def test_ex_a8_held_turn_lapses_at_end_of_round_default() -> None:
    t = started()
    t.delay("Ryo")
    while t.ready():
        play_turn(t)
    assert t.holders() == ["Ryo"]  # last chance before the round ends
    t.end_round()
    assert "Ryo's held turn lapses at the end of the round" in texts(t)
    assert t.holders() == [] and "Ryo" in t.turn_order()


def test_ex_a8_held_turn_never_expires_flag_carries_without_second_turn() -> None:
    t = started(held_turn_expires="never")
    t.delay("Ryo")
    finish_round(t)
    assert t.round == 2 and t.holders() == ["Ryo"] and "Ryo" not in t.turn_order()
    t.declare_held("Ryo")
    t.end_turn()
    assert t.fighter("Ryo").done == "acted"


# --------------------------------------------------------------------------- flurry


def test_ex18_flurry_second_action_at_minus_3_and_carried_to_next_round() -> None:
    t = started()
    t.begin_turn()
    with pytest.raises(NotAllowedError, match="second action"):
        t.act("strikes", flurry=True)
    t.withering("Ryo", "Brute", 2, 2)
    t.act("raises a guard", flurry=True)
    assert "Ryo: raises a guard (flurry, -3)" in texts(t)
    with pytest.raises(NotAllowedError, match="max_actions_per_turn=2"):
        t.act("again", flurry=True)
    t.end_turn()
    finish_round(t)
    assert t.flurry_penalty_due("Ryo") == 3
    t.begin_turn("Ryo")
    assert any("first action this round is at -3" in s for s in texts(t))
    t.act("strikes")
    assert "Ryo: strikes (-3 carried from last round's flurry)" in texts(t)
    assert t.flurry_penalty_due("Ryo") == 0


def _flurry_then_idle_round(**flags: Any) -> TickTracker:
    t = started(**flags)
    t.begin_turn()
    t.act("feint")
    t.act("dodge", flurry=True)
    t.end_turn()
    finish_round(t)  # round 1 ends
    finish_round(t)  # round 2: Ryo only passes
    return t


def test_ex_a9_flurry_carryover_lapses_when_next_round_has_no_action() -> None:
    t = _flurry_then_idle_round()
    assert t.flurry_penalty_due("Ryo") == 0 and "Ryo's flurry penalty lapses unused" in texts(t)
    u = _flurry_then_idle_round(flurry_carryover_lapses=False)
    assert u.flurry_penalty_due("Ryo") == 3


def test_ex_a9_max_actions_and_two_attacks_flags() -> None:
    t = started(max_actions_per_turn=3)
    t.begin_turn()
    t.act("a")
    t.act("b", flurry=True)
    t.act("c", flurry=True)
    u = started(flurry_forbid_two_attacks=True)
    u.begin_turn()
    u.withering("Ryo", "Brute", 1, 1)
    with pytest.raises(NotAllowedError, match="flurry_forbid_two_attacks"):
        u.withering("Ryo", "Sela", 1, 1, flurry=True)
    u.act("dodge", flurry=True)
    v = started(max_actions_per_turn=1)
    v.begin_turn()
    v.act("a")
    with pytest.raises(NotAllowedError, match="max_actions_per_turn=1"):
        v.act("b", flurry=True)


def test_ex_a9_flurry_penalty_value_flag() -> None:
    t = started(flurry_penalty=2)
    t.begin_turn()
    t.act("a")
    t.act("b", flurry=True)
    assert "Ryo: b (flurry, -2)" in texts(t)


# --------------------------------------------------------------------------- effects


def test_ex19_one_turn_effect_resolves_at_start_of_next_turn() -> None:
    t = started()
    t.begin_turn("Ryo")
    t.apply_effect("Pressed", "Brute", "one_turn", source="Ryo")
    t.end_turn()
    assert len(t.effects) == 1
    t.begin_turn("Brute")
    assert t.effects == []
    assert any("Pressed on Brute ends (one turn, start of Brute's turn)" in s for s in texts(t))


def test_ex24_ex_a15_until_end_of_next_turn_applied_in_own_turn_lasts_a_turn_more() -> None:
    t = started()
    t.begin_turn("Ryo")
    t.apply_effect("Guarded", "Ryo", "until_end_of_next_turn")
    t.end_turn()
    assert len(t.effects) == 1  # survives the turn it was applied in
    finish_round(t)
    t.begin_turn("Ryo")
    t.end_turn()
    assert t.effects == [] and "Guarded on Ryo ends (end of Ryo's turn)" in texts(t)


def test_ex24_ex_a15_applied_in_someone_elses_turn_ends_with_upcoming_turn() -> None:
    t = started()
    t.begin_turn("Ryo")
    t.apply_effect("Marked", "Sela", "until_end_of_next_turn", source="Ryo")
    t.end_turn()
    play_turn(t)  # Brute
    t.begin_turn("Sela")
    assert len(t.effects) == 1
    t.end_turn()
    assert t.effects == []


def test_ex_a15_effect_anchor_source_flag() -> None:
    t = started(effect_anchor_default="source")
    t.begin_turn("Ryo")
    t.apply_effect("Marked", "Brute", "until_end_of_next_turn", source="Sela")
    assert t.effects[0].anchor == "Sela"
    t.end_turn()
    play_turn(t)  # Brute: not the anchor, the mark stays
    assert len(t.effects) == 1
    play_turn(t)  # Sela: the anchor's upcoming turn ends it
    assert t.effects == []
    u = started()
    u.apply_effect("Marked", "Brute", "until_end_of_next_turn", source="Sela")
    assert u.effects[0].anchor == "Brute"


def test_ex22_start_of_turn_effect_bleeding_loses_initiative_at_step_4() -> None:
    t = started()
    t.apply_effect("Bleeding", "Sela", "until_removed", start_initiative=-1)
    play_turn(t)
    play_turn(t)
    t.begin_turn("Sela")
    assert t.initiative("Sela") == 6
    e = t.ledger[-1]
    assert (e.kind, e.cause) == ("effect", "Bleeding, start of turn")
    t.end_turn()
    finish_round(t)
    t.remove_effect(1)
    assert t.effects == []


def test_ex20_before_ex22_order_of_start_steps() -> None:
    """Recovery (step 2) happens before Bleeding (step 4) can crash again."""
    t = crashed_mook()
    t.apply_effect("Bleeding", "Mook", "until_removed", start_initiative=-5)
    finish_round(t)
    finish_round(t)
    while t.ready() != ["Mook"]:
        play_turn(t)
    t.begin_turn("Mook")
    kinds = [e.kind for e in t.ledger_of("Mook")[-4:]]
    assert kinds == ["crash_recovery", "crash_recovery", "effect", "crash"]


def test_ex21_pending_move_offered_at_start_step_3() -> None:
    t = started()
    t.set_pending_move("Sela", "Disengage")
    play_turn(t)
    play_turn(t)
    t.begin_turn("Sela")
    assert not t.fighter("Sela").pending_move
    assert "Sela may now make the move left over from a Rush or Disengage" in texts(t)


def test_ex25_ex_a17_adrenaline_motes_capped_by_default() -> None:
    t = started()
    play_turn(t)
    assert t.fighter("Ryo").motes == 15
    t.spend_motes("Sela", 0, "nothing")
    finish_round(t)
    finish_round(t)
    assert t.fighter("Ryo").motes == 20  # capped
    assert t.fighter("Brute").motes is None  # no pool, no adrenaline


def test_ex_a17_uncapped_and_amount_flags() -> None:
    t = started(cap_motes_at_pool_max=False, adrenaline_motes=7)
    for _ in range(2):
        finish_round(t)
    assert t.fighter("Ryo").motes == 24


# --------------------------------------------------------------------------- late joiners


def test_ex_a16_late_joiner_acts_this_round_by_default() -> None:
    t = started()
    play_turn(t)
    t.add_character(CharacterSheet("Tamsin", True, stamina=2, wits=2, awareness=2))
    t.join_battle("Tamsin", 6)
    assert t.turn_order()[0] == "Tamsin"
    t.free_action("Tamsin", "draws a sling")
    assert play_turn(t) == "Tamsin"


def test_ex_a16_late_joiner_flag_waits_for_next_round() -> None:
    t = started(late_joiner_acts_this_round=False)
    t.add_character(CharacterSheet("Tamsin", stamina=2))
    t.join_battle("Tamsin", 6)
    assert "Tamsin" not in t.turn_order()
    finish_round(t)
    assert t.turn_order()[0] == "Tamsin"


# --------------------------------------------------------------------------- plumbing


def test_invalid_commands_raise_value_error_subclass_and_change_nothing() -> None:
    t = started()
    t.begin_turn()
    before = t.to_dict()
    with pytest.raises(UnknownCharacterError, match="Nobody"):
        t.withering("Ryo", "Nobody", 1, 1)
    with pytest.raises(ValueError, match="amounts"):
        t.withering("Ryo", "Brute", -1, 1)
    with pytest.raises(WrongPhaseError, match="still under way"):
        t.begin_turn()
    with pytest.raises(WrongPhaseError, match="Ryo's turn, not Sela's"):
        t.end_turn("Sela")
    assert t.to_dict() == before


def test_state_round_trips_through_json_and_clones_independently() -> None:
    t = started()
    t.begin_turn()
    t.apply_effect("Guarded", "Ryo", "until_end_of_next_turn")
    t.withering("Ryo", "Mook", 1, 5)
    data = json.loads(json.dumps(t.to_dict()))
    u = TickTracker.from_dict(data)
    assert u == t and u.to_dict() == t.to_dict()
    c = t.clone()
    c.end_turn()
    assert t.active == "Ryo" and c.active is None
    u.end_turn()
    assert u.to_dict() == c.to_dict()


def test_rolled_join_battle_after_reload_continues_the_same_rng() -> None:
    t = TickTracker(roster=sheets(), seed=5)
    t.join_battle("Ryo")
    u = TickTracker.from_dict(t.to_dict())
    t.join_battle("Sela")
    u.join_battle("Sela")
    assert t.initiative("Sela") == u.initiative("Sela")


def test_rules_from_dict_rejects_unknown_flags_and_bad_values() -> None:
    assert TickRules.from_dict(TickRules().to_dict()) == TickRules()
    with pytest.raises(TickError, match="no_such_flag"):
        TickRules.from_dict({"no_such_flag": 1})
    with pytest.raises(TickError, match="tie_break"):
        TickRules(tie_break="dice")  # type: ignore[arg-type]


def test_section_2d_player_view_can_hide_npc_initiative() -> None:
    t = started()
    assert dict((n, v) for n, v, _ in t.board(players_view=True))["Brute"] == 8
    u = started(show_npc_initiative_to_players=False)
    rows = {n: v for n, v, _ in u.board(players_view=True)}
    assert rows["Brute"] is None and rows["Ryo"] == 8
    assert {n: v for n, v, _ in u.board()}["Brute"] == 8


def test_ex2_end_combat_and_removed_character() -> None:
    t = started()
    t.remove_character("Mook", "flees")
    assert "Mook" not in t.turn_order()
    t.end_combat()
    assert t.phase == "over"
    with pytest.raises(WrongPhaseError):
        t.begin_turn()


def test_roster_rejects_duplicates_and_bad_sheets() -> None:
    t = TickTracker(roster=sheets())
    with pytest.raises(NotAllowedError, match="already on the roster"):
        t.add_character(CharacterSheet("Ryo"))
    with pytest.raises(TickError, match="stamina"):
        CharacterSheet("Ivo", stamina=-1)


def test_attacks_outside_the_attackers_turn_say_so() -> None:
    """EX-16: an attack uses the turn's combat action only on the attacker's own turn;
    one the GM enters at another time (a reaction) is marked in the log, withering and
    decisive alike."""
    t = TickTracker(roster=[CharacterSheet("Ryo", True, stamina=3, wits=3, awareness=2),
                            CharacterSheet("Brute", False, stamina=4, wits=1, awareness=1)])
    t.join_battle("Ryo", 5)
    t.join_battle("Brute", 3)
    t.start_combat()
    while t.phase == "free_actions":
        t.free_action(t.free_action_order()[0])
    t.begin_turn("Ryo")
    t.decisive("Brute", "Ryo", hit=False)
    assert t.log[-2].text == "Brute makes a decisive attack on Ryo (outside its turn) and misses"
    t.decisive("Ryo", "Brute")
    assert "Ryo makes a decisive attack on Brute and hits" in [e.text for e in t.log]
