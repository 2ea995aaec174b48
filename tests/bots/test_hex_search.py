"""The skirmish game's search (`bots/hex/rollout.py`): the plans it lists finish the
seat's run of sub-decisions (HX-12: a turn uses one card, to its facing or its
target), one per position; the worlds are played on to the end of another seat's
answer, past the seat's own next turn if it comes first (HX-11, HX-15); it plays whole
games on 2 to 4 seats and weighs the same plans the same way for the same seed."""

from __future__ import annotations

import pytest

from initiative.bots import make_bot
from initiative.bots.hex.heuristic import HexEvaluate
from initiative.bots.hex.rollout import HexRolloutBot, RolloutSettings, own_plans
from initiative.engine.rng import SplitMix64
from initiative.games.hex.actions import Kind
from initiative.games.hex.frames import TurnFrame
from initiative.games.hex.game import HexGame
from initiative.games.hex.state import HexState
from tests.bots.test_hex_bots import hex_game, play_to_end
from tests.hex.test_determinize import positions


def turn_starts(game: HexGame, count: int) -> list[HexState]:
    """Positions where a seat is about to choose its card and section (HX-12)."""
    out = [s for s in positions(game, range(30), 6)
           if len(s.stack) == 1 and isinstance(s.stack[0], TurnFrame)]
    assert len(out) >= count
    return out[:count]


def test_the_plans_finish_the_turn_one_per_position() -> None:
    """From a turn's start: every legal card and section begins some plan; each plan,
    replayed, ends the seat's run (its turn over, or another seat to decide: the
    target's reaction, HX-30); no two plans reach the same position; a move plan ends
    with its facing (HX-19)."""
    for state in turn_starts(hex_game(), 4):
        seat = state.current_seat()
        plans = own_plans(state, seat, HexEvaluate())
        assert {plan[0] for plan in plans} == set(state.legal_actions())
        ends = set()
        for plan, score in plans.items():
            end = state.clone()
            for action in plan:
                assert action in end.legal_actions()
                end.apply(action)
            assert end.over or end.current_seat() != seat or (end.round, end.at) != (
                state.round, state.at)
            assert score == HexEvaluate()(end, seat) or plan[-1].kind == Kind.TARGET
            if plan[0].kind == Kind.PLAY_MOVE and not end.over:
                assert plan[-1].kind == Kind.FACE
            ends.add((tuple(end.hexes), tuple(end.facing), plan[0]))
        assert len(ends) == len(plans)


def played_on(game: HexGame, state: HexState, settings: RolloutSettings) -> HexState:
    """A world dealt from the view of `state`'s mover after its first plan, played on by
    the search's `play_on` with `settings`."""
    seat = state.current_seat()
    world = game.determinize(state.view(seat), SplitMix64(4))
    for action in next(iter(own_plans(world, seat, HexEvaluate()))):
        world.apply(action)
    HexRolloutBot(game.public, 3, settings).play_on(
        world, seat, (state.round, state.at), SplitMix64(5))
    return world


def test_a_world_is_played_on_to_the_answer() -> None:
    """After a plan, the world is played on to a turn's start: the seat's own once
    another seat's turn has ended in between (HX-11, HX-15), else another seat's after
    three turns (or the game ends)."""
    game = hex_game()
    for state in turn_starts(game, 6):
        seat = state.current_seat()
        world = played_on(game, state, RolloutSettings())
        if world.over:
            continue
        assert len(world.stack) == 1 and isinstance(world.stack[0], TurnFrame)
        if world.round == state.round:
            between = state.line[state.at + 1:world.at]
            assert any(s != seat for s in between)
            assert world.stack[0].seat == seat or world.at - state.at == 3


def test_a_world_is_played_past_the_seats_own_next_turn() -> None:
    """Where the seat holds the next card too (HX-9), its own next turn is played on
    greedily and the world stops after the answer; without `past_own` it stops at that
    turn, unanswered."""
    game = hex_game()
    doubles = [s for cut in range(12) for s in positions(game, range(20), cut)
               if len(s.stack) == 1 and isinstance(s.stack[0], TurnFrame)
               and s.line[s.at + 1:s.at + 2] == [s.current_seat()]
               and s.at + 3 < len(s.line)]
    assert len(doubles) >= 3
    for state in doubles[:3]:
        seat = state.current_seat()
        short = played_on(game, state, RolloutSettings(past_own=False))
        assert short.over or (short.round, short.at, short.current_seat()) == (
            state.round, state.at + 1, seat)
        deep = played_on(game, state, RolloutSettings())
        assert deep.over or (deep.round, deep.at) > (state.round, state.at + 2)


def test_the_same_seed_weighs_the_same_plans_alike() -> None:
    """Determinism: the plans and their totals depend on the view and the seed only;
    the choice is the first sub-decision of the best plan."""
    game = hex_game()
    state = turn_starts(game, 1)[0]
    view = state.view(state.current_seat())
    settings = RolloutSettings(worlds=3)
    first = HexRolloutBot(game.public, 7, settings).scores(view)
    assert first == HexRolloutBot(game.public, 7, settings).scores(view)
    assert len({plan[0] for plan, _ in first}) >= 2
    best = max(first, key=lambda p: p[1])[0][0]
    assert HexRolloutBot(game.public, 7, settings).choose(view) == best


@pytest.mark.parametrize("players", [3, 4])
def test_the_search_finishes_games_on_more_seats(players: int) -> None:
    """The search in every seat of a 3- and a 4-seat game: legal choices to the end."""
    game = hex_game(players)
    bots = [make_bot("ismcts@1", game, 10 + s) for s in range(players)]
    play_to_end(game.new_initial_state(players), bots)
