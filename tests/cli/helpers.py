"""Helpers for driving the `initiative` command end to end."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from initiative.cli.menu_choice import PROMPT
from initiative.games.ib.record import GameRecord, Recorder
from initiative.games.ib.state import IBState

CLI = [sys.executable, "-m", "initiative.cli.main"]
ENV = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1", "PYTHONIOENCODING": "utf-8"}


def run_cli(args: Sequence[str], stdin: str = "", timeout: float = 60,
            cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `initiative ARGS` with `stdin` piped in (not a terminal)."""
    return subprocess.run([*CLI, *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, env=ENV, cwd=cwd)


def screens(stdout: str) -> list[str]:
    """What was printed before each prompt, whitespace-normalised (one per decision)."""
    return [" ".join(chunk.split()) for chunk in stdout.split(PROMPT)[:-1]]


@dataclass
class Decision:
    """What the game master knows at one of the human's decisions."""

    state: IBState
    seat: int


def human_decisions(record: GameRecord, human: int) -> list[Decision]:
    """Step a record's moves and keep a snapshot at each decision of `human`."""
    recorder = Recorder(record.match(), record.seed, record.agreed_order)
    found = []
    for text in record.actions:
        if recorder.state.current_seat() == human:
            found.append(Decision(recorder.state.clone(), human))
        recorder.apply_text(text)
    return found
