"""The import graph of a package, read from its sources with `ast` (nothing is imported):
which module imports which, where, and whether inside a function; its cycles and its
imports against a table of layers. tests/test_import_graph.py holds the rules for
`initiative`; this module only reads and reports.

What counts as an import is what runs: every `import` and `from ... import`, those
inside functions too; the body of `if TYPE_CHECKING:` never runs and is left out (the
same reading as tests/test_layers.py, whose helpers this builds on). An edge ends at a
module of the package, never at a name: `from pkg import mod` imports `pkg.mod`, and
`from pkg import name` imports `pkg` (its `__init__`), as Python and import-linter read
them. Imports of other packages (the standard library, third-party) are not edges, and
neither are dynamic ones (`importlib.import_module(name)`).
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tests.test_layers import _is_type_checking, _resolve

LOWEST = ""
"""The layer key of the package's own `__init__` (e.g. `initiative`): it runs before any of
its modules, so it is below them all and may import none of them."""


@dataclass(frozen=True, slots=True)
class Edge:
    source: str
    """The importing module, e.g. `initiative.lab.simulate`."""
    target: str
    """The imported module of the same package."""
    file: str
    """The importing file, relative to the folder holding the package."""
    line: int
    in_function: bool
    """Inside a function (runs when called); otherwise at import time."""

    def where(self) -> str:
        return f"{self.file}:{self.line}" + (", in a function" if self.in_function else "")

    def __str__(self) -> str:
        return f"{self.source} imports {self.target} ({self.where()})"


@dataclass(frozen=True, slots=True, eq=False)
class Graph:
    """A package's modules and imports (compared and hashed by identity: `_targets`
    caches its answers per graph)."""

    package: str
    """The package's name, e.g. `initiative`."""
    folder: Path
    """The package's folder (holding its `__init__.py`)."""
    modules: dict[str, Path]
    """Every module of the package by name, packages (their `__init__.py`) included."""
    edges: tuple[Edge, ...]
    """Every import of a module of the package, in file and line order."""

    def top(self, module: str) -> str:
        """The top-level subpackage (or module) `module` belongs to: `lab` for
        `initiative.lab.simulate`; `LOWEST` for the package itself."""
        parts = module.split(".")
        return parts[1] if len(parts) > 1 else LOWEST

    def package_of(self, module: str) -> str:
        """The top-level subpackage `module` belongs to, by its full name."""
        top = self.top(module)
        return f"{self.package}.{top}" if top else self.package


def read_graph(folder: Path, package: str) -> Graph:
    """The import graph of the package `package` whose sources are in `folder`."""
    modules = {_module_name(path, folder, package): path
               for path in sorted(folder.rglob("*.py"))}
    edges = tuple(edge for module, path in modules.items()
                  for edge in _edges_of(path, module, modules, folder.parent))
    return Graph(package, folder, modules, edges)


def _module_name(path: Path, folder: Path, package: str) -> str:
    parts = (package, *path.relative_to(folder).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _edges_of(path: Path, module: str, modules: dict[str, Path], base: Path) -> Iterator[Edge]:
    file = path.relative_to(base).as_posix()
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node, in_function in _walk(list(tree.body), in_function=False):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base_module = _resolve(module, is_package, node)
            names = [f"{base_module}.{alias.name}" if f"{base_module}.{alias.name}" in modules
                     else base_module for alias in node.names]
        else:
            continue
        for name in names:
            target = _module_of(name, modules)
            if target is not None and target != module:
                yield Edge(module, target, file, node.lineno, in_function)


def _walk(nodes: list[ast.AST], *, in_function: bool) -> Iterator[tuple[ast.AST, bool]]:
    """Every node below `nodes` with whether it sits inside a function, leaving out the
    body of `if TYPE_CHECKING:` (its `else:` runs, so it stays)."""
    for node in nodes:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _walk(list(node.orelse), in_function=in_function)
            continue
        yield node, in_function
        inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef
                                           | ast.Lambda)
        yield from _walk(list(ast.iter_child_nodes(node)), in_function=inner)


def _module_of(name: str, modules: dict[str, Path]) -> str | None:
    """The module `name` names, or the longest prefix of it that is one (None: another
    package's)."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules:
            return candidate
    return None


def loaded_with(graph: Graph, module: str) -> set[str]:
    """The modules importing `module` loads (its own imports at import time, theirs, ...;
    not those inside functions), `module` included."""
    loaded = {module}
    pending = [module]
    while pending:
        source = pending.pop()
        for target in _targets(graph, at_import=True)[source]:
            if target not in loaded:
                loaded.add(target)
                pending.append(target)
    return loaded


# --- cycles ----------------------------------------------------------------------------


def cycle_groups(graph: Graph) -> list[list[str]]:
    """The modules that import one another in a cycle, one sorted list per strongly
    connected group (Tarjan's algorithm, iterative), sorted by first module."""
    targets = _targets(graph)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for start in sorted(graph.modules):
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(targets[start]))]
        while work:
            module, pending = work[-1]
            following = next(pending, None)
            if following is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == module:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
            elif following not in index:
                index[following] = low[following] = len(index)
                stack.append(following)
                on_stack.add(following)
                work.append((following, iter(targets[following])))
            elif following in on_stack:
                low[module] = min(low[module], index[following])
    return sorted(groups)


def cycles(graph: Graph) -> list[list[Edge]]:
    """Readable cycles, a few per group of `cycle_groups`: for each module of a group not
    yet on a cycle shown, the shortest cycle through it (each import its first line)."""
    first = _first_edges(graph)
    found: list[list[Edge]] = []
    for group in cycle_groups(graph):
        members = set(group)
        shown: set[str] = set()
        for module in group:
            if module not in shown:
                chain = _shortest_cycle(module, members, first)
                shown.update(edge.source for edge in chain)
                found.append(chain)
    return found


def describe_cycle(chain: list[Edge]) -> str:
    """`a -> b -> a` with where each import is: `a (a.py:3) -> b (b.py:7) -> a`."""
    return " -> ".join(f"{edge.source} ({edge.where()})" for edge in chain) \
        + f" -> {chain[0].source}"


@cache
def _targets(graph: Graph, *, at_import: bool = False) -> dict[str, list[str]]:
    """The modules each module imports (only at import time: not inside functions)."""
    targets: dict[str, list[str]] = {module: [] for module in graph.modules}
    for edge in graph.edges:
        if not (at_import and edge.in_function) and edge.target not in targets[edge.source]:
            targets[edge.source].append(edge.target)
    return targets


def _first_edges(graph: Graph) -> dict[tuple[str, str], Edge]:
    """Each imported module's first import in the importing file (import time first)."""
    first: dict[tuple[str, str], Edge] = {}
    for edge in sorted(graph.edges, key=lambda e: (e.in_function, e.line)):
        first.setdefault((edge.source, edge.target), edge)
    return first


def _shortest_cycle(start: str, members: set[str],
                    first: dict[tuple[str, str], Edge]) -> list[Edge]:
    """The shortest chain of imports from `start` back to it within `members`
    (breadth-first; ties go to the module named first)."""
    outgoing: dict[str, list[Edge]] = {m: [] for m in members}
    for (source, target), edge in sorted(first.items()):
        if source in members and target in members:
            outgoing[source].append(edge)
    came: dict[str, Edge] = {}
    queue = deque([start])
    while queue:
        module = queue.popleft()
        for edge in outgoing[module]:
            if edge.target == start:
                chain = [edge]
                while chain[0].source != start:
                    chain.insert(0, came[chain[0].source])
                return chain
            if edge.target not in came:
                came[edge.target] = edge
                queue.append(edge.target)
    raise AssertionError(f"{start} is on no cycle within {sorted(members)}")


# --- layers ----------------------------------------------------------------------------


def upward_imports(graph: Graph, layers: tuple[tuple[str, ...], ...]) -> list[str]:
    """Every import of a top-level package from one in a lower layer, or from another
    package of the same layer (those are independent of one another), and every
    top-level package missing from `layers`, each as a sentence."""
    rank = {LOWEST: -1} | {top: i for i, layer in enumerate(layers) for top in layer}
    problems = [f"{graph.package}.{top} is in no layer: place it in the table"
                for top in sorted({graph.top(m) for m in graph.modules} - set(rank))]
    for edge in graph.edges:
        source, target = graph.top(edge.source), graph.top(edge.target)
        if source == target or source not in rank or target not in rank:
            continue
        low, high = graph.package_of(edge.source), graph.package_of(edge.target)
        if rank[source] < rank[target]:
            problems.append(f"upward: {edge} ({low} is below {high})")
        elif rank[source] == rank[target]:
            problems.append(f"sideways: {edge} ({low} and {high} are independent)")
    return problems
