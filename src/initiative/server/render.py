"""What one client of a table receives: HTML regions for a browser, or JSON for an API
client (bots, the load script). Both are built from that seat's view only (the engine's
`view(seat)`; spectators get SPECTATOR's) and its own draft, so no frame for one seat
can hold another seat's hand, deck order or face-down card (issue 7, security).

Regions (ids in the page): `status` (round, who decides, "you're next", the result),
`track` (the Initiative Track as a timeline with the Round Marker and the out-of-round
divider; units as buttons when they are a legal target), `hand`, `actions` (the draft's
steps, the next choices, confirm / back / undo, unavailable options with why), `log`
(sentences), `chat` and `details` (hidden: the full text of every unit and card the seat
sees, shown one at a time in a dialog; server/details.py).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from initiative.engine.contract import TERMINAL
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import Action, Kind, target_unit
from initiative.games.ib.match import Match
from initiative.games.ib.text import describe as text
from initiative.games.ib.view import IBView
from initiative.server import details, reasons
from initiative.server.table import Table

SHAPES = ("●", "▲", "■", "◆", "★", "✚", "⬟", "⬢")
"""Team marks (colour is never the only sign of a side)."""
CC_SHAPE = "✖"
DRAFT_DROPPED = ("Your unfinished action could not be shown, so it was cleared: please "
                 "choose it again.")
log = logging.getLogger("initiative.server")
LOG_LINES = 150
UNIT_STEPS = (Kind.TARGET, Kind.TARGET_SUPPORT, Kind.BREAK)
CARD_STEPS = (Kind.PLAY, Kind.INSTALL, Kind.DISCARD)

env = Environment(loader=PackageLoader("initiative.web", "templates"),
                  autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)


def team_mark(match: Match, team: int) -> str:
    if team == match.cc_team:
        return CC_SHAPE
    return SHAPES[team % len(SHAPES)]


@dataclass(frozen=True)
class Button:
    index: int
    label: str
    detail: str


def _button(view: IBView, match: Match, action: Action) -> Button:
    return Button(action.index, _short(action, view, match),
                  text.describe_action(view, match, action))


def _short(action: Action, view: IBView, match: Match) -> str:
    kind = action.kind
    if kind in text.ATTACKS:
        return text.ATTACKS[kind]
    if kind in UNIT_STEPS:
        unit = view.units[target_unit(action, match.num_characters)]
        return ("Break with " if kind == Kind.BREAK else "Target ") + unit.who
    if kind in CARD_STEPS:
        hand = view.hand
        name = view.card_name(hand[action.arg]) if action.arg < len(hand) else "?"
        return f"{kind.name.capitalize()} {name}"
    return {Kind.KEEP: "Keep hand", Kind.MULLIGAN: "Mulligan", Kind.PASS: "Pass",
            Kind.DECLINE: "No Break", Kind.CLEANSE: "Cleanse " + st.NAMES[action.arg]
            if action.arg < len(st.NAMES) else "Cleanse",
            Kind.SIGIL: f"Use Sigil {action.arg + 1}", Kind.TIER: f"Discard {action.arg + 1}",
            Kind.REPLACE: f"Replace Sigil {action.arg + 1}",
            Kind.FLUX: "Flux: " + text.FLUX_WORDS[action.arg] if action.arg < 3 else "Flux",
            }.get(kind, kind.name.capitalize())


def context(table: Table, seat: int, view: IBView, controller: str = "human") -> dict[str, Any]:
    """Everything the region templates need for `seat` (from its view and draft)."""
    match = table.match
    state_seat = view.deciding
    mine = seat >= 0 and state_seat == seat and not table.finished
    draft = table.draft(seat) if mine else None
    draft_view = draft.state.view(seat) if draft is not None and draft.steps else view
    next_steps = list(draft.next_steps) if draft is not None else []
    # Every next step is a control: a card may be played, installed and discarded, a
    # unit targeted or break, so each slot and unit holds a list (issue 16).
    unit_steps: dict[int, list[Button]] = {}
    card_steps: dict[int, list[Button]] = {}
    for a in next_steps:
        if a.kind in UNIT_STEPS:
            unit_steps.setdefault(target_unit(a, match.num_characters), []).append(
                _button(draft_view, match, a))
        elif a.kind in CARD_STEPS:
            card_steps.setdefault(a.arg, []).append(_button(draft_view, match, a))
    # An Initiative Break (IB 3.7) is also a button of the actions pane, beside "No
    # Break", not only the Breaker on the track.
    other_steps = [_button(draft_view, match, a) for a in next_steps
                   if a.kind == Kind.BREAK
                   or (a.kind not in UNIT_STEPS and a.kind not in CARD_STEPS)]
    active = text.active_unit(view)
    track = []
    for slot, u in enumerate(view.order):
        unit = view.units[u]
        track.append({
            "slot": slot + 1, "unit": unit, "mark": team_mark(match, unit.team),
            "team": unit.team if unit.team != match.cc_team else "cc",
            "side": text.side(view, unit), "active": u == active,
            "out": text.out_of_round(view, slot, u), "rm_before": slot == view.rm,
            "statuses": st.names(unit.statuses),
            "pending": text.pending_text(unit.pending) if unit.pending else "",
            "steps": unit_steps.get(u, []),
        })
    supports = [{"unit": u, "mark": team_mark(match, u.team), "side": text.side(view, u),
                 "team": u.team,
                 "steps": unit_steps.get(u.unit, [])}
                for u in view.units if u.is_support and u.on_track]
    defeated = text.defeated_units(view)
    hand = [{"slot": i, "name": view.card_name(c), "key": details.card_key(c),
             "text": text.card_text(match.content, c),
             "chosen": draft is not None and any(a.kind in CARD_STEPS and a.arg == i
                                                 for a in draft.steps[:1]),
             "steps": card_steps.get(i, [])}
            for i, c in enumerate(view.hand)]
    options = []
    if mine and draft is not None and not draft.steps:
        options = [{"label": _short(a, view, match),
                    "reason": reasons.unavailable_reason(view, match, a)}
                   for a in reasons.top_level_options(view, match)
                   if a not in view.legal]
    preview = None
    if draft is not None and draft.preview is not None:
        preview = _preview(view, draft.preview.view(seat))
    decider = "" if state_seat < 0 else table.seat_name(state_seat)
    return {
        "seat": seat, "seat_name": table.seat_name(seat), "view": view, "match": match,
        "round": view.round, "collapse": view.rm is None, "track": track,
        "rm_end": view.rm is not None and view.rm == len(view.order),
        "supports": supports, "defeated": defeated, "hand": hand,
        "hand_sizes": [(table.seat_name(s), n, view.deck_sizes[s])
                       for s, n in enumerate(view.hand_sizes)],
        "mine": mine, "decider": decider, "controller": controller,
        "title": text.decision_title(view, match) if mine else "",
        "draft": [text.describe_action(before, match, a)  # each from the view it was taken in
                  for before, a in zip(draft.before, draft.steps, strict=True)]
        if draft is not None else [],
        "ready": draft is not None and draft.ready, "choices": other_steps,
        "options": options, "preview": preview, "can_undo": table.can_undo(seat),
        "finished": view.deciding == TERMINAL,
        "result": text.result(view, match).sentence if view.deciding == TERMINAL else "",
        "log": _log(table, view),
        "chat": [{"name": table.seat_name(c["seat"]), "text": c["text"],
                  "team": c.get("team") is not None} for c in table.chat_for(seat)],
        "has_partner": seat >= 0 and sum(
            1 for t in match.seat_team if t == match.seat_team[seat]) > 1,
        "rematch": table.rematch, "details": details.entries_html(view, match),
    }


def finished_links(table: Table, token: str) -> dict[str, str | None]:
    """A seat's links once its game is over: the rematch (when started) and the replay."""
    return {"rematch": f"/t/{table.rematch}?k={token}" if table.rematch else None,
            "replay": f"/t/{table.id}/replay?k={token}" if table.finished else None}


def _log(table: Table, view: IBView) -> list[str]:
    """The last LOG_LINES log sentences, with the table's notices (undos) in place."""
    first = max(0, len(view.log) - LOG_LINES)
    return table.log_lines(text.log_sentences(view, table.match, first), first)


def _preview(before: IBView, after: IBView) -> list[dict[str, Any]]:
    """Where each unit lands if the draft is confirmed and nobody breaks."""
    was = {u: i for i, u in enumerate(before.order)}
    rows = []
    for slot, u in enumerate(after.order):
        old = was.get(u)
        unit = after.units[u]
        rows.append({"slot": slot + 1, "name": unit.who, "label": unit.label,
                     "moved": "" if old is None or old == slot else
                     f"from {old + 1}", "rm_before": slot == after.rm,
                     "hp": unit.hp, "was_hp": before.units[u].hp})
    return rows


REGIONS = ("status", "track", "hand", "actions", "log", "chat", "details")


def regions(ctx: dict[str, Any]) -> dict[str, str]:
    return {name: str(env.get_template(f"_{name}.html").render(ctx)) for name in REGIONS}


def seat_regions(table: Table, seat: int, view: IBView, controller: str = "human",
                 extra: dict[str, Any] | None = None
                 ) -> tuple[dict[str, Any], dict[str, str], str]:
    """The context and regions for `seat` (`extra` added to the context), and a message
    for the seat ("" if none). A kept draft whose drawing fails is dropped (logged once,
    with the traceback), so the seat's next frame and every reconnect draw again
    instead of failing in a loop; a failure without a draft is raised."""
    try:
        return (*_drawn(table, seat, view, controller, extra), "")
    except Exception:
        if not table.drafts.get(seat):
            raise
        log.exception("table %s seat %d: the draft %r could not be drawn; it was dropped",
                      table.id, seat, table.drafts[seat])
        table.cancel(seat)
    return (*_drawn(table, seat, view, controller, extra), DRAFT_DROPPED)


def _drawn(table: Table, seat: int, view: IBView, controller: str,
           extra: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, str]]:
    ctx = context(table, seat, view, controller)
    ctx.update(extra or {})
    return ctx, regions(ctx)


def announcement(ctx: dict[str, Any]) -> str:
    """One sentence for screen readers when the turn changes (aria-live)."""
    if ctx["finished"]:
        return f"Game over. {ctx['result']}"
    if ctx["mine"]:
        return f"Your turn. {ctx['title']}."
    return f"{ctx['decider']} is deciding." if ctx["decider"] else ""


def json_payload(table: Table, seat: int, view: IBView, log_from: int) -> dict[str, Any]:
    """The API client's state: its view (log from `log_from`), legal steps, its draft."""
    data = view.to_dict(log_from)
    match = table.match
    legal = [{"index": a.index, "text": text.describe_action(view, match, a)}
             for a in view.legal]
    return {"type": "state", "seq": table.head, "seat": seat, "view": data,
            "log_from": log_from, "legal": legal, "can_undo": table.can_undo(seat),
            "notices": [{"seat": n.seat, "at": n.at, "text": table.notice_text(n)}
                        for n in table.notices],
            "finished": table.finished, "rematch": table.rematch}
