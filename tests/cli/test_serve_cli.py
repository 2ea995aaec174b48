"""`initiative serve` tells people how to play over a local network (issue 16 item 7):
its --help and its startup lines name `--host 0.0.0.0` with the caution that anyone on
that network can then reach the server."""

from __future__ import annotations

import re
import subprocess
import time
from pathlib import Path

from initiative.cli.serve import network_note
from tests.cli.helpers import CLI, ENV, run_cli

LAN = "initiative serve --host 0.0.0.0"


def flat(text: str) -> str:
    """Help text without rich's boxes and line breaks."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def test_help_explains_playing_over_a_local_network() -> None:
    shown = flat(run_cli(["serve", "--help"]).stdout)
    assert "--host 0.0.0.0 lets people on your local network play" in shown
    assert "anyone on that network can then reach it" in shown


def test_the_startup_lines_say_who_can_reach_the_server(tmp_path: Path) -> None:
    out = tmp_path / "serve.out"
    with out.open("wb") as sink:
        proc = subprocess.Popen([*CLI, "serve", "--port", "0", "--db", str(tmp_path / "s.db")],
                                stdout=sink, stderr=subprocess.STDOUT, env=ENV)
    try:
        deadline = time.monotonic() + 40
        while LAN not in out.read_text() and time.monotonic() < deadline:
            assert proc.poll() is None, out.read_text()
            time.sleep(0.1)
    finally:
        proc.terminate()
        proc.wait(10)
    lines = out.read_text().splitlines()
    assert lines[0].startswith("Web table of every game: http://127.0.0.1:")
    assert lines[1] == network_note("127.0.0.1")
    assert LAN in lines[1] and "anyone on that network can then reach it" in lines[1]


def test_a_server_on_every_interface_says_so() -> None:
    for host in ("0.0.0.0", "192.168.1.20", "::"):
        note = network_note(host)
        assert LAN not in note and "anyone who can reach this computer" in note
    assert LAN in network_note("localhost") and LAN in network_note("::1")
