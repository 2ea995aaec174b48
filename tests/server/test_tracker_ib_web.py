"""The tracker web part found by name (one `TrackerWeb` per system, no branching over
systems in the shared tracker modules) and the Initiative Break companion's pages
through Starlette's TestClient: a page per player (``add ... player=P``) or per side,
and what a player page may enter: only its own units' actions (IB 3.2.5: only the
active unit acts, and a player acts only for the units it controls)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from initiative.server import tracker_parts
from initiative.server.pages import env
from initiative.server.tracker_hub import WEB_REFUSED
from initiative.server.tracker_parts import tracker_web, tracker_webs
from initiative.trackers import systems
from initiative.trackers.command_catalogue import (
    ARG_KINDS,
    build_line,
    catalogue,
    help_text,
    refusal,
)
from initiative.trackers.ib_companion import HELP, IBCompanionConsole
from initiative.trackers.ib_companion_args import COMMAND_WORDS
from tests.server.test_app import Seat
from tests.server.test_trackers import (
    ask,
    create,
    events,
    record,
    run,
    running,
    shown_error,
    socket,
)

SERVER = Path(tracker_parts.__file__).parent
ROSTER = ("add Kaede side=heroes hp=10 speed=3 init=2 player=Ann",
          "add Ember side=foes hp=8 speed=4 init=5",
          "add Ash side=foes hp=6 speed=2 init=1")
"""The track starts Ash > Kaede > Ember | (IB 2.9.4); Ann controls Kaede, the foes
page Ember and Ash."""


# --- one entry per system ---------------------------------------------------------------


def test_every_tracker_system_is_one_entry_found_by_name() -> None:
    assert list(tracker_parts.BUILT_IN) == list(systems.SYSTEMS)
    for web in tracker_webs():
        assert tracker_web(web.system) is web and web.guide.system == web.system
        assert web.title and web.help and web.guide.steps
        env.get_template(web.order_template)  # its templates exist
        for template in (web.mine_template, web.player_page):
            if template:
                env.get_template(template)
    with pytest.raises(ValueError, match="unknown tracker system 'dnd' \\(one of exalted, "
                       "faith, ib\\)"):
        tracker_web("dnd")


def test_the_shared_tracker_modules_do_not_branch_over_systems() -> None:
    """A system is its `tracker_systems` module plus a BUILT_IN line: the shared modules
    name no system and test no console's class."""
    for path in sorted(SERVER.glob("tracker*.py")):
        if path.name == "tracker_parts.py":
            continue  # BUILT_IN names each system's module
        text = path.read_text()
        for pattern in (r"system\s*[!=]=", r"isinstance\([^)]*Console", r"\"(exalted|faith|ib)\"",
                        r"(Exalted|Faith|IBCompanion)Console"):
            assert not re.search(pattern, text), f"{path.name}: {pattern}"


def test_the_new_tracker_form_offers_the_companion(client: TestClient) -> None:
    form = client.get("/trackers/new").text
    assert 'value="ib"' in form and "Initiative Break table companion" in form
    bad = client.post("/trackers/new", data={"system": "ib", "name": "x",
                                             "rules": "rm_counts_as_space=maybe"})
    assert bad.status_code == 400 and "rm_counts_as_space" in bad.text
    links = create(client, "ib", sample=False, rules="rm_counts_as_space=true")
    assert set(links) == {"gm", "spectator"}  # no units, no players yet
    console = record(client, links["gm"]).console
    assert isinstance(console, IBCompanionConsole)
    assert console.rules_data() == {"rm_counts_as_space": True}  # the engine's flag


def test_the_sample_roster_sets_up_a_duel_with_player_pages(client: TestClient) -> None:
    """"Start with the sample roster" puts two players' heroes and two foes on the roster
    (IB 2.2), each player and the foes with a page, ready for Start battle."""
    links = create(client, "ib", sample=True)
    console = record(client, links["gm"]).console
    assert isinstance(console, IBCompanionConsole)
    assert [u.name for u in console.companion.units] == ["Kaede", "Brasso", "Ember", "Ash"]
    assert {"pc:Ann", "pc:Bea", "pc:foes"} <= set(page_links(client.get(links["gm"]).text))
    assert run(client, links["gm"], "start").status_code == 303


# --- the companion's pages ----------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with running(tmp_path) as opened:
        yield opened


def page_links(page: str) -> dict[str, str]:
    """The links a GM page's Links region lists, by key."""
    return {key: url for url, key in re.findall(
        r'<a href="[^"]*(/trackers/[^"]+)" class="tracker-link" data-key="([^"]+)"', page)}


def battle(client: TestClient) -> dict[str, str]:
    """A companion with the roster, started, Ash's activation begun; its links."""
    links = create(client, "ib", sample=False)
    gm = links["gm"]
    for line in (*ROSTER, "start", "begin"):
        assert run(client, gm, line).status_code == 303, line
    return {**links, **page_links(client.get(gm).text)}


def form(client: TestClient, link: str, verb: str, **args: str) -> Any:
    data = {"op": "form", "verb": verb, **{f"a:{k}": v for k, v in args.items()}}
    return client.post(link, data=data, follow_redirects=False)


def test_a_page_per_player_or_side_and_for_players_added_later(client: TestClient) -> None:
    links = battle(client)
    assert {"pc:Ann", "pc:foes", "spectator"} <= set(links)
    ann = client.get(links["pc:Ann"]).text
    assert 'class="own-unit" data-unit="Kaede"' in ann
    assert 'data-unit="Ember"' in ann and 'class="own-unit" data-unit="Ember"' not in ann
    foes = client.get(links["pc:foes"]).text
    assert 'class="own-unit" data-unit="Ash"' in foes  # Ash acts: its Attack form
    assert re.search(r'id="mine-quick-f-attack-Ash"', foes)
    assert 'id="command"' not in foes and 'id="links"' not in foes  # the GM's only
    later = create(client, "ib", sample=False)
    assert run(client, later["gm"], "add Bo side=a hp=3 speed=1 init=1 player=Cy").status_code \
        == 303
    assert "pc:Cy" in page_links(client.get(later["gm"]).text)  # stored with the command


def test_a_player_enters_only_its_own_units_actions(client: TestClient) -> None:
    """IB 3.2.5: Ash acts; its attack is the foes page's to enter, not Ann's, and a
    player page runs no typed command and none of the GM's entries."""
    links = battle(client)
    ann, foes, gm = links["pc:Ann"], links["pc:foes"], links["gm"]
    stored = len(events(client, gm))
    refused = (
        (form(client, ann, "attack", NAME="Ash", kind="basic", TARGET="Kaede", N="3"),
         "Ann controls Kaede; Ash is not theirs to act for"),
        (form(client, ann, "pass"), "Ann controls Kaede; Ash is not theirs to act for"),
        (form(client, ann, "defeat", NAME="Kaede"), "'defeat' is the game master's to enter"),
        (run(client, ann, "next"), "only the game master's link runs commands"),
        (form(client, ann, "fly", NAME="Kaede"), "unknown command 'fly'"),
    )
    for answer, words in refused:
        assert answer.status_code == 400 and shown_error(answer.text).startswith(words), \
            (words, shown_error(answer.text))
    assert form(client, links["spectator"], "pass").status_code == 400
    assert len(events(client, gm)) == stored  # nothing stored
    assert form(client, foes, "attack", NAME="Ash", kind="basic", TARGET="Kaede",
                N="3").status_code == 303
    console = record(client, gm).console
    assert isinstance(console, IBCompanionConsole)
    assert console.companion.started().hp[console.companion.unit("Kaede")] == 7  # IB 5.2
    assert events(client, gm)[-1] == {"line": "attack Ash basic on Kaede for 3",
                                      "by": "foes", "v": 2}
    with client.websocket_connect(socket(ann)) as ws:
        seat = Seat(ws)
        seat.recv()
        answer = ask(seat, op="form", verb="end", args={})
        assert answer["type"] == "error" and "not theirs" in answer["message"]
        answer = ask(seat, op="form", verb="charge", args={"NAME": "Ember",
                                                           "+N or -N": "+1"})
        assert answer["type"] == "error" and "Ember is not theirs" in answer["message"]
        assert ask(seat, op="form", verb="charge", args={"NAME": "Kaede",
                                                         "+N or -N": "+1"})["type"] == "render"
    assert events(client, gm)[-1]["line"] == "charge Kaede +1"


def test_the_gm_page_shows_the_track_with_the_round_marker(client: TestClient) -> None:
    links = battle(client)
    page = client.get(links["gm"]).text
    order = re.findall(r'<tr class="(?:unit[^"]*|round-marker)"(?: data-unit="(\w+)")?', page)
    assert order == ["Ash", "Kaede", "Ember", ""]  # IB 2.9.4-2.9.5: the RM at the right
    assert "Acting: <strong>Ash</strong>" in page
    assert "[IB 2.9.4]" in page and "[IB 3.1.2]" in page  # the log's rule ids
    assert 'data-verb="attack"' in page and 'id="quick-f-attack-Ash"' in page


def test_the_verb_first_phrases_are_the_unit_phrases() -> None:
    """`attack NAME KIND ...` and `move NAME up N` (what the forms write) do what the
    table's phrases do (IB 4.1.1, IB 3.4)."""
    def after(lines: tuple[str, ...]) -> dict[str, Any]:
        console = IBCompanionConsole(lambda _: None)
        for line in (*ROSTER, "start", "begin", *lines):
            console.run(line)
        return console.companion.to_dict() | {"ops": None}

    assert after(("attack Ash basic on Kaede for 3", "move Ember up 1")) == after(
        ("Ash basic attack on Kaede for 3", "Ember move up 1"))
    console = IBCompanionConsole(lambda _: None)
    for line in (*ROSTER, "start", "begin"):
        console.run(line)
    for bad, words in (("attack Ash slap", "usage: attack NAME"),
                       ("attack Ash basic on Kaede", "usage: attack NAME"),
                       ("move Ash sideways 2", "usage: move NAME up|back N")):
        with pytest.raises(ValueError, match=words):
            console.run(bad)


def test_the_companion_catalogue_covers_its_console() -> None:
    """Every command the companion's console reads has one catalogue entry (its aliases
    and quit aside), and a form filled with sample values makes a line the console
    reads: refused by the rules perhaps, never as malformed."""
    book = catalogue("ib")
    verbs = [c.verb for c in book.commands]
    assert len(verbs) == len(set(verbs))
    firsts = {v.split()[0] for v in verbs}
    assert firsts == COMMAND_WORDS - {"roster", "track", "quit", "exit"}
    assert {c.verb for c in book.commands if not c.web} <= WEB_REFUSED
    assert help_text(book) == HELP  # the console's help is written from it
    for command in book.commands:
        assert command.help and all(a.kind in ARG_KINDS for a in command.args)
        texts = [a for a in command.args if a.kind == "text"]
        assert not texts or command.args[-1] == texts[0]  # free text comes last
        assert not command.row or command.args  # a row command names its row
    sample = {"name": "Ash", "int": "1", "signed": "+1", "word": "Newcomer",
              "names": "Ash Kaede Ember", "text": "Support"}
    for started in (False, True):
        console = IBCompanionConsole(lambda _: None)
        for line in (*ROSTER, *(("start", "begin") if started else ())):
            console.run(line)
        for command in book.commands:
            if not command.web:
                continue
            values = {a.name: sample.get(a.kind) or (a.choices[0] if a.choices else "")
                      for a in command.args}
            if command.verb == "add":
                values |= {"side": "foes", "HP": "3", "speed": "1", "initiative": "1"}
            line = build_line(book, command.verb, values)
            why = refusal(console, line)
            assert not re.search(r"usage|unknown command|must be|cannot read", why), \
                (line, why)


def test_a_break_time_collapse_and_the_end_on_the_gm_page(client: TestClient) -> None:
    """IB 3.7.5-3.7.6: a Break shows its unit breaking and Break Art resolved enabled;
    IB 3.6.1: with fewer units than the lowest Speed the Round Marker's row goes (Time
    Collapse); IB 3.6.5: a side with no unit left has lost."""
    links = battle(client)
    gm = links["gm"]
    for line in ("end", "charge Kaede +3", "break Kaede"):
        assert run(client, gm, line).status_code == 303, line
    page = client.get(gm).text
    assert "Breaking: <strong>Kaede</strong>" in page
    assert re.search(r'data-line="break end" title="[^"]*">Break Art resolved<', page)
    assert run(client, gm, "break end").status_code == 303
    assert run(client, gm, "defeat Ash").status_code == 303
    page = client.get(gm).text
    console = record(client, gm).console
    assert isinstance(console, IBCompanionConsole)
    assert console.companion.started().track.rm is None  # 2 units, lowest Speed 3
    assert "Time Collapse" in page and 'class="round-marker"' not in page
    assert "Defeated: Ash" in page
    assert run(client, gm, "defeat Ember").status_code == 303
    page = client.get(gm).text
    assert "Battle over: <strong>heroes win</strong>" in page
