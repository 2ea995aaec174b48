"""The terminal's game of `initiative play` (Initiative Break, the default duel) rebuilt
in process, to find a position a person then reaches by typing (tests of issue 25's
terminal previews)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from initiative.bots import make_bot
from initiative.cli.ib.play import option_notes
from initiative.cli.ib.render import Note
from initiative.engine.rng import SplitMix64
from initiative.games import load_game_as
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.presets import DUEL_SEATS
from initiative.games.ib.record import Recorder
from initiative.games.ib.setup import IBGame
from initiative.games.ib.state import IBState


@dataclass(frozen=True)
class Reached:
    """A seed and the menu numbers (from 1) seat 1 types to reach `state`, where option
    `option` (from 1) of its menu has the wanted note."""

    seed: int
    typed: tuple[int, ...]
    state: IBState
    option: int
    note: Note


def duel_game(seed: int) -> tuple[IBState, Callable[[IBState], int]]:
    """`initiative play --seed SEED` (tideguard against the random bot's ashfall): the
    game as the terminal starts it and the bot's choice (an action index)."""
    match = load_game_as(IBGame, "initiative_break", teams=("tideguard", "ashfall"),
                         rules=RulesConfig(), seat_names=DUEL_SEATS).match
    state = Recorder(match, seed).state
    bot = make_bot("random", IBGame(match), SplitMix64(seed).next64())
    return state, lambda s: bot.choose(s.view(s.current_seat())).index


def reach(wanted: Callable[[Note], bool], seeds: range, limit: int = 400) -> Reached:
    """The first human decision of seat 1 (random choices seeded by the game's seed)
    with an option whose note is `wanted`."""
    for seed in seeds:
        state, bot = duel_game(seed)
        rng, typed = random.Random(seed), []
        while state.current_seat() >= 0 and len(typed) < limit:
            if state.current_seat() != 0:
                index = bot(state)
                state.apply(next(a for a in state.legal_actions() if a.index == index))
                continue
            view = state.view(0)
            for n, note in enumerate(option_notes(state, view), 1):
                if wanted(note):
                    return Reached(seed, tuple(typed), state, n, note)
            n = rng.randrange(len(view.legal)) + 1
            typed.append(n)
            state.apply(view.legal[n - 1])
    raise AssertionError("no such decision in the games searched")
