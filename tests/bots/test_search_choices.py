"""The searching bots choose as they did before the search was made faster (issue 27:
the view's hidden-card pool dealt from once per search, worlds without their log):
the same actions, and the same root statistics to the last bit, at fixed positions of
every game (`choices_kit`, recorded from the code before those changes; the Initiative
Break setups recorded again when the Tideguard and Ashfall decks lost their supply cards,
issue 28, by the code with and without the later speed work alike; The Initiative's
recorded again when mission 1's tan pool changed, 2026-12-07)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from initiative.bots.ismcts import ISMCTSBot
from initiative.bots.make import make_bot
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.hex.notation import position_of as hex_position
from initiative.games.ib.notation import position_to_dict as ib_position
from initiative.games.ti.notation import position_of as ti_position
from tests.bots.choices_kit import SEEDS, SETUPS, choices, positions, recorded


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_search_and_lookahead_choose_as_recorded(setup: str) -> None:
    expected = recorded()[setup]
    assert len(expected["root"]) >= 10
    assert choices(setup) == expected


POSITION: dict[str, Callable[[Any], dict[str, Any]]] = {
    "initiative_break": ib_position, "hex_skirmish": hex_position,
    "the_initiative": ti_position}


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_a_search_deals_determinize_worlds_without_their_log(setup: str) -> None:
    """Each world a search's dealer deals from one view (the view's part worked out
    once) is the world `determinize` deals with the same generator, log dropped: the
    same position, generator and event count, again and again from the same deal."""
    name, params = SETUPS[setup]
    game = load_game(name, **params)
    bot: Any = make_bot("ismcts@5", game, 0)
    dealer = bot.game if isinstance(bot, ISMCTSBot) else bot.dealer
    dealt = 0
    for seed in SEEDS:
        for _, view in positions(game, seed):
            deal = dealer.deals(view)
            for n in (1, 2, 1):
                world = deal(SplitMix64(n))
                fresh = game.determinize(view, SplitMix64(n))
                fresh.drop_log()
                assert not world.log_kept and not world.events()
                assert POSITION[name](world) == POSITION[name](fresh)
                assert world.rng.to_data() == fresh.rng.to_data()
                assert getattr(world, "log_len", 0) == getattr(fresh, "log_len", 0)
                dealt += 1
    assert dealt >= 30
