"""Challenge Cards and encounters as data (IB 6.1-6.2, 6.4; content gap C-08).

A Challenge Card (CC) has Initiative, Speed and HP like a Character (IB 6.1.1), a tier
(IB 6.0.1), a d6 action table whose entries each declare their kind (so Seal and Mute
restrict them, IB 5.2.4-5.2.5), and optionally a Break Art, a trigger condition that
replaces the roll, passive abilities (reactions to damage among them), an on-death
effect (IB 6.7.1) and phases: from an HP threshold on, a multi-phase CC uses another
table, trigger and Break Art, may change Speed, and resolves an on-enter effect once
(AMB-82: phases are card text). A clause may `spawn` another CC (IB 6.0.1).

An encounter names the CCs (and Rivals, IB 6.8) a solo or co-op game is played
against, with a difficulty from 1 (easiest) up.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from pydantic import Field, field_validator, model_validator

from initiative.games.ib.clauses import (
    AbilityModel,
    ClauseModel,
    _compile_ability,
    _compile_clause,
    _no_trigger_unit,
    _Strict,
)
from initiative.games.ib.specs import (  # re-exported: the compiled Challenge Cards
    AbilitySpec,
    When,
)
from initiative.games.ib.specs import (
    ChallengeSpec as ChallengeSpec,
)
from initiative.games.ib.specs import (
    EncounterSpec as EncounterSpec,
)
from initiative.games.ib.specs import (
    Move as Move,
)
from initiative.games.ib.specs import (
    Phase as Phase,
)
from initiative.games.ib.statuses import BY_NAME, NAMES

Tier = Literal["aberrant", "construct", "aspect", "icon"]
TIERS: tuple[str, ...] = ("aberrant", "construct", "aspect", "icon")
MoveKind = Literal["basic", "advanced", "break_art", "ability"]
MOVE_KINDS: tuple[str, ...] = ("basic", "advanced", "break_art", "ability")
"""Seal forbids the first three (attacks and Break Arts), Mute the last (IB 5.2.4-5.2.5)."""
Targeting = Literal["lowest_hp", "highest_hp", "most_charge"]
"""Whom a CC's `enemy` clauses pick (IB 6.5.1: lowest HP unless the card says otherwise);
`most_charge` ties go to the lowest HP; then ties always follow IB 6.5.2."""
_FACES = re.compile(r"^([1-6])(?:-([1-6]))?$")


def _cc_clauses(clauses: tuple[ClauseModel, ...], what: str, triggered: bool = False) -> None:
    """A CC draws no cards and summons no Supports (IB 6.4.1); it names no status to
    cleanse (nobody would choose it). Only triggered effects know a `trigger_unit`."""
    if not triggered:
        _no_trigger_unit(clauses, what)
    for i, clause in enumerate(clauses):
        if clause.draw:
            raise ValueError(f"{what}[{i}]: a Challenge Card does not draw cards (IB 6.4.1)")
        if clause.summon is not None:
            raise ValueError(f"{what}[{i}]: a Challenge Card does not summon Supports; "
                             "use spawn")
        if clause.cleanse == "one":
            raise ValueError(f"{what}[{i}]: a Challenge Card cannot choose a status to "
                             "cleanse; name it or use all")
    if clauses and clauses[0].target == "same":
        raise ValueError(f"{what}[0].target: 'same' needs an earlier clause")


def _no_choice(clauses: tuple[ClauseModel, ...], what: str) -> None:
    """Effects that resolve at once (on enter, on death) pick no single target."""
    for i, clause in enumerate(clauses):
        if clause.target in ("enemy", "ally"):
            raise ValueError(f"{what}[{i}].target: {clause.target!r} picks one unit; an "
                             "effect that resolves at once uses all_enemies, all_allies, "
                             "self, same or trigger_unit")


class MoveModel(_Strict):
    """One thing a CC does: an entry of its d6 table, its Break Art or its trigger's
    action. `kind` is what Seal and Mute see."""

    name: str = Field(min_length=1)
    kind: MoveKind = "basic"
    effects: tuple[ClauseModel, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> MoveModel:
        _cc_clauses(self.effects, "effects")
        return self


class TableEntryModel(MoveModel):
    """`roll`: the d6 faces of this entry, "4" or "1-3"."""

    roll: str

    @field_validator("roll")
    @classmethod
    def _faces(cls, value: str) -> str:
        found = _FACES.match(value)
        if not found or (found.group(2) and int(found.group(2)) < int(found.group(1))):
            raise ValueError(f"roll must be a face 1-6 or a range such as 1-3, got {value!r}")
        return value


class WhenModel(_Strict):
    """A trigger condition (IB 6.4.2): every condition given must hold at the start
    of the CC's choice."""

    self_hp_at_most: int | None = Field(None, ge=0, le=99)
    self_has_status: str | None = None
    self_lacks_status: str | None = None
    enemy_hp_at_most: int | None = Field(None, ge=0, le=99)
    alone: bool | None = None
    round_at_least: int | None = Field(None, ge=1, le=99)

    @field_validator("self_has_status", "self_lacks_status")
    @classmethod
    def _known(cls, value: str | None) -> str | None:
        if value is not None and value not in BY_NAME:
            raise ValueError(f"unknown status {value!r} (known: {', '.join(NAMES)})")
        return value

    @model_validator(mode="after")
    def _some(self) -> WhenModel:
        if all(getattr(self, f) is None for f in type(self).model_fields):
            raise ValueError("a trigger condition needs at least one condition")
        return self


class TriggerModel(MoveModel):
    """When `when` holds, this action replaces the d6 roll (IB 6.4.2)."""

    when: WhenModel


class BehaviourModel(_Strict):
    """What a CC does in one phase: its d6 table (every face exactly once), an
    optional trigger and an optional Break Art."""

    actions: tuple[TableEntryModel, ...] = Field(min_length=1, max_length=6)
    trigger: TriggerModel | None = None
    break_art: MoveModel | None = None

    @model_validator(mode="after")
    def _six_faces(self) -> BehaviourModel:
        faces: list[int] = []
        for entry in self.actions:
            faces += _faces(entry.roll)
        missing = [f for f in range(1, 7) if f not in faces]
        twice = sorted({f for f in faces if faces.count(f) > 1})
        if missing or twice:
            raise ValueError("the d6 table must give every face 1-6 exactly once"
                             + (f"; missing {missing}" if missing else "")
                             + (f"; twice {twice}" if twice else ""))
        if self.break_art is not None and self.break_art.kind != "break_art":
            raise ValueError("break_art.kind must be break_art")
        return self


class PhaseModel(BehaviourModel):
    """A later phase: from `at_hp` HP or less on (AMB-82). `on_enter` resolves once,
    as the phase begins; `speed` replaces the card's Speed."""

    name: str = Field(min_length=1)
    at_hp: int = Field(ge=1, le=99)
    speed: int | None = Field(None, ge=1, le=9)
    on_enter: tuple[ClauseModel, ...] = ()

    @model_validator(mode="after")
    def _check(self) -> PhaseModel:
        _cc_clauses(self.on_enter, "on_enter")
        _no_choice(self.on_enter, "on_enter")
        return self


class ChallengeModel(BehaviourModel):
    """A Challenge Card (IB 6.1-6.2)."""

    key: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    tier: Tier
    text: str = ""
    initiative: int = Field(ge=0, le=20)
    speed: int = Field(ge=1, le=9)
    hp: int = Field(ge=1, le=99)
    targeting: Targeting = "lowest_hp"
    targets_supports: bool = False  # IB 6.5.3
    abilities: tuple[AbilityModel, ...] = Field((), max_length=4)
    on_death: tuple[ClauseModel, ...] = ()
    phases: tuple[PhaseModel, ...] = Field((), max_length=3)

    @model_validator(mode="after")
    def _check_phases(self) -> ChallengeModel:
        for ability in self.abilities:
            _cc_clauses(ability.effects, "abilities.effects", triggered=True)
        _cc_clauses(self.on_death, "on_death", triggered=True)
        _no_choice(self.on_death, "on_death")
        last = self.hp
        for i, phase in enumerate(self.phases):
            if phase.at_hp >= last:
                raise ValueError(f"phases[{i}].at_hp: phases begin at falling HP thresholds "
                                 f"below {last}, got {phase.at_hp}")
            last = phase.at_hp
        return self


class EncounterModel(_Strict):
    """A solo/co-op encounter (IB 6.3.3): its CCs (a key may repeat) and Rivals
    (Character keys, IB 6.8)."""

    key: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    difficulty: int = Field(1, ge=1, le=9)
    text: str = ""
    challengers: tuple[str, ...] = ()
    rivals: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _someone(self) -> EncounterModel:
        if not self.challengers and not self.rivals:
            raise ValueError("an encounter needs at least one Challenge Card or Rival")
        return self


def _faces(roll: str) -> list[int]:
    found = _FACES.match(roll)
    assert found is not None  # validated
    low = int(found.group(1))
    return list(range(low, int(found.group(2) or low) + 1))


def _compile_phase(model: BehaviourModel, moves: list[Move], name: str, at_hp: int,
                   speed: int, on_enter: tuple[ClauseModel, ...] = ()) -> Phase:
    def add(entry: MoveModel) -> int:
        moves.append(Move(entry.name, entry.kind, tuple(_compile_clause(c)
                                                         for c in entry.effects)))
        return len(moves) - 1

    table = [0] * 6
    for entry in model.actions:
        index = add(entry)
        for face in _faces(entry.roll):
            table[face - 1] = index
    when = None
    trigger = -1
    if model.trigger is not None:
        w = model.trigger.when
        when = When(w.self_hp_at_most,
                    BY_NAME[w.self_has_status] if w.self_has_status else None,
                    BY_NAME[w.self_lacks_status] if w.self_lacks_status else None,
                    w.enemy_hp_at_most, w.alone, w.round_at_least)
        trigger = add(model.trigger)
    break_art = add(model.break_art) if model.break_art is not None else -1
    return Phase(name, at_hp, speed, tuple(table), trigger, when, break_art,
                 tuple(_compile_clause(c) for c in on_enter))


def compile_challenge(model: ChallengeModel) -> ChallengeSpec:
    moves: list[Move] = []
    phases = [_compile_phase(model, moves, model.name, model.hp, model.speed)]
    for phase in model.phases:
        phases.append(_compile_phase(phase, moves, phase.name, phase.at_hp,
                                     phase.speed or model.speed, phase.on_enter))
    abilities = tuple(_compile_ability(a) for a in model.abilities)
    if model.on_death:  # IB 6.7.1: "on death" is its own defeat
        abilities += (AbilitySpec("defeat", "self", "none",
                                  tuple(_compile_clause(c) for c in model.on_death)),)
    return ChallengeSpec(model.key, model.name, model.tier, model.text, model.initiative,
                         model.speed, model.hp, model.targeting, model.targets_supports,
                         abilities, tuple(moves), tuple(phases))


def challenge_clause_groups(model: ChallengeModel
                            ) -> Iterator[tuple[str, tuple[ClauseModel, ...]]]:
    """Every clause list of a CC with where it sits."""
    at = f"challenge {model.key!r}, field "
    behaviours: list[tuple[str, BehaviourModel]] = [("", model)]
    behaviours += [(f"phases[{i}].", p) for i, p in enumerate(model.phases)]
    for prefix, b in behaviours:
        for i, entry in enumerate(b.actions):
            yield f"{at}{prefix}actions[{i}].effects", entry.effects
        if b.trigger is not None:
            yield f"{at}{prefix}trigger.effects", b.trigger.effects
        if b.break_art is not None:
            yield f"{at}{prefix}break_art.effects", b.break_art.effects
        if isinstance(b, PhaseModel) and b.on_enter:
            yield f"{at}{prefix}on_enter", b.on_enter
    for n, ability in enumerate(model.abilities):
        yield f"{at}abilities[{n}].effects", ability.effects
    if model.on_death:
        yield f"{at}on_death", model.on_death
