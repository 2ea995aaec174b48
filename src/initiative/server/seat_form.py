"""The create-form fields many games read alike (each game's setup form takes those it
has): the table's name, the number of players and each seat's name, controller (a person
with a secret link, anyone from the lobby, or a bot by name) and character. Each reader
adds a sentence naming the field to `problems` instead of raising, so a form lists every
problem at once."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from initiative.server.parts import HUMAN, OPEN

MAX_NAME = 40
MAX_TABLE_NAME = 80


def _words(value: Any) -> str:
    return " ".join(str(value).split())


def table_name(form: dict[str, Any], default: str) -> str:
    """The table's name (spaces tidied, at most MAX_TABLE_NAME characters)."""
    return _words(form.get("name", ""))[:MAX_TABLE_NAME] or default


def players(form: dict[str, Any], low: int, high: int, default: int,
            problems: list[str]) -> int:
    """The number of players, `low` to `high` (`default` when absent or wrong)."""
    raw = str(form.get("players", "") or default).strip()
    count = int(raw) if raw.isdigit() and len(raw) < 3 else 0
    if not low <= count <= high:
        problems.append(f"players: {low} to {high}, got {raw!r}")
        return default
    return count


def seat_name(form: Mapping[str, Any], i: int) -> str:
    """Seat `i`'s shown name (spaces tidied; default "Player N")."""
    return _words(form.get(f"seat{i}_name", ""))[:MAX_NAME] or f"Player {i + 1}"


def seat_controller(form: Mapping[str, Any], i: int, bots: Sequence[str],
                    problems: list[str]) -> str:
    """Who plays seat `i`: HUMAN (a secret link, the default), OPEN (anyone from the
    lobby) or one of `bots`."""
    controller = str(form.get(f"seat{i}_controller", "") or HUMAN)
    if controller not in (HUMAN, OPEN, *bots):
        problems.append(f"seat {i + 1}: played by {controller!r}? (human, open, "
                        f"{', '.join(bots)})")
    return controller


def seat_character(form: Mapping[str, Any], i: int, characters: Collection[str],
                   problems: list[str]) -> str:
    """Seat `i`'s character, one of `characters` (default: the i-th in name order)."""
    ordered = sorted(characters)
    character = str(form.get(f"seat{i}_character", "") or ordered[i % len(ordered)])
    if character not in characters:
        problems.append(f"seat {i + 1}: unknown character {character!r} (characters: "
                        f"{', '.join(ordered)})")
    return character


def distinct_names(names: Sequence[str], problems: list[str]) -> None:
    if len(set(names)) < len(names):
        problems.append("seat names must differ")
