"""Screen settings of the tree search against another bot: the ladder's pairing (drafted
1v1, the same seeds with the seats swapped, `ladder.pairing`, in this one process), the
first bot's decisions timed.

    python benchmarks/search_screen.py GAMES A:B

A and B are bot names; an `ismcts@N` name may add `SearchSettings` fields after `+`,
set over the settings the game's search gives it, e.g.
`ismcts@500+greedy+follow=0+prior=10` (a bare field name is True). Prints the ladder's
row, then the first bot's milliseconds a decision with a choice (mean, 95th percentile,
longest) over the games it played.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from typing import Any

import initiative.bots.make as make
import initiative.lab.adapter as adapter
from initiative.bots import AnyBot
from initiative.bots import make_bot as plain_make_bot
from initiative.bots.ismcts import ISMCTSBot, SearchSettings
from initiative.bots.lookahead import LookaheadBot
from ladder import pairing

FIELDS = {f.name: f.type for f in dataclasses.fields(SearchSettings)}
plain_parse = make._parse


def parse(name: str) -> tuple[str, int, SearchSettings]:
    """`make._parse` of the name before its first `+` (so the lab takes the name)."""
    return plain_parse(name.split("+")[0])


def changes_of(name: str) -> dict[str, Any]:
    """The `SearchSettings` fields a name sets after its `+`s."""
    changes: dict[str, Any] = {}
    for item in name.split("+")[1:]:
        key, _, value = item.partition("=")
        if key not in FIELDS:
            raise ValueError(f"no search setting {key!r} (known: {', '.join(FIELDS)})")
        kind_of = FIELDS[key]
        changes[key] = True if not value else (
            value == "true" if kind_of == "bool" else
            float(value) if kind_of in ("float", "float | None") else int(value))
    return changes


def with_settings(bot: AnyBot, changes: dict[str, Any], seed: int) -> AnyBot:
    """`bot` (a tree search) with `changes` made to its settings."""
    if changes:
        assert isinstance(bot, ISMCTSBot), "settings are changed on a tree search only"
        bot.settings = dataclasses.replace(bot.settings, **changes)
        bot.policy = LookaheadBot(bot.game, bot.evaluate, seed, depth=bot.settings.follow)
    return bot


class Timed:
    """A bot whose decisions with a choice are timed into `seconds`."""

    def __init__(self, bot: AnyBot, seconds: list[float]) -> None:
        self.bot, self.seconds = bot, seconds

    def choose(self, view: Any) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(view)
        if len(view.legal) > 1:
            self.seconds.append(time.perf_counter() - start)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("games", type=int)
    parser.add_argument("pair", metavar="A:B")
    args = parser.parse_args()
    first, second = args.pair.split(":")
    seconds: list[float] = []

    def make_bot(name: str, game: Any, seed: int) -> AnyBot:
        bot = with_settings(plain_make_bot(name.split("+")[0], game, seed),
                            changes_of(name), seed)
        return Timed(bot, seconds) if name == first else bot

    make._parse = parse
    adapter.make_bot = make_bot  # type: ignore[attr-defined]  # the lab seats bots by it
    rate, draws, taken = pairing(first, second, args.games, workers=1)
    print("| bot | opponent | games | wins | draws | win rate | 95% interval | minutes "
          "| ms a decision: mean / p95 / max |")
    print("|---|---|---|---|---|---|---|---|---|")
    p95 = sorted(seconds)[int(0.95 * len(seconds))]
    print(f"| {first} | {second} | {rate.n} | {rate.k} | {draws} | {rate.rate:.1%} "
          f"| {rate.low:.1%} - {rate.high:.1%} | {taken / 60:.1f} "
          f"| {1000 * statistics.fmean(seconds):.0f} / {1000 * p95:.0f} / "
          f"{1000 * max(seconds):.0f} |")


if __name__ == "__main__":
    main()
