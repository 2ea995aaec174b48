"""The campaign session depends on a `RecordKeeper`, not on the store (issue 17, layer
leaks): any keeper that appends in order and loads the latest snapshot plus the events
after it plays and resumes a campaign exactly as the store does."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from initiative.engine.keeper import RecordKeeper
from initiative.games.ib.campaign.model import Campaign
from initiative.games.ib.campaign.rules import new_campaign
from initiative.games.ib.campaign.session import CampaignSession
from initiative.games.ib.formats import shipped_team
from initiative.store import Store
from tests.ib.campaign.driver import play
from tests.ib.campaign.test_session import CONTENT, EASY, PLAN, _fingerprint


@dataclass(frozen=True)
class _Header:
    id: str


@dataclass(frozen=True)
class _Loaded:
    info: _Header
    snapshot_seq: int
    snapshot: dict[str, Any]
    events: list[tuple[int, dict[str, Any]]]


@dataclass
class _Kept:
    snapshots: dict[int, dict[str, Any]]
    events: list[dict[str, Any]] = field(default_factory=list)


class MemoryKeeper:
    """Records in a dict: the whole contract of `RecordKeeper`, nothing more."""

    def __init__(self) -> None:
        self.records: dict[str, _Kept] = {}

    def create(self, kind: str, name: str, snapshot: dict[str, Any],
               summary: dict[str, Any] | None = None) -> str:
        record_id = f"{kind}-{len(self.records)}"
        self.records[record_id] = _Kept({0: snapshot})
        return record_id

    def append(self, record_id: str, seq: int, event: dict[str, Any], *,
               snapshot: dict[str, Any] | None = None, status: str | None = None,
               summary: dict[str, Any] | None = None) -> None:
        kept = self.records[record_id]
        if seq != len(kept.events) + 1:
            raise ValueError(f"record {record_id}: seq {seq} is not the next one")
        kept.events.append(event)
        if snapshot is not None:
            kept.snapshots[seq] = snapshot

    def load(self, record_id: str) -> _Loaded:
        kept = self.records[record_id]
        at = max(kept.snapshots)
        return _Loaded(_Header(record_id), at, kept.snapshots[at],
                       [(n, e) for n, e in enumerate(kept.events, 1) if n > at])


def _campaign(seed: int) -> Campaign:
    return new_campaign("Run", shipped_team(CONTENT, "tideguard"), PLAN, CONTENT, seed, EASY)


def test_a_campaign_in_any_keeper_plays_and_resumes_as_in_the_store(store_url: str) -> None:
    keeper = MemoryKeeper()
    typed: RecordKeeper = keeper  # the protocol, as mypy would check it
    in_memory = CampaignSession.start(typed, _campaign(5), CONTENT)
    with Store(store_url) as store:
        stored = CampaignSession.start(store, _campaign(5), CONTENT)
        play(in_memory, 90)
        play(stored, 90)
        assert _fingerprint(in_memory) == _fingerprint(stored)
        resumed = CampaignSession.open(keeper, in_memory.id, CONTENT)
        assert _fingerprint(resumed) == _fingerprint(in_memory)
        assert in_memory.head == 90 or in_memory.campaign.stage in ("won", "lost")
        assert len(keeper.records) == 1 and len(keeper.records[in_memory.id].events) \
            == in_memory.head
