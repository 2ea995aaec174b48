"""`initiative campaign new --auto` stopped after any step and resumed with `campaign
continue --auto` plays exactly the campaign an uninterrupted run plays: every decision
comes from stored data (the campaign seed and the number of stored events)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.games.ib.campaign.session import CampaignSession
from initiative.store import Store

RUNNER = CliRunner()
NEW = ("campaign", "new", "--auto", "--seed", "6", "--story", "the_ledger_of_lost_hours")


class Killed(Exception):
    """The program dying right after a step was stored."""


def _stored(db: str) -> tuple[list[dict[str, Any]], str]:
    """Every stored event of the only campaign, and its final status."""
    with Store(db) as store:
        (info,) = store.records("campaign")
        return [event for _, event in store.events(info.id)], info.status


def _uninterrupted(tmp_path: Path) -> tuple[list[dict[str, Any]], str]:
    db = f"sqlite:///{tmp_path / 'whole.db'}"
    result = RUNNER.invoke(app, [*NEW, "--db", db])
    assert result.exit_code == 0, result.stderr
    return _stored(db)


def test_an_uninterrupted_auto_campaign_ends_and_stores_actions(tmp_path: Path) -> None:
    events, status = _uninterrupted(tmp_path)
    assert status in ("won", "lost")
    assert sum(e["type"] == "action" for e in events) > 20
    assert sum(e["type"] == "choice" for e in events) >= 1


@pytest.mark.parametrize("stops", [(1,), (2, 12), (7, 3, 8)])  # within its 22 steps
def test_auto_resumed_after_stops_stores_the_same_campaign(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stops: tuple[int, ...]) -> None:
    whole = _uninterrupted(tmp_path)
    db = f"sqlite:///{tmp_path / 'stopped.db'}"
    commit = CampaignSession._commit
    left = [0]

    def dying_commit(self: CampaignSession, *args: Any) -> None:
        commit(self, *args)
        left[0] -= 1
        if left[0] == 0:
            raise Killed

    monkeypatch.setattr(CampaignSession, "_commit", dying_commit)
    for n, steps in enumerate(stops):
        left[0] = steps
        if n == 0:
            result = RUNNER.invoke(app, [*NEW, "--db", db])
        else:
            with Store(db) as store:
                (info,) = store.records("campaign")
            result = RUNNER.invoke(app, ["campaign", "continue", info.id, "--auto", "--db", db])
        assert isinstance(result.exception, Killed), result.stdout[-500:]
    left[0] = -1
    with Store(db) as store:
        (info,) = store.records("campaign")
    result = RUNNER.invoke(app, ["campaign", "continue", info.id, "--auto", "--db", db])
    assert result.exit_code == 0, result.stderr
    assert _stored(db) == whole
