"""`initiative track exalted|faith --tui`: the full-screen tracker driven headlessly with
Textual's ``run_test``: commands typed into the command line change the order table,
the header and the log; key bindings undo, redo, advance, show help and quit."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Footer, RichLog, Static
from typer.testing import CliRunner

from initiative.cli import track_tui
from initiative.cli.main import app as main_app
from initiative.cli.track_tui import CommandInput, TrackerApp, build_app
from initiative.trackers.exalted import HELP, ExaltedConsole
from initiative.trackers.faith import HELP as FAITH_HELP
from initiative.trackers.faith import FaithConsole

SIZE = (160, 50)  # wide enough that no log line wraps

EXALTED_SETUP = [
    "add Ryo stamina=3 wits=3 awareness=2",   # base 4i
    "add Brute npc stamina=2 wits=2 awareness=1",  # base 3i
    "join Ryo 4",  # 7i
    "join Brute 2",  # 5i
    "start",
]

Scenario = Callable[[TrackerApp, Pilot[Any]], Awaitable[None]]


def drive(app: TrackerApp, scenario: Scenario) -> TrackerApp:
    """Run ``scenario`` against ``app`` headlessly; returns the app for checks after exit."""

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await scenario(app, pilot)

    asyncio.run(go())
    return app


async def settle(pilot: Pilot[Any]) -> None:
    """Let the app draw: the log pane renders its lines once it has a size, which a
    loaded machine may give it a few frames late (up to about 5 s here)."""
    await pilot.pause()
    app = pilot.app
    assert isinstance(app, TrackerApp)
    log = app.query_one("#log", RichLog)
    for _ in range(250):
        if len(log.lines) >= len(app.transcript):
            return
        await pilot.pause(0.02)


async def given(pilot: Pilot[Any], *lines: str) -> None:
    """Set-up lines, submitted directly (as Enter would, without the key round trip)."""
    app = pilot.app
    assert isinstance(app, TrackerApp)
    for line in lines:
        app.submit(line)
    await settle(pilot)


async def enter(pilot: Pilot[Any], *lines: str) -> None:
    """Type each line into the command line (set at once) and press Enter."""
    box = pilot.app.query_one(CommandInput)
    for line in lines:
        box.value = line
        await pilot.press("enter")
    await settle(pilot)


def table(app: TrackerApp) -> list[list[str]]:
    grid = app.query_one("#order", DataTable)
    return [[str(cell) for cell in grid.get_row_at(i)] for i in range(grid.row_count)]


def column(app: TrackerApp, name: str) -> list[str]:
    grid = app.query_one("#order", DataTable)
    index = [str(c.label) for c in grid.columns.values()].index(name)
    return [row[index] for row in table(app)]


def header(app: TrackerApp) -> str:
    return str(app.query_one("#header", Static).content)


def notes(app: TrackerApp) -> str:
    return str(app.query_one("#notes", Static).content)


def log_lines(app: TrackerApp) -> list[str]:
    """What the log pane shows, one string per rendered line."""
    return [strip.text.rstrip() for strip in app.query_one("#log", RichLog).lines]


# ---------------------------------------------------------------------------- Exalted


def test_exalted_setup_shows_the_tick_order() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *EXALTED_SETUP[:3], "add Late npc stamina=1 wits=1 awareness=1")
        assert table(app) == [
            ["", "Ryo", "PC", "7", "", ""],
            ["", "Brute", "NPC", "-", "not joined", ""],
            ["", "Late", "NPC", "-", "not joined", ""],
        ]
        assert "phase join" in header(app) and "to join: Brute, Late" in header(app)
        await enter(pilot, "join Brute 2", "join Late 0", "start")
        # EX-14: highest Initiative first; everyone still to act, Ryo next.
        assert table(app) == [
            ["1", "Ryo", "PC", "7", "", ""],
            ["2", "Brute", "NPC", "5", "", ""],
            ["3", "Late", "NPC", "3", "", ""],
        ]
        assert "phase combat | round 1 | next up: Ryo (not announced" in header(app)
        assert notes(app) == "still to act: Ryo, Brute, Late"
        assert "Round 1 begins; order: Ryo 7, Brute 5, Late 3" in log_lines(app)

    drive(build_app("exalted"), scenario)


def test_exalted_not_joined_character_is_listed() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *EXALTED_SETUP[:2])
        await enter(pilot, "join Ryo 4")
        assert table(app) == [
            ["", "Ryo", "PC", "7", "", ""],
            ["", "Brute", "NPC", "-", "not joined", ""],
        ]
        assert "to join: Brute" in header(app)

    drive(build_app("exalted"), scenario)


def test_withering_changes_the_table_then_undo_and_redo_keys() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *EXALTED_SETUP)
        await enter(pilot, "next")
        assert table(app)[0] == ["1", "Ryo", "PC", "7", "up, not started", ""]
        await enter(pilot, "begin")
        before = table(app)
        assert before == [["", "Ryo", "PC", "7", "active", ""],
                          ["1", "Brute", "NPC", "5", "", ""]]
        assert "acting: Ryo" in header(app)
        await enter(pilot, "withering Ryo Brute 4")
        after = table(app)
        assert after == [["", "Ryo", "PC", "11", "active", ""],
                         ["1", "Brute", "NPC", "1", "", ""]]
        assert "Brute -4i (withering by Ryo) -> 1i" in log_lines(app)
        assert "Ryo +4i (withering on Brute) -> 11i" in log_lines(app)

        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table(app) == before
        assert app.transcript[-1] == "undone: withering Ryo Brute 4"
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert table(app) == after
        assert app.transcript[-1] == "redone: withering Ryo Brute 4"

    drive(build_app("exalted"), scenario)


def test_crash_shows_recovery_tokens() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *EXALTED_SETUP, "next")
        await enter(pilot, "withering Ryo Brute 6")
        assert table(app)[1] == ["1", "Brute", "NPC", "-1", "crashed (0 recovery tokens)", ""]

    drive(build_app("exalted"), scenario)


def test_bad_command_shows_an_error_and_changes_nothing() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *EXALTED_SETUP, "next")
        before, top = table(app), header(app)
        state = app.tracker.save_data()
        await enter(pilot, "withering Ryo Nobody 3")
        assert table(app) == before and header(app) == top
        assert app.tracker.save_data() == state
        assert log_lines(app)[-2:] == ["exalted> withering Ryo Nobody 3",
                                       "error: no character named 'Nobody' on the roster"]
        # Styled apart from announcements: the error line is red, the echo is not.
        log = app.query_one("#log", RichLog)
        error_colour = next(s.style.color for s in log.lines[-1] if s.text.strip())
        echo_colour = next(s.style.color for s in log.lines[-2] if s.text.strip())
        assert error_colour is not None and error_colour.name == "red"
        assert echo_colour is None or echo_colour.name != "red"

        await pilot.press("ctrl+y")  # nothing to redo: refused the same way
        await pilot.pause()
        assert app.transcript[-1] == "error: nothing to redo"
        assert app.tracker.save_data() == state

    drive(build_app("exalted"), scenario)


def test_up_and_down_recall_commands() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        box = app.query_one(CommandInput)
        assert app.focused is box
        await pilot.press(*"help", "enter")
        await pilot.press(*"order", "enter")
        assert box.value == ""
        await pilot.press("up")
        assert box.value == "order"
        await pilot.press("up")
        assert box.value == "help"
        await pilot.press("up")  # stays on the oldest
        assert box.value == "help"
        await pilot.press("down", "down")
        assert box.value == ""
        await pilot.press("up", "enter")  # re-run the recalled line
        assert app.transcript[-2:] == ["exalted> order", "phase join"]

    drive(build_app("exalted"), scenario)


def test_ctrl_n_runs_next() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *EXALTED_SETUP)
        await pilot.press("ctrl+n")
        await pilot.pause()
        # `next` announces: Ryo is up, its turn not begun (it may still delay)
        assert app.transcript[-1].startswith("Round 1: Ryo is up at tick 7")
        assert table(app)[0][4] == "up, not started"
        assert "up: Ryo (not started" in header(app)

    drive(build_app("exalted"), scenario)


def test_f1_writes_the_help() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await pilot.press("f1")
        await pilot.pause()
        assert app.transcript[-len(HELP.splitlines()):] == HELP.splitlines()
        assert any(line.startswith("  withering ATTACKER TARGET N") for line in log_lines(app))

    drive(build_app("exalted"), scenario)


def test_footer_shows_the_bindings_while_typing() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        assert app.focused is app.query_one(CommandInput)
        active = app.screen.active_bindings
        shown = {key: active[key].binding.description for key in
                 ("ctrl+z", "ctrl+y", "ctrl+n", "f1", "ctrl+q")}
        assert shown == {"ctrl+z": "Undo", "ctrl+y": "Redo", "ctrl+n": "Next", "f1": "Help",
                         "ctrl+q": "Quit"}
        assert all(active[key].binding.show and active[key].binding.priority for key in shown)
        footer_text = " ".join(str(w.render()) for w in app.query_one(Footer).query("*"))
        assert all(word in footer_text for word in ("Undo", "Redo", "Next", "Help", "Quit"))

    drive(build_app("exalted"), scenario)


def test_quit_command_leaves() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await enter(pilot, "quit")
        assert not app.is_running

    assert drive(build_app("exalted"), scenario).return_value == 0


def test_ctrl_q_leaves() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not app.is_running

    drive(build_app("faith"), scenario)


def test_script_lines_run_before_the_view_opens() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        assert column(app, "Initiative") == ["7", "5"]
        assert "exalted> join Brute 2" in log_lines(app)
        assert "error: unknown command 'bogus' (try 'help')" in app.transcript
        await pilot.press("ctrl+z")  # the script's steps are undoable
        await pilot.pause()
        assert "phase join" in header(app)

    drive(build_app("exalted", [*EXALTED_SETUP, "bogus", "quit", "next"]), scenario)


# ---------------------------------------------------------------------------- FaithRPG

FAITH_COMMITS = ["roster", "round", "commit Orrin 0", "commit Vessa", "commit gm 1",
                 "commit Talwyn"]


def test_faith_commitments_are_face_down() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *FAITH_COMMITS[:-1])
        await enter(pilot, FAITH_COMMITS[-1])
        rows = {row[1]: row for row in table(app)}
        assert list(rows) == ["Vessa", "Orrin", "Talwyn", "Marek", "Bailiff", "Bailiff2",
                              "Reeve", "Mastiff"]
        # FA-3 / FA-A14: the GM sees cards committed from hand, deck tops stay unseen.
        assert rows["Orrin"][3] == "face down: 2 of ember"
        assert rows["Vessa"][3] == "face down (deck top, unseen)"
        assert rows["Marek"][3] == "-"
        assert rows["Reeve"][3] == "GM: face down: 3 of gale [proficiency]"
        assert column(app, "Total") == [""] * 8
        assert "cards still to commit: Marek" in header(app)
        assert notes(app) == "GM hand: [0] 9 of ember, [1] 5 of ember"

    drive(build_app("faith"), scenario)


def test_faith_reveal_shows_totals_order_and_ties() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *FAITH_COMMITS, "commit Marek 2")
        await enter(pilot, "reveal")
        assert table(app) == [
            ["1", "Talwyn", "PC", "10 of loam", "1", "11", "pending, up (not started)", ""],
            ["2", "Marek", "PC", "8 of gale", "2", "10", "pending", ""],
            ["3", "Vessa", "PC", "6 of gale", "3", "9", "pending", ""],
            ["4", "Mastiff", "NPC", "GM: 3 of gale [proficiency]", "5", "8", "pending", ""],
            ["5", "Orrin", "PC", "2 of ember", "5", "7", "pending", ""],
            ["6", "Reeve", "NPC", "GM: 3 of gale [proficiency]", "4", "7", "pending", ""],
            ["7", "Bailiff", "NPC", "GM: 3 of gale [proficiency]", "2", "5", "pending", ""],
            ["8", "Bailiff2", "NPC", "GM: 3 of gale [proficiency]", "2", "5", "pending", ""],
        ]
        assert header(app) == ("FaithRPG card rounds | phase turns | round 1 | "
                               "next up: Talwyn (not announced: 'next')")
        assert notes(app).splitlines() == [
            "order: Talwyn > Marek > Vessa > Mastiff > Orrin > Reeve > Bailiff > Bailiff2",
            "tie at 5 (npc): Bailiff > Bailiff2 [open]",
        ]
        assert any(line.startswith("Totals (FA-7): Talwyn 10+1=11") for line in log_lines(app))

        await given(pilot, "begin")
        assert "acting: Talwyn" in header(app)  # FA-14: begun, no longer "not started"
        await given(pilot, "next")  # ends Talwyn's turn, announces Marek
        assert "up: Marek (not started)" in header(app)
        await enter(pilot, "wait Marek")
        rows = {row[1]: row for row in table(app)}
        assert rows["Talwyn"][3:] == ["10 (discarded)", "1", "11", "acted", ""]
        assert rows["Marek"][0] == "" and rows["Marek"][6] == "waits on Vessa"
        assert column(app, "Character")[:4] == ["Talwyn", "Vessa", "Marek", "Mastiff"]
        assert "next up: Vessa (not announced" in header(app)

        await pilot.press("ctrl+z")
        await pilot.pause()
        assert {row[1]: row for row in table(app)}["Marek"][6] == "pending, up (not started)"

    drive(build_app("faith"), scenario)


def test_faith_bad_command_and_help() -> None:
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, "roster", "round")
        before = table(app)
        await enter(pilot, "reveal")
        assert app.transcript[-1].startswith("error: cannot reveal: no card committed yet")
        assert table(app) == before
        await pilot.press("f1")
        await pilot.pause()
        assert app.transcript[-len(FAITH_HELP.splitlines()):] == FAITH_HELP.splitlines()

    drive(build_app("faith"), scenario)


def test_load_refreshes_the_panes(tmp_path: Path) -> None:
    save = tmp_path / "fight.json"

    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *EXALTED_SETUP, f"save {save}", "next", "withering Ryo Brute 4")
        assert column(app, "Initiative") == ["11", "1"]
        await enter(pilot, f"load {save}")
        assert column(app, "Initiative") == ["7", "5"]
        assert column(app, "Next") == ["1", "2"]

    drive(build_app("exalted"), scenario)


# ---------------------------------------------------------------------------- the CLI


def test_track_commands_offer_tui() -> None:
    for system in ("exalted", "faith"):
        result = CliRunner().invoke(main_app, ["track", system, "--help"])
        assert result.exit_code == 0 and "--tui" in result.output


@pytest.mark.parametrize(("system", "kind"), [("exalted", ExaltedConsole),
                                              ("faith", FaithConsole)])
def test_track_tui_opens_the_app(system: str, kind: type, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[TrackerApp] = []

    def fake_run(self: TrackerApp) -> int:
        opened.append(self)
        return 0

    monkeypatch.setattr(TrackerApp, "run", fake_run)
    script = tmp_path / "lines.txt"
    script.write_text("help\n", encoding="utf-8")
    result = CliRunner().invoke(main_app, ["track", system, str(script), "--tui"])
    assert result.exit_code == 0, result.output
    assert len(opened) == 1 and isinstance(opened[0].tracker, kind)
    missing = CliRunner().invoke(main_app, ["track", system, "--tui", str(tmp_path / "no")])
    assert missing.exit_code == 2 and len(opened) == 1


def test_tui_main_runs_the_script_in_the_view(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "lines.txt"
    script.write_text("\n".join(EXALTED_SETUP) + "\n", encoding="utf-8")
    seen: list[list[list[str]]] = []

    def fake_run(self: TrackerApp) -> int:
        async def look(app: TrackerApp, pilot: Pilot[Any]) -> None:
            seen.append(table(app))

        drive(self, look)
        return 0

    monkeypatch.setattr(TrackerApp, "run", fake_run)
    assert track_tui.tui_main("exalted", script) == 0
    assert seen == [[["1", "Ryo", "PC", "7", "", ""], ["2", "Brute", "NPC", "5", "", ""]]]


def test_faith_ctrl_n_announces_and_the_line_order_sorts_as_the_table() -> None:
    """FA-14: ctrl+n (next) announces who is up, not started; begin starts the turn and
    the next ctrl+n closes it. FA-8, FA-19: the line `order` lists the characters as the
    table does (one sorting function)."""
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *FAITH_COMMITS, "commit Marek 2", "reveal", "wait")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert app.transcript[-1].startswith("Marek is up (turn not started")
        assert "up: Marek (not started)" in header(app)
        await given(pilot, "begin")
        assert "acting: Marek" in header(app)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert "Marek's turn ends (FA-14)" in " ".join(app.transcript[-3:])
        assert "up: Talwyn (not started)" in header(app)
        start = len(app.transcript)
        await given(pilot, "order")
        listed = [line.split(":")[0].strip() for line in app.transcript[start + 2:]
                  if line.startswith("  ") and "=" in line]
        assert listed == column(app, "Character")

    drive(build_app("faith"), scenario)
