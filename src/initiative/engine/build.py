"""Which build of the rules core is running (issue 27): `compiled` when mypyc compiled
it into extension modules at install time (setup.py), `pure` for the pure-Python twin
(an editable install, `INITIATIVE_PURE=1`, or no C compiler). Both play the same games."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from initiative.engine import stack_state


def build_kind() -> str:
    """`compiled` or `pure`: whether the engine's stack state is an extension module."""
    where = stack_state.__file__ or ""
    return "compiled" if where.endswith(tuple(EXTENSION_SUFFIXES)) else "pure"
