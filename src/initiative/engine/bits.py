"""Single bits by index, for the member tests of the rules' bit sets (units out of play,
event kinds not logged, ...): `bits & BIT[i]` rather than `(bits >> i) & 1`. In pure
Python each arithmetic operator on ints is a generic number call, several times the
cost of indexing a tuple, so the table halves such a test on the hot path."""

from __future__ import annotations

from typing import Final

BIT: Final = tuple(1 << i for i in range(256))
"""`BIT[i] == 1 << i` for every index a bit set of the rules uses (units: at most
MAX_UNITS + MAX_SUPPORTS; event kinds: fewer than 64). `i` must not be negative."""
