"""The hex skirmish package is a layered DAG (games/hex/__init__.py names the layers).

Parsed with `ast` (nothing is imported), with the helpers of tests/test_layers.py and
the cycle finder of tests/ib/test_ib_layers.py: imports inside functions count,
`if TYPE_CHECKING:` ones do not."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from initiative.games.hex import LAYERS
from tests.ib.test_ib_layers import _cycles
from tests.test_layers import ROOT, imports_of

PACKAGE = "initiative.games.hex"
HEX = ROOT / "games" / "hex"


def _module(path: Path) -> str:
    parts = path.relative_to(HEX).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Each module of the package (dotted, under the package) -> the modules it imports."""
    paths = {_module(p): p for p in sorted(HEX.rglob("*.py"))}
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
    raise AssertionError(f"{module} is in no layer of games/hex/__init__.py LAYERS")


def test_no_import_cycle_inside_games_hex() -> None:
    assert _cycles(_graph()) == []


def test_no_module_imports_a_higher_layer() -> None:
    graph = _graph()
    upward = [f"{m} ({LAYERS[_layer_of(m)][0]}) imports {t} ({LAYERS[_layer_of(t)][0]})"
              for m, targets in sorted(graph.items()) if m for t in sorted(targets)
              if _layer_of(t) > _layer_of(m)]
    assert upward == []


def test_the_rules_sit_below_flow_and_the_contract() -> None:
    assert _layer_of("reach") < _layer_of("attacks") < _layer_of("flow") \
        < _layer_of("state") < _layer_of("loader")


def test_importing_the_state_loads_no_pydantic_or_yaml() -> None:
    """The rules read compiled content (specs.py); loading it is a layer above."""
    code = ("import sys, initiative.games.hex.state, initiative.games.hex.game\n"
            "print(sorted(m for m in ('pydantic', 'yaml', 'sqlalchemy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_only_the_state_builds_states_bare_and_touches_the_legal_cache() -> None:
    """`HexState.__new__` (clone's fast path) and the legal-action cache (`_legal`,
    `_legal_seat`: `invalidate`, `offer`) belong to state.py alone."""
    tests = Path(__file__).resolve().parents[1]
    offenders = []
    for path in [*sorted(HEX.rglob("*.py")), *sorted((tests / "hex").rglob("*.py"))]:
        if path == HEX / "state.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute):
                continue
            cache = node.attr in ("_legal", "_legal_seat")
            built = node.attr == "__new__" and isinstance(node.value, ast.Name) \
                and node.value.id == "HexState"
            if cache or built:
                offenders.append(f"{path.name}:{node.lineno} {node.attr}")
    assert offenders == []
