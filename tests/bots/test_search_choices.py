"""The searching bots choose as they did before the search was made faster (issue 27:
the view's hidden-card pool dealt from once per search, worlds without their log):
the same actions, and the same root statistics to the last bit, at fixed positions of
every game (`choices_kit`, recorded from the code before those changes)."""

from __future__ import annotations

import pytest

from tests.bots.choices_kit import SETUPS, choices, recorded


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_search_and_lookahead_choose_as_recorded(setup: str) -> None:
    expected = recorded()[setup]
    assert len(expected["root"]) >= 10
    assert choices(setup) == expected
