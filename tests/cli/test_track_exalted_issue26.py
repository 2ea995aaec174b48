"""Issue 26's tick-tracker fixes, driven through the line console as a game master types
them: worthy foes and the contested roll (EX-1), a held turn's last chance (EX-17,
EX-A8), one meaning of ``next`` (announcing is not starting: EX-14, EX-17, EX-19) and
mooks added with their Initiative or successes typed (EX-8)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from initiative.cli.track_tui_rows import board_of
from initiative.timing.ticks import TickRules
from initiative.trackers.command_catalogue import catalogue
from initiative.trackers.exalted import HELP, PROMPT, ExaltedConsole

ROSTER = ["add Ryo stamina=3 wits=3 awareness=2",
          "add Brute npc stamina=4 wits=1 awareness=1",
          "add Sela stamina=2 wits=2 awareness=3"]


def console(lines: list[str], rules: TickRules | None = None,
            seed: int = 7) -> tuple[ExaltedConsole, list[str]]:
    out: list[str] = []
    c = ExaltedConsole(out.append, rules, seed=seed)
    for line in lines:
        c.run(line)
    return c, out


def said(c: ExaltedConsole, line: str) -> list[str]:
    """What one command line printed."""
    out: list[str] = []
    write, c.write = c.write, out.append
    try:
        c.run(line)
    finally:
        c.write = write
    return out


# ------------------------------------------------------------------ EX-1 worthy foes


def test_ex1_a_foe_declared_not_worthy_gets_no_turn_and_a_contest_settles_it(
        tmp_path: Path) -> None:
    """EX-1: the GM declares the Mook not worthy at the conflict's start; it needs no
    Join Battle, has no place in the turn order, and one contested roll of the seeded
    dice settles it; the rolls and the winner are in the log and the saved file."""
    c, _ = console([*ROSTER, "add Mook npc stamina=1 wits=2 awareness=1"])
    assert said(c, "worthy Mook no") == [
        "Mook is not a worthy foe (EX-1): no Join Battle and no turn order; one contested "
        "roll settles it ('contest')"]
    with pytest.raises(ValueError, match=r"not a worthy foe \(EX-1\)"):
        c.run("join Mook 2")
    for line in ("join Ryo 5", "join Brute 4", "join Sela 1"):
        c.run(line)
    started = said(c, "start")
    assert started[0] == ("Worthy foes (EX-1): Brute; not worthy, no turn order (settle "
                          "each with 'contest'): Mook")
    assert "Mook" not in c.tracker.turn_order()
    with pytest.raises(ValueError, match=r"not a worthy foe \(EX-1\): no combat action"):
        c.run("withering Ryo Mook 2")

    told = said(c, "contest Ryo Mook")
    assert len(told) == 1 and told[0].startswith(
        "Contest #1 (EX-1, no turn order): Ryo rolled Wits+Awareness 5 dice [")
    contest = c.tracker.contests[0]
    assert (contest.first.pool, contest.second.pool) == (5, 3)  # Wits + Awareness each
    assert len(contest.first.faces or ()) == 5 and len(contest.second.faces or ()) == 3
    a, b = contest.first.successes, contest.second.successes
    expected = "Ryo" if a > b else "Mook" if b > a else None
    assert contest.winner == expected
    assert told[0].endswith(f"{expected} wins" if expected else "contest again "
                            "(contest_tie=again)")
    assert any("Contest #1 (EX-1" in line for line in said(c, "log"))
    assert said(c, "order")[-1].startswith(f"contest #1: Ryo {a} v Mook {b}: ")

    # the same seed and lines give the same dice (determinism)
    again, _ = console([*ROSTER, "add Mook npc stamina=1 wits=2 awareness=1",
                        "worthy Mook no", "join Ryo 5", "join Brute 4", "join Sela 1",
                        "start", "contest Ryo Mook"])
    assert again.tracker.contests == c.tracker.contests

    # saved and loaded with its rolls and winner; undo takes the contest back
    path = tmp_path / "fight.json"
    c.run(f"save {path}")
    assert json.loads(path.read_text())["state"]["contests"][0][4] == expected
    loaded, _ = console([f"load {path}"])
    assert loaded.tracker.contests == c.tracker.contests
    assert not loaded.tracker.fighters["Mook"].worthy
    c.run("undo")
    assert c.tracker.contests == []


def test_ex1_contest_with_typed_successes_and_ties() -> None:
    """EX-1: `contest A N B M` takes the GM's successes; a tie has no winner by default
    (contest again), or goes to the first named under contest_tie=first_named_wins."""
    lines = [*ROSTER, "worthy Brute no", "join Ryo 5", "join Sela 1", "start"]
    c, _ = console(lines)
    assert said(c, "contest Ryo 5 Brute 3") == [
        "Contest #1 (EX-1, no turn order): Ryo 5 successes (entered); Brute 3 successes "
        "(entered); Ryo wins"]
    assert said(c, "contest Brute 2 Ryo 2")[0].endswith(
        "a tie: nobody wins, contest again (contest_tie=again)")
    assert c.tracker.contests[1].winner is None
    first, _ = console(lines, TickRules(contest_tie="first_named_wins"))
    assert said(first, "contest Brute 2 Ryo 2")[0].endswith(
        "a tie: Brute wins as the first named (contest_tie=first_named_wins)")


@pytest.mark.parametrize(("line", "fragment"), [
    ("contest Ryo Sela", "neither Ryo nor Sela is declared not worthy"),
    ("contest Ryo Ryo", "two different characters"),
    ("contest Ryo 3 Brute", "usage: contest NAME NAME | contest NAME N NAME N"),
    ("contest Ryo x Brute 2", "successes must be a whole number"),
    ("worthy Ryo no", "Ryo is a player character"),
    ("worthy Brute maybe", "usage: worthy NAME"),
    ("worthy Brute no", "Brute is already not a worthy foe"),
])
def test_ex1_bad_lines_name_the_problem_and_change_nothing(line: str, fragment: str) -> None:
    """EX-1: contests need a foe declared not worthy; only opponents are declared."""
    c, _ = console([*ROSTER, "worthy Brute no"])
    before = c.tracker.to_dict()
    with pytest.raises(ValueError, match=fragment.replace("|", r"\|")):
        c.run(line)
    assert c.tracker.to_dict() == before


def test_ex1_a_foe_already_in_the_battle_is_declared_before_its_join() -> None:
    c, _ = console([*ROSTER, "join Brute 3"])
    with pytest.raises(ValueError, match="already joined battle; declare it before"):
        c.run("worthy Brute no")
    c.run("undo")
    c.run("worthy Brute no")
    c.run("worthy Brute yes")  # the GM changes its mind: Brute rolls Join Battle again
    assert c.tracker.fighters["Brute"].worthy


# ------------------------------------------------------------------ one meaning of next


def test_next_announces_and_the_announced_character_may_still_delay() -> None:
    """EX-14, EX-17: `next` announces who is up without starting the turn, so that
    character may still delay; `order` says "up: NAME (not started)"; the first action
    begins the turn (EX-19) and `order` then says "acting: NAME"."""
    c, _ = console([*ROSTER, "join Ryo 5", "join Brute 4", "join Sela 1", "start"])
    assert said(c, "order")[-1] == "next up: Ryo (not announced: 'next')"
    assert said(c, "next") == [
        "Round 1: Ryo is up at tick 8 (turn not started: act or begin; it may still delay)"]
    assert c.tracker.active is None
    assert said(c, "order")[-1] == "up: Ryo (not started: act or begin; may still delay)"
    assert said(c, "delay") == ["Ryo -1i (delay, holds the turn) -> 7i"]  # EX-17
    said(c, "next")
    assert said(c, "act Brute strikes") == ["Round 1: Brute's turn begins at tick 7",
                                            "Brute: strikes"]
    assert said(c, "order")[-1] == "acting: Brute"
    # next never refuses because someone acts: it closes the turn and announces
    assert said(c, "next") == [
        "Brute's turn ends",
        "Round 1: Sela is up at tick 4 (turn not started: act or begin; it may still delay)"]
    # with no turn under way, next moves on: the announced character passes (EX-16)
    assert said(c, "next")[:3] == ["Round 1: Sela's turn begins at tick 4", "Sela passes",
                                   "Sela's turn ends"]


def test_begin_and_end_work_on_the_announced_character() -> None:
    """EX-19, EX-26: `begin` starts the announced turn; `end` before any action is a pass."""
    c, _ = console([*ROSTER, "join Ryo 5", "join Brute 4", "join Sela 1", "start", "next"])
    assert said(c, "begin") == ["Round 1: Ryo's turn begins at tick 8"]
    said(c, "next")
    assert said(c, "end") == ["Round 1: Brute's turn begins at tick 7", "Brute passes",
                              "Brute's turn ends"]


# ------------------------------------------------------------------ a held turn's last chance


HELD = [*ROSTER, "join Ryo 5", "join Brute 4", "join Sela 1", "start", "next", "delay",
        "next", "act Brute", "next", "act Sela"]


def test_ex_a8_the_holder_gets_a_last_chance_and_next_does_not_lapse_it() -> None:
    """EX-17, EX-A8: when only the holder is left, `order` and the full-screen header say
    it may still act; `next` announces its last chance instead of lapsing the turn."""
    c, _ = console(HELD)
    assert said(c, "next") == [
        "Sela's turn ends",
        "Last chance (EX-17, EX-A8): Ryo may still take the held turn ('held NAME'); "
        "'next' again lets it lapse and ends the round"]
    assert c.tracker.fighters["Ryo"].holding and c.tracker.round == 1
    shown = said(c, "order")
    assert "nobody; end the round" not in "\n".join(shown)
    assert shown[-1] == ("last chance: Ryo may still take the held turn (announced; "
                         "'held NAME'; 'next' again lets it lapse, EX-A8)")
    assert "last chance: Ryo may still take the held turn" in board_of(c).header
    assert said(c, "held Ryo") == ["Round 1: Ryo's turn begins at tick 7 (held turn)"]


def test_ex_a8_the_held_turn_lapses_only_when_the_gm_moves_on() -> None:
    """EX-A8: a second `next` is the GM moving on: the log says so, then the round ends."""
    c, _ = console([*HELD, "next"])
    assert said(c, "next")[:4] == [
        "Ryo lets its last chance go: the GM moves on (EX-A8)",
        "Ryo's held turn lapses at the end of the round",
        "Round 1 ends",
        "Round 2 begins; order: Ryo 7, Brute 7, Sela 4"]
    assert c.tracker.round == 2 and c.tracker.announced() == "Ryo"


def test_ex_a8_the_header_before_the_last_chance_is_announced() -> None:
    """EX-A8: the full-screen header names the holder's chance even before `next`."""
    c, _ = console([*HELD, "end"])
    assert "last chance: Ryo may still take the held turn ('held NAME'; 'next' lets it " \
        "lapse, EX-A8)" in board_of(c).header


# ------------------------------------------------------------------ mooks


def test_ex8_a_mook_is_added_with_its_initiative_or_successes_typed() -> None:
    """EX-8: `add NAME init N` and `add NAME successes N` need no Wits or Awareness:
    only a roll needs the pool."""
    c, _ = console([])
    assert said(c, "add Bandit npc init 7") == [
        "Bandit (NPC, Stamina 0, base 2i) joins the roster",
        "Bandit +7i (Join Battle, Initiative entered) -> 7i"]
    assert said(c, "add Cutthroat npc successes=3 stamina=2")[-1] == \
        "Cutthroat +6i (Join Battle, 3 successes entered (Wits+Awareness)) -> 6i"
    c.run("add Lookout npc stamina=1")  # joins later, with typed numbers
    with pytest.raises(ValueError, match="Lookout has no dice to roll"):
        c.run("join Lookout roll")
    assert said(c, "join Lookout init 4") == [
        "Lookout +4i (Join Battle, Initiative entered) -> 4i"]
    c.run("add Ryo stamina=3 wits=3 awareness=2")
    c.run("join Ryo 2")
    assert said(c, "start")[0] == "Worthy foes (EX-1): Bandit, Cutthroat, Lookout"


@pytest.mark.parametrize(("line", "fragment"), [
    ("add Ryo wits=x", "wits must be a whole number"),
    ("add Ryo init", "init needs a number"),
    ("add Ryo init 7 successes 2", "not both"),
    ("add Ryo init -1", "Initiative|init must be >= 0"),
])
def test_ex8_add_says_what_is_missing(line: str, fragment: str) -> None:
    c, _ = console([])
    with pytest.raises(ValueError, match=fragment):
        c.run(line)
    assert c.tracker.fighters == {}


def test_ex1_a_mook_without_a_pool_contests_with_typed_successes() -> None:
    """EX-1, EX-A13: only a roll needs the pool; a contest roll for a mook entered
    without Wits and Awareness asks for typed successes."""
    c, _ = console(["add Ryo stamina=3 wits=3 awareness=2", "add Mook npc stamina=1",
                    "worthy Mook no"])
    with pytest.raises(ValueError, match="Mook has no Wits\\+Awareness on its sheet"):
        c.run("contest Ryo Mook")
    assert said(c, "contest Ryo 2 Mook 1")[0].endswith("Ryo wins")


# ------------------------------------------------------------------ the catalogue


def test_the_catalogue_has_every_command_and_help_comes_from_it() -> None:
    """Each console verb has a catalogue record; help lists each form's usage."""
    commands = catalogue("exalted").commands
    verbs = {command.verb for command in commands}
    handlers = {name[4:] for name in dir(ExaltedConsole) if name.startswith("cmd_")}
    assert handlers == verbs
    for command in commands:
        for form in command.help_forms:
            assert form.usage in HELP
    rows = {command.verb for command in commands if command.row}
    assert {"join", "delay", "remove", "adjust", "begin", "worthy"} <= rows
    contest = catalogue("exalted").get("contest")
    assert [f.usage for f in contest.help_forms] == [
        "contest FIRST SECOND", "contest FIRST FIRST_SUCCESSES SECOND SECOND_SUCCESSES"]
    assert contest.rules == "EX-1, EX-A13" and "(EX-1, EX-A13)" in HELP


# ------------------------------------------------------------------ the terminal


def test_pexpect_line_mode_contest_and_announced_then_delay() -> None:
    """`initiative track exalted` as a person types it: an unworthy foe is settled by a
    contest (EX-1), then `next` announces Ryo, who delays before its turn (EX-17)."""
    pexpect = pytest.importorskip("pexpect")
    exe = Path(sys.executable).parent / "initiative"
    child = pexpect.spawn(str(exe), ["track", "exalted"], encoding="utf-8", timeout=30,
                          dimensions=(50, 200))
    try:
        for line, answer in [
            ("add Ryo stamina=3 wits=3 awareness=2", "Ryo (PC, Stamina 3, base 4i)"),
            ("add Brute npc stamina=4 wits=1 awareness=1", "Brute (NPC"),
            ("add Mook npc init 2", "Mook +2i (Join Battle, Initiative entered) -> 2i"),
            ("undo", "undone: add Mook npc init 2"),
            ("add Mook npc stamina=1 wits=2 awareness=1", "Mook (NPC"),
            ("worthy Mook no", "Mook is not a worthy foe (EX-1)"),
            ("join Ryo 5", "Ryo +8i"),
            ("join Brute 2", "Brute +5i"),
            ("start", "Worthy foes (EX-1): Brute; not worthy"),
            ("contest Ryo 4 Mook 1", "Ryo 4 successes (entered); Mook 1 success "
                                     "(entered); Ryo wins"),
            ("contest Ryo Mook", "Contest #2 (EX-1, no turn order): Ryo rolled "
                                 "Wits+Awareness 5 dice"),
            ("next", "Round 1: Ryo is up at tick 8 (turn not started"),
            ("order", "up: Ryo (not started: act or begin; may still delay)"),
            ("delay", "Ryo -1i (delay, holds the turn) -> 7i"),
            ("next", "Round 1: Brute is up at tick 5"),
            ("act Brute", "Round 1: Brute's turn begins at tick 5"),
            ("next", "Last chance (EX-17, EX-A8): Ryo may still take the held turn"),
            ("held Ryo", "Round 1: Ryo's turn begins at tick 7 (held turn)"),
        ]:
            child.expect_exact(PROMPT)
            child.sendline(line)
            child.expect_exact(answer)
        child.expect_exact(PROMPT)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
