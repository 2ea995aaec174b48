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
    declared = log[start]
    rows: dict[int, dict[str, Any]] = {
        t: {"seat": t, "faces": [], "needs": 0, "hits": 0, "shielded": 0, "damage": 0,
            "health": None, "out": False, "pushed": None, "reacted": False, "behind": False}
        for t in declared[2:]}
    turned_by: int | None = None
    over = False
    for event in log[start + 1:]:
        code = event[0]
        if code in ENDS:
            over = True
            break
        row = rows.get(event[1]) if len(event) > 1 else None
        if code == ev.ROLLED and row is not None:
            row.update(needs=event[2], hits=event[3], faces=list(event[4:]))
        elif code == ev.SHIELDED and row is not None:
            row["shielded"] += event[2]
        elif code == ev.DAMAGED and row is not None:
            row.update(damage=row["damage"] + event[2], health=event[3])
        elif code == ev.ELIMINATED and row is not None:
            row["out"] = True
        elif code == ev.PUSHED and row is not None:
            row["pushed"] = [event[2], event[3]]
        elif code == ev.REACTED and row is not None:
            row["reacted"] = True
        elif code == ev.BEHIND and row is not None:
            row["behind"] = True
        elif code == ev.FACED and event[1] == declared[1] and event[3] in rows:
            turned_by = event[3]
    return {"attacker": declared[1], "targets": list(rows.values()), "turned_by": turned_by,
            "over": over}
