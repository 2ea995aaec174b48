"""Setup order tests (IB 2.9 step 4, IB 6.3 step 5, AMB-91, AMB-92)."""

from __future__ import annotations

import pytest

from initiative.timing.setup_order import SetupEntry, SetupTieError, arrange, setup_order
from initiative.timing.track_rules import TrackRules

AGREE = TrackRules(setup_final_tiebreak="agreement_required")


def e(unit: int, ini: int, spd: int, hp: int, name: str, title: str = "") -> SetupEntry:
    return SetupEntry(unit=unit, initiative=ini, speed=spd, hp=hp, name=name, title=title)


def test_ib_2_9_4_lowest_initiative_leftmost() -> None:
    entries = [e(0, 7, 3, 10, "Vesk"), e(1, 2, 5, 8, "Orrin"), e(2, 4, 1, 9, "Tamsin")]
    assert setup_order(entries) == [1, 2, 0]


def test_ib_2_9_4_tie_on_initiative_lower_speed_first_amb_91() -> None:
    entries = [e(0, 3, 6, 10, "Anna"), e(1, 3, 2, 12, "Zed"), e(2, 1, 9, 9, "Mo")]
    assert setup_order(entries) == [2, 1, 0]


def test_ib_2_9_4_tie_on_speed_lower_hp_first_amb_91() -> None:
    entries = [e(0, 3, 4, 14, "Anna"), e(1, 3, 4, 9, "Zed")]
    assert setup_order(entries) == [1, 0]


def test_ib_6_3_2_final_tie_by_name_case_insensitive_amb_92() -> None:
    entries = [e(0, 3, 4, 9, "bryn"), e(1, 3, 4, 9, "Aldo"), e(2, 3, 4, 9, "Cato")]
    assert setup_order(entries) == [1, 0, 2]


def test_amb_92_name_tie_then_title_then_unit_id() -> None:
    entries = [
        e(5, 2, 2, 2, "Iva", "the Quiet"),
        e(3, 2, 2, 2, "IVA", "of Embers"),
        e(9, 2, 2, 2, "iva", "of embers"),
    ]
    assert setup_order(entries) == [3, 9, 5]


def test_ib_2_9_4_agreement_required_uses_agreed_order() -> None:
    entries = [e(0, 3, 4, 9, "Aldo"), e(1, 3, 4, 9, "Bryn"), e(2, 1, 1, 1, "Cato")]
    assert setup_order(entries, AGREE, agreed=[1, 0]) == [2, 1, 0]


def test_ib_2_9_4_agreement_required_without_agreement_raises_naming_units() -> None:
    entries = [e(0, 3, 4, 9, "Aldo"), e(1, 3, 4, 9, "Bryn", "the Bold"), e(2, 1, 1, 1, "Cato")]
    with pytest.raises(SetupTieError, match="Aldo") as info:
        setup_order(entries, AGREE)
    assert "Bryn, the Bold" in str(info.value)
    assert "Cato" not in str(info.value)
    assert info.value.units == (0, 1)
    with pytest.raises(SetupTieError):
        setup_order(entries, AGREE, agreed=[1])  # unit 0 missing from the agreement


def test_agreement_required_without_ties_needs_no_agreement() -> None:
    entries = [e(0, 3, 4, 9, "Aldo"), e(1, 3, 4, 8, "Bryn")]
    assert setup_order(entries, AGREE) == [1, 0]


def test_agreement_covers_several_tie_groups() -> None:
    entries = [
        e(0, 1, 1, 1, "A"),
        e(1, 1, 1, 1, "B"),
        e(2, 5, 5, 5, "C"),
        e(3, 5, 5, 5, "D"),
    ]
    assert setup_order(entries, AGREE, agreed=[3, 1, 2, 0]) == [1, 0, 3, 2]


def test_amb_92_name_mode_honours_a_full_agreement() -> None:
    """AMB-92: under "name" players may still agree another order for a tie."""
    entries = [e(0, 3, 4, 9, "Aldo"), e(1, 3, 4, 9, "Bryn")]
    assert setup_order(entries, agreed=[1, 0]) == [1, 0]
    assert setup_order(entries, agreed=[1]) == [0, 1]  # incomplete: name order


def test_duplicate_unit_ids_rejected() -> None:
    with pytest.raises(ValueError, match="twice"):
        setup_order([e(0, 1, 1, 1, "A"), e(0, 2, 2, 2, "B")])


# --- setup_copy_tiebreak: copies on two sides (IB 2.9.4) -----------------------------------

UNIT = TrackRules(setup_copy_tiebreak="unit")


def copy(unit: int, side: int | None, name: str = "Pim") -> SetupEntry:
    return SetupEntry(unit, 1, 1, 5, name, "the Lamplighter", side)


class Script:
    """A chance source's `below` serving set choices, noting each bound asked."""

    def __init__(self, *choices: int) -> None:
        self.choices = list(choices)
        self.bounds: list[int] = []

    def __call__(self, n: int) -> int:
        self.bounds.append(n)
        return self.choices.pop(0)


def test_copies_on_two_sides_are_drawn_and_the_draw_is_noted() -> None:
    entries = [copy(4, 1), copy(0, 0), e(7, 9, 9, 9, "Zed")]
    below = Script(1)
    setup = arrange(entries, below=below)
    assert setup.order == [4, 0, 7] and setup.draws == ((4, 0),)
    assert below.bounds == [2]
    assert arrange(entries, below=Script(0)).order == [0, 4, 7]
    assert arrange(entries, UNIT).order == [0, 4, 7]  # `unit`: no draw needed
    assert arrange(entries, UNIT).draws == ()


def test_three_copies_every_order_is_one_draw_sequence() -> None:
    """Front to back, one choice among the copies left for each place but the last:
    3 x 2 sequences give the 6 orders once each, so each order is 1/6."""
    entries = [copy(0, 0), copy(1, 1), copy(2, 2)]
    orders = {tuple(setup_order(entries, below=Script(a, b))) for a in range(3) for b in range(2)}
    assert len(orders) == 6


def test_no_copy_tie_asks_no_choice() -> None:
    def refuse(n: int) -> int:
        raise AssertionError("no draw without copies on two sides")

    entries = [e(0, 3, 4, 9, "Aldo"), e(1, 3, 4, 9, "Bryn")]
    assert setup_order(entries, below=refuse) == [0, 1]
    one_side = [copy(3, 0), copy(1, 0)]  # not copies of two sides (IB 2.1.4 forbids them)
    assert setup_order(one_side, below=refuse) == [1, 3]
    the_games = [copy(3, None), copy(1, None)]  # two identical Challenge Cards (IB 6.3.5)
    assert setup_order(the_games, below=refuse) == [1, 3]
    assert setup_order([copy(5, 0), copy(2, 1)], agreed=[5, 2], below=refuse) == [5, 2]


def test_a_copy_draw_without_a_chance_source_is_an_error() -> None:
    with pytest.raises(ValueError, match="chance source"):
        setup_order([copy(0, 0), copy(1, 1)])


def test_agreement_required_still_requires_an_order_for_copies() -> None:
    with pytest.raises(SetupTieError):
        setup_order([copy(0, 0), copy(1, 1)], AGREE, below=Script(0))
