"""The Exalted-style tick-initiative REPL, driven by scripted lines."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from initiative.cli.track_lines import console_main, run_tracker
from initiative.timing.ticks import TickRules
from initiative.trackers.exalted import HELP, PROMPT

SETUP = [
    "add Ryo stamina=3 wits=3 awareness=2",
    "add Sela stamina=2 wits=2 awareness=3 stealth=2 motes=10",
    "add Brute npc stamina=4 wits=1 awareness=1",
    "join Ryo 5",
    "join Sela 1",
    "join Brute 4",
    "start",
]


class Console:
    """Feeds scripted lines to run_tracker and records every prompt and output line."""

    def __init__(self, rules: TickRules | None = None) -> None:
        self.out: list[str] = []
        self.prompts = 0
        self.rules = rules

    def run(self, lines: list[str]) -> int:
        feed = iter(lines)

        def read(prompt: str) -> str | None:
            self.prompts += 1
            assert prompt == PROMPT
            return next(feed, None)

        return run_tracker("exalted", read, self.out.append, self.rules, seed=3)

    def block(self, lines: list[str]) -> list[str]:
        """Run a fresh session and return only what the last line printed."""
        self.out.clear()
        self.run(lines[:-1])
        before = len(self.out)
        self.out.clear()
        self.run(lines)
        return self.out[before:]


def output(lines: list[str], rules: TickRules | None = None) -> list[str]:
    c = Console(rules)
    assert c.run(lines) == 0
    return c.out


def after(lines: list[str]) -> list[str]:
    """What the final command printed (the earlier ones are replayed first)."""
    return Console().block(lines)


def order_of(lines: list[str]) -> list[str]:
    return after([*lines, "order"])


def test_short_combat_announces_each_change() -> None:
    out = output(SETUP)
    assert out[0] == "Ryo (PC, Stamina 3, base 4i) joins the roster"
    assert "Brute (NPC, Stamina 4, base 4i) joins the roster" in out
    assert "Ryo +8i (Join Battle, 5 successes entered (Wits+Awareness)) -> 8i" in out
    assert out[-1] == "Round 1 begins; order: Ryo 8, Brute 7, Sela 4"
    # `next` announces who is up; the turn begins with `begin` or a first action
    assert after([*SETUP, "next"]) == [
        "Round 1: Ryo is up at tick 8 (turn not started: act or begin; it may still delay)"]
    assert after([*SETUP, "next", "begin"]) == ["Round 1: Ryo's turn begins at tick 8"]


def test_withering_changes_the_order_and_the_log_explains_it() -> None:
    lines = [*SETUP, "next", "withering Ryo Brute 5 gain=3"]
    assert after(lines) == [
        "Round 1: Ryo's turn begins at tick 8",  # the first action begins the turn
        "Ryo makes a withering attack on Brute",
        "Brute -5i (withering by Ryo) -> 2i, drops below Sela",
        "Ryo +3i (withering on Brute) -> 11i",
    ]
    board = order_of(lines)
    assert board[0] == "phase combat, round 1"
    assert [row.split()[0] for row in board[1:4]] == ["Ryo", "Sela", "Brute"]
    assert "[active]" in board[1]
    assert board[-2:] == ["still to act: Sela, Brute", "acting: Ryo"]
    assert after([*lines, "end", "order"])[1].endswith("[acted]")


def test_withering_gain_defaults_to_the_loss() -> None:
    out = after([*SETUP, "next", "withering Ryo Brute 2"])
    assert out[-1] == "Ryo +2i (withering on Brute) -> 10i"


def test_decisive_resets_to_base_also_on_a_miss() -> None:
    out = after([*SETUP, "next", "decisive Ryo Brute miss"])
    assert out == [
        "Round 1: Ryo's turn begins at tick 8",
        "Ryo makes a decisive attack on Brute and misses",
        "Ryo -4i (decisive on Brute, reset to base) -> 4i, drops below Brute",
    ]


def test_act_flurry_delay_held_spend_and_rounds() -> None:
    lines = [*SETUP, "act Ryo", "flurry Ryo feint", "end", "delay Brute"]
    out = output([*lines, "next", "spend Sela 2 a warding charm", "end", "held Brute", "end"])
    assert "Round 1: Ryo's turn begins at tick 8" in out
    assert "Ryo: acts" in out
    assert "Ryo: feint (flurry, -3)" in out
    assert "Brute -1i (delay, holds the turn) -> 6i" in out
    assert "Sela -2i (a warding charm) -> 2i" in out
    assert "Round 1: Brute's turn begins at tick 6 (held turn)" in out
    rounds = after([*lines, "next", "end", "held Brute", "end", "round"])
    assert rounds[-1].startswith("Round 2 begins; order: Ryo 8")
    assert "reminder: Ryo's first action this round is at -3 (flurry last round)" in after(
        [*lines, "next", "end", "held Brute", "end", "round", "begin"]
    )


def test_undo_and_redo_restore_exact_states(tmp_path: Path) -> None:
    base = [*SETUP, "next", "withering Ryo Brute 5 gain=3"]
    before = tmp_path / "before.json"
    after_hit = tmp_path / "after.json"
    undone = tmp_path / "undone.json"
    redone = tmp_path / "redone.json"
    out = output(
        [
            *SETUP,
            "next",
            f"save {before}",
            "withering Ryo Brute 5 gain=3",
            f"save {after_hit}",
            "undo",
            f"save {undone}",
            "redo",
            f"save {redone}",
        ]
    )
    assert "undone: withering Ryo Brute 5 gain=3" in out
    assert "redone: withering Ryo Brute 5 gain=3" in out
    assert json.loads(undone.read_text()) == json.loads(before.read_text())
    assert json.loads(redone.read_text()) == json.loads(after_hit.read_text())
    # undo reaches every step back to the empty roster, and order reflects it
    rows = order_of([*base, "undo", "undo"])
    assert [row.split() for row in rows[1:4]] == [["Ryo", "8i"], ["Brute", "7i"], ["Sela", "4i"]]
    assert rows[-2:] == ["still to act: Ryo, Brute, Sela",
                         "next up: Ryo (not announced: 'next')"]
    many = ["undo"] * (len(base))
    assert after([*base, *many, "order"]) == ["phase join"]
    assert after([*base, *many, "undo"]) == ["error: nothing to undo"]
    # a new change drops the redo branch
    assert after([*base, "undo", "end", "redo"]) == ["error: nothing to redo"]


def test_save_load_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    rules = TickRules(flurry_penalty=2)
    c = Console(rules)
    c.run([*SETUP, "next", "withering Ryo Brute 5 gain=3", f"save {path}"])
    data = json.loads(path.read_text())
    assert data["rules"]["flurry_penalty"] == 2
    assert data["state"]["round"] == 1
    first_board = after([*SETUP, "next", "withering Ryo Brute 5 gain=3", "order"])
    d = Console()
    d.run([f"load {path}", "order", "log", f"save {tmp_path / 'again.json'}"])
    assert d.out[0] == "loaded " + str(path) + ": phase combat, round 1, 3 character(s)"
    assert d.out[1 : 1 + len(first_board)] == first_board
    assert any("drops below Sela" in line for line in d.out)
    assert json.loads((tmp_path / "again.json").read_text()) == data
    # the loaded rules travel with the state: the flurry penalty is 2, not 3
    e = Console()
    e.run([f"load {path}", "flurry Ryo feint"])
    assert e.out[-1] == "Ryo: feint (flurry, -2)"
    # loading is an undoable step
    assert after([f"load {path}", "undo", "order"]) == ["phase join"]


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("bogus", "unknown command"),
        ("add Mook stamina=x", "stamina must be a whole number"),
        ("add Mook stamina=x wits=1 awareness=1", "whole number"),
        ("add Mook stamina=1 wits=1 awareness=1 charm=2", "unknown field"),
        ("add Ryo stamina=1 wits=1 awareness=1", "already on the roster"),
        ("join Nobody 3", "no character named"),
        ("join Ryo 2", "already joined"),
        ("join Ryo -2", ">= 0"),
        ("end", "no turn is under way"),
        ("act Sela", "it is Ryo's turn"),
        ("withering Ryo Ryo 3", "itself"),
        ("withering Ryo Brute", "usage"),
        ("withering Ryo Brute 3 gain", "usage"),
        ("decisive Ryo", "needs a target"),
        ("spend Sela lots", "whole number"),
        ("held Brute", "not holding"),
        ("round", "still under way"),
        ("start", "already started"),
        ("redo", "nothing to redo"),
        ("load /nonexistent/fight.json", "No such file"),
        ("save /nonexistent/dir/fight.json", "No such file"),
    ],
)
def test_bad_commands_give_error_and_change_nothing(
    tmp_path: Path, line: str, fragment: str
) -> None:
    script = [*SETUP, "next", "act Ryo"]
    if line == "end":
        script = [*SETUP, "next", "end", "next", "end", "next", "end"]
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    c = Console()
    c.run([*script, f"save {first}", line, f"save {second}"])
    errors = [x for x in c.out if x.startswith("error:")]
    assert len(errors) == 1 and fragment in errors[0], errors
    assert json.loads(first.read_text()) == json.loads(second.read_text())
    # and undo still steps back over the last real change, not over the error
    assert Console().block([*script, line, "undo"])[-1].startswith("undone: ")


def test_bad_load_file_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    other = tmp_path / "other.json"
    other.write_text('{"format": "something else"}')
    assert after(["add Ryo stamina=1 wits=1 awareness=1", f"load {junk}"])[0].startswith("error: ")
    assert "not a saved" in after([f"load {other}"])[0]


def test_help_quit_and_eof() -> None:
    c = Console()
    assert c.run(["help", "quit", "add Ryo stamina=1 wits=1 awareness=1"]) == 0
    assert c.out == [HELP]
    assert c.prompts == 2
    for word in ("add", "join", "start", "next", "act", "flurry", "delay", "held", "withering"):
        assert f"  {word} " in HELP
    for word in ("decisive", "spend", "end", "round", "order", "log", "undo", "save", "quit"):
        assert f"  {word}" in HELP
    for word in ("free", "tie", "move", "adjust", "rush", "effect", "uneffect", "motes",
                 "remove", "ledger", "endcombat", "rules"):
        assert f"  {word} " in HELP
    d = Console()
    assert d.run([]) == 0 and d.out == [] and d.prompts == 1


def test_console_main_script_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "fight.txt"
    script.write_text("\n".join([*SETUP, "# a comment", "next", "order"]) + "\n")
    assert console_main("exalted", script) == 0
    text = capsys.readouterr().out
    assert f"{PROMPT}start" in text
    assert "Round 1: Ryo is up at tick 8" in text
    assert "up: Ryo (not started: act or begin; may still delay)" in text
    script.write_text("bogus\n")
    assert console_main("exalted", script) == 1
    assert console_main("exalted", tmp_path / "missing.txt") == 2


def test_pexpect_prompt_and_answer() -> None:
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(
        sys.executable,
        [
            "-c",
            "from initiative.cli.track_lines import console_main; import sys; "
            "sys.exit(console_main('exalted', None))",
        ],
        encoding="utf-8",
        timeout=20,
    )
    try:
        child.expect_exact(PROMPT)
        child.sendline("add Ryo stamina=3 wits=3 awareness=2")
        child.expect_exact("Ryo (PC, Stamina 3, base 4i) joins the roster")
        child.expect_exact(PROMPT)
        child.sendline("join Ryo 2")
        child.expect_exact("-> 5i")
        child.expect_exact(PROMPT)
        child.sendline("frobnicate")
        child.expect_exact("error: unknown command 'frobnicate'")
        child.expect_exact(PROMPT)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
