"""The index table of a game whose actions are (kind, argument) pairs, shared by the hex
game and The Initiative: every action built once (interned) in index order, kinds in
their enum order and arguments 0..size-1 within a kind, so an action's index is its
kind's offset plus its argument."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Generic, NamedTuple, TypeVar

K = TypeVar("K")
A = TypeVar("A")


class ActionTable(NamedTuple, Generic[K, A]):
    """`offsets[kind]` (the index of the kind's argument 0), `all` (every action in
    index order: `all[indices[a]] == a`) and `indices`."""

    offsets: dict[K, int]
    all: tuple[A, ...]
    indices: dict[A, int]


def action_table(kinds: Iterable[K], sizes: Mapping[K, int],
                 make: Callable[[K, int], A]) -> ActionTable[K, A]:
    """The table of the actions `make(kind, arg)`, arg in 0..sizes[kind]-1."""
    offsets: dict[K, int] = {}
    actions: list[A] = []
    for kind in kinds:
        offsets[kind] = len(actions)
        actions.extend(make(kind, arg) for arg in range(sizes[kind]))
    return ActionTable(offsets, tuple(actions), {a: i for i, a in enumerate(actions)})
