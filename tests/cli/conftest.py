"""Fixtures for the CLI tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def answers_first() -> str:
    """Always choose option 1 (enough answers for any bounded game)."""
    return "1\n" * 3000
