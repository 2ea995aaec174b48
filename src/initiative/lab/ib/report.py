"""Initiative Break's report in the balance lab: figures computed from result rows, as
text or one HTML page.

`summarize(rows)` computes a `Report` (overview, win rates, seat and first-activation
advantage, per-Character and per-card impact, game length, Time Collapse, deck-outs,
damage and parameter sweeps); `render_text` and `render_html` present the same sections (the shared
pages of `lab/pages.py`), the HTML page adding SVG charts. Every rate is a proportion of
games with its 95% Wilson interval; a draw counts as a game not won.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from initiative.lab import svg
from initiative.lab.pages import (
    DRAWS_NOTE,
    RATE_HEADERS,
    SPREAD_HEADERS,
    Section,
    counts_text,
    html_page,
    interval,
    pct,
    rate_cells,
    spread_cells,
    tally,
    text_page,
)
from initiative.lab.parts import LabReport
from initiative.lab.row_fields import by_seat, reading_row
from initiative.lab.stats import Distribution, Proportion, describe, proportion

CHALLENGE_CARDS = "challenge_cards"
"""The side name of the Challenge Cards in solo and co-op rows."""
DRAW = -1
TITLE = "Initiative Break balance report"


@dataclass(frozen=True)
class Game:
    """One result row with its per-side JSON figures parsed, keyed by team number."""

    seed: int
    format: str
    param: str
    value: str
    sides: dict[int, str]
    bots: dict[int, list[str]]
    winner_team: int
    first_team: int
    rounds: int
    activations: int
    time_collapse: bool
    collapse_round: int
    characters: dict[int, list[str]]
    decks: dict[int, list[str]]
    dealt: dict[int, dict[str, int]]
    taken: dict[int, dict[str, int]]
    plays: dict[int, dict[str, int]]
    deck_outs: dict[int, int] = field(default_factory=dict)
    """Seats of each team that had to draw from an empty deck (IB 2.8.6); rows written
    before the column existed read as none."""

    @property
    def players(self) -> list[int]:
        """The teams of players (every side but the Challenge Cards)."""
        return [t for t, name in sorted(self.sides.items()) if name != CHALLENGE_CARDS]

    def won(self, team: int) -> bool:
        """Whether `team` won this game."""
        return self.winner_team == team


def parse_row(row: Mapping[str, Any]) -> Game:
    """The Game of a result row (see `rows.COLUMNS`); a ValueError names the seed and the
    column when a value is missing or not what `simulate` writes."""
    with reading_row(row):
        return Game(
            int(row["seed"]), str(row["format"]), str(row["param"] or ""),
            str(row["value"] or ""), _by_team(row, "sides"), _by_team(row, "bots"),
            int(row["winner_team"]), int(row["first_team"]), int(row["rounds"]),
            int(row["activations"]), str(row["time_collapse"]).lower() in ("true", "1"),
            int(row["collapse_round"]), _by_team(row, "characters"), _by_team(row, "decks"),
            _by_team(row, "damage_dealt"), _by_team(row, "damage_taken"),
            _by_team(row, "plays"),
            _by_team(row, "deck_outs") if row.get("deck_outs") is not None else {})


def _by_team(row: Mapping[str, Any], column: str) -> dict[int, Any]:
    """A JSON object keyed by team number, with int keys."""
    return by_seat(row, column, "team")


@dataclass(frozen=True)
class Overview:
    """What the results hold: games per format, side and bot, the seeds, the draws."""

    games: int
    formats: dict[str, int]
    sides: dict[str, int]
    bots: dict[str, int]
    seeds: tuple[int, int] | None
    draws: Proportion


@dataclass(frozen=True)
class Impact:
    """Win rates of the sides fielding a Character (or holding a card) and of the sides
    not, and for a card its average plays per game in which it was in the deck."""

    key: str
    fielded: Proportion
    without: Proportion
    plays: float | None = None

    @property
    def difference(self) -> float | None:
        """Win rate with minus without (None when either has no games)."""
        if not self.fielded.n or not self.without.n:
            return None
        return self.fielded.rate - self.without.rate

    @property
    def out_of_line(self) -> int:
        """+1 (-1) when the interval with it lies entirely above (below) the one without."""
        return 1 if self.fielded.above(self.without) else -1 if self.without.above(
            self.fielded) else 0


@dataclass(frozen=True)
class ImpactTable:
    """Impacts of every Character or card; `varies` is False when every side always
    fields the same ones (then with/without compares sides, not the key)."""

    varies: bool
    rows: tuple[Impact, ...]


@dataclass(frozen=True)
class Collapse:
    """Time Collapse: share of games with one, its round, and team 0's win rate with and
    without one."""

    games: Proportion
    rounds: Distribution
    first_with: Proportion
    first_without: Proportion


@dataclass(frozen=True)
class DeckOuts:
    """Deck-outs (IB 2.8.6): the share of games in which a seat had to draw from an empty
    deck, and of games whose losing side (or the Challenge Cards' opponents, in solo and
    co-op) was one that decked out: lost to its own deck rather than to damage."""

    games: Proportion
    decided: Proportion


@dataclass(frozen=True)
class Damage:
    """Average damage a unit dealt and took per game it took part in."""

    key: str
    games: int
    dealt: float
    taken: float


@dataclass(frozen=True)
class Sweep:
    """A swept parameter: per value, the win rate of each side and of the `tracked`
    sides, and the balance point where the tracked win rate is 50% (interpolated when it
    `crosses` 50% between two numeric values, else the value closest to 50%). The
    tracked sides are those fielding the swept Character (`character.KEY.FIELD`) or
    holding the swept card (`card.KEY.FIELD`) when some do, else team 0."""

    param: str
    values: tuple[str, ...]
    numeric: bool
    games: tuple[int, ...]
    sides: dict[str, tuple[Proportion, ...]]
    first: tuple[Proportion, ...]
    first_name: str
    balance: float | str | None
    crosses: bool


@dataclass(frozen=True)
class Report:
    """Every section of the report (see the module docstring)."""

    overview: Overview
    wins: dict[str, Proportion]
    seat: Proportion
    first_activation: Proportion
    characters: ImpactTable
    cards: ImpactTable
    rounds: Distribution
    activations: Distribution
    collapse: Collapse
    deck_outs: DeckOuts
    damage: tuple[Damage, ...]
    sweeps: tuple[Sweep, ...]


def summarize(rows: Iterable[Mapping[str, Any] | Game]) -> Report:
    """The report of result rows (dicts as `simulate.run` or `results.read_rows` give
    them, or parsed Games)."""
    games = [row if isinstance(row, Game) else parse_row(row) for row in rows]
    two_sided = [g for g in games if len(g.sides) == 2]
    collapsed = [g for g in games if g.time_collapse]
    steady = [g for g in games if not g.time_collapse]
    return Report(
        overview(games), side_rates(games),
        proportion(g.won(0) for g in two_sided if len(g.players) == 2),
        proportion(g.won(g.first_team) for g in two_sided if g.first_team >= 0),
        impacts(games, lambda g, t: g.characters.get(t, [])),
        impacts(games, lambda g, t: g.decks.get(t, []), plays=True),
        describe([g.rounds for g in games]), describe([g.activations for g in games]),
        Collapse(proportion(g.time_collapse for g in games),
                 describe([g.collapse_round for g in collapsed]),
                 proportion(g.won(0) for g in collapsed), proportion(g.won(0) for g in steady)),
        DeckOuts(proportion(bool(g.deck_outs) for g in games),
                 proportion(_decided_by_deck_out(g) for g in games)),
        damage(games), sweeps(games))


def _decided_by_deck_out(game: Game) -> bool:
    """Whether a side that decked out lost the game (a draw: any side that decked out)."""
    return any(n and not game.won(team) for team, n in game.deck_outs.items())


def overview(games: Sequence[Game]) -> Overview:
    """Games per format, side name and bot, the seed range and the draws."""
    seeds = [g.seed for g in games]
    return Overview(
        len(games), tally(g.format for g in games),
        tally(name for g in games for name in g.sides.values()),
        tally(bot for g in games for bot in {b for bs in g.bots.values() for b in bs}),
        (min(seeds), max(seeds)) if seeds else None,
        proportion(g.winner_team == DRAW for g in games))


def side_rates(games: Sequence[Game]) -> dict[str, Proportion]:
    """The win rate of each side name over the games it played, in order of appearance."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for game in games:
        for team, name in sorted(game.sides.items()):
            played[name] += 1
            won[name] += game.won(team)
    return {name: Proportion(won[name], n) for name, n in played.items()}


Keys = Callable[[Game, int], Iterable[str]]
"""The Character or card keys a team of a game has."""


def impacts(games: Sequence[Game], keys: Keys, plays: bool = False) -> ImpactTable:
    """Per key, the win rate of player sides having it against those not (and with
    `plays`, its average plays per game in the deck); sorted by difference when the keys
    vary between games of a side, else by key."""
    fielded, won, played = Counter[str](), Counter[str](), Counter[str]()
    layouts: dict[str, set[frozenset[str]]] = {}
    sides = wins = 0
    for game in games:
        for team in game.players:
            has = frozenset(keys(game, team))
            layouts.setdefault(game.sides[team], set()).add(has)
            sides += 1
            wins += game.won(team)
            fielded.update(has)
            won.update(has if game.won(team) else ())
            played.update({k: n for k, n in game.plays.get(team, {}).items() if k in has})
    rows = [Impact(key, Proportion(won[key], n),
                   Proportion(wins - won[key], sides - n),
                   played[key] / n if plays else None) for key, n in sorted(fielded.items())]
    varies = any(len(seen) > 1 for seen in layouts.values())
    if varies:
        rows.sort(key=lambda r: -(r.difference or 0.0))
    return ImpactTable(varies, tuple(rows))


def damage(games: Sequence[Game]) -> tuple[Damage, ...]:
    """Average damage dealt and taken per unit key, over the games whose side fielded it
    (a Challenge Card unit: the games where it dealt or took damage)."""
    count, dealt, taken = Counter[str](), Counter[str](), Counter[str]()
    for game in games:
        for team in game.sides:
            units = set(game.characters.get(team, ())) if team in game.players else \
                set(game.dealt.get(team, {})) | set(game.taken.get(team, {}))
            count.update(units)
            dealt.update({k: game.dealt.get(team, {}).get(k, 0) for k in units})
            taken.update({k: game.taken.get(team, {}).get(k, 0) for k in units})
    return tuple(Damage(k, n, dealt[k] / n, taken[k] / n) for k, n in sorted(count.items()))


def _number(text: str) -> float | None:
    """`text` as a finite number, or None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def sweeps(games: Sequence[Game]) -> tuple[Sweep, ...]:
    """A Sweep per swept parameter of the games (none when no game was swept)."""
    params = dict.fromkeys(g.param for g in games if g.param)
    return tuple(sweep(param, [g for g in games if g.param == param]) for param in params)


def sweep(param: str, games: Sequence[Game]) -> Sweep:
    """The Sweep of one parameter's games."""
    values = list(dict.fromkeys(g.value for g in games))
    numeric = all(_number(v) is not None for v in values)
    if numeric:
        values.sort(key=lambda v: _number(v) or 0.0)
    groups = [[g for g in games if g.value == v] for v in values]
    rates = [side_rates(group) for group in groups]
    names = list(dict.fromkeys(name for r in rates for name in r))
    name, holds = _tracked(param, games)
    first = tuple(proportion(g.won(t) for g in group for t in g.sides if holds(g, t))
                  for group in groups)
    balance, crosses = balance_point(values, [p.rate for p in first], numeric)
    return Sweep(param, tuple(values), numeric, tuple(len(g) for g in groups),
                 {name: tuple(r.get(name, Proportion(0, 0)) for r in rates) for name in names},
                 first, name, balance, crosses)


def _tracked(param: str, games: Sequence[Game]) -> tuple[str, Callable[[Game, int], bool]]:
    """Whose win rate a sweep follows: the sides with the swept Character or card if
    any game has one, else team 0 (see `Sweep`)."""
    kind, _, rest = param.partition(".")
    key = rest.split(".")[0] if rest.count(".") == 1 else ""
    column = {"character": "characters", "card": "decks"}.get(kind)
    if column and key:
        def holds(g: Game, t: int) -> bool:
            return key in getattr(g, column).get(t, ())

        if any(holds(g, t) for g in games for t in g.sides):
            return f"sides with {key}", holds
    name = Counter(g.sides.get(0, "?") for g in games).most_common(1)[0][0]
    return f"{name} (team 1)", lambda g, t: t == 0


def balance_point(values: Sequence[str], rates: Sequence[float], numeric: bool
                  ) -> tuple[float | str | None, bool]:
    """Where a win rate is 50%, and whether it gets there: between two numeric values (in
    order) where the rate crosses 50%, linearly interpolated; otherwise (and always for
    categorical values) the value whose rate is closest to 50%, True only if exactly 50%.
    (None, False) for no values."""
    if not values:
        return None, False
    if numeric:
        xs = [float(v) for v in values]
        for i, rate in enumerate(rates):
            if rate == 0.5:
                return xs[i], True
            if i + 1 < len(rates) and (rate - 0.5) * (rates[i + 1] - 0.5) < 0:
                share = (0.5 - rate) / (rates[i + 1] - rate)
                return xs[i] + share * (xs[i + 1] - xs[i]), True
    closest = min(range(len(values)), key=lambda i: abs(rates[i] - 0.5))
    return (float(values[closest]) if numeric else values[closest]), rates[closest] == 0.5


# Presentation: one list of sections, shown as text or as HTML with charts.


def _overview(report: Report) -> Section:
    o = report.overview
    rows = [["games", str(o.games)], ["formats", counts_text(o.formats)],
            ["sides", counts_text(o.sides)], ["bots", counts_text(o.bots)],
            ["seeds", f"{o.seeds[0]} to {o.seeds[1]}" if o.seeds else "-"],
            ["draws", f"{o.draws.k} ({pct(o.draws.rate)}, {interval(o.draws)})"]]
    rows += [["sweep", f"{s.param} = {', '.join(s.values)}"] for s in report.sweeps]
    notes = [DRAWS_NOTE] if o.games else ["No games: the results hold no rows."]
    return Section("Overview", notes, ["figure", "value"], rows)


def _wins(report: Report) -> Section:
    items = [*report.wins.items(), ("draw", report.overview.draws)]
    return Section("Win rates by side", [f"Draw rate: {pct(report.overview.draws.rate)}."],
                   ["side", *RATE_HEADERS], [[name, *rate_cells(p)] for name, p in items],
                   [svg.bar_chart(items, "Win rate by side (draws: share of games)")])


def _advantage(report: Report) -> Section:
    items = [("team 1 (first seat)", report.seat),
             ("side activating first", report.first_activation)]
    notes = ["Seat: team 1's win rate in games of two player sides. First activation: the "
             "win rate of the side whose unit activated first, in two-sided games "
             "(solo included)."]
    return Section("Seat and first-activation advantage", notes, ["who", *RATE_HEADERS],
                   [[name, *rate_cells(p)] for name, p in items],
                   [svg.bar_chart(items, "Seat and first-activation win rates")])


def _flag(impact: Impact) -> str:
    return {1: "higher", -1: "lower", 0: ""}[impact.out_of_line]


def _impact(table: ImpactTable, noun: str, plural: str) -> Section:
    """The impact section of Characters or cards."""
    cards = noun == "card"
    title = f"{noun.capitalize()} impact"
    extra = ["plays per game"] if cards else []
    plays = [[f"{r.plays:.2f}"] if r.plays is not None else [] for r in table.rows]
    if not table.varies:
        note = f"{plural.capitalize()} do not vary in this run: every side always has the " \
               "same ones, so with/without would only compare the sides."
        return Section(title, [note], [noun, "sides with it", *extra],
                       [[r.key, str(r.fielded.n), *p] for r, p in zip(table.rows, plays,
                                                                      strict=True)])
    flagged = [f"{r.key} ({_flag(r)})" for r in table.rows if r.out_of_line]
    notes = [f"Win rate of sides with each {noun} against sides without it. Out of line "
             "(the interval with it entirely above or below the one without): "
             + (", ".join(flagged) if flagged else "none") + "."]
    headers = [noun, "with: sides", "win rate", "95% interval", "without: sides", "win rate",
               "95% interval", "difference", "out of line", *extra]
    rows = [[r.key, str(r.fielded.n), pct(r.fielded.rate), interval(r.fielded),
             str(r.without.n), pct(r.without.rate), interval(r.without),
             f"{r.difference:+.1%}" if r.difference is not None else "-", _flag(r), *p]
            for r, p in zip(table.rows, plays, strict=True)]
    charts = [] if cards else [svg.bar_chart([(r.key, r.fielded) for r in table.rows],
                                             "Win rate of sides fielding each Character")]
    return Section(title, notes, headers, rows, charts)



def _length(report: Report) -> Section:
    return Section("Game length", [], SPREAD_HEADERS,
                   [spread_cells("rounds", report.rounds),
                    spread_cells("activations", report.activations)],
                   [svg.histogram(report.rounds.bins, "Rounds per game", "rounds"),
                    svg.histogram(report.activations.bins, "Activations per game",
                                  "activations")])


def _collapse(report: Report) -> Section:
    c = report.collapse
    notes = [f"Games with a Time Collapse: {c.games.k} of {c.games.n} ({pct(c.games.rate)}, "
             f"95% interval {interval(c.games)})."]
    if c.rounds.n:
        notes.append(f"Round of the collapse: mean {c.rounds.mean:.1f}, median "
                     f"{c.rounds.median:g}, p90 {c.rounds.p90:g}.")
    notes.append("Team 1's win rate in games with a Time Collapse and in games without one:")
    items = [("with a collapse", c.first_with), ("without", c.first_without)]
    charts = [svg.bar_chart(items, "Team 1's win rate with and without a Time Collapse")]
    if c.rounds.n:
        charts.append(svg.histogram(c.rounds.bins, "Round of the Time Collapse", "round"))
    return Section("Time Collapse", notes, ["team 1", *RATE_HEADERS],
                   [[name, *rate_cells(p)] for name, p in items], charts)


def _deck_outs(report: Report) -> Section:
    d = report.deck_outs
    notes = ["A deck-out: a seat had to draw from an empty deck and lost (IB 2.8.6). "
             "Lost to a deck-out: a side with a seat that decked out did not win."]
    items = [("games with a deck-out", d.games), ("games lost to a deck-out", d.decided)]
    return Section("Deck-outs", notes, ["", "games", "with it", "share", "95% interval"],
                   [[name, *rate_cells(p)] for name, p in items])


def _damage(report: Report) -> Section:
    notes = ["Average per game in which its side fielded it (a Challenge Card unit: the "
             "games where it dealt or took damage)."]
    return Section("Damage by unit", notes, ["unit", "games", "dealt", "taken"],
                   [[d.key, str(d.games), f"{d.dealt:.1f}", f"{d.taken:.1f}"]
                    for d in report.damage])


def _balance(s: Sweep) -> str:
    """The sentence giving a sweep's balance point."""
    who = s.first_name
    if isinstance(s.balance, float) and s.crosses:
        return f"Balance point: {s.param} = {s.balance:.3g}, where {who} wins 50% " \
               "(interpolated between the values around it)."
    if s.balance is None:
        return "No balance point: no values."
    shown = f"{s.balance:g}" if isinstance(s.balance, float) else s.balance
    rate = min(s.first, key=lambda p: abs(p.rate - 0.5)).rate
    never = " never crosses 50% and" if s.numeric else ""
    return (f"Balance point: the win rate of {who}{never} is closest to 50% at {s.param} = "
            f"{shown} ({pct(rate)}).")


def _sweep(s: Sweep) -> Section:
    series = dict(s.sides)
    if s.first not in series.values():  # the sides with the swept Character or card
        series = {s.first_name: s.first, **series}
    headers = ["value", "games", *(f"{name} win rate" for name in series)]
    rows = [[v, str(n), *(f"{pct(p[i].rate)} ({interval(p[i])})" for p in series.values())]
            for i, (v, n) in enumerate(zip(s.values, s.games, strict=True))]
    chart = svg.line_chart(s.values, list(series.items()), f"Win rate by {s.param}",
                           s.param, s.numeric)
    return Section(f"Sweep of {s.param}", [_balance(s)], headers, rows, [chart])


def sections(report: Report) -> list[Section]:
    """The report's sections in order (only the overview when there are no games)."""
    if not report.overview.games:
        return [_overview(report)]
    return [_overview(report), _wins(report), _advantage(report),
            _impact(report.characters, "character", "characters"),
            _impact(report.cards, "card", "cards"), _length(report), _collapse(report),
            _deck_outs(report), _damage(report), *(_sweep(s) for s in report.sweeps)]


def render_text(report: Report) -> str:
    """The report as plain text for a terminal."""
    return text_page(TITLE, sections(report))


def render_html(report: Report) -> str:
    """The report as one self-contained HTML page (inline CSS and SVG, no scripts)."""
    return html_page(TITLE, sections(report))


def report_sections(games: Sequence[Mapping[str, Any] | Game]) -> list[Section]:
    """The sections of the report of result rows (or parsed Games)."""
    return sections(summarize(games))


REPORT = LabReport(TITLE, parse_row, report_sections)
"""Initiative Break's report, as its lab part gives it to `initiative report`."""
