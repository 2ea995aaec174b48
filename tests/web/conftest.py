"""Fixtures of the browser tests: Debian's chromium driven by Playwright (never a
downloaded browser, GUIDE 5) and the real web table server as a subprocess."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from tests.web.support import CHROMIUM, CHROMIUM_ARGS, UI_TIMEOUT_MS, Server

# Assertions wait for the page as long as actions do (CI machines are busy).
expect.set_options(timeout=UI_TIMEOUT_MS)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium "
                    "(apt-get install chromium; .ci/run installs it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                              args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def start_server(folder: Path, name: str, away: float = 0) -> Server:
    """A running server over a new SQLite file in `folder` (`away`: see `Server`)."""
    server = Server(db=folder / f"{name}.db", log=folder / f"{name}.log", away=away)
    server.start()
    return server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a test module (tables are independent of each other)."""
    running = start_server(tmp_path_factory.mktemp("web"), "shared")
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of this test alone (it may be killed and restarted)."""
    running = start_server(tmp_path, "own")
    try:
        yield running
    finally:
        running.stop()
