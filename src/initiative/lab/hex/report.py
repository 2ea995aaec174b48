"""The lab's report of hex skirmish results: figures from rows, as text or one HTML page.

`summarize_hex(rows)` computes a `HexReport`: win rates per seat, per character and per
bot, the first player's advantage (the seat whose initiative card came first in round
1, HX-9/HX-11) against its fair share, game length and how games ended, card usage by
section, damage per character, the Special Initiative card's turns (HX-10) and, for a
sweep, the figures of each value. Every rate is a proportion with its 95% Wilson
interval; a draw counts as a game not won. The page is made of the sections and charts
every game's report shares (lab/pages.py `Section`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
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

__all__ = ["TITLE", "CardUse", "HexReport", "HexResult", "parse_hex_row", "render_hex_html",
           "render_hex_text", "summarize_hex"]

TITLE = "Hex skirmish balance report"
SECTIONS = ("move", "attack", "reaction")
"""The card sections a play uses (HX-14), in card order."""


@dataclass(frozen=True)
class HexResult:
    """One hex result row with its JSON figures parsed, keyed by seat."""

    seed: int
    param: str
    value: str
    board: str
    players: int
    characters: dict[int, str]
    bots: dict[int, str]
    winner: int
    first_seat: int
    rounds: int
    turns: int
    special: dict[int, int]
    ended: str
    eliminations: list[int]
    dealt: dict[int, int]
    taken: dict[int, int]
    uses: dict[str, dict[int, dict[str, int]]]
    """Section -> seat -> card key -> times used."""


def parse_hex_row(row: Mapping[str, Any]) -> HexResult:
    """The HexResult of a row (see `rows.HEX_COLUMNS`); a ValueError names the seed and
    the column when a value is missing or not what `simulate` writes."""
    with reading_row(row):
        eliminations = json.loads(row["eliminations"])
        if not isinstance(eliminations, list):
            raise ValueError("column 'eliminations' is not a JSON list of seats")
        return HexResult(
            int(row["seed"]), str(row["param"] or ""), str(row["value"] or ""),
            str(row["board"]), int(row["players"]), by_seat(row, "characters"),
            by_seat(row, "bots"), int(row["winner"]), int(row["first_seat"]),
            int(row["rounds"]), int(row["turns"]), by_seat(row, "special_turns"),
            str(row["ended"]), [int(s) for s in eliminations], by_seat(row, "damage_dealt"),
            by_seat(row, "damage_taken"),
            {section: by_seat(row, column) for section, column in
             zip(SECTIONS, ("move_plays", "attack_plays", "reactions"), strict=True)})


@dataclass(frozen=True)
class CardUse:
    """How often a card's sections were used, per game of the run."""

    key: str
    move: float
    attack: float
    reaction: float

    @property
    def total(self) -> float:
        return self.move + self.attack + self.reaction


@dataclass(frozen=True)
class CharacterDamage:
    """Average damage a character dealt and took per game it played."""

    key: str
    games: int
    dealt: float
    taken: float


@dataclass(frozen=True)
class SweptValue:
    """The games of one value of a swept parameter: the first player's and the first
    seat's win rates (`seat0`: seat 0 in the rows, "seat 1" in the report) and the mean
    rounds."""

    param: str
    value: str
    first: Proportion
    seat0: Proportion
    rounds: float


@dataclass(frozen=True)
class HexReport:
    """Every section of the hex report (see the module docstring)."""

    games: int
    boards: dict[str, int]
    players: dict[str, int]
    bots: dict[str, int]
    seeds: tuple[int, int] | None
    draws: Proportion
    ended: dict[str, int]
    seats: dict[int, Proportion]
    characters: dict[str, Proportion]
    character_shares: dict[str, float]
    """Per character, its fair share of wins: the mean of one over the players."""
    by_bot: dict[str, Proportion]
    first: Proportion
    fair_share: float
    first_seats: dict[int, int]
    rounds: Distribution
    turns: Distribution
    cards: tuple[CardUse, ...]
    damage: tuple[CharacterDamage, ...]
    special: Proportion
    special_per_game: float
    first_out: dict[str, int]
    sweeps: tuple[SweptValue, ...]


def summarize_hex(rows: Iterable[Mapping[str, Any] | HexResult]) -> HexReport:
    """The report of hex result rows (dicts as `simulate.run` or `results.read_rows`
    give them, or parsed results)."""
    games = [r if isinstance(r, HexResult) else parse_hex_row(r) for r in rows]
    seeds = [g.seed for g in games]
    return HexReport(
        len(games), tally(g.board for g in games), tally(str(g.players) for g in games),
        tally(b for g in games for b in set(g.bots.values())),
        (min(seeds), max(seeds)) if seeds else None,
        proportion(g.winner < 0 for g in games), tally(g.ended for g in games),
        _seat_rates(games),
        _rates((key, g.winner == seat) for g in games for seat, key in g.characters.items()),
        _shares(games),
        _rates((bot, g.winner == seat) for g in games for seat, bot in g.bots.items()),
        proportion(g.winner == g.first_seat for g in games if g.first_seat >= 0),
        sum(1 / g.players for g in games) / len(games) if games else 0.0,
        dict(sorted(Counter(g.first_seat for g in games).items())),
        describe([g.rounds for g in games]), describe([g.turns for g in games]),
        card_uses(games), character_damage(games),
        proportion(sum(g.special.values()) > 0 for g in games),
        sum(sum(g.special.values()) for g in games) / len(games) if games else 0.0,
        tally(g.characters.get(g.eliminations[0], "?") for g in games if g.eliminations),
        swept_values(games))


def swept_values(games: Sequence[HexResult]) -> tuple[SweptValue, ...]:
    """Per swept parameter and value (in order of appearance), its games' figures."""
    groups: dict[tuple[str, str], list[HexResult]] = {}
    for game in games:
        if game.param:
            groups.setdefault((game.param, game.value), []).append(game)
    return tuple(SweptValue(param, value, proportion(g.winner == g.first_seat for g in group),
                            proportion(g.winner == 0 for g in group),
                            sum(g.rounds for g in group) / len(group))
                 for (param, value), group in groups.items())


def _rates(pairs: Iterable[tuple[str, bool]]) -> dict[str, Proportion]:
    """Per key, the proportion of its True outcomes, sorted by key."""
    played, won = Counter[str](), Counter[str]()
    for key, win in pairs:
        played[key] += 1
        won[key] += win
    return {key: Proportion(won[key], n) for key, n in sorted(played.items())}


def _shares(games: Sequence[HexResult]) -> dict[str, float]:
    """Per character, the mean of one over the players of the games it played."""
    seats, share = Counter[str](), dict[str, float]()
    for game in games:
        for key in game.characters.values():
            seats[key] += 1
            share[key] = share.get(key, 0.0) + 1 / game.players
    return {key: share[key] / n for key, n in sorted(seats.items())}


def _seat_rates(games: Sequence[HexResult]) -> dict[int, Proportion]:
    played, won = Counter[int](), Counter[int]()
    for game in games:
        for seat in range(game.players):
            played[seat] += 1
            won[seat] += game.winner == seat
    return {seat: Proportion(won[seat], n) for seat, n in sorted(played.items())}


def card_uses(games: Sequence[HexResult]) -> tuple[CardUse, ...]:
    """Per card key, its Move, Attack and Reaction uses per game, most used first."""
    totals = {section: Counter[str]() for section in SECTIONS}
    for game in games:
        for section in SECTIONS:
            for cards in game.uses[section].values():
                totals[section].update(cards)
    keys = sorted({k for counts in totals.values() for k in counts})
    n = len(games) or 1
    uses = [CardUse(k, *(totals[section][k] / n for section in SECTIONS)) for k in keys]
    return tuple(sorted(uses, key=lambda u: (-u.total, u.key)))


def character_damage(games: Sequence[HexResult]) -> tuple[CharacterDamage, ...]:
    """Per character, the damage it dealt and took per game it played."""
    count, dealt, taken = Counter[str](), Counter[str](), Counter[str]()
    for game in games:
        for seat, key in game.characters.items():
            count[key] += 1
            dealt[key] += game.dealt.get(seat, 0)
            taken[key] += game.taken.get(seat, 0)
    return tuple(CharacterDamage(k, n, dealt[k] / n, taken[k] / n)
                 for k, n in sorted(count.items()))


def _overview(r: HexReport) -> Section:
    rows = [["games", str(r.games)], ["boards", counts_text(r.boards)],
            ["players", counts_text(r.players)], ["bots", counts_text(r.bots)],
            ["seeds", f"{r.seeds[0]} to {r.seeds[1]}" if r.seeds else "-"],
            ["draws", f"{r.draws.k} ({pct(r.draws.rate)}, {interval(r.draws)})"],
            ["ended", counts_text(r.ended)]]
    notes = [DRAWS_NOTE] if r.games else ["No games: the results hold no rows."]
    return Section("Overview", notes, ["figure", "value"], rows)


def _rates_section(title: str, noun: str, rates: Mapping[str, Proportion],
                   note: str) -> Section:
    items = list(rates.items())
    return Section(title, [note], [noun, *RATE_HEADERS],
                   [[name, *rate_cells(p)] for name, p in items],
                   [svg.bar_chart(items, title)] if items else [])


def _first(r: HexReport) -> Section:
    notes = [f"The first player is the seat whose initiative card came first in round 1 "
             f"(HX-9, HX-11). Its win rate is {pct(r.first.rate)} (95% interval "
             f"{interval(r.first)}) against a fair share of {pct(r.fair_share)} (one over "
             "the players); " + _verdict(r.first, r.fair_share) + ".",
             "Games by first seat: " + ", ".join(f"seat {s + 1} ({n})"
                                                 for s, n in r.first_seats.items()) + "."]
    return Section("First-player advantage", notes, ["who", *RATE_HEADERS],
                   [["first player", *rate_cells(r.first)]],
                   [svg.bar_chart([("first player", r.first)], "First player's win rate")])


def _out_of_line(r: HexReport) -> list[str]:
    """The characters whose interval misses their fair share, with the side it falls."""
    out = []
    for key, p in r.characters.items():
        share = r.character_shares[key]
        if p.low > share or p.high < share:
            out.append(f"{key} ({'higher' if p.low > share else 'lower'})")
    return out


def _verdict(p: Proportion, share: float) -> str:
    if p.n and p.low > share:
        return "an advantage (the interval lies above the fair share)"
    if p.n and p.high < share:
        return "a disadvantage (the interval lies below the fair share)"
    return "no advantage shown (the interval holds the fair share)"


def _length(r: HexReport) -> Section:
    return Section("Game length", [f"How games ended: {counts_text(r.ended)}."],
                   SPREAD_HEADERS, [spread_cells("rounds", r.rounds),
                                    spread_cells("turns", r.turns)],
                   [svg.histogram(r.rounds.bins, "Rounds per game", "rounds"),
                    svg.histogram(r.turns.bins, "Turns per game", "turns")])


def _cards(r: HexReport) -> Section:
    notes = ["Uses per game of each card's Move and Attack sections on a turn (HX-12) and "
             "of its Reaction section (HX-30), all seats together."]
    return Section("Card usage", notes, ["card", "move", "attack", "reaction", "total"],
                   [[u.key, f"{u.move:.2f}", f"{u.attack:.2f}", f"{u.reaction:.2f}",
                     f"{u.total:.2f}"] for u in r.cards])


def _damage(r: HexReport) -> Section:
    notes = ["Average health a character removed from others and lost, per game it played. "
             "First eliminated: " + counts_text(r.first_out) + "."]
    return Section("Damage by character", notes, ["character", "games", "dealt", "taken"],
                   [[d.key, str(d.games), f"{d.dealt:.1f}", f"{d.taken:.1f}"]
                    for d in r.damage])


def _special(r: HexReport) -> Section:
    notes = [f"Games in which the Special Initiative card gave a turn (HX-10): {r.special.k} "
             f"of {r.special.n} ({pct(r.special.rate)}, 95% interval {interval(r.special)}); "
             f"{r.special_per_game:.2f} such turns per game."]
    return Section("Special Initiative card", notes)


def _sweeps(r: HexReport) -> list[Section]:
    if not r.sweeps:
        return []
    notes = ["The same seeds are played for every value (common random numbers)."]
    rows = [[v.param, v.value, str(v.first.n),
             f"{pct(v.first.rate)} ({interval(v.first)})",
             f"{pct(v.seat0.rate)} ({interval(v.seat0)})", f"{v.rounds:.1f}"]
            for v in r.sweeps]
    return [Section("Sweep", notes, ["parameter", "value", "games", "first player wins",
                                     "seat 1 wins", "mean rounds"], rows)]


def hex_sections(r: HexReport) -> list[Section]:
    """The report's sections in order (only the overview when there are no games)."""
    if not r.games:
        return [_overview(r)]
    return [_overview(r),
            _rates_section("Win rates by seat", "seat",
                           {f"seat {s + 1}": p for s, p in r.seats.items()},
                           f"Draw rate: {pct(r.draws.rate)}."),
            _first(r),
            _rates_section("Win rates by character", "character", r.characters,
                           "Win rate of the seats playing each character. Out of line (the "
                           "interval entirely above or below its fair share, one over the "
                           "players): " + (", ".join(_out_of_line(r)) or "none") + "."),
            _rates_section("Win rates by bot", "bot", r.by_bot,
                           "Win rate of the seats each bot played (swap the seats between "
                           "two runs to take the seat out of it)."),
            _length(r), _cards(r), _damage(r), _special(r), *_sweeps(r)]


def render_hex_text(report: HexReport) -> str:
    """The report as plain text for a terminal."""
    return text_page(TITLE, hex_sections(report))


def render_hex_html(report: HexReport) -> str:
    """The report as one self-contained HTML page (inline CSS and SVG, no scripts)."""
    return html_page(TITLE, hex_sections(report))


def report_sections(games: Sequence[Mapping[str, Any] | HexResult]) -> list[Section]:
    """The sections of the report of result rows (or parsed results)."""
    return hex_sections(summarize_hex(games))


REPORT = LabReport(TITLE, parse_hex_row, report_sections)
"""The hex game's report, as its lab part gives it to `initiative report`."""
