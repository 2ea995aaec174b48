"""Seats named the same on every front end (issue 25 item 4), in a real pseudo-terminal:
the name a person reads for a seat in `initiative play` (the opening, the handoff, the
hand, the log) is the game's one name for it, `SeatSetup.label` (``Kestrel (Player 1)``),
the string the web table and the JSON state show too (tests/games/test_seat_names.py,
tests/web/test_seat_names_web.py)."""

from __future__ import annotations

import re
from typing import Any

from initiative.games import load_game
from tests.cli.tty_kit import spawn_play

HEX_PROMPT = r"Your choice \(number or move text, help, q to quit\): "
TI_READY = r"Press Enter when ready \(q to quit\): "


def _quit(child: Any) -> None:
    child.sendline("q")
    child.expect("Game abandoned.")


def test_hex_the_terminal_names_each_seat_by_the_games_one_name() -> None:
    labels = [s.label for s in load_game("hex_skirmish", players=2,
                                         characters=["corvell", "tamsin"]).setup.seats]
    assert labels == ["Corvell (Player 1)", "Tamsin (Player 2)"]
    child = spawn_play("hex_skirmish", ("--seed", "4", "--characters", "corvell+tamsin",
                                        "--human", "1", "--human", "2"),
                       timeout=30, dimensions=(60, 100))
    child.expect(r"  seat 1: (.+?), Style ")
    assert child.match.group(1) == labels[0]
    child.expect(r"  seat 2: (.+?), Style ")
    assert child.match.group(1) == labels[1]
    child.expect(r"Pass the keyboard to (.+?), then press Enter: ")
    first = child.match.group(1)
    assert first in labels
    child.sendline("")
    child.expect(HEX_PROMPT)
    screen = child.before
    assert f"{first}'s hand:" in screen
    assert f"{first} decides:" in screen
    units = re.findall(r"^  (\d) (.+?), Style ", screen, re.M)
    assert units == [("1", labels[0]), ("2", labels[1])], "units counted from 1"
    assert all(f"{label} draws" in screen for label in labels), "the log"
    _quit(child)


def test_ti_the_terminal_names_each_seat_by_the_games_one_name() -> None:
    labels = [s.label for s in load_game("the_initiative", players=2,
                                         characters=["pip", "ada"]).setup.seats]
    assert labels == ["Pip Calloway (Player 1)", "Ada Quill (Player 2)"]
    child = spawn_play("the_initiative", ("--seed", "3", "--players", "2",
                                          "--characters", "pip+ada",
                                          "--human", "1", "--human", "2"),
                       timeout=60, dimensions=(80, 80))
    child.expect(r"  seat 1: (.+?), played here")
    assert child.match.group(1) == labels[0]
    child.expect(r"  seat 2: (.+?), played here")
    assert child.match.group(1) == labels[1]
    child.expect(r"Pass the keyboard to ([^\r\n]+?)( to [^.\r\n]+)?\.\s+" + TI_READY)
    first = child.match.group(1)
    assert first in labels
    child.sendline("")
    child.expect(r"Your choice \(")
    screen = child.before
    assert f"{first}'s hand:" in screen and f"{first} decides:" in screen
    assert f"{labels[0]} draws a card." in screen, "the log"
    assert re.search(r"P1 [^\r\n]*\r?\n(?:.*\r?\n)*?  P1 " + re.escape(labels[0]), screen), \
        "the board's mark P1 and its key name seat 1"
    _quit(child)
