"""Golden playthroughs (tests/golden): stored random games whose replays must not change.

Each file is a game record with its full rendered log. A failure here means the rules,
the log wording or the notation changed behaviour. If the change is intended, rewrite
the files with ``python -m initiative.games.ib.record --make-golden tests/golden`` and
review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.games.ib.record import GOLDEN, GameRecord, golden_record, position_hash, replay

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"
REGENERATE = "python -m initiative.games.ib.record --make-golden tests/golden"


def test_every_golden_game_has_a_file() -> None:
    assert sorted(p.stem for p in GOLDEN_DIR.glob("*.json")) == sorted(GOLDEN)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_replay_is_unchanged(name: str) -> None:
    record = GameRecord.load(GOLDEN_DIR / f"{name}.json")
    assert record.result is not None and record.log, "golden games are finished, with a log"
    state = replay(record)  # checks the result, the final position hash and every sentence
    assert state.result == record.result
    assert position_hash(state) == record.final_hash


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_file_is_what_the_generator_writes(name: str) -> None:
    """Random play from the same seeds picks the same moves (legal actions unchanged)."""
    stored = (GOLDEN_DIR / f"{name}.json").read_text(encoding="utf-8")
    assert golden_record(name).to_json() == stored, f"regenerate with: {REGENERATE}"
