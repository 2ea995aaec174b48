"""`initiative play` in a real pseudo-terminal (pexpect): styled output, prompts, quit."""

from __future__ import annotations

import sys
from typing import Any

import pexpect

from tests.cli.helpers import ENV

PROMPT = r"Your choice \(number or move text, help, q to quit\): "


def _spawn(*args: str) -> Any:
    env = {k: v for k, v in ENV.items() if k not in ("NO_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    return pexpect.spawn(sys.executable, ["-m", "initiative.cli.main", "play", *args],
                         env=env, encoding="utf-8", timeout=20, dimensions=(60, 140))


def test_interactive_prompt_reprompts_and_quits() -> None:
    child = _spawn("--seed", "3", "--max-activations", "10")
    child.expect("Track")
    child.expect(r"\[RM\]")
    child.expect(PROMPT)
    assert "\x1b[" in child.before, "a terminal gets styles"
    child.sendline("banana")
    child.expect("'banana' is not a legal move here")
    child.expect(PROMPT)
    child.sendline("99")
    child.expect("There is no choice 99: enter a number from 1 to 2.")
    child.expect(PROMPT)
    child.sendline("mulligan")
    child.expect("Player 1 takes a mulligan")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Game abandoned.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_interactive_game_to_the_end() -> None:
    child = _spawn("--seed", "9", "--max-activations", "12")
    while True:
        index = child.expect([PROMPT, "Result: "])
        if index == 1:
            break
        child.sendline("1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_d_exits_cleanly() -> None:
    child = _spawn("--seed", "3")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("Game abandoned.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
