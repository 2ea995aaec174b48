"""Hex skirmish records (games/hex/record.py) and `initiative replay` on them: a record
is setup params + seed + steps and replays bit for bit; every bad record is a
NotationError naming the field or step; the CLI tells a hex record's story."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from initiative.engine.chance import Outcome
from initiative.engine.errors import NotationError
from initiative.engine.rng import SplitMix64
from initiative.games.hex.game import HexGame, new_state
from initiative.games.hex.loader import load_hex_skirmish
from initiative.games.hex.notation import load_position, position_of
from initiative.games.hex.record import (
    FORMAT,
    HexRecord,
    is_hex_record,
    play_random,
    position_text,
    record_of,
    rendered_log,
    replay,
    replay_prefix,
    story,
)
from initiative.games.hex.state import HexState
from tests.record_kit import (
    RecordKit,
    check_bad_records,
    check_broken_record,
    check_illegal_first_step,
    check_position_after,
    check_verbose_replay,
    replayed_lines,
)

KIT = RecordKit(HexRecord.load, HexRecord.from_dict, replay, replay_prefix, story, position_text,
                position_of, load_position)


def _played(seed: int = 7, explicit: bool = False, **params: Any) -> tuple[HexGame, HexState]:
    game = load_hex_skirmish(explicit_chance=explicit, **params)
    state = game.new_initial_state(seed)
    play_random(state, SplitMix64(seed + 1))
    return game, state


@pytest.fixture(scope="module")
def finished() -> tuple[HexGame, HexState]:
    return _played()


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory,
                finished: tuple[HexGame, HexState]) -> Path:
    path = tmp_path_factory.mktemp("hex") / "game.json"
    record_of(finished[1], finished[0], 7).save(path)
    return path


def test_a_record_is_params_seed_and_step_indices(finished: tuple[HexGame, HexState]) -> None:
    game, state = finished
    record = record_of(state, game, 7)
    data = record.to_dict()
    assert data["format"] == FORMAT and is_hex_record(data)
    assert data["params"] == game.setup.to_params() and data["seed"] == 7
    assert all(isinstance(a, int) for a in data["actions"])
    assert len(data["actions"]) == len(state.history)
    assert data["winner"] == state.winner is not None
    again = replay(HexRecord.from_json(record.to_json()))
    assert position_of(again) == position_of(state)
    assert rendered_log(again) == rendered_log(state)


def test_explicit_chance_outcomes_are_kind_colon_value() -> None:
    game, state = _played(3, explicit=True)
    record = record_of(state, game, 7)
    outcomes = [a for a in record.actions if isinstance(a, str)]
    assert outcomes and all(a.split(":")[0] in ("roll", "pick", "draw") for a in outcomes)
    assert any(isinstance(step, Outcome) for step in state.history)
    assert position_of(replay(HexRecord.from_json(record.to_json()))) == position_of(state)


def test_replay_prefix_is_the_game_so_far(finished: tuple[HexGame, HexState]) -> None:
    game, state = finished
    record = record_of(state, game, 7)
    cut = len(record.actions) // 2
    again = game.new_initial_state(7)
    for step in state.history[:cut]:
        again.apply(step)
    assert position_of(replay_prefix(record, cut)) == position_of(again)
    with pytest.raises(NotationError, match="asked for"):
        replay_prefix(record, len(record.actions) + 1)


def _tampered(data: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    actions = data["actions"]
    return [
        ({**data, "format": "initiative-record/1"}, "record.format"),
        ({**data, "extra": 1}, "record: unknown field 'extra'"),
        ({**data, "seed": -1}, "record.seed"),
        ({**data, "seed": "x"}, "record.seed"),
        ({**data, "params": []}, "record.params"),
        ({**data, "params": {"board": "nowhere"}}, "record.params"),
        ({**data, "actions": "1 2"}, "record.actions"),
        ({**data, "actions": [*actions[:2], 10_000]}, "record.actions[2]"),
        ({**data, "actions": [*actions[:2], "roll:3"]}, "record.actions[2]: a chance outcome"),
        ({**data, "actions": [*actions[:2], "dice:3"]}, "record.actions[2]"),
        ({**data, "actions": actions[:-1]}, "record: the replay ends with winner"),
        ({**data, "final_hash": "0" * 64}, "record: final position hash"),
        ({**data, "log": ["Nothing happened."]}, "record.log[0]"),
        ({**data, "winner": "north"}, "record.winner"),
        ({**data, "explicit_chance": "yes"}, "record.explicit_chance"),
    ]


def test_bad_records_name_what_is_wrong(finished: tuple[HexGame, HexState]) -> None:
    data = record_of(finished[1], finished[0], 7, with_log=True).to_dict()
    check_bad_records(KIT, _tampered(data))


def test_an_illegal_step_names_its_number(finished: tuple[HexGame, HexState]) -> None:
    game, state = finished
    check_illegal_first_step(KIT, game, record_of(state, game, 7).to_dict())


def test_replay_prints_the_public_log_and_the_result(record_file: Path,
                                                     finished: tuple[HexGame, HexState]) -> None:
    lines = replayed_lines(KIT, record_file, len(finished[1].history))
    assert lines[-1].startswith("Result: ") and "wins" in lines[-1]


def test_verbose_replay_numbers_every_step(record_file: Path) -> None:
    check_verbose_replay(record_file)


def test_position_after_prints_a_loadable_position(record_file: Path) -> None:
    check_position_after(KIT, record_file)


def test_a_broken_hex_record_is_an_error_line(tmp_path: Path, record_file: Path) -> None:
    check_broken_record(tmp_path, record_file, "error: record: the replay ends with winner")


def test_a_keyed_seed_game_records_and_replays() -> None:
    """A web table game's secret seed (engine.rng KeyedStream) replays like a number."""
    game = load_hex_skirmish(players=3)
    seed = "blake2b-ctr:" + "ab" * 32
    state = new_state(game.setup, seed)
    play_random(state, SplitMix64(5))
    record = HexRecord.from_json(record_of(state, game, seed).to_json())
    assert record.seed == seed
    assert position_of(replay(record)) == position_of(state)
