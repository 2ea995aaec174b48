"""The FaithRPG card-round GM console (`trackers.faith`, `cli.track_lines`)."""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import replace
from pathlib import Path

import pexpect
import pytest

from initiative.cli.track_lines import console_main, run_tracker
from initiative.timing.cards import CardRoundState
from initiative.timing.cards_rules import CardRoundRules
from initiative.trackers.command_catalogue import catalogue, help_text
from initiative.trackers.faith import HELP, PROMPT, ConsoleError, FaithConsole

SETUP = ["roster", "round Vessa Orrin Reeve", "commit Vessa 0", "commit orrin 1", "commit gm"]


def drive(lines: list[str]) -> list[str]:
    """Run the console on ``lines``; return every written line."""
    out: list[str] = []
    it = iter(lines)
    assert run_tracker("faith", lambda prompt: next(it, None), out.append) == 0
    return out


def console_after(lines: list[str]) -> tuple[FaithConsole, list[str]]:
    out: list[str] = []
    console = FaithConsole(out.append, None, 0)
    for line in lines:
        console.do(line.split())
    return console, out


def test_full_round_view_wait_maintenance_new_round() -> None:
    out = drive([*SETUP, "view Vessa", "reveal", "order", "wait Reeve", "begin", "next",
                 "begin", "next", "begin", "next", "maintenance", "round", "quit", "log"])
    text = "\n".join(out)
    assert "Traceback" not in text and not any(o.startswith("error:") for o in out)
    # Before the reveal Vessa sees her own card only; Orrin's and the GM's stay hidden.
    start = out.index("view Vessa: round 1, phase commit")
    cards = [o for o in out[start:start + 4] if o.startswith("  card ")]
    assert cards == ["  card Vessa: 4 of loam", "  card Orrin: face down",
                     "  card GM: face down (deck top, unseen)"]
    assert "2 of brine" not in "\n".join(out[start:start + 12])
    assert "Orrin commits 2 of brine face down from hand (FA-2, FA-3)" in out  # GM sees it
    assert "Reveal (FA-6): Vessa 4 of loam; Orrin 2 of brine; GM 6 of gale" in out
    assert any(o.startswith("Totals (FA-7): Reeve 6+4=10, Vessa 4+3=7, Orrin 2+5=7") for o in out)
    assert "order: Reeve > Vessa > Orrin" in out
    assert "  Reeve: 6+4=10 (pending)" in out
    assert ("Reeve waits (card kept) -> acts after Vessa (FA-19): "
            "Vessa > Orrin (Reeve waits on Vessa)") in out
    assert "Vessa takes its turn (FA-12)" in out
    assert any(o.startswith("Vessa's turn ends (FA-14); Reeve stop(s) waiting") for o in out)
    assert "Every character has had its turn (FA-14): round 1 maintenance" in out
    assert "Maintenance phase of round 1 (FA-21)" in out
    assert "Round 2 begins (FA-1, FA-23): Vessa, Orrin, Talwyn, Marek, Bailiff, Bailiff2, " \
           "Reeve, Mastiff" in out
    assert "log" not in out[-1]  # quit stopped reading


def test_help_lists_commands() -> None:
    text = "\n".join(drive(["help"]))
    for word in ("roster", "add NAME", "round", "commit NAME|gm", "reveal", "order", "next",
                 "act NAME", "wait [NAME] [ON]", "confront NAME", "end", "maintenance", "log",
                 "begin [NAME]", "affects NAME ...",
                 "view NAME|gm|spectator", "undo", "redo", "save FILE", "load FILE", "quit",
                 "not supported"):
        assert word in text


def test_undo_redo_restore_exact_states() -> None:
    console, _ = console_after(SETUP)
    states = [console.state.to_dict()]
    for line in ["reveal", "wait Reeve", "begin"]:
        console.do(line.split())
        states.append(console.state.to_dict())
    for back in range(3):
        console.do(["undo"])
        assert console.state.to_dict() == states[-2 - back]
    for fwd in range(3):
        console.do(["redo"])
        assert console.state.to_dict() == states[1 + fwd]
    console.do(["undo"])
    console.do(["begin"])
    assert console.redo_stack == []  # a new change clears redo


def test_undo_through_run_tracker_and_empty_stacks() -> None:
    out = drive(["undo", "redo", "roster", "undo", "roster"])
    assert out[0] == "error: nothing to undo"
    assert out[1] == "error: nothing to redo"
    assert out.count("Sample roster loaded (3-card hands): Vessa, Orrin, Talwyn, Marek, "
                     "Bailiff, Bailiff2, Reeve, Mastiff") == 2


def test_save_load_round_trip(tmp_path: Path) -> None:
    f = tmp_path / "table.json"
    console, out = console_after([*SETUP, "reveal", "wait Reeve", f"save {f}"])
    saved = console.state.to_dict()
    assert out[-1] == f"saved to {f}"
    data = json.loads(f.read_text())
    assert data["state"] == saved and data["rules"] == saved["rules"]
    fresh, out2 = console_after([f"load {f}"])
    assert fresh.state.to_dict() == saved
    assert out2[-1].startswith(f"loaded {f} (round 1, phase turns)")
    fresh.do(["undo"])  # load can be undone
    assert fresh.state.roster == []
    assert CardRoundState.from_dict(data["state"]).to_dict() == saved


def test_bad_commands_give_error_and_change_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    lines = ["bogus", "commit", "commit Nobody 0", "commit Vessa 9", "commit Vessa x",
             "commit Talwyn", "order", "end", "next", "act Orrin", "wait Vessa Orrin",
             "confront Vessa", "view Reeve", "view", "maintenance", "add Vessa initiative=2",
             "add Newt", "round Vessa", 'save "unclosed', f"load {bad}",
             f"load {tmp_path / 'missing.json'}", f"save {tmp_path / 'no' / 'dir.json'}",
             "draw Vessa 0", "damage Vessa -1", "tie Vessa"]
    console, _ = console_after(SETUP)
    before = console.state.to_dict()
    undo_depth = len(console.undo_stack)
    out: list[str] = []
    console.write = out.append
    for line in lines:
        seen = len(out)
        try:
            console.do(shlex.split(line))
        except ValueError as exc:  # ConsoleError / CardRoundError: run_tracker prints them
            out.append(f"error: {exc}")
        except ConsoleError as exc:
            out.append(f"error: {exc}")
        assert len(out) == seen + 1 and out[-1].startswith("error: "), (line, out[seen:])
        assert console.state.to_dict() == before, line
    assert len(console.undo_stack) == undo_depth
    # And through run_tracker itself: errors, never a traceback, then work goes on.
    out2 = drive([*SETUP, *lines, "reveal"])
    errors = [o for o in out2 if o.startswith("error:")]
    assert len(errors) == len(lines)
    assert out2[-3] == "Reveal (FA-6): Vessa 4 of loam; Orrin 2 of brine; GM 6 of gale"


def test_add_newcomer_and_other_commands() -> None:
    out = drive(["roster", "add Quill npc initiative=3 strength=2", "add Fenn initiative=4",
                 "draw Fenn 2", "hand Fenn", "damage Orrin 2", "regen Orrin", "maintenance",
                 "rules"])
    assert "Quill joins the struggle (FA-23)" in out
    assert "Fenn draws 2 card(s)" not in out  # GM console shows the private reading
    assert any(o.startswith("Fenn draws ") for o in out)
    assert any(o.startswith("Fenn's hand: [0] ") for o in out)
    assert "Orrin recovers 1 damage (regeneration): 1 left" in out
    assert "  wait_model = chain" in out


def test_console_main_script_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "s.txt"
    script.write_text("roster\nround Vessa Orrin\nbogus\n")
    assert console_main("faith", script) == 1  # a refused line fails the script
    text = capsys.readouterr().out
    assert f"{PROMPT}round Vessa Orrin" in text
    assert "Round 1 begins (FA-1, FA-23): Vessa, Orrin" in text
    assert "error: unknown command 'bogus'" in text
    assert console_main("faith", tmp_path / "missing.txt") == 2


def test_pexpect_end_to_end() -> None:
    code = ("from initiative.cli.track_lines import console_main; import sys; "
            "sys.exit(console_main('faith', None))")
    child = pexpect.spawn(sys.executable, ["-c", code], encoding="utf-8", timeout=20)
    try:
        child.expect_exact(PROMPT)
        child.sendline("roster")
        child.expect_exact("Sample roster loaded")
        child.expect_exact(PROMPT)
        child.sendline("round Vessa Orrin")
        child.expect_exact("Round 1 begins (FA-1, FA-23): Vessa, Orrin")
        child.sendline("commit Vessa top")
        child.expect_exact("Vessa commits the top card of Vessa's deck, unseen")
        child.sendline("reveal")
        child.expect_exact("error: cannot reveal: no card committed yet by Orrin")
        child.sendline("commit Orrin 0")
        child.expect_exact("Orrin commits 2 of ember face down from hand")
        child.sendline("reveal")
        child.expect_exact("Reveal (FA-6): Vessa 6 of gale; Orrin 2 of ember")
        child.sendline("frobnicate")
        child.expect_exact("error: unknown command 'frobnicate' (type help)")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_init_and_bonus_commands() -> None:
    """FA-A10: a mid-round Initiative change keeps this round's total by default;
    FA-18: a limit bonus raises the Attribute card limit."""
    console, out = console_after([*SETUP, "reveal"])
    console.run("init Orrin 9 a rallying cry")
    assert out[-1] == ("Orrin's Initiative 5 -> 9 (a rallying cry); "
                       "total stays 7 this round (FA-A10)")
    assert console.state.character("Orrin").initiative == 9
    console.run("bonus vessa Agility 2 a surge of nerve")
    assert console.state.card_limit("Vessa", "agility") == 5
    assert "card limit +2 (a surge of nerve)" in out[-1]
    with pytest.raises(ConsoleError, match="has no Attribute 'body' \\(has: agility, strength"):
        console.run("bonus Vessa body")
    with pytest.raises(ConsoleError, match="N must be a whole number"):
        console.run("init Orrin lots")


def test_wait_alone_means_whoever_is_up_next() -> None:
    """FA-19: `wait` with no name is the character up next."""
    console, _ = console_after([*SETUP, "reveal"])
    up = console.state.up_next()
    console.run("wait")
    assert console.state.waiting_on and up in console.state.waiting_on
    console.run("begin")  # somebody is acting: nobody is up next
    with pytest.raises(ConsoleError, match="nobody is up next to wait"):
        console.run("wait")


# ------------------------------------------------------------------ issue 26


def test_fa_3_add_deals_a_hand() -> None:
    """FA-3, FA-23 (newcomer_hand=starting_hand): a PC added with `add` gets the starting
    hand the roster's PCs got, and can commit from it at once."""
    out = drive(["roster", "add Fenn initiative=4", "hand Fenn", "add Quill npc initiative=3",
                 "round Vessa Fenn", "commit Fenn 2", "view Vessa"])
    assert "Fenn joins the struggle (FA-23)" in out
    dealt = next(o for o in out if o.startswith("Fenn is dealt "))
    assert dealt.endswith("(FA-3, FA-23, newcomer_hand=starting_hand)")
    hand = next(o for o in out if o.startswith("Fenn's hand: "))
    assert hand.count("[") == 3 and "[2] " in hand
    assert not any(o.startswith("error:") for o in out)
    assert any(o.startswith("Fenn commits ") and "from hand (FA-2, FA-3)" in o for o in out)
    # Vessa's view shows only the count of Fenn's cards, never their faces (hidden info).
    assert "  hand Fenn: 2 card(s)" in out
    out = []
    console = FaithConsole(out.append, CardRoundRules(newcomer_hand="empty"), 0)
    for line in ["roster", "add Fenn initiative=4", "hand Fenn"]:
        console.run(line)
    assert out[-1] == "Fenn's hand: (empty)"


def test_fa_20_waits_then_next_round_without_reveal() -> None:
    """FA-20, FA-A4: after everyone waits, `order` and `next` say the round ended in an
    all-wait and what comes next; `round` then starts the next round with the same
    characters and their kept cards, straight into the order (no `reveal`)."""
    console, out = console_after([*SETUP, "reveal", "wait", "wait", "wait"])
    assert console.state.phase == "maintenance"
    console.run("order")
    assert out[-1].startswith("no order now: round 1 ended with everyone waiting (FA-20)")
    assert "reveal first" not in " ".join(out)
    with pytest.raises(ValueError, match=r"everyone waiting \(FA-20\)"):
        console.run("next")
    console.run("maintenance")
    console.run("round")
    assert "Round 2 begins (FA-1, FA-23): Vessa, Orrin, Reeve" in out
    assert console.state.phase == "turns"
    assert any("no reveal" in o for o in out[-3:])
    console.run("order")
    assert out[-5:-2] == ["  Reeve: 6+4=10 (pending)", "  Vessa: 4+3=7 (pending)",
                          "  Orrin: 2+5=7 (pending)"]
    assert out[-2].startswith("next up: Reeve (not announced")


def test_fa_15_confront_with_affected() -> None:
    """FA-15: `act NAME ACTION affects=...` (or `affects NAME`) says whom the action
    affects; confronting it is refused for anyone else, with the reason; FA-16 still
    costs an affected character its turn."""
    console, out = console_after([*SETUP, "reveal"])
    console.run("act Reeve grabs the purse affects=Vessa")
    assert "Reeve takes its turn (FA-12): grabs the purse; affects Vessa (FA-15)" in out
    with pytest.raises(ValueError, match=r"Orrin is not affected by Reeve's action \(it "
                       r"affects Vessa\).*\(FA-15\); if it does affect Orrin, type: "
                       r"affects Orrin"):
        console.run("confront Orrin agility 1")
    assert console.state.status["Orrin"] == "pending"  # nothing half-applied
    console.run("confront Vessa agility 1")
    assert any("Vessa confronts Reeve's action (FA-15); agility cards 1/3 (FA-18): loses "
               "its turn this round (FA-16)" in o for o in out[-2:])
    console.run("affects Orrin")
    assert out[-1] == "Reeve's action; affects Vessa, Orrin (FA-15)"
    console.run("confront Orrin")
    assert console.state.status["Orrin"] == "forfeited"
    with pytest.raises(ValueError, match="cannot confront its own action"):
        console.run("affects Reeve")
    console.run("order")
    assert out[-2] == "acting: Reeve (grabs the purse); affects Vessa, Orrin"


def test_fa_14_next_announces_then_begin() -> None:
    """FA-14 (one meaning of `next`, as in the tick tracker): next announces who is up,
    not started, so they may still wait (FA-19) or pass (FA-A5); begin or act starts
    the turn (FA-12, FA-13); next then closes it and announces the next one, never
    refusing because someone acts; next on an announced turn not begun moves on: that
    character passes (FA-A5), and is refused when passing is off."""
    console, out = console_after([*SETUP, "reveal"])
    console.run("order")
    assert "next up: Reeve (not announced: 'next')" in out
    console.run("next")
    assert out[-1].startswith("Reeve is up (turn not started")
    assert console.state.acting is None and console.state.commitments  # nothing discarded
    console.run("wait")  # the announced character may still wait
    console.run("next")
    assert out[-1].startswith("Vessa is up (turn not started")
    with pytest.raises(ConsoleError, match="no turn is under way to end: up: Vessa"):
        console.run("end")
    console.run("begin")
    assert "Vessa takes its turn (FA-12)" in out[-2]
    with pytest.raises(ValueError, match="under way: waiting or passing comes before"):
        console.run("wait Vessa")
    console.run("order")
    assert out[-2] == "acting: Vessa"  # then the tie line
    console.run("next")  # closes Vessa's turn; Reeve stops waiting and is up
    assert any(o.startswith("Vessa's turn ends (FA-14); Reeve stop(s) waiting") for o in out)
    assert out[-1].startswith("Reeve is up (turn not started")
    console.run("act Reeve bars the gate")
    console.run("next")
    assert out[-1].startswith("Orrin is up (turn not started")
    strict = console.clone(out.append)
    strict.state.rules = replace(strict.state.rules, allow_pass=False)
    with pytest.raises(ConsoleError, match=r"Orrin is up and has not begun; passing is off"):
        strict.run("next")
    console.run("next")  # Orrin, announced and not begun, passes (FA-A5)
    assert any(o.startswith("Orrin passes: turn over, no action (FA-A5)") for o in out)
    assert console.state.phase == "maintenance"
    with pytest.raises(ValueError, match="every character has had its turn"):
        console.run("next")


def test_commands_catalogue_matches_the_console() -> None:
    """Every catalogue entry is a console verb and every verb has an entry; help is
    generated from the catalogue."""
    book = catalogue("faith")
    verbs = {c.verb for c in book.commands}
    handlers = {n[4:] for n in dir(FaithConsole) if n.startswith("cmd_")}
    assert verbs == handlers
    assert book.get("confront").row and not book.get("next").row
    assert [a.name for a in book.get("act").args] == ["NAME", "affects", "action"]
    assert "FA-15" in book.get("affects").rules
    assert help_text(book) == HELP and "  begin [NAME]" in HELP
    assert "  act NAME [ACTION ...] [affects=NAME,...]" in HELP


def test_pexpect_add_hand_all_wait_next_round_confront_affected() -> None:
    """`initiative track faith` in line mode as a GM types it: add -> hand (FA-3, FA-23),
    everyone waits -> the next round without reveal (FA-20, FA-A4), confront with the
    affected character (FA-15, FA-16)."""
    child = pexpect.spawn(sys.executable, ["-m", "initiative.cli.main", "track", "faith"],
                          encoding="utf-8", timeout=30, dimensions=(50, 200))
    try:
        child.expect_exact(PROMPT)
        for line, shown in [
            ("roster", "Sample roster loaded"),
            ("add Fenn initiative=4", "Fenn is dealt "),
            ("hand Fenn", "Fenn's hand: [0] "),
            ("round Vessa Fenn Reeve", "Round 1 begins (FA-1, FA-23): Vessa, Reeve, Fenn"),
            ("commit Vessa 0", "Vessa commits"),
            ("commit Fenn 1", "Fenn commits"),
            ("commit gm", "GM commits the top card"),
            ("reveal", "order (FA-8, FA-9): Fenn > Reeve > Vessa"),
            ("next", "Fenn is up (turn not started"),
            ("wait", "Fenn waits (card kept)"),
            ("wait", "Reeve waits (card kept)"),
            ("wait", "every character waits (FA-20)"),
            ("order", "round 1 ended with everyone waiting (FA-20)"),
            ("maintenance", "Round 1 over"),
            ("round", "no new cards, no reveal"),
            ("order", "next up: Fenn (not announced: 'next')"),
            ("act Fenn swings at the reeve affects=Reeve",
             "Fenn takes its turn (FA-12): swings at the reeve; affects Reeve (FA-15)"),
            ("confront Vessa", "error: Vessa is not affected by Fenn's action"),
            ("confront Reeve strength 1", "loses its turn this round (FA-16)"),
            ("next", "Vessa is up (turn not started"),
        ]:
            child.sendline(line)
            child.expect_exact(shown)
            child.expect_exact(PROMPT)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
