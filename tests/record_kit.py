"""Checks every step-record game's record tests share (tests/hex/test_records.py,
tests/ti/test_ti_record.py): a game passes its record functions as a `RecordKit`."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.engine.errors import NotationError
from tests.cli.helpers import run_cli

RUNNER = CliRunner()


@dataclass(frozen=True)
class RecordKit:
    """One game's record and position functions."""

    load: Callable[[Path], Any]
    from_dict: Callable[[dict[str, Any]], Any]
    replay: Callable[[Any], Any]
    replay_prefix: Callable[[Any, int], Any]
    story: Callable[[Any], list[str]]
    position_text: Callable[[Any, int], str]
    position_of: Callable[[Any], dict[str, Any]]
    load_position: Callable[[dict[str, Any]], Any]


def check_bad_records(kit: RecordKit, tampered: Sequence[tuple[dict[str, Any], str]]
                      ) -> None:
    """Each tampered record fails to replay with a NotationError carrying its message."""
    for bad, message in tampered:
        with pytest.raises(NotationError) as caught:
            kit.replay(kit.from_dict(bad))
        assert message in str(caught.value), (message, str(caught.value))


def check_illegal_first_step(kit: RecordKit, game: Any, data: dict[str, Any]) -> None:
    """A record whose first step is illegal names step 1."""
    first = game.new_initial_state(data["seed"])
    legal = {game.action_index(a) for a in first.legal_actions()}
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in legal)
    bad = {**data, "actions": [illegal, *data["actions"][1:]]}
    with pytest.raises(NotationError, match=r"record step 1 \("):
        kit.replay(kit.from_dict(bad))


def replayed_lines(kit: RecordKit, record_file: Path, steps: int) -> list[str]:
    """`initiative replay FILE`: its lines, which are the record's story and count the
    steps."""
    done = run_cli(["replay", str(record_file)])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines == kit.story(kit.load(record_file))
    assert f"{steps} steps replayed." in lines
    return lines


def check_verbose_replay(record_file: Path) -> None:
    """`initiative replay --verbose` numbers every step."""
    done = RUNNER.invoke(app, ["replay", "--verbose", str(record_file)])
    assert done.exit_code == 0, done.output
    assert "\n[1] " in done.output and "steps replayed." in done.output


def check_position_after(kit: RecordKit, record_file: Path) -> None:
    """`initiative replay --position-after 5` prints a position that loads back; past
    the end and with --between it is an error."""
    record = kit.load(record_file)
    done = RUNNER.invoke(app, ["replay", "--position-after", "5", str(record_file)])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data == kit.position_of(kit.replay_prefix(record, 5))
    assert done.output == kit.position_text(record, 5)
    assert kit.position_of(kit.load_position(data)) == data
    too_far = RUNNER.invoke(app, ["replay", "--position-after", "100000", str(record_file)])
    assert too_far.exit_code == 1 and "the record has" in too_far.output
    between = RUNNER.invoke(app, ["replay", "--position-after", "5", "--between",
                                  str(record_file)])
    assert between.exit_code == 1 and "has no point between two activations" in between.output


def check_broken_record(tmp_path: Path, record_file: Path, error_start: str) -> None:
    """A record missing its last step is one error line starting `error_start`."""
    data = json.loads(record_file.read_text())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**data, "actions": data["actions"][:-1]}))
    done = run_cli(["replay", str(bad)])
    assert done.returncode == 1
    assert done.stderr.startswith(error_start)
    assert "Traceback" not in done.stderr and done.stdout == ""


def check_golden_replay(record: Any, replay: Callable[[Any], Any],
                        rendered_log: Callable[[Any], list[str]],
                        position_of: Callable[[Any], dict[str, Any]]) -> Any:
    """A golden record keeps its log and end, and replays to both; the final state."""
    assert record.log and record.final is not None, "golden games keep their log and end"
    state = replay(record)  # checks the result, the log, the final position and its hash
    assert rendered_log(state) == record.log
    assert position_of(state) == record.final
    return state


def check_golden_file(path: Path, generated: str, regenerate: str) -> None:
    """Random play from the same seeds picks the same steps (legal actions unchanged)."""
    stored = path.read_text(encoding="utf-8")
    assert generated == stored, f"regenerate with: {regenerate}"


def check_replay_tells(path: Path, steps: int, result: str) -> None:
    """`initiative replay FILE` ends with the step count and the `result` line."""
    done = RUNNER.invoke(app, ["replay", str(path)])
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[-1] == result
    assert lines[-2] == f"{steps} steps replayed."
