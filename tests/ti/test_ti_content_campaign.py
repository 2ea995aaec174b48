"""The campaign log of The Initiative (games/ti/campaign.py) in a real store: missions in
campaign order, results, secrets from the back at setup and the face after the game
(TI-25), no replay (TI-57), and a log that survives reopening the store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from initiative.engine.errors import GameParamError
from initiative.games.ti.campaign import (
    KIND,
    CampaignError,
    Played,
    load_campaign,
    log_lines,
    new_campaign,
    record_result,
    start_game,
)
from initiative.games.ti.content import default_content
from initiative.games.ti.loader import build_setup
from initiative.store import Store

CONTENT = default_content()
M1, M2, M3 = CONTENT.campaign


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with Store(f"sqlite:///{tmp_path / 'ti.db'}") as opened:
        yield opened


def test_a_whole_campaign_in_order_with_secrets(store: Store, tmp_path: Path) -> None:
    campaign = new_campaign(store, "Lantern Street")
    assert campaign.next_mission(CONTENT) == M1  # TI-2: mission 1 first
    params = start_game(store, campaign.id, players=2)
    assert params == {"players": 2, "mission": M1, "secrets": [], "campaign": campaign.id}
    assert build_setup(**params).campaign == campaign.id
    record_result(store, campaign.id, M1, True, "solved")
    params = start_game(store, campaign.id)
    assert params["mission"] == M2
    after = record_result(store, campaign.id, M2, False, "time")
    assert after.secrets == ("ledger",)  # TI-25: the face secret, even after a loss
    params = start_game(store, campaign.id, characters="mina+rook")
    assert params["mission"] == M3
    assert params["secrets"] == ["ledger", "star_chart"]  # TI-25: the back, before play
    assert build_setup(**params).secrets == ("ledger", "star_chart")
    record_result(store, campaign.id, M3, False, "wrong_answer")
    with Store(f"sqlite:///{tmp_path / 'ti.db'}") as reopened:
        loaded = load_campaign(reopened, campaign.id)
        assert loaded.played == (
            Played(M1, True, "solved"), Played(M2, False, "time", ("ledger",)),
            Played(M3, False, "wrong_answer", ("star_chart", "last_letter")))
        assert loaded.next_mission(CONTENT) is None
        info = reopened.info(campaign.id)
        assert info.kind == KIND and info.status == "finished"
        assert info.summary == {"game": "the_initiative", "played": 3, "won": 1,
                                "next": None}
    lines = log_lines(loaded, CONTENT)
    assert lines[1:4] == [
        "1. The Clockmaker's Word [clockmakers_word]: won",
        "2. The Gallery After Dark [gallery_after_dark]: lost (time); secrets: The Torn "
        "Ledger",
        "3. The Observatory Vault [observatory_vault]: lost (wrong answer); secrets: The "
        "Star Chart, The Last Letter"]
    assert lines[4] == "Next: none, the campaign is over"
    with pytest.raises(CampaignError, match="every mission of the campaign has been played"):
        start_game(store, campaign.id)


def test_a_played_mission_is_never_replayed(store: Store) -> None:
    """TI-57."""
    campaign = new_campaign(store, "Twice")
    start_game(store, campaign.id)
    record_result(store, campaign.id, M1, False, "stall")
    with pytest.raises(CampaignError) as error:
        start_game(store, campaign.id, mission=M1)
    assert str(error.value) == (f"campaign 'Twice': mission {M1!r} was already played "
                                "(lost); a mission is never replayed (TI-57)")
    assert load_campaign(store, campaign.id).head == 2  # nothing stored


def test_an_abandoned_game_may_start_again_but_not_another(store: Store) -> None:
    campaign = new_campaign(store, "Again")
    first = start_game(store, campaign.id)
    assert start_game(store, campaign.id) == first
    assert load_campaign(store, campaign.id).head == 1  # one start stored
    with pytest.raises(CampaignError, match=f"mission {M1!r} is being played"):
        start_game(store, campaign.id, mission=M2)


def test_results_must_fit_the_game_being_played(store: Store) -> None:
    campaign = new_campaign(store, "Results")
    with pytest.raises(CampaignError, match="no game is being played"):
        record_result(store, campaign.id, M1, True, "solved")
    start_game(store, campaign.id)
    with pytest.raises(CampaignError, match=f"mission {M1!r} is being played, so no "
                                            f"result for {M2!r}"):
        record_result(store, campaign.id, M2, True, "solved")
    with pytest.raises(GameParamError, match="expected solved for a won game"):
        record_result(store, campaign.id, M1, True, "time")
    with pytest.raises(GameParamError, match="expected wrong_answer, time or stall"):
        record_result(store, campaign.id, M1, False, "solved")


def test_bad_game_params_store_nothing(store: Store) -> None:
    campaign = new_campaign(store, "Params")
    with pytest.raises(GameParamError, match="players: expected 1 to 4"):
        start_game(store, campaign.id, players=9)
    with pytest.raises(GameParamError, match="campaign, secrets: set by the campaign"):
        start_game(store, campaign.id, secrets=["x"], campaign="other")
    with pytest.raises(GameParamError, match="mission: 'nowhere' is not one of"):
        start_game(store, campaign.id, mission="nowhere")
    assert load_campaign(store, campaign.id).played == ()


def test_other_records_are_not_campaigns(store: Store) -> None:
    record = store.create("table", "a table", {"seats": []})
    with pytest.raises(CampaignError, match="is not a campaign of the_initiative"):
        load_campaign(store, record)
