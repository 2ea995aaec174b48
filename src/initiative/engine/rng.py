"""A one-integer seeded generator (splitmix64), so cloning a state copies a number.

Every chance event of a game (shuffles, dice) draws from the one generator its state
owns; a record is therefore setup + seed + actions and replays bit for bit.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class SplitMix64:
    """splitmix64 (Steele, Lea, Flood 2014): 64-bit state, full period, fast in Python."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def clone(self) -> SplitMix64:
        return SplitMix64(self.state)

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def roll(self, sides: int) -> int:
        """A die roll 1..sides."""
        return self.below(sides) + 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: MutableSequence[T], k: int) -> list[T]:
        """`k` items drawn without replacement, in random order: the first `k` steps of
        a Fisher-Yates shuffle (reorders `items` in place; cheaper than a whole shuffle)."""
        n = len(items)
        for i in range(min(k, n)):
            j = i + self.below(n - i)
            items[i], items[j] = items[j], items[i]
        return list(items[:k])
