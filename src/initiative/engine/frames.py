"""The base of a game's decision-stack frames: small immutable slotted classes with
named fields, so a state clones (sharing frames), pickles and snapshots.

Each kind of frame lists its fields in `FIELDS`, in order, `tag` (the kind) first, makes
them its `__slots__` (`__slots__ = FIELDS`) and passes the other fields to its `__init__`
in that order: repr, equality, hashing and pickling read them. `FIELDS` rather than
`__slots__` because a class compiled by mypyc has no `__slots__` (setup.py). Slotted
classes rather than NamedTuples: a slot is read several times faster than a NamedTuple
field, and the rules read frames on every step."""

from __future__ import annotations

from typing import ClassVar


class SlotFrame:
    """Value semantics for the frames: equal when of one kind with equal fields."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The field names in order, `tag` first (the subclass's `__slots__`)."""

    def fields(self) -> tuple[object, ...]:
        """The field values in order, `tag` first."""
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SlotFrame) and type(other) is type(self) \
            and self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        values = ", ".join([f"{name}={getattr(self, name)!r}" for name in self.FIELDS[1:]])
        return f"{type(self).__name__}({values})"

    def __reduce__(self) -> tuple[object, ...]:
        return type(self), self.fields()[1:]
