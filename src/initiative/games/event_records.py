"""Typed reading of a game's event log, shared by the games.

A game records each event on its hot path as a plain int tuple `(code, field, ...)`;
each code has a `typing.NamedTuple` schema whose fields, `code` first, are that tuple's
layout in order. A last field typed `tuple[int, ...]` takes the rest of the tuple (a
list of targets, dice faces, cards). `EventReader` turns a stored tuple into its
schema's record for the readers (sentences, views, statistics); `flat` turns a record
back into the stored tuple.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar, get_args, get_origin, get_type_hints

Event = tuple[int, ...]
"""A stored event: its code, then its fields."""

R = TypeVar("R")
F = TypeVar("F")


class EventReader(Generic[R]):
    """Reads a stored event as the record of its code's schema (`schemas`: code ->
    NamedTuple class). A tuple shorter than its schema raises TypeError, an unknown
    code KeyError; fields past the schema's are left out (a reader reads the fields it
    knows). Tests check that every recorded event has exactly its schema's length."""

    __slots__ = ("_makers",)

    def __init__(self, schemas: Mapping[int, type[R]]) -> None:
        self._makers = {code: _maker(cls) for code, cls in schemas.items()}

    def __call__(self, event: Event) -> R:
        return self._makers[event[0]](event)


def rest_field(schema: type[Any]) -> bool:
    """Whether the schema's last field takes the rest of the tuple (it is typed
    `tuple[int, ...]`)."""
    last = schema._fields[-1]
    return get_origin(get_type_hints(schema)[last]) is tuple


def _maker(schema: type[R]) -> Callable[[Event], R]:
    named: Any = schema
    make: Callable[[Any], R] = named._make
    if not rest_field(schema):
        size = len(named._fields)
        return lambda event: make(event if len(event) == size else event[:size])
    fixed = len(named._fields) - 1
    return lambda event: make((*event[:fixed], event[fixed:]))


def field_at(schemas: Mapping[int, type[Any]], codes: Iterable[int], name: str) -> dict[int, int]:
    """Code -> where field `name` stands in the stored tuple of that code's event, for
    each of `codes`: for a filter that runs over every event of every view (who may see
    it) and reads one field without building the record. A schema without that field is
    a ValueError naming it."""
    found: dict[int, int] = {}
    for code in codes:
        fields: tuple[str, ...] = schemas[code]._fields
        if name not in fields:
            raise ValueError(f"event {schemas[code].__name__} (code {code}) has no field "
                             f"{name!r}")
        found[code] = fields.index(name)
    return found


def flat(record: tuple[Any, ...]) -> Event:
    """The stored tuple of a record: its fields in order, a last tuple field spread."""
    if record and isinstance(record[-1], tuple):
        return (*record[:-1], *record[-1])
    return tuple(record)


def by_group(schemas: Mapping[int, type[Any]], groups: Sequence[tuple[Any, F]]) -> dict[int, F]:
    """Code -> the value paired with the group (a union of schemas, or one schema) its schema is in:
    a reader that handles each group in its own function finds it with one dict lookup
    rather than an isinstance test per group. A code in no group, or in two, is a
    ValueError naming it."""
    found: dict[int, F] = {}
    for code, schema in schemas.items():
        owners = [value for group, value in groups if schema in (get_args(group) or (group,))]
        if len(owners) != 1:
            raise ValueError(f"event {schema.__name__} (code {code}) is in "
                             f"{len(owners)} groups, not 1")
        found[code] = owners[0]
    return found
