"""The effect vocabulary shared by every kind of content (IB 3.8, 5): clauses, their
conditions, and passive abilities, as YAML schema (pydantic) and compiled specs.

A clause picks its targets (`target`) and then deals damage, heals, cleanses, applies
statuses, moves units, changes Charge and so on (effects.py says in which order).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from initiative.games.ib import scripts, statuses
from initiative.games.ib.specs import (  # re-exported: the compiled vocabulary
    CHOSEN_TARGETS,
    CLEANSE_ALL,
    CLEANSE_NONE,
    CLEANSE_ONE,
    AbilitySpec,
    Clause,
    Condition,
)

TargetKind = Literal["enemy", "all_enemies", "self", "ally", "all_allies", "same",
                     "trigger_unit"]
TRIGGERS: tuple[str, ...] = (
    "play", "install", "start_of_activation", "end_of_activation", "damage_dealt",
    "damage_taken", "defeat", "round_end", "time_collapse")
"""When a triggered ability fires (abilities.py)."""
Trigger = Literal["play", "install", "start_of_activation", "end_of_activation",
                  "damage_dealt", "damage_taken", "defeat", "round_end", "time_collapse"]
Limit = Literal["none", "once_per_activation", "once_per_round", "once_per_game"]
Whose = Literal["self", "ally", "enemy", "any"]

class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ConditionModel(_Strict):
    """`only_if`: the clause affects only the targets that meet every condition given."""

    has_status: str | None = None
    lacks_status: str | None = None
    hp_at_most: int | None = Field(None, ge=0, le=99)
    support: bool | None = None

    @field_validator("has_status", "lacks_status")
    @classmethod
    def _known_status(cls, value: str | None) -> str | None:
        if value is not None and value not in statuses.BY_NAME:
            raise ValueError(f"unknown status {value!r} (known: {', '.join(statuses.NAMES)})")
        return value


class ClauseModel(_Strict):
    """One clause of an effect; `target` first, then what happens to each target."""

    target: TargetKind
    only_if: ConditionModel | None = None
    damage: int = Field(0, ge=0, le=99)
    heal: int = Field(0, ge=0, le=99)
    apply: tuple[str, ...] = ()
    cleanse: Literal["none", "one", "all"] | str = "none"
    move_up: int = Field(0, ge=0, le=9)
    move_back: int = Field(0, ge=0, le=9)
    charge: int = Field(0, ge=-3, le=3)
    draw: int = Field(0, ge=0, le=5)
    discard: int = Field(0, ge=0, le=5)
    remove_sigils: int = Field(0, ge=0, le=2)
    summon: str | None = Field(None, pattern=r"^[a-z][a-z0-9_]*$")
    spawn: str | None = Field(None, pattern=r"^[a-z][a-z0-9_]*$")  # a CC (IB 6.0.1)
    call: str | None = None

    @field_validator("call")
    @classmethod
    def _registered(cls, value: str | None) -> str | None:
        if value is not None and value not in scripts.REGISTRY:
            raise ValueError(f"no registered function {value!r} (registered: "
                             f"{', '.join(sorted(scripts.REGISTRY))})")
        return value

    @field_validator("apply")
    @classmethod
    def _known_statuses(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for name in value:
            if name not in statuses.BY_NAME:
                raise ValueError(f"unknown status {name!r} (known: {', '.join(statuses.NAMES)})")
        return value

    @field_validator("cleanse")
    @classmethod
    def _known_cleanse(cls, value: str) -> str:
        if value not in ("none", "one", "all") and value not in statuses.BY_NAME:
            raise ValueError(
                f"cleanse must be none, one, all or a status name, got {value!r}"
            )
        return value



class StaticModel(_Strict):
    """A static modifier (always on while its owner is in play): damage dealt by, or
    taken by, the units in `scope` changes by the amount (abilities.py). A reduction
    never takes a hit below `floor` (a hit already at or below it is left as it is)."""

    scope: Literal["self", "allies", "enemies"] = "self"
    damage_dealt: int = Field(0, ge=-5, le=5)
    damage_taken: int = Field(0, ge=-5, le=5)
    floor: int = Field(0, ge=0, le=5)

    @model_validator(mode="after")
    def _does_something(self) -> StaticModel:
        if not (self.damage_dealt or self.damage_taken):
            raise ValueError("a static modifier needs damage_dealt or damage_taken")
        return self


class AbilityModel(_Strict):
    """A passive ability: triggered (`trigger` + `effects`) or a `static` modifier.

    `whose` says whose event fires it (the owner itself, any ally, any enemy, anyone);
    `limit` caps its uses. Triggered effects ask no choices: their targets are `self`,
    `all_allies`, `all_enemies`, `trigger_unit` (the other unit of the event) or
    `same`, and an unnamed Cleanse is not allowed."""

    trigger: Trigger | None = None
    whose: Whose = "self"
    limit: Limit = "none"
    effects: tuple[ClauseModel, ...] = ()
    static: StaticModel | None = None

    @model_validator(mode="after")
    def _shape(self) -> AbilityModel:
        if (self.trigger is None) == (self.static is None):
            raise ValueError("an ability has either a trigger (with effects) or a static")
        if self.static is not None and (self.effects or self.limit != "none"):
            raise ValueError("a static ability has no effects and no limit")
        if self.trigger is not None and not self.effects:
            raise ValueError("a triggered ability needs at least one effect")
        for i, clause in enumerate(self.effects):
            if clause.target in CHOSEN_TARGETS:
                raise ValueError(f"effects[{i}]: a passive cannot ask for a target "
                                 f"({clause.target!r}); use self, all_allies, all_enemies "
                                 "or trigger_unit")
            if clause.cleanse == "one":
                raise ValueError(f"effects[{i}]: a passive cannot ask which status to cleanse")
        if self.effects and self.effects[0].target == "same":
            raise ValueError("effects[0].target: 'same' needs an earlier effect")
        return self


def _no_trigger_unit(clauses: tuple[ClauseModel, ...], what: str) -> None:
    for i, clause in enumerate(clauses):
        if clause.target == "trigger_unit":
            raise ValueError(f"{what}[{i}].target: trigger_unit is only for triggered "
                             "abilities")



def _compile_clause(model: ClauseModel) -> Clause:
    if model.cleanse == "none":
        cleanse = CLEANSE_NONE
    elif model.cleanse == "one":
        cleanse = CLEANSE_ONE
    elif model.cleanse == "all":
        cleanse = CLEANSE_ALL
    else:
        cleanse = statuses.BY_NAME[model.cleanse]
    condition = model.only_if
    rare = bool(model.discard or model.remove_sigils or model.summon or model.spawn
                or model.call)
    return Clause(
        target=model.target,
        damage=model.damage,
        heal=model.heal,
        apply=tuple(statuses.BY_NAME[s] for s in model.apply),
        cleanse=cleanse,
        move_up=model.move_up,
        move_back=model.move_back,
        charge=model.charge,
        draw=model.draw,
        discard=model.discard,
        remove_sigils=model.remove_sigils,
        summon=model.summon or "",
        call=model.call or "",
        only_if=Condition(**condition.model_dump()) if condition is not None else None,
        rare=rare,
        spawn=model.spawn or "",
        rest=bool(cleanse not in (CLEANSE_NONE, CLEANSE_ONE) or model.apply or model.move_up
                  or model.move_back or model.charge or model.draw or rare),
    )


def _compile_ability(model: AbilityModel) -> AbilitySpec:
    static = model.static
    return AbilitySpec(
        trigger=model.trigger or "",
        whose=model.whose,
        limit=model.limit,
        effects=tuple(_compile_clause(c) for c in model.effects),
        scope=static.scope if static else "self",
        damage_dealt=static.damage_dealt if static else 0,
        damage_taken=static.damage_taken if static else 0,
        floor=static.floor if static else 0,
    )
