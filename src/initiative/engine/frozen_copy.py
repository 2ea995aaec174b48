"""Copying and pickling the compiled build's frozen dataclasses.

mypyc compiles a frozen dataclass into a native class whose pickle support restores
fields by `setattr`, which the frozen class refuses: on the compiled build an action, a
frame or a whole state would not pickle or `copy.deepcopy`. `register_compiled()`
(called by each game's constructor) gives every frozen dataclass of the compiled
`initiative` modules loaded so far a `copyreg` reducer that rebuilds it through its
constructor. Pure Python needs none of this (its frozen dataclasses pickle as they
are), and there it finds no compiled module.
"""

from __future__ import annotations

import copyreg
import dataclasses
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

_SCANNED: set[str] = set()
"""The compiled modules whose classes are registered already."""


def register_compiled() -> int:
    """Register a reducer for each frozen dataclass of each compiled `initiative`
    module loaded and not yet seen; how many classes were registered."""
    count = 0
    for name, module in list(sys.modules.items()):
        if name in _SCANNED or not name.startswith("initiative."):
            continue
        if not (getattr(module, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES)):
            continue
        _SCANNED.add(name)
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == name and _is_frozen(value):
                copyreg.pickle(value, _reduce)
                count += 1
    return count


def _is_frozen(cls: type) -> bool:
    params = getattr(cls, "__dataclass_params__", None)
    return bool(getattr(params, "frozen", False))


def _reduce(obj: Any) -> tuple[Any, ...]:
    """How to rebuild `obj`: its class and the values of its constructor's fields (a
    field outside the constructor is derived by `__post_init__`, so it is derived again,
    not copied: a compiled helper object there, such as the hex game's grid, need not
    pickle)."""
    cls = type(obj)
    return rebuild, (cls, tuple(getattr(obj, f.name) for f in dataclasses.fields(cls)
                                if f.init))


def rebuild(cls: type, values: tuple[Any, ...]) -> Any:
    """A frozen dataclass from the values of its constructor's fields (`_reduce`'s)."""
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    return cls(**dict(zip(names, values, strict=True)))
