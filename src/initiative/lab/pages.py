"""The pages every game's report is shown on: a report is a list of titled `Section`s
(notes, a table, SVG charts) shown as terminal text (`text_page`) or as one
self-contained HTML page (`html_page`), with the cells most tables use (a rate with its
95% interval, a distribution's figures, counts). Each game's report (lab/ib/report.py,
lab/hex/report.py, lab/ti/report.py, found through its lab part) computes its figures
and its sections.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

from initiative.lab.stats import Distribution, Proportion

__all__ = ["DRAWS_NOTE", "RATE_HEADERS", "SPREAD_HEADERS", "Section", "counts_text",
           "html_page", "interval", "pct", "rate_cells", "spread_cells", "tally",
           "text_page"]

TEXT_ROWS = 14
"""Longer tables show their first and last TEXT_ROWS // 2 rows in the terminal."""
DRAWS_NOTE = "Draws count as games not won in every win rate; intervals are 95% (Wilson)."


@dataclass
class Section:
    """A titled part of the report: notes, an optional table and (HTML only) charts."""

    title: str
    notes: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    charts: list[str] = field(default_factory=list)


def pct(value: float) -> str:
    return f"{value:.1%}"


def interval(p: Proportion) -> str:
    return f"{pct(p.low)} - {pct(p.high)}" if p.n else "-"


def rate_cells(p: Proportion) -> list[str]:
    """Games, wins, rate and interval of a proportion, as table cells."""
    return [str(p.n), str(p.k), pct(p.rate) if p.n else "-", interval(p)]


RATE_HEADERS = ["games", "wins", "win rate", "95% interval"]


def counts_text(tally: Mapping[str, int]) -> str:
    return ", ".join(f"{k} ({n})" for k, n in tally.items()) or "-"


def spread_cells(name: str, d: Distribution) -> list[str]:
    return [name, str(d.n), f"{d.mean:.1f}", f"{d.median:g}", f"{d.p90:g}"]


SPREAD_HEADERS = ["figure", "games", "mean", "median", "p90"]


def _text_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Aligned columns, figures right-aligned; long tables keep their first and last
    rows."""
    if len(rows) > TEXT_ROWS:
        half = TEXT_ROWS // 2
        gap = [f"... {len(rows) - TEXT_ROWS} more (all in the HTML report: --html PATH)"]
        rows = [*rows[:half], gap + [""] * (len(headers) - 1), *rows[-half:]]
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]
    right = [i > 0 and all(_numeric(r[i]) for r in rows) for i in range(len(headers))]
    return ["  ".join(c.rjust(w) if r else c.ljust(w)
                      for c, w, r in zip(line, widths, right, strict=True)).rstrip()
            for line in [headers, *rows]]


def _numeric(cell: str) -> bool:
    """Whether a cell reads as a figure (so is right-aligned)."""
    return not cell or cell[0] in "0123456789+-."


def text_page(title: str, parts: Sequence[Section]) -> str:
    """Titled sections as plain text for a terminal (any game's report)."""
    lines = [title]
    for section in parts:
        lines += ["", section.title, "-" * len(section.title), *section.notes]
        if section.headers:
            lines += _text_table(section.headers, section.rows)
    return "\n".join(lines) + "\n"


STYLE = """body{font-family:sans-serif;margin:2em auto;max-width:70em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1em}td,th{padding:2px 10px;border-bottom:1px solid
#ddd;text-align:right}td:first-child,th:first-child{text-align:left}svg{display:block;
margin:.5em 0}h2{margin-top:1.6em;border-bottom:2px solid #3b6ea8}"""


def _html_section(section: Section) -> str:
    parts = [f"<h2>{escape(section.title)}</h2>"]
    parts += [f"<p>{escape(note)}</p>" for note in section.notes]
    if section.headers:
        head = "".join(f"<th>{escape(h)}</th>" for h in section.headers)
        body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                       for row in section.rows)
        parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    return "\n".join(parts + section.charts)


def html_page(title: str, parts: Sequence[Section]) -> str:
    """Titled sections as one self-contained HTML page (any game's report)."""
    title = escape(title)
    body = "\n".join(_html_section(s) for s in parts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}'
            f"</title><style>{STYLE}</style></head>\n<body><h1>{title}</h1>\n{body}\n"
            "</body></html>\n")


def tally(keys: Iterable[str]) -> dict[str, int]:
    """How many times each key comes, sorted by key."""
    return dict(sorted(Counter(keys).items()))
