"""The toy game plugs in by name with no file outside its own folder (issue 24 item 1):
it is a registered game exactly when tests/toy_game is on the path (fresh interpreters,
found through its entry point as an installed package is); everything it is made of,
every part the front ends load for it included, is a file of that folder; it imports
nothing of the tests; and nothing in the package names it."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.toy_game.support import FOLDER, toy_env

PACKAGE = FOLDER / "toy_game"
ROOT = FOLDER.parent.parent
PARTS = {
    "terminal": "initiative.cli.parts:TerminalGame",
    "web": "initiative.server.parts:WebGame",
    "lab": "initiative.lab.parts:LabGame",
    "records": "initiative.games.parts:RecordReader",
    "rules": "initiative.games.parts:RulesListing",
    "lint": "initiative.games.parts:ContentLinter",
}
"""Every part the toy declares and what each front end expects it to be."""
LOAD_EVERYTHING = f"""
import json, sys
from importlib.metadata import distribution
from initiative.games.registry import entry, load_game, part, registered_games, resolve
parts = {PARTS!r}
for kind, expected in parts.items():
    part("toy", kind, resolve(expected))
game = load_game("toy")
game.new_initial_state(1)
found = entry("toy")
print(json.dumps({{
    "games": registered_games(),
    "targets": [found.loader, *(getattr(found.parts, kind) for kind in parts)],
    "modules": {{name: module.__file__ for name, module in sys.modules.items()
                 if name.partition(".")[0] == "toy_game"}},
    "templates": str(part("toy", "web", object).template_folder),
    "distribution": str(distribution("initiative-toy-game").locate_file("")),
}}))
"""
FRONT_ENDS = ("initiative.cli", "initiative.server", "initiative.lab", "initiative.bots",
              "initiative.web", "initiative.store")
PARTS_MODULES = ("terminal", "web", "lab")
"""The toy's modules that are front-end parts; the others are the game itself."""


def python(code: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_toy_is_registered_only_when_its_folder_is_on_the_path() -> None:
    code = "from initiative.games.registry import registered_games; print(registered_games())"
    without = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    built_in = ast.literal_eval(python(code, without))
    assert "toy" not in built_in and "hex_skirmish" in built_in
    assert ast.literal_eval(python(code, toy_env())) == tuple(sorted([*built_in, "toy"]))


def test_everything_the_toy_is_made_of_is_a_file_of_its_folder() -> None:
    found = json.loads(python(LOAD_EVERYTHING, toy_env()))
    assert "toy" in found["games"]
    assert all(target.startswith("toy_game.") for target in found["targets"])
    assert set(found["modules"]) >= {"toy_game.entry", "toy_game.game", "toy_game.terminal",
                                     "toy_game.web", "toy_game.lab", "toy_game.record",
                                     "toy_game.listing", "toy_game.cards"}
    for name, file in found["modules"].items():
        assert Path(file).is_relative_to(PACKAGE), f"{name} is {file}"
    assert Path(found["templates"]) == PACKAGE / "templates"
    assert Path(found["distribution"]) == FOLDER, "its entry point is the folder's"
    assert (FOLDER / "initiative_toy_game-0.1.0.dist-info" / "entry_points.txt").read_text() \
        == "[initiative.games]\ntoy = toy_game.entry:ENTRY\n"


def _imports(path: Path) -> set[str]:
    """Every module a file imports (at any depth of its code)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_the_toy_imports_nothing_of_the_tests_and_its_game_no_front_end() -> None:
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) > 10
    for path in modules:
        imports = _imports(path)
        assert not [m for m in imports if m.partition(".")[0] == "tests"], path.name
        if path.stem not in PARTS_MODULES:
            front = [m for m in imports if m.startswith(FRONT_ENDS)]
            assert not front, f"{path.name} (the game) imports front ends: {front}"


def test_nothing_in_the_package_names_the_toy() -> None:
    named = [str(path.relative_to(ROOT)) for path in (ROOT / "src").rglob("*")
             if path.is_file() and path.suffix in (".py", ".html", ".js", ".toml")
             and "toy_game" in path.read_text(encoding="utf-8", errors="replace")]
    assert not named
    assert "toy_game" not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
