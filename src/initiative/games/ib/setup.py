"""IB 2.9: setting up the battlefield, and the game object of the engine contract."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from initiative.engine.chance import ExplicitChance, Step
from initiative.engine.frozen_copy import register_compiled
from initiative.engine.rng import Seed, SplitMix64, make_rng
from initiative.games.ib import chance, effects, events, flow, rounds, statuses
from initiative.games.ib.actions import ACTIONS, NUM_ACTIONS, Action
from initiative.games.ib.determinize import determinize
from initiative.games.ib.frames import MulliganFrame
from initiative.games.ib.hand import OPENING_HAND, draw
from initiative.games.ib.match import Match
from initiative.games.ib.public import PublicMatch, public_description
from initiative.games.ib.state import IBState
from initiative.timing.setup_order import SetupEntry, arrange
from initiative.timing.track import InitiativeTrack

if TYPE_CHECKING:
    from initiative.engine.contract import SearchableGame, State
    from initiative.games.ib.view import IBView


def new_game(match: Match, seed: Seed, agreed_order: list[int] | None = None, *,
             explicit_chance: bool = False) -> IBState:
    """A fresh game at its first decision (the mulligans). With `explicit_chance` the
    game has no generator (`seed` is not used): a public draw between copies at setup
    is a chance node, decks stay unordered and the opening hands are dealt by chance
    nodes (games/ib/chance.py), so it starts at CHANCE."""
    rng = ExplicitChance() if explicit_chance else make_rng(seed)
    state = IBState(match, rng)  # IB 2.9 steps 1-2 are the Match itself
    installed = _apply_starts(state)  # HP at the start of the battle breaks ties (AMB-93)
    if explicit_chance:
        return chance.start(state, Step(set_up, (installed, agreed_order),
                                        then=Step(deal, None)))
    set_up(state, (installed, agreed_order))
    deal(state, None)
    return state


def set_up(state: IBState, arg: tuple[list[list[int]], list[int] | None]) -> None:
    """Steps 4-5, then step 3: the track (a public draw first if copies tie, so a game
    without one takes nothing from its generator here), then each deck shuffled."""
    installed, agreed_order = arg
    match = state.match
    # Step 4 (IB 6.3.4 with CCs): lowest Initiative on the left; ties by Speed, HP,
    # then name (IB 6.3.5, AMB-92), then copies on two sides by a draw (IB 2.9.4).
    entries = [
        SetupEntry(u, spec.initiative, spec.speed, state.hp[u], spec.name, spec.title,
                   match.unit_team[u] if match.unit_seat[u] >= 0 else None)
        for u, spec in enumerate(match.units) if not (match.reserve_mask >> u) & 1
    ]
    rules = match.track_rules
    if match.challengers:  # IB 6.3.5: with CCs, ties always end with the name (AMB-92)
        rules = replace(rules, setup_final_tiebreak="name")
    setup = arrange(entries, rules, agreed_order, state.rng.below)
    for drawn in setup.draws:  # public: every seat sees why the copies stand so
        if state.wants(events.SETUP_DRAW):
            state.emit((events.SETUP_DRAW, *drawn))
    state.track = InitiativeTrack(setup.order, match.track_rules)  # step 5: RM at the right
    if state.wants(events.SETUP):
        state.emit((events.SETUP, *setup.order))
    for seat, decklist in enumerate(match.decklists):  # step 3: shuffle each deck
        deck = state.decks[seat]
        deck.extend(decklist)
        for card in installed[seat]:  # already on a Character (IB 7.1.1)
            deck.remove(card)
        state.rng.shuffle(deck)  # explicit chance: the deck stays an unordered multiset
        if state.wants(events.SHUFFLE):
            state.emit((events.SHUFFLE, seat))


def deal(state: IBState, _: None) -> None:
    """Steps 6-7: the opening hands (AMB-24: Time Collapse at setup), then every seat
    may mulligan once; runs on to the first decision."""
    match = state.match
    for seat in range(match.num_seats):  # step 6: opening hands
        if not draw(state, seat, OPENING_HAND):
            effects.deck_out(state, seat)  # IB 2.8.6
    if match.config.time_collapse_at_setup:  # AMB-24
        rounds.check_time_collapse(state, effects.fire)
    # Step 7: every seat may mulligan once.
    state.stack.append(MulliganFrame(tuple(range(match.num_seats)), ()))
    flow.advance(state)


def _apply_starts(state: IBState) -> list[list[int]]:
    """Units that do not start fresh (Match.starts: a campaign's HP, Charge, Sigils;
    battle modifiers' statuses). Returns the Sigil cards installed, by seat."""
    match = state.match
    installed: list[list[int]] = [[] for _ in match.seats]
    for u, start in enumerate(match.unit_starts):
        if start is None:
            continue
        state.hp[u] = match.max_hp[u] if start.hp is None else start.hp
        state.charge[u] = start.charge
        for name in start.statuses:
            state.status[u] = statuses.add(state.status[u], statuses.BY_NAME[name],
                                           match.config.status_stacking == "stack")
        seat = match.unit_seat[u]
        cards = [match.content.card_index[k] for k in start.sigils]
        state.sigils[u] = tuple((card, seat) for card in cards)
        if cards:
            installed[seat] += cards
    return installed


class IBGame:
    """Initiative Break under the engine contract: a match plus its action numbering.
    The match is built by a path that checks the rules (`modes.build_match`,
    `modes.standard_match`) or, in engine tests, `match.fixture_match`."""

    name = "initiative_break"
    """The registry name (`initiative.games.load_game`)."""

    def __init__(self, match: Match, *, explicit_chance: bool = False) -> None:
        self.match = match
        self.num_seats = self.match.num_seats
        self.explicit_chance = explicit_chance
        """Whether states show chance as CHANCE nodes (games/ib/chance.py) instead of
        sampling it from their generator."""
        self._public: PublicMatch | None = None
        register_compiled()  # the compiled build's states copy and pickle

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its match (a compiled class is not rebuilt field by field)."""
        return _ibgame, (self.match, self.explicit_chance)

    def new_initial_state(self, seed: int) -> IBState:
        return new_game(self.match, seed, explicit_chance=self.explicit_chance)

    def action_index(self, action: Action) -> int:
        return action.index

    def action_from_index(self, index: int) -> Action:
        return ACTIONS[index]

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def public(self) -> PublicMatch:
        """The game as every seat knows it (no hidden deck lists): what bots are given;
        built once (a lazy field, not `cached_property`: a compiled class has no
        `__dict__` to cache in)."""
        if self._public is None:
            self._public = public_description(self.match)
        return self._public

    def determinize(self, view: IBView, rng: SplitMix64) -> IBState:
        """A state dealt from `view` on the public description (`determinize.py`)."""
        return determinize(self.public, view, rng)


if TYPE_CHECKING:
    def _implements_the_contract(game: IBGame, state: IBState) -> tuple[
            SearchableGame[Action, IBState, IBView], State[Action, IBView]]:
        """mypy fails here if IBGame or IBState drifts from the engine contract."""
        return game, state


def _ibgame(match: Any, explicit_chance: bool) -> IBGame:
    """`IBGame.__reduce__`'s rebuild."""
    return IBGame(match, explicit_chance=explicit_chance)
