"""Rules are law: functions that apply a rule name it (TI-n / TI-An) in their
docstring, so a reader can check the code against the register."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from initiative.games.ti import enemies, flow, solve, specials, traps, turns
from initiative.games.ti.state import TIState

RULE = re.compile(r"\bTI-A?\d+\b")
APPLIERS: dict[str, tuple[Callable[..., Any], tuple[str, ...]]] = {
    "solve.people": (solve.people, ("TI-A17",)),
    "enemies._targets": (enemies._targets, ("TI-42",)),
    "specials.ability": (specials.ability, ("TI-13",)),
    "specials.look": (specials.look, ("TI-13",)),
    "traps.keypad_legal": (traps.keypad_legal, ("TI-32",)),
    "traps.disarm_legal": (traps.disarm_legal, ("TI-33", "TI-35")),
    "turns.first_legal": (turns.first_legal, ("TI-8",)),
    "turns.first_choose": (turns.first_choose, ("TI-8",)),
    "flow.advance": (flow.advance, ("TI-53",)),
    "state.returns": (TIState.returns, ("TI-54",)),
}


@pytest.mark.parametrize("name", list(APPLIERS))
def test_a_function_applying_a_rule_cites_it(name: str) -> None:
    function, rules = APPLIERS[name]
    cited = set(RULE.findall(function.__doc__ or ""))
    assert set(rules) <= cited, f"{name} cites {sorted(cited)}, not {rules}"
