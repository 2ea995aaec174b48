"""`determinize` (GUIDE 2): a world dealt from one seat's view agrees with that view,
re-deals only what the seat cannot see (other hands, deck orders, HX-A1 unrevealed
initiative cards, consistent with HX-5..HX-9), matches the real hidden cards no more
often than chance, and plays on legally."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.hex.determinize import determinize
from initiative.games.hex.game import HexGame
from initiative.games.hex.state import HexState
from initiative.timing.stacked_decks import SPECIAL, well_formed

REVEALS = ("all_at_start", "one_per_turn")


def hex_game(players: int, reveal: str = "all_at_start") -> HexGame:
    return load_game("hex_skirmish", players=players, initiative_reveal=reveal)


def play_random(state: HexState, rng: SplitMix64, limit: int) -> None:
    """Up to `limit` uniformly random legal actions."""
    for _ in range(limit):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def positions(game: HexGame, seeds: range, cut: int) -> list[HexState]:
    """Mid-game states (a seat deciding) after some random play."""
    out = []
    for seed in seeds:
        state = game.new_initial_state(seed)
        play_random(state, SplitMix64(seed), cut + 13 * seed)
        if not state.is_terminal():
            out.append(state)
    return out


def conserved(state: HexState) -> bool:
    """Every seat's deck, hand and discard hold exactly its deck composition."""
    return all(Counter(state.decks[s] + state.hands[s] + state.discards[s])
               == Counter(state.setup.deck_ids(s)) for s in range(state.setup.num_seats))


@pytest.mark.parametrize("reveal", REVEALS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_world_agrees_with_the_view_and_plays_on_legally(players: int, reveal: str) -> None:
    """Same view, same legal actions, cards conserved, the line well formed (HX-5..HX-9),
    and random play from the world runs to the end."""
    game = hex_game(players, reveal)
    for n, state in enumerate(positions(game, range(8), 20)):
        seat = state.current_seat()
        view = state.view(seat)
        world = game.determinize(view, SplitMix64(n))
        assert world.view(seat).to_dict() == view.to_dict()
        assert world.legal_actions() == state.legal_actions()
        assert world.hands[seat] == state.hands[seat]
        assert conserved(world)
        half = (len(world.line) - 1) // 2
        assert well_formed(world.line, sorted(world.line[:half]))
        assert world.line[:world.revealed] == state.line[:state.revealed]
        play_random(world, SplitMix64(n + 50), 5000)
        assert world.is_terminal()


def test_the_same_generator_deals_the_same_world() -> None:
    game = hex_game(3, "one_per_turn")
    state = positions(game, range(1), 25)[0]
    view = state.view(state.current_seat())
    one, two = (determinize(game.setup, view, SplitMix64(7)) for _ in range(2))
    assert (one.hands, one.decks, one.line, one.rng.state) \
        == (two.hands, two.decks, two.line, two.rng.state)
    other = determinize(game.setup, view, SplitMix64(8))
    assert (other.hands, other.decks) != (one.hands, one.decks)


def test_other_hands_are_dealt_uniformly_not_from_the_real_ones() -> None:
    """400 worlds from one view: each unseen card of the opponent lands in its hand with
    about the chance hand size / unseen cards, and the real hand comes back about as
    often as any other hand of that size (the generator is fixed: nothing can flake)."""
    game = hex_game(2)
    state = game.new_initial_state(3)
    seat = state.current_seat()
    other = 1 - seat
    view = state.view(seat)
    unseen = Counter(state.hands[other] + state.decks[other])
    size = len(state.hands[other])
    seen_in_hand: Counter[int] = Counter()
    real = Counter(state.hands[other])
    exact = 0
    worlds = 400
    rng = SplitMix64(11)
    for _ in range(worlds):
        world = determinize(game.setup, view, SplitMix64(rng.next64()))
        seen_in_hand.update(set(world.hands[other]))
        exact += Counter(world.hands[other]) == real
    total = sum(unseen.values())
    for card, copies in unseen.items():
        # P(at least one copy in hand) for `copies` copies among `total` cards
        missing = len(list(combinations(range(total - copies), size)))
        chance = 1 - missing / len(list(combinations(range(total), size)))
        assert abs(seen_in_hand[card] / worlds - chance) < 0.1, card
    hands = len(list(combinations(range(total), size)))
    assert exact <= worlds * 5 / hands + 3  # chance is about worlds / hands


def test_unrevealed_initiative_cards_are_dealt_again_revealed_ones_kept() -> None:
    """HX-A1 one_per_turn: the hidden part of the line varies between worlds, each half
    still holds every player once (HX-5..HX-7) and the Special card stays last (HX-8)."""
    game = hex_game(4, "one_per_turn")
    state = game.new_initial_state(5)
    play_random(state, SplitMix64(5), 3)
    seat = state.current_seat()
    view = state.view(seat)
    assert view.to_dict()["line"]["cards"].count(None) >= 4
    lines = set()
    for n in range(40):
        world = determinize(game.setup, view, SplitMix64(n))
        assert world.line[:world.revealed] == state.line[:state.revealed]
        assert world.line[-1] == SPECIAL
        assert well_formed(world.line, [0, 1, 2, 3])
        lines.add(tuple(world.line))
    assert len(lines) > 5


def test_a_view_that_does_not_fit_the_setup_is_refused() -> None:
    """A view whose card counts no deal of the setup can give: ValueError naming it."""
    game = hex_game(2)
    state = game.new_initial_state(1)
    state.decks[1].pop()
    view = state.view(0)
    with pytest.raises(ValueError, match="seat 1: 12 unseen cards do not fill a hand of 4 "
                                         "and a deck of 7"):
        determinize(game.setup, view, SplitMix64(1))
