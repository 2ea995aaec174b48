"""Initiative Break's terminal words as a person meets them (issue 25), typed in a real
pseudo-terminal: seats counted from 1 (`--seat 2` is Player 2, "seat 2" on screen), the
decision naming the unit without its internal key, and the end numbering the winning
team from 1 with its seats' names, as the web table does ("Team 2 (Player 2) wins.")."""

from __future__ import annotations

import re
import sys
from typing import Any

import pexpect

from tests.cli.helpers import ENV
from tests.cli.test_play_tty import PROMPT

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _spawn(*args: str) -> Any:
    env = {k: v for k, v in ENV.items() if k not in ("NO_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    return pexpect.spawn(sys.executable, ["-m", "initiative.cli.main", "play", *args],
                         env=env, encoding="utf-8", timeout=30, dimensions=(60, 160))


def test_seats_and_teams_count_from_1_and_the_decision_has_no_internal_key() -> None:
    child = _spawn("--seed", "9", "--seat", "2", "--max-activations", "40", "--bot", "random")
    child.expect(r"you are Player 2 \(seat 2, tideguard\) against the random bot")
    screens: list[str] = []
    while True:
        index = child.expect([PROMPT, r"Result: [^\r\n]+"])
        if index == 1:
            result = ANSI.sub("", child.match.group(0))
            break
        screens.append(ANSI.sub("", child.before))
        child.sendline("1")
    ending = ANSI.sub("", child.before)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    acts = [line for s in screens for line in s.splitlines() if "acts: choose an action" in line]
    assert acts, "Player 2 chose an action at least once"
    assert all(not re.search(r"\([a-z][a-z0-9_]*\) acts:", line) for line in acts), acts
    assert all(line.strip().split(" acts:")[0].endswith("(Player 2)") for line in acts), acts
    if "draw" in result:
        return
    said = re.search(r"Team ([12]) \((Player 1|Player 2)\) wins\.", result)
    assert said is not None, result
    assert int(said[1]) == {"Player 1": 1, "Player 2": 2}[said[2]]
    assert f"Team {said[1]} ({said[2]}) wins." in ending  # the log's last line: same words
    assert "Team 0" not in ending + result
