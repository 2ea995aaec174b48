"""Issue 25 item 4: every game's balance report (`initiative report`, text and HTML)
counts seats and teams from 1, as the front ends do; the stored rows keep the engine's
numbers (data, from 0), only what a person reads changes."""

from __future__ import annotations

import re

from initiative.lab.hex.report import render_hex_html, render_hex_text, summarize_hex
from initiative.lab.ib.report import render_html, render_text, summarize
from initiative.lab.ti.report import render_ti_html, render_ti_text, summarize_ti
from tests.lab.test_hex_report import hex_row
from tests.lab.test_report import row
from tests.lab.test_ti_report import ti_row

FROM_ZERO = re.compile(r"\b(seat|team) 0\b", re.IGNORECASE)


def shown(*pages: str) -> str:
    """Every page, for a search of what a person reads."""
    return "\n".join(pages)


def test_initiative_break_names_team_1_never_team_0() -> None:
    rows = [row(seed, seed % 2, first_team=seed % 2, time_collapse=seed < 2,
                collapse_round=5 if seed < 2 else -1, param="rules.flag", value=v)
            for v in ("a", "b") for seed in range(6)]
    report = summarize(rows)
    pages = shown(render_text(report), render_html(report))
    assert not FROM_ZERO.search(pages), FROM_ZERO.search(pages)
    assert "team 1 (first seat)" in pages and "Team 1's win rate" in pages
    assert "North (team 1)" in pages, "a sweep follows the first team, named from 1"


def test_hex_numbers_seats_from_1() -> None:
    rows = [hex_row(seed, seed % 2, first_seat=seed % 2, param="rules.x", value=v)
            for v in ("1", "2") for seed in range(6)]
    report = summarize_hex(rows)
    text, page = render_hex_text(report), render_hex_html(report)
    assert not FROM_ZERO.search(shown(text, page)), FROM_ZERO.search(shown(text, page))
    assert re.search(r"seat 1\s+12\s+6\s", text) and re.search(r"seat 2\s+12\s+6\s", text)
    assert "seat 1 (6), seat 2 (6)" in text, "games by first seat, from 1"
    assert "seat 1 wins" in text, "the sweep's column header"


def test_the_initiative_says_no_seat_0() -> None:
    rows = [ti_row(s, "solved" if s % 2 else "time", players=3) for s in range(4)]
    report = summarize_ti(rows)
    pages = shown(render_ti_text(report), render_ti_html(report))
    assert "The Initiative" in pages and not FROM_ZERO.search(pages)
