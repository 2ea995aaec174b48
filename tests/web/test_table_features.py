"""Every table feature in every game, in Chromium (issue 24, requirement 4): for each of
Initiative Break, the hex skirmish game and The Initiative, driven as people drive it
(tests/web/feature_support.py holds the steps, written once for every game):

- the game's form creates a table and leads to its page of links; the lobby lists the
  open table under its game with "Take this seat", and taking it opens the seat;
- the table chat between two seats, read by a spectator who cannot write;
- the spectators' page: the game without a hand or a control;
- undo: a decision that met no chance taken back with the Undo button, and the log
  says who took it back;
- a finished game: the record downloaded, the replay stepped forward and back, the lobby's
  "Recently finished", and a rematch that moves both seats' pages to the new table;
- a stand-in: a person who closes their page has a bot play their seat (a server started
  with a short `--away`), and gets it back on return.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.web.conftest import start_server
from tests.web.feature_support import (
    CASES,
    GameCase,
    check_chat,
    check_finished_game,
    check_spectator,
    check_stand_in,
    check_undo,
    create_from_the_form,
    people,
    take_from_the_lobby,
)
from tests.web.support import Server, needs_chromium

pytestmark = needs_chromium
AWAY_S = 1.0
"""Seconds a person may be gone before a stand-in plays (the stand-in server's)."""


@pytest.fixture(scope="module")
def away_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose stand-ins play a seat left for AWAY_S seconds."""
    running = start_server(Path(tmp_path_factory.mktemp("away")), "away", away=AWAY_S)
    try:
        yield running
    finally:
        running.stop()


@pytest.mark.parametrize("case", CASES, ids=str)
def test_every_table_feature(server: Server, browser: Browser, case: GameCase) -> None:
    name = f"Lobby {case.entry.web_slug}"
    with people(browser, server) as found:
        ann = found.page("ann")
        created = create_from_the_form(ann, server, case, name)
        ann.locator("ul.links a.seat-link").first.click()
        ann.wait_for_url(f"**{created.seats[0]}")
        bea = found.page("bea")
        take_from_the_lobby(bea, server, case, name)
        spectator = found.page("spectator", server.base + created.spectator)
        check_spectator(spectator, case)
        check_chat(ann, bea, spectator)
        for page in (ann, bea, spectator):
            page.close()
        check_undo(found, server, case)
        check_finished_game(found, server, case)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_stand_in_plays_the_seat_of_a_person_away(away_server: Server, browser: Browser,
                                                    case: GameCase) -> None:
    with people(browser, away_server) as found:
        check_stand_in(found, away_server, case)
