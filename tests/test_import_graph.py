"""The import graph of `initiative`: no cycle anywhere, no upward import between its
top-level packages, no import of its modules inside a function except lazy loading on
purpose (the cli's subcommands, the game registry, the store on first use). Imports
inside functions count as imports (they run when called); those under `if
TYPE_CHECKING:` do not (they never run). Read from the sources, nothing imported
(tests/import_graph.py); docs/layers.md explains the table.

The layers, lowest first (a package imports only from the layers below its own; two
packages of one layer are independent and import neither one another):

| layer | what it is |
|---|---|
| engine | the game-agnostic contract: protocols, errors, the seeded generator |
| timing | the initiative models, each usable alone |
| games | one package per game: state, rules, content, notation, text |
| bots | players: they choose from a seat's view |
| lab | many games played by bots, statistics and reports |
| store | persistence (SQLAlchemy): records as event logs plus snapshots |
| trackers | game-master consoles over the timing models, saved in the store |
| server, web | the web table; web: its templates and static files, read by package name |
| cli | the `initiative` command, which also starts the server |

GUIDE's order (engine -> timing -> games -> bots/lab -> cli/server/web) with today's
graph: the lab plays bots, so bots sit below it; storage is the front ends' (GUIDE: the
rules never import storage, a bot or a front end), so the store sits above the games,
the bots and the lab, below the trackers and front ends that keep records in it; the
trackers are front-end-neutral consoles that the terminal and the web table both drive;
`initiative serve` starts the web table, so the cli sits above the server; web holds no
code (the server reads its files by package name, which is no import). The package's
own `__init__` is below every layer: it runs before any module, so it imports none.
Inside games/ib the core has a layer test of its own; here games/ib is one package
(`games`), though its cycles count like any other.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.import_graph import (
    Edge,
    Graph,
    cycle_groups,
    cycles,
    describe_cycle,
    loaded_with,
    read_graph,
    upward_imports,
)
from tests.test_layers import ROOT, _within

LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("timing",),
    ("games",),
    ("bots",),
    ("lab",),
    ("store",),
    ("trackers",),
    ("server", "web"),
    ("cli",),
)
"""The top-level packages of `initiative` by layer, lowest first (see the docstring)."""

LAZY_CLI = "initiative.cli"
"""The terminal command loads what a subcommand needs only when it runs, so `initiative
--help` and every other subcommand start without the games, the lab, the server or the
store: any module of `initiative.cli` may import inside a function (what it imports so
must still be its own layer or below, and close no cycle)."""

LAZY_REGISTRY = "initiative.games"
"""The game registry (`initiative.games.load_game`, in the modules right in the games
folder) loads a game's package only when it is named: those modules may import a module
of `initiative.games` inside a function."""

LAZY_STORE = "initiative.store"
"""The store (SQLAlchemy and Alembic: about 0.55 s of CPU to import, twice a tracker
console's start-up) may load on first use: any module may import inside a function the
store or a module that loads it at import time (the tracker consoles open their
database at the first `save db:NAME`, trackers/saving.py)."""

OWN_TEST = "initiative.games.ib"
"""Imports inside a function from one games/ib module to another are for the layer test
of games/ib (it rules on its own core); they still count for cycles here."""


@pytest.fixture(scope="module")
def graph() -> Graph:
    return read_graph(ROOT, "initiative")


def lazy_import_allowed(graph: Graph, edge: Edge) -> bool:
    """Whether `edge` (an import inside a function) is lazy loading on purpose."""
    if _within(edge.source, LAZY_CLI) or any(
            _within(module, LAZY_STORE) for module in loaded_with(graph, edge.target)):
        return True
    if graph.modules[edge.source].parent == graph.folder / "games":
        return _within(edge.target, LAZY_REGISTRY)
    return _within(edge.source, OWN_TEST) and _within(edge.target, OWN_TEST)


def _fail_on(problems: list[str], what: str) -> None:
    if problems:
        pytest.fail(f"{what}:\n" + "\n".join(problems), pytrace=False)


def test_no_import_cycle(graph: Graph) -> None:
    groups = [f"{len(group)} modules: {', '.join(group)}" for group in cycle_groups(graph)]
    chains = [describe_cycle(chain) for chain in cycles(graph)]
    _fail_on([*groups, "for example:", *chains] if groups else [],
             "import cycles (groups of modules importing one another)")


def test_no_upward_import_between_packages(graph: Graph) -> None:
    _fail_on(upward_imports(graph, LAYERS), "imports against the layers")


def test_imports_inside_functions_only_load_lazily_on_purpose(graph: Graph) -> None:
    """Everything else imports at the module's top: an import inside a function to dodge
    a cycle hides the cycle, it does not remove it. Third-party packages (Ray, pyarrow,
    uvicorn, ...) may stay lazy: they are optional or slow to load, and not edges here."""
    _fail_on([str(edge) for edge in graph.edges
              if edge.in_function and not lazy_import_allowed(graph, edge)],
             "imports inside functions, not lazy loading on purpose")


def test_no_game_imports_another_game(graph: Graph) -> None:
    """The game packages (initiative.games.ib, .hex, .ti) are independent: what two of
    them share lives below them (engine) or right in the games folder."""
    def game_of(module: str) -> str | None:
        parts = module.split(".")
        return parts[2] if len(parts) > 3 and parts[1] == "games" else None

    _fail_on([str(edge) for edge in graph.edges
              if game_of(edge.source) and game_of(edge.target)
              and game_of(edge.source) != game_of(edge.target)],
             "imports from one game package into another")


FRONT_ENDS = ("bots", "lab", "server", "cli")
"""The packages that serve every game alike: a module of theirs imports a game (or another
front end's part of a game) only if it is that game's own part (GUIDE 1, "Front ends
know no game")."""


def games_of(graph: Graph) -> frozenset[str]:
    """The game packages (initiative.games.<g>, a folder with modules of its own)."""
    return frozenset(module.split(".")[2] for module in graph.modules
                     if module.startswith("initiative.games.") and module.count(".") >= 3)


def game_part_of(module: str, games: frozenset[str]) -> str | None:
    """The game a module belongs to: a game package's own module, or a front end's module
    in the package named for a game (initiative.cli.hex.play: hex); None if shared."""
    parts = module.split(".")
    if len(parts) > 2 and parts[2] in games and parts[1] in ("games", *FRONT_ENDS):
        return parts[2]
    return None


def test_no_shared_front_end_module_imports_a_game(graph: Graph) -> None:
    """A module of server/, cli/, lab/ or bots/ imports initiative.games.<g> (or a front
    end's part of game g) only if it is game g's own part (the package named for it):
    shared modules find games through the registry, by name."""
    games = games_of(graph)
    assert games >= {"ib", "hex", "ti"}
    _fail_on([f"{edge} (it belongs to no game, or to another)" for edge in graph.edges
              if graph.top(edge.source) in FRONT_ENDS
              and (target := game_part_of(edge.target, games)) is not None
              and game_part_of(edge.source, games) != target],
             "front-end modules importing a game that is not their own")


@pytest.mark.parametrize("game", ["ib", "hex", "ti"])
def test_one_games_web_table_loads_no_other_game(game: str) -> None:
    """Importing one game's web part (its routes' site: form, renderer, guide) in a fresh
    interpreter loads that game's modules and no module of another game."""
    code = (f"import sys, initiative.server.{game}\n"
            "print(sorted({m.split('.')[2] for m in sys.modules if m.count('.') >= 2 and "
            "m.split('.')[1] in ('games', 'server', 'cli', 'lab', 'bots') and "
            "m.split('.')[2] in ('ib', 'hex', 'ti')}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.strip()
    assert out == str([game])


def test_every_package_has_a_layer(graph: Graph) -> None:
    placed = {top for layer in LAYERS for top in layer}
    tops = {graph.top(module) for module in graph.modules} - {""}
    assert tops == placed, f"not in LAYERS: {tops - placed}; gone: {placed - tops}"


# --- the checker itself, on a small fake package ----------------------------------------


FAKE = {
    "__init__.py": "from fake.low import a\n",
    "low/__init__.py": "from fake.low.a import VALUE\n",
    "low/a.py": "from fake.low import b\n\nVALUE = 1\n",
    "low/b.py": "def later() -> None:\n    from fake.low.a import VALUE\n",
    "low/c.py": "from fake.high import thing\n",
    "low/d.py": ("from typing import TYPE_CHECKING\n"
                 "if TYPE_CHECKING:\n"
                 "    from fake.high.h import H\n"
                 "else:\n"
                 "    import json\n"),
    "high/__init__.py": "thing = 1\n",
    "high/h.py": "from ..low import a, d\nimport fake\n",
    "side/__init__.py": "from fake.high import h\n",
}
FAKE_LAYERS = (("low",), ("high", "side"))


@pytest.fixture
def fake(tmp_path: Path) -> Graph:
    for name, text in FAKE.items():
        path = tmp_path / "fake" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return read_graph(tmp_path / "fake", "fake")


def test_the_checker_reads_modules_not_names_and_skips_type_checking(fake: Graph) -> None:
    assert {(e.source, e.target, e.line, e.in_function) for e in fake.edges} == {
        ("fake.low", "fake.low.a", 1, False),
        ("fake.low.a", "fake.low.b", 1, False),  # a submodule, not the package's init
        ("fake.low.b", "fake.low.a", 2, True),
        ("fake.low.c", "fake.high", 1, False),  # a name of the package's init
        ("fake.high.h", "fake.low.a", 1, False),  # relative, resolved
        ("fake.high.h", "fake.low.d", 1, False),
        ("fake.high.h", "fake", 2, False),
        ("fake.side", "fake.high.h", 1, False),
        ("fake", "fake.low.a", 1, False),
    }  # nothing from low/d.py: its only import of the package is under TYPE_CHECKING


def test_the_checker_reports_a_cycle_through_a_function_as_a_chain(fake: Graph) -> None:
    assert cycle_groups(fake) == [["fake.low.a", "fake.low.b"]]  # fake.low: on none
    assert [describe_cycle(chain) for chain in cycles(fake)] == [
        "fake.low.a (fake/low/a.py:1) -> fake.low.b (fake/low/b.py:2, in a function)"
        " -> fake.low.a"]


def test_the_checker_reports_upward_and_sideways_imports(fake: Graph) -> None:
    upward = [
        "upward: fake imports fake.low.a (fake/__init__.py:1) (fake is below fake.low)",
        "upward: fake.low.c imports fake.high (fake/low/c.py:1) (fake.low is below fake.high)"]
    assert upward_imports(fake, FAKE_LAYERS) == [
        *upward, "sideways: fake.side imports fake.high.h (fake/side/__init__.py:1) "
                 "(fake.side and fake.high are independent)"]
    assert upward_imports(fake, (("low",), ("high",))) == [
        "fake.side is in no layer: place it in the table", *upward]


def test_the_lazy_rule(fake: Graph, graph: Graph) -> None:
    lazy = [e for e in fake.edges if e.in_function]
    assert [str(e) for e in lazy] == [
        "fake.low.b imports fake.low.a (fake/low/b.py:2, in a function)"]

    def edge(source: str, target: str) -> Edge:
        return Edge(source, target, "x.py", 1, True)

    assert lazy_import_allowed(graph, edge("initiative.cli.main", "initiative.cli.play"))
    assert lazy_import_allowed(graph, edge("initiative.games", "initiative.games.ib.setup"))
    assert not lazy_import_allowed(graph, edge("initiative.games", "initiative.engine.rng"))
    assert not lazy_import_allowed(graph, edge("initiative.games.ib.setup",
                                               "initiative.engine.rng"))
    assert not lazy_import_allowed(graph, edge("initiative.lab.simulate",
                                               "initiative.lab.backends"))
    assert lazy_import_allowed(graph, edge("initiative.trackers.saving", "initiative.store"))
    assert lazy_import_allowed(graph, edge("initiative.trackers.saving",
                                           "initiative.trackers.records"))  # loads the store
    assert not lazy_import_allowed(graph, edge("initiative.trackers.saving",
                                               "initiative.trackers.base"))
