"""IB 3.6.5 / 8.2.7: the last side with units on the track wins (AMB-118 on a wipe)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ib import events
from initiative.games.ib.frames import ACTION, ACTIVATION

if TYPE_CHECKING:
    from initiative.games.ib.state import IBState


def check(state: IBState) -> None:
    """Decide the game once at most one team has units left. Against CCs they are a
    side: the players win when every CC is gone (IB 6.7.2) and lose when every player
    Character is (AMB-80). Neutral CCs (IB 8.4) never keep a game going: the last
    player side wins; if only CCs remain every player loses (AMB-119)."""
    match = state.match
    team_of = match.unit_team
    teams = {team_of[u] for u in state.track.order}
    if match.neutral and len(teams) > 1:
        teams.discard(match.cc_team)
    if len(teams) > 1:
        return
    if teams:
        finish(state, teams.pop())
    elif state.match.config.simultaneous_elimination == "active_side_wins":
        finish(state, team_of[acting_unit(state)])
    else:
        finish(state, -1)


def acting_unit(state: IBState) -> int:
    """The unit whose effect is resolving (top-most action), else the active unit."""
    for frame in reversed(state.stack):
        if frame.tag == ACTIVATION or frame.tag == ACTION:
            return frame.unit
    return 0


def finish(state: IBState, team: int) -> None:
    """End the game: `team` wins, or -1 for a draw."""
    if state.result is None:
        state.result = team
        state.queue = ()  # abilities still waiting never resolve in a finished game
        if state.wants(events.RESULT):
            state.emit((events.RESULT, team))
