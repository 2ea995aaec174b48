"""`initiative play --tutorial` in a real pseudo-terminal (pexpect), played as a person
would: every decision of the guided first game shows a hint (games/ib/text/tutorial.py)
with a suggested choice; the player follows most of them, ignores some, and the hints go
on to the end of the game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect

from tests.cli.helpers import run_cli
from tests.cli.tty_kit import finish, spawn_play

PROMPT = r"Your choice \(number or move text, help, q to quit\): "
SUGGESTED = re.compile(r"Suggested: (\d+)\. ")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_the_tutorial_hints_every_decision_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "tutorial.json"
    child = spawn_play("initiative_break", ("--tutorial", "--record", str(path)),
                       timeout=30, dimensions=(80, 400))
    child.expect("Tutorial: your first game")
    child.expect("seed 25")
    topics: set[str] = set()
    decisions = 0
    while child.expect([PROMPT, r"Result: you (win|lose)"]) == 0:
        screen = ANSI.sub("", child.before)
        assert "Hint: " in screen, f"decision {decisions + 1} has no hint"
        hint = screen[screen.rindex("Hint: "):]
        found = SUGGESTED.search(hint)
        assert found is not None, hint
        for topic in ("Opening hand (IB 2.8.2)", "on the Active slot", "Choose the target",
                      "Paying a cost", "Initiative Break window"):
            if topic in hint:
                topics.add(topic)
        decisions += 1
        if decisions == 2:  # ignore the suggestion once: the next hint still comes
            assert "on the Active slot" in hint
            child.sendline("basic")
        else:
            child.sendline(found.group(1))
    finish(child)
    assert decisions > 10
    assert {"Opening hand (IB 2.8.2)", "on the Active slot", "Choose the target"} <= topics
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seed"] == 25


def test_the_tutorial_refuses_options_of_another_game() -> None:
    done = run_cli(["play", "--tutorial", "--format", "2v2"])
    assert done.returncode != 0
    assert "--tutorial plays a fixed first game: leave out --format" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_tutorial_quits_cleanly() -> None:
    child = spawn_play("initiative_break", ("--tutorial",), timeout=30,
                       dimensions=(60, 200))
    child.expect("Hint: ")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Game abandoned.")
    child.expect(pexpect.EOF)


def test_the_tutorial_reads_the_rules_and_the_bot() -> None:
    """--max-activations and --bot apply to the tutorial's fixed deal; every decision,
    answered `1` whatever the hint says, still gets a hint."""
    done = run_cli(["play", "--tutorial", "--max-activations", "8", "--bot", "heuristic"],
                   stdin="1\n" * 60)
    assert done.returncode == 0, done.stderr
    prompts = done.stdout.count("Your choice (number or move text")
    assert prompts > 3 and done.stdout.count("Hint: ") == prompts
    assert "Result: draw (activation limit 8 reached)." in done.stdout
