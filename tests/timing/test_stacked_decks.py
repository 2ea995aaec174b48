"""The stacked initiative decks (HX-5..HX-9, HX-A2) as a timing model on its own."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from initiative.engine.chance import DRAW, ChanceNeeded, ExplicitChance, Outcome
from initiative.engine.rng import SplitMix64
from initiative.timing.stacked_decks import SPECIAL, deal_line, well_formed


@pytest.mark.parametrize("players", [[0, 1], [0, 1, 2], [0, 2, 3], [0, 1, 2, 3]])
def test_each_half_holds_every_player_once_and_the_special_card_closes_the_line(
        players: list[int]) -> None:
    for seed in range(50):
        line = deal_line(players, SplitMix64(seed))
        assert well_formed(line, players)
        assert line[-1] == SPECIAL


def test_the_halves_are_shuffled_separately() -> None:
    """Every order of each half turns up, independently of the other half."""
    seen = Counter(tuple(deal_line([0, 1, 2], SplitMix64(seed))[:6]) for seed in range(3000))
    firsts = Counter(line[:3] for line in seen.elements())
    seconds = Counter(line[3:] for line in seen.elements())
    assert len(firsts) == 6 and len(seconds) == 6 and len(seen) == 36


def test_hxa2_the_first_deck_is_dealt_first_under_explicit_chance() -> None:
    """Each card dealt is a chance node: the first deck's cards come first."""
    script = tuple(Outcome(DRAW, s) for s in (2, 0, 1, 1, 2, 0))
    assert deal_line([0, 1, 2], ExplicitChance(script)) == [2, 0, 1, 1, 2, 0, SPECIAL]
    with pytest.raises(ChanceNeeded) as needed:
        deal_line([0, 1, 2], ExplicitChance(script[:1]))
    assert needed.value.outcomes == ((Outcome(DRAW, 0), Fraction(1, 2)),
                                     (Outcome(DRAW, 1), Fraction(1, 2)))


def test_well_formed_rejects_a_mixed_line() -> None:
    assert not well_formed([0, 0, 1, 1, SPECIAL], [0, 1])
    assert not well_formed([0, 1, 1, 0], [0, 1])
    assert well_formed([1, 0, 0, 1, SPECIAL], [0, 1])
