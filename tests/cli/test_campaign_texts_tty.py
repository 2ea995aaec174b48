"""A generic campaign started by a person in a real pseudo-terminal (issue 25): the battle
is numbered once ("Battle 1: ...", never "Battle 1: Battle 1: ..."), and the party's
seat is called the party, not the campaign's default name "Campaign"."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect

from tests.cli.helpers import ENV
from tests.cli.test_play_tty import PROMPT

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_a_generic_battle_is_numbered_once_and_fought_by_the_party(tmp_path: Path) -> None:
    env = {k: v for k, v in ENV.items() if k not in ("NO_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    child = pexpect.spawn(sys.executable, [
        "-m", "initiative.cli.main", "campaign", "new", "--seed", "7", "--battles", "6",
        "--db", f"sqlite:///{tmp_path / 'c.db'}"], env=env, encoding="utf-8", timeout=60,
        dimensions=(60, 160))
    child.expect(r"Your choice \(number, q to stop\): ")
    assert "1. all four fight; normal" in ANSI.sub("", child.before)
    child.sendline("1")
    child.expect(r"Battle 1: [^\r\n]+")
    heading = ANSI.sub("", child.match.group(0))
    assert not re.search(r"Battle 1: Battle", heading), heading
    child.expect(PROMPT)
    screen = ANSI.sub("", child.before)
    assert "You (Party):" in screen and "Campaign" not in screen
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
