"""GM tracker speed: `python benchmarks/bench_trackers.py [ROUNDS]`.

Plays scripted combats through the consoles (each command parsed, applied atomically
and kept for undo), times the engine-contract `legal_actions` with 3 and 8 fighters,
and stores a console session in a SQLite tracker record (every command a durable
append), then reopens it (snapshot plus replay).
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable

from initiative.store import Store
from initiative.timing import ticks_commands as K
from initiative.timing.cards_content import sample_roster
from initiative.timing.cards_game import CardGame
from initiative.timing.ticks_game import TickGame
from initiative.timing.ticks_rules import CharacterSheet
from initiative.trackers import any_system, records
from initiative.trackers.base import TrackerConsole
from initiative.trackers.exalted import ExaltedConsole
from initiative.trackers.faith import FaithConsole

NAMES = ["Ryo", "Sela", "Ivo", "Tam", "Brute", "Shade", "Warden", "Hound"]


def _quiet(_: str) -> None:
    pass


def exalted_lines(rounds: int, fighters: int = 4) -> list[str]:
    names = NAMES[:fighters]
    lines = [f"add {n}{'' if i < fighters // 2 else ' npc'} stamina=3 wits=3 awareness=2"
             for i, n in enumerate(names)]
    lines += [f"join {n} {5 - i % 4}" for i, n in enumerate(names)] + ["start"]
    for r in range(rounds):
        for i in range(fighters):
            target = names[(i + 1 + r) % fighters]
            lines += ["next", f"withering {{active}} {target} {1 + (i + r) % 3}", "end"]
        lines.append("round force")
    return lines


def run_exalted(lines: list[str]) -> tuple[ExaltedConsole, int]:
    c = ExaltedConsole(_quiet)
    done = 0
    for line in lines:
        if "{active}" in line:
            active = c.tracker.active
            target = line.split()[2]
            if active is None or active == target:
                continue
            line = line.replace("{active}", active)
        c.run(line)
        done += 1
    return c, done


def faith_lines(rounds: int) -> list[str]:
    lines = ["roster"]
    for _ in range(rounds):
        lines += ["round", "commit Vessa top", "commit Orrin top", "commit Talwyn top",
                  "commit Marek top", "commit gm top", "reveal", "turns", "maintenance"]
    return lines


def run_faith(lines: list[str]) -> list[str]:
    """Run ``lines``; ``turns`` stands for every turn of the round, each `next` + `end`.
    Returns the command lines actually run."""
    c = FaithConsole(_quiet)
    ran: list[str] = []
    for line in lines:
        if line != "turns":
            c.run(line)
            ran.append(line)
            continue
        while c.state.phase == "turns":
            step = "end" if c.state.acting is not None else "next"
            c.run(step)
            ran.append(step)
    return ran


def timed(label: str, fn: Callable[[], int]) -> None:
    start = time.perf_counter()
    count = fn()
    elapsed = time.perf_counter() - start
    print(f"{label}: {count} in {elapsed:.2f} s = {count / elapsed:,.0f}/s "
          f"({elapsed / count * 1e6:,.0f} us each)")


def legal_actions_us(fighters: int) -> float:
    roster = [CharacterSheet(n, i < fighters // 2, stamina=3, wits=3, awareness=2)
              for i, n in enumerate(NAMES[:fighters])]
    state = TickGame(roster).new_initial_state(1)
    for i, sheet in enumerate(roster):
        state.apply(K.JoinBattle(sheet.name, 5 - i % 4))
    state.apply(K.StartCombat())
    while state.tracker.phase == "free_actions":
        state.apply(K.FreeAction(state.tracker.free_action_order()[0]))
    state.apply(K.Next())
    n = 50
    start = time.perf_counter()
    for _ in range(n):
        state.legal_actions()
    return (time.perf_counter() - start) / n * 1e6


def store_session(console: TrackerConsole, lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp, Store(f"sqlite:///{tmp}/t.db") as store:
        record_id = records.create_tracker(store, console, "bench")
        record = any_system.open_tracker(store, record_id)
        start = time.perf_counter()
        for line in lines:
            records.append_line(store, record, line)
        elapsed = time.perf_counter() - start
        print(f"stored commands: {len(lines)} in {elapsed:.2f} s = "
              f"{len(lines) / elapsed:,.0f}/s (each a durable SQLite append)")
        start = time.perf_counter()
        reopened = any_system.open_tracker(store, record_id)
        print(f"reopen after {len(lines)} commands: "
              f"{(time.perf_counter() - start) * 1000:.0f} ms")
        assert reopened.console.save_data() == record.console.save_data()


def main(argv: list[str]) -> None:
    rounds = int(argv[0]) if argv else 100
    ex_lines = exalted_lines(rounds)
    timed(f"exalted console commands ({rounds} rounds, 4 fighters)",
          lambda: run_exalted(ex_lines)[1])
    fa_lines = faith_lines(rounds)
    timed(f"faith console commands ({rounds} rounds, sample roster)",
          lambda: len(run_faith(fa_lines)))
    for fighters in (3, 8):
        print(f"tick legal_actions with {fighters} fighters: "
              f"{legal_actions_us(fighters):,.0f} us")
    cards = CardGame(sample_roster()).new_initial_state(1)
    start = time.perf_counter()
    for _ in range(50):
        cards.legal_actions()
    print(f"card legal_actions (GM, idle): {(time.perf_counter() - start) / 50 * 1e6:,.0f} us")
    store_session(FaithConsole(_quiet), run_faith(faith_lines(20)))


if __name__ == "__main__":
    main(sys.argv[1:])
