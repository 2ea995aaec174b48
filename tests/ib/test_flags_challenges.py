"""House-rule flags of Challenge Cards and Rivals (IB 6; AMB-65..78): both readings of
each, played out on the t_ test CCs (tests/ib/challenge_content.py)."""

from __future__ import annotations

from typing import Any

from initiative.games.ib import challenges, events
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import K_BASIC, K_BREAK_ART, K_KEYSTONE
from initiative.games.ib.match import ChallengerSetup
from tests.ib.challenge_content import cc_game, since

TRACK = "t_brute wren brask ilse corvin |"


def _damage_to(sc_events: list[events.Event], target: int) -> list[int]:
    return [e[3] for e in sc_events if e[0] == events.DAMAGE and e[2] == target]


def test_amb67_cc_priority_default_break_art_first() -> None:
    """At 3 Charge the Break Art comes before a trigger that also holds (IB 6.4.2)."""
    sc = cc_game(["t_brute"], track=TRACK).set("t_brute", hp=4, charge=3)
    start = sc.state.log_len
    sc.run()
    choice = since(sc, start, events.CC_CHOICE)[0]
    assert choice[2] == events.BY_BREAK_ART
    assert len(_damage_to(list(sc.state.events())[start:], sc.u("wren"))) == 1
    assert sc.state.hp[sc.u("wren")] == 12 - 3  # Quake: 3 to every enemy


def test_amb67_cc_priority_trigger_first() -> None:
    sc = cc_game(["t_brute"], {"cc_priority": "trigger_first"}, track=TRACK)
    sc.set("t_brute", hp=4, charge=3).set("ilse", hp=2)
    start = sc.state.log_len
    sc.run()
    assert since(sc, start, events.CC_CHOICE)[0][2] == events.BY_TRIGGER
    assert not sc.in_play("ilse")  # Rage: 5 damage to the lowest HP
    assert sc.state.charge[sc.u("t_brute")] == 3  # kept (and capped, AMB-38)


def test_new_cc_restricted_roll_default_fizzle() -> None:
    """IB 5.2.5 / 6.6.1: a Sealed CC that rolls an attack does nothing."""
    sc = cc_game(["t_brute"], track=TRACK, rolls=[1, 4]).set("t_brute", status=["seal"])
    start = sc.state.log_len
    sc.run()
    rolls = since(sc, start, events.CC_ROLL)
    assert [(e[2], e[5]) for e in rolls] == [(1, 0)]
    assert since(sc, start, events.CC_CHOICE)[0][2] == events.BY_NOTHING
    assert not since(sc, start, events.DAMAGE) and not since(sc, start, events.CC_ACTION)


def test_new_cc_restricted_roll_reroll() -> None:
    sc = cc_game(["t_brute"], {"cc_restricted_roll": "reroll"}, track=TRACK, rolls=[1, 4])
    sc.set("t_brute", status=["seal"])
    start = sc.state.log_len
    sc.run()
    assert [(e[2], e[5]) for e in since(sc, start, events.CC_ROLL)] == [(1, 0), (4, 1)]
    assert st.count(sc.state.status[sc.u("t_brute")], st.GUARD) == 1  # Brace (ability)


def test_new_cc_restricted_roll_reroll_with_every_face_forbidden_fizzles() -> None:
    """A Sealed t_grunt has only attacks: rerolling could never end, so it fizzles."""
    sc = cc_game(["t_grunt"], {"cc_restricted_roll": "reroll"},
                 track="t_grunt wren brask ilse corvin |", rolls=[3])
    sc.set("t_grunt", status=["seal"])
    start = sc.state.log_len
    sc.run()
    assert len(since(sc, start, events.CC_ROLL)) == 1
    assert since(sc, start, events.CC_CHOICE)[0][2] == events.BY_NOTHING


def _retarget_game(rules: dict[str, Any]) -> tuple[int, int]:
    """t_grunt aims Jab at Ilse (lowest HP); Ilse answers with an Initiative Break whose
    Break Art heals her by 5. Returns (Ilse's HP, Wren's HP) after the Jab."""
    sc = cc_game(["t_grunt"], rules, track="t_grunt wren brask ilse corvin |", rolls=[1])
    sc.set("ilse", hp=2, charge=3).set("wren", hp=4)
    sc.run().decline()  # the window before t_grunt's activation
    assert sc.window() == "after_declare"
    sc.declare("ilse").decline_all()
    sc.choose_targets(["ilse", "t_grunt"]).decline_all()
    return sc.state.hp[sc.u("ilse")], sc.state.hp[sc.u("wren")]


def test_new_cc_retarget_after_response_default_false_keeps_the_declared_target() -> None:
    assert _retarget_game({}) == (7 - 1, 4)


def test_new_cc_retarget_after_response_true_picks_again() -> None:
    assert _retarget_game({"cc_retarget_after_response": True}) == (7, 4 - 1)


def test_amb65_cc_charge_after_break_art_default_true() -> None:
    """IB 6.4.3: the End-window Charge follows the Break Art too (ends at 1)."""
    sc = cc_game(["t_brute"], track=TRACK).set("t_brute", charge=3)
    sc.run()
    assert sc.state.charge[sc.u("t_brute")] == 1


def test_amb65_cc_charge_after_break_art_false() -> None:
    sc = cc_game(["t_brute"], {"cc_charge_after_break_art": False}, track=TRACK)
    sc.set("t_brute", charge=3).run()
    assert sc.state.charge[sc.u("t_brute")] == 0


def _tie_target(rules: dict[str, Any]) -> str:
    """Wren (Initiative 3) and Brask (Initiative 5) both at 4 HP; Brask acts sooner."""
    sc = cc_game(["t_grunt"], rules, track="t_grunt brask wren ilse corvin |", rolls=[1])
    sc.set("wren", hp=4).set("brask", hp=4)
    start = sc.state.log_len
    sc.run()
    return sc.key(since(sc, start, events.CC_ACTION)[0][3])


def test_amb68_coop_target_tiebreak_default_initiative_then_soonest() -> None:
    assert _tie_target({}) == "wren"


def test_amb68_coop_target_tiebreak_soonest_only() -> None:
    assert _tie_target({"coop_target_tiebreak": "soonest_only"}) == "brask"


def _mended(rules: dict[str, Any]) -> str:
    """t_mender heals 4; t_brute is next to its right, t_grunt has the lowest HP."""
    sc = cc_game(["t_mender", "t_brute", "t_grunt"], rules,
                 track="t_mender wren t_brute brask t_grunt ilse corvin |")
    sc.set("t_mender", hp=2).set("t_brute", hp=5).set("t_grunt", hp=1)
    start = sc.state.log_len
    sc.run()
    return sc.key(since(sc, start, events.CC_ACTION)[0][3])


def test_amb71_cc_beneficial_target_default_next_cc_on_track() -> None:
    assert _mended({}) == "t_brute"


def test_amb71_cc_beneficial_target_self() -> None:
    assert _mended({"cc_beneficial_target": "self"}) == "t_mender"


def test_amb71_cc_beneficial_target_lowest_hp_cc() -> None:
    assert _mended({"cc_beneficial_target": "lowest_hp_cc"}) == "t_grunt"


def _rival(rules: dict[str, Any], roll: int, charge: int = 0,
           keystone: str = "tide_stone") -> tuple[list[events.Event], int]:
    """Rival Odo (Keystone as given) first on the track with t_grunt beside it: Odo's
    events in its first activation, and its Charge after it."""
    sc = cc_game([ChallengerSetup("odo", True, keystone), "t_grunt"], rules,
                 track="odo t_grunt wren brask ilse corvin |", rolls=[roll])
    sc.set("odo", charge=charge).set("t_grunt", hp=3)
    start = sc.state.log_len
    sc.run().decline_all()
    log = list(sc.state.events())[start:]
    starts = [i for i, e in enumerate(log) if e[0] == events.ACT_START]
    assert log[starts[0]][1] == sc.u("odo")
    mine = log[: starts[1]] if len(starts) > 1 else log
    return mine, _charge_after(mine, sc.u("odo"))


def _charge_after(log: list[events.Event], unit: int) -> int:
    """A unit's Charge at the end of a log slice (it started the slice as set)."""
    gains = [e[3] for e in log if e[0] == events.CHARGE and e[1] == unit]
    return gains[-1] if gains else -1


def _rival_kinds(log: list[events.Event]) -> list[int]:
    return [e[3] for e in log if e[0] == events.CC_ROLL]


def test_amb72_rival_d6_table_default_basic_1_3_keystone_4() -> None:
    """IB 6.8.6 read with the second 3 as 4."""
    assert _rival_kinds(_rival({}, 3)[0]) == [K_BASIC]
    assert _rival_kinds(_rival({}, 4)[0]) == [K_KEYSTONE]


def test_amb72_rival_d6_table_basic_1_2_keystone_3_4() -> None:
    rules = {"rival_d6_table": "basic_1_2_keystone_3_4"}
    assert _rival_kinds(_rival(rules, 3)[0]) == [K_KEYSTONE]
    assert _rival_kinds(_rival(rules, 4)[0]) == [K_KEYSTONE]


def test_amb73_rival_auto_break_art_default_false_rolls_even_at_3_charge() -> None:
    log, charge = _rival({}, 1, charge=3)
    assert _rival_kinds(log) == [K_BASIC] and charge == 3  # +1 capped at 3 (AMB-38)
    assert not [e for e in log if e[0] == events.CC_CHOICE]


def test_amb73_rival_auto_break_art_true() -> None:
    log, _ = _rival({"rival_auto_break_art": True}, 1, charge=3)
    assert not _rival_kinds(log)
    assert next(e for e in log if e[0] == events.CC_CHOICE)[2] == events.BY_BREAK_ART
    declared = [e for e in log if e[0] == events.DECLARE]
    assert declared[0][2] == K_BREAK_ART


def test_amb74_rival_end_window_charge_default_false() -> None:
    log, _ = _rival({}, 5, charge=1)
    assert not [e for e in log if e[0] == events.CHARGE]  # IB 6.8.4: the Advanced is free


def test_amb74_rival_end_window_charge_true() -> None:
    assert _rival({"rival_end_window_charge": True}, 5, charge=1)[1] == 2


def _rival_heals(rules: dict[str, Any]) -> str:
    """Rival Odo's Tide Stone heals an ally 3: t_grunt is next, t_brute weakest."""
    sc = cc_game([ChallengerSetup("odo", True, "tide_stone"), "t_grunt", "t_brute"],
                 rules, track="odo t_grunt wren t_brute brask ilse corvin |", rolls=[4])
    sc.set("t_grunt", hp=3).set("t_brute", hp=2)
    start = sc.state.log_len
    sc.run().decline_all()
    declared = since(sc, start, events.DECLARE)
    return sc.key(declared[0][3])


def test_amb76_rival_beneficial_target_default_next_cc_on_track() -> None:
    assert _rival_heals({}) == "t_grunt"


def test_amb76_rival_beneficial_target_lowest_hp_cc() -> None:
    assert _rival_heals({"rival_beneficial_target": "lowest_hp_cc"}) == "t_brute"


def _spawned_at(rules: dict[str, Any]) -> tuple[list[int], int | None, int]:
    """t_tyrant spawns a t_grunt while Wren is active (its phase change, AMB-78)."""
    sc = cc_game(["t_tyrant"], rules, track="wren t_tyrant brask | ilse corvin")
    challenges.spawn(sc.state, sc.u("t_tyrant"), "t_grunt")
    grunt = sc.u("t_grunt")
    return sc.state.track.order, sc.state.track.rm, grunt


def test_amb78_spawn_position_default_track_end() -> None:
    """Beyond the RM: out of round, like a unit that passed it."""
    order, rm, grunt = _spawned_at({})
    assert order[-1] == grunt and rm == 3


def test_amb78_spawn_position_before_rm() -> None:
    order, rm, grunt = _spawned_at({"spawn_position": "before_rm"})
    assert rm == 4 and order.index(grunt) == 3


def test_amb78_spawn_position_by_initiative() -> None:
    """t_grunt (Initiative 1) goes before every in-round unit with a higher one."""
    order, rm, grunt = _spawned_at({"spawn_position": "by_initiative"})
    assert rm == 4 and order.index(grunt) == 0
