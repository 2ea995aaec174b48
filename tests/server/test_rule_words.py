"""The main text in words, the rule ids in the details (issue 25 item 4): the hex game's
and The Initiative's seat pages, at random positions of random games, show no rule id
(`HX-31`, `TI-8`) in their visible text, while the ids stay in `title` tooltips; the
one shared `split_rules` (games/rule_ids.py) makes the split for every game."""

from __future__ import annotations

import random
import re
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from initiative.games.rule_ids import RULE_ID, split_rules
from tests.server.test_app import act, live_table, running
from tests.server.test_every_game_offers_every_action import join

TITLE = re.compile(r'\btitle="([^"]*)"')
HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1>", re.S)
TAG = re.compile(r"<[^>]*>")
CHECKS = 6
"""Pages checked per game (at random decisions)."""


def visible(page: str) -> str:
    """The text of a page's main regions: no scripts, no tags (so no attributes), and
    not the links to the guide."""
    return TAG.sub(" ", HIDDEN.sub(" ", page))


def test_split_rules_knows_every_games_ids() -> None:
    assert split_rules("allows no reaction (HX-31)") == ("allows no reaction", ("HX-31",))
    assert split_rules("Move: go exactly this many hexes (HX-16, HX-19)") == (
        "Move: go exactly this many hexes", ("HX-16, HX-19",))
    assert split_rules("clear another pile (TI-A2)") == ("clear another pile", ("TI-A2",))
    assert split_rules("the sign (TI-26..TI-38)") == ("the sign", ("TI-26..TI-38",))
    assert split_rules("Wren (North) acts (IB 3.7)") == ("Wren (North) acts", ("IB 3.7",))


@pytest.mark.parametrize(("game", "players", "seed"), [
    ("hex_skirmish", 2, 31), ("hex_skirmish", 3, 32),
    ("the_initiative", 2, 33), ("the_initiative", 3, 34)])
def test_seat_pages_say_words_and_keep_ids_in_tooltips(
        tmp_path: Path, game: str, players: int, seed: int) -> None:
    with running(tmp_path) as client:
        checked, titled = play_and_read(client, game, {"players": players}, seed)
    assert checked >= 2
    assert titled, "no rule id left in any tooltip"


def play_and_read(client: TestClient, game: str, fields: dict[str, Any],
                  seed: int) -> tuple[int, bool]:
    """Plays a random game; at CHECKS random decisions reads the deciding seat's page:
    how many pages were read, and whether a tooltip carried a rule id."""
    names = {f"seat{i}_name": f"P{i + 1}" for i in range(int(fields["players"]))}
    made = client.post("/api/tables", json={"game": game, "seed": seed, **names,
                                            **fields}).json()
    rng = random.Random(seed)
    read_at = {0, *rng.sample(range(1, 40), CHECKS - 1)}
    checked, titled, step = 0, False, 0
    with ExitStack() as stack:
        seats = [join(stack, client, made["id"], token) for token in made["seats"]]
        watcher = join(stack, client, made["id"], made["spectator"])
        table = live_table(client, made["id"])
        while not table.finished and step < 60:
            deciding = table.state.current_seat()
            if step in read_at:
                page = client.get(made["links"][deciding]).text
                shown = visible(page)
                found = RULE_ID.search(shown)
                assert found is None, (game, step, shown[max(0, found.start() - 200):
                                                         found.end() + 40])
                titled = titled or any(RULE_ID.search(t) for t in TITLE.findall(page))
                checked += 1
            protocol = [entry["index"] for entry in seats[deciding].last["legal"]]
            others = tuple(s for s in (*seats, watcher) if s is not seats[deciding])
            act(seats[deciding], rng.choice(protocol), others)
            step += 1
    return checked, titled
