"""The escape hatch: effects a card needs that the clause vocabulary cannot say.

A clause names a registered function with `call: NAME`; it runs after the clause's
other effects, once per target, as `function(state, controller, target)`. Register one
with `@script("name")` in a module imported before the content is loaded (this module
registers the shipped ones). A script must be deterministic (draw randomness only from
`state.rng`), may ask no choices, and changes the state only through the same helpers
the rules use, so the log and views stay right.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from initiative.games.ib import events
from initiative.games.ib.charge import gain_charge

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState

Script = Callable[["IBState", int, int], None]
REGISTRY: dict[str, Script] = {}


def script(name: str) -> Callable[[Script], Script]:
    """Register `function` under `name` (a name can be registered once)."""

    def register(function: Script) -> Script:
        if name in REGISTRY and REGISTRY[name] is not function:
            raise ValueError(f"a script named {name!r} is already registered")
        REGISTRY[name] = function
        return function

    return register


@script("siphon_charge")
def siphon_charge(state: IBState, controller: int, target: int) -> None:
    """Take 1 Charge from the target, if it has any, and give it to the controller
    (capped at 3, IB 3.7.3): a transfer the clause vocabulary cannot express, since
    the gain depends on what the target had."""
    charge = state.charge
    if target == controller or charge[target] == 0:
        return
    charge[target] -= 1
    if state.wants(events.CHARGE):
        state.emit((events.CHARGE, target, -1, charge[target]))
    gain_charge(state, controller, 1)
