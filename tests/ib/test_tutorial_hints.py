"""The tutorial's hints (games/ib/text/tutorial.py), read from a view and its legal
actions: every decision of any game gets one whose suggestion is legal, whatever was
played before, and each names the rule the decision rests on."""

from __future__ import annotations

import pytest

from initiative.bots import make_bot
from initiative.games import load_game_as
from initiative.games.ib.actions import Kind
from initiative.games.ib.setup import IBGame, new_game
from initiative.games.ib.text import tutorial
from initiative.games.ib.text.describe import attack_clauses


def _game() -> IBGame:
    return load_game_as(IBGame, "initiative_break", teams=tutorial.TEAMS)


@pytest.mark.parametrize("seed", [tutorial.SEED, 3, 8])
@pytest.mark.parametrize("follow", [True, False], ids=["follows", "ignores"])
def test_every_decision_has_a_legal_suggestion(seed: int, follow: bool) -> None:
    game = _game()
    state = new_game(game.match, seed)
    bot = make_bot("random", game, seed)
    decisions = 0
    while not state.is_terminal():
        seat = state.current_seat()
        view = state.view(seat)
        said = tutorial.hint(view, game.match)
        assert said is not None and said.action in view.legal
        assert "(IB " in said.about, said.about  # the rule the decision rests on
        assert said.text.startswith(said.about) and "Suggested: " in said.text
        state.apply(said.action if follow else bot.choose(view))
        decisions += 1
    assert decisions > 20


def test_no_hint_for_a_seat_not_deciding() -> None:
    game = _game()
    state = new_game(game.match, tutorial.SEED)
    other = 1 - state.current_seat()
    assert tutorial.hint(state.view(other), game.match) is None


def test_the_first_activation_suggests_the_attack_dealing_the_most_damage() -> None:
    """IB 3.1.2, 4.1: the active Character acts; the suggestion deals the most damage."""
    game = _game()
    state = new_game(game.match, tutorial.SEED)
    while True:
        view = state.view(state.current_seat())
        said = tutorial.hint(view, game.match)
        assert said is not None
        if "Active slot" in said.about and view.seat == 0:
            break
        state.apply(said.action)
    unit = view.stack[0].unit
    damage = {}
    for action in view.legal:
        if action.kind == Kind.PLAY:
            clauses = game.match.content.cards[view.hand[action.arg]].effects
        elif action.kind in (Kind.BASIC, Kind.ADVANCED):
            clauses = attack_clauses(game.match, unit, action.kind)
        else:
            continue
        damage[action] = sum(c.damage for c in clauses if c.target == "enemy")
    most = max(damage.values())
    assert damage[said.action] == most and f"deals {most} damage" in said.suggestion
    assert view.units[unit].who in said.about
