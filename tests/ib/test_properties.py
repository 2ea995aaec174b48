"""Properties over many random games (GUIDE 7): track, HP, Charge, hand and card
invariants; no view leaks; clones, determinization and replays are exact."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from typing import Any, get_args, get_type_hints

from hypothesis import given
from hypothesis import strategies as hs

from initiative.engine.contract import GAME_MASTER, SPECTATOR
from initiative.engine.rng import SplitMix64
from initiative.games.ib import challenges, events, frames
from initiative.games.ib.attacks import cards_in_play
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.determinize import determinize
from initiative.games.ib.match import Match, fixture_match
from initiative.games.ib.modes import GameSetup, build_match
from initiative.games.ib.public import public_description
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.view import hands_seen

TEAMS = tuple(core_content().teams)
"""Every shipped team: the plain test teams, the card kits (Keystones, Sigils,
Techniques, Events, Supports) and the scaled 1-3 Character teams."""


def _flag_values(name: str) -> list[Any]:
    hint = get_type_hints(RulesConfig)[name]
    if hint is bool:
        return [False, True]
    if hint is int:
        return [60, 400]
    return list(get_args(hint))


CARD_GAMES = [("tideguard", "ashfall"), ("lanternwatch", "ashfall"),
              ("lanternwatch", "lanternwatch")]
"""Matchups with every card kind: Keystones, Sigils, Techniques, Events and Supports."""

FLAGS = {f.name: _flag_values(f.name) for f in fields(RulesConfig)}
configs = hs.fixed_dictionaries({name: hs.sampled_from(vals) for name, vals in FLAGS.items()})


def check_invariants(state: IBState) -> None:
    """Every invariant that must hold at every decision."""
    match = state.match
    track = state.track
    n = match.num_characters
    living = {u for u in range(n) if state.on_track(u)}
    assert sorted(track.order) == sorted(living), "track is a permutation of living units"
    assert len(set(track.order)) == len(track.order)
    assert track.rm is None or 0 <= track.rm <= len(track.order)
    for u in range(len(state.hp)):
        assert state.hp[u] >= 0
        if match.config.heal_cap == "max_hp":
            assert state.hp[u] <= match.max_hp[u]
        assert 0 <= state.charge[u] <= 3
        if state.on_track(u):
            assert state.hp[u] > 0
    assert state.queue == (), "triggered abilities never wait across a decision"
    supports = [u for u in range(n, len(state.hp)) if state.on_track(u)]
    for u in supports:  # IB 2.5: off the track, no Charge, no Sigils, no pending moves
        assert state.charge[u] == 0 and not state.sigils[u] and not state.pending[u]
        if match.config.support_statuses == "damage_triggered_only":
            assert state.status[u] & 0xFFFF == 0, "no Burn/Stun/Seal/Mute on a Support"
    assert state.summoned & ~sum(1 << u for u in supports) == 0
    assert state.summoned & ~state.ever_summoned == 0, "a summon is remembered for good"
    assert state.ever_summoned & ~sum(1 << u for u in range(n, len(state.hp))) == 0
    in_play = cards_in_play(state.stack, match.unit_seat)
    in_play += [(owner, card) for installed in state.sigils for card, owner in installed]
    in_play += [(match.unit_seat[u], match.support_cards[u - n]) for u in supports
                if not (state.summoned >> u) & 1]
    for seat, decklist in enumerate(match.decklists):
        assert len(state.hands[seat]) <= 5
        held = Counter(state.hands[seat]) + Counter(state.decks[seat])
        held.update(state.discards[seat])
        held.update(card for s, card in in_play if s == seat)
        assert held == Counter(decklist), "cards are conserved"
    if match.challengers:
        check_challenge_invariants(state)


def check_views(state: IBState) -> None:
    """A seat's view never shows another seat's hand, deck order or hidden answer."""
    n = state.match.num_seats
    for seat in (*range(n), SPECTATOR):
        view = state.view(seat)
        seen = hands_seen(state.match, seat)  # its own (and teammates' if flagged)
        for other in range(n):
            if other not in seen:
                assert view.hands[other] is None
        for event in view.log:
            if event[0] == events.DRAW and event[1] not in seen:
                assert event[2] == events.HIDDEN
        for frame in view.stack:
            if frame.tag == frames.WINDOW:
                assert all(s == seat for s, _ in frame.declared)
            if frame.tag == frames.MULLIGAN:
                assert all(s == seat for s in frame.takers)
        assert "rng" not in view.to_dict() and "seed" not in view.to_dict()
    gm = state.view(GAME_MASTER)
    assert all(h is not None for h in gm.hands)


def perturbed_hidden(state: IBState, keep_seat: int, rng: SplitMix64) -> IBState:
    """The same state with every card hidden from `keep_seat` redealt."""
    other = state.clone()
    for seat in range(other.match.num_seats):
        if seat == keep_seat:
            rng.shuffle(other.decks[seat])
            continue
        pool = other.hands[seat] + other.decks[seat]
        rng.shuffle(pool)
        size = len(other.hands[seat])
        other.hands[seat][:] = pool[:size]
        other.decks[seat][:] = pool[size:]
    return other


def hidden_twin(state: IBState, seed: int) -> tuple[int, IBState]:
    """The seat to move and a twin of `state` that only differs in what that seat cannot
    see: every card hidden from it redealt, and other dice to come."""
    seat = state.current_seat()
    other = perturbed_hidden(state, seat, SplitMix64(seed + 5))
    other.rng = SplitMix64(seed + 77)
    assert (other.hands, other.decks) != (state.hands, state.decks)
    return seat, other


def play_random(state: IBState, rng: SplitMix64, limit: int = 10_000) -> list[int]:
    taken: list[int] = []
    while not state.is_terminal() and len(taken) < limit:
        legal = state.legal_actions()
        assert legal, "a non-terminal state always has a legal action"
        action = legal[rng.below(len(legal))]
        taken.append(action.index)
        state.apply(action)
    return taken


def play_checked(state: IBState, rng: SplitMix64, views_every: int = 0) -> None:
    """Random play to the end, every invariant checked at every decision (and the views
    every `views_every` decisions, if given)."""
    steps = 0
    while not state.is_terminal():
        check_invariants(state)
        if views_every and steps % views_every == 0:
            check_views(state)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        steps += 1
    check_invariants(state)


@given(seed=hs.integers(0, 2**32), teams=hs.sampled_from([(a, b) for a in TEAMS for b in TEAMS
                                                           if a != b]))
def test_random_games_keep_invariants(seed: int, teams: tuple[str, str]) -> None:
    state = new_game(fixture_match(*teams), seed)
    play_checked(state, SplitMix64(seed ^ 0x5EED), views_every=7)
    assert state.result is not None
    assert sum(state.returns()) == 0


@given(seed=hs.integers(0, 2**32), flags=configs,  # no mirror: agreed setup orders
       teams=hs.sampled_from([t for t in CARD_GAMES if t[0] != t[1]]))
def test_every_house_rule_combination_plays_to_an_end(seed: int, flags: dict[str, Any],
                                                      teams: tuple[str, str]) -> None:
    config = RulesConfig().with_flags(flags)
    state = new_game(fixture_match(*teams, config=config), seed)
    play_checked(state, SplitMix64(seed))
    assert state.activations <= config.max_activations


@given(seed=hs.integers(0, 2**32), cut=hs.integers(0, 200),
       teams=hs.sampled_from([("fixture_vanguard", "fixture_harrow"), *CARD_GAMES]))
def test_views_do_not_depend_on_hidden_cards(seed: int, cut: int,
                                             teams: tuple[str, str]) -> None:
    state = new_game(fixture_match(*teams), seed)
    play_random(state, SplitMix64(seed), limit=cut)
    for seat in range(state.match.num_seats):
        other = perturbed_hidden(state, seat, SplitMix64(seed + 1))
        assert other.view(seat).to_dict() == state.view(seat).to_dict()


@given(seed=hs.integers(0, 2**32))
def test_same_seed_and_actions_replay_bit_for_bit(seed: int) -> None:
    match = fixture_match()
    first = new_game(match, seed)
    taken = play_random(first, SplitMix64(seed * 3 + 1))
    second = new_game(match, seed)
    for index in taken:
        second.apply(next(a for a in second.legal_actions() if a.index == index))
    assert list(second.events()) == list(first.events())
    assert second.rng.state == first.rng.state
    assert second.result == first.result


@given(seed=hs.integers(0, 2**32), cut=hs.integers(0, 150))
def test_clone_is_independent(seed: int, cut: int) -> None:
    state = new_game(fixture_match(), seed)
    play_random(state, SplitMix64(seed), limit=cut)
    snapshot = state.view(GAME_MASTER).to_dict()
    copy = state.clone()
    play_random(copy, SplitMix64(seed + 7))
    assert state.view(GAME_MASTER).to_dict() == snapshot
    play_random(state, SplitMix64(seed + 7))
    assert list(state.events()) == list(copy.events())


@given(seed=hs.integers(0, 2**32), cut=hs.integers(0, 150), open_lists=hs.booleans(),
       teams=hs.sampled_from([("fixture_vanguard", "fixture_harrow"), *CARD_GAMES]))
def test_determinized_state_matches_the_view(seed: int, cut: int, open_lists: bool,
                                             teams: tuple[str, str]) -> None:
    match = fixture_match(*teams, config=RulesConfig(open_decklists=open_lists))
    state = new_game(match, seed)
    play_random(state, SplitMix64(seed), limit=cut)
    if state.is_terminal():
        return
    seat = state.current_seat()
    view = state.view(seat)
    guess = determinize(public_description(match), view, SplitMix64(seed + 11))
    assert guess.view(seat).to_dict() == view.to_dict()
    assert guess.legal_actions() == state.legal_actions()
    if open_lists:
        check_invariants(guess)
    play_random(guess, SplitMix64(seed))  # a determinized state plays on to an end
    assert guess.is_terminal()


@given(seed=hs.integers(0, 2**32), cut=hs.integers(0, 250),
       teams=hs.sampled_from(CARD_GAMES))
def test_positions_with_cards_sigils_keystones_and_supports_round_trip(
        seed: int, cut: int, teams: tuple[str, str]) -> None:
    """Every mid-game state of the card teams dumps, loads and plays on identically."""
    from initiative.games.ib.notation import dump_position, load_position

    state = new_game(fixture_match(*teams), seed)
    play_random(state, SplitMix64(seed), limit=cut)
    text = dump_position(state)
    loaded = load_position(text)
    assert dump_position(loaded) == text
    assert loaded.legal_actions() == state.legal_actions()
    check_invariants(loaded)


@given(seed=hs.integers(0, 2**32))
def test_every_legal_move_text_is_unique_and_parses_back(seed: int) -> None:
    from initiative.games.ib.movetext import format_action, parse_action

    state = new_game(fixture_match("tideguard", "ashfall"), seed)
    rng = SplitMix64(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        texts = [format_action(state, a) for a in legal]
        assert len(set(texts)) == len(texts), texts
        for action, text in zip(legal, texts, strict=True):
            assert parse_action(state, text) is action
        state.apply(legal[rng.below(len(legal))])


# --- games against Challenge Cards (IB 6, 8.1, 8.4) -------------------------------------

ENCOUNTERS = tuple(core_content().encounters)
CC_MODES = {"solo": ("tideguard",), "coop": ("lone_warden", "hourglass_trio"),
            "1v1": ("lone_warden", "kettle_and_kite")}
"""A party per mode: solo, co-op, and a mixed duel with neutral CCs."""


def cc_match(mode: str, encounter: str, config: RulesConfig | None = None,
             seed: int = 0) -> Match:
    return build_match(GameSetup(mode, CC_MODES[mode], encounter), core_content(), config,
                       seed)


def check_challenge_invariants(state: IBState) -> None:
    """CCs: at most 10 units on the track (IB 7.8.1), phases within the card, no hand."""
    match = state.match
    assert len(state.track.order) <= 10
    for u in state.track.order:
        spec = match.cc_specs[u]
        if spec is not None:
            assert challenges.phase(state, u) < len(spec.phases)
        if match.is_challenge(u):
            assert match.unit_seat[u] == -1 and u not in sum(match.seat_units, ())


cc_games = hs.tuples(hs.sampled_from(sorted(CC_MODES)), hs.sampled_from(ENCOUNTERS))


@given(seed=hs.integers(0, 2**32), flags=configs, game=cc_games)
def test_challenge_games_keep_every_invariant_under_every_house_rule(
        seed: int, flags: dict[str, Any], game: tuple[str, str]) -> None:
    config = RulesConfig().with_flags(flags)
    state = new_game(cc_match(*game, config=config, seed=seed), seed)
    play_checked(state, SplitMix64(seed), views_every=13)
    assert state.activations <= config.max_activations


@given(seed=hs.integers(0, 2**32), cut=hs.integers(0, 200), game=cc_games)
def test_challenge_views_do_not_depend_on_hidden_cards_or_the_dice(
        seed: int, cut: int, game: tuple[str, str]) -> None:
    """The d6 of a CC is the game RNG: no view may depend on its state."""
    state = new_game(cc_match(*game, seed=seed), seed)
    play_random(state, SplitMix64(seed), limit=cut)
    for seat in range(state.match.num_seats):
        other = perturbed_hidden(state, seat, SplitMix64(seed + 1))
        other.rng = SplitMix64(seed + 99)
        assert other.view(seat).to_dict() == state.view(seat).to_dict()


@given(seed=hs.integers(0, 2**32), cut=hs.integers(0, 150), game=cc_games)
def test_challenge_games_determinize_replay_and_round_trip(
        seed: int, cut: int, game: tuple[str, str]) -> None:
    from initiative.games.ib.notation import dump_position, load_position

    match = cc_match(*game, seed=seed)
    state = new_game(match, seed)
    taken = play_random(state, SplitMix64(seed), limit=cut)
    again = new_game(match, seed)
    for index in taken:
        again.apply(next(a for a in again.legal_actions() if a.index == index))
    assert list(again.events()) == list(state.events())
    assert again.rng.state == state.rng.state
    loaded = load_position(dump_position(state))
    assert dump_position(loaded) == dump_position(state)
    if state.is_terminal():
        return
    assert loaded.legal_actions() == state.legal_actions()
    seat = state.current_seat()
    view = state.view(seat)
    guess = determinize(public_description(match), view, SplitMix64(seed + 11))
    assert guess.view(seat).to_dict() == view.to_dict()
    play_random(guess, SplitMix64(seed))
    assert guess.is_terminal()
