"""What the pseudo-terminal tests of `initiative play` share (tests/cli/test_hex_play_tty.py,
tests/cli/test_ti_play_tty.py): a game started in a real terminal and its clean end."""

from __future__ import annotations

import sys
from typing import Any

import pexpect

from tests.cli.helpers import ENV


def spawn_play(game: str, args: tuple[str, ...], *, timeout: int,
               dimensions: tuple[int, int]) -> Any:
    """`initiative play --game GAME ARGS...` in a colour terminal of `dimensions`
    (rows, columns)."""
    env = {k: v for k, v in ENV.items() if k not in ("NO_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    return pexpect.spawn(sys.executable,
                         ["-m", "initiative.cli.main", "play", "--game", game, *args],
                         env=env, encoding="utf-8", timeout=timeout, dimensions=dimensions)


def finish(child: Any) -> None:
    """The program ends with exit code 0 and no traceback."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")
