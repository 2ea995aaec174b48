"""Every bot and level (issue 6): no peeking at hidden information, and every format
played to the end with legal actions only."""

from __future__ import annotations

import pytest

from initiative.bots import BOTS, AnyBot, make_bot
from initiative.bots.ib.heuristic import Evaluate, PublicDealer
from initiative.bots.playout import PlayoutBot, PlayoutSettings
from initiative.engine.rng import SplitMix64
from initiative.games.ib.content import core_content
from initiative.games.ib.formats import FORMATS, format_match
from initiative.games.ib.match import Match, fixture_match
from initiative.games.ib.modes import GameSetup, build_match
from initiative.games.ib.setup import IBGame, new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView
from tests.bots.reach import reaches
from tests.ib.test_formats import players_for
from tests.ib.test_properties import hidden_twin, play_random

CONTENT = core_content()
QUICK = {"ismcts": "ismcts@40"}
"""Names played with a smaller search where a whole game is played (same code path)."""
QUICK_EXPERT = PlayoutSettings(worlds=2, keep=3, rank_worlds=1)
"""The `expert` level's playout bot, smaller where a whole game is played."""


def quick_bot(name: str, game: IBGame, seed: int) -> AnyBot:
    """Bot `name`, its search smaller (`QUICK`, `QUICK_EXPERT`): the same code paths."""
    if name == "expert":
        return PlayoutBot(PublicDealer(game.public), Evaluate(), seed, QUICK_EXPERT)
    return make_bot(QUICK.get(name, name), game, seed)


def matches() -> dict[str, Match]:
    out = {"1v1": fixture_match("tideguard", "ashfall"),
           "solo": build_match(GameSetup("solo", ("tideguard",), "heart_of_the_rift"),
                               CONTENT, seed=2),
           "coop": build_match(GameSetup("coop", ("lone_warden", "hourglass_trio"),
                                         "gnawing_in_the_walls"), CONTENT, seed=3)}
    out.update({f"format {fmt}": format_match(fmt, players_for(fmt), CONTENT)
                for fmt in FORMATS if fmt != "1v1"})
    return out


MATCHES = matches()
DEPTH = {"solo": (5, 1)}
"""Random actions before a checked position: (at seed 0, added per seed); (15, 9) where
not named. A random party can fall to the Heart of the Rift's Challenge Cards within 15
actions."""


def reaches_a_state(view: IBView) -> bool:
    """Whether any object reachable from the view is a game state (or its RNG)."""
    return reaches(view, IBState)


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("where", ["1v1", "solo", "format 2v2"])
def test_no_peeking_other_hands_decks_and_dice_change_nothing(name: str, where: str) -> None:
    """Same view, other hidden hands, deck orders and RNG state: the same decision from
    the same bot seed; and the view holds no path to the state."""
    match = MATCHES[where]
    decisions = 0
    for seed in range(12):
        state = new_game(match, seed)
        first_at, step = DEPTH.get(where, (15, 9))
        play_random(state, SplitMix64(seed), limit=first_at + step * seed)
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        seat, other = hidden_twin(state, seed)
        view, other_view = state.view(seat), other.view(seat)
        assert view.to_dict() == other_view.to_dict()
        assert not reaches_a_state(view)
        first = make_bot(name, IBGame(match), 9).choose(view)
        assert first == make_bot(name, IBGame(match), 9).choose(other_view)
        decisions += 1
        if decisions == 2:
            return
    raise AssertionError("no position with a real choice was reached")


@pytest.mark.parametrize("where", list(MATCHES))
def test_every_bot_finishes_every_format_with_legal_actions(where: str) -> None:
    """Seats take the bots in turn; every action is one of the seat's legal actions."""
    match = MATCHES[where]
    names = ("heuristic", "ismcts", "random", "hard", "expert")
    rng = SplitMix64(len(where))
    bots = [quick_bot(names[s % len(names)], IBGame(match), rng.next64())
            for s in range(match.num_seats)]
    state = new_game(match, 5)
    while not state.is_terminal():
        seat = state.current_seat()
        action = bots[seat].choose(state.view(seat))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.result is not None


def test_levels_and_search_budgets_by_name() -> None:
    from initiative.bots import ISMCTSBot, SearchSettings

    match = MATCHES["1v1"]
    expert = make_bot("expert", IBGame(match), 1)
    assert isinstance(expert, PlayoutBot) and expert.settings == PlayoutSettings()
    search = make_bot("ismcts", IBGame(match), 1)
    assert isinstance(search, ISMCTSBot) and search.settings == SearchSettings()
    small = make_bot("ismcts@25", IBGame(match), 1)
    assert isinstance(small, ISMCTSBot) and small.settings.iterations == 25
    timed = make_bot("ismcts@0.05s", IBGame(match), 1)
    assert isinstance(timed, ISMCTSBot) and timed.settings.time_limit == 0.05
    state = new_game(match, 2)
    play_random(state, SplitMix64(2), limit=30)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    timed.choose(state.view(state.current_seat()))
    assert 1 <= timed.last_iterations < timed.settings.iterations  # stopped by the clock
    for bad in ("ismcts@0", "ismcts@x", "ismcts@", "ismcts@-1s", "heuristic@5", "genius"):
        with pytest.raises(ValueError, match="unknown bot"):
            make_bot(bad, IBGame(match), 1)
