"""The lab's report of The Initiative's results: figures from rows, as text or one HTML
page.

`summarize_ti(rows)` computes a `TIReport`: the group's win rate (TI-54) overall, per
mission, per player count and per bot line-up, each a proportion with its 95% Wilson
interval; the turns a won game took to solve (mean, median, quantiles); how the lost
games were lost (a wrong answer TI-54, time TI-50, a stall TI-A14: counts and shares,
overall and per mission); how far games got (windows opened, In Peril, cards left);
and, for a sweep, the figures of each value. The page is made of the sections and charts
every game's report shares (lab/pages.py `Section`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from initiative.lab import svg
from initiative.lab.pages import (
    RATE_HEADERS,
    Section,
    counts_text,
    html_page,
    interval,
    pct,
    rate_cells,
    text_page,
)
from initiative.lab.parts import LabReport
from initiative.lab.row_fields import by_seat, reading_row
from initiative.lab.stats import Distribution, Proportion, describe, mean, quantile

__all__ = ["LOSS_REASONS", "TITLE", "TIReport", "TIResult", "parse_ti_row", "render_ti_html",
           "render_ti_text", "summarize_ti"]

TITLE = "The Initiative mission report"
LOSS_REASONS = ("wrong_answer", "time", "stall")
"""How a game is lost: a wrong answer (TI-54), three time In Peril (TI-50), a stall
(TI-A14)."""
QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
WIN_NOTE = ("The game is co-operative: a row is won or lost by the whole group (TI-54). "
            "Intervals are 95% (Wilson).")


@dataclass(frozen=True)
class TIResult:
    """One result row of The Initiative (see `rows.TI_COLUMNS`), parsed."""

    seed: int
    param: str
    value: str
    mission: str
    players: int
    characters: dict[int, str]
    bots: dict[int, str]
    won: bool
    result: str
    turns: int
    turns_to_solve: int
    proposals: int
    windows_opened: int
    windows: int
    answer_open: int
    answer_windows: int
    cards_left: int
    peril: bool
    peril_turn: int

    @property
    def lineup(self) -> str:
        """The bots of the seats, joined by + in seat order."""
        return "+".join(self.bots[s] for s in sorted(self.bots))


def parse_ti_row(row: Mapping[str, Any]) -> TIResult:
    """The TIResult of a row; a ValueError names the seed and the column when a value is
    missing or not what `simulate` writes."""
    with reading_row(row):
        result = TIResult(
            int(row["seed"]), str(row["param"] or ""), str(row["value"] or ""),
            str(row["mission"]), int(row["players"]), by_seat(row, "characters"),
            by_seat(row, "bots"), _bool(row["won"]), str(row["result"]), int(row["turns"]),
            int(row["turns_to_solve"]), int(row["proposals"]), int(row["windows_opened"]),
            int(row["windows"]), int(row["answer_windows_open"]), int(row["answer_windows"]),
            int(row["cards_left"]), _bool(row["peril"]), int(row["peril_turn"]))
    if result.result not in ("solved", *LOSS_REASONS) or result.won != (result.result
                                                                      == "solved"):
        raise ValueError(f"seed {result.seed}: column 'result' is {result.result!r} with "
                         f"won {result.won}")
    return result


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if str(value) in ("True", "true", "1"):
        return True
    if str(value) in ("False", "false", "0"):
        return False
    raise ValueError(f"{value!r} is not a boolean")


@dataclass(frozen=True)
class Losses:
    """How the lost games of a group of games were lost."""

    games: int
    counts: dict[str, int]
    """Per loss reason (LOSS_REASONS order), the games lost that way."""

    def share(self, reason: str) -> Proportion:
        """The share of all games lost this way."""
        return Proportion(self.counts.get(reason, 0), self.games)


@dataclass(frozen=True)
class Group:
    """The figures of one group of games (a mission, a player count, a bot line-up, a
    swept value)."""

    name: str
    wins: Proportion
    solve: Distribution
    losses: Losses
    windows: float
    """Mean share of the answer windows open at the end (TI-22, TI-55)."""
    peril: Proportion


@dataclass(frozen=True)
class TIReport:
    """Every section of the report (see the module docstring)."""

    games: int
    seeds: tuple[int, int] | None
    all: Group
    quantiles: tuple[tuple[float, float], ...]
    """(q, turns) of the won games' turns to solve."""
    turns: Distribution
    missions: tuple[Group, ...]
    players: tuple[Group, ...]
    lineups: tuple[Group, ...]
    sweeps: tuple[tuple[str, Group], ...]
    """(parameter, the group of one value, named by the value)."""
    proposals: float
    repeat_proposals: int
    cards_left: float


def summarize_ti(rows: Iterable[Mapping[str, Any] | TIResult]) -> TIReport:
    """The report of result rows (dicts as `simulate.run` or `results.read_rows` give
    them, or parsed results)."""
    games = [r if isinstance(r, TIResult) else parse_ti_row(r) for r in rows]
    seeds = [g.seed for g in games]
    solved = [g.turns_to_solve for g in games if g.won]
    return TIReport(
        len(games), (min(seeds), max(seeds)) if seeds else None, group("all", games),
        tuple((q, quantile(solved, q)) for q in QUANTILES),
        describe([g.turns for g in games]),
        _groups(games, lambda g: g.mission), _groups(games, lambda g: str(g.players)),
        _groups(games, lambda g: g.lineup),
        tuple((param, grp) for param, grp in _swept(games)),
        mean([g.proposals for g in games]),
        sum(g.proposals > 1 for g in games),
        mean([g.cards_left for g in games]))


def group(name: str, games: Sequence[TIResult]) -> Group:
    """The figures of `games`."""
    lost = Counter(g.result for g in games if not g.won)
    return Group(
        name, Proportion(sum(g.won for g in games), len(games)),
        describe([g.turns_to_solve for g in games if g.won]),
        Losses(len(games), {reason: lost[reason] for reason in LOSS_REASONS}),
        mean([g.answer_open / g.answer_windows if g.answer_windows else 0.0 for g in games]),
        Proportion(sum(g.peril for g in games), len(games)))


def _groups(games: Sequence[TIResult], key: Callable[[TIResult], str]) -> tuple[Group, ...]:
    """One group per key, in key order (player counts numerically)."""
    found: dict[str, list[TIResult]] = {}
    for game in games:
        found.setdefault(key(game), []).append(game)
    order = sorted(found, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k))
    return tuple(group(k, found[k]) for k in order)


def _swept(games: Sequence[TIResult]) -> list[tuple[str, Group]]:
    """Per swept parameter and value (in order of appearance), its group."""
    found: dict[tuple[str, str], list[TIResult]] = {}
    for game in games:
        if game.param:
            found.setdefault((game.param, game.value), []).append(game)
    return [(param, group(value, grp)) for (param, value), grp in found.items()]


# Presentation


def _overview(r: TIReport) -> Section:
    rows = [["games", str(r.games)],
            ["missions", counts_text({g.name: g.wins.n for g in r.missions})],
            ["players", counts_text({g.name: g.wins.n for g in r.players})],
            ["bots", counts_text({g.name: g.wins.n for g in r.lineups})],
            ["seeds", f"{r.seeds[0]} to {r.seeds[1]}" if r.seeds else "-"],
            ["won", f"{r.all.wins.k} ({pct(r.all.wins.rate)}, {interval(r.all.wins)})"],
            ["lost", counts_text({k: n for k, n in r.all.losses.counts.items() if n})],
            ["solve proposals per game", f"{r.proposals:.2f}"],
            ["games with more than one proposal", str(r.repeat_proposals)]]
    notes = [WIN_NOTE] if r.games else ["No games: the results hold no rows."]
    return Section("Overview", notes, ["figure", "value"], rows)


def _rates(title: str, noun: str, groups: Sequence[Group], note: str) -> Section:
    items = [(g.name, g.wins) for g in groups]
    return Section(title, [note], [noun, *RATE_HEADERS],
                   [[name, *rate_cells(p)] for name, p in items],
                   [svg.bar_chart(items, title)] if items else [])


def _solve(r: TIReport) -> Section:
    d = r.all.solve
    notes = [f"Turns (TI-9) up to the winning solve, over the {d.n} won games; quantiles "
             + ", ".join(f"p{round(q * 100)} {v:g}" for q, v in r.quantiles) + "."
             if d.n else "No game was won."]
    rows = [[g.name, str(g.solve.n), f"{g.solve.mean:.1f}" if g.solve.n else "-",
             f"{g.solve.median:g}" if g.solve.n else "-",
             f"{g.solve.p90:g}" if g.solve.n else "-"] for g in (r.all, *r.missions)]
    charts = [svg.histogram(d.bins, "Turns to solve (won games)", "turns")] if d.n else []
    return Section("Turns to solve", notes, ["mission", "won games", "mean", "median", "p90"],
                   rows, charts)


def _losses(r: TIReport) -> Section:
    notes = ["How games were lost: a wrong answer (TI-54), three time cards in the discard "
             "pile In Peril (TI-50, TI-51), or a stall (TI-A14). Each share is of all the "
             "games of the row, with its 95% interval."]
    labelled = [("all", r.all), *((g.name, g) for g in r.missions)]
    if len(r.players) > 1:
        labelled += [(f"{g.name} players", g) for g in r.players]
    rows = [[label, str(g.wins.n)] + [
        f"{g.losses.counts[reason]} ({pct(g.losses.share(reason).rate)}, "
        f"{interval(g.losses.share(reason))})" for reason in LOSS_REASONS]
        for label, g in labelled]
    items = [(reason, r.all.losses.share(reason)) for reason in LOSS_REASONS]
    return Section("How games were lost", notes, ["group", "games", *LOSS_REASONS], rows,
                   [svg.bar_chart(items, "Share of games lost, by reason")] if r.games else [])


def _progress(r: TIReport) -> Section:
    notes = [f"Turns per game: mean {r.turns.mean:.1f}, median {r.turns.median:g}, p90 "
             f"{r.turns.p90:g}. Cards left in the deck at the end: {r.cards_left:.1f} on "
             "average."]
    rows = [[g.name, str(g.wins.n), pct(g.windows), f"{pct(g.peril.rate)} "
             f"({interval(g.peril)})"] for g in (r.all, *r.missions)]
    return Section("How far games got", notes,
                   ["mission", "games", "answer windows open", "went In Peril (TI-47)"], rows,
                   [svg.histogram(r.turns.bins, "Turns per game", "turns")] if r.games else [])


def _sweeps(r: TIReport) -> list[Section]:
    if not r.sweeps:
        return []
    notes = ["The same seeds are played for every value (common random numbers)."]
    rows = [[param, g.name, *rate_cells(g.wins),
             f"{g.solve.mean:.1f}" if g.solve.n else "-",
             counts_text({k: n for k, n in g.losses.counts.items() if n})]
            for param, g in r.sweeps]
    return [Section("Sweep", notes, ["parameter", "value", *RATE_HEADERS,
                                     "mean turns to solve", "lost"], rows)]


def ti_sections(r: TIReport) -> list[Section]:
    """The report's sections in order (only the overview when there are no games)."""
    if not r.games:
        return [_overview(r)]
    return [_overview(r),
            _rates("Win rate by mission", "mission", r.missions,
                   "The group's win rate on each mission (TI-54)."),
            _rates("Win rate by player count", "players", r.players,
                   "The group's win rate by the number of seats (TI-1)."),
            _rates("Win rate by bots", "bots", r.lineups,
                   "The bots of the seats in seat order."),
            _solve(r), _losses(r), _progress(r), *_sweeps(r)]


def render_ti_text(report: TIReport) -> str:
    """The report as plain text for a terminal."""
    return text_page(TITLE, ti_sections(report))


def render_ti_html(report: TIReport) -> str:
    """The report as one self-contained HTML page (inline CSS and SVG, no scripts)."""
    return html_page(TITLE, ti_sections(report))


def report_sections(games: Sequence[Mapping[str, Any] | TIResult]) -> list[Section]:
    """The sections of the report of result rows (or parsed results)."""
    return ti_sections(summarize_ti(games))


REPORT = LabReport(TITLE, parse_ti_row, report_sections)
"""The Initiative's report, as its lab part gives it to `initiative report`."""
