"""A campaign kept in the store: every choice between battles and every action in a
battle is appended to the record (one transaction, a snapshot at each stage boundary)
before it takes effect, so a campaign survives the program being killed at any moment
and resumes exactly (IB 7; the store's event log plus snapshots).

Reopening loads the latest snapshot (a `Campaign`) and replays the events after it: a
battle in progress is rebuilt from the campaign (its match and seed are derived from
it) and the actions taken since. The store comes in as a `RecordKeeper` (engine/keeper.py):
the front ends pass the real one, and the game imports no storage.
"""

from __future__ import annotations

from typing import Any

from initiative.engine.errors import IllegalActionError
from initiative.engine.keeper import RecordKeeper
from initiative.games.ib.actions import ACTIONS, Action
from initiative.games.ib.campaign import rules
from initiative.games.ib.campaign.model import Campaign
from initiative.games.ib.setup import new_game
from initiative.games.ib.specs import Content
from initiative.games.ib.state import IBState

KIND = "campaign"


class CampaignSession:
    """One open campaign: its state, the battle being fought (if any) and its record."""

    def __init__(self, store: RecordKeeper, record_id: str, campaign: Campaign, head: int,
                 content: Content) -> None:
        self.store = store
        self.id = record_id
        self.content = content
        self.campaign = campaign
        self.head = head
        self.battle: IBState | None = _battle(campaign, content)
        self.finished: IBState | None = None
        """The last battle that ended (for its log and result)."""

    @classmethod
    def start(cls, store: RecordKeeper, campaign: Campaign, content: Content) -> CampaignSession:
        record = store.create(KIND, campaign.name, _snapshot(campaign), _summary(campaign))
        return cls(store, record, campaign, 0, content)

    @classmethod
    def open(cls, store: RecordKeeper, record_id: str, content: Content) -> CampaignSession:
        """Resume from the latest snapshot and the events after it."""
        loaded = store.load(record_id)
        campaign = Campaign.model_validate(loaded.snapshot["campaign"])
        session = cls(store, loaded.info.id, campaign, loaded.snapshot_seq, content)
        for seq, event in loaded.events:
            session._apply(event)
            session.head = seq
        return session

    # --- moving on ---------------------------------------------------------------------

    def choose(self, choice: dict[str, Any]) -> None:
        """A choice between battles (rules.choices): stored, then applied."""
        after = rules.choose(self.campaign, choice, self.content)  # validates first
        self._commit({"type": "choice", "choice": choice}, after, _battle(after, self.content))

    def act(self, action: Action) -> None:
        """One battle action: stored, then applied; the battle's end moves the campaign on."""
        battle = self.battle
        if battle is None:
            raise IllegalActionError(f"campaign {self.id}: no battle is being fought "
                                     f"(stage {self.campaign.stage!r})")
        if action not in battle.legal_actions():
            raise IllegalActionError(f"campaign {self.id}: {action!r} is not legal now")
        after: IBState | None = battle.clone()
        assert after is not None
        after.apply(action)
        campaign = self.campaign
        if after.is_terminal():  # the next battle (a retry), or none until prepared
            campaign = rules.finish_battle(campaign, after, self.content)
            self.finished = after
            after = _battle(campaign, self.content)
        self._commit({"type": "action", "action": action.index}, campaign, after)

    def _commit(self, event: dict[str, Any], campaign: Campaign,
                battle: IBState | None) -> None:
        """Append the event (with a snapshot when the stage or battle changed), then let
        it take effect in memory."""
        boundary = (campaign.stage != self.campaign.stage or campaign.fought
                    != self.campaign.fought or campaign.battle != self.campaign.battle
                    or event["type"] == "choice")
        self.store.append(self.id, self.head + 1, event,
                          snapshot=_snapshot(campaign) if boundary else None,
                          status=_status(campaign), summary=_summary(campaign))
        self.head += 1
        self.campaign = campaign
        self.battle = battle

    def _apply(self, event: dict[str, Any]) -> None:
        """Replay one stored event (no storing)."""
        if event["type"] == "choice":
            self.campaign = rules.choose(self.campaign, event["choice"], self.content)
            self.battle = _battle(self.campaign, self.content)
            return
        battle = self.battle
        if battle is None:
            raise IllegalActionError(f"campaign {self.id}: a stored action has no battle")
        battle.apply(ACTIONS[int(event["action"])])
        if battle.is_terminal():
            self.campaign = rules.finish_battle(self.campaign, battle, self.content)
            self.finished = battle
            self.battle = _battle(self.campaign, self.content)


def _battle(campaign: Campaign, content: Content) -> IBState | None:
    """The battle being fought, from its start (match and seed come from the campaign)."""
    if campaign.stage != "battle":
        return None
    return new_game(rules.battle_match(campaign, content), rules.battle_seed(campaign))


def _snapshot(campaign: Campaign) -> dict[str, Any]:
    return {"campaign": campaign.model_dump(mode="json")}


def _status(campaign: Campaign) -> str:
    return {"won": "won", "lost": "lost"}.get(campaign.stage, "active")


def _summary(campaign: Campaign) -> dict[str, Any]:
    return {"stage": campaign.stage, "battle": campaign.battle, "fought": campaign.fought,
            "party": [m.character for m in campaign.party], "plan": campaign.plan.name}
