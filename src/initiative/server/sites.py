"""The web parts of the registered games (server/parts.py `WebGame`), found by game name
or by the short name in their web addresses, each loaded the first time it is asked for
(asking for one game's loads no other game)."""

from __future__ import annotations

from functools import cache
from typing import Any

from initiative.engine.errors import GameParamError
from initiative.games.registry import (
    DEFAULT_GAME,
    GameEntry,
    entries,
    entry,
    entry_of_slug,
    has_part,
    part,
)
from initiative.server.pages import add_template_folder
from initiative.server.parts import WebGame

AnySite = WebGame[Any, Any, Any, Any]


@cache
def site_of(game: str) -> AnySite:
    """Game `game`'s web part (its own templates found from now on); GameParamError if
    it has none."""
    site = part(game, "web", object)
    if not isinstance(site, WebGame):
        raise GameParamError(f"{game}: its web part is a {type(site).__name__}, not a "
                             "WebGame")
    if site.template_folder is not None:
        add_template_folder(entry(game).web_slug, site.template_folder)
    return site


def site_of_slug(slug: str) -> AnySite | None:
    """The web part of the game whose addresses start with /`slug`, or None."""
    found = entry_of_slug(slug)
    return site_of(found.name) if found is not None and has_part(found.name, "web") else None


def web_games() -> tuple[GameEntry, ...]:
    """The registered games that have a web table, the default game first (their
    entries: nothing of the games is loaded)."""
    return tuple(sorted((e for e in entries() if e.parts.web),
                        key=lambda e: (e.name != DEFAULT_GAME, e.title)))


def title_of(game: str) -> str:
    """A game's name for people, or the name itself for a game no longer registered."""
    try:
        return entry(game).title
    except GameParamError:
        return game
