"""The lab finds each game by name (lab/parts.py, through the registry): `simulate --game
NAME` takes the shared options and the game's own, a results file is reported by the
game it holds, jobs travel to worker processes with nothing but the game's name to find
it by, and the rows are those the code wrote before the lab went through the registry.

tests/lab/data/before_*.csv were written by the lab before that change (`initiative
simulate` with the arguments in `BEFORE`); the same arguments must write the same rows.
before_ib.csv was written again when drafts stopped drawing supply cards (issue 28, IB
2.7): the same rows from the code with and without that issue's speed work; and again
when copies of a Character on two sides came to be ordered by a public draw at setup
(`setup_copy_tiebreak`, IB 2.9.4): the games of seeds 3 and 4 field copies and changed,
seed 5's did not; and again when Pim Osgood became Speed 4 and 10 HP (the
first-activation pass, docs/balance.md), and when Undercut Sweep came to cost 3 (the
16,000-game pass).
"""

from __future__ import annotations

import json
import multiprocessing
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from typer.testing import CliRunner

from initiative.bots import game_bots
from initiative.cli.main import app
from initiative.engine.errors import ConfigError
from initiative.games.registry import entries
from initiative.lab.hex.matchup import HexMatchup
from initiative.lab.ib.matchup import Matchup
from initiative.lab.parts import LabGame, lab_game, lab_games
from initiative.lab.results import adapter_of_columns, read_rows, rows_adapter, write_rows
from initiative.lab.simulate import jobs, play_chunk, run
from initiative.lab.ti.matchup import TIMatchup

DATA = Path(__file__).parent / "data"
GAMES = ("initiative_break", "hex_skirmish", "the_initiative")
BEFORE = {
    "initiative_break": ["--games", "3", "--seed", "3", "--team", "random", "--team",
                         "random", "--sweep", "character.hp=8,10", "--bot", "random"],
    "hex_skirmish": ["--game", "hex_skirmish", "--games", "4", "--seed", "5",
                     "--characters", "random", "--characters", "random", "--bot",
                     "heuristic", "--bot", "random", "--rule", "round_limit=12"],
    "the_initiative": ["--game", "the_initiative", "--games", "4", "--seed", "7",
                       "--players", "3", "--mission", "gallery_after_dark"],
}
"""The arguments of `initiative simulate` that wrote tests/lab/data/before_*.csv (the
Initiative Break rows with its default bot of then, random, now named)."""
FILES = {"initiative_break": "before_ib.csv", "hex_skirmish": "before_hex.csv",
         "the_initiative": "before_ti.csv"}


def test_every_game_has_its_lab_part() -> None:
    assert [g.name for g in lab_games()] == sorted(GAMES)
    for entry in entries():
        found = lab_game(entry.name)
        assert isinstance(found, LabGame) and found.adapter.game == entry.name


@pytest.mark.parametrize("game", GAMES)
def test_the_same_arguments_write_the_rows_written_before(tmp_path: Path, game: str) -> None:
    out = tmp_path / "rows.csv"
    done = CliRunner().invoke(app, ["simulate", *BEFORE[game], "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert out.read_text(encoding="utf-8") == (DATA / FILES[game]).read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_a_results_file_is_reported_by_its_game(tmp_path: Path, game: str) -> None:
    path = DATA / FILES[game]
    rows = read_rows(path)
    assert rows_adapter(rows).game == game
    assert adapter_of_columns(list(rows[0])).game == game  # by its columns alone
    page = tmp_path / "report.html"
    done = CliRunner().invoke(app, ["report", str(path), "--html", str(page)])
    assert done.exit_code == 0, done.output
    title = lab_game(game).report.title
    assert done.stdout.startswith(title + "\n")
    assert f"<title>{title}</title>" in page.read_text(encoding="utf-8")
    empty = write_rows([], tmp_path / "empty.csv")  # no rows: known by its header
    assert rows_adapter(read_rows(empty)).game == "initiative_break"


def test_a_file_naming_an_unknown_game_is_refused(tmp_path: Path) -> None:
    rows = read_rows(DATA / FILES["hex_skirmish"])
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        rows_adapter([{**rows[0], "game": "chess"}])
    odd = write_rows(rows, tmp_path / "odd.csv")
    odd.write_text(odd.read_text(encoding="utf-8").replace("hex_skirmish", "chess"),
                   encoding="utf-8")
    done = CliRunner().invoke(app, ["report", str(odd), "--no-html"])
    assert done.exit_code == 2 and str(odd) in done.stderr
    assert "unknown game 'chess'" in done.stderr


@pytest.mark.parametrize("game", GAMES)
def test_help_lists_the_shared_options_and_the_games_own(game: str) -> None:
    done = CliRunner().invoke(app, ["simulate", "--game", game, "--help"])
    assert done.exit_code == 0, done.output
    assert f"simulate --game {game}" in done.stdout
    for option in ("--games", "--out", "--bots", "--workers", "--backend", "--address",
                   "--chunk", "--seed", "--rule", "--sweep", "--set"):
        assert option in done.stdout
    own = {p.opts[0] for p in lab_game(game).options}
    others = {p.opts[0] for g in lab_games() if g.name != game for p in g.options} - own
    assert own and all(option in done.stdout for option in own)
    assert not [option for option in others if option in done.stdout]


def test_help_without_a_game_is_the_default_games() -> None:
    done = CliRunner().invoke(app, ["simulate", "--help"])
    assert done.exit_code == 0 and "simulate --game initiative_break" in done.stdout
    assert "--team" in done.stdout and "--mission" not in done.stdout


def test_an_unknown_game_is_a_clear_error(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["simulate", "--game", "chess", "--out",
                                    str(tmp_path / "r.csv")])
    assert done.exit_code == 2
    assert "--game: 'chess' is not one of hex_skirmish, initiative_break, the_initiative" \
        in done.stderr
    assert not (tmp_path / "r.csv").exists()


def test_another_games_options_are_named_with_their_game(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["simulate", "--game", "the_initiative", "--team", "x",
                                    "--board=moon", "--out", str(tmp_path / "r.csv")])
    assert done.exit_code == 2, done.output
    assert ("--team, --board: not options of the_initiative (it takes --players, "
            "--mission, --characters); --team: an option of --game initiative_break; "
            "--board: an option of --game hex_skirmish") in done.stderr
    unknown = CliRunner().invoke(app, ["simulate", "--nothing"])  # no game's: click's
    assert unknown.exit_code == 2 and "No such option" in unknown.stderr


@pytest.mark.parametrize("game", GAMES)
def test_the_default_bot_is_the_games_own(tmp_path: Path, game: str) -> None:
    out = tmp_path / "r.csv"
    done = CliRunner().invoke(app, ["simulate", "--game", game, "--games", "1", "--out",
                                    str(out)])
    assert done.exit_code == 0, done.output
    bots = json.loads(read_rows(out)[0]["bots"])
    assert {b for seat in bots.values() for b in ([seat] if isinstance(seat, str) else seat)
            } == {game_bots(game).default}


@pytest.mark.parametrize("matchup", [Matchup(("random", "random")),
                                     HexMatchup(characters=("random", "random")),
                                     TIMatchup(players=1)])
def test_jobs_carry_the_game_to_a_fresh_process(
        matchup: Matchup | HexMatchup | TIMatchup) -> None:
    """A spawned worker starts with nothing imported: it unpickles the job and finds the
    game's lab part by the name the matchup carries."""
    work = jobs(matchup, 4, first_seed=2, chunk=2, sweep=("rules.x", [1]))
    assert [(j.seeds, j.param, j.matchup.overrides[-1]) for j in work] == [
        ((2, 3), "rules.x", ("rules.x", 1)), ((4, 5), "rules.x", ("rules.x", 1))]
    work = jobs(matchup, 4, first_seed=2, chunk=2)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        rows = [row for rows in pool.map(play_chunk, work) for row in rows]
    assert rows == run(matchup, 4, first_seed=2)


def test_the_shared_lab_modules_load_no_game() -> None:
    """The runner, the results files, the settings and the report pages import no game
    and no game's lab package (a fresh interpreter)."""
    code = ("import sys\n"
            "import initiative.lab.simulate, initiative.lab.results, initiative.lab.pages\n"
            "import initiative.lab.settings, initiative.lab.parts, initiative.lab.stats\n"
            "games = ('initiative.games.ib', 'initiative.games.hex', 'initiative.games.ti',\n"
            "         'initiative.lab.ib', 'initiative.lab.hex', 'initiative.lab.ti')\n"
            "print(sorted(m for m in sys.modules if m.startswith(games)))\n")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, timeout=60).stdout.strip()
    assert loaded == "[]"
