"""Playing bots through the engine contract: any `State`, any `Bot` over its views."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from initiative.bots.random_bot import Decision, RandomBot
from initiative.engine.contract import Bot, State, View

__all__ = ["ask", "play_out"]

A = TypeVar("A", bound=Hashable)
V = TypeVar("V", bound=View)


def ask(bot: Bot[V, A], state: State[A, V], seat: int) -> A:
    """`bot`'s choice for `seat`, given that seat's view only. A RandomBot gets the
    least view, the seat and its legal actions (a whole view costs more than its choice)."""
    if isinstance(bot, RandomBot):
        return bot.choose(Decision(seat, tuple(state.legal_actions(seat))))
    return bot.choose(state.view(seat))


def play_out(state: State[A, V], bots: Sequence[Bot[V, A]]) -> None:
    """Play `state` to its end, each seat's decisions made by `bots[seat]`."""
    while not state.is_terminal():
        seat = state.current_seat()
        state.apply(ask(bots[seat], state, seat))
