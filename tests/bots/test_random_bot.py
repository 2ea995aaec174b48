"""RandomBot: uniform choices among a view's legal actions; it is given views only."""

from __future__ import annotations

import ast
import inspect
from collections import Counter

import pytest

import initiative.bots.random_bot as random_bot
from initiative.bots import RandomBot
from initiative.games.ib.match import fixture_match
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView


class _Spy:
    """A RandomBot wrapper that checks what it is handed."""

    def __init__(self, seed: int) -> None:
        self.bot = RandomBot(seed)
        self.calls = 0

    def choose(self, view: object) -> object:
        assert isinstance(view, IBView), f"bots receive views, got {type(view).__name__}"
        assert not isinstance(view, IBState)
        for other, hand in enumerate(view.hands):
            if other != view.seat:
                assert hand is None, "a bot's view holds no other seat's hand"
        self.calls += 1
        choice = self.bot.choose(view)
        assert choice in view.legal
        return choice


def _play(seed: int, bots: list[_Spy]) -> IBState:
    state = new_game(fixture_match(), seed)
    while not state.is_terminal():
        seat = state.current_seat()
        state.apply(bots[seat].choose(state.view(seat)))  # type: ignore[arg-type]
    return state


def test_random_bots_finish_games_seeing_views_only() -> None:
    for seed in range(3):
        bots = [_Spy(seed), _Spy(seed + 100)]
        state = _play(seed, bots)
        assert state.is_terminal()
        assert bots[0].calls > 0 and bots[1].calls > 0


def test_same_seed_same_game() -> None:
    a = _play(7, [_Spy(1), _Spy(2)])
    b = _play(7, [_Spy(1), _Spy(2)])
    assert list(a.events()) == list(b.events())


def test_bot_cannot_use_a_state() -> None:
    state = new_game(fixture_match(), 1)
    with pytest.raises(AttributeError):
        RandomBot(1).choose(state)  # type: ignore[arg-type]


def test_bot_module_imports_no_game_state() -> None:
    tree = ast.parse(inspect.getsource(random_bot))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for a in node.names}
    assert not any(m and m.startswith("initiative.games") for m in imported), imported


def test_idle_view_is_refused() -> None:
    state = new_game(fixture_match(), 1)
    idle = 1 - state.current_seat()
    with pytest.raises(ValueError, match="no decision"):
        RandomBot(1).choose(state.view(idle))


def test_choices_are_roughly_uniform() -> None:
    state = new_game(fixture_match(), 1)
    view = state.view(state.current_seat())
    bot = RandomBot(3)
    counts = Counter(bot.choose(view) for _ in range(2000))
    assert set(counts) == set(view.legal)
    assert min(counts.values()) > 2000 / len(view.legal) * 0.8
