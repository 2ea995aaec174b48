"""`initiative play --game hex_skirmish` in a real pseudo-terminal (pexpect), played as
a person would: answers by number, questions, bad input, hotseat handoffs, Ctrl-C."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from initiative.engine.contract import GAME_MASTER
from initiative.games.hex.record import HexRecord, replay_prefix
from tests.cli.tty_kit import finish, spawn_play

PROMPT = r"Your choice \(number or move text, help, q to quit\): "
HANDOFF = r"Pass the keyboard to ([\w ]+ \(Player (\d)\)), then press Enter: "
END = r"(wins\.|no winner\.)"
SHORT = ("--rule", "round_limit=3")


def _spawn(*args: str) -> Any:
    return spawn_play("hex_skirmish", args, timeout=30, dimensions=(60, 100))


def test_a_person_plays_a_whole_seeded_game_against_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    child = _spawn("--seed", "5", *SHORT, "--record", str(path))
    child.expect("Hex skirmish, seed 5")
    child.expect(PROMPT)
    screen = child.before
    assert "Initiative line:" in screen and "(Player 1)'s hand:" in screen
    assert "\\__0,0__/" in screen and "NW     NE" in screen, "the map and its compass"
    child.sendline("help")
    child.expect("card NAME")
    child.expect(PROMPT)
    child.sendline("card dash")
    child.expect(r"Dash \(dash\): Move")
    child.expect(PROMPT)
    child.sendline("99")
    child.expect("There is no choice 99")
    decisions = 0  # the prompt after the error is the loop's first
    while child.expect([PROMPT, END]) == 0:
        child.sendline("1")
        decisions += 1
    finish(child)
    assert decisions > 5
    assert HexRecord.load(path).seed == 5


def _hand(screen: str, name: str) -> list[str]:
    """The card keys listed under `name`'s hand on one screen."""
    section = screen.split(f"{name}'s hand", 1)[1]
    return re.findall(r"slot \d: [^(\n]*\((\w+)\)", section.split("decides", 1)[0])


def test_hotseat_shows_each_person_only_their_own_hand(tmp_path: Path) -> None:
    path = tmp_path / "hotseat.json"
    child = _spawn("--seed", "8", "--human", "1", "--human", "2", *SHORT,
                   "--record", str(path))
    seen: list[tuple[int, str, str]] = []  # (seat, its name, the screen)
    at: tuple[int, str] | None = None
    while True:
        index = child.expect([HANDOFF, PROMPT, END])
        if index == 0:
            assert "\x1b[2J" in child.before or "\x1b[H" in child.before, \
                "the screen is cleared before the keyboard is passed on"
            at = (int(child.match.group(2)) - 1, child.match.group(1))  # shown from 1
            child.sendline("")
        elif index == 1:
            assert at is not None
            seen.append((at[0], at[1], child.before))
            child.sendline("1")
        else:
            break
    finish(child)
    names = {seat: name for seat, name, _ in seen}
    assert set(names) == {0, 1}
    record = HexRecord.load(path)
    for step, (seat, name, screen) in enumerate(seen):
        other = names[1 - seat]
        assert f"{other}'s hand" not in screen, "no screen shows the other seat's hand"
        state = replay_prefix(record, step)
        assert state.current_seat() == seat
        hands = state.view(GAME_MASTER).to_dict()["hands"]
        assert _hand(screen, name) == hands[str(seat)], "the hand shown is one's own"


def test_ctrl_c_and_ctrl_d_end_the_game_cleanly() -> None:
    for stop in ("intr", "eof"):
        child = _spawn("--seed", "3")
        child.expect(PROMPT)
        if stop == "intr":
            child.sendintr()
        else:
            child.sendeof()
        child.expect("Game abandoned.")
        finish(child)
