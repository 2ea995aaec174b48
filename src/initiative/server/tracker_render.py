"""What one page of a GM tracker shows, as HTML regions built from one viewer's view.

Players and spectators get regions rendered only from the model's view for them
(`tick_view(tracker, viewer)`, `CardRoundState.view(viewer)`): a face-down card, another
player's hand or a hidden NPC Initiative is never in their data, so it cannot be in
their HTML. The GM's pages add the console transcript (the console's own lines, the
GM's reading), the hands, the command buttons and forms (`tracker_controls`) and the
links.

Regions (element ids): `status`, `order`, `log`; GM: `controls`, `console`, `hands`,
`links`; a card-round player: `mine` (their hand, commit and declare).
"""

from __future__ import annotations

import re
from typing import Any

from initiative.server.pages import env
from initiative.server.tracker_controls import gm_controls
from initiative.server.tracker_hub import Access, TrackerRuntime
from initiative.timing.cards import GM
from initiative.timing.cards_content import Card
from initiative.timing.ticks_view import tick_view
from initiative.trackers.exalted import HELP as EXALTED_HELP
from initiative.trackers.exalted import ExaltedConsole
from initiative.trackers.faith import HELP as FAITH_HELP
from initiative.trackers.faith import FaithConsole

LOG_LINES = 200
ECHO = re.compile(r"^(\[[^\]]*\] )?> ")
"""A command as the console pane echoes it (`tracker_hub.echo`)."""
SYSTEM_NAMES = {"exalted": "Tick initiative (compatible with Exalted)",
                "faith": "Card rounds (compatible with FaithRPG)"}
HELP = {"exalted": EXALTED_HELP, "faith": FAITH_HELP}


def _label(card: list[Any]) -> str:
    return Card.from_list(card).label()


def view_of(runtime: TrackerRuntime, access: Access) -> dict[str, Any]:
    """The model's view for this page's viewer (a PC no longer on the roster, e.g. after
    an undo, watches as a spectator)."""
    console = runtime.console
    viewer = access.viewer
    try:
        return _view(console, viewer)
    except ValueError:
        return _view(console, "@spectator")


def _view(console: object, viewer: str) -> dict[str, Any]:
    if isinstance(console, ExaltedConsole):
        return tick_view(console.tracker, viewer)
    if isinstance(console, FaithConsole):
        return console.state.view(viewer)
    raise TypeError(f"not a tracker console: {console!r}")


# --- contexts -----------------------------------------------------------------------------


def exalted_context(view: dict[str, Any]) -> dict[str, Any]:
    rows = []
    for row in view["rows"]:
        marks = []
        if row["active"]:
            marks.append("acting now")
        elif row["up"]:
            marks.append("up, not started")
        if row["done"]:
            marks.append(row["done"])
        if row["holding"]:
            marks.append("holding")
        if row["crashed"]:
            marks.append(f"Crashed, {row['tokens']} recovery token(s)")
        if row["flurry_penalty"]:
            marks.append(f"flurry -{row['flurry_penalty']}")
        if row["initiative"] is not None:
            shown = str(row["initiative"])
        else:
            shown = ("not worthy (EX-1)" if not row["worthy"] else "not joined"
                     if not row["joined"] else "hidden")
        rows.append({**row, "shown": shown, "marks": ", ".join(marks)})
    up = view["ready"] or view["still_to_act"][:1]
    return {"rows": rows, "up_next": ", ".join(up), "effects": view["effects"],
            "still_to_act": view["still_to_act"]}


def _slot(view: dict[str, Any], name: str, side: str) -> str:
    shared = view["rules"]["npc_initiative_card"] == "shared"
    return GM if side == "npc" and shared else name


def faith_context(view: dict[str, Any]) -> dict[str, Any]:
    commits = {e["slot"]: e for e in view["commitments"]}
    roster = {c["name"]: c for c in view["roster"]}
    names = view["participants"] or list(roster)
    queue = view["queue"]
    rows = []
    for name in names:
        ch = roster[name]
        entry = commits.get(_slot(view, name, ch["side"]))
        total = view["totals"].get(name)
        if entry is None:
            card = ""
        elif not entry["committed"] and total is not None:  # played: the card is gone
            slot = _slot(view, name, ch["side"])
            card = f"{view['values'].get(slot, '?')}, discarded"
        elif "card" in entry:
            face = "" if view["phase"] == "turns" else " (face down)"
            card = _label(entry["card"]) + face
        elif entry["committed"]:
            card = "face down" + (", deck top" if entry.get("source") == "deck" else "")
        else:
            card = "not committed"
        waits = view["waiting_on"].get(name)
        place = f"{queue.index(name) + 1}" if name in queue else (
            f"waits on {waits}" if waits else "")
        rows.append({"name": name, "side": ch["side"], "initiative": ch["initiative"],
                     "card": card, "total": "" if total is None else total,
                     "status": view["status"].get(name, ""), "place": place,
                     "damage": view["damage"].get(name, 0)})
    ties = [{"side": t[0], "total": t[1], "members": t[2], "by": t[3] or "open"}
            for t in view["ties"]]
    up = queue[0] if view["phase"] == "turns" and not view["acting"] and queue else ""
    hands = {owner: [_label(c) for c in hand] if isinstance(hand, list) else hand
             for owner, hand in view["hands"].items()}
    return {"rows": rows, "ties": ties, "up_next": up, "hands": hands,
            "order_text": " > ".join(queue)}


def player_controls(view: dict[str, Any], access: Access) -> dict[str, Any]:
    """A card-round PC's own controls: commit from hand or deck top, declare in a tie."""
    if access.role != "pc" or view["viewer"] != access.name:
        return {"own": False}
    me = access.name
    side = next(c["side"] for c in view["roster"] if c["name"] == me)
    entry = next((e for e in view["commitments"] if e["slot"] == _slot(view, me, side)), None)
    can_commit = view["phase"] == "commit" and entry is not None and not entry["committed"]
    in_tie = any(t[0] == "pc" and me in t[2] and not t[3] for t in view["ties"])
    hand = view["hands"].get(me, [])
    committed = ""
    if entry is not None and entry["committed"]:
        committed = _label(entry["card"]) if "card" in entry else "the top card of your deck"
    return {"own": True, "hand": [(i, _label(c)) for i, c in enumerate(hand)],
            "can_commit": can_commit, "can_declare": view["phase"] == "turns" and in_tie,
            "committed": committed, "declared": view["declarations"].get(me, "")}


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
            "title": f"GM tracker, {SYSTEM_NAMES[record.system]}", "name": record.name,
            "creator": own if gm else "", "creator_label": "Game master (secret)",
            "seats": [{"name": link["label"], "link": link["url"]}
                      for link in tracker_links(runtime, access.token, base)] if gm
            else [{"name": link_label(key), "link": own}], "spectator": ""}


def page_context(runtime: TrackerRuntime, access: Access, base: str = "") -> dict[str, Any]:
    record = runtime.record
    who = {"gm": "game master", "players": "players", "spectator": "spectator"}.get(
        access.role, access.name)
    view = view_of(runtime, access)
    return {"name": record.name, "who": who, "role": access.role,
            "system": record.system, "system_name": SYSTEM_NAMES[record.system],
            "help": HELP[record.system], "regions": regions(runtime, access, base),
            "own": player_controls(view, access) if record.system == "faith" else {},
            "my_table": my_tracker(runtime, access, base),
            "ws": f"/trackers/{record.id}/ws?k={access.token}",
            "action": f"/trackers/{record.id}?k={access.token}"}


def _contexts(runtime: TrackerRuntime, access: Access, base: str
              ) -> dict[str, tuple[str, dict[str, Any]]]:
    record = runtime.record
    view = view_of(runtime, access)
    faith = record.system == "faith"
    order = faith_context(view) if faith else exalted_context(view)
    common = {"view": view, "order": order, "system": record.system, "gm": access.role == "gm",
              "log": view["log"][-LOG_LINES:], "log_start": max(1, len(view["log"]) - LOG_LINES
                                                                 + 1)}
    out: dict[str, tuple[str, dict[str, Any]]] = {
        "status": ("tracker_status.html", common),
        "order": ("tracker_order_faith.html" if faith else "tracker_order_exalted.html",
                  common),
        "log": ("tracker_log.html", common),
    }
    if access.role == "gm":
        links = tracker_links(runtime, access.token, base)
        common["controls"] = gm_controls(runtime.console, (record.id, record.seq,
                                                            runtime.console.marker()))
        common["action"] = f"/trackers/{record.id}?k={access.token}"
        common["last"] = last_answer(list(runtime.transcript))
        out["controls"] = ("tracker_controls.html", common)
        out["console"] = ("tracker_console.html", {"lines": list(runtime.transcript)})
        out["links"] = ("tracker_links.html", {"links": links, **common})
    elif faith and access.role == "pc":
        out["mine"] = ("tracker_mine.html", {"own": player_controls(view, access), **common})
    return out


def _render(template: str, ctx: dict[str, Any]) -> str:
    return env.get_template(template).render(**ctx)
