"""Setup order tests (IB 2.9 step 4, IB 6.3 step 5, AMB-91, AMB-92)."""

from __future__ import annotations

import pytest

from initiative.timing.setup_order import SetupEntry, SetupTieError, setup_order
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
