"""The `initiative` command looks every game up by name (games/registry.py): `play` and
`bench` take the game's own options from its terminal part, `replay`, `rules` and
`cards lint` use its records, rules and lint parts, `initiative --help` lists its
commands without importing it, and a game with no parts at all still gets a clear
answer from each command."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.cli.parts import TerminalGame
from initiative.cli.play import SHARED
from initiative.cli.rules import flag_rows
from initiative.games import registry
from initiative.games.parts import RecordReader, RulesListing
from initiative.games.registry import Command, GameEntry, entries, part, registered_games

RUNNER = CliRunner()
GAMES = registered_games()
GAME_PACKAGES = ("initiative.games.ib", "initiative.games.hex", "initiative.games.ti",
                 "initiative.cli.ib", "initiative.cli.hex", "initiative.cli.ti")
TOY_APP = typer.Typer(help="A toy game's own command.")


@TOY_APP.command()
def hello() -> None:
    """Say hello."""
    typer.echo("hello from the toy game")


@TOY_APP.command()
def bye() -> None:
    """Say goodbye."""


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", GAMES)
def test_play_help_lists_the_game_options_and_the_shared_ones(game: str) -> None:
    done = RUNNER.invoke(app, ["play", "--game", game, "--help"])
    assert done.exit_code == 0, done.output
    terminal = part(game, "terminal", TerminalGame)
    names = [option.opts[0] for option in (*SHARED, *terminal.play_options.params)]
    assert all(name in done.output for name in names), names
    assert f" play --game {game} [OPTIONS]" in done.output
    title = registry.entry(game).title
    assert f"Play {title} at the terminal" in _words(done.output)


def test_play_help_without_a_game_shows_the_default_and_names_every_game() -> None:
    done = RUNNER.invoke(app, ["play", "--help"])
    assert done.exit_code == 0, done.output
    text = _words(done.output)
    assert f" play --game {registry.DEFAULT_GAME} [OPTIONS]" in text
    assert "--opponent-team" in text and "--max-activations" in text
    assert "Another game's options: initiative play --game NAME --help" in text
    assert all(game in text for game in GAMES if game != registry.DEFAULT_GAME)


@pytest.mark.parametrize("game", GAMES)
def test_bench_help_lists_the_game_bench_options(game: str) -> None:
    done = RUNNER.invoke(app, ["bench", "--game", game, "--help"])
    assert done.exit_code == 0, done.output
    terminal = part(game, "terminal", TerminalGame)
    for option in terminal.bench_options.params:
        assert option.opts[0] in done.output
    assert "--games" in done.output and "--seed" in done.output


@pytest.mark.parametrize("command", [
    ["play", "--game", "chess"],
    ["play", "--game", "chess", "--help"],
    ["bench", "--game", "chess"],
    ["rules", "--game", "chess"],
    ["cards", "lint", "--game", "chess"],
])
def test_an_unknown_game_is_a_clear_error(command: list[str]) -> None:
    done = RUNNER.invoke(app, command)
    assert done.exit_code == 2
    assert f"--game: 'chess' is not one of {', '.join(GAMES)}" in done.output
    assert "Traceback" not in done.output


def test_an_option_of_another_game_names_that_game() -> None:
    done = RUNNER.invoke(app, ["play", "--game", "the_initiative", "--encounter", "x"])
    assert done.exit_code == 2
    assert "No such option '--encounter'. It is an option of --game initiative_break." \
        in _words(done.output)
    typo = RUNNER.invoke(app, ["play", "--sead", "3"])
    assert typo.exit_code == 2 and "No such option '--sead'" in typo.output
    assert "It is an option" not in typo.output


@pytest.mark.parametrize("game", GAMES)
def test_replay_finds_the_game_of_a_record_by_its_format_tag(game: str,
                                                            tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = RUNNER.invoke(app, ["play", "--game", game, "--watch", "--seed", "5",
                                 "--record", str(path)])
    assert played.exit_code == 0, played.output
    data = json.loads(path.read_text())
    assert registry.entry_of_record(data["format"]) == registry.entry(game)
    reader = part(game, "records", RecordReader)
    told = RUNNER.invoke(app, ["replay", str(path)])
    assert told.exit_code == 0, told.output
    assert told.output.splitlines() == reader.story(data, False)
    assert told.output.splitlines()[-1].startswith("Result: ")
    verbose = RUNNER.invoke(app, ["replay", "-v", str(path)])
    assert verbose.output.splitlines() == reader.story(data, True)
    position = RUNNER.invoke(app, ["replay", "--position-after", "3", str(path)])
    assert position.exit_code == 0 and position.output == reader.position(data, 3)


def test_replay_of_a_record_of_no_registered_game_names_the_known_formats(
        tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "pgn"}')
    done = RUNNER.invoke(app, ["replay", str(path)])
    assert done.exit_code == 1
    known = ", ".join(repr(e.record_format) for e in entries())
    assert f"record.format: expected one of {known}, got 'pgn'" in _words(done.output)


@pytest.mark.parametrize("game", GAMES)
def test_rules_lists_every_flag_of_the_game(game: str) -> None:
    done = RUNNER.invoke(app, ["rules", "--game", game])
    assert done.exit_code == 0, done.output
    listing = part(game, "rules", RulesListing)
    for section in listing.sections:
        assert section.title in done.output
        rows = flag_rows(section)
        assert [row.name for row in rows] == [f.name for f in fields(section.flags)]
        for row in rows:
            assert f"\n{row.name} = {row.default} [{row.rule}]" in done.output


def test_help_lists_every_game_command_under_its_game() -> None:
    done = RUNNER.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert done.exit_code == 0, done.output
    for game in entries():
        for command in game.parts.commands:
            assert game.title in done.output
            assert f" {command.name} " in done.output
            assert _words(command.help) in _words(done.output)


def _modules_loaded(code: str) -> list[str]:
    """The game and per-game front-end modules a fresh interpreter loads running `code`."""
    script = (f"import sys\n{code}\n"
              "print('\\n'.join(m for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    return [m for m in out.splitlines() if m.startswith(GAME_PACKAGES)]


def test_importing_the_command_loads_no_game() -> None:
    assert _modules_loaded("import initiative.cli.main") == []


def test_initiative_help_reads_the_entries_but_loads_no_game() -> None:
    loaded = _modules_loaded(
        "from typer.testing import CliRunner\n"
        "from initiative.cli.main import app\n"
        "assert CliRunner().invoke(app, ['--help']).exit_code == 0")
    assert loaded, "the entries name the games' commands"
    assert all(m.rsplit(".", 1)[-1] == "entry" or m in GAME_PACKAGES for m in loaded), \
        loaded


TOY_ENTRY = GameEntry(name="toy_game", title="Toy game", summary="A test's game.",
                      loader="initiative.games.hex.loader:load_hex_skirmish",
                      parts=registry.Parts(commands=(
                          Command("toy", "tests.cli.test_registry_cli:TOY_APP",
                                  "A toy game's own command."),)))
"""A registered game with no parts but one command (the hex game's rules, renamed)."""


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    found = {**registry.BUILT_IN, TOY_ENTRY.name: "tests.cli.test_registry_cli:TOY_ENTRY"}
    monkeypatch.setattr(registry, "_targets", lambda: found)
    yield TOY_ENTRY.name
    registry._entry.cache_clear()


def test_a_game_without_parts_is_answered_by_every_command(toy_game: str) -> None:
    helped = RUNNER.invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert "Toy game" in helped.output and "A toy game's own command." in helped.output
    said = RUNNER.invoke(app, ["toy", "hello"])
    assert said.exit_code == 0 and said.output == "hello from the toy game\n"
    benched = RUNNER.invoke(app, ["bench", "--game", toy_game, "--games", "1"])
    assert benched.exit_code == 0, benched.output
    assert "us_per_decision: " in benched.output
    for command, kind in ((["play"], "terminal"), (["rules"], "rules"),
                          (["cards", "lint"], "lint")):
        done = RUNNER.invoke(app, [*command, "--game", toy_game])
        assert done.exit_code == 2, (command, done.output)
        assert f"--game: Toy game (toy_game) has no {kind} part" in done.output


@pytest.mark.parametrize("game", ["initiative_break", "hex_skirmish", "the_initiative"])
def test_lint_checks_any_games_content(game: str, tmp_path: Path) -> None:
    """`initiative lint --game NAME`: the game's own linter through the registry; its
    shipped content passes, a file that is not content fails with exit 1 and the file
    named."""
    shipped = RUNNER.invoke(app, ["lint", "--game", game])
    assert shipped.exit_code == 0, shipped.output
    assert shipped.output.rstrip().endswith(": ok")
    broken = tmp_path / "broken.yaml"
    broken.write_text("characters: [not a mapping\n", encoding="utf-8")
    bad = RUNNER.invoke(app, ["lint", "--game", game, str(broken)])
    assert bad.exit_code in (1, 2) and "broken.yaml" in bad.output, bad.output
