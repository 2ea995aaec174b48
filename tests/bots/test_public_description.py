"""A bot receives a view plus the game's public description (issue 17): it is built
from `public_description(match)`, which holds no deck list the rules keep secret
(IB 2.7: a deck is the player's own; `open_decklists` makes every list known), and it
never reaches the real Match, a real state or another seat's deck list, before or
after any number of decisions."""

from __future__ import annotations

import gc
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as hs

from initiative.bots import BOTS, make_bot
from initiative.engine.rng import SplitMix64
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import Content, core_content
from initiative.games.ib.determinize import determinize
from initiative.games.ib.match import Match, SeatSetup
from initiative.games.ib.public import public_description
from initiative.games.ib.setup import IBGame, new_game
from initiative.games.ib.state import IBState
from tests.bots.test_every_bot import MATCHES, quick_bot
from tests.ib.test_properties import play_random

CONTENT = core_content()


def secret_decks_match(config: RulesConfig | None = None) -> Match:
    """A 1v1 whose decks are no shipped deck (one card of each swapped for another), so
    only the Match could tell a bot what they hold."""
    seats = []
    for i, key in enumerate(("tideguard", "ashfall")):
        _, characters, deck_name = CONTENT.teams[key]
        deck = list(CONTENT.deck(deck_name))
        extra = next(c.key for c in CONTENT.cards
                     if c.kind in ("plain", "technique") and c.key not in deck)
        deck[i] = extra
        seats.append(SeatSetup(f"P{i}", i, characters, tuple(deck),
                               CONTENT.team_keystones.get(key, ())))
    match = Match(CONTENT, config or RulesConfig(), tuple(seats))
    shipped = [Counter(CONTENT.deck(name)) for _, _, name in CONTENT.teams.values()]
    assert all(Counter(seat.deck) not in shipped for seat in match.seats)
    return match


def secrets(match: Match) -> list[tuple[int, Counter[object]]]:
    """(seat, its deck list) for every seat, as card keys and as card ids."""
    out: list[tuple[int, Counter[object]]] = [
        (s, Counter(seat.deck)) for s, seat in enumerate(match.seats)]
    return out + [(s, Counter(ids)) for s, ids in enumerate(match.decklists)]


def held(root: object, match: Match) -> set[str]:
    """What of the real game is reachable from `root`: the Match itself, a state, or a
    sequence holding some seat's deck list. The content (the public card pool and
    shipped presets) is not searched."""
    lists = secrets(match)
    sizes = {sum(c.values()) for _, c in lists}
    found: set[str] = set()
    seen: set[int] = set()
    todo: list[object] = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, type | Content):
            continue
        seen.add(id(item))
        if item is match:
            found.add("the real Match")
        elif isinstance(item, IBState):
            found.add("a game state")
        elif isinstance(item, tuple | list) and len(item) in sizes:
            counts = Counter(item)
            found.update(f"seat {s}'s deck list" for s, c in lists if c == counts)
        todo.extend(gc.get_referents(item))
    return found


def test_the_walk_finds_a_deck_list_where_there_is_one() -> None:
    match = secret_decks_match()
    assert "the real Match" in held([match], match)
    assert held(match.seats, match) == {"seat 0's deck list", "seat 1's deck list"}


def test_every_bot_is_built_without_a_deck_list_and_gains_none_by_playing() -> None:
    match = secret_decks_match()
    public = public_description(match)
    assert all(seat.deck == () for seat in public.seats) and public.decklists == ((), ())
    game = IBGame(match)
    for name in BOTS:
        assert held(make_bot(name, game, 3), match) == set(), name
    rng = SplitMix64(4)
    bots = [quick_bot(name, game, rng.next64()) for name in BOTS]
    state = new_game(match, 4)
    decisions = 0
    while not state.is_terminal() and decisions < 40:
        seat = state.current_seat()
        bot = bots[decisions % len(bots)]
        state.apply(bot.choose(state.view(seat)))
        assert held(bot, match) == set(), BOTS[decisions % len(bots)]
        decisions += 1


def test_open_decklists_make_the_lists_part_of_the_description() -> None:
    """With the flag every seat knows every list, so the description is the Match."""
    match = secret_decks_match(RulesConfig(open_decklists=True))
    assert public_description(match) is match


def test_the_description_keeps_everything_but_the_deck_lists() -> None:
    for match in MATCHES.values():
        game = public_description(match)
        differ = [f for f in ("units", "unit_seat", "unit_team", "seat_team", "labels",
                              "who_names", "support_cards", "cc_specs", "spawn_slots",
                              "max_hp", "unit_abilities", "sigil_hosts", "track_rules")
                  if getattr(game, f) != getattr(match, f)]
        assert differ == []
        assert (game.content, game.config, game.challengers) == (
            match.content, match.config, match.challengers)
        assert [(s.name, s.team, s.characters, s.keystones, s.flux) for s in game.seats] \
            == [(s.name, s.team, s.characters, s.keystones, s.flux) for s in match.seats]


@settings(max_examples=12, deadline=None)
@given(where=hs.sampled_from(sorted(MATCHES)), seed=hs.integers(0, 2**32),
       cut=hs.integers(0, 120))
def test_a_dealt_world_holds_only_the_deck_lists_its_view_knows(
        where: str, seed: int, cut: int) -> None:
    """Over random games: the state a bot deals from its view (`determinize`) plays on
    the public description with the viewer's own list put back, and no other; its view
    of that world is the view it was dealt from."""
    match = MATCHES[where]
    state = new_game(match, seed)
    play_random(state, SplitMix64(seed), limit=cut)
    if state.is_terminal():
        return
    seat = state.current_seat()
    view = state.view(seat)
    world = determinize(public_description(match), view, SplitMix64(seed + 1))
    assert world.match is not match
    for s, known in enumerate(view.decklists):
        if s == seat:
            assert known == match.decklists[s] == world.match.decklists[s]
        else:
            assert known is None and world.match.seats[s].deck == ()
    assert world.view(seat).to_dict() == view.to_dict()
    assert world.legal_actions() == state.legal_actions()


def test_the_game_object_deals_on_its_public_description() -> None:
    match = secret_decks_match()
    game = IBGame(match)
    state = game.new_initial_state(6)
    world = game.determinize(state.view(1), SplitMix64(6))
    assert game.public.decklists == ((), ())
    assert world.match.seats[0].deck == () and world.match.decklists[1] == match.decklists[1]
    assert held(world.match, match) == {"seat 1's deck list"}  # the viewer's own only


@settings(max_examples=15, deadline=None)
@given(where=hs.sampled_from(sorted(MATCHES)), seed=hs.integers(0, 2**32),
       cut=hs.integers(0, 150), name=hs.sampled_from(["random", "heuristic", "ismcts@15"]))
def test_over_random_games_a_bot_reaches_nothing_of_the_real_game(
        where: str, seed: int, cut: int, name: str) -> None:
    """Any format, any point of a random game: the bot, given only the seat's view,
    chooses a legal action and afterwards still reaches no state, no real Match and
    no deck list."""
    match = MATCHES[where]
    bot = make_bot(name, IBGame(match), seed)
    state = new_game(match, seed)
    play_random(state, SplitMix64(seed), limit=cut)
    if state.is_terminal():
        return
    assert bot.choose(state.view(state.current_seat())) in state.legal_actions()
    assert held(bot, match) == set()
