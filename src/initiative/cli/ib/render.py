"""Rendering one seat's view of Initiative Break for the terminal (rich).

Everything here reads an `IBView` (plus the public `Match` for character cards and
log sentences), never the state: what is drawn is what that seat may know. The words
come from games/ib/text/describe.py (shared with the web table); this module lays them
out. Styles are dropped by rich when the output is not a terminal, so every mark that
matters is also written as text (`>` active, `[RM]`, `out` for units past the Round
Marker).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from initiative.games.ib import statuses as st
from initiative.games.ib.match import Match
from initiative.games.ib.text.describe import (
    active_unit,
    brief_with_relation,
    card_text,
    decision_title,
    defeated_units,
    describe_action,
    log_sentences,
    out_of_round,
    pending_text,
    result,
    side,
    split_rules,
)
from initiative.games.ib.view import IBView

RM_MARK = "[RM]"
ACTIVE_MARK = ">"
RESULT_STYLES = {"open": "", "draw": "bold yellow", "plain": "bold", "win": "bold green",
                 "lose": "bold red"}
"""The style of each result tone (describe.Result)."""


# --- the screen -----------------------------------------------------------------


def header(view: IBView) -> Text:
    """Round number, or Time Collapse (which has no rounds, IB 3.6.2)."""
    if view.rm is None:
        return Text("TIME COLLAPSE (no rounds, no Round Marker)", style="bold red")
    return Text(f"Round {view.round}", style="bold")


def track_line(view: IBView) -> Text:
    """The track left to right: `> wren | ilse | brask [RM] odo(out) | pim(out)`."""
    text = Text("Track (left acts first): ")
    active = active_unit(view)
    for slot, u in enumerate(view.order):
        if slot == view.rm:
            text.append(f" {RM_MARK} ", style="bold yellow")
        elif slot:
            text.append(" | ", style="dim")
        unit = view.units[u]
        mine = unit.seat == view.seat
        style = "bold green" if mine else "bold red"
        if out_of_round(view, slot, u):
            text.append(f"{unit.label}(out)", style="dim")
            continue
        if u == active:
            text.append(ACTIVE_MARK, style="bold reverse")
        text.append(unit.label, style=style)
    if view.rm is not None and view.rm == len(view.order):
        text.append(f" {RM_MARK}", style="bold yellow")
    if view.rm is None:
        text.append("   TIME COLLAPSE", style="bold red")
    return text


def unit_table(view: IBView) -> Table:
    """One row per unit in track order; the Round Marker as a row between slots."""
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for name, justify in (("#", "right"), ("unit", "left"), ("name", "left"),
                          ("side", "left"), ("HP", "right"), ("Chg", "right"),
                          ("statuses", "left"), ("pending", "left")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    active = active_unit(view)
    for slot, u in enumerate(view.order):
        if slot == view.rm:
            table.add_row("", RM_MARK, "Round Marker", "", "", "", "", "", style="bold yellow")
        unit = view.units[u]
        oor = out_of_round(view, slot, u)
        mark = ACTIVE_MARK if u == active else ""
        table.add_row(
            f"{mark}{slot + 1}", unit.label, unit.name, side(view, unit) + (" out" if oor else ""),
            f"{unit.hp}/{unit.max_hp}", f"{unit.charge}/3",
            ", ".join(st.names(unit.statuses)) or "-", pending_text(unit.pending),
            style="dim" if oor else ("bold" if u == active else None),
        )
    if view.rm is not None and view.rm == len(view.order):
        table.add_row("", RM_MARK, "Round Marker", "", "", "", "", "", style="bold yellow")
    return table


def defeated_line(view: IBView) -> Text | None:
    gone = defeated_units(view)
    if not gone:
        return None
    return Text("Defeated: " + ", ".join(f"{u.label} ({u.name}, {side(view, u)})"
                                         for u in gone), style="dim")


def supports_line(view: IBView) -> Text | None:
    """Support Characters in play (IB 2.5): public, off the track."""
    here = [u for u in view.units if u.is_support and u.on_track]
    if not here:
        return None
    return Text("Supports in play: " + ", ".join(
        f"{u.label} ({brief_with_relation(view, u)})" for u in here))


def hands_lines(view: IBView) -> list[Text]:
    """Own hand by name; every other seat as counts (and its discards when public)."""
    me = view.seat
    lines = [Text(f"Your hand ({len(view.hand)}):" + ("" if view.hand else " (empty)"))]
    lines.extend(Text(f"  {n}. {card_text(view.content, c)}")
                 for n, c in enumerate(view.hand, 1))
    flux = f", Flux Surge tokens {view.flux[me]}" if view.flux[me] else ""
    lines.append(Text(f"You ({view.seat_names[me]}): deck {view.deck_sizes[me]}, "
                      f"discard {view.discard_sizes[me]}{flux}"))
    for s, name in enumerate(view.seat_names):
        if s == me:
            continue
        line = (f"{name}: hand {view.hand_sizes[s]}, deck {view.deck_sizes[s]}, "
                f"discard {view.discard_sizes[s]}")
        shown = view.hands[s]  # a teammate's, under team_hands_visible
        if shown is not None:
            line += " [hand: " + ", ".join(view.card_name(c) for c in shown) + "]"
        pile = view.discards[s]
        if pile:
            line += " (" + ", ".join(view.card_name(c) for c in pile) + ")"
        lines.append(Text(line))
    return lines


@dataclass(frozen=True)
class Note:
    """What an option leads to if it completes the action (cli/ib/play.py
    `option_notes`): what it would try and fail, and what is met next (a die, a draw, a
    random discard, hidden answers: `pending_phrase`'s words, "" if none)."""

    warnings: tuple[str, ...]
    pending: str


WARNING_MARK = "!"


def choices_table(view: IBView, match: Match, moves: Sequence[str],
                  notes: Sequence[Note] = ()) -> Table:
    """Numbered legal actions: `1. target brask — Brask Holloway (South): 16/16 HP, enemy`,
    each with its warnings below it (`! Wren cannot Move Up: ...`) and, when options
    meet different chance, what each meets (`then Gloam Hound rolls its die`)."""
    table = Table(box=None, pad_edge=False, show_edge=False, show_header=False)
    table.add_column(justify="right", style="bold cyan")
    table.add_column(style="cyan", no_wrap=True)
    table.add_column()
    said = _shared_pending(notes)
    for n, (action, move) in enumerate(zip(view.legal, moves, strict=True), 1):
        cell = Text(f"— {describe_action(view, match, action)}")
        note = notes[n - 1] if notes else None
        for warning in note.warnings if note is not None else ():
            cell.append(f"\n{WARNING_MARK} {warning}", style="bold yellow")
        if note is not None and note.pending and said is None:
            cell.append(f"\nthen {note.pending}", style="dim")
        table.add_row(f"{n}.", move, cell)
    return table


def _shared_pending(notes: Sequence[Note]) -> str | None:
    """The chance every option meets, said once under the menu; None when they differ
    or some option meets none (then each option says its own)."""
    met = {n.pending for n in notes}
    return met.pop() or None if len(met) == 1 else None


def pending_line(notes: Sequence[Note]) -> Text | None:
    """`Then Gloam Hound rolls its die: not known before it happens.` under the menu."""
    said = _shared_pending(notes)
    if said is None:
        return None
    return Text(f"Then {said}: not known before it happens.", style="dim")


def screen(view: IBView, match: Match, moves: Sequence[str], log_start: int,
           notes: Sequence[Note] = ()) -> Group:
    """The whole prompt screen for the seat of `view` (`notes`: what each option leads
    to, `choices_table`)."""
    parts: list[RenderableType] = []
    news = log_sentences(view, match, log_start)
    if news:
        title = "Since your last decision" if log_start else "The game begins"
        parts.append(Rule(title, style="dim"))
        parts.extend(Text(f"  {s}") for s in news)
    parts.append(Rule(header(view)))
    parts.append(track_line(view))
    parts.append(unit_table(view))
    for line in (supports_line(view), defeated_line(view)):
        if line is not None:
            parts.append(line)
    parts.extend(hands_lines(view))
    parts.append(Rule(style="dim"))
    title, rules = split_rules(decision_title(view, match))
    parts.append(Text(title, style="bold"))
    if rules:  # the words above; the rule ids behind them, for whoever wants them
        parts.append(Text(f"(rules: {', '.join(rules)}; `help` explains the rules)",
                          style="dim"))
    parts.append(choices_table(view, match, moves, notes))
    pending = pending_line(notes)
    if pending is not None:
        parts.append(pending)
    return Group(*parts)


def result_text(view: IBView, match: Match) -> Text:
    """The end of the game from this seat's side, styled by its tone."""
    said = result(view, match)
    return Text(said.sentence, style=RESULT_STYLES[said.tone])
