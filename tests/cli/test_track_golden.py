"""Golden sessions: two long scripted tracker sessions (tests/cli/golden/*_session.txt)
whose whole transcripts must not change silently. They exercise most rules of each seed
(ticks: Join Battle rolls, free actions, ties, flurry carry-over, delay and held turns,
withering and decisive, Crash and recovery tokens, effects, motes, rushes; cards:
commitments, the reveal, PC ties and declarations, waiting, confronting, the card
limit, maintenance, regeneration, undo and redo).

After an intended change, rewrite them with
``UPDATE_GOLDEN=1 pytest tests/cli/test_track_golden.py`` and read the diff before
committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from initiative.cli.track_lines import console_main

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("system", ["exalted", "faith"])
def test_golden_session(system: str, capsys: pytest.CaptureFixture[str]) -> None:
    script = GOLDEN / f"{system}_session.txt"
    expected = GOLDEN / f"{system}_session.out"
    assert console_main(system, script) == 0  # no command of the session is refused
    transcript = capsys.readouterr().out
    if os.environ.get("UPDATE_GOLDEN"):
        expected.write_text(transcript, encoding="utf-8")
    assert transcript == expected.read_text(encoding="utf-8")
