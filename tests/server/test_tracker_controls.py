"""The GM page's controls from the command catalogue (issue 26): the catalogue matches
the consoles, a form's values become the console line, controls are enabled only when
their command would be taken (with the console's reason), `rollall` rolls Join Battle for
everyone or the NPCs only (EX-2, EX-8, EX-A13), and a form posted without JavaScript runs
its command."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from initiative.server.tracker_controls import gm_controls
from initiative.server.tracker_hub import WEB_REFUSED
from initiative.trackers import records, systems
from initiative.trackers.command_catalogue import (
    ARG_KINDS,
    Command,
    build_line,
    catalogue,
    refusal,
)
from initiative.trackers.exalted import HELP as EXALTED_HELP
from initiative.trackers.exalted import ExaltedConsole
from initiative.trackers.faith import HELP as FAITH_HELP
from initiative.trackers.faith import FaithConsole
from tests.server.test_trackers import create, events, run, running, shown_error

SYSTEMS = ("exalted", "faith")
SAMPLE = {"name": "Ryo", "name_gm": "gm", "int": "1", "signed": "+1", "word": "roll",
          "choice": "", "flag": "", "card": "top", "text": "a test", "names": "Ryo Sela",
          "words": "agility=2 wits=1"}
"""A value of each argument kind for the sample rosters (Exalted names; Faith's below)."""


def console(system: str) -> ExaltedConsole | FaithConsole:
    made = systems.new_console(system, records.quiet, {}, 7)
    made.run("roster")
    assert isinstance(made, ExaltedConsole | FaithConsole)
    return made


def sample_values(system: str, command: Command) -> dict[str, str]:
    names = ("Ryo", "Sela") if system == "exalted" else ("Vessa", "Orrin")
    out = {}
    for arg in command.args:
        value = SAMPLE[arg.kind] or (arg.choices[0] if arg.choices else "")
        if arg.kind == "name":
            value = names[0] if not out else names[1]
        elif arg.kind == "names":
            value = " ".join(names)
        elif arg.name == "ATTR":
            value = "agility"
        elif arg.name == "NAME" and arg.kind == "word":
            value = "Newcomer"
        out[arg.name] = value
    return out


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_catalogue_lists_every_console_command_once(system: str) -> None:
    book = catalogue(system)
    verbs = [c.verb for c in book.commands]
    assert len(verbs) == len(set(verbs))
    handlers = {n[4:] for n in dir(console(system)) if n.startswith("cmd_")}
    assert set(verbs) == handlers
    helped = EXALTED_HELP if system == "exalted" else FAITH_HELP
    for command in book.commands:
        assert command.verb in helped and command.help
        assert all(a.kind in ARG_KINDS for a in command.args)
        texts = [a for a in command.args if a.kind == "text"]
        assert not texts or command.args[-1] == texts[0]  # free text comes last
        assert not command.row or command.args  # a row command names its row
    assert {c.verb for c in book.commands if not c.web} <= WEB_REFUSED
    with pytest.raises(ValueError, match="no tracker system"):
        catalogue("dnd")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_command_built_from_a_form_is_understood(system: str) -> None:
    """Sample values of each argument make a line the console reads: refused by the
    rules perhaps (phase, turn), never as a malformed or unknown command."""
    book = catalogue(system)
    for command in book.commands:
        if not command.web:
            continue
        line = build_line(book, command.verb, sample_values(system, command))
        why = refusal(console(system), line)
        assert not re.search(r"usage|unknown command|must be|cannot read", why), (line, why)


def test_form_values_are_checked_and_quoted() -> None:
    exalted, faith = catalogue("exalted"), catalogue("faith")
    assert build_line(exalted, "adjust", {"NAME": "Ryo", "+N or -N": "3",
                                          "cause": "a  stunt"}) == "adjust Ryo +3 a stunt"
    assert build_line(exalted, "start", {"free": "1"}) == "start free"
    assert build_line(exalted, "withering", {"ATTACKER": "Ryo", "TARGET": "Brute", "N": "2",
                                             "gain": "1"}) == "withering Ryo Brute 2 gain=1"
    assert build_line(faith, "act", {"NAME": "Vessa", "action": "hits Orrin's leg",
                                     "affects": "Orrin, Talwyn"}) == \
        "act Vessa affects=Orrin,Talwyn 'hits Orrin'\"'\"'s leg'"  # FA-15
    assert build_line(exalted, "contest", {"NAME": "Brute", "against": "Ryo"}) == \
        "contest Brute Ryo"  # EX-1
    assert build_line(exalted, "contest", {"NAME": "Brute", "successes": "1",
                                           "against": "Ryo", "their successes": "2"}) == \
        "contest Brute 1 Ryo 2"
    assert build_line(exalted, "worthy", {"NAMES": "Brute Scout", "worthy": "no"}) == \
        "worthy Brute Scout no"
    assert build_line(exalted, "add", {"NAME": "Mook", "npc": "1", "mook joins with": "init",
                                       "N": "7"}) == "add Mook npc init 7"  # EX-8
    assert build_line(faith, "tie", {"NAMES": "Vessa Orrin", "by": "gm"}) == \
        "tie Vessa Orrin by=gm"
    for book, verb, values, problem in (
            (exalted, "adjust", {"NAME": "Ryo", "+N or -N": "x", "cause": "c"}, "+N or -N must be"),
            (exalted, "adjust", {"NAME": "Ryo", "+N or -N": "2"}, "cause is required"),
            (exalted, "spend", {"NAME": "Ryo Sela", "N": "1"}, "one word"),
            (exalted, "effect", {"NAME": "Ryo", "duration or template": "forever"},
             "must be one of"),
            (faith, "commit", {"NAME": "gm", "card": "first"}, "card"),
            (faith, "fly", {}, "unknown command 'fly'")):
        with pytest.raises(ValueError, match=re.escape(problem)):
            build_line(book, verb, values)


def test_rollall_rolls_join_battle_for_everyone_or_the_npcs() -> None:
    """EX-2, EX-8, EX-A13: `rollall npcs` rolls the NPCs' Join Battle, `rollall` the rest;
    each is one undo step, and with nobody left to roll it is refused."""
    ex = console("exalted")
    assert isinstance(ex, ExaltedConsole)
    ex.run("rollall npcs")
    joined = {n: f.joined for n, f in ex.tracker.fighters.items()}
    assert joined == {"Ryo": False, "Sela": False, "Brute": True, "Scout": True}
    for name in ("Brute", "Scout"):
        f = ex.tracker.fighters[name]
        assert f.initiative == 3 + f.jb_successes  # EX-8
    assert "nobody is still to roll Join Battle among the NPCs" in refusal(ex, "rollall npcs")
    ex.run("rollall")
    assert all(f.joined for f in ex.tracker.fighters.values())
    assert refusal(ex, "start") == ""
    ex.run("undo")
    assert [n for n, f in ex.tracker.fighters.items() if not f.joined] == ["Ryo", "Sela"]
    ex.run("undo")
    ex.run("worthy Scout no")  # EX-1: a foe who is not worthy gets no Join Battle
    ex.run("rollall")
    assert [n for n, f in ex.tracker.fighters.items() if not f.joined] == ["Scout"]
    assert refusal(ex, "start") == ""


def test_controls_are_enabled_only_when_the_command_would_be_taken() -> None:
    ex = console("exalted")
    controls = gm_controls(ex, ("t", 0, ex.marker()))
    main = {b["line"]: b["why"] for b in controls["main"]}
    assert main["start"] == "still to roll Join Battle: Ryo, Sela, Brute, Scout"  # EX-2
    assert main["rollall"] == main["rollall npcs"] == ""
    assert main["next"] and main["undo"] == "" and main["redo"] == "nothing to redo"
    ryo = controls["rows"]["Ryo"]
    assert [b["line"] for b in ryo["quick"]] == ["join Ryo roll", "remove Ryo"]
    more = {b["line"]: b["why"] for b in ryo["more_buttons"]}
    assert more["delay Ryo"] and more["ledger Ryo"] == "" and more["join Ryo roll"] == ""
    assert "adjust Ryo -" not in " ".join(more)  # no Crash before joining
    forms = {f["verb"]: f["why"] for f in ryo["forms"]}
    assert forms["act"] == "no turn is under way" and "join" not in forms
    assert [f["verb"] for f in ryo["quick_forms"]] == ["join"]  # successes on the row (EX-8)
    assert "act Ryo" not in more  # the Act form does what its button would
    brute = controls["rows"]["Brute"]  # EX-1: an NPC is declared (not) worthy before joining
    assert [b["line"] for b in brute["quick"]][:2] == ["worthy Brute no", "join Brute roll"]
    assert "worthy" not in {f["verb"] for f in brute["quick_forms"]}  # its buttons do it
    assert "contest" not in {f["verb"] for f in brute["quick_forms"]}  # Brute is worthy
    ex.run("worthy Brute no")
    brute = gm_controls(ex, ("t", 1, ex.marker()))["rows"]["Brute"]
    assert [b["line"] for b in brute["quick"]][:1] == ["worthy Brute yes"]
    contest = next(f for f in brute["quick_forms"] if f["verb"] == "contest")  # EX-1
    assert contest["fields"][0]["hidden"] == "Brute" and contest["why"] == ""
    assert "join Brute roll" not in [b["line"] for b in brute["quick"]]  # no Join Battle
    ex.run("undo")
    ex.run("rollall")
    ex.run("start")
    controls = gm_controls(ex, ("t", 2, ex.marker()))
    main = {b["line"]: b["why"] for b in controls["main"]}
    assert main["start"].startswith("combat has already started") and main["next"] == ""
    up = ex.tracker.turn_order()[0]
    quick = [b["label"] for b in controls["rows"][up]["quick"]]
    assert quick[:3] == ["Begin turn", "Act", "Delay"] and "Crash" in quick  # EX-19, EX-17
    other = next(n for n in ex.tracker.fighters if n != up)
    assert not {"Delay", "Begin turn"} & {b["label"] for b in controls["rows"][other]["quick"]}

    fa = console("faith")
    assert isinstance(fa, FaithConsole)
    fa.run("round")
    controls = gm_controls(fa, ("f", 1, fa.marker()))
    main = {b["line"]: b["why"] for b in controls["main"]}
    assert main["reveal"].startswith("cannot reveal: no card committed yet by")  # FA-6
    gm_commit = next(f for f in controls["gm_forms"] if f["verb"] == "commit")
    assert gm_commit["why"] == "" and gm_commit["title"] == "Commit card (GM)"  # FA-5
    cards = gm_commit["fields"][1]["options"]
    assert cards[0][0] == "top" and len(cards) == 1 + len(fa.state.hands["GM"])
    vessa = controls["rows"]["Vessa"]
    assert [f["verb"] for f in vessa["quick_forms"]] == ["commit", "init"]
    bailiff = controls["rows"]["Bailiff"]  # an NPC: its card is the GM's (FA-5)
    assert not {"commit", "draw", "hand"} & {f["verb"] for f in bailiff["quick_forms"]
                                             + bailiff["forms"] + bailiff["more_buttons"]}
    for who in ("Vessa", "Orrin", "Talwyn", "Marek", "gm"):
        fa.run(f"commit {who} top")
    controls = gm_controls(fa, ("f", 6, fa.marker()))
    assert {b["line"]: b["why"] for b in controls["main"]}["reveal"] == ""
    assert [f["verb"] for f in controls["rows"]["Vessa"]["quick_forms"]] == ["init"]
    fa.run("reveal")
    fa.run("next")  # FA-14: announces who is up; begin starts that turn (FA-12, FA-13)
    up = fa.state.up_next()
    controls = gm_controls(fa, ("f", 8, fa.marker()))
    assert [b["line"] for b in controls["rows"][up]["quick"]][:2] == [f"begin {up}",
                                                                      f"act {up}"]
    other = next(n for n in controls["rows"] if n != up)
    assert f"begin {other}" not in [b["line"] for b in controls["rows"][other]["quick"]]
    affects = next(f for f in controls["forms"] if f["verb"] == "affects")
    assert affects["why"] == ""


def test_a_form_runs_its_command_with_or_without_javascript(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        gm = create(client, "exalted")["gm"]
        page = client.get(gm).text
        assert 'data-line="start" disabled title="still to roll Join Battle' in page
        posted = client.post(gm, data={"op": "form", "verb": "join", "a:NAME": "Ryo",
                                       "a:successes or roll": "2"}, follow_redirects=False)
        assert posted.status_code == 303
        assert events(client, gm)[-1] == {"line": "join Ryo 2", "by": "gm", "v": 2}
        bad = client.post(gm, data={"op": "form", "verb": "join", "a:NAME": "Ryo"})
        assert bad.status_code == 400
        assert shown_error(bad.text) == "join: successes or roll is required"
        assert run(client, gm, "rollall").status_code == 303
        page = html.unescape(client.get(gm).text)
        assert 'data-line="start" title=' in page  # everyone joined: enabled
        assert len(events(client, gm)) == 2  # the refused form stored nothing
