"""Golden hex skirmish games (tests/golden/hex): stored random games whose replays must
not change.

Each file is a record (games/hex/record.py) of a seeded random game, with its full
rendered log and final position: two, three and four seats, both shipped boards, a set
of house rules (HX-A1 `initiative_reveal`, HX-A5 `victory`/`round_limit`, HX-A10
`push_direction`, HX-A12 `barrage_dice`) and a game with explicit chance. A failure
means the rules, the log wording or the notation changed behaviour; if intended,
rewrite them with ``python -m initiative.games.hex.record --make-golden tests/golden/hex``
and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.games.hex.notation import position_of
from initiative.games.hex.record import (
    GOLDEN,
    HexRecord,
    golden_record,
    rendered_log,
    replay,
    result_line,
)
from tests.record_kit import check_golden_file, check_golden_replay, check_replay_tells

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden" / "hex"
REGENERATE = "python -m initiative.games.hex.record --make-golden tests/golden/hex"


def test_every_golden_game_has_a_file() -> None:
    assert sorted(p.stem for p in GOLDEN_DIR.glob("*.json")) == sorted(GOLDEN)


def test_the_golden_games_cover_every_seat_count_and_board() -> None:
    records = [HexRecord.load(GOLDEN_DIR / f"{name}.json") for name in GOLDEN]
    seats = {len(r.params["characters"]) for r in records}
    assert seats == {2, 3, 4}
    assert len({r.params["board"] for r in records}) >= 2
    assert any(r.explicit_chance for r in records)
    assert any(r.params.get("rules") for r in records)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_replay_is_unchanged(name: str) -> None:
    record = HexRecord.load(GOLDEN_DIR / f"{name}.json")
    check_golden_replay(record, replay, rendered_log, position_of)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_file_is_what_the_generator_writes(name: str) -> None:
    """Random play from the same seeds picks the same steps (legal actions unchanged)."""
    check_golden_file(GOLDEN_DIR / f"{name}.json", golden_record(name).to_json(), REGENERATE)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_initiative_replay_tells_each_golden_game(name: str) -> None:
    path = GOLDEN_DIR / f"{name}.json"
    record = HexRecord.load(path)
    check_replay_tells(path, len(record.actions), result_line(replay(record)))
