"""Golden games of The Initiative (tests/golden/ti): stored seeded random games whose
replays must not change.

Each file is a record (games/ti/record.py) of a random game with its full game-master
log and final position: one, two, three and four seats, every shipped mission, every
house rule flag changed, a game with explicit chance and a game won by an oracle. A
failure means the rules, the content, the log wording or the notation changed
behaviour; if intended, rewrite them with
``python -m initiative.games.ti.record --make-golden tests/golden/ti`` and review the
diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.games.ti.content import default_content
from initiative.games.ti.notation import load_position, position_of
from initiative.games.ti.record import (
    GOLDEN,
    TIRecord,
    golden_record,
    rendered_log,
    replay,
    result_line,
)
from tests.record_kit import check_golden_file, check_golden_replay, check_replay_tells

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden" / "ti"
REGENERATE = "python -m initiative.games.ti.record --make-golden tests/golden/ti"


def _records() -> list[TIRecord]:
    return [TIRecord.load(GOLDEN_DIR / f"{name}.json") for name in GOLDEN]


def test_every_golden_game_has_a_file() -> None:
    assert sorted(p.stem for p in GOLDEN_DIR.glob("*.json")) == sorted(GOLDEN)


def test_the_golden_games_cover_seats_missions_rules_and_chance() -> None:
    records = _records()
    assert {r.params["players"] for r in records} == {1, 2, 3, 4}
    assert {r.params["mission"] for r in records} >= set(default_content().missions)
    assert any(r.explicit_chance for r in records)
    assert any(len(r.params.get("rules", {})) >= 3 for r in records)
    assert {r.reason for r in records} >= {"solved", "time"}, "won and lost games"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_replay_is_unchanged(name: str) -> None:
    record = TIRecord.load(GOLDEN_DIR / f"{name}.json")
    check_golden_replay(record, replay, rendered_log, position_of)
    again = load_position(record.final, explicit_chance=record.explicit_chance)
    assert position_of(again) == record.final


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_file_is_what_the_generator_writes(name: str) -> None:
    """Random play from the same seeds picks the same steps (legal actions unchanged)."""
    check_golden_file(GOLDEN_DIR / f"{name}.json", golden_record(name).to_json(), REGENERATE)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_initiative_replay_tells_each_golden_game(name: str) -> None:
    path = GOLDEN_DIR / f"{name}.json"
    record = TIRecord.load(path)
    check_replay_tells(path, len(record.actions), result_line(replay(record)))
