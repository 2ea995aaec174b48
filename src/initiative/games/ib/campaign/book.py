"""The campaign book: between sessions, a group playing the printed game keeps its
party's persistent state (IB 7.1.1) here, not in an engine campaign: each Character's
HP, Injuries, XP and Advancements, and the party's Flux Surge tokens.

A book is one store record of kind `ib_campaign_book` (kept like the engine's
campaigns: an append-only event log; engine/keeper.py). Its snapshot at seq 0 holds the
name, the party as it started and the campaign flags; each event is appended only once
it has been checked against the book, so a refused entry stores nothing:

* `{"type": "entry", ...}`: one session's results (`Entry`); applied in the order of
  AMB-103: Injuries (gained, healed; a defeated Character's Injury and half HP), XP and
  the Advancements it makes due, the Advancements taken, the HP written down, then Flux
  Surge tokens gained and spent.
* `{"type": "undo"}`: the last entry still in effect no longer counts (it stays in the
  history, marked undone).

The rules it keeps: IB-7.2.2 (defeated: 1 Injury and half HP, AMB-101), IB-7.3.2-7.3.4
(XP, an Advancement at 3 XP, its two options; AMB-106 overflow, AMB-107 whether +2 max
HP heals), IB-7.4.1-7.4.2 (tokens earned and spent; no cap, C-12), IB-7.5.2 (an Injury
is -1 max HP until Rehabilitation removes it, IB-7.6.2). The flags are the engine
campaign's (`CampaignRules`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeVar, cast

from initiative.engine.errors import GameParamError, IllegalActionError
from initiative.engine.keeper import RecordKeeper
from initiative.games.ib.campaign.rules import XP_FOR_ADVANCEMENT, CampaignRules

V = TypeVar("V")
KIND = "ib_campaign_book"
"""The store record kind of a campaign book."""
FORMAT = "initiative-campaign-book/1"
ALL = "all"
"""The name that stands for every Character of the party (in XP gained)."""
FULL = "full"
"""The HP that stands for a Character's maximum."""
Option = Literal["hp", "damage"]
OPTIONS: tuple[Option, ...] = ("hp", "damage")
"""IB-7.3.4: +2 max HP, or +1 to all damage the Character deals."""
MAX_NUMBER = 999
"""The largest HP, XP or token count an entry may give (a typo guard)."""


class BookError(IllegalActionError):
    """An entry the book cannot take (an unknown Character, HP above the maximum, more
    tokens spent than held...); nothing was stored."""


@dataclass(frozen=True, slots=True)
class Member:
    """One Character of the party and what it carries from session to session."""

    name: str
    printed_hp: int
    """The HP printed on its card."""
    hp: int
    injuries: int = 0
    xp: int = 0
    hp_advances: int = 0
    damage_advances: int = 0
    advances_due: int = 0
    """Advancements earned (3 XP, IB-7.3.3) and not yet taken."""

    @property
    def max_hp(self) -> int:
        """IB-7.3.4 (+2 per HP Advancement) and IB-7.5.2 (-1 per Injury), at least 1."""
        return max(1, self.printed_hp + 2 * self.hp_advances - self.injuries)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "printed_hp": self.printed_hp, "hp": self.hp,
                **{k: getattr(self, k) for k in ("injuries", "xp", "hp_advances",
                                                 "damage_advances", "advances_due")
                   if getattr(self, k)}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Member:
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})


@dataclass(frozen=True, slots=True)
class Entry:
    """One session's results, as typed (names as the party spells them)."""

    session: str = ""
    """The session's label ("Session 3", "The flooded mill")."""
    note: str = ""
    hp: Mapping[str, int | str] = field(default_factory=dict)
    """HP at the end of the session (a number, or `full`)."""
    injured: tuple[str, ...] = ()
    """Each gains 1 Injury (IB-7.5.2)."""
    healed: tuple[str, ...] = ()
    """Each loses 1 Injury (Rehabilitation, IB-7.6.2)."""
    defeated: tuple[str, ...] = ()
    """Each was defeated: 1 Injury and half HP (IB-7.2.2, AMB-101)."""
    xp: Mapping[str, int] = field(default_factory=dict)
    """XP gained (IB-7.3.2); `all` for every Character."""
    advance: Mapping[str, Option] = field(default_factory=dict)
    """An Advancement taken (IB-7.3.4): `hp` or `damage`."""
    flux_gained: int = 0
    flux_spent: int = 0
    when: str = ""
    """When it was written down (ISO date and time, UTC)."""

    def to_event(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "entry", "session": self.session, "when": self.when}
        for key in ("note", "hp", "injured", "healed", "defeated", "xp", "advance",
                    "flux_gained", "flux_spent"):
            value = getattr(self, key)
            if value:
                data[key] = dict(value) if isinstance(value, Mapping) else \
                    list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_event(cls, data: Mapping[str, Any]) -> Entry:
        return cls(str(data.get("session", "")), str(data.get("note", "")),
                   dict(data.get("hp", {})), tuple(data.get("injured", ())),
                   tuple(data.get("healed", ())), tuple(data.get("defeated", ())),
                   dict(data.get("xp", {})), dict(data.get("advance", {})),
                   int(data.get("flux_gained", 0)), int(data.get("flux_spent", 0)),
                   str(data.get("when", "")))


@dataclass(frozen=True, slots=True)
class Line:
    """An entry in the history: what it was, what it did in words, and whether an
    undo took it back."""

    number: int
    entry: Entry
    changes: tuple[str, ...]
    undone: bool = False


@dataclass(frozen=True, slots=True)
class Book:
    """A campaign book as stored: the party now, the tokens, and the history."""

    id: str
    name: str
    start: tuple[Member, ...]
    """The party when the book was opened."""
    start_flux: int = 0
    rules: CampaignRules = field(default_factory=CampaignRules)
    party: tuple[Member, ...] = ()
    flux: int = 0
    history: tuple[Line, ...] = ()
    head: int = 0
    """The seq of the last stored event."""

    def member(self, name: str) -> Member:
        """The Character called `name` (any case), or the only one with a word of its
        name starting so ("vell" for Vell Asher); BookError lists the party."""
        wanted = name.strip().casefold()
        exact = [m for m in self.party if m.name.casefold() == wanted]
        near = [m for m in self.party
                if any(word.startswith(wanted) for word in m.name.casefold().split())]
        if exact or len(near) == 1:
            return (exact or near)[0]
        which = f"which of {', '.join(m.name for m in near)}?" if near else \
            f"party: {', '.join(m.name for m in self.party)}"
        raise BookError(f"no Character called {name!r} in {self.name!r} ({which})")

    @property
    def sessions(self) -> int:
        """Entries in effect."""
        return sum(not line.undone for line in self.history)


# --- opening and reading a book --------------------------------------------------------


def new_book(store: RecordKeeper, name: str, party: Iterable[tuple[str, int]],
             flux: int = 0, rules: CampaignRules | None = None) -> Book:
    """A new book for `party` ((name, printed HP) each, at full HP); GameParamError
    names a bad name, HP or token count."""
    name = name.strip()
    if not name:
        raise GameParamError("campaign book: a name is needed (--name)")
    members = tuple(Member(n.strip(), hp, hp) for n, hp in party)
    if not members:
        raise GameParamError("campaign book: the party needs at least one Character "
                             "(--member NAME=HP)")
    for member in members:
        if not member.name or member.name.casefold() == ALL:
            raise GameParamError(f"campaign book: {member.name!r} cannot name a Character")
        _check_number(f"{member.name}'s printed HP", member.printed_hp, 1)
    names = [m.name.casefold() for m in members]
    twice = sorted({m.name for m in members if names.count(m.name.casefold()) > 1})
    if twice:
        raise GameParamError(f"campaign book: two Characters called {twice[0]!r}")
    _check_number("Flux Surge tokens", flux, 0)
    rules = rules or CampaignRules()
    snapshot = {"format": FORMAT, "name": name, "party": [m.to_dict() for m in members],
                "flux": flux, "rules": rules.to_dict()}
    book = Book("", name, members, flux, rules, members, flux)
    record = store.create(KIND, name, snapshot, summary(book))
    return replace(book, id=record)


def load_book(store: RecordKeeper, record_id: str) -> Book:
    """A stored book: its snapshot and every event after it."""
    loaded = store.load(record_id)
    data = loaded.snapshot
    if data.get("format") != FORMAT:
        raise BookError(f"record {loaded.info.id} is not a campaign book")
    start = tuple(Member.from_dict(m) for m in data["party"])
    book = Book(loaded.info.id, str(data["name"]), start, int(data.get("flux", 0)),
                CampaignRules.from_dict(dict(data.get("rules") or {})), start,
                int(data.get("flux", 0)), head=loaded.snapshot_seq)
    for seq, event in loaded.events:
        book = replace(apply_event(book, event), head=seq)
    return book


# --- writing in it -------------------------------------------------------------------


def record_entry(store: RecordKeeper, book: Book, entry: Entry) -> Book:
    """Check `entry` against the book, store it, and return the book after it
    (BookError, and nothing stored, if any part of it cannot be taken)."""
    entry = canonical(book, entry)
    return _append(store, book, entry.to_event())


def undo_last(store: RecordKeeper, book: Book, when: str = "") -> Book:
    """Take back the last entry still in effect (BookError if there is none)."""
    return _append(store, book, {"type": "undo", "when": when})


def _append(store: RecordKeeper, book: Book, event: dict[str, Any]) -> Book:
    after = replace(apply_event(book, event), head=book.head + 1)
    store.append(book.id, after.head, event, summary=summary(after))
    return after


def summary(book: Book) -> dict[str, Any]:
    return {"party": [m.name for m in book.party], "sessions": book.sessions,
            "flux": book.flux}


def canonical(book: Book, entry: Entry) -> Entry:
    """`entry` with every name as the party spells it (BookError for an unknown one)
    and every number checked."""
    def one(name: str) -> str:
        return book.member(name).name

    def many(names: tuple[str, ...], what: str) -> tuple[str, ...]:
        out = tuple(one(n) for n in names)
        for n in out:
            if out.count(n) > 1:
                raise BookError(f"{what}: {n} is named twice (one at a time per entry)")
        return out

    hp: dict[str, int | str] = {}
    for name, value in entry.hp.items():
        if isinstance(value, str) and value.strip().lower() != FULL:
            raise BookError(f"HP of {name}: expected a number or {FULL!r}, got {value!r}")
        hp[one(name)] = FULL if isinstance(value, str) else _check_number(
            f"HP of {name}", value, 0)
    xp: dict[str, int] = {}
    for name, value in entry.xp.items():
        names = [m.name for m in book.party] if name.strip().casefold() == ALL else [one(name)]
        for n in names:
            xp[n] = xp.get(n, 0) + _check_number(f"XP of {name}", value, 1)
    advance: dict[str, Option] = {}
    for name, option in entry.advance.items():
        if option not in OPTIONS:
            raise BookError(f"Advancement of {name}: {option!r} is not one of "
                            f"{', '.join(OPTIONS)} (IB-7.3.4: +2 max HP, or +1 damage)")
        advance[one(name)] = option
    injured = many(entry.injured, "Injury gained")
    healed = many(entry.healed, "Injury healed")
    defeated = many(entry.defeated, "defeated")
    for name in sorted(set(injured) & set(defeated)):
        raise BookError(f"{name}: defeated already gives the Injury (IB-7.2.2); name "
                        "it once")
    for name in sorted(set(healed) & set(injured + defeated)):
        raise BookError(f"{name}: an Injury gained and healed in one entry; record what "
                        "stands at the end of the session")
    return replace(entry, hp=hp, xp=xp, advance=advance,
                   injured=injured, healed=healed, defeated=defeated,
                   flux_gained=_check_number("Flux Surge tokens gained", entry.flux_gained, 0),
                   flux_spent=_check_number("Flux Surge tokens spent", entry.flux_spent, 0))


def _check_number(what: str, value: Any, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_NUMBER:
        raise BookError(f"{what}: expected a whole number from {low} to {MAX_NUMBER}, got "
                        f"{value!r}")
    return value


# --- the rules -----------------------------------------------------------------------


def apply_event(book: Book, event: Mapping[str, Any]) -> Book:
    """One event's effect on the book (BookError if it cannot be taken)."""
    if event.get("type") == "undo":
        live = [line for line in book.history if not line.undone]
        if not live:
            raise BookError(f"{book.name!r}: no entry to undo")
        last = live[-1].number
        history = tuple(replace(line, undone=True) if line.number == last else line
                        for line in book.history)
        return _replayed(replace(book, history=history))
    if event.get("type") != "entry":
        raise BookError(f"{book.name!r}: unknown event {event.get('type')!r}")
    entry = Entry.from_event(event)
    party, flux, changes = session(book, entry)
    line = Line(len(book.history) + 1, entry, changes)
    return replace(book, party=party, flux=flux, history=(*book.history, line))


def _replayed(book: Book) -> Book:
    """The party and tokens of the entries still in effect, from the start."""
    state = replace(book, party=book.start, flux=book.start_flux)
    for line in book.history:
        if not line.undone:
            party, flux, _ = session(state, line.entry)
            state = replace(state, party=party, flux=flux)
    return state


def session(book: Book, entry: Entry) -> tuple[tuple[Member, ...], int, tuple[str, ...]]:
    """The party and tokens after `entry` (names as the party spells them), and what
    changed, in words with the rule each follows; BookError if it cannot be taken."""
    rules = book.rules
    party = {m.name: m for m in book.party}
    said: list[str] = []
    for name in entry.injured:  # IB-7.5.2
        m = party[name]
        party[name] = _injure(m)
        said.append(f"{name}: +1 Injury ({party[name].injuries}), max HP {m.max_hp} -> "
                    f"{party[name].max_hp} (IB-7.5.2)")
    for name in entry.defeated:  # IB-7.2.2, AMB-101
        m = _injure(party[name])
        top = m.max_hp
        half = max(1, (top + 1) // 2 if rules.half_hp_rounding == "up" else top // 2)
        party[name] = replace(m, hp=half)
        said.append(f"{name}: defeated: +1 Injury ({m.injuries}), HP {half}/{top} "
                    "(IB-7.2.2, AMB-101)")
    for name in entry.healed:  # IB-7.6.2
        m = party[name]
        if not m.injuries:
            raise BookError(f"{name} has no Injury to heal (Rehabilitation removes one, "
                            "IB-7.6.2)")
        party[name] = replace(m, injuries=m.injuries - 1)
        said.append(f"{name}: -1 Injury ({m.injuries - 1}), max HP {m.max_hp} -> "
                    f"{party[name].max_hp} (IB-7.6.2)")
    for name, gained in _in_party_order(book, entry.xp):  # IB-7.3.2, 7.3.3, AMB-106
        m = party[name]
        xp, due = m.xp + gained, 0
        while xp >= XP_FOR_ADVANCEMENT:
            due += 1
            xp = xp - XP_FOR_ADVANCEMENT if rules.xp_overflow == "carry" else 0
        party[name] = replace(m, xp=xp, advances_due=m.advances_due + due)
        said.append(f"{name}: +{gained} XP ({xp}/{XP_FOR_ADVANCEMENT})" + (
            f", {due} Advancement{'s' if due > 1 else ''} due (IB-7.3.3)" if due else
            " (IB-7.3.2)"))
    for name, option in _in_party_order(book, entry.advance):  # IB-7.3.4, AMB-107
        m = party[name]
        if not m.advances_due:
            raise BookError(f"{name} has no Advancement due: one comes with every "
                            f"{XP_FOR_ADVANCEMENT} XP (IB-7.3.3; {name} has {m.xp} XP)")
        if option == "hp":
            heal = 2 if rules.advancement_hp_heals else 0
            party[name] = replace(m, hp_advances=m.hp_advances + 1, hp=m.hp + heal,
                                  advances_due=m.advances_due - 1)
            said.append(f"{name}: Advancement +2 max HP, {m.max_hp} -> "
                        f"{party[name].max_hp} (IB-7.3.4; AMB-107: "
                        + ("HP +2 too)" if heal else "HP not raised)"))
        else:
            party[name] = replace(m, damage_advances=m.damage_advances + 1,
                                  advances_due=m.advances_due - 1)
            said.append(f"{name}: Advancement +1 damage, +{m.damage_advances + 1} in all "
                        "(IB-7.3.4)")
    for name, value in _in_party_order(book, entry.hp):
        m = party[name]
        hp = m.max_hp if value == FULL else cast(int, value)
        if hp > m.max_hp:
            raise BookError(f"{name}: HP {hp} is above the maximum, {m.max_hp} (printed "
                            f"{m.printed_hp}, {m.injuries} Injur"
                            f"{'y' if m.injuries == 1 else 'ies'} (IB-7.5.2), "
                            f"{m.hp_advances} HP Advancement(s) (IB-7.3.4))")
        party[name] = replace(m, hp=hp)
        said.append(f"{name}: HP {m.hp} -> {hp}/{m.max_hp}")
    for name, m in party.items():  # a lower maximum takes the HP above it (IB-7.5.2)
        if m.hp > m.max_hp:
            party[name] = replace(m, hp=m.max_hp)
            said.append(f"{name}: HP {m.hp} -> {m.max_hp}, the new maximum")
    flux = book.flux + entry.flux_gained
    if entry.flux_gained:
        said.append(f"Flux Surge tokens +{entry.flux_gained} ({flux}) (IB-7.4.1)")
    if entry.flux_spent > flux:
        raise BookError(f"{entry.flux_spent} Flux Surge token(s) spent, but the party "
                        f"holds {flux} (IB-7.4.2)")
    if entry.flux_spent:
        flux -= entry.flux_spent
        said.append(f"Flux Surge tokens -{entry.flux_spent} ({flux}) (IB-7.4.2)")
    if not said and not entry.note:
        raise BookError("the entry changes nothing: give HP, an Injury, XP, an "
                        "Advancement, Flux Surge tokens or a note")
    return tuple(party.values()), flux, tuple(said)


def _in_party_order(book: Book, given: Mapping[str, V]) -> list[tuple[str, V]]:
    """The items of `given` (by Character name) in the party's order, as the store
    keeps no order of a mapping."""
    return [(m.name, given[m.name]) for m in book.party if m.name in given]


def _injure(m: Member) -> Member:
    return replace(m, injuries=m.injuries + 1)


# --- in words ------------------------------------------------------------------------


def sheet_lines(book: Book) -> list[str]:
    """The party sheet: each Character's HP, Injuries, XP and Advancements, and the
    party's tokens."""
    width = max(9, *(len(m.name) for m in book.party))
    lines = [f"Campaign book {book.name!r} ({book.id[:8]}): {book.sessions} "
             f"session(s) recorded; Flux Surge tokens: {book.flux}",
             f"{'Character':<{width}}  {'HP':>7}  Injuries  {'XP':>4}  Advancements"]
    for m in book.party:
        taken = ", ".join(filter(None, [
            f"+{2 * m.hp_advances} max HP" if m.hp_advances else "",
            f"+{m.damage_advances} damage" if m.damage_advances else "",
            f"{m.advances_due} due" if m.advances_due else ""])) or "-"
        lines.append(f"{m.name:<{width}}  {f'{m.hp}/{m.max_hp}':>7}  {m.injuries:>8}  "
                     f"{f'{m.xp}/{XP_FOR_ADVANCEMENT}':>4}  {taken}")
    return lines


def history_lines(book: Book) -> list[str]:
    """Every entry, numbered, undone ones marked, with what each changed."""
    if not book.history:
        return ["History: nothing recorded yet."]
    lines = ["History:"]
    for line in book.history:
        e = line.entry
        label = e.session or "(no label)"
        when = f" [{e.when[:16].replace('T', ' ')}]" if e.when else ""
        lines.append(f"{line.number:>3}. {label}{when}" + (" (undone)" if line.undone else ""))
        lines.extend(f"       {change}" for change in line.changes)
        if e.note:
            lines.append(f"       note: {e.note}")
    return lines
