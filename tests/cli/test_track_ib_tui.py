"""`initiative track ib --tui`: the companion on the full-screen tracker view, driven
headlessly as the other systems' views are (tests/cli/test_track_tui.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from typer.testing import CliRunner

from initiative.cli.main import app as main_app
from initiative.cli.track_tui import TrackerApp, build_app
from initiative.trackers.ib_companion import IBCompanionConsole
from tests.cli.test_track_ib import ROSTER
from tests.cli.test_track_tui import drive, enter, given, header, log_lines, notes, table


def test_the_view_shows_units_in_track_order_and_follows_the_fight() -> None:
    """IB 2.9.4 the track at the start; IB 3.3.1 / 3.5.2 after an activation; the row of
    the unit acting is highlighted; ctrl+z undoes."""
    async def scenario(app: TrackerApp, pilot: Pilot[Any]) -> None:
        await given(pilot, *ROSTER)
        assert header(app) == "setting up: 3 unit(s)"
        assert [row[0] for row in table(app)] == ["Kaede", "Ember", "Ash"]
        await enter(pilot, "start")
        assert [row[0] for row in table(app)] == ["Ash", "Kaede", "Ember"]
        assert notes(app) == "track: Ash > Kaede > Ember |"
        assert header(app) == "round 1, up (not started): Ash"
        await enter(pilot, "begin", "Ash basic attack on Kaede for 3")
        assert header(app) == "round 1, Ash is acting"
        assert table(app)[1] == ["Kaede", "heroes", "HP 7/10", "Charge 0", "-", "slot 2"]
        assert table(app)[0][3] == "Charge 1"
        await enter(pilot, "end")
        assert notes(app) == "track: Kaede > Ember | Ash"
        assert table(app)[2][5] == "slot 3, out of round"
        assert any(line.endswith("[IB 3.5.2]") for line in log_lines(app))
        await pilot.press("ctrl+z")
        assert notes(app) == "track: Ash > Kaede > Ember |"
        assert "undone: end" in log_lines(app)

    drive(build_app("ib"), scenario)


def test_track_ib_opens_the_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[TrackerApp] = []

    def fake_run(self: TrackerApp) -> int:
        opened.append(self)
        return 0

    monkeypatch.setattr(TrackerApp, "run", fake_run)
    script = tmp_path / "lines.txt"
    script.write_text("\n".join([*ROSTER, "start"]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main_app, ["track", "ib", str(script), "--tui",
                                           "--rule", "ib_end_position=before_rm"])
    assert result.exit_code == 0, result.output
    console = opened[0].tracker
    assert isinstance(console, IBCompanionConsole)
    assert console.companion.config.ib_end_position == "before_rm"
    bad = CliRunner().invoke(main_app, ["track", "ib", "--rule", "nope=1"])
    assert bad.exit_code != 0 and "nope" in bad.output
