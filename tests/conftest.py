"""Hypothesis profiles: `ci` (default, a few hundred games per property) and `soak`
(ten thousand); choose with `--soak` or HYPOTHESIS_PROFILE=soak."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "soak", max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
os.environ.pop("INITIATIVE_CONTENT_PATH", None)  # a player's own content packs
# (docs/content-packs.md) would change what every test plays; the tests that read packs
# set it themselves.


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true", help="run property tests 10,000 times")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--soak", default=False):
        settings.load_profile("soak")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests last: Playwright's sync API keeps an event loop running in the
    worker for the rest of the session, and tests that call `asyncio.run` (the
    terminal tracker, the server hubs) refuse to start under a running loop."""
    items.sort(key=lambda item: "tests/web/" in item.nodeid.replace("\\", "/"))
