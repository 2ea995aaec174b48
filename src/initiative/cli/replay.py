"""`initiative replay`: check a game record and tell its story, for any registered game.

A record is JSON whose `format` tag names its game (`registry.entry_of_record`); the
game's `records` part (games/parts.py `RecordReader`) replays it in full and tells it:
the log as a spectator sees it, or move by move with every hidden card (`verbose`), or
the position after some moves (`position_after`, in the game's own position notation,
docs/notation.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from initiative.engine.data_text import loads_json
from initiative.engine.errors import NotationError
from initiative.games.parts import RecordReader
from initiative.games.registry import GameEntry, entries, entry_of_record, part


@dataclass(frozen=True)
class RecordFile:
    """A record file read: its game, the game's reader and the record as read from JSON."""

    game: GameEntry
    reader: RecordReader
    data: Any


def read_record(path: Path) -> RecordFile:
    """The record in `path` and its game; NotationError when it is no record of a
    registered game, OSError when the file cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise OSError(f"{path}: not a text file ({exc.reason})") from None
    try:
        data = loads_json(text)
    except ValueError as exc:
        raise NotationError(f"record: not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise NotationError(f"record: expected a JSON object, got {type(data).__name__}")
    game = entry_of_record(data.get("format"))
    if game is None:
        known = ", ".join(repr(e.record_format) for e in entries() if e.record_format)
        raise NotationError(f"record.format: expected one of {known}, got "
                            f"{data.get('format')!r}")
    return RecordFile(game, part(game.name, "records", RecordReader), data)


def replay_file(path: Path, verbose: bool = False) -> list[str]:
    """The lines `initiative replay` prints; NotationError (or OSError) if it fails."""
    record = read_record(path)
    return record.reader.story(record.data, verbose)


def position_after(path: Path, moves: int, between: bool = False) -> str:
    """The position after the record's first `moves` moves; with `between`, at the first
    point between two activations that the moves from `moves` on reach (for a game that
    has such points). The record is checked in full first."""
    record = read_record(path)
    reader = record.reader
    if not between:
        return reader.position(record.data, moves)
    if reader.between is None:
        raise NotationError(f"--between: a record of {record.game.title} has no point "
                            "between two activations")
    return reader.between(record.data, moves)
