"""The Initiative Break package's own layer checks (games/ib/__init__.py names the layers;
tests/games/test_game_layers.py checks every game for cycles and upward imports).

Parsed with `ast` (nothing is imported), with the helpers of tests/package_layers.py:
imports inside functions count, `if TYPE_CHECKING:` ones do not."""

from __future__ import annotations

from pathlib import Path

from initiative.games.ib import LAYERS
from tests.package_layers import PackageLayers, cycles, state_internals_touched
from tests.test_layers import ROOT

IB_LAYERS = PackageLayers("initiative.games.ib", LAYERS)
IB = IB_LAYERS.folder


def test_the_checks_see_a_cycle_and_an_upward_import() -> None:
    graph = {"effects": {"rounds"}, "rounds": {"effects"}, "damage": {"attacks"},
             "attacks": set()}
    assert cycles(graph) == [["effects", "rounds"]]
    assert IB_LAYERS.upward(graph) == ["damage (board) imports attacks (rules)"]
    assert IB_LAYERS.layer_of("text.describe") == IB_LAYERS.layer_of("text")


def test_only_the_state_builds_states_and_touches_the_legal_cache() -> None:
    """One IBState constructor (its fast twins `clone` and `adopting` live in state.py)
    and a legal-action cache the state owns (`invalidate`, `offer`): nothing else, in
    the package or the tests, calls `IBState.__new__` or reads `_legal`/`_legal_seat`.
    Another game's state module keeps a cache of its own under the same names, as does
    the state base those games share (engine/stack_state.py)."""
    tests = Path(__file__).resolve().parents[1]
    shared = ROOT / "engine" / "stack_state.py"
    paths = [p for p in [*sorted(ROOT.rglob("*.py")), *sorted(tests.rglob("*.py"))]
             if not (p.name == "state.py" and p.parent.parent == IB.parent) and p != shared]
    assert state_internals_touched(paths, "IBState") == []
