"""`TIGame`: The Initiative under the engine contract (registry name
`the_initiative`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from initiative.engine.chance import ExplicitChance
from initiative.engine.frozen_copy import register_compiled
from initiative.engine.rng import Seed, SplitMix64, make_rng
from initiative.games.ti import actions
from initiative.games.ti.actions import TIAction
from initiative.games.ti.determinize import determinize, tell
from initiative.games.ti.setup import TISetup
from initiative.games.ti.specs import Secret, Story, Window
from initiative.games.ti.state import TIState
from initiative.games.ti.view import TIView

if TYPE_CHECKING:
    from initiative.engine.contract import SearchableGame, State


def new_state(setup: TISetup, seed: Seed, *, explicit_chance: bool = False) -> TIState:
    """A fresh game, dealt and run to its first decision; with `explicit_chance` (no
    generator, `seed` unused) it stops at the deal's first chance node instead."""
    rng = ExplicitChance() if explicit_chance else make_rng(seed)
    state = TIState(setup, rng)
    state.settle()
    return state


HIDDEN = "?"
"""What a closed window shows in the public setup."""


def public_setup(setup: TISetup) -> TISetup:
    """The setup as every seat knows it before the end (TI-5, TI-7, TI-25): the
    mission's windows keep their glyphs and sizes but hide their symbols, its win and
    loss texts and its tokens' story texts (TI-16) are blank, the content (campaign
    order included) holds only this mission, and secrets not yet gained keep their keys
    but hide their title and text. What bots are given (`TIGame.public`)."""
    mission = setup.mission
    masked = replace(mission, story=Story(intro=mission.story.intro), windows=tuple(
        Window(w.glyph, (HIDDEN,) * len(w.symbols)) for w in mission.windows))
    masked = tell(masked, {})  # TI-16: a token's story is shown only on its reveal
    content = setup.content
    held = {*setup.secrets, mission.back_secret}
    secrets = {k: v if k in held else Secret(k, HIDDEN, "")
               for k, v in content.secrets.items()}
    known = replace(content, missions={mission.key: masked}, secrets=secrets,
                    campaign=(mission.key,))
    return replace(setup, content=known, mission=masked)


class TIGame:
    """The Initiative for one setup: what `load_game("the_initiative")` returns."""

    name = "the_initiative"

    def __init__(self, setup: TISetup, *, explicit_chance: bool = False) -> None:
        self.setup = setup
        self.explicit_chance = explicit_chance
        """Whether states show chance as CHANCE nodes instead of sampling it."""
        self.num_seats = setup.num_seats
        self._public = public_setup(setup)
        register_compiled()  # the compiled build's states copy and pickle

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its setup (a compiled class is not rebuilt field by field)."""
        return _tigame, (self.setup, self.explicit_chance)

    @property
    def public(self) -> TISetup:
        """The game as every seat knows it (`public_setup`: no answer, no unseen
        secret): what bots get."""
        return self._public

    def new_initial_state(self, seed: Seed) -> TIState:
        return new_state(self.setup, seed, explicit_chance=self.explicit_chance)

    def action_index(self, action: TIAction) -> int:
        return actions.index(action)

    def action_from_index(self, index: int) -> TIAction:
        return actions.from_index(index)

    def num_distinct_actions(self) -> int:
        return actions.NUM_ACTIONS

    def determinize(self, view: TIView, rng: SplitMix64) -> TIState:
        """A state dealt from `view` on the public setup, its closed windows guessed
        (`determinize.py`)."""
        return determinize(self._public, view, rng)


if TYPE_CHECKING:
    def _implements_the_contract(game: TIGame, state: TIState) -> tuple[
            SearchableGame[TIAction, TIState, TIView], State[TIAction, TIView]]:
        """mypy fails here if TIGame or TIState drifts from the engine contract."""
        return game, state


def _tigame(setup: Any, explicit_chance: bool) -> TIGame:
    """`TIGame.__reduce__`'s rebuild."""
    return TIGame(setup, explicit_chance=explicit_chance)
