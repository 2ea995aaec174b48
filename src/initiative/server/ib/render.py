"""What one seat of an Initiative Break table sees: HTML regions for a browser, or JSON
for an API client (bots, the load script). Both are built from that seat's view only
(the engine's `view(seat)`; spectators get SPECTATOR's), the public match and its own
draft, so no frame for one seat can hold another seat's hand, deck order or face-down
card (issue 7, security).

Regions (ids in the page): `status` (round, who decides, "you're next", the result),
`track` (the Initiative Track as a timeline with the Round Marker and the out-of-round
divider; units as buttons when they are a legal target), `hand`, `actions` (the draft's
steps, the next choices, confirm / back, unavailable options with why), `log`
(sentences, with the table's notices) and `details` (hidden: the full text of every unit
and card the seat sees, shown one at a time in a dialog; server/ib/details.py). The
chat and the table's controls (undo, rematch, replay) are every game's
(server/seat_frames.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from initiative.engine.chance import ROLL
from initiative.engine.contract import TERMINAL
from initiative.games.ib import frames
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import Action, Kind, target_unit
from initiative.games.ib.match import Match
from initiative.games.ib.preview import pending_phrase
from initiative.games.ib.text import describe as text
from initiative.games.ib.view import IBView
from initiative.server.ib import details, reasons
from initiative.server.ib.drafts import ANSWERS, DraftState, Pending, Preview
from initiative.server.ib.tutorial import hint_context
from initiative.server.log_lines import first_shown, page_log
from initiative.server.pages import env
from initiative.server.parts import Rendered, SeatPage

SHAPES = ("●", "▲", "■", "◆", "★", "✚", "⬟", "⬢")
"""Team marks (colour is never the only sign of a side)."""
CC_SHAPE = "✖"
UNIT_STEPS = (Kind.TARGET, Kind.TARGET_SUPPORT, Kind.BREAK)
CARD_STEPS = (Kind.PLAY, Kind.INSTALL, Kind.DISCARD)


def team_mark(match: Match, team: int) -> str:
    if team == match.cc_team:
        return CC_SHAPE
    return SHAPES[team % len(SHAPES)]


ONE_CLICK = (Kind.KEEP,)
"""Choices played at once, with no Confirm: keeping one's hand changes nothing on the
track, so a preview of it would say nothing (issue 25)."""
NO_PREVIEW = (Kind.KEEP, Kind.MULLIGAN)
"""Choices whose draft shows no track preview: they move nothing."""


@dataclass(frozen=True)
class Button:
    """A control: `op` "step" adds it to the draft, "act" plays it at once."""

    index: int
    label: str
    detail: str
    op: str = "step"


def _button(view: IBView, match: Match, action: Action) -> Button:
    return Button(action.index, _short(action, view, match),
                  text.describe_action(view, match, action),
                  "act" if action.kind in ONE_CLICK else "step")


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


def context(page: SeatPage[IBView]) -> dict[str, Any]:
    """Everything the region templates need for one page (from its view and draft)."""
    view, match = page.view, page.public
    draft: DraftState | None = page.draft
    draft_view = draft.state.view(page.acting) if draft is not None and draft.steps else view
    next_steps = list(draft.next_steps) if draft is not None else []
    unit_steps, card_steps, other_steps = _step_buttons(draft_view, match, next_steps)
    finished = view.deciding == TERMINAL
    first = first_shown(len(view.log))
    asked = draft_view if draft is not None and not draft.ready else view  # e.g. "(2 more)"
    title, title_rules = text.split_rules(text.decision_title(asked, match)) \
        if page.mine else ("", ())
    return {
        "seat": page.seat, "seat_name": page.names[page.seat] if page.seat >= 0 else "",
        "view": view, "match": match, "round": view.round, "collapse": view.rm is None,
        "track": _track(view, match, unit_steps), "rm_end": view.rm is not None
        and view.rm == len(view.order),
        "supports": [{"unit": u, "mark": team_mark(match, u.team), "side": text.side(view, u),
                      "team": u.team, "steps": unit_steps.get(u.unit, [])}
                     for u in view.units if u.is_support and u.on_track],
        "defeated": text.defeated_units(view), "hand": _hand(view, match, draft, card_steps),
        "hand_sizes": [(page.names[s], n, view.deck_sizes[s])
                       for s, n in enumerate(view.hand_sizes)],
        "mine": page.mine, "decider": page.names[view.deciding] if view.deciding >= 0 else "",
        "controller": page.controller,
        "title": title, "title_rules": ", ".join(title_rules),
        "draft": [text.describe_action(before, match, a)  # each from the view it was taken in
                  for before, a in zip(draft.before, draft.steps, strict=True)]
        if draft is not None else [],
        "ready": draft is not None and draft.ready, "choices": other_steps,
        "options": _unavailable(view, match) if page.mine and draft is not None
        and not draft.steps and _choosing_action(view) else [],
        "preview": _preview(view, draft.preview)
        if draft is not None and draft.preview is not None
        and draft.steps[0].kind not in NO_PREVIEW else None,
        "pending": pending_sentence(view, match, draft.preview.pending, page.acting)
        if draft is not None and draft.preview is not None
        and draft.preview.pending is not None
        and draft.steps[0].kind not in NO_PREVIEW else "",
        "warnings": text.preview_warnings(draft.preview.added, match)
        if draft is not None and draft.preview is not None else [],
        "finished": finished, "result": text.result(view, match).sentence if finished else "",
        "log": page_log(text.log_sentences(view, match, first), first, page),
        "details": details.entries_html(view, match), "replay": page.replay,
        "hint": hint_context(draft_view, match, draft is not None and draft.ready)
        if page.guided and page.mine else None,
    }


def _step_buttons(view: IBView, match: Match, next_steps: list[Action]
                  ) -> tuple[dict[int, list[Button]], dict[int, list[Button]], list[Button]]:
    """The draft's next steps as controls: on their unit, on their card, or in the
    actions pane. A card may be played, installed and discarded, a unit targeted or
    break, so each slot and unit holds a list (issue 16). An Initiative Break (IB 3.7)
    is also a button of the actions pane, beside "No Break", not only the Breaker on
    the track."""
    unit_steps: dict[int, list[Button]] = {}
    card_steps: dict[int, list[Button]] = {}
    for a in next_steps:
        if a.kind in UNIT_STEPS:
            unit_steps.setdefault(target_unit(a, match.num_characters), []).append(
                _button(view, match, a))
        elif a.kind in CARD_STEPS:
            card_steps.setdefault(a.arg, []).append(_button(view, match, a))
    others = [_button(view, match, a) for a in next_steps
              if a.kind == Kind.BREAK or (a.kind not in UNIT_STEPS and a.kind not in CARD_STEPS)]
    return unit_steps, card_steps, others


def _track(view: IBView, match: Match, unit_steps: dict[int, list[Button]]
           ) -> list[dict[str, Any]]:
    """The Initiative Track as a timeline: each unit, its side, statuses and steps."""
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
    return track


def _hand(view: IBView, match: Match, draft: DraftState | None,
          card_steps: dict[int, list[Button]]) -> list[dict[str, Any]]:
    return [{"slot": i, "name": view.card_name(c), "key": details.card_key(c),
             "text": text.card_text(match.content, c),
             "chosen": draft is not None and any(a.kind in CARD_STEPS and a.arg == i
                                                 for a in draft.steps[:1]),
             "steps": card_steps.get(i, [])}
            for i, c in enumerate(view.hand)]


def _choosing_action(view: IBView) -> bool:
    """The seat chooses its active unit's action (IB 3.2): the one decision where what
    it cannot do now is worth listing, each with why. Elsewhere (its opening hand, a
    Break window, a draw with a full hand) the page offers only what can be chosen."""
    top = view.stack[-1] if view.stack else None
    return top is not None and top.tag == frames.ACTIVATION and top.step == frames.ST_ACTION


def _unavailable(view: IBView, match: Match) -> list[dict[str, str]]:
    """The top-level options the seat cannot take now, each with why in words (the rule
    ids it cites apart, for the tooltip)."""
    out = []
    for a in reasons.top_level_options(view, match):
        if a in view.legal:
            continue
        why, rules = text.split_rules(reasons.unavailable_reason(view, match, a) or "")
        out.append({"label": _short(a, view, match), "reason": why,
                    "rules": ", ".join(rules)})
    return out


def _preview(before: IBView, after: Preview) -> list[dict[str, Any]]:
    """Where each unit lands if the draft is confirmed and nobody breaks (up to the
    first chance event: `pending_sentence` says what it is)."""
    was = {u: i for i, u in enumerate(before.order)}
    rows = []
    for slot, u in enumerate(after.order):
        old = was.get(u)
        unit = before.units[u]
        rows.append({"slot": slot + 1, "name": unit.who, "label": unit.label,
                     "moved": "" if old is None or old == slot else
                     f"from {old + 1}", "rm_before": slot == after.rm,
                     "hp": after.hp[u], "was_hp": unit.hp})
    return rows


def pending_sentence(view: IBView, match: Match, pending: Pending, seat: int) -> str:
    """What a preview stopped at, as a sentence (`pending_phrase`'s words): it never
    tells a die, a draw or a random choice before it happens (issue 25)."""
    said = pending_phrase(view, match, pending, seat)
    if pending.kind == ANSWERS:
        return f"Then {said} (they may change what happens): the preview stops here."
    if pending.kind == ROLL and pending.unit >= 0:
        return f"Then {said}: what it does depends on the roll, so the preview stops here."
    return f"Then {said}: the preview stops here."


REGIONS = ("status", "track", "hand", "actions", "log", "details", "hint")


def regions(ctx: dict[str, Any]) -> dict[str, str]:
    return {name: str(env.get_template(f"ib/_{name}.html").render(ctx)) for name in REGIONS}


def render(page: SeatPage[IBView]) -> Rendered:
    """One seat's regions and what is announced."""
    ctx = context(page)
    return Rendered(regions(ctx), announcement(ctx), bool(ctx["mine"]))


def announcement(ctx: dict[str, Any]) -> str:
    """One sentence for screen readers when the turn changes (aria-live)."""
    if ctx["finished"]:
        return f"Game over. {ctx['result']}"
    if ctx["mine"]:
        return f"Your turn. {ctx['title']}."
    return f"{ctx['decider']} is deciding." if ctx["decider"] else ""


def json_state(match: Match, view: IBView, log_from: int) -> dict[str, Any]:
    """An API client's state: its view (log from `log_from`) and its legal steps."""
    legal = [{"index": a.index, "text": text.describe_action(view, match, a)}
             for a in view.legal]
    return {"view": view.to_dict(log_from), "log_from": log_from, "legal": legal}
