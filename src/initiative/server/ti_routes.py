"""The Initiative's table routes (registered by app.py): the shared routes and socket of
games played one decision at a time (server/action_routes.py, which lists them and the
socket protocol) under /ti, with this game's form, table page, guide, renderer and
`ti-record/1` records; the JSON API is `POST /api/ti-tables`.

A solve is the proposer's SYMBOL choices then each other seat's YES / NO (TI-56): every
seat votes from its own page, one `act` at a time.
"""

from __future__ import annotations

from typing import Any

from starlette.routing import BaseRoute

from initiative.games.ti.content import default_content
from initiative.games.ti.record import record_of
from initiative.server import ti_guide, ti_render
from initiative.server.action_routes import GameSite, game_routes, lobby_rows
from initiative.server.ti_hub import TI_BOTS, TIHub
from initiative.server.ti_setup import (
    TIPlan,
    character_choices,
    mission_choices,
    parse_plan,
    rule_fields,
)
from initiative.server.ti_table import KIND, TITable
from initiative.store import Store

DEFAULT_BOT = "heuristic"
"""The bot the form offers first for a bot seat (the one written for this game)."""


def lobby_ti(store: Store) -> list[dict[str, Any]]:
    """The Initiative tables with a seat anyone may take (public: names, characters,
    who plays)."""
    return lobby_rows(store, KIND)


def ti_routes(hub: TIHub) -> list[BaseRoute]:
    """The Initiative tables' routes over `hub`."""
    content = default_content()

    def form_values() -> dict[str, Any]:
        return {"missions": mission_choices(content),
                "default_mission": content.default_mission,
                "characters": character_choices(content), "bots": TI_BOTS,
                "default_bot": DEFAULT_BOT, "rules": rule_fields()}

    def guide_values() -> dict[str, Any]:
        return {"topics": ti_guide.TOPICS, "flags": ti_guide.flag_rows(),
                "table_help": ti_guide.TABLE_HELP}

    def record(table: TITable) -> dict[str, Any]:
        return record_of(table.state, table.game, table.seed, with_log=True).to_dict()

    site: GameSite[TIPlan, TITable] = GameSite(
        "/ti", "/api/ti-tables", hub, lambda form: parse_plan(form, TI_BOTS, content),
        form_values, guide_values, ("ti_new.html", "ti_table.html", "ti_how_to_play.html"),
        ti_render.context, ti_render.regions, ti_render.announcement,
        lambda table: {}, record, "ti")
    return game_routes(site, KIND)
