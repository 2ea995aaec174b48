"""The GM trackers' systems on the web, found by name: one `TrackerWeb` record per
system (its title, its order table's template and context, its GM rows, its player
links and requests, its how-to guide), kept in the system's own module under
`initiative.server.tracker_systems` and listed in `BUILT_IN` as "module:attribute",
as :mod:`initiative.games.registry` lists games. The tracker pages (trackers.py,
tracker_hub.py, tracker_render.py, tracker_controls.py) ask `tracker_web(system)` and
never branch over systems: a new system is its module plus one `BUILT_IN` line.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from initiative.server.tracker_access import Access, TrackerError
from initiative.server.tracker_guide import Guide
from initiative.trackers.base import TrackerConsole

__all__ = ["BUILT_IN", "SAMPLE_LINES", "TrackerWeb", "guides", "tracker_web", "tracker_webs"]

BUILT_IN: dict[str, str] = {
    "exalted": "initiative.server.tracker_systems.exalted:WEB",
    "faith": "initiative.server.tracker_systems.faith:WEB",
    "ib": "initiative.server.tracker_systems.ib:WEB",
}
"""The tracker systems the web serves, in the new-tracker form's order: name -> where
its `TrackerWeb` is."""

SAMPLE_LINES = ("roster",)
"""What "start with the sample roster" runs by default (the tick and card-round consoles
load their sample roster so)."""

View = dict[str, Any]
Context = dict[str, Any]


def _no_row(console: TrackerConsole) -> Context | None:
    return None


def _nobody(console: TrackerConsole) -> list[str]:
    return []


def _no_own(console: TrackerConsole, view: View, access: Access,
            key: tuple[Any, ...]) -> Context:
    return {}


def _no_requests(console: TrackerConsole, access: Access, op: str,
                 message: dict[str, Any]) -> str:
    raise TrackerError("only the game master's link runs commands")


@dataclass(frozen=True, slots=True)
class TrackerWeb:
    """One tracker system as the web pages serve it."""

    system: str
    """The console's `system` ("exalted")."""
    title: str
    """Its name for people ("Tick initiative (compatible with Exalted)")."""
    help: str
    """The console's command list (the GM page's Commands (help))."""
    guide: Guide
    """Its how-to page (`/trackers/how-to-play/{system}`)."""
    order_template: str
    """The template of the `order` region (its context: `order`)."""
    view: Callable[[TrackerConsole, str], View]
    """The model's view for a viewer ("GM", a player's name, "@spectator"); ValueError
    for a viewer it does not know. It carries `log` (the lines this viewer may read)."""
    order: Callable[[View], Context]
    """The order region's context from a view; its `status` (label, value, note,
    `cls`) items make the status line."""
    rows: Callable[[TrackerConsole], list[Context]]
    """The roster rows of the GM's controls: `name` and values the row's button lines
    may use (:mod:`initiative.server.tracker_controls`)."""
    gm_row: Callable[[TrackerConsole], Context | None] = _no_row
    """The GM's own row (card rounds: the shared NPC card), or None."""
    player_names: Callable[[TrackerConsole], list[str]] = _nobody
    """The names that get a player link of their own ("pc:NAME")."""
    shared_links: tuple[str, ...] = ()
    """Further link keys every tracker of the system has ("players")."""
    own: Callable[[TrackerConsole, View, Access, tuple[Any, ...]], Context] = _no_own
    """A player page's own controls (`mine` region, {} for none); `can_declare` asks
    the page to show the declare form. The tuple keys the console's state."""
    mine_template: str = ""
    """The template of a player's `mine` region ("" = none)."""
    player_page: str = ""
    """The template a player page includes around its `mine` region ("" = none)."""
    player_ops: tuple[str, ...] = ()
    """The requests a player page may send besides `sync`."""
    player_line: Callable[[TrackerConsole, Access, str, dict[str, Any]], str] = _no_requests
    """The console line of a player's request (op, the request); TrackerError if this
    player may not make it."""
    sample_lines: tuple[str, ...] = SAMPLE_LINES
    """What "start with the sample roster" runs."""
    rules_example: str = ""
    """A house-rule flag for the new-tracker form's hint."""


@cache
def tracker_web(system: str) -> TrackerWeb:
    """The web part of tracker system `system`; ValueError naming the known ones."""
    target = BUILT_IN.get(system)
    if target is None:
        raise ValueError(f"unknown tracker system {system!r} "
                         f"(one of {', '.join(BUILT_IN)})")
    module, _, attribute = target.partition(":")
    found = getattr(importlib.import_module(module), attribute)
    if not isinstance(found, TrackerWeb) or found.system != system:
        raise TypeError(f"{target} is not the TrackerWeb of {system!r}")
    return found


def tracker_webs() -> list[TrackerWeb]:
    """Every system's web part, in `BUILT_IN` order."""
    return [tracker_web(system) for system in BUILT_IN]


def guides() -> dict[str, Guide]:
    """Each system's how-to guide by system name."""
    return {web.system: web.guide for web in tracker_webs()}
