"""Small statistics for the lab's reports, standard library only.

Proportions carry a Wilson score interval (95% by default); quantiles interpolate
linearly between order statistics (the usual "type 7" definition); histograms bin
whole numbers into whole-width bins.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion with `k` successes in `n` trials; (0, 1)
    when n is 0 (nothing is known)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    scale = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / scale
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Proportion:
    """`k` successes in `n` trials, with the rate and its 95% Wilson interval."""

    k: int
    n: int

    @property
    def rate(self) -> float:
        """k / n (0 when n is 0)."""
        return self.k / self.n if self.n else 0.0

    @property
    def low(self) -> float:
        """The lower end of the 95% interval."""
        return wilson(self.k, self.n)[0]

    @property
    def high(self) -> float:
        """The upper end of the 95% interval."""
        return wilson(self.k, self.n)[1]

    def above(self, other: Proportion) -> bool:
        """Whether this interval lies entirely above `other`'s."""
        return self.n > 0 and other.n > 0 and self.low > other.high


@dataclass(frozen=True)
class PairedDifference:
    """The mean of `a_i - b_i` over paired outcomes (the same seeds played two ways),
    with a 95% normal interval: how much more often `a` succeeds than `b`."""

    mean: float
    low: float
    high: float
    n: int


def paired_difference(a: Sequence[bool], b: Sequence[bool], z: float = Z95) -> PairedDifference:
    """`a`'s success rate minus `b`'s over the same trials, with its interval (the
    differences' standard error: pairing removes the seeds' shared luck)."""
    if len(a) != len(b):
        raise ValueError(f"paired outcomes of unequal length: {len(a)} and {len(b)}")
    n = len(a)
    if n == 0:
        return PairedDifference(0.0, -1.0, 1.0, 0)
    diffs = [int(x) - int(y) for x, y in zip(a, b, strict=True)]
    centre = sum(diffs) / n
    spread = math.sqrt(sum((d - centre) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 1.0
    return PairedDifference(centre, max(-1.0, centre - z * spread),
                            min(1.0, centre + z * spread), n)


def proportion(outcomes: Iterable[bool]) -> Proportion:
    """The proportion of True outcomes."""
    seen = list(outcomes)
    return Proportion(sum(seen), len(seen))


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean (0 for no values)."""
    return sum(values) / len(values) if values else 0.0


def quantile(values: Sequence[float], q: float) -> float:
    """The `q` quantile (0 <= q <= 1), interpolating linearly between the sorted values;
    0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def median(values: Sequence[float]) -> float:
    """The middle value (the mean of the two middle ones for an even count)."""
    return quantile(values, 0.5)


@dataclass(frozen=True)
class Distribution:
    """Summary figures of a sample: its size, mean, median and 90th percentile, and its
    histogram as (low, high, count) bins holding low <= value < high."""

    n: int
    mean: float
    median: float
    p90: float
    bins: tuple[tuple[float, float, int], ...]


def describe(values: Sequence[float], max_bins: int = 20) -> Distribution:
    """The summary figures and histogram of `values`."""
    return Distribution(len(values), mean(values), median(values), quantile(values, 0.9),
                        tuple(histogram(values, max_bins)))


def histogram(values: Sequence[float], max_bins: int = 20) -> list[tuple[float, float, int]]:
    """At most `max_bins` equal bins (low, high, count) covering `values`, each holding
    low <= value < high (the last one also its upper edge). Whole numbers get whole
    widths, so no bin is empty only for falling between two integers."""
    if not values:
        return []
    low, high = min(values), max(values)
    whole = all(float(v).is_integer() for v in values)
    if whole:
        width: float = max(1, math.ceil((high - low + 1) / max_bins))
    else:
        width = (high - low) / max_bins or 1.0
    count = max(1, min(max_bins, math.floor((high - low) / width) + 1))
    counts = [0] * count
    for value in values:
        counts[min(count - 1, int((value - low) // width))] += 1
    return [(low + i * width, low + (i + 1) * width, c) for i, c in enumerate(counts)]
