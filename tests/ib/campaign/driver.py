"""A deterministic player for campaign tests: each step's decision depends only on the
session's head (how many events are stored) and the legal options, so a run that was
killed and resumed makes exactly the decisions an uninterrupted run makes.

`python -m tests.ib.campaign.driver URL RECORD STEPS` plays up to STEPS steps of the
stored campaign RECORD and prints `head stage` after each committed step.
"""

from __future__ import annotations

import sys

from initiative.engine.rng import SplitMix64
from initiative.games.ib.campaign.rules import choices
from initiative.games.ib.campaign.session import CampaignSession
from initiative.games.ib.content import core_content
from initiative.store import Store


def step(session: CampaignSession) -> bool:
    """One decision (a choice or a battle action); False once the campaign is over."""
    if session.campaign.stage in ("won", "lost"):
        return False
    rng = SplitMix64(session.campaign.seed * 7919 + session.head)
    if session.battle is not None:
        legal = session.battle.legal_actions()
        session.act(legal[rng.below(len(legal))])
    else:
        legal_choices = choices(session.campaign, session.content)
        session.choose(legal_choices[rng.below(len(legal_choices))])
    return True


def play(session: CampaignSession, steps: int, report: bool = False) -> None:
    for _ in range(steps):
        if not step(session):
            return
        if report:
            print(session.head, session.campaign.stage, flush=True)


def main(argv: list[str]) -> None:
    url, record, steps = argv[0], argv[1], int(argv[2])
    with Store(url) as store:
        play(CampaignSession.open(store, record, core_content()), steps, report=True)


if __name__ == "__main__":
    main(sys.argv[1:])
