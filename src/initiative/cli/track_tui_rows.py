"""What the full-screen tracker shows: one :class:`Board` per console state.

:func:`exalted_rows` and :func:`faith_rows` turn a console's state into plain text (a
header line, table columns and rows, notes under the table); :func:`board_of` picks the
one for a console. Both read the GM's side of the state: this is the GM's screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from initiative.timing.cards import GM
from initiative.timing.cards_content import Card
from initiative.trackers.base import TrackerConsole
from initiative.trackers.exalted import ExaltedConsole
from initiative.trackers.faith import FaithConsole
from initiative.trackers.ib_companion import IBCompanionConsole

__all__ = ["EXALTED_COLUMNS", "FAITH_COLUMNS", "IB_COLUMNS", "Board", "board_of",
           "exalted_rows", "faith_rows", "ib_rows"]

EXALTED_COLUMNS = ("Next", "Character", "Side", "Initiative", "Status", "Effects")
IB_COLUMNS = ("Unit", "Side", "HP", "Charge", "Statuses", "Place")
FAITH_COLUMNS = ("Next", "Character", "Side", "Card", "Initiative", "Total", "Status",
                 "Damage")


@dataclass(frozen=True)
class Board:
    """One screenful: ``rows`` match ``columns``; ``current`` indexes the row to highlight
    (the active or next character), ``notes`` are lines shown under the table."""

    header: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    current: int | None = None


def board_of(console: TrackerConsole) -> Board:
    """The board of either tracker; a console of another kind gets a bare header."""
    if isinstance(console, ExaltedConsole):
        return exalted_rows(console)
    if isinstance(console, FaithConsole):
        return faith_rows(console)
    if isinstance(console, IBCompanionConsole):
        return ib_rows(console)
    return Board(header=f"{console.system} tracker", columns=("Note",))


# ---------------------------------------------------------------------------- Exalted


def exalted_rows(console: ExaltedConsole) -> Board:
    """Tick order (EX-14, EX-15; ties EX-A5): every joined character by current
    Initiative, its place among those still to act this round (EX-A4: the order follows
    Initiative changes), acted/lapsed/holding (EX-17, EX-A8), Crashed with recovery
    tokens (EX-A1, EX-20, EX-23) and active marks; then characters not yet joined."""
    t = console.tracker
    still = t.turn_order()
    place = {name: str(i) for i, name in enumerate(still, 1)}
    rows: list[tuple[str, ...]] = []
    current: int | None = None
    for name, value, _ in t.board():
        f = t.fighters[name]
        status = ", ".join(_exalted_marks(console, name))
        effects = ", ".join(e.label for e in t.effects_on(name))
        if name == t.active or (current is None and t.active is None and still
                                and name == still[0]):
            current = len(rows)
        rows.append((place.get(name, ""), name, "PC" if f.sheet.player else "NPC",
                     "?" if value is None else str(value), status, effects))
    for name, f in t.fighters.items():
        if not f.joined and not f.out:
            rows.append(("", name, "PC" if f.sheet.player else "NPC", "-", "not joined", ""))

    notes: list[str] = []
    if t.phase == "combat":
        notes.append("still to act: " + (", ".join(still) or "(nobody)"))
        holders = t.holders()
        if holders:
            notes.append("holding a delayed turn: " + ", ".join(holders))
    elif t.phase == "free_actions":
        notes.append("free actions owed: " + ", ".join(t.free_action_order()))
    return Board(_exalted_header(console), EXALTED_COLUMNS, rows, notes, current)


def _exalted_marks(console: ExaltedConsole, name: str) -> list[str]:
    """A character's marks: its turn's fate this round, holding, Crashed with its
    recovery tokens (EX-20: 3 end the Crash), active."""
    t = console.tracker
    f = t.fighters[name]
    marks = [f.done] if f.done else []
    if f.holding:
        marks.append("holding")
    if f.crashed:
        marks.append(f"crashed ({f.tokens} recovery token{'' if f.tokens == 1 else 's'})")
    if name == t.active:
        marks.append("active")
    elif name == t.announced():
        marks.append("up, not started")
    return marks


def _exalted_header(console: ExaltedConsole) -> str:
    t = console.tracker
    parts = ["Exalted ticks", f"phase {t.phase}"]
    if t.round:
        parts.append(f"round {t.round}")
    if t.phase == "join":
        waiting = [n for n, f in t.fighters.items() if not f.joined and not f.out]
        if not t.fighters:
            parts.append("add characters")
        elif waiting:
            parts.append("to join: " + ", ".join(waiting))
        else:
            parts.append("everyone joined: type start")
    elif t.phase == "combat":
        parts.append(t.up_line())  # acting / up (not started) / a held turn's last chance
    return " | ".join(parts)


# ---------------------------------------------------------------------------- FaithRPG


def _card_text(entry: dict[str, Any] | None, value: int | None, kept: bool) -> str:
    """A commitment as the GM sees it (FA-2, FA-3, FA-6; deck tops unseen, FA-A14;
    kept face up after an all-wait, FA-A4)."""
    if entry is None or not entry["committed"]:
        return "-" if value is None else f"{value} (discarded)"
    if "card" not in entry:
        return "face down (deck top, unseen)"
    label = Card.from_list(entry["card"]).label()
    if kept and value is None:
        return f"{label} (kept face up)"
    return label if value is not None else f"face down: {label}"


def faith_rows(console: FaithConsole) -> Board:
    """The round's participants in order (FA-8, FA-9): the committed card (face down
    until the reveal, FA-6; the GM sees cards committed from hand, deck-top cards stay
    unseen, FA-A14), card value + Initiative = total (FA-7), status, waits (FA-19), the
    remaining order, open and settled ties (FA-10, FA-11, FA-A8)."""
    s = console.state
    v = s.view(GM)
    commits = {e["slot"]: e for e in v["commitments"]}
    queue: list[str] = v["queue"]
    up = s.up_next()
    rows: list[tuple[str, ...]] = []
    current: int | None = None
    for name in s.table_order():  # the line console's order table sorts the same way
        ch = s.character(name)
        slot = s.slot_of(name)
        value = s.values.get(slot) if v["phase"] == "turns" else None
        status = v["status"].get(name, "")
        if name in v["waiting_on"]:
            status = f"waits on {v['waiting_on'][name]}"
        if name == up:
            status += ", up (not started)"
        if name in v["declarations"]:
            status += f", declared: {v['declarations'][name]}"
        total = v["totals"].get(name)
        if name in (v["acting"], up):
            current = len(rows)
        place = str(queue.index(name) + 1) if name in queue else ""
        card = _card_text(commits.get(slot), value, slot in s.kept)
        if slot == GM:
            card = f"GM: {card}"
        rows.append((place, name, ch.side.upper(), card, str(ch.initiative),
                     "" if total is None else str(total), status,
                     str(v["damage"].get(name, 0) or "")))

    notes: list[str] = []
    if v["phase"] == "turns":
        notes.append(f"order: {s.order_text()}")
    for side, total, members, by in v["ties"]:
        notes.append(f"tie at {total} ({side}): {' > '.join(members)} [{by or 'open'}]")
    if v["phase"] == "commit":
        gm_hand = v["hands"].get(GM, [])
        cards = ", ".join(f"[{i}] {Card.from_list(c).label()}" for i, c in enumerate(gm_hand))
        notes.append(f"GM hand: {cards or '(empty)'}")
    return Board(_faith_header(console, v), FAITH_COLUMNS, rows, notes, current)


def _faith_header(console: FaithConsole, v: dict[str, Any]) -> str:
    s = console.state
    parts = ["FaithRPG card rounds", f"phase {v['phase']}"]
    if v["round"]:
        parts.append(f"round {v['round']}")
    if not v["roster"]:
        parts.append("no roster: type roster")
    elif v["phase"] == "idle":
        parts.append("between rounds: type round")
    elif v["phase"] == "commit":
        missing = [slot for slot in s.needed_slots() if slot not in s.commitments]
        parts.append("cards still to commit: " + ", ".join(missing) if missing
                     else "all cards committed: type reveal")
    elif v["phase"] in ("turns", "maintenance"):
        parts.append(console.turn_text(hints=False))
    return " | ".join(parts)


# ---------------------------------------------------------------------------- Initiative Break


def ib_rows(console: IBCompanionConsole) -> Board:
    """The companion: units in track order (the defeated last), the track with its
    Round Marker under the table; the row of the unit acting (or next) highlighted."""
    c = console.companion
    if c.state is None:
        rows: list[tuple[str, ...]] = [(u.name, u.side, str(u.hp), "-", "-", "not started")
                                       for u in c.units]
        return Board(console.header(), IB_COLUMNS, rows,
                     ["add units by their printed stats, then 'start'"])
    rows = console.unit_rows()
    track = c.state.track
    notes = ["track: " + track.as_text(c.name)]
    who = c.breaking() if c.breaking() >= 0 else c.active()
    if who < 0 and track.order:
        who = track.order[0]
    current = next((i for i, row in enumerate(rows) if who >= 0 and row[0] == c.name(who)),
                   None)
    return Board(console.header(), IB_COLUMNS, rows, notes, current)
