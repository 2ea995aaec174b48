"""The bots on The Initiative: every bot name builds a player from the public setup,
chooses only legal actions over whole games on 1 to 4 seats and always finishes
(TI-A15: proposals are capped per turn), decides from its own seat's view alone, and
the heuristic bot wins clearly more often than random play on the first mission."""

from __future__ import annotations

import gc
from typing import Any

import pytest

from initiative.bots import BOTS, RandomBot, make_bot
from initiative.bots.play import ask
from initiative.bots.ti import EXPERT_WORLDS
from initiative.bots.ti.heuristic import TIDealer, TIHeuristicBot
from initiative.bots.ti.rollout import RolloutSettings, TIRolloutBot
from initiative.engine.contract import CHANCE
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.ti.game import TIGame
from initiative.games.ti.setup import TISetup
from initiative.games.ti.specs import Mission
from initiative.games.ti.state import TIState
from tests.bots.reach import reaches
from tests.ti.test_ti_bots_policy import FakeView

QUICK = {"ismcts": "ismcts@1", "expert": "ismcts@1"}
"""Names played with a smaller search where many decisions are made (same code path)."""
STEP_CAP = 20_000
"""More decisions than any game takes: a bot that loops fails here."""


def ti_game(players: int = 2, **params: Any) -> TIGame:
    return load_game("the_initiative", players=players, **params)


def play(game: TIGame, names: list[str], seed: int) -> TIState:
    """One game, every action checked legal for the seat that decides before it is
    applied."""
    bots = [make_bot(QUICK.get(n, n), game, seed * 10 + s) for s, n in enumerate(names)]
    state = game.new_initial_state(seed)
    for _ in range(STEP_CAP):
        if state.is_terminal():
            return state
        seat = state.current_seat()
        assert seat >= 0 and seat != CHANCE
        action = ask(bots[seat], state, seat)
        assert action in state.legal_actions(seat)
        state.apply(action)
    raise AssertionError(f"seed {seed}: no end after {STEP_CAP} decisions")


@pytest.mark.parametrize("name", BOTS)
def test_every_bot_name_builds_a_player_of_the_public_setup(name: str) -> None:
    game = ti_game()
    bot = make_bot(QUICK.get(name, name), game, 3)
    assert isinstance(game.public, TISetup)
    state = play(game, [QUICK.get(name, name)] * 2, 1)
    assert state.won is not None and bot is not None


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("names", [["heuristic"], ["random"], ["heuristic", "random"]])
def test_bots_play_legal_actions_to_the_end(players: int, names: list[str]) -> None:
    game = ti_game(players)
    for seed in range(3):
        seats = [names[s % len(names)] for s in range(game.num_seats)]
        state = play(game, seats, seed)
        assert state.is_terminal() and state.won in (True, False)
        # TI-50, TI-54, TI-A14: a loss names its reason, a win none
        assert (state.loss_reason is None) == bool(state.won)
        assert state.loss_reason in (None, "wrong_answer", "time", "stall")


@pytest.mark.parametrize("mission", ["gallery_after_dark", "observatory_vault"])
def test_the_heuristic_bot_plays_every_mission(mission: str) -> None:
    game = ti_game(2, mission=mission)
    for seed in range(3):
        assert play(game, ["heuristic", "heuristic"], seed).is_terminal()


def test_the_bot_decides_from_its_own_view_alone() -> None:
    """The heuristic bot holds no setup, mission or state; the view it is given reaches
    no state; fed only the view's data and legal actions it decides the same."""
    game = ti_game(2)
    bot = TIHeuristicBot(5)
    assert not reaches(bot, TIState) and not reaches(bot, TISetup) and \
        not reaches(bot, Mission)
    twin = TIHeuristicBot(5)
    checked = 0
    for seed in range(4):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            seat = state.current_seat()
            view = state.view(seat)
            assert not reaches(view, TIState)
            data = view.to_dict()
            assert "hands" not in data  # only the game master sees every hand
            action = bot.choose(view)
            assert twin.choose(FakeView(data, tuple(view.legal))) == action
            state.apply(action)
            checked += 1
    assert checked > 50


def test_the_heuristic_bot_wins_clearly_more_than_random_play() -> None:
    """The first mission, 2 seats, the same 24 seeds for both."""
    game = ti_game(2)
    heuristic = sum(bool(play(game, ["heuristic"] * 2, seed).won) for seed in range(24))
    random = sum(bool(play(game, ["random"] * 2, seed).won) for seed in range(24))
    assert heuristic >= 12 and heuristic >= random + 8, (heuristic, random)


def test_the_random_bot_is_the_shared_one() -> None:
    assert isinstance(make_bot("random", ti_game(), 1), RandomBot)
    assert isinstance(make_bot("normal", ti_game(), 1), TIHeuristicBot)


def holds(root: object, target: object) -> bool:
    """Whether `target` itself is reachable from `root`."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        item = todo.pop()
        if item is target:
            return True
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        todo.extend(gc.get_referents(item))
    return False


def test_the_search_deals_worlds_without_the_answer() -> None:
    """The look ahead holds the public setup, every window's symbols hidden (TI-5),
    never the real mission; a dealt world keeps the open windows' symbols and guesses
    the closed ones (TI-23: one glyph, one symbol), its answer as long as the view
    says (TI-55)."""
    game = ti_game(2)
    bot = make_bot("ismcts@4", game, 1)
    assert isinstance(bot, TIRolloutBot)
    held = bot.dealer
    assert isinstance(held, TIDealer)
    assert held.setup is game.public
    assert all(set(w.symbols) == {"?"} for w in held.setup.mission.windows)
    assert not reaches(bot, TIState) and not holds(bot, game.setup.mission)
    state = game.new_initial_state(2)
    while not any(state.opened) and not state.is_terminal():
        state.apply(ask(make_bot("heuristic", game, 0), state, state.current_seat()))
    view = state.view(state.current_seat())
    data = view.to_dict()
    answers = set()
    deal = held.deals(view)
    for k in range(12):
        world = deal(SplitMix64(k))
        windows = world.setup.mission.windows
        for w, shown in zip(windows, data["console"]["windows"], strict=True):
            if shown["open"]:
                assert list(w.symbols) == shown["symbols"]
        by_glyph: dict[str, tuple[str, ...]] = {}
        for w in windows:
            assert by_glyph.setdefault(w.glyph, w.symbols) == w.symbols
        assert len(world.setup.mission.answer) == data["mission"]["answer_positions"]
        assert world.view(view.seat).to_dict()["hand"] == data["hand"]
        answers.add(world.setup.mission.answer)
    assert len(answers) > 1


def test_the_search_bot_plays_a_game() -> None:
    state = play(ti_game(2), ["ismcts@2", "ismcts@2"], 3)
    assert state.is_terminal()


def test_expert_is_the_look_ahead_with_its_measured_worlds() -> None:
    game = ti_game(2)
    for name in ("expert", "ismcts"):
        bot = make_bot(name, game, 1)
        assert isinstance(bot, TIRolloutBot) and bot.settings.worlds == EXPERT_WORLDS
    assert make_bot("ismcts@3", game, 1).settings.worlds == 3  # type: ignore[attr-defined]
    timed = make_bot("ismcts@0.01s", game, 1)
    assert isinstance(timed, TIRolloutBot) and timed.settings.time_limit == 0.01
    state = game.new_initial_state(0)
    while not state.is_terminal() and not timed.weighed:  # at least one world, then the clock
        action = timed.choose(state.view(state.current_seat()))
        assert action in state.legal_actions()
        state.apply(action)
    assert timed.weighed >= 1


def test_the_look_ahead_weighs_main_steps_only_and_is_deterministic() -> None:
    """Outside a main step (and on a proposal) it makes the policy's choice; at a main
    step it weighs the policy's choice first among its candidates, and the same seed
    makes the same choices; over a game it departs from the policy somewhere."""
    game = ti_game(2, mission="observatory_vault")
    state = game.new_initial_state(4)
    bot, twin = (TIRolloutBot(game.public, 9, _few()) for _ in range(2))
    policy = TIHeuristicBot(9)
    weighed = departed = 0
    while not state.is_terminal():
        view = state.view(state.current_seat())
        own = policy.choose(view)
        pending = view.to_dict().get("pending") or {}
        action = bot.choose(view)
        assert twin.choose(view) == action
        if pending.get("kind") != "turn" or own.kind.name == "SOLVE":
            assert action == own
        else:
            weighed += 1
            departed += action != own
        state.apply(action)
    assert weighed > 10 and departed > 0


def _few() -> RolloutSettings:
    """A small look ahead (2 worlds, 2 turns scored by `evaluate_view`, any lead): the
    same code paths, quicker."""
    return RolloutSettings(worlds=2, horizon=2, lead=0.0)
