"""The create-form fields every game played one decision at a time reads alike (each game's
setup form): the table's name, the number of players and each
seat's name, character and controller (a person with a secret link, anyone from the
lobby, or a bot by name). Each reader adds a sentence naming the field to `problems`
instead of raising, so a form lists every problem at once."""

from __future__ import annotations

from collections.abc import Collection, Sequence
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


def seat_fields(form: dict[str, Any], i: int, characters: Collection[str],
                bots: tuple[str, ...], problems: list[str],
                controller: str | None = None) -> tuple[str, str, str]:
    """Seat `i`'s name, character and controller (`controller`, when given, is
    the seat's whatever the form says)."""
    name = _words(form.get(f"seat{i}_name", ""))[:MAX_NAME] or f"Player {i + 1}"
    ordered = sorted(characters)
    character = str(form.get(f"seat{i}_character", "") or ordered[i % len(ordered)])
    if character not in characters:
        problems.append(f"seat {i + 1}: unknown character {character!r} (characters: "
                        f"{', '.join(ordered)})")
    if controller is None:
        controller = str(form.get(f"seat{i}_controller", "") or HUMAN)
        if controller not in (HUMAN, OPEN, *bots):
            problems.append(f"seat {i + 1}: played by {controller!r}? (human, open, "
                            f"{', '.join(bots)})")
    return name, character, controller


def distinct_names(names: Sequence[str], problems: list[str]) -> None:
    if len(set(names)) < len(names):
        problems.append("seat names must differ")
