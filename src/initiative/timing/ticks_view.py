"""What one viewer of a tick-initiative combat may see (OTHER-RULINGS section 2d).

The game master sees everything. Players and spectators see the tick order, marks,
effects and the log; when the house rule ``show_npc_initiative_to_players`` is off they
see neither an NPC's Initiative nor its mote pool, and every log line that would show
one comes in its players' reading (:attr:`LogEntry.public`).
"""

from __future__ import annotations

from typing import Any

from initiative.engine.contract import GAME_MASTER, SPECTATOR
from initiative.timing.ticks import TickTracker
from initiative.timing.ticks_rules import Contest, UnknownCharacterError

__all__ = ["GM_VIEWER", "SPECTATOR_VIEWER", "tick_view", "viewer_name"]

GM_VIEWER = "GM"
SPECTATOR_VIEWER = "@spectator"


def viewer_name(tracker: TickTracker, viewer: str | int) -> str:
    """Normalise a viewer: ``"GM"``/GAME_MASTER, ``"@spectator"``/SPECTATOR or a PC name."""
    if viewer in (GM_VIEWER, GAME_MASTER):
        return GM_VIEWER
    if viewer in (SPECTATOR_VIEWER, SPECTATOR):
        return SPECTATOR_VIEWER
    if isinstance(viewer, str) and viewer in tracker.fighters:
        if tracker.fighters[viewer].sheet.player:
            return viewer
    raise UnknownCharacterError(
        f"{viewer!r} is not a viewer (a player character, {GM_VIEWER!r} or {SPECTATOR_VIEWER!r})"
    )


def _contest(c: Contest, hidden: set[str]) -> dict[str, Any]:
    """An EX-1 contest; the ``hidden`` (NPC) sides show no pool and no dice."""
    sides = []
    for side in (c.first, c.second):
        secret = side.name in hidden
        sides.append({"name": side.name, "successes": side.successes,
                      "pool": None if secret else side.pool,
                      "faces": None if secret or side.faces is None else list(side.faces)})
    return {"seq": c.seq, "round": c.round, "sides": sides, "winner": c.winner}


def tick_view(tracker: TickTracker, viewer: str | int) -> dict[str, Any]:
    """Plain data for ``viewer``; safe to send to it."""
    who = viewer_name(tracker, viewer)
    gm = who == GM_VIEWER
    hide = not gm and not tracker.rules.show_npc_initiative_to_players
    rows: list[dict[str, Any]] = []
    npcs = {n for n, f in tracker.fighters.items() if not f.sheet.player}
    joined = tracker.ranking()
    waiting = [n for n, f in tracker.fighters.items() if n not in joined and not f.out]
    for name in joined + waiting:
        f = tracker.fighters[name]
        secret = hide and not f.sheet.player
        rows.append({
            "name": name,
            "side": "pc" if f.sheet.player else "npc",
            "joined": f.joined,
            "initiative": None if secret or not f.joined else f.initiative,
            "base": None if secret else f.sheet.base_initiative,
            "acted": f.done == "acted",
            "done": f.done,
            "holding": f.holding,
            "crashed": f.crashed,
            "tokens": f.tokens,
            "motes": None if secret else f.motes,
            "mote_max": None if secret else f.sheet.mote_max,
            "active": name == tracker.active,
            "flurry_penalty": tracker.flurry_penalty_due(name) if f.joined else 0,
            "worthy": f.worthy,  # EX-1
            "up": name == tracker.announced(),
        })
    view: dict[str, Any] = {
        "viewer": who,
        "phase": tracker.phase,
        "round": tracker.round,
        "active": tracker.active,
        "ready": tracker.ready(),
        "still_to_act": tracker.turn_order(),
        "holding": tracker.holders(),
        "up": tracker.announced(),  # announced by `next`, its turn not begun
        "up_line": tracker.up_line(),
        "last_chance": tracker.last_chance(),  # EX-17, EX-A8
        "contests": [_contest(c, npcs if hide else set()) for c in tracker.contests],  # EX-1
        "rows": rows,
        "effects": [
            {"id": e.id, "label": e.label, "affected": e.affected,
             "duration": e.duration, "source": e.source}
            for e in tracker.effects
        ],
        "rules": tracker.rules.to_dict(),
        "log": [e.public if hide and e.public is not None else e.text for e in tracker.log],
    }
    if gm:
        view["ledger"] = [
            {"seq": e.seq, "round": e.round, "name": e.name, "delta": e.delta,
             "kind": e.kind, "cause": e.cause, "after": e.after}
            for e in tracker.ledger
        ]
    return view
