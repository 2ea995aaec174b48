"""What one page of a GM tracker shows, as HTML regions built from one viewer's view.

Players and spectators get regions rendered only from the model's view for them (the
system's `TrackerWeb.view`: `tick_view(tracker, viewer)`, `CardRoundState.view(viewer)`,
the companion's public view): a face-down card, another
player's hand or a hidden NPC Initiative is never in their data, so it cannot be in
their HTML. The GM's pages add the console transcript (the console's own lines, the
GM's reading), the hands, the command buttons and forms (`tracker_controls`) and the
links.

Regions (element ids): `status`, `order`, `log`; GM: `controls`, `console`, `hands`,
`links`; a player of a system with player controls: `mine` (card rounds: their hand,
commit and declare; the companion: their units' actions). Which template and context
each region has is the system's (:mod:`initiative.server.tracker_parts`).
"""

from __future__ import annotations

import re
from typing import Any

from initiative.server.pages import env
from initiative.server.tracker_controls import gm_controls
from initiative.server.tracker_hub import Access, TrackerRuntime
from initiative.server.tracker_parts import TrackerWeb, tracker_web

LOG_LINES = 200
ECHO = re.compile(r"^(\[[^\]]*\] )?> ")
"""A command as the console pane echoes it (`tracker_hub.echo`)."""


def view_of(runtime: TrackerRuntime, access: Access) -> dict[str, Any]:
    """The model's view for this page's viewer (a player no longer on the roster, e.g.
    after an undo, watches as a spectator)."""
    console = runtime.console
    web = tracker_web(console.system)
    try:
        return web.view(console, access.viewer)
    except ValueError:
        return web.view(console, "@spectator")


def _state_key(runtime: TrackerRuntime) -> tuple[Any, ...]:
    """Names the tracker's state (the controls' checks are kept per state)."""
    record = runtime.record
    return record.id, record.seq, runtime.console.marker()


def player_controls(runtime: TrackerRuntime, view: dict[str, Any], access: Access
                    ) -> dict[str, Any]:
    """A player page's own controls ({} for pages with none)."""
    if access.role == "gm":
        return {}
    web = tracker_web(runtime.console.system)
    return web.own(runtime.console, view, access, _state_key(runtime))


def last_answer(transcript: list[str]) -> list[str]:
    """The newest command of the GM's console and its answer (shown by the buttons, so
    the answer to a click is in view wherever the console is)."""
    for at in range(len(transcript) - 1, -1, -1):
        if ECHO.match(transcript[at]):
            return transcript[at:][:12]
    return []


# --- regions ------------------------------------------------------------------------------


def regions(runtime: TrackerRuntime, access: Access, base: str = "") -> dict[str, str]:
    """This page's regions as HTML, from its viewer's view only (plus, for the GM,
    the console's own state and lines)."""
    return {key: _render(name, ctx) for key, (name, ctx) in
            _contexts(runtime, access, base).items()}


def announcement(runtime: TrackerRuntime, access: Access, seen: int) -> tuple[str, int]:
    """The viewer's log lines after the first `seen` (for aria-live) and the new count."""
    log = view_of(runtime, access)["log"]
    return " ".join(log[seen:][-3:]) if seen < len(log) else "", len(log)


def link_label(key: str) -> str:
    """How a tracker's link of `key` ("players", "spectator", "pc:NAME") is named."""
    return "Spectators" if key == "spectator" else "Players (public view)" \
        if key == "players" else f"{key[3:]} (player)"


def tracker_links(runtime: TrackerRuntime, gm_token: str, base: str = ""
                  ) -> list[dict[str, str]]:
    """The links the GM hands out (besides their own): key, label and address (`base`
    and the path)."""
    return [{"key": key, "label": link_label(key),
             "url": f"{base}/trackers/{runtime.record.id}?k={token}"}
            for key, token in sorted(runtime.links(gm_token).items())]


def my_tracker(runtime: TrackerRuntime, access: Access, base: str) -> dict[str, Any]:
    """What a browser keeps of a tracker under My tables (static/my_tables.js) when it
    opens one of its pages: the GM's page gives every link, another page its own."""
    record = runtime.record
    own = f"{base}/trackers/{record.id}?k={access.token}"
    key = f"pc:{access.name}" if access.role == "pc" else access.role
    gm = access.role == "gm"
    return {"kind": "tracker", "id": record.id, "game": "tracker",
            "title": f"GM tracker, {tracker_web(record.system).title}", "name": record.name,
            "creator": own if gm else "", "creator_label": "Game master (secret)",
            "seats": [{"name": link["label"], "link": link["url"]}
                      for link in tracker_links(runtime, access.token, base)] if gm
            else [{"name": link_label(key), "link": own}], "spectator": ""}


def page_context(runtime: TrackerRuntime, access: Access, base: str = "") -> dict[str, Any]:
    record = runtime.record
    web = tracker_web(record.system)
    who = {"gm": "game master", "players": "players", "spectator": "spectator"}.get(
        access.role, access.name)
    view = view_of(runtime, access)
    return {"name": record.name, "who": who, "role": access.role,
            "system": record.system, "system_name": web.title, "help": web.help,
            "regions": regions(runtime, access, base),
            "own": player_controls(runtime, view, access),
            "player_page": web.player_page if access.role == "pc" else "",
            "my_table": my_tracker(runtime, access, base),
            "ws": f"/trackers/{record.id}/ws?k={access.token}",
            "action": f"/trackers/{record.id}?k={access.token}"}


def _contexts(runtime: TrackerRuntime, access: Access, base: str
              ) -> dict[str, tuple[str, dict[str, Any]]]:
    record = runtime.record
    web: TrackerWeb = tracker_web(record.system)
    view = view_of(runtime, access)
    action = f"/trackers/{record.id}?k={access.token}"
    common = {"view": view, "order": web.order(view), "system": record.system,
              "gm": access.role == "gm", "action": action,
              "log": view["log"][-LOG_LINES:],
              "log_start": max(1, len(view["log"]) - LOG_LINES + 1)}
    out: dict[str, tuple[str, dict[str, Any]]] = {
        "status": ("tracker_status.html", common),
        "order": (web.order_template, common),
        "log": ("tracker_log.html", common),
    }
    if access.role == "gm":
        links = tracker_links(runtime, access.token, base)
        common["controls"] = gm_controls(runtime.console, _state_key(runtime))
        common["last"] = last_answer(list(runtime.transcript))
        out["controls"] = ("tracker_controls.html", common)
        out["console"] = ("tracker_console.html", {"lines": list(runtime.transcript)})
        out["links"] = ("tracker_links.html", {"links": links, **common})
    elif access.role == "pc" and web.mine_template:
        common["own"] = player_controls(runtime, view, access)
        out["mine"] = (web.mine_template, common)
    return out


def _render(template: str, ctx: dict[str, Any]) -> str:
    return env.get_template(template).render(**ctx)
