"""`initiative replay --position-after N [--between]`: a position inside a record, after a
move or at the point between two activations (docs/notation.md, section 1.6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.match import fixture_match
from initiative.games.ib.movetext import parse_action
from initiative.games.ib.notation import canonical_json, load_position
from initiative.games.ib.record import play_random, record_game
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.stepping import between_activations, resume, step_to_next_activation

RUNNER = CliRunner()
SEED = 7


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    match = fixture_match()
    moves = play_random(new_game(match, SEED), SplitMix64(SEED + 1), 60)
    rec = record_game(match, SEED, moves)
    path = tmp_path_factory.mktemp("records") / "game.json"
    rec.save(path)
    return path, rec.actions


def run(*args: str) -> tuple[int, str]:
    result = RUNNER.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return result.exit_code, result.output


def replayed(actions: list[str]) -> IBState:
    state = new_game(fixture_match(), SEED)
    for text in actions:
        state.apply(parse_action(state, text))
    return state


@pytest.mark.parametrize("after", [0, 1, 2, 17, 60])
def test_the_position_after_a_move_is_the_replayed_state(
        record: tuple[Path, list[str]], after: int) -> None:
    path, actions = record
    code, text = run("replay", str(path), "--position-after", str(after))
    assert code == 0, text
    assert canonical_json(load_position(text)) == canonical_json(replayed(actions[:after]))


@pytest.mark.parametrize("after", [0, 1, 2, 9, 17, 30])
def test_between_stops_after_the_move_at_the_end_of_an_activation(
        record: tuple[Path, list[str]], after: int) -> None:
    """The first point between two activations after move N (IB 3.0.1): a paused
    position that resumes into the game the record goes on to play."""
    path, actions = record
    code, text = run("replay", str(path), "--position-after", str(after), "--between")
    assert code == 0, text
    paused = load_position(text, advance=False)
    assert between_activations(paused)
    first = max(0, after - 1)
    later = iter(actions[first:])
    last = first + step_to_next_activation(replayed(actions[:first]),
                                           lambda state: parse_action(state, next(later)))
    assert last >= max(after, 2)  # move N (or both mulligans) was played
    # No activation began before the last move played, and that move ended one: the
    # record played on without pausing reaches the same decision (IB 3.0.1).
    assert acts(replayed(actions[:last - 1])) == acts(replayed(actions[:first])) \
        == paused.activations
    resume(paused)
    assert canonical_json(paused) == canonical_json(replayed(actions[:last]))


def acts(state: IBState) -> int:
    return sum(e[0] == events.ACT_START for e in state.events())


def test_bad_position_requests_are_error_lines(record: tuple[Path, list[str]]) -> None:
    path, actions = record
    code, out = run("replay", str(path), "--position-after", "61")
    assert (code, out.strip()) == (1, "error: record: --position-after 61: the record has "
                                      "60 moves")
    code, out = run("replay", str(path), "--between")
    assert (code, out.strip()) == (2, "error: --between needs --position-after")
    k = next(k for k in range(len(actions), 0, -1)  # a move inside an activation
             if acts(replayed(actions[:k])) == acts(replayed(actions[:k - 1])))
    short = path.with_name("short.json")
    record_game(fixture_match(), SEED, actions[:k]).save(short)
    code, out = run("replay", str(short), "--position-after", str(k), "--between")
    assert (code, out.strip()) == (1, f"error: record: the game stops after move {k}, "
                                      "before the next point between two activations")
