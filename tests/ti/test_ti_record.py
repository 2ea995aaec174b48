"""Records of The Initiative (games/ti/record.py) and `initiative replay` on them: a
record is setup params + seed + steps and replays bit for bit; every bad record is a
NotationError naming the field or step; the CLI tells the game's story."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from initiative.engine.chance import Outcome
from initiative.engine.errors import NotationError
from initiative.engine.notation import play_random
from initiative.engine.rng import SplitMix64
from initiative.games.ti.game import TIGame
from initiative.games.ti.loader import load_the_initiative
from initiative.games.ti.notation import load_position, position_of
from initiative.games.ti.record import (
    FORMAT,
    TIRecord,
    is_ti_record,
    main,
    position_text,
    record_of,
    rendered_log,
    replay,
    replay_prefix,
    story,
)
from initiative.games.ti.state import TIState
from tests.record_kit import (
    RecordKit,
    check_bad_records,
    check_broken_record,
    check_illegal_first_step,
    check_position_after,
    check_verbose_replay,
    replayed_lines,
)

KIT = RecordKit(TIRecord.load, TIRecord.from_dict, replay, replay_prefix, story, position_text,
                position_of, load_position)


def _played(seed: int = 7, explicit: bool = False, **params: Any) -> tuple[TIGame, TIState]:
    game = load_the_initiative(explicit_chance=explicit, **params)
    state = game.new_initial_state(seed)
    play_random(state, SplitMix64(seed + 1))
    return game, state


@pytest.fixture(scope="module")
def finished() -> tuple[TIGame, TIState]:
    return _played()


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory,
                finished: tuple[TIGame, TIState]) -> Path:
    path = tmp_path_factory.mktemp("ti") / "game.json"
    record_of(finished[1], finished[0], 7).save(path)
    return path


def test_a_record_is_params_seed_and_step_indices(finished: tuple[TIGame, TIState]) -> None:
    game, state = finished
    assert state.is_terminal() and state.won is not None
    record = record_of(state, game, 7)
    data = record.to_dict()
    assert data["format"] == FORMAT and is_ti_record(data)
    assert data["params"] == game.setup.to_params() and data["seed"] == 7
    assert all(isinstance(a, int) for a in data["actions"])
    assert len(data["actions"]) == len(state.history)
    assert data["won"] == state.won and data["turn"] == state.turn
    assert data["reason"] == ("solved" if state.won else state.loss_reason)
    again = replay(TIRecord.from_json(record.to_json()))
    assert position_of(again) == position_of(state)
    assert rendered_log(again) == rendered_log(state)


def test_explicit_chance_outcomes_are_kind_colon_value() -> None:
    game, state = _played(3, explicit=True)
    record = record_of(state, game, 7)
    outcomes = [a for a in record.actions if isinstance(a, str)]
    assert outcomes and all(a.split(":")[0] in ("pick", "draw") for a in outcomes)
    assert any(isinstance(step, Outcome) for step in state.history)
    assert position_of(replay(TIRecord.from_json(record.to_json()))) == position_of(state)


def test_replay_prefix_is_the_game_so_far(finished: tuple[TIGame, TIState]) -> None:
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
        ({**data, "format": "hex-record/1"}, "record.format"),
        ({**data, "extra": 1}, "record: unknown field 'extra'"),
        ({**data, "seed": -1}, "record.seed"),
        ({**data, "seed": "x"}, "record.seed"),
        ({**data, "params": []}, "record.params"),
        ({**data, "params": {"mission": "nowhere"}}, "record.params"),
        ({**data, "params": {**data["params"], "explicit_chance": True}},
         "record.params: explicit_chance belongs at the top level"),
        ({**data, "actions": "1 2"}, "record.actions"),
        ({**data, "actions": [*actions[:2], 10**6]}, "record.actions[2]"),
        ({**data, "actions": [*actions[:2], "draw:3"]}, "record.actions[2]: a chance outcome"),
        ({**data, "actions": [*actions[:2], "dice:3"]}, "record.actions[2]"),
        ({**data, "actions": [*actions[:2], True]}, "record.actions[2]"),
        ({**data, "actions": actions[:-1]}, "record: the replay ends with"),
        ({**data, "final_hash": "0" * 64}, "record: final position hash"),
        ({**data, "final_hash": 5}, "record.final_hash"),
        ({**data, "log": ["Nothing happened."]}, "record.log[0]"),
        ({**data, "log": "all of it"}, "record.log: expected a list"),
        ({**data, "final": [1]}, "record.final: expected a position"),
        ({**data, "won": "yes"}, "record.won"),
        ({**data, "won": None}, "record.reason"),
        ({**data, "reason": "bored"}, "record.reason: 'bored' is not one of"),
        ({**data, "turn": -1}, "record.turn"),
        ({**data, "turn": data["turn"] + 1}, "record: the replay ends with"),
        ({**data, "explicit_chance": "yes"}, "record.explicit_chance"),
    ]


def test_bad_records_name_what_is_wrong(finished: tuple[TIGame, TIState]) -> None:
    data = record_of(finished[1], finished[0], 7, with_log=True).to_dict()
    check_bad_records(KIT, _tampered(data))


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "record: not valid JSON"),
    ("[1]", "record: expected a JSON object, got list"),
    ("[" * 5000 + "]" * 5000, "record: not valid JSON: JSON nested deeper"),
])
def test_unreadable_records_are_notation_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        TIRecord.from_json(text)


def test_a_changed_final_position_is_caught(finished: tuple[TIGame, TIState]) -> None:
    data = record_of(finished[1], finished[0], 7, with_final=True).to_dict()
    data["final"] = {**data["final"], "turn": data["final"]["turn"] + 1}
    with pytest.raises(NotationError, match=r"record\.final: the replay ends in another"):
        replay(TIRecord.from_dict(data))


def test_an_illegal_step_names_its_number(finished: tuple[TIGame, TIState]) -> None:
    game, state = finished
    check_illegal_first_step(KIT, game, record_of(state, game, 7).to_dict())


def test_replay_prints_the_public_log_and_the_result(record_file: Path,
                                                     finished: tuple[TIGame, TIState]) -> None:
    lines = replayed_lines(KIT, record_file, len(finished[1].history))
    assert lines[-1].startswith("Result: the group ")


def test_verbose_replay_numbers_every_step(record_file: Path) -> None:
    check_verbose_replay(record_file)


def test_position_after_prints_a_loadable_position(record_file: Path) -> None:
    check_position_after(KIT, record_file)


def test_a_broken_record_is_an_error_line(tmp_path: Path, record_file: Path) -> None:
    check_broken_record(tmp_path, record_file, "error: record: the replay ends with")


def test_a_keyed_seed_game_records_and_replays() -> None:
    """A web table game's secret seed (engine.rng KeyedStream) replays like a number."""
    game = load_the_initiative(players=3)
    seed = "blake2b-ctr:" + "ab" * 32
    state = game.new_initial_state(seed)
    play_random(state, SplitMix64(5))
    record = TIRecord.from_json(record_of(state, game, seed).to_json())
    assert record.seed == seed
    assert position_of(replay(record)) == position_of(state)


def test_an_unfinished_game_records_and_replays() -> None:
    game = load_the_initiative(players=2)
    state = game.new_initial_state(11)
    play_random(state, SplitMix64(12), 20)
    record = TIRecord.from_json(record_of(state, game, 11, with_log=True).to_json())
    assert record.won is None and record.reason is None
    assert position_of(replay(record)) == position_of(state)
    assert story(record)[-1].startswith("Result: unfinished in turn ")


def test_the_record_module_replays_files(record_file: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--replay", str(record_file)]) == 0
    assert capsys.readouterr().out.startswith(f"{record_file}: ok, ")
