"""Checks the position tests of the hex game and The Initiative share
(tests/hex/test_notation.py, tests/ti/test_ti_notation.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from initiative.engine.errors import NotationError
from initiative.engine.rng import SplitMix64
from initiative.engine.stack_state import StackState

Change = Callable[[dict[str, Any]], Any]


def notation_doc_part(start: str, end: str | None = None) -> tuple[str, str]:
    """docs/notation.md from heading `start` (to heading `end`): the part and its first
    JSON example."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "notation.md").read_text("utf-8")
    part = doc[doc.index(start):doc.index(end) if end else None]
    return part, re.findall(r"```json\n(.*?)```", part, flags=re.DOTALL)[0]


def check_shown_errors(part: str, bad: Sequence[tuple[Change, str]],
                       fresh: Callable[[], dict[str, Any]],
                       load_position: Callable[[dict[str, Any]], Any], at_least: int) -> None:
    """Every error the docs part shows (`- \\`position....\\``, `...` for the parts left
    out) is one that a bad position of `bad` produces."""
    produced = []
    for change, _ in bad:
        data = fresh()
        change(data)
        with pytest.raises(NotationError) as caught:
            load_position(data)
        produced.append(str(caught.value))
    shown = re.findall(r"^- `(position\..*)`$", part, flags=re.MULTILINE)
    assert len(shown) >= at_least
    for line in shown:
        parts = line.split("...")
        assert any(all(p in message for p in parts) for message in produced), line


def check_state_fields(state_class: type[StackState[Any, Any, Any]], written: set[str]
                       ) -> None:
    """Every field of the state is written in a position, or deliberately not: the
    setup's rules, what happened (log, history) and the legal-action cache."""
    left_out = {"rules",  # the setup's
                "log", "log_len", "_hist", "_hist_len",  # what happened, not the situation
                "log_kept", "log_keep",  # whether the log is kept, and what of it
                "_legal", "_legal_seat"}  # a cache
    assert {*state_class.__slots__, *StackState.__slots__} == written | left_out


Stepper = Callable[[Any, SplitMix64], None]


def same_future(a: Any, b: Any, seed: int, steps: int, step: Stepper,
                position_of: Callable[[Any], dict[str, Any]]) -> None:
    """Both states take the same random steps and stay the same position."""
    rng_a, rng_b = SplitMix64(seed), SplitMix64(seed)
    for _ in range(steps):
        assert a.current_seat() == b.current_seat()
        assert a.legal_actions() == b.legal_actions()
        assert a.chance_outcomes() == b.chance_outcomes()
        if a.is_terminal():
            break
        step(a, rng_a)
        step(b, rng_b)
        assert position_of(a) == position_of(b)


def round_trip(state: Any, explicit: bool, load_position: Callable[..., Any],
               position_of: Callable[[Any], dict[str, Any]]) -> Any:
    """`state`'s position is plain JSON data and loads back to itself; the loaded state."""
    data = position_of(state)
    assert json.loads(json.dumps(data)) == data, "a position is plain JSON data"
    loaded = load_position(data, explicit_chance=explicit)
    assert position_of(loaded) == data
    return loaded


def check_forced_play_on(state: Any, rng: SplitMix64, load_position: Callable[..., Any],
                         position_of: Callable[[Any], dict[str, Any]], step: Stepper,
                         check_invariants: Callable[[Any], None]) -> None:
    """A sampled position loads with explicit chance (the same but its `rng`) and plays
    on, keeping the invariants."""
    forced = load_position(position_of(state), explicit_chance=True)
    data, again = position_of(forced), position_of(state)
    assert data["rng"] == "explicit" and {**data, "rng": again["rng"]} == again
    for _ in range(300):
        if forced.is_terminal():
            break
        check_invariants(forced)
        step(forced, rng)


DELETE = object()
"""The value of `set_at` that deletes the key."""


def set_at(path: str, value: Any) -> Change:
    """A change to a position: set the field at the dotted `path` (list items by
    number) to `value`, or delete it (DELETE)."""
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        elif value is DELETE:
            del node[last]
        else:
            node[last] = value
    return change
