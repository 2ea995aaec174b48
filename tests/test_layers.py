"""Layer checks read from the source (GUIDE: engine -> timing -> games -> bots/lab ->
cli/server/web; a layer imports only from the layers before it).

Every import counts, those inside functions too; only `if TYPE_CHECKING:` blocks are
left out (they never run). The sources are parsed with `ast`, nothing is imported."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import initiative

ROOT = Path(initiative.__file__).parent

FRONT_END = "initiative.cli"
BELOW_FRONT_ENDS = ("server", "games", "engine", "timing", "bots", "lab", "trackers", "store")
"""No package here imports the terminal front end (the web table included: it words the
game with games/ib/text, not with cli/render.py)."""

ABOVE_GAMES = ("initiative.store", "initiative.server", "initiative.bots")
"""Storage, the web table and the bots sit above the games: a game never imports them."""

GAMES_ALLOWED: dict[str, frozenset[str]] = {}
"""Imports from `ABOVE_GAMES` a games module may still make, by module, each entry with a
comment naming the issue that removes it. Empty: none is left (issue 17 removed the
campaign session's import of the store: engine/keeper.py)."""


@dataclass(frozen=True, slots=True)
class Import:
    module: str
    """The importing module, e.g. `initiative.server.ib.render`."""
    target: str
    """The imported module (for `from X import y`, X and X.y both count)."""
    line: int


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module of `from .x import y` (level 1 is the module's package)."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    keep = len(base) - node.level + (1 if is_package else 0)
    return ".".join([*base[:keep], *([node.module] if node.module else [])])


def _walk(nodes: list[ast.stmt] | list[ast.AST]) -> Iterator[ast.AST]:
    """Every node below `nodes`, leaving out the body of `if TYPE_CHECKING:`."""
    for node in nodes:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _walk(list(node.orelse))
            continue
        yield node
        yield from _walk(list(ast.iter_child_nodes(node)))


def imports_of(path: Path, module: str | None = None) -> Iterator[Import]:
    """Every import `path` runs (as `module`, by default its name under `initiative`)."""
    module = module or _module_name(path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in _walk(list(tree.body)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(module, alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, is_package, node)
            yield Import(module, target, node.lineno)
            for alias in node.names:
                yield Import(module, f"{target}.{alias.name}", node.lineno)


def imports_under(package: str) -> list[Import]:
    return [i for path in sorted((ROOT / package).rglob("*.py")) for i in imports_of(path)]


def _within(target: str, package: str) -> bool:
    return target == package or target.startswith(package + ".")


def test_the_checker_sees_imports_inside_functions_and_skips_type_checking(
        tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from initiative.cli import render\n"
        "def f() -> None:\n"
        "    from initiative.store import Store\n"
        "    from . import other\n", encoding="utf-8")
    seen = {i.target for i in imports_of(probe, "initiative.games.probe")}
    assert "initiative.store.Store" in seen
    assert "initiative.games.other" in seen  # the relative import, resolved
    assert not any(_within(t, FRONT_END) for t in seen)


@pytest.mark.parametrize("package", BELOW_FRONT_ENDS)
def test_no_layer_below_the_front_ends_imports_the_terminal(package: str) -> None:
    leaks = [f"{i.module}:{i.line} imports {i.target}" for i in imports_under(package)
             if _within(i.target, FRONT_END)]
    assert not leaks, leaks


def test_games_import_no_store_server_or_bots() -> None:
    leaks = sorted({f"{i.module}:{i.line} imports {i.target}"
                    for i in imports_under("games")
                    if any(_within(i.target, above) for above in ABOVE_GAMES)
                    and not any(_within(i.target, allowed)
                                for allowed in GAMES_ALLOWED.get(i.module, ()))})
    assert not leaks, leaks


def test_game_text_imports_no_rich() -> None:
    """The words of a game are front-end neutral: no terminal styling library."""
    leaks = [f"{i.module}:{i.line} imports {i.target}" for i in imports_under("games")
             if _within(i.target, "rich")]
    assert not leaks, leaks
