"""The seeded generator: deterministic, bounded, unbiased enough, cheap to clone."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from initiative.engine import build, rng
from initiative.engine.rng import SplitMix64, _Draws


def test_known_first_outputs_for_seed_zero() -> None:
    # Reference values of splitmix64 seeded with 0 (published with the algorithm).
    rng = SplitMix64(0)
    assert rng.next64() == 0xE220A8397B1DCDAF
    assert rng.next64() == 0x6E789E6AA1B965F4


def test_same_seed_same_stream_and_clone_continues_it() -> None:
    a, b = SplitMix64(42), SplitMix64(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert [a.below(100) for _ in range(20)] == [c.below(100) for _ in range(20)]


def test_below_stays_in_range_and_covers_it() -> None:
    rng = SplitMix64(7)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert min(counts.values()) > 850  # each face near 1000
    with pytest.raises(ValueError, match="positive bound"):
        rng.below(0)


def test_roll_and_shuffle() -> None:
    rng = SplitMix64(3)
    assert all(1 <= rng.roll(6) <= 6 for _ in range(100))
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def test_sample_draws_without_replacement_and_uniformly() -> None:
    rng = SplitMix64(11)
    drawn = rng.sample(list(range(10)), 4)
    assert len(drawn) == 4 == len(set(drawn)) and set(drawn) <= set(range(10))
    assert rng.sample([1, 2], 5) == [1, 2] or rng.sample([1, 2], 5) == [2, 1]
    firsts = Counter(rng.sample(list(range(5)), 2)[0] for _ in range(5000))
    assert set(firsts) == set(range(5)) and min(firsts.values()) > 850  # each near 1000
    assert SplitMix64(4).sample(list(range(30)), 6) == SplitMix64(4).sample(list(range(30)), 6)


def test_splitmix_below_draws_what_the_generic_rejection_draws() -> None:
    """SplitMix64.below (next64 inlined, the rejection bound computed only off its fast
    path) against `_Draws.below` over next64: the same outputs and the same stream,
    bound by bound, over 100,000 draws (small bounds, bounds either side of the fast
    path's limit 2^30, bounds near 2^64 where rejection happens often, and 1)."""
    bounds = [1, 2, 3, 6, 7, 10, 52, 1000, 2**30 - 1, 2**30, 2**30 + 1, 2**31 - 1,
              2**63 + 1, 2**64 - 1, 2**64, (2**64) // 3 * 2 + 1]
    for seed in (0, 1, 2**64 - 1, 0x9E3779B97F4A7C15, 27):
        fast, slow = SplitMix64(seed), SplitMix64(seed)
        for i in range(20_000):
            n = bounds[i % len(bounds)] if i % 3 else 1 + i % 97
            assert fast.below(n) == _Draws.below(slow, n)
            assert fast.state == slow.state
    for bad in (0, -1, -(2**64)):
        rng = SplitMix64(1)
        with pytest.raises(ValueError, match="positive bound"):
            rng.below(bad)
        assert rng.state == 1  # nothing drawn


def _state_before(output: int) -> int:
    """The SplitMix64 state whose next 64-bit output is `output` (the mixer inverted)."""
    mask = 2**64 - 1

    def unshift(z: int, k: int) -> int:  # inverse of z ^ (z >> k)
        x = z
        for _ in range(64 // k + 1):
            x = z ^ (x >> k)
        return x

    z = unshift(output, 31)
    z = unshift(z * pow(0x94D049BB133111EB, -1, 2**64) & mask, 27)
    s = unshift(z * pow(0xBF58476D1CE4E5B9, -1, 2**64) & mask, 30)
    return (s - 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize("output", [2**64 - 1, 2**64 - 2, 2**64 - 2**30, 2**64 - 2**30 - 1])
@pytest.mark.parametrize("n", [1, 3, 5, 7, 2**30 - 1, 2**30])
def test_splitmix_below_off_the_fast_path(output: int, n: int) -> None:
    """Outputs within 2^30 of 2^64 (one in 2^34, so random draws never test them) leave
    the fast path: the exact rejection bound decides, as `_Draws.below` does (2^64 - 1
    is rejected for n = 3, whose bound is 2^64 - 2)."""
    seed = _state_before(output)
    assert SplitMix64(seed).next64() == output
    fast, slow = SplitMix64(seed), SplitMix64(seed)
    assert [fast.below(n) for _ in range(3)] == [_Draws.below(slow, n) for _ in range(3)]
    assert fast.state == slow.state


def test_the_compiled_build_mixes_in_native_integers() -> None:
    """The rules core and the generator are built alike: compiled, SplitMix64 takes its
    native path (which the tests above then check against the generic draws)."""
    assert rng.NATIVE is (build.build_kind() == "compiled")


def test_pickle_and_state_keep_the_unsigned_value() -> None:
    for seed in (0, 2**63 - 1, 2**63, 2**64 - 1, 2**64 + 5):
        a = SplitMix64(seed)
        assert a.state == seed % 2**64 == a.to_data()
        a.below(10)
        copied = pickle.loads(pickle.dumps(a))
        assert copied.state == a.state and copied.next64() == a.next64()


@pytest.mark.parametrize("seed", [0, 1, 2**31, 2**32 - 1, 2**63 - 1, 2**63, 2**64 - 1, 5**27])
def test_the_native_mixing_agrees_with_pythons_integers(seed: int) -> None:
    """The compiled build's mixing in 32-bit halves, run here in Python (it never
    exceeds 63 bits, so Python and C compute the same values): the same outputs and
    states as the big-integer mixing, draw after draw."""
    halves, whole = SplitMix64(seed), SplitMix64(seed)
    for _ in range(2000):
        assert int(halves._mix_native()) & 2**64 - 1 == whole.next64()
        assert halves.state == whole.state


def test_splitmix_shuffle_draws_what_the_published_shuffle_draws() -> None:
    """SplitMix64.shuffle (outputs drawn ahead in pure Python) against the published
    generator's Fisher-Yates shuffle (`_OneByOne`, below): the same order and the
    same state, every length."""
    for seed in (0, 1, 2**64 - 1, 0x9E3779B97F4A7C15, 27, 5**27):
        fast, slow = SplitMix64(seed), _OneByOne(seed)
        for n in [*range(40), 52, 100]:
            mine, theirs = list(range(n)), list(range(n))
            fast.shuffle(mine)
            slow.shuffle(theirs)
            assert mine == theirs
            assert fast.state == slow.state


@pytest.mark.parametrize("output", [2**64 - 1, 2**64 - 2**30, 2**64 - 2**30 - 1,
                                    2**64 - 2**33, 2**64 - 2**33 - 1])
@pytest.mark.parametrize("at", [0, 2, 10])
def test_splitmix_shuffle_near_the_top(output: int, at: int) -> None:
    """An output near 2^64 at draw `at` of a shuffle or of the draws after it: a batch
    leaves it to the draws one by one (from 2^64 - 2^33), which reject as `below`
    does (2^64 - 1 for a bound of 3), so the order, the draws and the state are those
    of the published generator."""
    seed = (_state_before(output) - at * 0x9E3779B97F4A7C15) % 2**64
    for n in (2, 4, 5, 12, 13):
        fast, slow = SplitMix64(seed), _OneByOne(seed)
        mine, theirs = list(range(n)), list(range(n))
        fast.shuffle(mine)
        slow.shuffle(theirs)
        assert mine == theirs
        assert fast.state == slow.state
        # and on past it, drawing ahead (pure Python) from each state on the way
        assert [fast.below(3) for _ in range(40)] == [slow.below(3) for _ in range(40)]
        assert fast.state == slow.state


class _OneByOne:
    """splitmix64 as published, one output at a time, with the textbook rejection draw
    and Fisher-Yates shuffle: the reference the generator's batches (pure Python draws
    ahead) and native mixing (compiled) are held to. A class of its own: on the
    compiled build a test's class cannot extend the compiled `_Draws`."""

    def __init__(self, seed: int) -> None:
        self.state = seed % 2**64

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) % 2**64
        z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9 % 2**64
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB % 2**64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = 2**64 - 1 - 2**64 % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def roll(self, sides: int) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: list[int]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: list[int], k: int) -> list[int]:
        n = len(items)
        for i in range(min(k, n)):
            j = i + self.below(n - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]


@pytest.mark.parametrize("seed", [0, 3, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15])
def test_any_mix_of_draws_and_clones_follows_the_one_by_one_stream(seed: int) -> None:
    """Draws, dice, shuffles, samples, clones and pickles in a random order: every
    result and every state those of the published generator, one output at a time
    (pure Python draws ahead in batches that grow, and a clone shares them)."""
    order = Counter[str]()
    mine: list[SplitMix64] = [SplitMix64(seed)]
    theirs: list[_OneByOne] = [_OneByOne(seed)]
    pick = SplitMix64(seed ^ 12345)
    for step in range(3000):
        k = pick.below(len(mine))
        a, b = mine[k], theirs[k]
        what = ("below", "next64", "roll", "shuffle", "sample", "clone", "pickle",
                "big")[pick.below(8)]
        order[what] += 1
        if what == "below":
            n = 1 + pick.below(50)
            assert a.below(n) == b.below(n)
        elif what == "next64":
            assert a.next64() == b.next64()
        elif what == "roll":
            assert a.roll(6) == b.roll(6)
        elif what == "shuffle":
            n = pick.below(60)
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            b.shuffle(y)
            assert x == y
        elif what == "sample":
            n = pick.below(20)
            assert a.sample(list(range(n)), 3) == b.sample(list(range(n)), 3)
        elif what == "big":
            assert a.below(2**64 - 1 - step) == b.below(2**64 - 1 - step)
        elif len(mine) < 6:
            copy = a.clone() if what == "clone" else pickle.loads(pickle.dumps(a))
            mine.append(copy)
            theirs.append(_OneByOne(b.state))
        assert a.state == b.state == a.to_data()
    assert len(order) == 8
