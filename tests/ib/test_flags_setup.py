"""House-rule flags of setup and team building (AMB-92, AMB-94)."""

from __future__ import annotations

import pytest
from scenario import Scenario

from initiative.engine.errors import ContentError
from initiative.timing.setup_order import SetupTieError

# --- AMB-92 setup_final_tiebreak ----------------------------------------------------------
# Tempest and Harrow both field Pim Osgood: the two copies tie on Initiative, Speed, HP,
# name and title.


def test_amb92_default_name_a_full_tie_is_settled_without_asking() -> None:
    sc = Scenario({"setup_final_tiebreak": "name"}, "fixture_tempest", "fixture_harrow")
    assert sc.order()[:2] == ["pim", "pim2"]  # name, title, then unit number


def test_amb92_default_name_players_may_still_agree_on_another_order() -> None:
    probe = Scenario({}, "fixture_tempest", "fixture_harrow")
    agreed = [probe.u("pim2"), probe.u("pim")]
    sc = Scenario({}, "fixture_tempest", "fixture_harrow", agreed_order=agreed)
    assert sc.order()[:2] == ["pim2", "pim"]


def test_amb92_agreement_required_a_full_tie_without_agreement_is_an_error() -> None:
    with pytest.raises(SetupTieError):
        Scenario({"setup_final_tiebreak": "agreement_required"}, "fixture_tempest",
                 "fixture_harrow")


def test_amb92_agreement_required_the_agreed_order_is_used() -> None:
    probe = Scenario({}, "fixture_tempest", "fixture_harrow")
    agreed = [probe.u("pim2"), probe.u("pim")]
    sc = Scenario({"setup_final_tiebreak": "agreement_required"}, "fixture_tempest",
                  "fixture_harrow", agreed_order=agreed)
    assert sc.order()[:2] == ["pim2", "pim"]


# --- AMB-94 character_unique_by -----------------------------------------------------------
# "Sela Marchetti, Windrunner" and "Sela Marchetti, Storm Courier" share a name only.

SELAS = [(0, ["sela", "sela_courier"]), (1, ["marta", "brask"])]


def test_amb94_default_name_and_title_two_versions_of_one_name_may_share_a_team() -> None:
    sc = Scenario({"character_unique_by": "name_and_title"}, seats=SELAS)
    assert {"sela", "sela_courier"} <= set(sc.order())


def test_amb94_name_two_versions_of_one_name_may_not_share_a_team() -> None:
    with pytest.raises(ContentError, match="twice"):
        Scenario({"character_unique_by": "name"}, seats=SELAS)
