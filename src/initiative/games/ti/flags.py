"""`TIRules`: one house-rule flag for every unclear point of The Initiative's rules.

Names, values and defaults follow ../shared/OTHER-RULINGS.md section 3b (the TI-A entry
is named beside each flag); the first value of each `Literal` is the recorded default.
Every flag is documented in docs/rules-interpretations.md section 5.5.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from initiative.engine.errors import ConfigError
from initiative.timing.flag_types import flag_problems

PerilTrigger = Literal["deck_empty", "draw_from_empty"]
RegroupEffect = Literal["clear_other_pile", "remove_counter_intel_only"]
TuckLimit = Literal["per_turn", "per_turn_per_enemy"]
AnswerMatch = Literal["exact_case_insensitive", "exact"]


@dataclass(frozen=True, slots=True)
class TIRules:
    """Every house-rule flag of The Initiative, with its recorded default."""

    peril_trigger: PerilTrigger = "deck_empty"  # TI-A1
    regroup_effect: RegroupEffect = "clear_other_pile"  # TI-A2
    regroup_can_target_itself: bool = False  # TI-A2
    forced_pass_outside_peril: bool = True  # TI-A4: False ends the game as a stall
    camera_discards_continue_after_reshuffle: bool = True  # TI-A5
    tuck_limit: TuckLimit = "per_turn"  # TI-A6
    tuck_on_forced_pass: bool = False  # TI-A7
    master_tokens_have_base_trap_effect: bool = True  # TI-A8
    gather_reveal_uses_attempt: bool = True  # TI-A10
    repeat_reshuffle: bool = True  # TI-A13
    stall_is_loss: bool = True  # TI-A14
    answer_match: AnswerMatch = "exact_case_insensitive"  # TI-A16
    characters_per_solo_player: int = 1  # TI-A17: 1 or 2
    locked_door_blocks_adjacency: bool = True  # TI-A23
    solve_proposals_per_turn: int = 1  # TI-A15 reading: counted proposals one turn may make
    refused_proposal_counts: bool = False  # TI-56, TI-A15: a refused one uses up a proposal

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def names() -> tuple[str, ...]:
        return tuple(f.name for f in fields(TIRules))

    def changed(self) -> dict[str, Any]:
        """The flags that differ from the recorded defaults."""
        default = TIRules()
        return {name: getattr(self, name) for name in self.names()
                if getattr(self, name) != getattr(default, name)}


def ti_rules(data: dict[str, Any] | None = None) -> TIRules:
    """Rules from `{flag: value}`; a ConfigError names every unknown flag or bad value."""
    data = dict(data or {})
    problems = flag_problems(TIRules, data)
    if not problems:
        rules = replace(TIRules(), **data)
        problems = _range_problems(rules)
    if problems:
        raise ConfigError("the_initiative rules: " + "; ".join(problems))
    return rules


NUMBER_CHOICES: dict[str, tuple[int, ...]] = {
    "characters_per_solo_player": (1, 2),  # TI-A17
    "solve_proposals_per_turn": (1, 2, 3),  # TI-A15
}
"""The whole numbers each number flag accepts (what `initiative rules` lists)."""


def _range_problems(rules: TIRules) -> list[str]:
    out = []
    for name, choices in NUMBER_CHOICES.items():
        value = getattr(rules, name)
        if value not in choices:
            out.append(f"{name} must be one of {', '.join(map(str, choices))}, got {value}")
    return out
