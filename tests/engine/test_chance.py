"""engine/chance.py: the distributions of chance nodes and the explicit source."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from initiative.engine.chance import (
    DRAW,
    KINDS,
    PICK,
    ROLL,
    ChanceNeeded,
    ExplicitChance,
    Outcome,
    draw_outcomes,
    pick_outcomes,
    roll_outcomes,
)
from initiative.engine.rng import SplitMix64


def test_every_distribution_sums_to_exactly_one() -> None:
    for n in range(1, 30):
        for outcomes in (roll_outcomes(n), pick_outcomes(n)):
            assert sum(p for _, p in outcomes) == 1 and len(outcomes) == n
    rng = SplitMix64(4)
    for _ in range(50):
        pile = [rng.below(9) for _ in range(1 + rng.below(25))]
        outcomes = draw_outcomes(pile)
        assert sum(p for _, p in outcomes) == 1
        assert {o.value: p for o, p in outcomes} == {
            card: Fraction(count, len(pile)) for card, count in Counter(pile).items()}


def test_empty_nodes_are_refused() -> None:
    for bad in (lambda: roll_outcomes(0), lambda: pick_outcomes(0), lambda: draw_outcomes([])):
        with pytest.raises(ValueError):
            bad()


def test_the_explicit_source_serves_its_script_then_signals_the_next_node() -> None:
    source = ExplicitChance((Outcome(ROLL, 4), Outcome(DRAW, 7), Outcome(PICK, 1)))
    pile = [7, 3, 7, 5]
    assert source.roll(6) == 4
    assert source.draw(pile) == 7 and pile == [7, 3, 5]  # the topmost copy leaves
    assert source.below(3) == 1
    source.shuffle(pile)
    assert pile == [7, 3, 5]  # an unordered multiset: shuffling changes nothing
    with pytest.raises(ChanceNeeded) as signal:
        source.draw(pile)
    assert signal.value.outcomes == draw_outcomes([7, 3, 5])
    assert pile == [7, 3, 5]
    with pytest.raises(TypeError):
        source.next64()


def test_sample_is_a_sequence_of_uniform_choices() -> None:
    source = ExplicitChance((Outcome(PICK, 2), Outcome(PICK, 0)))
    items = ["a", "b", "c", "d"]
    assert source.sample(items, 2) == ["c", "b"]  # Fisher-Yates: swap 0<->2, then 1<->1
    with pytest.raises(ChanceNeeded) as signal:
        source.sample(items, 3)
    assert signal.value.outcomes == pick_outcomes(4)


def test_kinds_left_out_are_sampled_from_the_generator() -> None:
    with pytest.raises(ValueError, match="need a generator"):
        ExplicitChance(kinds=frozenset({ROLL}))
    with pytest.raises(ValueError, match="unknown chance kinds"):
        ExplicitChance(kinds=KINDS | {"coin"})
    source = ExplicitChance((Outcome(ROLL, 2),), kinds=frozenset({ROLL}),
                            generator=SplitMix64(9))
    twin = SplitMix64(9)
    pile, expected = [1, 2, 3, 4], [1, 2, 3, 4]
    source.shuffle(pile)
    twin.shuffle(expected)
    assert pile == expected and source.draw(pile) == expected.pop()
    assert source.below(10) == twin.below(10)
    assert source.roll(6) == 2  # the die is still a chance node
    copy = source.clone()
    assert copy.below(1000) == source.below(1000)  # the clone has its own generator
