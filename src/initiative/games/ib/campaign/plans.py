"""Campaign content (IB 7.9-7.11): the two 2d6 battle-modifier tables, story campaigns
and the suggested difficulty curve of generic campaigns, read from
`data/campaigns.yaml` (our own design: the rules print neither table nor story,
content gaps C-10 and C-11).

A modifier acts only through the battle's setup and rules: `rules` sets house-rule
flags for that battle (persistent effects that change track or turn rules), `party`
and `challengers` change how units start (HP, Charge, statuses), `flux` adds tokens
for that battle.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from initiative.engine.errors import ContentError
from initiative.games.ib.campaign.model import CampaignPlan
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import _format_validation, read_yaml_mapping
from initiative.games.ib.specs import Content
from initiative.games.ib.statuses import BY_NAME, NAMES


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StartChange(_Strict):
    """How a side's units start a battle under a modifier."""

    hp: int = Field(default=0, ge=-9, le=9)  # added to the current HP (at least 1 remains)
    max_hp: int = Field(default=0, ge=-3, le=5)
    charge: int = Field(default=0, ge=0, le=3)
    statuses: tuple[str, ...] = ()

    @field_validator("statuses")
    @classmethod
    def _known(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for name in value:
            if name not in BY_NAME:
                raise ValueError(f"unknown status {name!r} (known: {', '.join(NAMES)})")
        return value


class Modifier(_Strict):
    """One row of a battle-modifier table (IB 7.9.1)."""

    roll: int = Field(ge=2, le=12)
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)
    rules: dict[str, Any] = Field(default_factory=dict)
    party: StartChange = StartChange()
    challengers: StartChange = StartChange()
    flux: int = Field(default=0, ge=0, le=2)

    @field_validator("rules")
    @classmethod
    def _flags(cls, value: dict[str, Any]) -> dict[str, Any]:
        RulesConfig().with_flags(value, "rules")  # a ConfigError names the bad flag
        return value


class CurveStep(_Strict):
    """One battle of the suggested curve (IB 7.11): (low, high) CCs of each tier, read
    by tier name with `model_dump(by_alias=True)` (`construct` is a pydantic method)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    aberrant: tuple[int, int] = (0, 0)
    constructs: tuple[int, int] = Field(default=(0, 0), alias="construct")
    aspect: tuple[int, int] = (0, 0)
    icon: tuple[int, int] = (0, 0)


class CampaignFile(_Strict):
    instant: tuple[Modifier, ...]
    persistent: tuple[Modifier, ...]
    curve: tuple[CurveStep, ...] = Field(min_length=6, max_length=10)
    stories: tuple[CampaignPlan, ...] = ()

    @model_validator(mode="after")
    def _tables(self) -> CampaignFile:
        for name in ("instant", "persistent"):
            rolls = sorted(m.roll for m in getattr(self, name))
            if rolls != list(range(2, 13)):
                raise ValueError(f"{name}: one row for each 2d6 result 2-12, got {rolls}")
        return self


@cache
def campaign_data() -> CampaignFile:
    """The shipped tables, curve and stories."""
    text = resources.files("initiative.games.ib").joinpath("data/campaigns.yaml").read_text(
        "utf-8")
    return load_campaign_text(text, "initiative/games/ib/data/campaigns.yaml")


def load_campaign_text(text: str, where: str, content: Content | None = None) -> CampaignFile:
    data = read_yaml_mapping(text, where, "instant, persistent, curve and stories")
    try:
        loaded = CampaignFile.model_validate(data)
    except ValidationError as exc:
        raise ContentError(_format_validation(exc, where, data)) from None
    if content is not None:
        for story in loaded.stories:
            check_plan(story, content, f"{where} (story {story.key!r})")
    return loaded


def check_plan(plan: CampaignPlan, content: Content, where: str) -> None:
    """Every battle names known CCs and Characters, 3-6 of them (IB 7.8.1), and every
    branch a battle of the plan."""
    ids = [b.id for b in plan.battles]
    if len(set(ids)) != len(ids):
        raise ContentError(f"{where}: a battle id is used twice")
    for battle in plan.battles:
        at = f"{where}, battle {battle.id!r}"
        for key in battle.challengers:
            if key not in content.challenges:
                raise ContentError(f"{at}: unknown challenge {key!r}")
        for key in battle.rivals:
            content.character(key, at)
        count = len(battle.challengers) + len(battle.rivals)
        if not 3 <= count <= 6:
            raise ContentError(f"{at}: {count} Challenge Cards; a campaign battle has 3 to 6 "
                               "(IB 7.8.1)")
        for branch in battle.next:
            if branch.battle not in ids:
                raise ContentError(f"{at}: branch {branch.label!r} leads to unknown battle "
                                   f"{branch.battle!r}")


def story(key: str, content: Content) -> CampaignPlan:
    for plan in campaign_data().stories:
        if plan.key == key:
            check_plan(plan, content, f"story {key!r}")
            return plan
    known = ", ".join(p.key for p in campaign_data().stories)
    raise ContentError(f"unknown story campaign {key!r} (known: {known})")


def modifier(table: str, roll: int) -> Modifier:
    rows = campaign_data().instant if table == "instant" else campaign_data().persistent
    return next(m for m in rows if m.roll == roll)
