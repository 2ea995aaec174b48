"""Seeded generators, so cloning a state copies a number or two.

Every chance event of a game (shuffles, dice) draws from the one generator its state
owns; a record is therefore setup + seed + actions and replays bit for bit. A generator
is the default *chance source* of `engine.chance` (which also has the explicit one).

Two generators share one interface (`GameRng`):
- `SplitMix64` (an int seed): fast, for the lab, bots, tests and terminal games. Its
  64-bit seed can be searched for, so it is no secret.
- `KeyedStream` (a seed text `blake2b-ctr:<64 hex digits>`, 256 secret bits): keyed
  BLAKE2b, a pseudorandom function, in counter mode. Web table games use it: what a
  seat sees (its hand, draws, dice) tells nothing about the key or later outputs.

A `Seed` names its generator: a whole number is splitmix64 (records from before the
keyed generator replay unchanged), a text with the prefix `KEYED` is the keyed one.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import struct
from collections.abc import MutableSequence
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

if TYPE_CHECKING:  # the compiled build's native integer (annotations only: never
    from mypy_extensions import i64  # evaluated, so pure Python needs no import)

MASK64 = (1 << 64) - 1
_TOP: Final = 1 << 63
_WRAP: Final = 1 << 64
NATIVE: Final = (__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
"""Whether this module is compiled (then `SplitMix64` mixes in native integers)."""
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")

Seed = int | str
"""A game's seed: a whole number (SplitMix64) or a keyed seed text (KeyedStream)."""
KEYED = "blake2b-ctr"
"""The name (and seed-text prefix) of the keyed generator."""
KEY_BYTES = 32
_KEYED_SEED = re.compile(rf"{KEYED}:([0-9a-f]{{{2 * KEY_BYTES}}})")
_KEYED_STATE = re.compile(rf"{KEYED}:([0-9a-f]{{{2 * KEY_BYTES}}})@([0-9]{{1,20}})")
_WORDS = struct.Struct("<8Q")  # one BLAKE2b block of output: eight 64-bit draws
_SUB_SEED = b"sub-seed"
_SMALL = 1 << 30
"""`SplitMix64.below`'s fast path takes bounds under this (one 30-bit digit: cheap to
compare)."""
_SURE = (1 << 64) - _SMALL
"""Every output below this is under `below(n)`'s rejection bound for any `n <= _SMALL`
(the bound is at least 2^64 - n)."""


class GameRng(Protocol):
    """What a game draws its chance from (both generators below)."""

    @property
    def state(self) -> int:
        """How far the stream has advanced (equal states of one seed: equal futures)."""
        ...

    def clone(self) -> GameRng: ...

    def next64(self) -> int: ...

    def below(self, n: int) -> int: ...

    def roll(self, sides: int) -> int: ...

    def shuffle(self, items: MutableSequence[T]) -> None: ...

    def draw(self, pile: list[int]) -> int:
        """Take a card from a pile this generator shuffled (engine.chance)."""
        ...

    def sample(self, items: MutableSequence[T], k: int) -> list[T]: ...

    def to_data(self) -> int | str:
        """The generator as JSON data (`rng_from_data` reads it)."""
        ...


class _Draws:
    """Bounded draws, dice and shuffles over `next64` (shared by both generators)."""

    __slots__ = ()

    def next64(self) -> int:
        raise NotImplementedError

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

    def draw(self, pile: list[int]) -> int:
        """The top card of a shuffled pile: the shuffle was the chance, so the deal
        is a pop (an explicit source makes each draw a chance node instead)."""
        return pile.pop()

    def sample(self, items: MutableSequence[T], k: int) -> list[T]:
        """`k` items drawn without replacement, in random order: the first `k` steps of
        a Fisher-Yates shuffle (reorders `items` in place; cheaper than a whole shuffle)."""
        n = len(items)
        for i in range(min(k, n)):
            j = i + self.below(n - i)
            items[i], items[j] = items[j], items[i]
        return list(items[:k])


class SplitMix64(_Draws):
    """splitmix64 (Steele, Lea, Flood 2014): 64-bit state, full period, fast in Python.

    Compiled, the state `_s` is a native signed 64-bit integer (the state's bits in
    two's complement) and each draw mixes in 32-bit halves (`_mix_native`: no step
    exceeds 63 bits, so it never relies on overflow). In pure Python `_s` is an
    unsigned state and outputs are drawn ahead in batches (`_refill`): `_buf` holds the
    outputs after state `_s`, `_at` of them taken. `state` reads either as the unsigned
    value records store. Both builds give the same stream, bit for bit."""

    __slots__ = ("_at", "_buf", "_s")

    def __init__(self, seed: int) -> None:
        self._s: i64 = _signed(seed & MASK64) if NATIVE else seed & MASK64
        self._buf: tuple[int, ...] = ()
        self._at = 0

    @property
    def state(self) -> int:
        """How far the stream has advanced: the unsigned 64-bit state."""
        if NATIVE:
            return int(self._s) & MASK64
        return (int(self._s) + self._at * _GOLDEN) & MASK64

    def clone(self) -> SplitMix64:
        if NATIVE:
            return SplitMix64(self.state)
        new = SplitMix64(int(self._s))
        new._buf, new._at = self._buf, self._at  # a tuple: shared, never changed
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        return SplitMix64, (self.state,)

    def next64(self) -> int:
        """The next 64-bit output."""
        if NATIVE:
            return int(self._mix_native()) & MASK64
        at = self._at
        if at == len(self._buf) and not self._refill(1):
            return self._next_one()
        at = self._at
        self._at = at + 1
        return self._buf[at]

    def below(self, n: int) -> int:
        """`_Draws.below`, the same outputs at a fraction of the cost (the bench picks
        every action with it). For `n < 2^30` (every bound a game draws) any output
        below `_SURE` is under the rejection bound, so the bound is computed only for
        larger `n` or an output within 2^30 of 2^64 (one in 2^34). Pure Python takes
        the output drawn ahead (all under `_SURE`)."""
        if n <= 0 or n > 0x3FFFFFFF:  # not under _SMALL (inline: one-digit ints compare
            return self._below_any(n)  # fastest in pure Python)
        if NATIVE:
            zs = self._mix_native()
            if zs >= 0 or zs < -_SMALL:  # unsigned: under _SURE
                bound: i64 = n
                return int((((zs >> 32) & 0xFFFFFFFF) % bound * 0x100000000
                            + (zs & 0xFFFFFFFF)) % bound)
            return self._reject(int(zs) & MASK64, n)
        at = self._at
        if at == len(self._buf):
            if not self._refill(1):
                z = self._next_one()
                return z % n if z < _SURE else self._reject(z, n)
            at = 0
        self._at = at + 1
        return self._buf[at] % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """`_Draws.shuffle`; pure Python reads the outputs drawn ahead, all under
        `_SURE`, so each `below(i + 1)` is `z % (i + 1)`."""
        last = len(items) - 1
        if NATIVE:
            _Draws.shuffle(self, items)
            return
        if last < 1:
            return
        at = self._at
        if len(self._buf) - at < last:
            if not self._refill(last):  # an output near 2^64: one draw at a time
                _Draws.shuffle(self, items)
                return
            at = 0
        self._at = at + last
        i = last
        for z in self._buf[at:at + last]:
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def _refill(self, need: int) -> bool:
        """Pure Python: draw ahead so at least `need` outputs are waiting, in a batch
        twice the last one (from 2 to `_AHEAD`: a short-lived generator draws little
        ahead) after those already waiting. False (nothing left waiting) if an output
        of the batch may be 2^64 - 2^30 or more: the caller then draws one by one
        (`_next_one`)."""
        buf, at = self._buf, self._at
        s = int(self._s)
        outputs = _batch((s + len(buf) * _GOLDEN) & MASK64,
                         max(need + at - len(buf), min(2 * len(buf), _AHEAD) or 2))
        self._s = (s + at * _GOLDEN) & MASK64
        self._at = 0
        if outputs is None:
            self._buf = ()
            return False
        self._buf = buf[at:] + outputs if at < len(buf) else outputs
        return True

    def _next_one(self) -> int:
        """Pure Python: the next output alone, with nothing drawn ahead."""
        self._s = s = (int(self._s) + _GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def _below_any(self, n: int) -> int:
        """`below` for any bound: the exact rejection bound (nothing drawn for n <= 0)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        return self._reject(self.next64(), n)

    def _reject(self, z: int, n: int) -> int:
        """`z % n` for a first draw `z`, drawing again while `z` is over the bound."""
        limit = MASK64 - (MASK64 + 1) % n
        while z > limit:
            z = self.next64()
        return z % n

    def _mix_native(self) -> i64:
        """Advance the state and return the next output as a signed 64-bit number,
        computed in 32-bit halves (the compiled build's path: every intermediate
        fits in 63 bits, so it never relies on overflow)."""
        s = self._s
        lo: i64 = (s & 0xFFFFFFFF) + 0x7F4A7C15
        hi: i64 = (((s >> 32) & 0xFFFFFFFF) + 0x9E3779B9 + (lo >> 32)) & 0xFFFFFFFF
        lo &= 0xFFFFFFFF
        self._s = _join(hi, lo)
        z_lo: i64 = lo ^ (((hi << 2) | (lo >> 30)) & 0xFFFFFFFF)  # z = s ^ (s >> 30)
        z_hi: i64 = hi ^ (hi >> 30)
        z_hi, z_lo = _times(z_hi, z_lo, 0xBF58476D, 0x1CE4E5B9)
        z_lo ^= ((z_hi << 5) | (z_lo >> 27)) & 0xFFFFFFFF  # z ^= z >> 27
        z_hi ^= z_hi >> 27
        z_hi, z_lo = _times(z_hi, z_lo, 0x94D049BB, 0x133111EB)
        z_lo ^= ((z_hi << 1) | (z_lo >> 31)) & 0xFFFFFFFF  # z ^= z >> 31
        z_hi ^= z_hi >> 31
        return _join(z_hi, z_lo)

    def to_data(self) -> int:
        return self.state


_AHEAD: Final = 32
"""The most outputs pure Python draws ahead at once (`SplitMix64._refill`)."""
_LANES: dict[int, tuple[int, int, int, int, int, struct.Struct]] = {}
"""`_batch`'s constants by number of draws (`_lanes`)."""


def _lanes(m: int) -> tuple[int, int, int, int, int, struct.Struct]:
    """The constants of a batch of `m` draws, each in a 128-bit lane (a product of
    two 64-bit numbers fits in one): a 1 in each lane; the k-th lane's state step
    (k + 1) * golden; 64 low ones in each lane; 2^33 and 2^64 in each lane (`_batch`'s
    check); the format that reads the low 64 bits of each lane."""
    found = _LANES.get(m)
    if found is None:
        ones = sum(1 << 128 * k for k in range(m))
        steps = sum((k + 1) * _GOLDEN << 128 * k for k in range(m))
        found = _LANES[m] = (ones, steps, ones * MASK64, ones << 33, ones << 64,
                             struct.Struct("<" + "Q8x" * m))
    return found


def _batch(s: int, m: int) -> tuple[int, ...] | None:
    """The next `m` outputs after state `s`, computed at once (pure Python): lane k of
    one big integer mixes state s + (k + 1) * golden, the lanes 128 bits apart, so
    each step of the mixing is one integer operation for all of them. None if an
    output may be 2^64 - 2^30 or more (then `below` might reject it): an output's top
    31 bits are those of the value before the last step, checked here for all ones."""
    ones, steps, mask, near, carry, words = _lanes(m)
    z = (s * ones + steps) & mask
    z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
    if (z + near) & carry:  # a lane of 2^64 - 2^33 or more carries
        return None
    z ^= z >> 31  # the low 64 bits of each lane (the rest is read past)
    outputs: tuple[int, ...] = words.unpack(z.to_bytes(16 * m, "little"))
    return outputs


def _signed(value: int) -> int:
    """An unsigned 64-bit value as the signed number with the same bits."""
    return value if value < _TOP else value - _WRAP


def _join(hi: i64, lo: i64) -> i64:
    """The signed 64-bit number whose halves are `hi` and `lo` (each 0..2^32-1)."""
    return (hi - ((hi >> 31) << 32)) * 0x100000000 + lo


def _low32_product(a: i64, b: i64) -> i64:
    """(a * b) mod 2^32 for 32-bit `a` and `b`, no product over 49 bits."""
    return (a * (b & 0xFFFF) + (((a * (b >> 16)) & 0xFFFF) << 16)) & 0xFFFFFFFF


def _times(z_hi: i64, z_lo: i64, c_hi: i64, c_lo: i64) -> tuple[i64, i64]:
    """(z * c) mod 2^64 in 32-bit halves (high, low), no product over 49 bits."""
    low = z_lo * (c_lo & 0xFFFF)
    mid = z_lo * (c_lo >> 16)
    part = low + ((mid & 0xFFFF) << 16)
    high = ((part >> 32) + (mid >> 16) + _low32_product(z_lo, c_hi)
            + _low32_product(z_hi, c_lo)) & 0xFFFFFFFF
    return high, part & 0xFFFFFFFF


class KeyedStream(_Draws):
    """Keyed BLAKE2b (RFC 7693) in counter mode: output block `b` is
    BLAKE2b-512(key, b as 8 little-endian bytes), eight 64-bit draws. `state` counts the
    draws made; the key and the state are all there is (a clone copies two fields, a
    pickle stores two)."""

    __slots__ = ("_base", "_block", "_words", "key", "state")

    def __init__(self, key: bytes | None = None, state: int = 0) -> None:
        # No key: a blank that clone() fills in (compiled by mypyc,
        # `KeyedStream.__new__(KeyedStream)` runs __init__ with no arguments).
        if key is None:
            return
        if len(key) != KEY_BYTES:
            raise ValueError(f"a {KEYED} key is {KEY_BYTES} bytes, not {len(key)}")
        self.key = key
        self.state = state
        self._base = hashlib.blake2b(key=key)
        self._block = -1
        self._words: tuple[int, ...] = ()

    def clone(self) -> KeyedStream:
        new = KeyedStream.__new__(KeyedStream)
        new.key, new.state, new._base = self.key, self.state, self._base
        new._block, new._words = self._block, self._words
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        return KeyedStream, (self.key, self.state)

    def next64(self) -> int:
        """The next 64-bit output."""
        n = self.state
        self.state = n + 1
        if n >> 3 != self._block:
            self._block = n >> 3
            block = self._base.copy()  # the keyed prefix is hashed once, in __init__
            block.update((n >> 3).to_bytes(8, "little"))
            self._words = _WORDS.unpack(block.digest())
        return self._words[n & 7]

    def to_data(self) -> str:
        return f"{KEYED}:{self.key.hex()}@{self.state}"


def new_secret_seed() -> str:
    """A fresh keyed seed (256 bits from the operating system's CSPRNG)."""
    return f"{KEYED}:{secrets.token_hex(KEY_BYTES)}"


def is_secret(seed: Seed) -> bool:
    """Whether `seed` names the keyed generator."""
    return isinstance(seed, str)


def parse_seed(value: Any, where: str = "seed") -> Seed:
    """`value` as a Seed; ValueError naming `where` if it is neither form."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and _KEYED_SEED.fullmatch(value):
        return value
    raise ValueError(f"{where}: expected a whole number >= 0 or '{KEYED}:' and "
                     f"{2 * KEY_BYTES} hex digits, got {str(value)[:80]!r}")


def make_rng(seed: Seed) -> SplitMix64 | KeyedStream:
    """The generator a seed names, at its start."""
    if isinstance(seed, int):
        return SplitMix64(seed)
    return KeyedStream(_key(seed))


def _key(seed: str) -> bytes:
    found = _KEYED_SEED.fullmatch(seed)
    if found is None:
        raise ValueError(f"not a {KEYED} seed: {seed[:80]!r}")
    return bytes.fromhex(found[1])


def derived_seed(seed: Seed, salt: int) -> int:
    """A 64-bit seed for a side stream (a bot, a draw of Rival Keystones) of the game
    `seed` starts: `seed ^ salt` for splitmix64 (as ever); for a keyed seed a keyed
    hash of `salt`, which tells nothing about the key."""
    if isinstance(seed, int):
        return seed ^ salt
    mac = hashlib.blake2b(_SUB_SEED + (salt & MASK64).to_bytes(8, "little"),
                          key=_key(seed), digest_size=8)
    return int.from_bytes(mac.digest(), "little")


def rng_from_data(value: Any, where: str = "rng") -> SplitMix64 | KeyedStream:
    """A generator written by `to_data`; ValueError naming `where` if it is not one."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MASK64:
        return SplitMix64(value)
    found = _KEYED_STATE.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        raise ValueError(f"{where}: expected a whole number 0..2^64-1 or "
                         f"'{KEYED}:<{2 * KEY_BYTES} hex digits>@<draws>', "
                         f"got {str(value)[:80]!r}")
    return KeyedStream(bytes.fromhex(found[1]), int(found[2]))
