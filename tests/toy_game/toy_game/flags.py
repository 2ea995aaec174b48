"""Lantern race's house rules: `ToyRules`, one flag for every point a table may play
differently, each with its note (`NOTES`: the rule it reads and what its values do).
The rules themselves are TOY-1 to TOY-9 in `state.py`; a flag's rule id is TOY-An."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from initiative.engine.errors import ConfigError
from initiative.timing.flag_types import flag_problems

Overshoot = Literal["bounce", "win"]
DIE_SIDES = (4, 6, 8)
"""The dice a table may roll (TOY-A2)."""


@dataclass(frozen=True, slots=True)
class ToyRules:
    """Every house-rule flag of Lantern race, with its default."""

    goal: int = 20  # TOY-A1
    die_sides: int = 6  # TOY-A2
    stumble: int = 2  # TOY-A3
    overshoot: Overshoot = "bounce"  # TOY-A4
    round_limit: int | None = 30  # TOY-A5
    gusts: bool = True  # TOY-A6

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def names() -> tuple[str, ...]:
        return tuple(f.name for f in fields(ToyRules))

    def changed(self) -> dict[str, Any]:
        """The flags that differ from the defaults."""
        default = ToyRules()
        return {name: getattr(self, name) for name in self.names()
                if getattr(self, name) != getattr(default, name)}


NOTES: dict[str, tuple[str, str]] = {
    "goal": ("TOY-A1", "steps from the start to the end of the path (5 to 99)"),
    "die_sides": ("TOY-A2", "the faces of the die a roll throws"),
    "stumble": ("TOY-A3", "steps a lantern falls back when its roll shows 1 (0 to 9)"),
    "overshoot": ("TOY-A4", "bounce: a move past the end comes back by the steps too "
                            "many; win: passing the end wins too"),
    "round_limit": ("TOY-A5", "rounds before the lantern furthest along wins (none: "
                              "play until one reaches the end)"),
    "gusts": ("TOY-A6", "false takes the gust cards out of the deck"),
}
"""Every flag's rule id and what its values do (`initiative rules --game toy`, the
web form and the how-to-play page)."""


def toy_rules(data: dict[str, Any] | None = None) -> ToyRules:
    """Rules from `{flag: value}`; ConfigError names every unknown flag or bad value."""
    data = dict(data or {})
    problems = flag_problems(ToyRules, data)
    if not problems:
        rules = replace(ToyRules(), **data)
        problems = _range_problems(rules)
    if problems:
        raise ConfigError("toy rules: " + "; ".join(problems))
    return rules


def _range_problems(rules: ToyRules) -> list[str]:
    problems = []
    if not 5 <= rules.goal <= 99:
        problems.append(f"goal must be 5 to 99, got {rules.goal}")
    if rules.die_sides not in DIE_SIDES:
        problems.append(f"die_sides must be one of {', '.join(map(str, DIE_SIDES))}, got "
                        f"{rules.die_sides}")
    if not 0 <= rules.stumble <= 9:
        problems.append(f"stumble must be 0 to 9, got {rules.stumble}")
    if rules.round_limit is not None and not 1 <= rules.round_limit <= 999:
        problems.append(f"round_limit must be 1 to 999 or none, got {rules.round_limit}")
    return problems
