"""The base of a game's decision-stack frames: small immutable slotted classes with
named fields, so a state clones (sharing frames), pickles and snapshots.

Each kind of frame lists its `__slots__` in field order, `tag` (the kind) first, and
passes the other fields to its `__init__` in that order: repr, equality, hashing and
pickling read them. Slotted classes rather than NamedTuples: a slot is read several
times faster than a NamedTuple field, and the rules read frames on every step."""

from __future__ import annotations


class SlotFrame:
    """Value semantics for the frames: equal when of one kind with equal fields."""

    __slots__: tuple[str, ...] = ()

    def fields(self) -> tuple[object, ...]:
        """The field values in order, `tag` first."""
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SlotFrame) and type(other) is type(self) \
            and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__[1:])
        return f"{type(self).__name__}({values})"

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), self.fields()[1:]
