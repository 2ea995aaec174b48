"""The campaign book of a printed-game campaign (games/ib/campaign/book.py): the party's
HP, Injuries, XP, Advancements and Flux Surge tokens between sessions, by the rules of
IB 7 (rule ids in each test), with undo; refused entries store nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from initiative.games.ib.campaign.book import (
    Book,
    BookError,
    Entry,
    history_lines,
    load_book,
    new_book,
    record_entry,
    sheet_lines,
    undo_last,
)
from initiative.games.ib.campaign.rules import CampaignRules

PARTY = [("Rook", 12), ("Vell Asher", 10), ("Maren", 9)]


@dataclass
class Loaded:
    info: Any
    snapshot_seq: int
    snapshot: dict[str, Any]
    events: list[tuple[int, dict[str, Any]]]


@dataclass
class Header:
    id: str


@dataclass
class MemoryKeeper:
    """The RecordKeeper protocol in memory: one record, events appended in order."""

    snapshot: dict[str, Any] = field(default_factory=dict)
    events: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def create(self, kind: str, name: str, snapshot: dict[str, Any],
               summary: dict[str, Any] | None = None) -> str:
        assert kind == "ib_campaign_book"
        self.snapshot = snapshot
        return "b00c0000"

    def append(self, record_id: str, seq: int, event: dict[str, Any], *,
               snapshot: dict[str, Any] | None = None, status: str | None = None,
               summary: dict[str, Any] | None = None) -> None:
        assert seq == len(self.events) + 1
        self.events.append((seq, event))

    def load(self, record_id: str) -> Loaded:
        return Loaded(Header(record_id), 0, self.snapshot, list(self.events))


def book(rules: CampaignRules | None = None) -> tuple[MemoryKeeper, Book]:
    keeper = MemoryKeeper()
    return keeper, new_book(keeper, "Tuesday group", PARTY, 1, rules)


def sheet(b: Book) -> dict[str, tuple[int, int, int, int]]:
    """name -> (HP, max HP, Injuries, XP)."""
    return {m.name: (m.hp, m.max_hp, m.injuries, m.xp) for m in b.party}


def test_a_new_book_starts_the_party_at_full_hp() -> None:
    keeper, b = book()
    assert sheet(b) == {"Rook": (12, 12, 0, 0), "Vell Asher": (10, 10, 0, 0),
                        "Maren": (9, 9, 0, 0)}
    assert b.flux == 1 and b.sessions == 0
    assert load_book(keeper, b.id) == b


def test_an_injury_lowers_max_hp_until_healed() -> None:
    """IB-7.5.2: an Injury is -1 max HP until Rehabilitation removes it (IB-7.6.2); HP
    above the new maximum comes down to it."""
    keeper, b = book()
    b = record_entry(keeper, b, Entry(injured=("vell",)))
    assert sheet(b)["Vell Asher"] == (9, 9, 1, 0)
    assert b.history[-1].changes == ("Vell Asher: +1 Injury (1), max HP 10 -> 9 (IB-7.5.2)",
                                     "Vell Asher: HP 10 -> 9, the new maximum")
    b = record_entry(keeper, b, Entry(healed=("Vell Asher",), hp={"Vell Asher": "full"}))
    assert sheet(b)["Vell Asher"] == (10, 10, 0, 0)
    assert "Vell Asher: -1 Injury (0), max HP 9 -> 10 (IB-7.6.2)" in b.history[-1].changes


def test_a_defeated_character_takes_an_injury_and_half_hp() -> None:
    """IB-7.2.2 with AMB-101: half of the maximum after the new Injury, rounded down by
    default (flag half_hp_rounding=up rounds up)."""
    keeper, b = book()
    b = record_entry(keeper, b, Entry(defeated=("Rook",)))
    assert sheet(b)["Rook"] == (5, 11, 1, 0)
    keeper, b = book(CampaignRules(half_hp_rounding="up"))
    b = record_entry(keeper, b, Entry(defeated=("Rook",)))
    assert sheet(b)["Rook"] == (6, 11, 1, 0)


def test_three_xp_make_an_advancement_due_and_overflow_is_lost() -> None:
    """IB-7.3.2/7.3.3: at 3 XP an Advancement is due and XP goes back to 0; AMB-106:
    the overflow is lost by default, kept with xp_overflow=carry."""
    keeper, b = book()
    b = record_entry(keeper, b, Entry(xp={"all": 2}))
    b = record_entry(keeper, b, Entry(xp={"Rook": 2}))
    rook = b.member("rook")
    assert (rook.xp, rook.advances_due) == (0, 1)
    assert b.history[-1].changes == ("Rook: +2 XP (0/3), 1 Advancement due (IB-7.3.3)",)
    keeper, b = book(CampaignRules(xp_overflow="carry"))
    b = record_entry(keeper, b, Entry(xp={"Rook": 7}))
    rook = b.member("Rook")
    assert (rook.xp, rook.advances_due) == (1, 2)


def test_an_advancement_is_taken_only_when_due() -> None:
    """IB-7.3.4: +2 max HP (AMB-107: HP not raised, unless advancement_hp_heals) or +1
    damage; one must be due (IB-7.3.3)."""
    keeper, b = book()
    with pytest.raises(BookError, match=r"Maren has no Advancement due: one comes with "
                                        r"every 3 XP \(IB-7.3.3; Maren has 0 XP\)"):
        record_entry(keeper, b, Entry(advance={"Maren": "hp"}))
    assert keeper.events == []  # refused: nothing stored
    b = record_entry(keeper, b, Entry(xp={"Maren": 3}, advance={"Maren": "hp"}))
    maren = b.member("Maren")
    assert (maren.hp, maren.max_hp, maren.hp_advances, maren.advances_due) == (9, 11, 1, 0)
    b = record_entry(keeper, b, Entry(xp={"Maren": 3}, advance={"Maren": "damage"}))
    assert b.member("Maren").damage_advances == 1
    assert sheet_lines(b)[-1].endswith("+2 max HP, +1 damage")
    keeper, b = book(CampaignRules(advancement_hp_heals=True))
    b = record_entry(keeper, b, Entry(hp={"Maren": 4}))
    b = record_entry(keeper, b, Entry(xp={"Maren": 3}, advance={"Maren": "hp"}))
    assert b.member("Maren").hp == 6


def test_flux_tokens_are_gained_and_spent_never_below_zero() -> None:
    """IB-7.4.1 (earned), IB-7.4.2 (spent); C-12: no cap."""
    keeper, b = book()
    b = record_entry(keeper, b, Entry(flux_gained=2, flux_spent=1))
    assert b.flux == 2
    with pytest.raises(BookError, match=r"3 Flux Surge token\(s\) spent, but the party "
                                        r"holds 2 \(IB-7.4.2\)"):
        record_entry(keeper, b, Entry(flux_spent=3))


@pytest.mark.parametrize(("entry", "message"), [
    (Entry(hp={"Nobody": 3}), r"no Character called 'Nobody' in 'Tuesday group' \(party: "
                              r"Rook, Vell Asher, Maren\)"),
    (Entry(hp={"Rook": 13}), r"Rook: HP 13 is above the maximum, 12"),
    (Entry(hp={"Rook": "lots"}), r"HP of Rook: expected a number or 'full'"),
    (Entry(hp={"Rook": -1}), r"HP of Rook: expected a whole number from 0 to 999"),
    (Entry(healed=("Rook",)), r"Rook has no Injury to heal"),
    (Entry(injured=("Rook", "rook")), r"Injury gained: Rook is named twice"),
    (Entry(advance={"Rook": "speed"}), r"'speed' is not one of hp, damage"),  # type: ignore[dict-item]
    (Entry(), r"the entry changes nothing"),
    (Entry(injured=("Rook",), defeated=("Rook",)), r"Rook: defeated already gives the "
                                                   r"Injury \(IB-7.2.2\)"),
    (Entry(injured=("Rook",), healed=("Rook",)), r"Rook: an Injury gained and healed"),
    (Entry(xp={"Rook": 1}, hp={"Vell Asher": 11}), r"Vell Asher: HP 11 is above"),
])
def test_a_bad_entry_is_refused_whole(entry: Entry, message: str) -> None:
    keeper, b = book()
    with pytest.raises(BookError, match=message):
        record_entry(keeper, b, entry)
    assert keeper.events == [] and load_book(keeper, b.id) == b


def test_undo_takes_back_the_last_entry_in_effect() -> None:
    keeper, b = book()
    b = record_entry(keeper, b, Entry("Session 1", hp={"Rook": 7}, flux_gained=1))
    b = record_entry(keeper, b, Entry("Session 2", injured=("Maren",), xp={"Rook": 1}))
    b = record_entry(keeper, b, Entry("Session 3", flux_spent=2, note="healed everyone"))
    b = undo_last(keeper, b)
    assert b.flux == 2 and [line.undone for line in b.history] == [False, False, True]
    b = undo_last(keeper, b)
    assert sheet(b)["Maren"] == (9, 9, 0, 0) and sheet(b)["Rook"] == (7, 12, 0, 0)
    assert b.sessions == 1
    b = record_entry(keeper, b, Entry("Session 2 again", xp={"Vell": 1}))
    assert load_book(keeper, b.id) == b
    lines = history_lines(b)
    assert lines[0] == "History:"
    assert "  2. Session 2 (undone)" in lines and "  4. Session 2 again" in lines
    assert "       note: healed everyone" in lines
    undo_last(keeper, b)
    b = undo_last(keeper, load_book(keeper, b.id))
    with pytest.raises(BookError, match="no entry to undo"):
        undo_last(keeper, b)


def test_a_new_book_refuses_a_bad_party() -> None:
    keeper = MemoryKeeper()
    for party, message in (([], "at least one Character"),
                           ([("Rook", 0)], "Rook's printed HP: expected a whole number"),
                           ([("Rook", 5), ("rook", 6)], "two Characters called"),
                           ([("all", 5)], "cannot name a Character")):
        with pytest.raises(Exception, match=message):
            new_book(keeper, "Group", party)
