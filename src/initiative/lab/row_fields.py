"""Reading result rows back (every game's report): the errors that name the row's seed,
and a JSON column keyed by seat or team."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any


@contextmanager
def reading_row(row: Mapping[str, Any]) -> Iterator[None]:
    """Turn a missing column or a bad value met inside the block into a ValueError
    naming the row's seed (and the column)."""
    try:
        yield
    except KeyError as exc:
        raise ValueError(f"seed {row.get('seed', '?')}: no column {exc}") from None
    except (TypeError, ValueError) as exc:
        raise ValueError(f"seed {row.get('seed', '?')}: {exc}") from None


def by_seat(row: Mapping[str, Any], column: str, key: str = "seat") -> dict[int, Any]:
    """A JSON object keyed by seat (or another number: `key`), with int keys."""
    try:
        data = json.loads(row[column])
        return {int(number): value for number, value in data.items()}
    except (AttributeError, TypeError, ValueError):
        raise ValueError(f"column {column!r} is not a JSON object by {key}") from None
