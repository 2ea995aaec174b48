"""Properties of the hex skirmish game over many random games (GUIDE 7).

At every decision of random games on every board with 2 to 4 seats: no two units share
a hex, no unit stands on a wall or off the board (HX-17, HX-A8); the initiative line
holds each living seat twice plus the Special card (HX-5..HX-8, HX-A20); every seat's
cards are conserved across deck, hand and discard (HX-2..HX-4, HX-12, HX-30); health
stays in 0..max and Power at 0 or more (HX-A3, HX-A5). Views do not depend on what the
seat may not know (hands of others, deck order, the generator); positions round-trip
and play on identically; records replay; explicit chance nodes are distributions.

The invariants read the position (games/hex/notation.py), whose round trip is itself a
property here, so they hold for the state the position describes.

Game counts are modest so the hex suite stays well under a minute on 2 cores; a larger
run: ``HEX_PROPERTY_GAMES=2000 python -m pytest -q tests/hex/test_properties.py``.
"""

from __future__ import annotations

import json
import os
from dataclasses import fields
from fractions import Fraction
from typing import Any, get_args, get_type_hints

from hypothesis import given, settings
from hypothesis import strategies as hs

from initiative.engine.contract import CHANCE, GAME_MASTER, SPECTATOR, TERMINAL
from initiative.engine.notation import sample_outcome
from initiative.engine.rng import SplitMix64
from initiative.games.hex.content import default_content
from initiative.games.hex.flags import HexRules
from initiative.games.hex.game import HexGame
from initiative.games.hex.geometry import Hex
from initiative.games.hex.loader import load_hex_skirmish
from initiative.games.hex.notation import SPECIAL, load_position, position_of
from initiative.games.hex.record import record_of, replay
from initiative.games.hex.state import HexState
from tests.position_kit import check_forced_play_on, round_trip, same_future

GAMES = int(os.environ.get("HEX_PROPERTY_GAMES", "8"))
"""Random games per property (HEX_PROPERTY_GAMES overrides)."""
games = settings(max_examples=GAMES, deadline=None)

CONTENT = default_content()
BOARDS = sorted(CONTENT.boards)
LAYOUTS = [(board, players) for board in BOARDS for players in (2, 3, 4)
           if players in CONTENT.boards[board].starts]
layouts = hs.sampled_from(LAYOUTS)
seeds = hs.integers(0, 2**32)


def _flag_values(name: str) -> list[Any]:
    hint = get_type_hints(HexRules)[name]
    if hint is bool:
        return [False, True]
    if name == "round_limit":
        return [None, 3]
    if hint is int:
        default = getattr(HexRules(), name)
        return [default, default + 1 if name != "starting_health" else 2]
    return list(get_args(hint))


FLAGS = {f.name: _flag_values(f.name) for f in fields(HexRules)}
flag_sets = hs.fixed_dictionaries({name: hs.sampled_from(v) for name, v in FLAGS.items()})
"""Every house-rule flag (HX-A1..HX-A18) at each of its values (two for numbers)."""


def house_rules(flags: dict[str, Any]) -> dict[str, Any]:
    """`flags` made consistent: most_power_after_rounds needs a round limit (HX-A5)."""
    if flags["victory"] == "most_power_after_rounds" and flags["round_limit"] is None:
        return {**flags, "round_limit": 3}
    return flags


def new_game(layout: tuple[str, int], seed: int, explicit: bool = False,
             rules: dict[str, Any] | None = None) -> tuple[HexGame, HexState]:
    board, players = layout
    game = load_hex_skirmish(board=board, players=players, explicit_chance=explicit,
                             rules=house_rules(rules) if rules else {})
    return game, game.new_initial_state(seed)


def step(state: HexState, rng: SplitMix64) -> None:
    """One random step: a legal action, or an outcome drawn by its probability."""
    if state.current_seat() == CHANCE:
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    else:
        legal = state.legal_actions()
        assert legal, "a seat that must decide has a legal action"
        state.apply(legal[rng.below(len(legal))])


def play(state: HexState, rng: SplitMix64, limit: int = 20_000) -> int:
    taken = 0
    while not state.is_terminal() and taken < limit:
        step(state, rng)
        taken += 1
    return taken


# --- invariants, read from the position ---------------------------------------------


def check_invariants(state: HexState) -> None:
    setup = state.setup
    board = setup.board
    pos = position_of(state)
    units = pos["units"]
    alive = [seat for seat, unit in enumerate(units) if unit["alive"]]
    placed = [tuple(units[seat]["hex"]) for seat in alive]
    assert len(set(placed)) == len(placed), "HX-17: no two units share a hex"
    for seat, unit in enumerate(units):
        max_health = setup.rules.starting_health
        assert 0 <= unit["health"] <= max_health, "HX-A5: health in 0..max"
        assert unit["power"] >= 0, "HX-A3: Power never below 0"
        if unit["health"] == 0:
            assert not unit["alive"], "HX-A5: eliminated at 0 health"
        if unit["alive"]:
            assert board.open(Hex(*unit["hex"])), \
                f"HX-A8: seat {seat} stands on a wall or off the board"
        else:
            assert unit["hex"] is None, "HX-A5: an eliminated unit leaves the board"
    for seat, cards in enumerate(pos["seats"]):
        held = sorted(cards["hand"] + cards["deck"] + cards["discard"])
        assert held == sorted(setup.seats[seat].character.deck), \
            f"seat {seat}: deck + hand + discard is the character's deck"
        assert len(cards["hand"]) <= 4, "HX-4: at most 4 cards in hand"
    line = pos["line"]["cards"]
    if line:
        assert line[-1] == SPECIAL and line.count(SPECIAL) == 1, "HX-8: special at the bottom"
        for seat in alive:
            assert line.count(seat) == 2, "HX-5: two initiative cards per living player"
        assert all(card == SPECIAL or card in range(len(units)) for card in line)


def check_views(state: HexState) -> None:
    """Views are JSON-safe; no seat's view names the generator or another seat's hand."""
    for seat in (*range(state.setup.num_seats), SPECTATOR, GAME_MASTER):
        data = state.view(seat).to_dict()
        json.dumps(data)
        assert "rng" not in data and "seed" not in data
        if seat != GAME_MASTER:
            assert "hands" not in data


@games
@given(seed=seeds, layout=layouts, flags=hs.one_of(hs.just({}), flag_sets))
def test_random_games_keep_every_invariant(seed: int, layout: tuple[str, int],
                                           flags: dict[str, Any]) -> None:
    _, state = new_game(layout, seed, rules=flags)
    rng = SplitMix64(seed ^ 0x5EED)
    steps = 0
    while not state.is_terminal():
        check_invariants(state)
        if steps % 331 == 0:  # a view renders the whole log: a few per game
            check_views(state)
        step(state, rng)
        steps += 1
    check_invariants(state)
    assert state.current_seat() == TERMINAL
    assert state.legal_actions() == ()


@games
@given(seed=seeds, layout=layouts)
def test_explicit_games_keep_every_invariant_and_their_nodes_are_distributions(
        seed: int, layout: tuple[str, int]) -> None:
    _, state = new_game(layout, seed, explicit=True)
    rng = SplitMix64(seed)
    nodes = 0
    while not state.is_terminal():
        check_invariants(state)
        if state.current_seat() == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and sum((p for _, p in outcomes), Fraction(0)) == 1
            assert all(p > 0 for _, p in outcomes)
            assert len({o for o, _ in outcomes}) == len(outcomes)
            assert state.legal_actions() == ()
            nodes += 1
        else:
            assert not state.chance_outcomes()
        step(state, rng)
    assert nodes > 0, "an explicit game has chance nodes (shuffles, dice)"


# --- positions ----------------------------------------------------------------------


@games
@given(seed=seeds, layout=layouts, cut=hs.integers(0, 400), explicit=hs.booleans(),
       flags=flag_sets)
def test_positions_round_trip_and_play_on_identically(seed: int, layout: tuple[str, int],
                                                      cut: int, explicit: bool,
                                                      flags: dict[str, Any]) -> None:
    _, state = new_game(layout, seed, explicit, flags)
    play(state, SplitMix64(seed + 1), limit=cut)
    loaded = round_trip(state, explicit, load_position, position_of)
    assert loaded.winner == state.winner and loaded.round == state.round
    same_future(state, loaded, seed + 2, 150, step, position_of)


@games
@given(seed=seeds, layout=layouts, cut=hs.integers(0, 300))
def test_a_sampled_position_loads_with_explicit_chance_and_plays_on(
        seed: int, layout: tuple[str, int], cut: int) -> None:
    """Any position can have its dice and shuffles forced from then on."""
    _, state = new_game(layout, seed)
    play(state, SplitMix64(seed + 5), limit=cut)
    check_forced_play_on(state, SplitMix64(seed + 6), load_position, position_of, step,
                         check_invariants)


def _hide_differently(data: dict[str, Any], seat: int, rng: SplitMix64) -> dict[str, Any]:
    """The same position with everything `seat` may not know changed: the other seats'
    hands re-dealt from their hands and decks, every deck reordered, the generator
    reseeded, the unrevealed initiative cards (HX-A1 one_per_turn) reordered within
    their half of the line."""
    other = json.loads(json.dumps(data))
    for s, cards in enumerate(other["seats"]):
        if s == seat:
            rng.shuffle(cards["deck"])
            continue
        pool = cards["hand"] + cards["deck"]
        rng.shuffle(pool)
        size = len(cards["hand"])
        cards["hand"], cards["deck"] = pool[:size], pool[size:]
    if isinstance(other.get("rng"), int):
        other["rng"] = rng.next64()
    line = other["line"]
    cards, hidden_from = line["cards"], line["revealed"]
    half = (len(cards) - 1) // 2
    for lo, hi in ((0, half), (half, 2 * half)):  # HX-A1 one_per_turn: unrevealed cards
        spots = [i for i in range(lo, hi) if i >= hidden_from]
        dealt = [cards[i] for i in spots]
        rng.shuffle(dealt)
        for i, card in zip(spots, dealt, strict=True):
            cards[i] = card
    return other


@games
@given(seed=seeds, layout=layouts, cut=hs.integers(0, 300), flags=flag_sets)
def test_views_do_not_depend_on_hidden_information(seed: int, layout: tuple[str, int],
                                                   cut: int, flags: dict[str, Any]) -> None:
    _, state = new_game(layout, seed, rules=flags)
    play(state, SplitMix64(seed + 3), limit=cut)
    data = position_of(state)
    base = load_position(data)
    for seat in range(state.setup.num_seats):
        hidden = _hide_differently(data, seat, SplitMix64(seed + seat))
        changed = load_position(hidden)
        assert changed.view(seat).to_dict() == base.view(seat).to_dict(), \
            f"seat {seat}'s view shows something it may not know"
        assert changed.view(SPECTATOR).to_dict() == base.view(SPECTATOR).to_dict()


# --- records ------------------------------------------------------------------------


@games
@given(seed=seeds, layout=layouts, explicit=hs.booleans(), cut=hs.integers(1, 10_000),
       flags=flag_sets)
def test_every_record_replays_bit_for_bit(seed: int, layout: tuple[str, int], explicit: bool,
                                          cut: int, flags: dict[str, Any]) -> None:
    game, state = new_game(layout, seed, explicit, flags)
    play(state, SplitMix64(seed + 4), limit=cut)
    record = record_of(state, game, seed, with_log=True)
    again = replay(type(record).from_json(record.to_json()))
    assert position_of(again) == position_of(state)
    assert again.history == state.history
