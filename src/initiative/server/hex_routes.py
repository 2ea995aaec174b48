"""The hex skirmish tables' routes (registered by app.py): the shared routes and socket
of games played one decision at a time (server/action_routes.py, which lists them and
the socket protocol) under /hex, with the hex form, table page, guide, renderer (the
Dice panel from the public event log) and `hex-record/1` records; the JSON API is
`POST /api/hex-tables`."""

from __future__ import annotations

from typing import Any

from starlette.routing import BaseRoute

from initiative.games.hex.content import default_content
from initiative.games.hex.record import record_of
from initiative.server import hex_guide, hex_render
from initiative.server.action_routes import GameSite, game_routes, lobby_rows
from initiative.server.hex_hub import HEX_BOTS, HexHub
from initiative.server.hex_setup import (
    HexPlan,
    board_choices,
    parse_plan,
    rule_fields,
    seat_choices,
)
from initiative.server.hex_table import KIND, HexTable
from initiative.store import Store


def lobby_hex(store: Store) -> list[dict[str, Any]]:
    """Hex tables with a seat anyone may take (public: names, characters, who plays)."""
    return lobby_rows(store, KIND)


def hex_routes(hub: HexHub) -> list[BaseRoute]:
    """The hex tables' routes over `hub`."""
    content = default_content()

    def form_values() -> dict[str, Any]:
        return {"boards": board_choices(content), "default_board": content.default_board,
                "characters": seat_choices(content), "bots": HEX_BOTS,
                "rules": rule_fields()}

    def guide_values() -> dict[str, Any]:
        return {"topics": hex_guide.TOPICS, "flags": hex_guide.flag_rows(),
                "table_help": hex_guide.TABLE_HELP}

    def record(table: HexTable) -> dict[str, Any]:
        return record_of(table.state, table.game, table.seed, with_log=True).to_dict()

    site: GameSite[HexPlan, HexTable] = GameSite(
        "/hex", "/api/hex-tables", hub, lambda form: parse_plan(form, HEX_BOTS, content),
        form_values, guide_values, ("hex_new.html", "hex_table.html", "hex_how_to_play.html"),
        hex_render.context, hex_render.regions, hex_render.announcement,
        lambda table: {"dice": table.dice}, record, "hex")
    return game_routes(site, KIND)
