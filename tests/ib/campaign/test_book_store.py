"""A campaign book (games/ib/campaign/book.py) kept in the project's store, on SQLite
and on PostgreSQL: reopened from another Store object it is the same book, a refused
entry leaves no event, and two writers on one book cannot both append."""

from __future__ import annotations

import pytest

from initiative.games.ib.campaign.book import (
    KIND,
    BookError,
    Entry,
    load_book,
    new_book,
    record_entry,
    undo_last,
)
from initiative.store import Store
from initiative.store.errors import ConflictError


def test_a_book_survives_the_store_being_reopened(store_url: str) -> None:
    with Store(store_url) as store:
        book = new_book(store, "Tuesday group", [("Rook", 12), ("Maren", 9)], flux=1)
        book = record_entry(store, book, Entry("Session 1", hp={"Rook": 7}, xp={"all": 1},
                                               injured=("Maren",), flux_gained=1))
        book = record_entry(store, book, Entry("Session 2", xp={"Rook": 2},
                                               advance={"Rook": "damage"}))
        book = undo_last(store, book)
        with pytest.raises(BookError):
            record_entry(store, book, Entry(flux_spent=9))
    with Store(store_url) as other:
        again = load_book(other, book.id[:8])
        assert again == book
        assert [(m.name, m.hp, m.max_hp, m.injuries, m.xp) for m in again.party] == [
            ("Rook", 7, 12, 0, 1), ("Maren", 8, 8, 1, 1)]
        assert again.flux == 2 and again.history[-1].undone
        info = other.records(KIND)[0]
        assert (info.name, info.head) == ("Tuesday group", 3)  # two entries and an undo
        assert info.summary == {"party": ["Rook", "Maren"], "sessions": 1, "flux": 2}


def test_two_writers_on_one_book_cannot_both_append(store_url: str) -> None:
    with Store(store_url) as store:
        book = new_book(store, "Group", [("Rook", 12)])
        stale = load_book(store, book.id)
        record_entry(store, book, Entry(hp={"Rook": 3}))
        with pytest.raises(ConflictError):
            record_entry(store, stale, Entry(hp={"Rook": 5}))
        assert load_book(store, book.id).member("Rook").hp == 3
