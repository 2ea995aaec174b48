"""How many seeded games a coverage test plays: its usual number, then more while the
games so far are too short to reach the decisions it needs (random parties fall fast to
the shipped Challenge Cards, so a co-op or neutral game may end after a dozen decisions)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

EXTRA_GAMES = 4
"""At most this many times the usual number of games."""


def games_until(enough: Callable[[], bool], usual: int) -> Iterator[int]:
    """Game numbers 0, 1, ...: at least `usual` of them, then more until `enough()`
    holds, up to `EXTRA_GAMES * usual` in all (the caller still asserts `enough()`)."""
    game = 0
    while game < usual or (not enough() and game < EXTRA_GAMES * usual):
        yield game
        game += 1
