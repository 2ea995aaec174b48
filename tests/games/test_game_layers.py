"""Every game package is a layered DAG (its `__init__.py` names the layers in
`LAYERS`): no import cycle inside it, no module importing a higher layer, and its state
loads no content-loading or storage library (the rules read compiled content).

Parsed with `ast` (nothing is imported) by tests/package_layers.py; each game's own
layer checks are in tests/ib/test_ib_layers.py and tests/hex/test_hex_layers.py."""

from __future__ import annotations

import pytest

from tests.hex.test_hex_layers import HEX_LAYERS
from tests.ib.test_ib_layers import IB_LAYERS
from tests.package_layers import PackageLayers, cycles, heavy_modules_loaded_by
from tests.ti.test_ti_layers import TI_LAYERS

GAMES = pytest.mark.parametrize("game", [IB_LAYERS, HEX_LAYERS, TI_LAYERS],
                                ids=lambda game: game.package.rsplit(".", 1)[-1])
STATE_MODULES = {IB_LAYERS.package: ("state",), HEX_LAYERS.package: ("state", "game"),
                 TI_LAYERS.package: ("state", "game")}
"""The modules a game's rules run from (importing them must stay light)."""


@GAMES
def test_no_import_cycle_inside_the_game(game: PackageLayers) -> None:
    assert cycles(game.graph()) == []


@GAMES
def test_no_module_imports_a_higher_layer(game: PackageLayers) -> None:
    assert game.upward(game.graph()) == []


@GAMES
def test_importing_the_state_loads_no_pydantic_yaml_or_sqlalchemy(game: PackageLayers
                                                                   ) -> None:
    modules = [f"{game.package}.{name}" for name in STATE_MODULES[game.package]]
    assert heavy_modules_loaded_by(*modules) == "[]"
