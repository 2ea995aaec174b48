"""What the two game-master tracker adapters share behind the engine contract.

A tracker's decisions are the game master's (and, for card rounds, each player's own
card). ``legal_actions`` is the list of candidate commands that the model accepts now,
found by trying each on a copy, so it can never disagree with ``apply``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from initiative.engine.errors import IllegalActionError

__all__ = ["MAX_ENTRY", "DataView", "accepted"]

MAX_ENTRY = 10
"""Numbers a game master enters (withering damage, costs, successes) are listed as
legal actions from 0 or 1 up to this; ``apply`` accepts any value the rules allow."""



class DataView:
    """A seat's view as plain data (the engine contract's ``View``)."""

    def __init__(self, seat: int, data: dict[str, Any]) -> None:
        self.seat = seat
        self.data = data

    def to_dict(self) -> dict[str, Any]:
        return self.data


T = TypeVar("T")
M = TypeVar("M")


def accepted(model: M, candidates: Iterable[T], clone: Callable[[M], M],
             run: Callable[[M, T], None]) -> list[T]:
    """The candidates ``run`` accepts on a fresh clone of ``model``, in order."""
    ok: list[T] = []
    for cmd in candidates:
        try:
            run(clone(model), cmd)
        except (IllegalActionError, ValueError):
            continue
        ok.append(cmd)
    return ok
