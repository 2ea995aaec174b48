"""`initiative replay`: check a game record and tell its story.

The record is replayed in full first (result and final position are checked; a
mismatch raises NotationError), then told: by default as the public log a spectator
sees; with `verbose`, move by move with every card named (a record holds the seed,
so nothing in it is secret). `position_after` writes the position (docs/notation.md)
after a move instead, or at the next point between two activations (stepping.py).
A hex skirmish record (format tag "hex-record/1", games/hex/record.py) and a record of
The Initiative ("ti-record/1", games/ti/record.py) are told the same way; their
positions are JSON ("hex-position/1", games/hex/notation.py; "ti-position/1",
games/ti/notation.py).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from initiative.engine.contract import SPECTATOR
from initiative.engine.data_text import loads_json
from initiative.engine.errors import NotationError
from initiative.games.hex import record as hex_record
from initiative.games.ib import events
from initiative.games.ib.actions import Action
from initiative.games.ib.match import Match
from initiative.games.ib.movetext import parse_action
from initiative.games.ib.notation import dump_position
from initiative.games.ib.record import ContentChangedWarning, GameRecord, Recorder, replay
from initiative.games.ib.state import IBState
from initiative.games.ib.stepping import step_to_next_activation
from initiative.games.ti import record as ti_record


def result_line(state: IBState) -> str:
    """`Result: ...` for a finished, drawn or unfinished game."""
    match = state.match
    if state.result is None:
        return f"Result: unfinished after {state.activations} activations."
    if state.result < 0:
        return f"Result: draw after {state.activations} activations."
    winners = ", ".join(s.name for s in match.seats if s.team == state.result)
    return f"Result: team {state.result} ({winners}) wins after {state.activations} activations."


def _verbose(record: GameRecord, match: Match) -> list[str]:
    """Each move (numbered, with its seat) followed by the events it caused."""
    recorder = Recorder(match, record.seed, record.agreed_order)
    state = recorder.state
    lines = [events.render(e, match) for e in state.events()]
    for n, text in enumerate(record.actions, 1):
        seat = state.current_seat()
        before = len(state.events())
        recorder.apply_text(text)
        lines.append(f"[{n}] {match.seats[seat].name}: {text}")
        lines.extend(f"    {events.render(e, match)}" for e in state.events()[before:])
    return lines


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise OSError(f"{path}: not a text file ({exc.reason})") from None


def _load(path: Path) -> GameRecord:
    return GameRecord.from_json(_text(path))


@dataclass(frozen=True)
class _JsonRecord:
    """A JSON game record of another game than Initiative Break, told by its module."""

    game: str
    story: Callable[[bool], list[str]]
    position: Callable[[int], str]


def _json_record(path: Path) -> _JsonRecord | None:
    """The file as a hex or The Initiative record if its format tag says it is one."""
    text = _text(path)
    try:
        data: Any = loads_json(text)
    except ValueError:
        return None  # not JSON: the Initiative Break reader says what is wrong
    if hex_record.is_hex_record(data):
        hexed = hex_record.HexRecord.from_dict(data)
        return _JsonRecord("a hex skirmish record",
                           lambda verbose: hex_record.story(hexed, verbose),
                           lambda moves: hex_record.position_text(hexed, moves))
    if ti_record.is_ti_record(data):
        told = ti_record.TIRecord.from_dict(data)
        return _JsonRecord("a record of The Initiative",
                           lambda verbose: ti_record.story(told, verbose),
                           lambda moves: ti_record.position_text(told, moves))
    return None


def position_after(path: Path, moves: int, between: bool = False) -> str:
    """The position (YAML) after the record's first `moves` moves; with `between`, at
    the first point between two activations that the moves from `moves` on reach (the
    mulligans end before the first one). The record is checked in full first. A hex
    or The Initiative record gives its position (JSON) after its first `moves` steps."""
    other = _json_record(path)
    if other is not None:
        if between:
            raise NotationError(f"--between applies to Initiative Break records, not to "
                                f"{other.game}")
        return other.position(moves)
    record = _load(path)
    with warnings.catch_warnings():  # other content that still replays: the same game
        warnings.simplefilter("ignore", ContentChangedWarning)
        match = replay(record).match
    if not 0 <= moves <= len(record.actions):
        raise NotationError(f"record: --position-after {moves}: the record has "
                            f"{len(record.actions)} moves")
    recorder = Recorder(match, record.seed, record.agreed_order)
    plain = max(0, moves - 1) if between else moves
    for text in record.actions[:plain]:
        recorder.apply_text(text)
    state = recorder.state
    if between:
        later = iter(record.actions[plain:])

        def next_move(state: IBState) -> Action:
            text = next(later, None)
            if text is None:
                raise NotationError(f"record: the game stops after move "
                                    f"{len(record.actions)}, before the next point "
                                    "between two activations")
            return parse_action(state, text)

        step_to_next_activation(state, next_move)
    return dump_position(state)


def replay_file(path: Path, verbose: bool = False) -> list[str]:
    """The lines `initiative replay` prints; NotationError (or OSError) if it fails."""
    other = _json_record(path)
    if other is not None:
        return other.story(verbose)
    record = _load(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ContentChangedWarning)
        state = replay(record)
    match = state.match
    if verbose:
        lines = _verbose(record, match)
    else:
        lines = [events.render(e, match) for e in state.view(SPECTATOR).log]
    lines.append(f"{len(record.actions)} moves replayed.")
    lines.append(result_line(state))
    lines.extend(f"warning: {w.message}" for w in caught
                 if issubclass(w.category, ContentChangedWarning))
    return lines
