"""A web table game's chance comes from a 256-bit secret kept in the store only
(issue 16, item 6): a keyed generator (engine/rng.py) that replays bit for bit after the
table is reopened, whose key no page, frame or view carries, and whose record (with the
key) is given only once the game is over."""

from __future__ import annotations

import pickle
import random
from contextlib import ExitStack
from pathlib import Path

import pytest

from initiative.engine.contract import SPECTATOR
from initiative.engine.rng import KEYED, KeyedStream, SplitMix64
from initiative.games.ib.determinize import determinize
from initiative.games.ib.notation import canonical_json, dump_position, load_position
from initiative.games.ib.public import public_description
from initiative.games.ib.record import GameRecord, position_hash, replay
from initiative.server.table import Table, TableError
from initiative.store import Store
from tests.server.support import commit, content, duel, new_table, store_at
from tests.server.test_app import create, join, running


def secret_table(store: Store) -> tuple[Table, list[str | None], str | None]:
    return new_table(store, duel())


def play_random(store: Store, table: Table, rng: random.Random, turns: int | None) -> None:
    """Random legal turns (all of them if `turns` is None), stored as the hub stores."""
    while not table.finished and (turns is None or turns > 0):
        seat = table.state.current_seat()
        action = rng.choice(table.state.legal_actions())
        commit(store, table, table.check_act(seat, [action]))
        turns = None if turns is None else turns - 1


def key_of(table: Table) -> str:
    assert isinstance(table.seed, str)
    return table.seed.partition(":")[2]


def test_a_table_gets_a_fresh_256_bit_key_and_the_keyed_generator(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    first, _, _ = secret_table(store)
    second, _, _ = secret_table(store)
    assert isinstance(first.seed, str) and first.seed.startswith(f"{KEYED}:")
    assert len(bytes.fromhex(key_of(first))) == 32 and first.seed != second.seed
    assert isinstance(first.state.rng, KeyedStream)
    assert store.load(first.id).snapshot["seed"] == first.seed  # kept in the store


def test_a_reopened_table_replays_its_keyed_game_bit_for_bit(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    table, _, _ = secret_table(store)
    play_random(store, table, random.Random(5), 40)
    store.close()
    fresh = store_at(tmp_path)  # as after the process was killed: only the file is left
    reopened = Table.open(fresh, table.id)
    assert canonical_json(reopened.state) == canonical_json(table.state)
    assert reopened.state.rng.to_data() == table.state.rng.to_data()
    rng_a, rng_b = random.Random(9), random.Random(9)
    for live in (table, reopened):  # both go on identically
        rng = rng_a if live is table else rng_b
        for _ in range(30):
            if live.finished:
                break
            action = rng.choice(live.state.legal_actions())
            live.apply(live.check_act(live.state.current_seat(), [action]))
    assert canonical_json(reopened.state) == canonical_json(table.state)


def test_views_and_determinized_copies_hold_nothing_of_the_key(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    table, _, _ = secret_table(store)
    play_random(store, table, random.Random(2), 25)
    key = bytes.fromhex(key_of(table))
    for seat in (0, 1, SPECTATOR):
        view = table.state.view(seat)
        dumped = pickle.dumps(view)
        assert key not in dumped and key.hex().encode() not in dumped
        world = determinize(public_description(table.game.match), view, SplitMix64(seat + 7))
        assert isinstance(world.rng, SplitMix64)  # reseeded: search never sees the key
    for seat in (0, 1):
        draft = table.draft(seat)
        assert not isinstance(draft.state.rng, KeyedStream)


def test_no_page_or_frame_carries_the_key(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create(client, seed=None)
        table = client.app.state.hub.runtimes[made["id"]].table  # type: ignore[attr-defined]
        key = key_of(table)
        texts = [client.get("/").text, client.get("/api/tables").text,
                 client.get(f"/t/{made['id']}?k={made['spectator']}").text]
        with ExitStack() as stack:
            north = join(stack, client, made["id"], made["seats"][0])
            south = join(stack, client, made["id"], made["seats"][1], present=(north,),
                         fmt="html")
            texts += [repr(f) for f in north.frames + south.frames]
        texts += [client.get(f"/t/{made['id']}?k={t}").text for t in made["seats"]]
        assert all(key not in text and table.seed not in text for text in texts)


def finished_and_open(tmp_path: Path) -> tuple[Table, list[str | None], Table,
                                               list[str | None]]:
    """A finished keyed game and an unfinished one, stored in t.db."""
    store = store_at(tmp_path)
    done, done_tokens, _ = secret_table(store)
    play_random(store, done, random.Random(3), None)
    going, going_tokens, _ = secret_table(store)
    play_random(store, going, random.Random(4), 10)
    store.close()
    return done, done_tokens, going, going_tokens


def test_the_record_is_given_once_the_game_is_over_and_replays(tmp_path: Path) -> None:
    done, done_tokens, going, going_tokens = finished_and_open(tmp_path)
    assert done.finished and not going.finished
    with running(tmp_path) as client:
        early = client.get(f"/t/{going.id}/record?k={going_tokens[0]}")
        assert early.status_code == 409 and key_of(going) not in early.text
        assert client.get(f"/t/{done.id}/record?k=wrong").status_code == 403
        answer = client.get(f"/t/{done.id}/record?k={done_tokens[1]}")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"].startswith("attachment")
    record = GameRecord.from_json(answer.text, content())
    assert record.seed == done.seed  # the record names the keyed generator and its key
    state = replay(record, content())
    assert position_hash(state) == position_hash(done.state)
    assert record.actions and len(record.actions) == len(done.actions)


def test_the_record_method_refuses_an_unfinished_game(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    table, _, _ = secret_table(store)
    with pytest.raises(TableError, match="when the game is over"):
        table.record()


def test_a_chosen_seed_keeps_the_fast_generator(tmp_path: Path) -> None:
    """Tables created with a seed (tests, puzzles: docs/web.md) play splitmix64, as
    before, so their games are what they always were."""
    with running(tmp_path) as client:
        made = create(client, seed=11)
        table = client.app.state.hub.runtimes[made["id"]].table  # type: ignore[attr-defined]
        assert table.seed == 11 and isinstance(table.state.rng, SplitMix64)


def test_a_keyed_position_round_trips_and_goes_on_identically(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    table, _, _ = secret_table(store)
    play_random(store, table, random.Random(8), 30)
    loaded = load_position(dump_position(table.state), content())
    assert isinstance(loaded.rng, KeyedStream)
    assert loaded.rng.to_data() == table.state.rng.to_data()
    original = table.state.clone()
    rng_a, rng_b = random.Random(1), random.Random(1)
    for state, rng in ((original, rng_a), (loaded, rng_b)):
        for _ in range(40):
            if state.result is not None:
                break
            state.apply(rng.choice(state.legal_actions()))
    assert canonical_json(loaded) == canonical_json(original)


def test_the_api_takes_a_keyed_seed_text(tmp_path: Path) -> None:
    """Scripts (the load test) may give a keyed seed, to play the web games' generator
    deterministically."""
    seed = f"{KEYED}:{'ab' * 32}"
    with running(tmp_path) as client:
        made = create(client, seed=seed)  # type: ignore[arg-type]
        table = client.app.state.hub.runtimes[made["id"]].table  # type: ignore[attr-defined]
        assert table.seed == seed and isinstance(table.state.rng, KeyedStream)
        bad = client.post("/api/tables", json={"mode": "1v1", "seed": f"{KEYED}:xyz"})
        assert bad.status_code == 400 and bad.json()["error"].startswith("seed: expected")
