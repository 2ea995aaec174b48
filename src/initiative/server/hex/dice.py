"""The Dice panel's facts: the latest attack read from the game's public event log
(games/hex/events.py: every event is public), so it always says whose attack it was,
against whom, the faces, the number each die needed (HX-26), the hits, the shields
(HX-33) and the damage (HX-A5, HX-A6), and what push and fumble did (HX-28, HX-29)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from initiative.games.hex import events as ev

ENDS = frozenset((ev.PLAY, ev.ROUND, ev.DRAW, ev.LINE))
"""Events that start something else: the attack before them is over."""


def last_attack(log: Sequence[ev.Event]) -> dict[str, Any] | None:
    """The latest declared attack: {"attacker", "targets": [{"seat", "faces", "needs",
    "hits", "shielded", "damage", "health", "out", "pushed", "reacted", "behind"}],
    "turned_by": the target whose fumble turned the attacker, "over": something else has
    begun since} (faces empty until rolled), or None before the first attack."""
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i][0] == ev.TARGETS), None)
    if start is None:
        return None
    declared = ev.read(log[start])
    assert isinstance(declared, ev.Targets)
    rows: dict[int, dict[str, Any]] = {
        t: {"seat": t, "faces": [], "needs": 0, "hits": 0, "shielded": 0, "damage": 0,
            "health": None, "out": False, "pushed": None, "reacted": False, "behind": False}
        for t in declared.targets}
    turned_by: int | None = None
    over = False
    for event in log[start + 1:]:
        if event[0] in ENDS:
            over = True
            break
        turned_by = _follow(ev.read(event), rows, declared.attacker, turned_by)
    return {"attacker": declared.attacker, "targets": list(rows.values()),
            "turned_by": turned_by, "over": over}


def _follow(event: ev.EventRecord, rows: dict[int, dict[str, Any]], attacker: int,
            turned_by: int | None) -> int | None:
    """Note what one event after the declaration did to its target's row; the target
    whose fumble turned the attacker (HX-28), if this event says so."""
    match event:
        case ev.Rolled(target=t, needs=needs, hits=hits, faces=faces) if t in rows:
            rows[t].update(needs=needs, hits=hits, faces=list(faces))
        case ev.Shielded(seat=s, removed=removed) if s in rows:
            rows[s]["shielded"] += removed
        case ev.Damaged(seat=s, amount=amount, health=health) if s in rows:
            rows[s].update(damage=rows[s]["damage"] + amount, health=health)
        case ev.Eliminated(seat=s) if s in rows:
            rows[s]["out"] = True
        case ev.Pushed(unit=u, q=q, r=r) if u in rows:
            rows[u]["pushed"] = [q, r]
        case ev.Reacted(seat=s) if s in rows:
            rows[s]["reacted"] = True
        case ev.Behind(seat=s) if s in rows:
            rows[s]["behind"] = True
        case ev.Faced(unit=u, by=by) if u == attacker and by in rows:
            return by
    return turned_by
