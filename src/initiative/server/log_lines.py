"""A game's log as a page shows it: its last lines, with the table's notices (who took
back a turn, a stand-in bot taking a seat over) in the places they happened, the lines
since the seat's last decision marked, and a stand-in bot's lines named as such."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from initiative.server.parts import SeatPage

LOG_LINES = 150
"""Lines of the log a page shows (the newest)."""


class LogLine(str):
    """One line of a page's log: its text, its log position `at` (a notice: the entry
    it stands before), whether it is a table notice, and whether it came since the
    seat's last decision (`since`). It is its text wherever a string is expected."""

    at: int
    notice: bool
    since: bool

    def __new__(cls, text: str, at: int, notice: bool = False, since: bool = False
                ) -> LogLine:
        line = super().__new__(cls, text)
        line.at, line.notice, line.since = at, notice, since
        return line


def first_shown(length: int, limit: int = LOG_LINES) -> int:
    """The first log entry a page shows of a log of `length` entries."""
    return max(0, length - limit)


def with_notices(sentences: Sequence[str], first: int, notices: Sequence[str],
                 notice_at: Sequence[int], since: int | None = None,
                 suffixes: Mapping[int, str] | None = None) -> list[LogLine]:
    """Log entries `first` on (`sentences`, entry `first + i` at index i) with each
    notice placed before the entry at its position; a notice at the end stands last.
    One before `first` (scrolled away) or after the end (a replay's earlier step) is
    left out. Lines from position `since` on are marked `since`; the entry at a
    position of `suffixes` ends with that text."""
    suffixes = suffixes or {}
    placed = sorted((at, text) for at, text in zip(notice_at, notices, strict=True)
                    if at >= first)
    lines: list[LogLine] = []

    def after(at: int) -> bool:
        return since is not None and at >= since

    i = 0
    for n, sentence in enumerate(sentences, first):
        while i < len(placed) and placed[i][0] <= n:
            lines.append(LogLine(placed[i][1], placed[i][0], True, after(placed[i][0])))
            i += 1
        lines.append(LogLine(sentence + suffixes.get(n, ""), n, False, after(n)))
    end = first + len(sentences)
    lines.extend(LogLine(text, at, True, after(at)) for at, text in placed[i:] if at == end)
    return lines


def page_log(sentences: Sequence[str], first: int, page: SeatPage[Any],
             place: Callable[[Sequence[int]], Sequence[int]] | None = None
             ) -> list[LogLine]:
    """`with_notices` with the page's notices, its seat's last decision and its stand-in
    lines. `place` turns the table's log positions into the page's (a game whose seats'
    logs hold private entries of their own)."""
    marks = sorted(page.suffixes.items())
    positions = [*page.notice_at, *(at for at, _ in marks),
                 *(() if page.since_at is None else (page.since_at,))]
    if place is not None:
        positions = list(place(positions))
    count = len(page.notice_at)
    notice_at, mark_at = positions[:count], positions[count:count + len(marks)]
    since = positions[-1] if page.since_at is not None else None
    return with_notices(sentences, first, page.notices, notice_at, since,
                        {at: text for at, (_, text) in zip(mark_at, marks, strict=True)})
