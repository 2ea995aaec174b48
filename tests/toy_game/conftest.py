"""Fixtures of the toy game's tests. The toy registers itself only when its folder is on
the path: a subprocess gets it through PYTHONPATH (`toy_env`), a test that uses it in
this process through `toy` (the folder on `sys.path` for the test module, the registry
read again before and after), so no other test of the session ever sees a fourth game.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from initiative.games import registry
from tests.toy_game.support import FOLDER, toy_pythonpath
from tests.web.support import CHROMIUM, CHROMIUM_ARGS, Server


@pytest.fixture(scope="module")
def toy() -> Iterator[None]:
    """The toy registered in this process for the module's tests (found the way an
    installed package is: its entry point, by importlib.metadata)."""
    sys.path.insert(0, str(FOLDER))
    registry.refresh()
    try:
        yield
    finally:
        sys.path.remove(str(FOLDER))
        registry.refresh()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`initiative serve` in a subprocess that knows the toy (tests/web's Server, started
    with the toy's folder on its PYTHONPATH)."""
    folder = tmp_path_factory.mktemp("toy-web")
    running = Server(db=folder / "toy.db", log=folder / "toy.log")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPATH", toy_pythonpath())
        running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's chromium for one test module (closed after it, so no event loop is left
    running for the session's later tests)."""
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                              args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
