"""A campaign as plain data (IB 7): the party that persists from battle to battle, the
plan of battles, the resources and where the campaign stands. Everything here is JSON
(pydantic), so a campaign is stored, exported and imported as it is.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from initiative.games.ib.specs import Content

FORMAT = "initiative-campaign/1"
Stage = Literal["prepare", "battle", "reward", "advance", "branch", "won", "lost"]
"""prepare: Rehabilitation and Elite are chosen (IB 7.6, 7.7) before the battle;
battle: it is being fought; reward / advance / branch: choices after a victory (IB
7.3, and a story's fork); won / lost: the campaign is over."""


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Member(_Data):
    """One campaign Character (IB 7.1.1) and what it carries between battles."""

    character: str
    keystone: str | None = None
    hp: int
    injuries: int = 0  # IB 7.5: each is -1 max HP
    hp_advances: int = 0  # IB 7.3.4: each is +2 max HP
    damage_advances: int = 0  # IB 7.3.4: each is +1 to all damage it deals
    xp: int = 0
    sigils: list[str] = Field(default_factory=list)  # installed Sigil cards (IB 7.1.1)
    charge: int = 0  # carried into the next battle: 0 or 1 (IB 7.1.2)

    def max_hp(self, content: Content) -> int:
        base = content.characters[self.character].hp
        return max(1, base + 2 * self.hp_advances - self.injuries)


class Branch(_Data):
    label: str
    battle: str


class BattlePlan(_Data):
    """One battle of a campaign: its Challenge Cards and Rivals (IB 7.8.1: 3-6), and
    where the story goes after a victory (the next battle in the list by default; a
    choice of `next`; or the end of the campaign with `last`)."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    text: str = ""
    challengers: list[str] = Field(default_factory=list)
    rivals: list[str] = Field(default_factory=list)
    next: list[Branch] = Field(default_factory=list)
    last: bool = False


class CampaignPlan(_Data):
    """A story campaign (authored, with branches) or a generated generic one (IB 7.10)."""

    key: str
    name: str
    text: str = ""
    battles: list[BattlePlan] = Field(min_length=1)

    def battle(self, battle_id: str) -> BattlePlan:
        for battle in self.battles:
            if battle.id == battle_id:
                return battle
        raise KeyError(battle_id)

    def after(self, battle_id: str) -> list[str]:
        """The battles that may follow a victory in `battle_id` (empty: the end)."""
        battle = self.battle(battle_id)
        if battle.last:
            return []
        if battle.next:
            return [b.battle for b in battle.next]
        i = [b.id for b in self.battles].index(battle_id)
        return [self.battles[i + 1].id] if i + 1 < len(self.battles) else []


class BattleResult(_Data):
    battle: str
    won: bool
    elite: bool
    rehab: str | None
    modifiers: list[int]
    defeated: list[str]
    activations: int


class Campaign(_Data):
    """Where a campaign stands. Choices move it on (rules.py); a battle in progress is
    rebuilt from this state and the actions taken since (session.py)."""

    format: str = FORMAT
    name: str
    seed: int
    plan: CampaignPlan
    rules: dict[str, Any] = Field(default_factory=dict)
    """Campaign house rules (CampaignRules flags that differ from the defaults)."""
    battle_rules: dict[str, Any] = Field(default_factory=dict)
    """House-rule flags for every battle (RulesConfig)."""
    party: list[Member]
    deck: list[str]
    """The deck's cards, installed Sigils not included (IB 7.1.1, AMB-110)."""
    flux: int = 0
    stage: Stage = "prepare"
    battle: str
    """The battle being prepared or fought, or the last one fought."""
    fought: int = 0
    """Battles fought so far."""
    rehab: str | None = None
    elite: bool = False
    modifiers: list[int] = Field(default_factory=list)
    """The 2d6 results rolled for this battle (IB 7.9): instant, then persistent."""
    rewards_left: int = 0
    advances: list[str] = Field(default_factory=list)
    """Characters owed an Advancement choice (IB 7.3.3), in party order."""
    history: list[BattleResult] = Field(default_factory=list)

    def member(self, character: str) -> Member:
        for member in self.party:
            if member.character == character:
                return member
        raise KeyError(character)
