"""Layer checks inside one game package (its `__init__.py` names the layers in
`LAYERS`), shared by tests/ib/test_ib_layers.py and tests/hex/test_hex_layers.py.

Parsed with `ast` (nothing is imported), with the helpers of tests/test_layers.py:
imports inside functions count, `if TYPE_CHECKING:` ones do not."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tests.test_layers import ROOT, imports_of

Layers = tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class PackageLayers:
    """One package (`initiative.games.x`) and its table of layers, lowest first."""

    package: str
    layers: Layers

    @property
    def folder(self) -> Path:
        return ROOT.joinpath(*self.package.split(".")[1:])

    def module(self, path: Path) -> str:
        """The dotted name of `path` under the package ("" for its `__init__`)."""
        parts = path.relative_to(self.folder).with_suffix("").parts
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    def graph(self) -> dict[str, set[str]]:
        """Each module of the package (dotted, under it) -> the modules it imports."""
        paths = {self.module(p): p for p in sorted(self.folder.rglob("*.py"))}
        graph: dict[str, set[str]] = {}
        for name, path in paths.items():
            full = f"{self.package}.{name}" if name else self.package
            targets = {i.target.removeprefix(self.package + ".")
                       for i in imports_of(path, full)}
            graph[name] = {t for t in targets if t in paths and t not in (name, "")}
        return graph

    def layer_of(self, module: str) -> int:
        top = module.split(".")[0]
        for i, (_, modules) in enumerate(self.layers):
            if top in modules:
                return i
        raise AssertionError(f"{module} is in no layer of {self.package} LAYERS")

    def upward(self, graph: dict[str, set[str]]) -> list[str]:
        """Every import of a module from a higher layer than its own, in words."""
        def named(module: str) -> str:
            return f"{module} ({self.layers[self.layer_of(module)][0]})"
        return [f"{named(m)} imports {named(t)}" for m, targets in sorted(graph.items())
                if m for t in sorted(targets) if self.layer_of(t) > self.layer_of(m)]


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
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


def heavy_modules_loaded_by(*modules: str) -> str:
    """Which of pydantic, yaml and sqlalchemy a fresh interpreter holds after importing
    `modules`, as the printed sorted list ("[]": none; the rules read compiled content,
    loading it is a layer above)."""
    code = (f"import sys, {', '.join(modules)}\n"
            "print(sorted(m for m in ('pydantic', 'yaml', 'sqlalchemy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return done.stdout.strip()


def state_internals_touched(paths: Iterable[Path], state_class: str) -> list[str]:
    """Where `paths` read the legal-action cache (`_legal`, `_legal_seat`) or call
    `<state_class>.__new__` (a name ending so): "file:line attribute" each."""
    offenders = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Attribute):
                continue
            cache = node.attr in ("_legal", "_legal_seat")
            built = node.attr == "__new__" and isinstance(node.value, ast.Name) \
                and node.value.id.endswith(state_class)
            if cache or built:
                offenders.append(f"{path.name}:{node.lineno} {node.attr}")
    return offenders
