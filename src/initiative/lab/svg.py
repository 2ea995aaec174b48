"""Hand-written SVG charts for the lab's HTML report (no plotting library, no scripts).

Each chart is one inline `<svg>` element: a horizontal bar chart of proportions with 95%
interval whiskers, a histogram, and a line chart of proportions against a numeric or
categorical x. All text is escaped; a point's exact figures are in its `<title>`
tooltip.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape

from initiative.lab.stats import Proportion

PALETTE = ("#3b6ea8", "#c8553d", "#4f8a3a", "#8a5fa8", "#b8901c", "#3a8f8f", "#7a6a5a")
"""Series colours, cycled."""
GRID = "#d8d8d8"
INK = "#333"
CHAR_WIDTH = 7.5
"""Rough width of a 12px character, to size label columns."""
PERCENT_TICKS = (0.0, 0.25, 0.5, 0.75, 1.0)


def _text(x: float, y: float, text: object, anchor: str = "start", extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>'
            f"{escape(str(text))}</text>")


def _line(x1: float, y1: float, x2: float, y2: float, style: str = f'stroke="{GRID}"') -> str:
    return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>'


def _tip(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _document(width: float, height: float, title: str, body: Sequence[str]) -> str:
    """The `<svg>` element: a titled chart of the given size."""
    return (f'<svg width="{width:.0f}" height="{height:.0f}" role="img"'
            f' viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif"'
            f' font-size="12" fill="{INK}">{_tip(title)}'
            + _text(8, 16, title, extra=' font-weight="bold"') + "".join(body) + "</svg>")


def _reference(x1: float, y1: float, x2: float, y2: float) -> str:
    """The dashed 50% line."""
    return _line(x1, y1, x2, y2, 'stroke="#888" stroke-dasharray="4 3"')


def _percent(value: float) -> str:
    return f"{value:.0%}"


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.3g}"


def _whisker(a: float, b: float, at: float, vertical: bool, colour: str = INK) -> str:
    """An interval from a to b with end caps, across the value axis at `at`."""
    style = f'stroke="{colour}"'
    if vertical:
        return (_line(at, a, at, b, style) + _line(at - 3, a, at + 3, a, style)
                + _line(at - 3, b, at + 3, b, style))
    return (_line(a, at, b, at, style) + _line(a, at - 3, a, at + 3, style)
            + _line(b, at - 3, b, at + 3, style))


def bar_chart(items: Sequence[tuple[str, Proportion]], title: str) -> str:
    """Horizontal bars of proportions (0-100%) with their 95% intervals and a dashed 50%
    reference line; one labelled row per item ("no games" for an empty one)."""
    left = 16 + CHAR_WIDTH * max((len(label) for label, _ in items), default=4)
    width, top, row = 360.0, 30.0, 22.0
    bottom = top + row * len(items)

    def x(value: float) -> float:
        return left + value * width

    body = [_line(x(t), top - 4, x(t), bottom) + _text(x(t), bottom + 14, _percent(t), "middle")
            for t in PERCENT_TICKS]
    for i, (label, p) in enumerate(items):
        y = top + i * row
        body.append(_text(left - 6, y + 12, label, "end"))
        if not p.n:
            body.append(_text(x(0) + 6, y + 12, "no games", extra=' fill="#888"'))
            continue
        body.append(f'<rect x="{x(0):.1f}" y="{y + 2:.1f}" width="{p.rate * width:.1f}" '
                    f'height="14" fill="{PALETTE[0]}" fill-opacity="0.75">'
                    f"{_tip(f'{label}: {p.k}/{p.n}')}</rect>")
        body.append(_whisker(x(p.low), x(p.high), y + 9, vertical=False))
        body.append(_text(x(1) + 8, y + 12, f"{_percent(p.rate)}  (n={p.n})"))
    body.append(_reference(x(0.5), top - 6, x(0.5), bottom + 2))
    return _document(x(1) + 110, bottom + 24, title, body)


def _nice_step(largest: float, ticks: int = 4) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` ticks."""
    raw = max(largest, 1) / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def histogram(bins: Sequence[tuple[float, float, int]], title: str, xlabel: str) -> str:
    """Vertical bars of (low, high, count) bins and a count axis; bins of one whole number
    are labelled under their middle, wider ones at their edges."""
    left, top, width, height = 48.0, 30.0, 420.0, 150.0
    bottom = top + height
    most = max((c for _, _, c in bins), default=0)
    step = _nice_step(most)
    scale = height / (math.ceil(max(most, 1) / step) * step)
    body = [_line(left, bottom - t * scale, left + width, bottom - t * scale)
            + _text(left - 6, bottom - t * scale + 4, _number(t), "end")
            for t in _range(0, most, step)]
    wide = width / max(len(bins), 1)
    every = math.ceil(len(bins) / 10) or 1
    units = all(high - low == 1 and float(low).is_integer() for low, high, _ in bins)
    for i, (low, high, count) in enumerate(bins):
        x = left + i * wide
        shown = _number(low) if units else f"{_number(low)} to {_number(high)}"
        body.append(f'<rect x="{x + 1:.1f}" y="{bottom - count * scale:.1f}" '
                    f'width="{wide - 2:.1f}" height="{count * scale:.1f}" fill="{PALETTE[0]}">'
                    f"{_tip(f'{shown}: {count}')}</rect>")
        if i % every == 0:
            body.append(_text(x + wide / 2 if units else x, bottom + 14, _number(low), "middle"))
    if bins and not units:
        body.append(_text(left + width, bottom + 14, _number(bins[-1][1]), "middle"))
    body.append(_text(left + width / 2, bottom + 32, xlabel, "middle"))
    return _document(left + width + 20, bottom + 40, title, body)


def _range(start: float, stop: float, step: float) -> list[float]:
    """start, start + step, ... up to the first value at or past `stop`."""
    count = max(1, math.ceil((stop - start) / step))
    return [start + i * step for i in range(count + 1)]


def line_chart(xs: Sequence[str], series: Sequence[tuple[str, Sequence[Proportion]]],
               title: str, xlabel: str, numeric: bool) -> str:
    """Proportions (0-100%) against x, one coloured line per series with its 95% interval
    as a band (numeric x, spaced by value) or whiskers (categorical x, evenly spaced and
    the series side by side); a dashed 50% reference line and a legend."""
    left, top, width, height = 48.0, 30.0, 420.0, 180.0
    bottom = top + height
    at = [float(x) for x in xs] if numeric else [i + 0.5 for i in range(len(xs))]
    low, high = (min(at, default=0.0), max(at, default=1.0)) if numeric else (0, len(xs))
    px = [left + width * ((a - low) / (high - low) if high > low else 0.5) for a in at]

    def y(value: float) -> float:
        return bottom - value * height

    body = [_line(left, y(t), left + width, y(t)) + _text(left - 6, y(t) + 4, _percent(t), "end")
            for t in PERCENT_TICKS]
    body += [_text(x, bottom + 14, label, "middle") for x, label in zip(px, xs, strict=True)]
    body.append(_reference(left, y(0.5), left + width, y(0.5)))
    for n, (name, points) in enumerate(series):
        colour = PALETTE[n % len(PALETTE)]
        shift = 0.0 if numeric else (n - (len(series) - 1) / 2) * 5
        body.append(_series(name, points, xs, [x + shift for x in px], y, colour, numeric))
        body.append(f'<rect x="{left + width + 14}" y="{top + 18 * n}" width="10" height="10" '
                    f'fill="{colour}"/>' + _text(left + width + 30, top + 18 * n + 9, name))
    body.append(_text(left + width / 2, bottom + 32, xlabel, "middle"))
    legend = CHAR_WIDTH * max((len(name) for name, _ in series), default=0)
    return _document(left + width + 40 + legend, bottom + 40, title, body)


def _series(name: str, points: Sequence[Proportion], xs: Sequence[str], px: Sequence[float],
            y: Callable[[float], float], colour: str, band: bool) -> str:
    """A series at x positions `px`: its 95% intervals (a shaded band or whiskers), its
    line, and its points with their figures as tooltips."""
    at = list(zip(px, points, strict=True))
    if band:
        edge = [f"{x:.1f},{y(p.high):.1f}" for x, p in at]
        edge += [f"{x:.1f},{y(p.low):.1f}" for x, p in reversed(at)]
        spread = f'<polygon points="{" ".join(edge)}" fill="{colour}" fill-opacity="0.15"/>'
    else:
        spread = "".join(_whisker(y(p.low), y(p.high), x, True, colour) for x, p in at)
    path = " ".join(f"{x:.1f},{y(p.rate):.1f}" for x, p in at)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y(p.rate):.1f}" r="3" fill="{colour}">'
                   f"{_tip(f'{name} at {label}: {p.k}/{p.n}, {_percent(p.rate)}')}</circle>"
                   for (x, p), label in zip(at, xs, strict=True))
    return (spread + f'<polyline points="{path}" fill="none" stroke="{colour}" '
            f'stroke-width="2"/>' + dots)
