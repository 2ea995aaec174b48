"""Store and campaign-session speed: `python benchmarks/bench_store.py [URL] [N]`.

Appends N small events to one record (each its own durable transaction), then plays a
campaign with the deterministic test driver for N steps (every battle action stored
before it takes effect), and reopens it (snapshot plus replay). Default URL: a SQLite
file in a temporary directory.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from initiative.games.ib.campaign.generic import generic_plan
from initiative.games.ib.campaign.rules import CampaignRules, new_campaign
from initiative.games.ib.campaign.session import CampaignSession
from initiative.games.ib.content import core_content
from initiative.games.ib.formats import shipped_team
from initiative.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.ib.campaign.driver import play


def main(argv: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = argv[0] if argv else f"sqlite:///{tmp}/bench.db"
        n = int(argv[1]) if len(argv) > 1 else 500
        with Store(url) as store:
            record = store.create("bench", "bench", {"n": 0})
            start = time.perf_counter()
            for seq in range(1, n + 1):
                store.append(record, seq, {"type": "action", "action": seq % 97})
            appends = n / (time.perf_counter() - start)
            content = core_content()
            plan = generic_plan(content, 6, 1)
            campaign = new_campaign("Bench", shipped_team(content, "tideguard"), plan, content,
                                    1, CampaignRules(campaign_loss="retry_battle"))
            session = CampaignSession.start(store, campaign, content)
            start = time.perf_counter()
            play(session, n)
            steps = session.head / (time.perf_counter() - start)
            start = time.perf_counter()
            CampaignSession.open(store, session.id, content)
            reopen = time.perf_counter() - start
        print(f"url: {url.split('://')[0]}")
        print(f"appends_per_s: {appends:.0f}")
        print(f"campaign_steps_per_s: {steps:.0f}")
        print(f"reopen_ms_after_{session.head}_steps: {reopen * 1000:.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
