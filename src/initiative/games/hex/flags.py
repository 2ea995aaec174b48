"""`HexRules`: one house-rule flag for every unclear point of the skirmish rules.

Names, values and defaults follow ../shared/OTHER-RULINGS.md section 4b (the HX-A entry
is named beside each flag); the first value of each `Literal` is the recorded default.
Every flag is documented in docs/rules-interpretations.md section 5.4.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal

from initiative.engine.errors import ConfigError
from initiative.timing.flag_types import flag_problems

InitiativeReveal = Literal["all_at_start", "one_per_turn"]
PowerDown = Literal["lose_1_floor_0", "cost_1_required"]
Victory = Literal["last_standing", "most_power_after_rounds"]
DamageTiming = Literal["after_reactions", "after_each_reaction"]
DisplaceLimit = Literal["unlimited", "one"]
PushDirection = Literal["any_adjacent", "away_from_attacker"]
BarrageDice = Literal["per_target", "shared_roll"]
BehindCheck = Literal["declaration", "reaction"]
StallEnd = Literal["no_playable_card", "idle_round"]


@dataclass(frozen=True, slots=True)
class HexRules:
    """Every house-rule flag of the skirmish game, with its recorded default."""

    initiative_reveal: InitiativeReveal = "all_at_start"  # HX-A1
    power_up_effect: Literal["gain_1"] = "gain_1"  # HX-A3
    power_down_effect: PowerDown = "lose_1_floor_0"  # HX-A3
    special_turn_cost: int = 0  # HX-A4: Power tokens the special turn spends
    power_tokens_reset_each_round: bool = False  # HX-A4
    starting_health: int = 5  # HX-A5
    damage_per_hit: int = 1  # HX-A5
    victory: Victory = "last_standing"  # HX-A5
    round_limit: int | None = None  # HX-A5: rounds before the game ends (None: no limit)
    stall_end: StallEnd = "no_playable_card"  # HX-A5 (ours), HX-15: a round nobody plays
    damage_timing: DamageTiming = "after_reactions"  # HX-A6
    move_exact: bool = True  # HX-A7: False moves up to N hexes
    move_any_direction: bool = True  # HX-A7: False steps only into the three front hexes
    board_edge_is_wall: bool = True  # HX-A8: False lets a push or displace ring a unit out
    displace_limit_per_move: DisplaceLimit = "unlimited"  # HX-A9
    push_direction: PushDirection = "any_adjacent"  # HX-A10
    push_requires_hit: bool = False  # HX-A10
    fumble_requires_hit: bool = False  # HX-A11
    barrage_dice: BarrageDice = "per_target"  # HX-A12
    behind_check_time: BehindCheck = "declaration"  # HX-A13
    walls_block_attacks: bool = False  # HX-A16
    allow_voluntary_pass: bool = False  # HX-A17
    die_sides: int = 6  # HX-A18

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def names() -> tuple[str, ...]:
        return tuple(f.name for f in fields(HexRules))

    def changed(self) -> dict[str, Any]:
        """The flags that differ from the recorded defaults."""
        default = HexRules()
        return {name: getattr(self, name) for name in self.names()
                if getattr(self, name) != getattr(default, name)}


def hex_rules(data: dict[str, Any] | None = None) -> HexRules:
    """Rules from `{flag: value}`; a ConfigError names every unknown flag or bad value."""
    data = dict(data or {})
    problems = flag_problems(HexRules, data)
    if not problems:
        rules = replace(HexRules(), **data)
        problems = _range_problems(rules)
    if problems:
        raise ConfigError("hex_skirmish rules: " + "; ".join(problems))
    return rules


def _range_problems(rules: HexRules) -> list[str]:
    out = []
    if rules.starting_health < 1:
        out.append(f"starting_health must be at least 1, got {rules.starting_health}")
    if rules.damage_per_hit < 0:
        out.append(f"damage_per_hit must be at least 0, got {rules.damage_per_hit}")
    if rules.special_turn_cost < 0:
        out.append(f"special_turn_cost must be at least 0, got {rules.special_turn_cost}")
    if rules.round_limit is not None and rules.round_limit < 1:
        out.append(f"round_limit must be at least 1 or null, got {rules.round_limit}")
    if rules.die_sides < 4:
        out.append(f"die_sides must be at least 4 (hits need 3+ or 4+), got {rules.die_sides}")
    if rules.victory == "most_power_after_rounds" and rules.round_limit is None:
        out.append("victory most_power_after_rounds needs a round_limit")
    return out
