"""Group commit: `Store.append_many` stores a batch in one transaction, and a refused
item (a wrong seq: ConflictError) never loses the other items of its batch."""

from __future__ import annotations

from pathlib import Path

from initiative.store import Append, ConflictError, Store, StoreError


def test_a_batch_is_stored_in_order(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'b.db'}") as store:
        a = store.create("table", "a", {"n": 0})
        b = store.create("table", "b", {"n": 0})
        results = store.append_many([Append(a, 1, {"e": 1}), Append(b, 1, {"e": 2}),
                                     Append(a, 2, {"e": 3}, status="finished",
                                            summary={"done": True})])
        assert results == [None, None, None]
        assert store.events(a) == [(1, {"e": 1}), (2, {"e": 3})]
        assert store.events(b) == [(1, {"e": 2})]
        info = store.info(a)
        assert (info.head, info.status, info.summary) == (2, "finished", {"done": True})


def test_a_refused_item_does_not_lose_its_neighbours(tmp_path: Path) -> None:
    with Store(f"sqlite:///{tmp_path / 'c.db'}") as store:
        a = store.create("table", "a", {"n": 0})
        b = store.create("table", "b", {"n": 0})
        results = store.append_many([Append(a, 1, {"e": 1}), Append(b, 5, {"e": 2}),
                                     Append(b, 1, {"e": 3}), Append(a, 2, {"bad": {1, 2}})])
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], ConflictError) and "the next seq is 1" in str(results[1])
        assert isinstance(results[3], StoreError) and "not JSON" in str(results[3])
        assert store.events(a) == [(1, {"e": 1})]
        assert store.events(b) == [(1, {"e": 3})]
