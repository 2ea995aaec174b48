"""A game's log as a page shows it: its last lines, with the table's notices (who took
back a turn) in the places they happened."""

from __future__ import annotations

from collections.abc import Sequence

LOG_LINES = 150
"""Lines of the log a page shows (the newest)."""


def first_shown(length: int, limit: int = LOG_LINES) -> int:
    """The first log entry a page shows of a log of `length` entries."""
    return max(0, length - limit)


def with_notices(sentences: Sequence[str], first: int, notices: Sequence[str],
                 notice_at: Sequence[int]) -> list[str]:
    """Log entries `first` on (`sentences`, entry `first + i` at index i) with each
    notice placed before the entry at its position; a notice at the end stands last.
    One before `first` (scrolled away) or after the end (a replay's earlier step) is
    left out."""
    placed = sorted((at, text) for at, text in zip(notice_at, notices, strict=True)
                    if at >= first)
    lines: list[str] = []
    i = 0
    for n, sentence in enumerate(sentences, first):
        while i < len(placed) and placed[i][0] <= n:
            lines.append(placed[i][1])
            i += 1
        lines.append(sentence)
    end = first + len(sentences)
    lines.extend(text for at, text in placed[i:] if at == end)
    return lines
