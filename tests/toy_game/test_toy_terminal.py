"""Lantern race at the terminal, each command in a subprocess that knows the toy only by
its folder on PYTHONPATH: `initiative play --game toy` watched, recorded and played by a
person typing in a real terminal (pexpect), `initiative replay` of the record,
`initiative rules --game toy`, `initiative bench --game toy` and `initiative cards lint
--game toy`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pexpect

from tests.cli.tty_kit import finish
from tests.toy_game.support import run_toy, toy_env

PROMPT = r"Your choice \(number or move text, help, q to quit\): "
END = r"(wins\.|ends in a draw\.)"


def spawn(*args: str) -> Any:
    """`initiative play --game toy ARGS...` in a pseudo-terminal."""
    env = {k: v for k, v in toy_env(TERM="xterm-256color").items()
           if k not in ("NO_COLOR", "COLUMNS")}
    return pexpect.spawn(sys.executable, ["-m", "initiative.cli.main", "play", "--game",
                                          "toy", *args],
                         env=env, encoding="utf-8", timeout=30, dimensions=(50, 110))


def test_bots_play_it_watched_and_recorded_and_replay_tells_the_record(tmp_path: Path
                                                                        ) -> None:
    record = tmp_path / "watched.json"
    played = run_toy(["play", "--game", "toy", "--watch", "--seed", "3", "--names", "Ann+Bea",
                      "--rule", "goal=15", "--record", str(record)])
    assert played.returncode == 0, played.stderr
    out = played.stdout
    assert out.startswith("Lantern race, seed 3: 15 steps to the end.\n"
                          "  seat 0: Ann, random bot\n  seat 1: Bea, random bot\n")
    assert "Game over" in out and f"Record saved to {record}" in out
    data = json.loads(record.read_text())
    assert data["format"] == "toy-record/1" and data["seed"] == 3
    assert data["params"]["seat_names"] == ["Ann", "Bea"]
    assert data["params"]["rules"] == {"goal": 15}

    told = run_toy(["replay", str(record)])
    assert told.returncode == 0, told.stderr
    lines = told.stdout.splitlines()
    assert lines[:-2] == data["log"]
    assert lines[-2] == f"{len(data['actions'])} actions replayed."
    assert lines[-1].startswith("Result: ") and lines[-1].split(":")[1].split()[0] in out
    verbose = run_toy(["replay", "--verbose", str(record)])
    assert verbose.stdout.startswith("[1] Ann: ")
    position = run_toy(["replay", str(record), "--position-after", "0"])
    assert json.loads(position.stdout)["positions"] == [0, 0]

    data["actions"] = data["actions"][:-1]
    record.write_text(json.dumps(data))
    broken = run_toy(["replay", str(record)])
    assert broken.returncode == 1 and "error:" in broken.stderr


def test_a_person_plays_a_whole_game_by_typing_choices(tmp_path: Path) -> None:
    record = tmp_path / "person.json"
    child = spawn("--seed", "5", "--names", "Ann+Bea", "--rule", "goal=12",
                  "--record", str(record))
    child.expect("Lantern race, seed 5: 12 steps to the end.")
    child.expect(PROMPT)
    screen = child.before
    assert "Ann's hand (seat 1):" in screen and "slot 0: " in screen
    assert "1. walk - Walk 1 step" in screen and "2. roll - " in screen
    child.sendline("help")
    child.expect("walk, roll or play SLOT")
    child.expect(PROMPT)
    child.sendline("9")
    child.expect("There is no choice 9")
    child.expect(PROMPT)
    child.sendline("path")
    child.expect(r"The path \(12 steps\):")  # its prompt is the loop's first
    answers = iter(["walk", "play 0", "2", "1"])
    decisions = 0
    while child.expect([PROMPT, END]) == 0:
        child.sendline(next(answers, "1"))
        decisions += 1
    finish(child)
    assert decisions >= 3
    data = json.loads(record.read_text())
    ann = [index for n, index in enumerate(data["actions"]) if n % 2 == 0]
    assert ann[:4] == [0, 2, 1, 0], "walk, play 0, roll (menu 2), walk (menu 1)"


def test_hotseat_clears_the_screen_between_the_two_people() -> None:
    child = spawn("--seed", "6", "--human", "1", "--human", "2")
    child.expect(r"Pass the keyboard to Amber \(seat 1\), then press Enter: ")
    child.sendline("")
    child.expect(PROMPT)
    assert "Amber's hand (seat 1):" in child.before
    child.sendline("walk")
    child.expect(r"Pass the keyboard to Blue \(seat 2\), then press Enter: ")
    child.sendline("")
    child.expect(PROMPT)
    assert "Blue's hand (seat 2):" in child.before and "Amber's hand" not in child.before
    child.sendline("q")
    child.expect("Game abandoned.")
    finish(child)


def test_play_help_lists_the_toys_own_options_and_bad_ones_are_refused() -> None:
    shown = run_toy(["play", "--game", "toy", "--help"])
    assert shown.returncode == 0
    assert "--names" in shown.stdout and "--first" in shown.stdout
    assert "Lantern race, the toy game of docs/new-game.md" in " ".join(shown.stdout.split())
    bad = run_toy(["play", "--game", "toy", "--watch", "--rule", "goal=3"])
    assert bad.returncode != 0 and "goal must be 5 to 99" in bad.stderr
    other = run_toy(["play", "--game", "toy", "--players", "3"])
    assert other.returncode == 2 and "--players" in other.stderr


def test_rules_bench_and_lint_serve_the_toy(tmp_path: Path) -> None:
    rules = run_toy(["rules", "--game", "toy"])
    assert rules.returncode == 0, rules.stderr
    assert "die_sides = 6 [TOY-A2] (or 4, 8): the faces of the die a roll throws" \
        in rules.stdout
    assert "round_limit = 30 [TOY-A5] (or any whole number, none)" in rules.stdout
    bench = run_toy(["bench", "--game", "toy", "--games", "20", "--seed", "2"])
    assert bench.returncode == 0, bench.stderr
    figures = dict(line.split(": ") for line in bench.stdout.splitlines())
    assert float(figures["decisions_per_game"]) > 5 and "us_per_activation" not in figures
    lint = run_toy(["cards", "lint", "--game", "toy"])
    assert lint.returncode == 0 and lint.stdout.strip().endswith("cards.json: ok")
    bad = tmp_path / "bad.json"
    bad.write_text('{"cards": [{"key": "gust", "name": "Gust", "push": 1, "copies": 30}]}')
    failed = run_toy(["cards", "lint", "--game", "toy", str(bad)])
    assert failed.returncode == 1
    assert f"error: {bad}: cards[0].copies: a whole number 1 to 9, got 30" in failed.stdout
