"""IB-2.2.1 / IB-2.9.1: no path a player reaches starts a battle with Characters that
have no Keystone. `initiative play` (no --format), `initiative bench`, the lab, the
server's tables and `modes.standard_match` make the checks `build_match` makes; only
`match.fixture_match`, named for the engine tests, builds the Keystone-less fixtures."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from initiative.cli.bench import run as bench_run
from initiative.cli.main import app
from initiative.engine.errors import ContentError
from initiative.games.ib.content import core_content
from initiative.games.ib.match import fixture_match
from initiative.games.ib.modes import standard_match
from initiative.games.ib.setup import new_game
from initiative.lab.ib.matchup import Matchup
from initiative.server.ib.setup import SeatPlan, TableSetup
from initiative.server.parts import SetupError

RUNNER = CliRunner()
FIXTURE = "fixture_vanguard"
NO_KEYSTONE = "IB-2.2.1 wren: has no Keystone"


@pytest.mark.parametrize("args", [
    ["play", "--seed", "1", "--team", FIXTURE],
    ["play", "--seed", "1", "--seat", "2", "--opponent-team", FIXTURE],
    ["bench", "--games", "1", "--team", FIXTURE],
    ["bench", "--games", "1", "--opponent-team", FIXTURE],
])
def test_the_command_line_refuses_a_team_without_keystones(args: list[str]) -> None:
    result = RUNNER.invoke(app, args, input="")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: 1v1: ")
    assert NO_KEYSTONE in result.stderr and "Traceback" not in result.stderr


def test_standard_match_checks_the_rules_and_matches_the_fixture_path() -> None:
    with pytest.raises(ContentError, match=NO_KEYSTONE):
        standard_match("ashfall", FIXTURE)
    assert standard_match("tideguard", "ashfall") == fixture_match("tideguard", "ashfall")


def test_the_lab_refuses_a_team_without_keystones() -> None:
    with pytest.raises(ContentError, match=NO_KEYSTONE):
        Matchup((FIXTURE, "tideguard")).match(1)


def test_a_server_table_refuses_a_team_without_keystones() -> None:
    """Even a stored table (not the create form, which never offers fixtures)."""
    setup = TableSetup("t", "1v1", (SeatPlan("A", FIXTURE), SeatPlan("B", "ashfall")))
    with pytest.raises(SetupError) as raised:
        setup.build(core_content(), 1)
    assert any(NO_KEYSTONE in problem for problem in raised.value.problems)


def test_the_bench_and_its_default_are_legal_teams() -> None:
    assert bench_run(1, 1)["decisions_per_game"] > 0


def test_the_fixture_path_still_builds_keystone_less_teams_for_engine_tests() -> None:
    match = fixture_match()
    content = match.content
    assert [seat.characters for seat in match.seats] == [
        content.teams[key][1] for key in ("fixture_vanguard", "fixture_harrow")]
    assert all(not seat.keystones for seat in match.seats)
    assert not new_game(match, 3).is_terminal()
