"""Every flag of `RulesConfig` has game-level tests here and an entry in
docs/rules-interpretations.md."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from initiative.games.ib.campaign.rules import CampaignRules
from initiative.games.ib.config import RulesConfig

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[1] / "docs" / "rules-interpretations.md"
FLAGS = [f.name for f in fields(RulesConfig)]


def _flag_tests() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(HERE.glob("test_flags_*.py"))
                     if p.name != "test_flags_coverage.py")


@pytest.mark.parametrize("flag", FLAGS)
def test_every_flag_is_exercised_by_a_flag_test(flag: str) -> None:
    assert f'"{flag}"' in _flag_tests(), f"no test_flags_*.py test sets {flag}"


@pytest.mark.parametrize("flag", FLAGS)
def test_every_flag_is_documented(flag: str) -> None:
    assert f"`{flag}`" in DOC.read_text(encoding="utf-8"), f"{flag} missing from {DOC.name}"


CAMPAIGN_FLAGS = [f.name for f in fields(CampaignRules)]
CAMPAIGN_TESTS = HERE / "campaign" / "test_flags_campaign_rules.py"


@pytest.mark.parametrize("flag", CAMPAIGN_FLAGS)
def test_every_campaign_flag_is_tested_and_documented(flag: str) -> None:
    """The campaign's own flags (IB-RULINGS section L) are held to the same standard."""
    assert flag in CAMPAIGN_TESTS.read_text(encoding="utf-8"), f"no test sets {flag}"
    assert f"`{flag}`" in DOC.read_text(encoding="utf-8"), f"{flag} missing from {DOC.name}"
