"""A campaign in the store (IB 7): every choice and battle action is stored before it
takes effect, reopening resumes exactly, and a process killed at any moment (in a
battle, or between battles while choosing a reward) loses and duplicates nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from initiative.engine.errors import IllegalActionError
from initiative.games.ib.campaign.model import CampaignPlan
from initiative.games.ib.campaign.rules import CampaignRules, new_campaign
from initiative.games.ib.campaign.session import CampaignSession
from initiative.games.ib.content import core_content
from initiative.games.ib.formats import shipped_team
from initiative.store import Store
from tests.ib.campaign.driver import play

CONTENT = core_content()
ROOT = Path(__file__).resolve().parents[3]
PLAN = CampaignPlan.model_validate({"key": "t", "name": "Test", "battles": [
    {"id": f"b{i}", "name": f"B{i}", "challengers": ["hour_mite", "hour_mite", "tick_thief"]}
    for i in range(1, 4)]})
EASY = CampaignRules(campaign_loss="retry_battle")  # random play loses; keep it going


def _start(url: str, seed: int = 3) -> tuple[Store, CampaignSession]:
    store = Store(url)
    campaign = new_campaign("Run", shipped_team(CONTENT, "tideguard"), PLAN, CONTENT, seed,
                            EASY)
    return store, CampaignSession.start(store, campaign, CONTENT)


def _fingerprint(session: CampaignSession) -> tuple[object, ...]:
    battle = session.battle
    return (session.head, session.campaign.model_dump(mode="json"),
            None if battle is None else list(battle.events()))


def test_every_step_is_stored_and_reopening_resumes_exactly(store_url: str) -> None:
    store, session = _start(store_url)
    play(session, 120)
    again = CampaignSession.open(store, session.id, CONTENT)
    assert _fingerprint(again) == _fingerprint(session)
    assert [seq for seq, _ in store.events(session.id)] == list(range(1, session.head + 1))
    play(session, 40)  # (one writer: a second session on the record would be refused)
    again = CampaignSession.open(store, session.id, CONTENT)
    assert _fingerprint(again) == _fingerprint(session)
    store.close()


def test_a_refused_action_changes_nothing(tmp_path: Path) -> None:
    store, session = _start(f"sqlite:///{tmp_path / 'c.db'}")
    with pytest.raises(IllegalActionError):
        session.choose({"type": "prepare", "rehab": "wren", "elite": False})  # not yet
    assert session.head == 0 and store.events(session.id) == []
    store.close()


def _killed_while(stage: str, url: str, reference_url: str, seed: int) -> None:
    """Run the driver in a subprocess and SIGKILL it right after a step reaches `stage`
    (so during the next step, wherever it is); then resume here and compare with an
    uninterrupted run making the same decisions."""
    store, session = _start(url, seed)
    record = session.id
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    child = subprocess.Popen([sys.executable, "-m", "tests.ib.campaign.driver", url, record,
                              "100000"], stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env)
    assert child.stdout is not None
    seen = 0
    for line in child.stdout:
        seen += 1
        if line.split()[1] == stage and seen > 5:
            break
    child.send_signal(signal.SIGKILL)
    child.wait()
    resumed = CampaignSession.open(store, record, CONTENT)
    head = resumed.head
    assert head >= seen
    assert [seq for seq, _ in store.events(record)] == list(range(1, head + 1))
    reference_store, reference = _start(reference_url, seed)
    play(reference, head)
    assert _fingerprint(resumed)[1:] == _fingerprint(reference)[1:]
    play(resumed, 60)
    play(reference, 60)
    assert _fingerprint(resumed)[1:] == _fingerprint(reference)[1:]
    store.close()
    reference_store.close()


@pytest.mark.parametrize("stage", ["battle", "reward"])
def test_killed_mid_battle_or_mid_reward_resumes_with_nothing_lost(
        store_url: str, tmp_path: Path, stage: str) -> None:
    """On SQLite and on PostgreSQL; the reference run keeps its own SQLite file."""
    _killed_while(stage, store_url, f"sqlite:///{tmp_path / 'reference.db'}", seed=11)


def test_export_and_import_carry_the_whole_campaign(tmp_path: Path) -> None:
    store, session = _start(f"sqlite:///{tmp_path / 'a.db'}")
    play(session, 80)
    path = store.export_file(session.id, tmp_path / "c.json")
    other = Store(f"sqlite:///{tmp_path / 'b.db'}")
    record = other.import_file(path)
    copy = CampaignSession.open(other, record, CONTENT)
    assert _fingerprint(copy)[1:] == _fingerprint(session)[1:]
    store.close()
    other.close()
