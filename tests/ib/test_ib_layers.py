"""The Initiative Break package is a layered DAG (games/ib/__init__.py names the layers).

Parsed with `ast` (nothing is imported), with the helpers of tests/test_layers.py:
imports inside functions count, `if TYPE_CHECKING:` ones do not."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from initiative.games.ib import LAYERS
from tests.test_layers import ROOT, imports_of

PACKAGE = "initiative.games.ib"
IB = ROOT / "games" / "ib"


def _module(path: Path) -> str:
    parts = path.relative_to(IB).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Each module of the package (dotted, under the package) -> the modules it imports."""
    paths = {_module(p): p for p in sorted(IB.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        full = f"{PACKAGE}.{name}" if name else PACKAGE
        targets = {i.target.removeprefix(PACKAGE + ".") for i in imports_of(path, full)}
        graph[name] = {t for t in targets if t in paths and t not in (name, "")}
    return graph


def _layer_of(module: str) -> int:
    top = module.split(".")[0]
    for i, (_, modules) in enumerate(LAYERS):
        if top in modules:
            return i
    raise AssertionError(f"{module} is in no layer of games/ib/__init__.py LAYERS")


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_inside_games_ib() -> None:
    assert _cycles(_graph()) == []


def test_no_module_imports_a_higher_layer() -> None:
    graph = _graph()
    upward = [f"{m} ({LAYERS[_layer_of(m)][0]}) imports {t} ({LAYERS[_layer_of(t)][0]})"
              for m, targets in sorted(graph.items()) if m for t in sorted(targets)
              if _layer_of(t) > _layer_of(m)]
    assert upward == []


def test_the_checks_see_a_cycle_and_an_upward_import() -> None:
    graph = {"effects": {"rounds"}, "rounds": {"effects"}, "damage": {"attacks"},
             "attacks": set()}
    assert _cycles(graph) == [["effects", "rounds"]]
    assert _layer_of("damage") < _layer_of("attacks")  # so damage -> attacks is upward
    assert _layer_of("text.describe") == _layer_of("text")


def test_importing_the_state_loads_no_pydantic_yaml_or_sqlalchemy() -> None:
    """The rules read compiled content (specs.py); loading it is a layer above."""
    code = ("import sys, initiative.games.ib.state\n"
            "print(sorted(m for m in ('pydantic', 'yaml', 'sqlalchemy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_only_the_state_builds_states_and_touches_the_legal_cache() -> None:
    """One IBState constructor (its fast twins `clone` and `adopting` live in state.py)
    and a legal-action cache the state owns (`invalidate`, `offer`): nothing else, in
    the package or the tests, calls `IBState.__new__` or reads `_legal`/`_legal_seat`.
    Another game's state module keeps a cache of its own under the same names."""
    tests = Path(__file__).resolve().parents[1]
    offenders = []
    for path in [*sorted(ROOT.rglob("*.py")), *sorted(tests.rglob("*.py"))]:
        if path.name == "state.py" and path.parent.parent == IB.parent:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute):
                continue
            cache = node.attr in ("_legal", "_legal_seat")
            built = node.attr == "__new__" and isinstance(node.value, ast.Name) \
                and node.value.id.endswith("IBState")
            if cache or built:
                offenders.append(f"{path.name}:{node.lineno} {node.attr}")
    assert offenders == []
