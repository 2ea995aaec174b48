"""The lab's small statistics: the paired margin the ladder reports for co-op teams."""

from __future__ import annotations

import pytest

from initiative.lab.stats import paired_difference


def test_a_paired_margin_and_its_interval() -> None:
    a = [True] * 60 + [False] * 40
    b = [True] * 40 + [False] * 60  # every seed b won, a won too; 20 more for a
    margin = paired_difference(a, b)
    assert margin.mean == pytest.approx(0.2) and margin.n == 100
    # differences: 20 ones, 80 zeros; standard error sqrt(0.16 * 100 / 99 / 100)
    assert margin.low == pytest.approx(0.2 - 1.96 * (0.16 / 99) ** 0.5)
    assert margin.low > 0 < margin.high
    same = paired_difference(a, a)
    assert (same.mean, same.low, same.high) == (0.0, 0.0, 0.0)


def test_a_margin_needs_pairs() -> None:
    with pytest.raises(ValueError, match="unequal length: 2 and 1"):
        paired_difference([True, False], [True])
    empty = paired_difference([], [])
    assert (empty.low, empty.high, empty.n) == (-1.0, 1.0, 0)
