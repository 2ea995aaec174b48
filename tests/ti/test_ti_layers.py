"""The Initiative package's own layer checks (games/ti/__init__.py names the layers;
tests/games/test_game_layers.py checks every game for cycles and upward imports).

Parsed with `ast` (nothing is imported), with the helpers of tests/package_layers.py:
imports inside functions count, `if TYPE_CHECKING:` ones do not."""

from __future__ import annotations

from pathlib import Path

from initiative.games.ti import LAYERS
from tests.package_layers import (
    PackageLayers,
    cycles,
    heavy_modules_loaded_by,
    state_internals_touched,
)

TI_LAYERS = PackageLayers("initiative.games.ti", LAYERS)
TI = TI_LAYERS.folder


def test_the_rules_sit_below_flow_and_the_contract() -> None:
    layer_of = TI_LAYERS.layer_of
    assert layer_of("events") < layer_of("text") < layer_of("cards") \
        < layer_of("turns") < layer_of("flow") < layer_of("state") < layer_of("loader")


def test_only_the_state_builds_states_bare_and_touches_the_legal_cache() -> None:
    """`TIState.__new__` (clone's fast path) and the legal-action cache (`_legal`,
    `_legal_seat`: `invalidate`, `offer`) belong to state.py alone."""
    tests = Path(__file__).resolve().parents[1]
    paths = [p for p in [*sorted(TI.rglob("*.py")), *sorted((tests / "ti").rglob("*.py"))]
             if p != TI / "state.py"]
    assert state_internals_touched(paths, "TIState") == []


def test_no_cycle_and_no_upward_import() -> None:
    graph = TI_LAYERS.graph()
    assert cycles(graph) == []
    assert TI_LAYERS.upward(graph) == []


def test_the_state_loads_neither_pydantic_nor_yaml() -> None:
    assert heavy_modules_loaded_by("initiative.games.ti.state",
                                   "initiative.games.ti.game") == "[]"
