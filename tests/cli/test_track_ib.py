"""`initiative track ib`: the Initiative Break table companion, one command at a time.

Each test enters what happened at a table and checks what the engine's rules made of
it (rule ids from ../shared/IB-RULINGS.md); the last one types a short fight into the
real command in a pseudo-terminal."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pexpect
import pytest

from initiative.games.ib import statuses as st
from initiative.games.ib.companion import Companion
from initiative.trackers.ib_companion import PROMPT, IBCompanionConsole, parse_config
from initiative.trackers.systems import parse_house_rules

ROSTER = [
    "add Kaede side=heroes hp=10 speed=3 init=2",
    "add Ember side=foes hp=8 speed=4 init=5",
    "add Ash side=foes hp=6 speed=2 init=1",
]
FIGHT = [*ROSTER, "start"]  # Ash > Kaede > Ember | (IB 2.9.4)


def console(lines: list[str], rules: dict[str, object] | None = None,
            db: str | None = None) -> tuple[IBCompanionConsole, list[str]]:
    """A console after ``lines`` (each must be accepted); everything it wrote."""
    out: list[str] = []
    c = IBCompanionConsole(out.append, parse_config(rules or {}), db=db)
    for line in lines:
        c.run(line)
    return c, out


def track(c: IBCompanionConsole) -> str:
    """The track as text, ``|`` the Round Marker."""
    state = c.companion.started()
    return state.track.as_text(c.companion.name)


def unit(c: IBCompanionConsole, name: str) -> int:
    return c.companion.unit(name)


def hp(c: IBCompanionConsole, name: str) -> int:
    return c.companion.started().hp[unit(c, name)]


def charge(c: IBCompanionConsole, name: str) -> int:
    return c.companion.started().charge[unit(c, name)]


def refused(c: IBCompanionConsole, line: str, words: str) -> None:
    """``line`` is refused naming ``words``, and nothing changed."""
    before = c.save_data()
    with pytest.raises(ValueError, match=words):
        c.run(line)
    assert c.save_data() == before


# --------------------------------------------------------------------------- setting up


def test_start_sets_the_track_by_printed_initiative() -> None:
    """IB 2.9.4-2.9.5: lowest Initiative leftmost, the RM at the far right."""
    c, out = console(FIGHT)
    assert track(c) == "Ash > Kaede > Ember |"
    assert out[-1].endswith("[IB 2.9.4]")
    assert c.companion.started().track.round == 1


def test_a_tie_is_broken_by_speed_then_the_table_order_under_agreement() -> None:
    """IB 2.9.4 ties by Speed, HP, then name (AMB-92); `agreement_required`: the table
    names the order with `start NAME ...`."""
    roster = ["add Bo side=a hp=5 speed=1 init=2", "add Al side=b hp=5 speed=1 init=2"]
    c, _ = console([*roster, "start"])
    assert track(c) == "Al > Bo |"
    c, _ = console(roster, {"setup_final_tiebreak": "agreement_required"})
    refused(c, "start", "agreed order")
    c.run("start Bo Al")
    assert track(c) == "Bo > Al |"


def test_add_refuses_bad_stats_and_names() -> None:
    """IB 2.2: a unit has HP and Speed; names are single words, not command words."""
    c, _ = console([])
    refused(c, "add Kaede side=heroes hp=0 speed=3 init=2", "at least 1")
    refused(c, "add next side=heroes hp=3 speed=3 init=2", "cannot be a unit name")
    refused(c, "add Kaede side=heroes hp=3", "missing speed, initiative")
    refused(c, "Kaede basic attack", "unknown command")


# --------------------------------------------------------------------------- actions


def test_basic_attack_deals_damage_and_gains_one_charge() -> None:
    """IB 4.1.1 / IB 3.7.1: a Basic Attack is free and gains 1 Charge; IB 3.2.6: one
    action per activation."""
    c, out = console([*FIGHT, "begin", "Ash basic attack on Kaede for 3"])
    assert hp(c, "Kaede") == 7 and charge(c, "Ash") == 1
    assert "Kaede (heroes) takes 3 damage from Ash (foes): 7 HP left. [IB 5.2]" in out
    refused(c, "Ash basic attack on Kaede for 3", r"taken its action \(IB 3.2.6\)")
    refused(c, "Kaede basic attack on Ash for 1", r"not the active unit.*IB 3.2.5")


def test_advanced_attack_needs_and_pays_one_charge() -> None:
    """IB 4.2.1: an Advanced Attack costs 1 Charge, paid when declared."""
    c, _ = console([*FIGHT, "begin"])
    refused(c, "Ash advanced attack on Kaede for 4", r"0 Charge.*IB 4.2.1")
    c.run("Ash gains 2 charge")
    c.run("Ash advanced attack on Kaede for 4")
    assert charge(c, "Ash") == 1 and hp(c, "Kaede") == 6


def test_weaken_guard_and_insight_change_damage() -> None:
    """IB 5.2.6 Weaken +2, IB 5.2.3 Guard halves (AMB-51: Weaken first), IB 5.2.2
    Insight +1 for the dealer; each is used up (AMB-55)."""
    c, _ = console([*FIGHT, "begin", "apply Weaken to Kaede", "apply Guard to Kaede",
                    "apply Insight to Ash", "Ash basic attack on Kaede for 3"])
    assert hp(c, "Kaede") == 10 - (3 + 1 + 2) // 2
    state = c.companion.started()
    assert state.status[unit(c, "Kaede")] == 0 and state.status[unit(c, "Ash")] == 0


def test_damage_heal_and_cleanse_commands() -> None:
    """IB 5.2.9: healing stops at the printed HP (AMB-59); IB 5.2.8: Cleanse."""
    c, _ = console([*FIGHT, "damage Ember 5", "heal Ember 9", "apply burn to Ember",
                    "apply seal to Ember x2", "cleanse seal from Ember"])
    assert hp(c, "Ember") == 8
    assert st.names(c.companion.started().status[unit(c, "Ember")]) == ["burn"]
    c.run("cleanse all from Ember")
    assert c.companion.started().status[unit(c, "Ember")] == 0
    refused(c, "cleanse stun from Ember", "has no stun")
    refused(c, "apply Doom to Ember", "unknown status")


def test_play_support_is_the_activations_action() -> None:
    """IB 4.7 / IB 3.2.6: playing a card is the action; the table resolves its text."""
    c, out = console([*FIGHT, "begin", "play Support"])
    assert out[-1] == "Ash plays Support (IB 4.4-4.8): the table resolves it."
    refused(c, "Ash basic attack on Kaede for 1", r"IB 3.2.6")


# --------------------------------------------------------------------------- the track


def test_move_up_stops_short_of_the_active_slot_and_the_actor_waits() -> None:
    """IB 3.4.3: never into the Active slot; IB 3.4.6: the active unit's own move waits
    for its Movement Step."""
    c, out = console([*FIGHT, "begin", "Ember Move Up 2"])
    assert track(c) == "Ash > Ember > Kaede |"
    assert out[-1].endswith("[IB 3.4]")
    c.run("Ash move back 1")
    assert "waits until after its Movement Step" in c.companion.lines[-1]
    assert track(c) == "Ash > Ember > Kaede |"
    c.run("end")  # Speed 2, then the deferred Move Back 1: past the RM (IB 3.5.5)
    assert track(c) == "Ember > Kaede | Ash"


def test_end_moves_by_speed_then_the_round_marker_steps_and_rounds_end() -> None:
    """IB 3.3.1 Movement by Speed; IB 3.5.2 the RM steps left; IB 3.5.4 at the far left
    the round ends and the RM returns to the far right."""
    c, out = console([*FIGHT, "begin", "end"])
    assert track(c) == "Kaede > Ember | Ash"
    assert any(line.endswith("[IB 3.3.1]") for line in out)
    assert out[-2].endswith("[IB 3.5.2]")
    assert out[-1].startswith("Kaede is up (not started)")
    c.run("begin")  # Kaede's activation begins (IB 3.1.2)
    assert c.companion.active() == unit(c, "Kaede")
    c.run("next")  # ends Kaede's activation and announces Ember, not started
    assert c.companion.active() == -1 and "up (not started): Ember" in c.header()
    c.run("next")  # one meaning of next: Ember, up and not begun, passes (IB 4.9)
    assert any("Ember (foes)" in line and "pass" in line.lower()
               for line in c.companion.lines[-6:])
    assert c.companion.active() == -1
    assert c.companion.started().track.round == 2
    assert any(line.endswith("[IB 3.5.4]") for line in c.companion.lines)


def test_an_out_of_round_unit_ignores_moves() -> None:
    """IB 3.4.5: a unit right of the RM ignores Move Up and Move Back."""
    c, _ = console([*FIGHT, "begin", "end", "Ash move up 1"])
    assert track(c) == "Kaede > Ember | Ash"
    assert "out of round" in c.companion.lines[-1]


def test_time_collapse_when_units_are_few_and_fast() -> None:
    """IB 3.6.1: the units left number no more than the lowest Speed: the RM is removed
    and activations have no round (IB 3.6.2)."""
    c, out = console([*FIGHT, "damage Ash 6"])
    assert c.companion.started().track.rm is None
    assert any(line.endswith("[IB 3.6.1]") for line in out)
    assert "Time Collapse" in c.header()
    c.run("begin")
    assert "(Time Collapse: no rounds)" in c.companion.lines[-1]


def test_a_defeat_leaves_the_track_and_the_last_side_wins() -> None:
    """IB 3.5.6: at 0 HP a unit leaves the track (AMB-56, after the effect); IB 3.6.5:
    the last side on the track wins."""
    c, out = console([*FIGHT, "begin", "Ash basic attack on Kaede for 12"])
    assert "Kaede (heroes) is defeated and leaves the track. [IB 3.5.6]" in out
    assert c.companion.started().result is not None
    assert "battle over: foes win" in c.header()
    refused(c, "next", "battle is over")


def test_burn_and_stun_resolve_at_the_status_check() -> None:
    """IB 3.2.2 / IB 5.2.1: Burn deals 1 as the activation starts; IB 5.2.7: a Stunned
    unit loses its action."""
    c, _ = console([*FIGHT, "apply burn to Ash", "apply stun to Ash", "begin"])
    assert hp(c, "Ash") == 5
    refused(c, "Ash basic attack on Kaede for 1", r"Stunned \(IB 5.2.7\)")
    c.run("end")
    assert track(c) == "Kaede > Ember | Ash"


# --------------------------------------------------------------------------- Breaks


def test_a_break_needs_three_charge_jumps_left_and_returns_right() -> None:
    """IB 3.7.5 three Charge; IB 3.7.6 far left, Break Art, far right (AMB-29); the
    Charge is paid on declaring (AMB-33); an IB between turns steps no RM (AMB-21)."""
    c, _ = console([*FIGHT, "begin"])
    refused(c, "Ember declares an Initiative Break", r"0 Charge.*IB 3.7.5")
    c.run("charge Ember +3")
    c.run("Ember declares an Initiative Break")
    assert track(c) == "Ember > Ash > Kaede |" and charge(c, "Ember") == 0
    assert c.companion.breaking() == unit(c, "Ember")
    refused(c, "end", "break end")
    c.run("Ember break art on Kaede for 5")  # paid by the Break: no Charge needed
    assert hp(c, "Kaede") == 5
    c.run("break end")  # AMB-29 `track_end`: beyond the RM, out of round
    assert track(c) == "Ash > Kaede | Ember"
    assert any(line.endswith("[IB 3.7.6]") for line in c.companion.lines)


def test_breaking_in_its_own_activation_ends_it() -> None:
    """AMB-34: the active unit's own Break ends its activation (no Movement); the RM
    still steps (IB 3.5.2)."""
    c, _ = console([*FIGHT, "begin", "Ash gains 3 charge", "Ash breaks", "break end"])
    assert c.companion.active() == -1
    assert track(c) == "Kaede | Ember > Ash"


def test_the_active_unit_may_break_instead_of_its_declared_attack() -> None:
    """IB 3.7.5 with `break_after_own_action=false`: once its attack has resolved the
    active unit may not break, but right after declaring its action (before the table
    enters any effect) it may break instead."""
    flags = {"break_after_own_action": False}
    c, _ = console([*FIGHT, "begin", "Ash gains 3 charge", "Ash basic attack on Kaede for 1"],
                   flags)
    refused(c, "Ash breaks", r"has acted.*IB 3.7.5")
    c, _ = console([*FIGHT, "begin", "Ash gains 3 charge", "play Feint", "Ash breaks"], flags)
    assert c.companion.breaking() == unit(c, "Ash")


def test_a_sealed_unit_cannot_break() -> None:
    """IB 5.2.5 / AMB-17: Seal forbids an Initiative Break until it expires."""
    c, _ = console([*FIGHT, "charge Ember +3", "apply seal to Ember"])
    refused(c, "break Ember", r"Sealed \(IB 5.2.5")


def test_house_rules_reach_the_engine() -> None:
    """AMB-29 `ib_end_position=before_rm`: a Break ends left of the RM."""
    flags, problems = parse_house_rules("ib", ["ib_end_position=before_rm"])
    assert problems == []
    c, _ = console([*FIGHT, "begin", "end", "charge Kaede +3", "break Kaede", "break end"],
                   flags)
    assert track(c) == "Ember > Kaede | Ash"
    _, problems = parse_house_rules("ib", ["no_such_flag=1"])
    assert problems and "no_such_flag" in problems[0]
    with pytest.raises(ValueError, match="ib_windows"):
        console([], {"ib_windows": "every_step"})


# --------------------------------------------------------------------------- keeping


def test_undo_redo_and_a_refused_line_change_nothing() -> None:
    c, out = console([*FIGHT, "begin", "Ash basic attack on Kaede for 3"])
    refused(c, "Ash basic attack on Nobody for 3", "no unit called 'Nobody'")
    c.run("undo")
    assert hp(c, "Kaede") == 10 and out[-1] == "undone: Ash basic attack on Kaede for 3"
    c.run("redo")
    assert hp(c, "Kaede") == 7


def test_save_and_load_a_file_and_the_database(tmp_path: Path) -> None:
    lines = [*FIGHT, "begin", "apply weaken to Kaede", "Ash basic attack on Kaede for 3"]
    c, _ = console(lines, db=f"sqlite:///{tmp_path / 't.db'}")
    c.run(f"save {tmp_path / 'b.json'}")
    c.run("save db:Cave")
    data = json.loads((tmp_path / "b.json").read_text())
    assert data["format"] == "initiative-ib-companion/1"
    for target in (str(tmp_path / "b.json"), "db:Cave"):
        fresh, _ = console([], db=f"sqlite:///{tmp_path / 't.db'}")
        fresh.run(f"load {target}")
        assert track(fresh) == track(c) and hp(fresh, "Kaede") == 5
        assert fresh.companion.lines[-1] == f"loaded {target}"
        fresh.run("undo")
        assert fresh.companion.state is None
    assert Companion.from_dict(data["state"]).started().hp == c.companion.started().hp


def test_initiative_track_ib_in_a_terminal() -> None:
    """The real command, typed into as a person does: a short fight."""
    exe = Path(sys.executable).with_name("initiative")
    child = pexpect.spawn(str(exe), ["track", "ib"], encoding="utf-8", timeout=30,
                          dimensions=(50, 160))
    try:
        child.expect_exact("Initiative Break table companion tracker")
        for line in ROSTER:
            child.expect_exact(PROMPT)
            child.sendline(line)
        child.expect_exact("Ash joins the foes side")
        child.sendline("start")
        child.expect_exact("The track is set: Ash (foes) > Kaede (heroes) > Ember (foes) | RM.")
        child.sendline("begin")
        child.expect_exact("Ash (foes) begins an activation (round 1). [IB 3.1.2]")
        child.sendline("Ash basic attack on Kaede for 3")
        child.expect_exact("Ash (foes) gains 1 Charge (now 1). [IB 3.7.1]")
        child.sendline("apply Weaken to Kaede")
        child.expect_exact("Kaede (heroes) gains Weaken. [IB 5.1]")
        child.sendline("Ember Move Up 2")
        child.expect_exact("now 2nd. [IB 3.4]")
        child.sendline("Kaede fly")
        child.expect_exact("error: cannot read 'Kaede fly'")
        child.sendline("next")
        child.expect_exact("The Round Marker steps left, passing Ash (foes). [IB 3.5.2]")
        child.expect_exact("Ember is up (not started)")
        child.sendline("begin")
        child.expect_exact("Ember (foes) begins an activation (round 1).")
        child.sendline("order")
        child.expect_exact("round 1, Ember is acting")
        child.expect_exact("track: Ember > Kaede | Ash")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_a_stored_companion_reopens_to_the_live_state(tmp_path: Path) -> None:
    """The project's store (trackers/records.py): one event per changing line; reopening
    replays them to the same state, undo history included; more than SNAPSHOT_EVERY
    lines take a snapshot on the way."""
    from initiative.store import Store
    from initiative.trackers import any_system, records, systems

    store = Store(f"sqlite:///{tmp_path / 'trackers.db'}")
    try:
        console = systems.new_console("ib", records.quiet, {"status_stacking": "stack"}, 5)
        record = any_system.open_tracker(store, records.create_tracker(store, console, "Cave"))
        lines = [*FIGHT, "begin", "Ash basic attack on Kaede for 3", "undo", "redo"]
        lines += ["apply weaken to Ember", "cleanse weaken from Ember"] * 30 + ["next"]
        for line in lines:
            records.append_line(store, record, line)
        again = any_system.open_tracker(store, record.id)
        assert again.console.save_data() == record.console.save_data()
        assert again.console.system == "ib" and again.console.can_undo
        again.console.run("undo")
        assert isinstance(again.console, IBCompanionConsole)
        assert again.console.companion.active() == unit(again.console, "Ash")
        assert records.summary(record.console) == {"system": "ib", "round": 1,
                                                    "phase": "battle"}
    finally:
        store.close()


def test_a_unit_from_a_content_pack_in_a_terminal(tmp_path: Path) -> None:
    """Issue 26 item 3: a player's own content pack, in a folder outside the repository,
    gives the companion a Character's printed stats (IB 2.2): `add NAME side=SIDE
    as=CHARACTER`; typed stats still win, and an unknown Character is refused by name."""
    pack = tmp_path / "my-cards"
    pack.mkdir()
    example = Path(__file__).parents[2] / "examples" / "packs" / "dusk-road"
    for file in example.glob("*.yaml"):
        (pack / file.name).write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
    exe = Path(sys.executable).with_name("initiative")
    child = pexpect.spawn(str(exe), ["track", "ib", "--content-pack", str(pack)],
                          encoding="utf-8", timeout=30, dimensions=(50, 160))
    try:
        for line, shown in [
            ("add Kestrel side=heroes as=kestrel",
             "Kestrel joins the heroes side: HP 11, Speed 5, Initiative 4 (IB 2.2)."),
            ("add Vane side=heroes as=Kestrel hp=7",
             "Vane joins the heroes side: HP 7, Speed 5, Initiative 4 (IB 2.2)."),
            ("add Ghost side=foes as=nobody",
             "error: add Ghost: no Character 'nobody' in the content or your content packs"),
            ("add Wisp side=foes", "error: add Wisp: missing hp, speed, initiative"),
        ]:
            child.expect_exact(PROMPT)
            child.sendline(line)
            child.expect_exact(shown)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
