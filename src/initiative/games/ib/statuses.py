"""Status effects (IB 5) packed into one integer per unit: a 4-bit count per status.

Under `status_stacking="none"` (AMB-54) a count is 0 or 1; under "stack" it counts
instances, which all trigger together at the status's next trigger.
"""

from __future__ import annotations

from typing import Final

# One name a line (not `= range(7)`): mypy types them across import cycles (mypyc).
BURN: Final = 0
STUN: Final = 1
SEAL: Final = 2
MUTE: Final = 3
GUARD: Final = 4
WEAKEN: Final = 5
INSIGHT: Final = 6
NAMES: Final[tuple[str, ...]] = ("burn", "stun", "seal", "mute", "guard", "weaken", "insight")
BY_NAME: Final[dict[str, int]] = {name: i for i, name in enumerate(NAMES)}
MAX_STACK: Final = 15

START_OF_ACTIVATION_MASK: Final = 0xFFFF
"""Burn, Stun, Seal and Mute (statuses 0-3) resolve at the start of the afflicted unit's
next activation (IB 5.1.4, 5.3); Guard, Weaken and Insight wait for damage."""


def mask(status: int) -> int:
    """The bits of `status` in a packed value (`bits & mask(s)`: some instance of it)."""
    return 15 << (status << 2)


def count(bits: int, status: int) -> int:
    """How many instances of `status` the packed value holds."""
    return (bits >> (status << 2)) & 15


def present(bits: int) -> list[int]:
    """The statuses the packed value holds, in status order."""
    return [s for s in range(len(NAMES)) if (bits >> (s << 2)) & 15]


def add(bits: int, status: int, stacking: bool) -> int:
    """Apply one instance (no effect beyond 1 unless stacking, AMB-54)."""
    n = (bits >> (status << 2)) & 15  # count(bits, status), inline: the hot path
    cap = MAX_STACK if stacking else 1
    if n >= cap:
        return bits
    return bits + (1 << (status << 2))


def clear(bits: int, status: int) -> int:
    """Remove every instance of `status`."""
    return bits & ~(15 << (status << 2))


def names(bits: int) -> list[str]:
    """Readable list, e.g. ['burn', 'guard x2']."""
    out = []
    for i, name in enumerate(NAMES):
        n = count(bits, i)
        if n:
            out.append(name if n == 1 else f"{name} x{n}")
    return out


def parse(items: list[str], where: str) -> int:
    """Pack a list like ['burn', 'guard x2'] (position files); ValueError names the item."""
    bits = 0
    for item in items:
        name, _, times = item.strip().lower().partition(" x")
        if name not in BY_NAME:
            raise ValueError(f"{where}: unknown status {item!r} (known: {', '.join(NAMES)})")
        n = int(times) if times else 1
        if not 1 <= n <= MAX_STACK:
            raise ValueError(f"{where}: status count must be 1..{MAX_STACK} in {item!r}")
        bits = clear(bits, BY_NAME[name]) | (n << (BY_NAME[name] << 2))
    return bits
