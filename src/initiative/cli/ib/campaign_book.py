"""`initiative campaign book new|list|show|record|undo`: the campaign book of a group
playing the printed game (IB 7): the party's HP, Injuries, XP, Advancements and Flux
Surge tokens from session to session, kept in the store (games/ib/campaign/book.py).

A book is found by its name, its id or a unique prefix of the id. `record` writes one
session's results in one entry, checked whole before anything is stored; `undo` takes
the last entry back (it stays in the history, marked undone)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from initiative.cli.common import DbOption, fail, open_store
from initiative.cli.ib.packs import ContentPackOption, pack_content
from initiative.engine.errors import InitiativeError
from initiative.games.ib.campaign.book import (
    ALL,
    FULL,
    KIND,
    OPTIONS,
    Book,
    Entry,
    Option,
    history_lines,
    load_book,
    new_book,
    record_entry,
    sheet_lines,
    undo_last,
)
from initiative.games.ib.campaign.rules import CampaignRules
from initiative.timing.flag_types import parse_flag_value

book_app = typer.Typer(
    no_args_is_help=True,
    help="A campaign book for the printed game: the party's HP, Injuries, XP, "
         "Advancements and Flux Surge tokens between sessions (IB 7), kept in the store.")

BookArgument = Annotated[str, typer.Argument(
    metavar="BOOK", help="The book's name, its id or a unique prefix of the id.")]


@book_app.command("new")
def new(
    name: Annotated[str, typer.Option(help="The book's name (your group's campaign).")],
    member: Annotated[list[str], typer.Option(
        metavar="NAME=HP", help="A Character and its printed HP (repeatable), or a "
        "Character key of the content (shipped, or a --content-pack).")],
    flux: Annotated[int, typer.Option(min=0, help="Flux Surge tokens held at the start.")
                    ] = 0,
    campaign_rule: Annotated[list[str] | None, typer.Option(
        metavar="FLAG=VALUE", help="Campaign house rule (xp_overflow, "
        "advancement_hp_heals, half_hp_rounding; `initiative rules`).")] = None,
    content_pack: ContentPackOption = None,
    db: DbOption = None,
) -> None:
    """Open a campaign book for a party at full HP; prints its sheet and id."""
    party = [_member(item, content_pack) for item in member]
    try:
        flags = {k.strip(): parse_flag_value(v) for k, sep, v in
                 (item.partition("=") for item in campaign_rule or []) if sep}
        if len(flags) != len(campaign_rule or []):
            raise fail("--campaign-rule expects FLAG=VALUE")
        rules = CampaignRules.from_dict(flags, "--campaign-rule")
        with open_store(db) as store:
            book = new_book(store, name, party, flux, rules)
    except InitiativeError as exc:
        raise fail(str(exc)) from None
    _print(sheet_lines(book))
    typer.echo(f"Saved as {book.id[:8]}; `initiative campaign book record {book.id[:8]} "
               "...` writes a session's results.")


def _member(item: str, packs: list[Path] | None) -> tuple[str, int]:
    """`NAME=HP`, or a Character of the content by key or name."""
    name, sep, hp = item.rpartition("=")
    if sep:
        if not hp.strip().isdigit():
            raise fail(f"--member {item!r}: the printed HP after '=' must be a whole "
                       "number (NAME=HP)")
        return name.strip(), int(hp)
    content = pack_content(packs)
    wanted = item.strip().casefold()
    for spec in content.characters.values():
        if wanted in (spec.key, spec.name.casefold()):
            return spec.name, spec.hp
    raise fail(f"--member {item!r}: give NAME=HP (the HP printed on the card), or the key "
               "of a Character of the content (see `initiative cards list --kind "
               "character`)")


@book_app.command("list")
def list_(db: DbOption = None) -> None:
    """Every campaign book in the store, the latest first."""
    with open_store(db) as store:
        records = store.records(KIND)
    if not records:
        typer.echo("No campaign book yet; `initiative campaign book new` opens one.")
        return
    typer.echo(f"{'id':<8}  {'sessions':>8}  {'flux':>4}  {'updated':<16}  name (party)")
    for info in records:
        s = info.summary
        typer.echo(f"{info.id[:8]}  {s.get('sessions', 0):>8}  {s.get('flux', 0):>4}  "
                   f"{info.updated.strftime('%Y-%m-%d %H:%M')}  {info.name} "
                   f"({', '.join(s.get('party', []))})")


@book_app.command("show")
def show(book: BookArgument, db: DbOption = None) -> None:
    """The party sheet and every entry of the history."""
    with open_store(db) as store:
        found = _find(store, book)
    _print(sheet_lines(found))
    _print(history_lines(found))


@book_app.command("record")
def record(
    book: BookArgument,
    session: Annotated[str, typer.Option(
        help="The session's label (default: Session N).")] = "",
    hp: Annotated[list[str] | None, typer.Option(
        metavar="NAME=HP", help=f"HP at the end of the session (a number or {FULL!r}).")
    ] = None,
    injury: Annotated[list[str] | None, typer.Option(
        metavar="NAME", help="+1 Injury: max HP -1 (IB-7.5.2).")] = None,
    heal_injury: Annotated[list[str] | None, typer.Option(
        metavar="NAME", help="-1 Injury (Rehabilitation, IB-7.6.2).")] = None,
    defeated: Annotated[list[str] | None, typer.Option(
        metavar="NAME", help="Defeated: +1 Injury and half HP (IB-7.2.2, AMB-101).")] = None,
    xp: Annotated[list[str] | None, typer.Option(
        metavar="NAME=N", help=f"XP gained (IB-7.3.2); {ALL}=N for every Character.")
    ] = None,
    advance: Annotated[list[str] | None, typer.Option(
        metavar="NAME=OPTION", help="An Advancement taken (IB-7.3.4): hp (+2 max HP) or "
        "damage (+1 damage).")] = None,
    flux_gained: Annotated[int, typer.Option(min=0, help="Flux Surge tokens gained.")] = 0,
    flux_spent: Annotated[int, typer.Option(min=0, help="Flux Surge tokens spent.")] = 0,
    note: Annotated[str, typer.Option(help="Anything to remember.")] = "",
    db: DbOption = None,
) -> None:
    """Write one session's results: --hp, --injury (+1, IB-7.5.2), --heal-injury (-1,
    IB-7.6.2), --defeated (1 Injury and half HP, IB-7.2.2), --xp, --advance,
    --flux-gained, --flux-spent, --note (each repeatable per Character). All of it is
    checked before anything is stored."""
    with open_store(db) as store:
        found = _find(store, book)
        entry = Entry(
            session=session.strip() or f"Session {found.sessions + 1}", note=note.strip(),
            hp={n: v if v.strip().lower() == FULL else _number(v, "--hp", n)
                for n, v in _pairs(hp, "--hp", "NAME=HP")},
            injured=tuple(injury or ()), healed=tuple(heal_injury or ()),
            defeated=tuple(defeated or ()),
            xp=_summed(_pairs(xp, "--xp", "NAME=N")),
            advance=_advances(advance), flux_gained=flux_gained, flux_spent=flux_spent,
            when=datetime.now(UTC).isoformat(timespec="seconds"))
        try:
            after = record_entry(store, found, entry)
        except InitiativeError as exc:
            raise fail(f"{exc}; nothing was recorded", 1) from None
    _print([f"Recorded {after.history[-1].number}. {entry.session}:",
            *(f"  {change}" for change in after.history[-1].changes), *sheet_lines(after)])


@book_app.command("undo")
def undo(book: BookArgument, db: DbOption = None) -> None:
    """Take back the last entry still in effect (it stays in the history, marked
    undone)."""
    with open_store(db) as store:
        found = _find(store, book)
        try:
            after = undo_last(store, found, datetime.now(UTC).isoformat(timespec="seconds"))
        except InitiativeError as exc:
            raise fail(str(exc), 1) from None
    undone = next(line for line in reversed(after.history) if line.undone)
    _print([f"Undone {undone.number}. {undone.entry.session}.", *sheet_lines(after)])


def _find(store: Any, given: str) -> Book:
    """The book `given` names (by name, the latest of that name, or id); the error exit
    lists the books there are."""
    records = store.records(KIND)
    named = next((r.id for r in records if given in (r.name, r.id)), None)
    try:
        if named is None and not any(r.id.startswith(given.strip().lower()) for r in records):
            books = ", ".join(f"{r.name!r} ({r.id[:8]})" for r in records) or "none yet"
            raise fail(f"no campaign book called {given!r} or with that id (books: "
                       f"{books}; `initiative campaign book new` opens one)", 1)
        return load_book(store, named or given)
    except InitiativeError as exc:
        raise fail(str(exc), 1) from None


def _pairs(items: list[str] | None, option: str, shape: str) -> list[tuple[str, str]]:
    out = []
    for item in items or ():
        name, sep, value = item.rpartition("=")
        if not sep or not name.strip() or not value.strip():
            raise fail(f"{option} {item!r}: expected {shape}")
        out.append((name.strip(), value.strip()))
    return out


def _number(value: str, option: str, name: str) -> int:
    if not value.isdigit():
        raise fail(f"{option} {name}={value}: expected a whole number")
    return int(value)


def _summed(pairs: list[tuple[str, str]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for name, value in pairs:
        out[name] = out.get(name, 0) + _number(value, "--xp", name)
    return out


def _advances(items: list[str] | None) -> dict[str, Option]:
    out: dict[str, Option] = {}
    for name, value in _pairs(items, "--advance", "NAME=hp or NAME=damage"):
        option = value.lower()
        if option not in OPTIONS:
            raise fail(f"--advance {name}={value}: hp (+2 max HP) or damage (+1 damage), "
                       "IB-7.3.4")
        if name in out:
            raise fail(f"--advance: {name} twice; an entry takes one Advancement per "
                       "Character (record another entry for the next)")
        out[name] = "hp" if option == "hp" else "damage"
    return out


def _print(lines: list[str]) -> None:
    for line in lines:
        typer.echo(line)
