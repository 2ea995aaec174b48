"""A FaithRPG player character cannot act as the game master (issue 25): "gm" (and
"spectator") are reserved character names in any capitalisation, so no PC can be named so
(FA-5: NPCs share the GM's card slot under the default `npc_initiative_card: shared`), and
a player's request is built from the PC's own slot: a link whose character's name would
read as the GM's slot (a tracker kept from before the names were reserved) is refused,
and nothing is stored."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from initiative.server.tracker_hub import Access, TrackerError, player_line
from initiative.timing import cards_state
from initiative.trackers.faith import FaithConsole
from initiative.trackers.records import quiet
from tests.server.test_trackers import create, events, run, running, shown_error


@pytest.fixture
def client(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> Iterator[TestClient]:
    caplog.set_level(logging.WARNING)
    with running(tmp_path) as opened:
        yield opened
    assert not [r for r in caplog.records if r.exc_info], caplog.text  # no traceback


@pytest.mark.parametrize("name", ["gm", "Gm", "gM", "GM", "spectator", "Spectator"])
def test_reserved_names_are_refused_in_any_capitalisation(client: TestClient,
                                                          name: str) -> None:
    links = create(client)
    stored = len(events(client, links["gm"]))
    refused = run(client, links["gm"], f"add {name} initiative=3")
    assert refused.status_code == 400
    assert f"a character cannot be named {name!r}: the name is reserved" in shown_error(
        refused.text)
    assert len(events(client, links["gm"])) == stored  # nothing stored
    assert f"pc:{name}" not in create(client)  # and no link for it


def test_a_pc_cannot_commit_for_the_npcs_through_a_name_that_reads_as_the_gm(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A tracker from before the names were reserved: a PC named "gm"."""
    console = FaithConsole(quiet, seed=7)
    console.run("roster")
    with monkeypatch.context() as before:
        before.setattr(cards_state, "RESERVED_NAMES", frozenset())
        console.run("add gm initiative=2")
    console.run("round")
    for op, value in (("commit", "top"), ("commit", 0), ("declare", "I run")):
        with pytest.raises(TrackerError, match="the game master's"):
            player_line(console, Access("pc", "token", "gm"), op,
                        {"card" if op == "commit" else "text": value})
    assert player_line(console, Access("pc", "token", "Orrin"), "commit", {"card": "top"}) \
        == "commit Orrin top"  # a PC's own slot


def test_a_name_merely_like_gm_plays_its_own_card(client: TestClient) -> None:
    links = create(client)
    gm = links["gm"]
    assert run(client, gm, "add Gmork initiative=2").status_code == 303  # not reserved
    run(client, gm, "round")
    found = re.search(r'href="[^"]*(/trackers/[^"]+)" class="tracker-link" '
                      r'data-key="pc:Gmork"', client.get(gm).text)
    assert found is not None
    assert client.post(found.group(1), data={"op": "commit", "card": "top"},
                       follow_redirects=False).status_code == 303
    assert events(client, gm)[-1] == {"line": "commit Gmork top", "by": "Gmork", "v": 2}
