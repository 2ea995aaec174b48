"""The keyed generator of web table games: a PRF stream (BLAKE2b keyed, counter mode),
deterministic given its key, cloneable and picklable, and named by its seed text."""

from __future__ import annotations

import hashlib
import pickle
import struct

import pytest

from initiative.engine.rng import (
    KEYED,
    KeyedStream,
    SplitMix64,
    derived_seed,
    make_rng,
    new_secret_seed,
    parse_seed,
    rng_from_data,
)

KEY = bytes(range(32))


def test_outputs_are_the_keyed_blake2b_blocks_of_the_counter() -> None:
    # The definition, computed independently: block b is BLAKE2b-512(key, b as 8 LE bytes).
    rng = KeyedStream(KEY)
    expected = []
    for block in range(3):
        digest = hashlib.blake2b(block.to_bytes(8, "little"), key=KEY).digest()
        expected += struct.unpack("<8Q", digest)
    assert [rng.next64() for _ in range(24)] == expected
    assert rng.state == 24


def test_clone_pickle_and_data_continue_the_same_stream_at_any_point() -> None:
    for skip in (0, 1, 7, 8, 13):
        rng = KeyedStream(KEY)
        for _ in range(skip):
            rng.next64()
        copies = [rng.clone(), pickle.loads(pickle.dumps(rng)), rng_from_data(rng.to_data())]
        ahead = [rng.below(1000) for _ in range(30)]
        for copy in copies:
            assert [copy.below(1000) for _ in range(30)] == ahead
    started_late = KeyedStream(KEY, 5)
    fresh = KeyedStream(KEY)
    for _ in range(5):
        fresh.next64()
    assert started_late.next64() == fresh.next64()


def test_a_clone_does_not_move_its_original() -> None:
    rng = KeyedStream(KEY)
    copy = rng.clone()
    copy.next64()
    assert rng.state == 0 and copy.state == 1


def test_secret_seeds_hold_256_fresh_bits_and_name_their_generator() -> None:
    seeds = {new_secret_seed() for _ in range(50)}
    assert len(seeds) == 50
    for seed in seeds:
        prefix, _, hex_key = seed.partition(":")
        assert prefix == KEYED and len(bytes.fromhex(hex_key)) == 32
        assert parse_seed(seed) == seed and isinstance(make_rng(seed), KeyedStream)
    assert isinstance(make_rng(12), SplitMix64)  # a whole number: splitmix64, as ever
    assert make_rng(12).next64() == SplitMix64(12).next64()


@pytest.mark.parametrize("bad", [-1, True, 1.5, "12", f"{KEYED}:abc", f"{KEYED}:" + "G" * 64,
                                 f"other:{'0' * 64}", None, [1]])
def test_parse_seed_refuses_anything_else(bad: object) -> None:
    with pytest.raises(ValueError, match="seed: expected a whole number"):
        parse_seed(bad)


@pytest.mark.parametrize("bad", [-1, 2**64, "x", f"{KEYED}:{'0' * 64}", f"{KEYED}:{'0' * 64}@-1"])
def test_rng_data_refuses_anything_else(bad: object) -> None:
    with pytest.raises(ValueError, match="rng: expected"):
        rng_from_data(bad)


def test_derived_seeds_keep_splitmix_seeds_and_hide_the_key() -> None:
    assert derived_seed(41, 0x55) == 41 ^ 0x55
    seed = f"{KEYED}:{KEY.hex()}"
    one, two = derived_seed(seed, 1), derived_seed(seed, 2)
    assert one != two and 0 <= one < 2**64
    stream = KeyedStream(KEY)
    assert one not in {stream.next64() for _ in range(64)}  # not a draw of the game
    assert derived_seed(seed, 1) == one  # deterministic


def test_draws_are_spread_evenly() -> None:
    rng = KeyedStream(KEY)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.roll(6) - 1] += 1
    assert min(counts) > 850  # each face near 1000
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
