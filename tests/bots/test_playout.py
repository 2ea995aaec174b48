"""The playout bot (bots/playout.py, Initiative Break's `expert`, issue 28): where a
play-out stops, which candidates it keeps, and on Initiative Break the kill it finds,
the same choice for a seed and nothing hidden from the seat changing it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Self

import pytest

from initiative.bots.ib.heuristic import Evaluate, PublicDealer
from initiative.bots.play import play_out
from initiative.bots.playout import PlayoutBot, PlayoutSettings
from initiative.engine.rng import SplitMix64
from initiative.games.ib.actions import Action, Kind
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView
from tests.bots.test_ib_search import MATCH, PUBLIC, WEAK, one_hp_target
from tests.ib.test_formats import players_for
from tests.ib.test_properties import hidden_twin, play_random


@dataclass
class Turns:
    """A toy game: `order` lists who chooses at each step (actions 0 to 2; an action
    adds its number to `score`); the game ends after the last step."""

    order: tuple[int, ...]
    step: int = 0
    score: int = 0
    taken: list[int] = field(default_factory=list)

    def current_seat(self) -> int:
        return self.order[self.step] if self.step < len(self.order) else -1

    def legal_actions(self, seat: int | None = None) -> list[int]:
        return [0, 1, 2]

    def apply(self, action: int) -> None:
        self.taken.append(self.current_seat())
        self.score += action
        self.step += 1

    def clone(self) -> Self:
        return type(self)(self.order, self.step, self.score, list(self.taken))

    def is_terminal(self) -> bool:
        return self.step >= len(self.order)

    def returns(self) -> list[float]:
        return [0.0, 0.0, 0.0]


@dataclass(frozen=True)
class TurnsView:
    seat: int
    legal: tuple[int, ...] = (0, 1, 2)


@dataclass(frozen=True)
class Deals:
    """Deals the same toy world whatever the view (nothing is hidden in it)."""

    world: Turns

    def deals(self, view: TurnsView) -> Deals:
        return self

    def __call__(self, rng: SplitMix64) -> Turns:
        return self.world.clone()


def steps_played(order: tuple[int, ...], **settings: int) -> list[int]:
    """The seats that chose in seat 0's play-out of action 1 in `order` (seat 0 first)."""
    seen: list[list[int]] = []

    def evaluate(state: Turns, seat: int) -> float:
        seen.append(state.taken)
        return float(state.score)

    bot: PlayoutBot[int, Turns, TurnsView] = PlayoutBot(
        Deals(Turns(order)), evaluate, 0, PlayoutSettings(**settings))
    seen.clear()
    bot.played_out(Turns(order), 0, 1)
    return seen[-1]


def test_a_play_out_ends_when_the_seat_is_to_choose_again_after_the_answer() -> None:
    """The seat's own run is finished, the other seat's run (the answer) played, and the
    play-out stops where the seat would choose again."""
    assert steps_played((0, 0, 1, 1, 1, 0, 0, 1)) == [0, 0, 1, 1, 1]


def test_the_seat_s_own_next_choices_are_played_on_until_an_answer() -> None:
    """The seat's choices in a row (its next unit's too) are all played; then the other
    seat's run, and the play-out stops where the seat would choose again."""
    assert steps_played((0, 0, 0, 1, 0)) == [0, 0, 0, 1]
    assert steps_played((0, 2, 2, 0, 1, 0)) == [0, 2, 2]


def test_with_more_seats_a_play_out_waits_for_answers_runs_at_most() -> None:
    """Seats 1 and 2 in turn after seat 0: both runs with `answers=2`, one with 1."""
    assert steps_played((0, 1, 2, 2, 0), answers=2) == [0, 1, 2, 2]
    assert steps_played((0, 1, 2, 2, 0), answers=1) == [0, 1]


def test_a_play_out_stops_at_its_step_cap_and_at_the_end() -> None:
    assert steps_played((0, 0, 0, 0, 0, 0, 1), steps=3) == [0, 0, 0, 0]
    assert steps_played((0, 0, 0)) == [0, 0, 0]


def test_the_best_played_out_candidate_wins_and_only_kept_ones_are_weighed() -> None:
    """Every play-out adds the greedy choices (2 each) to the action's own number: the
    best is action 2; with only the rating's best kept, that is the one played."""
    bot: PlayoutBot[int, Turns, TurnsView] = PlayoutBot(
        Deals(Turns((0, 1, 0))), lambda s, seat: float(s.score), 0,
        PlayoutSettings(worlds=2, keep=2, rank_worlds=1))
    assert bot.candidates([0, 1, 2], [Turns((0, 1, 0))], 0) == [2, 1]
    assert bot.choose(TurnsView(0)) == 2
    assert bot.last_worlds == 2


@pytest.mark.parametrize(("budget", "weighed"), [(11, 1), (12, 2), (19, 2), (20, 3),
                                                 (None, 3)])
def test_a_spent_budget_begins_no_further_world(budget: int | None, weighed: int) -> None:
    """The rating scores 3 positions and each world 8 (two play-outs: the answer's 3
    choices rated, then the end scored): 11 after the first world, 19 after the second."""
    bot: PlayoutBot[int, Turns, TurnsView] = PlayoutBot(
        Deals(Turns((0, 1, 0))), lambda s, seat: float(s.score), 0,
        PlayoutSettings(worlds=3, keep=2, rank_worlds=1, budget=budget))
    assert bot.choose(TurnsView(0)) == 2
    assert bot.last_worlds == weighed
    assert bot.evaluate.calls == 3 + 8 * weighed


@pytest.mark.parametrize("bad", [{"worlds": 0}, {"keep": 0}, {"steps": 0}, {"budget": 0}])
def test_settings_need_at_least_one_of_each_count(bad: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        PlayoutSettings(**bad)


def bot(seed: int, settings: PlayoutSettings | None = None
        ) -> PlayoutBot[Action, IBState, IBView]:
    """The playout bot on the match's public description."""
    return PlayoutBot(PublicDealer(PUBLIC), Evaluate(), seed, settings)


def test_the_expert_takes_the_killing_blow() -> None:
    view = one_hp_target().view(1)
    assert {bot(seed, PlayoutSettings(worlds=2)).choose(view) for seed in range(3)} \
        == {Action(Kind.TARGET, WEAK)}


def test_a_time_limit_stops_after_the_first_world() -> None:
    state = new_position(3)
    timed = bot(3, PlayoutSettings(time_limit=1e-9))
    timed.choose(state.view(state.current_seat()))
    assert timed.last_worlds == 1


def new_position(seed: int) -> IBState:
    """A position of the tideguard-ashfall match with two or more legal actions."""
    from initiative.games.ib.setup import new_game

    state = new_game(MATCH, seed)
    play_random(state, SplitMix64(seed), limit=12 + 5 * seed)
    while not state.is_terminal() and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def test_the_same_seed_chooses_alike_and_hidden_cards_change_nothing() -> None:
    """Same view, other hands, deck orders and dice: the same choice from the same seed
    at several positions (a smaller bot: the same code path)."""
    checked = 0
    small = PlayoutSettings(worlds=3, keep=4)
    for seed in range(5):
        state = new_position(seed)
        if state.is_terminal():
            continue
        seat, other = hidden_twin(state, seed)
        chosen = [bot(seed, small).choose(world.view(seat)) for world in (state, other, state)]
        assert chosen[0] == chosen[1] == chosen[2]
        assert chosen[0] in state.legal_actions(seat)
        checked += 1
    assert checked >= 4


def test_the_play_out_bot_plays_a_team_format_to_the_end() -> None:
    """Two seats a team (2v2): answers are runs of the other seats, allies included."""
    from initiative.games.ib.content import core_content
    from initiative.games.ib.formats import format_match
    from initiative.games.ib.public import public_description
    from initiative.games.ib.setup import new_game

    match = format_match("2v2", players_for("2v2"), core_content())
    public = public_description(match)
    bots: list[PlayoutBot[Action, IBState, IBView]] = [
        PlayoutBot(PublicDealer(public), Evaluate(), seat,
                   PlayoutSettings(worlds=1, keep=2, rank_worlds=1))
        for seat in range(match.num_seats)]
    state = new_game(match, 1)
    play_out(state, bots)  # the state refuses an action not legal for its seat
    assert state.result is not None
