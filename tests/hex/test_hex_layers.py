"""The hex skirmish package's own layer checks (games/hex/__init__.py names the layers;
tests/games/test_game_layers.py checks every game for cycles and upward imports).

Parsed with `ast` (nothing is imported), with the helpers of tests/package_layers.py:
imports inside functions count, `if TYPE_CHECKING:` ones do not."""

from __future__ import annotations

from pathlib import Path

from initiative.games.hex import LAYERS
from tests.package_layers import PackageLayers, state_internals_touched

HEX_LAYERS = PackageLayers("initiative.games.hex", LAYERS)
HEX = HEX_LAYERS.folder


def test_the_rules_sit_below_flow_and_the_contract() -> None:
    layer_of = HEX_LAYERS.layer_of
    assert layer_of("reach") < layer_of("attacks") < layer_of("flow") \
        < layer_of("state") < layer_of("loader")


def test_only_the_state_builds_states_bare_and_touches_the_legal_cache() -> None:
    """`HexState.__new__` (clone's fast path) and the legal-action cache (`_legal`,
    `_legal_seat`: `invalidate`, `offer`) belong to state.py alone."""
    tests = Path(__file__).resolve().parents[1]
    paths = [p for p in [*sorted(HEX.rglob("*.py")), *sorted((tests / "hex").rglob("*.py"))]
             if p != HEX / "state.py"]
    assert state_internals_touched(paths, "HexState") == []
