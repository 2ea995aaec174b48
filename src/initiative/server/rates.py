"""Flood limits of the table sockets (docs/web.md, "Threat model"): token buckets per
connection and per table, for request frames and for chat lines. A request over a limit
is not carried out; its sender gets an error frame saying which limit, and the socket
stays open (the bucket refills with time)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

FRAMES_PER_SECOND = 20.0
FRAME_BURST = 40
"""One connection: requests a second, and how many may come at once."""
TABLE_FRAMES_PER_SECOND = 100.0
TABLE_FRAME_BURST = 200
"""All connections of one table together (seats and spectators)."""
CHAT_PER_SECOND = 0.5
CHAT_BURST = 5
"""One connection's chat lines."""
TABLE_CHAT_PER_SECOND = 2.0
TABLE_CHAT_BURST = 20
"""One table's chat lines, all seats together."""


def clock() -> float:
    """The buckets' time (tests replace it to control refills)."""
    return time.monotonic()


@dataclass
class Bucket:
    """A token bucket: `burst` tokens, refilled at `rate` a second."""

    rate: float
    burst: int
    tokens: float = -1.0
    at: float = 0.0

    def ready(self) -> bool:
        """Whether a token is there now (refilled for the time since last asked)."""
        now = clock()
        if self.tokens < 0:
            self.tokens, self.at = float(self.burst), now
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        return self.tokens >= 1.0

    def spend(self) -> None:
        """Use a token (after `ready`)."""
        self.tokens = max(0.0, self.tokens - 1.0)

    def take(self) -> bool:
        """Spend a token if there is one; False (nothing spent) if the bucket is empty."""
        if not self.ready():
            return False
        self.spend()
        return True


@dataclass
class TableRates:
    """One table's shared buckets."""

    frames: Bucket = field(default_factory=lambda: Bucket(TABLE_FRAMES_PER_SECOND,
                                                          TABLE_FRAME_BURST))
    chat: Bucket = field(default_factory=lambda: Bucket(TABLE_CHAT_PER_SECOND,
                                                        TABLE_CHAT_BURST))


@dataclass
class ConnectionRates:
    """One connection's buckets, and its table's."""

    table: TableRates
    frames: Bucket = field(default_factory=lambda: Bucket(FRAMES_PER_SECOND, FRAME_BURST))
    chat: Bucket = field(default_factory=lambda: Bucket(CHAT_PER_SECOND, CHAT_BURST))

    def frame_refusal(self) -> str | None:
        """None if a request frame may be served now, else why not. Nothing is spent:
        `charge` does that for a frame that did not play a turn."""
        if not self.frames.ready():
            return (f"too many requests: at most {FRAMES_PER_SECOND:g} a second on one "
                    "connection; this one was dropped, wait a moment")
        if not self.table.frames.ready():
            return (f"too many requests at this table: at most "
                    f"{TABLE_FRAMES_PER_SECOND:g} a second; this one was dropped, wait a "
                    "moment")
        return None

    def charge(self) -> None:
        """Count a served frame that did not play a turn (a turn played is bounded by
        the game itself: it cannot be repeated)."""
        self.frames.spend()
        self.table.frames.spend()

    def chat_refusal(self) -> str | None:
        """None if a chat line may be sent now, else why not (the line is dropped)."""
        if not self.chat.take():
            return (f"chat: at most {CHAT_BURST} lines at once and one every "
                    f"{1 / CHAT_PER_SECOND:g} seconds after that; your line was not sent")
        if not self.table.chat.take():
            return (f"chat: this table gets at most {TABLE_CHAT_PER_SECOND:g} lines a "
                    "second; your line was not sent, try again in a moment")
        return None
