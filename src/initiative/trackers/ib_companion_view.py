"""What the Initiative Break companion shows a front end, as plain data: the Initiative
Track in order with the Round Marker's place, the round or Time Collapse, who is up,
acting or breaking, and each unit's HP, Charge and statuses, then the log (every line
with its rule id). The printed game's cards stay on the table, so the companion holds
nothing hidden: every viewer gets the same view."""

from __future__ import annotations

from typing import Any

from initiative.games.ib import statuses as st
from initiative.trackers.ib_companion import IBCompanionConsole

__all__ = ["STATUS_NAMES", "companion_view"]

STATUS_NAMES = st.NAMES
"""The statuses a unit can carry (IB 5.1), in the rulebook's order."""


def companion_view(console: IBCompanionConsole, viewer: str = "@spectator") -> dict[str, Any]:
    """The companion's state for `viewer` (all of it is public).

    `phase`: "setup", "battle", "collapse" (Time Collapse, no rounds, IB 3.6) or "over";
    `round`; `header` (the console's one-line summary); `acting`, `breaking`, `up` (the
    unit announced, not started: IB 3.1.2), each a name or ""; `track`: the units on the
    Initiative Track left to right, with ``{"rm": True}`` where the Round Marker stands
    (IB 3.5); `units`: every unit (track order, then the defeated) with `name`, `side`,
    `player`, `hp`, `max_hp`, `charge`, `statuses`, `speed`, `initiative`, `place`
    (slot from 1, 0 off the track), `oor`, `defeated`; `log`: the log lines.
    """
    c = console.companion
    table = {u.name.lower(): u for u in c.units}
    state = c.state
    base: dict[str, Any] = {"viewer": viewer, "header": console.header(),
                            "log": list(c.lines), "acting": "", "breaking": "", "up": "",
                            "result": "", "round": 0, "track": []}
    if state is None:
        units = [{"name": u.name, "side": u.side, "player": u.seat, "hp": u.hp,
                  "max_hp": u.hp, "charge": 0, "statuses": [], "speed": u.speed,
                  "initiative": u.initiative, "place": 0, "oor": False, "defeated": False}
                 for u in c.units]
        return {**base, "phase": "setup", "units": units}
    track, match = state.track, state.match
    acting, breaking = c.active(), c.breaking()
    up = track.leftmost() if state.result is None and acting < 0 and breaking < 0 else None
    units = []
    for u in [*track.order, *(u for u in range(match.num_characters)
                              if not state.on_track(u))]:
        spec = match.units[u]
        printed = table[spec.name.lower()]
        on = state.on_track(u)
        units.append({"name": spec.name, "side": printed.side, "player": printed.seat,
                      "hp": state.hp[u], "max_hp": spec.hp, "charge": state.charge[u],
                      "statuses": st.names(state.status[u]), "speed": spec.speed,
                      "initiative": printed.initiative,
                      "place": track.slot(u) + 1 if on else 0,
                      "oor": on and track.is_out_of_round(u), "defeated": not on,
                      "acting": u == acting, "breaking": u == breaking, "up": u == up})
    row = {r["name"]: r for r in units}
    shown: list[dict[str, Any]] = [row[c.name(u)] for u in track.order]
    if track.rm is not None:
        shown.insert(track.rm, {"rm": True})
    phase = "over" if state.result is not None else "collapse" if track.rm is None \
        else "battle"
    result = ""
    if state.result is not None:
        result = console.header().split("battle over: ", 1)[-1]
    return {**base, "phase": phase, "round": track.round, "units": units, "track": shown,
            "acting": c.name(acting) if acting >= 0 else "",
            "breaking": c.name(breaking) if breaking >= 0 else "",
            "up": c.name(up) if up is not None else "", "result": result}
