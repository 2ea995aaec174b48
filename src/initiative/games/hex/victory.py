"""The end of the game (HX-A5): the last character standing, or the round limit.

With `round_limit`, the game ends after that many rounds. The leaders are then the
living players with the most Power tokens (`victory: most_power_after_rounds`) or,
under `last_standing`, the most health left; a single leader wins, tied leaders draw
(returns 0 for them, -1 for the rest).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.hex import events

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState


def living(state: HexState) -> list[int]:
    return [s for s, up in enumerate(state.alive) if up]


def check(state: HexState) -> None:
    """HX-A5: end the game once at most one character stands."""
    if state.over:
        return
    up = living(state)
    if len(up) <= 1:
        finish(state, tuple(up))


def finish_by_limit(state: HexState) -> None:
    """HX-A5 round_limit: the round limit is reached."""
    up = living(state)
    score = state.power if state.rules.victory == "most_power_after_rounds" else state.health
    best = max(score[s] for s in up)
    finish(state, tuple(s for s in up if score[s] == best))


def finish(state: HexState, leaders: tuple[int, ...]) -> None:
    """The game is over: one leader wins, several draw, none (everyone out) all lose."""
    state.over = True
    state.phase = "over"
    state.leaders = leaders
    state.winner = leaders[0] if len(leaders) == 1 else None
    state.stack.clear()
    winner = events.NOBODY if state.winner is None else state.winner
    state.emit((events.GAME_OVER, winner, *leaders))
