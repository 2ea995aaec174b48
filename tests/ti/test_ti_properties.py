"""Properties of The Initiative over many random games (GUIDE 7), on every shipped
mission with 1 to 4 seats and random mixes of every house-rule flag (TI-A1..TI-A23).

At every decision: every resource and time card is in exactly one place (deck, known
top, the Lookout's hand, hands, action piles, discard, under an enemy: TI-6, TI-9,
TI-13, TI-28, TI-45, TI-47, TI-49); every token is in exactly one place (face down,
face up in a room, on a pile, gone: TI-3, TI-19..TI-38); hands hold at most 4 and no
time card (TI-9, TI-49, TI-A21); piles ascend (TI-12). Views never leak (TI-15, TI-5,
TI-7, TI-A22): no other hand's cards, no face-down token, no closed window's symbols,
no answer before the end, no deck order but the looker's `deck_top`; and a view stays
the same when everything its seat may not know changes. Positions round-trip and play
on identically; records replay bit for bit; the same seed and steps give the same game.

The invariants read the position (games/ti/notation.py). Game counts stay modest so
the suite runs in seconds on 2 cores; a larger run:
``TI_PROPERTY_GAMES=500 python -m pytest -q tests/ti/test_ti_properties.py``.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import fields
from fractions import Fraction
from typing import Any, get_args, get_type_hints

from hypothesis import given, settings
from hypothesis import strategies as hs

from initiative.engine.contract import CHANCE, GAME_MASTER, SPECTATOR, TERMINAL
from initiative.engine.notation import random_step
from initiative.engine.rng import SplitMix64
from initiative.games.ti import events as ev
from initiative.games.ti.content import default_content
from initiative.games.ti.flags import TIRules
from initiative.games.ti.game import TIGame
from initiative.games.ti.loader import load_the_initiative
from initiative.games.ti.notation import load_position, position_of
from initiative.games.ti.record import TIRecord, golden_step, record_of, rendered_log, replay
from initiative.games.ti.state import TIState
from tests.position_kit import check_forced_play_on, round_trip, same_future

GAMES = int(os.environ.get("TI_PROPERTY_GAMES", "25"))
"""Random games per property (TI_PROPERTY_GAMES overrides)."""
games = settings(max_examples=GAMES, deadline=None)

CONTENT = default_content()
MISSIONS = sorted(CONTENT.missions)
CARDS = CONTENT.cards
layouts = hs.tuples(hs.sampled_from(MISSIONS), hs.integers(1, 4))
seeds = hs.integers(0, 2**32)


def _flag_values(name: str) -> list[Any]:
    hint = get_type_hints(TIRules)[name]
    if hint is bool:
        return [False, True]
    if name == "characters_per_solo_player":
        return [1, 2]
    if name == "solve_proposals_per_turn":
        return [1, 2, 3]
    return list(get_args(hint))


FLAGS = {f.name: _flag_values(f.name) for f in fields(TIRules)}
flag_sets = hs.fixed_dictionaries({name: hs.sampled_from(v) for name, v in FLAGS.items()})
"""Every house-rule flag at each of its values."""


def new_game(layout: tuple[str, int], seed: int, explicit: bool = False,
             rules: dict[str, Any] | None = None) -> tuple[TIGame, TIState]:
    mission, players = layout
    rules = dict(rules or {})
    params: dict[str, Any] = {"mission": mission, "players": players, "rules": rules}
    if rules.get("characters_per_solo_player", 1) == 2 and players == 1:
        params["characters"] = "mina+rook"  # TI-A17: one person, two characters
    game = load_the_initiative(**params, explicit_chance=explicit)
    return game, game.new_initial_state(seed)


def step(state: TIState, rng: SplitMix64) -> None:
    """A random step that holds back solves for a while (games reach In Peril), or,
    one time in sixteen, any legal action (a solve too)."""
    if rng.below(16):
        golden_step(state, rng)
    else:
        random_step(state, rng)


def play(state: TIState, rng: SplitMix64, limit: int = 5000) -> int:
    taken = 0
    while not state.is_terminal() and taken < limit:
        step(state, rng)
        taken += 1
    return taken


# --- invariants, read from the position ---------------------------------------------


def card_places(pos: dict[str, Any]) -> Counter[str]:
    cards = pos["cards"]
    held: Counter[str] = Counter()
    for hand in cards["hands"]:
        held.update(hand)
    for name in ("deck", "deck_top", "looked", "discard"):
        held.update(cards[name])
    for pile in cards["piles"].values():
        held.update(pile["cards"])
    for enemy in pos["board"]["enemies"]:
        held.update(enemy["tucked"])
    return held


def check_invariants(state: TIState) -> None:
    pos = position_of(state)
    assert card_places(pos) == Counter(c.key for c in CARDS), \
        "TI-6: every card in exactly one place"
    by_key = {c.key: c for c in CARDS}
    for hand in pos["cards"]["hands"]:
        assert len(hand) <= 4, "TI-9, TI-A21: at most 4 cards in hand"
        assert not any(by_key[k].time for k in hand), "TI-49: no time card in a hand"
    for name, pile in pos["cards"]["piles"].items():
        values = [by_key[k].value for k in pile["cards"]]
        assert values == sorted(set(values)), f"TI-12: the {name} pile ascends strictly"
    toks = pos["tokens"]
    places = [*toks["tan_pool"], *toks["gone"]]
    for stack in toks["stacks"]:
        places.extend(stack["extras"])
    for room in toks["rooms"]:
        places.extend(room)
    for pile in pos["cards"]["piles"].values():
        places.extend(pile["counter_intel"])
    assert sorted(places) == list(range(state.setup.num_tokens)), \
        "every token in exactly one place"
    assert len(toks["tan_pool"]) == sum(s["tan"] for s in toks["stacks"])
    assert set(toks["collected"]) <= set(toks["gone"]), "TI-22: collected tokens are gone"
    if pos["cards"]["peril"] and not state.over:
        time = sum(by_key[k].time for k in pos["cards"]["discard"])
        assert time < 3, "TI-50: three time In Peril ends the game"


def _card_ids(cards: list[dict[str, Any]]) -> set[int]:
    return {c["id"] for c in cards}


def check_views(state: TIState) -> None:
    """TI-15, TI-5, TI-7: what each view shows, structurally."""
    setup = state.setup
    hands = [set(h) for h in state.hands]
    public = set(state.discard)
    for pile in state.piles:
        public.update(pile)
    for under in state.tucked:
        public.update(under)
    face_up = {t for t, at in enumerate(state.where) if at >= 0 or at == -3}
    names = [s.name for s in setup.seats]
    for seat in (*range(setup.num_seats), SPECTATOR, GAME_MASTER):
        view = state.view(seat)
        data = view.to_dict()
        json.dumps(data)
        if seat != GAME_MASTER:
            assert all(e[0] not in ev.PRIVATE or e[1] == seat for e in view.events), \
                "another seat's private events (cards drawn or looked at) stay hidden"
            others = [f"(only {n} sees this)" for s, n in enumerate(names) if s != seat]
            assert not any(o in line["text"] for line in data["log"] for o in others)
        assert "rng" not in data and "seed" not in data
        if seat != GAME_MASTER:
            assert "hands" not in data
        own = hands[seat] if seat >= 0 else set()
        assert _card_ids(data["hand"]) == own
        shown = _card_ids(data["hand"]) | _card_ids(data["discard"])
        for pile in data["piles"]:
            shown |= _card_ids(pile["cards"])
        for enemy in data["enemies"]:
            shown |= _card_ids(enemy["tucked"])
        top = data.get("deck_top")
        if top is not None:
            assert seat == state.top_seer and [c["id"] for c in top] == state.deck_top, \
                "only the seat that looked sees the deck's top, in its order"
            shown |= _card_ids(top)
        assert shown <= own | public | set(state.deck_top), "no other hand's cards"
        ids = set()
        for room in data["rooms"]:
            ids |= {t["id"] for t in room["face_up"] + room["features"]}
        for pile in data["piles"]:
            ids |= set(pile["counter_intel"])
        assert ids <= face_up, "no face-down token"
        if state.over:
            continue  # the mission card comes out of the console: all is shown
        for window, opened in zip(data["console"]["windows"], state.opened, strict=True):
            assert window["open"] == opened
            assert (window["symbols"] is None) != opened, "closed windows hide their symbols"
        assert data["result"] is None and not data["over"], "no answer before the end"


@games
@given(seed=seeds, layout=layouts, explicit=hs.booleans(),
       flags=hs.one_of(hs.just({}), flag_sets))
def test_random_games_keep_every_invariant(seed: int, layout: tuple[str, int],
                                           explicit: bool, flags: dict[str, Any]) -> None:
    _, state = new_game(layout, seed, explicit, flags)
    rng = SplitMix64(seed ^ 0x5EED)
    steps = 0
    while not state.is_terminal() and steps < 5000:
        check_invariants(state)
        if steps % 37 == 0:
            check_views(state)
        if state.current_seat() == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes and sum((p for _, p in outcomes), Fraction(0)) == 1
            assert state.legal_actions() == ()
        step(state, rng)
        steps += 1
    check_invariants(state)
    check_views(state)
    assert state.is_terminal(), "random games end (time, a solve or a stall)"
    assert state.current_seat() == TERMINAL and state.legal_actions() == ()
    assert state.won is not None


# --- hidden information -------------------------------------------------------------


def _hide_differently(data: dict[str, Any], seat: int, rng: SplitMix64) -> dict[str, Any]:
    """The same position with everything `seat` may not know changed: the other hands,
    the cards another seat is looking at and the top cards another seat knows re-dealt
    with the deck's cards, the deck reordered, the unseen tan tokens reordered, the
    generator reseeded."""
    other = json.loads(json.dumps(data))
    cards = other["cards"]
    by_key = {c.key: c for c in CARDS}
    stack = other["stack"]
    arranger = stack[-1]["seat"] if stack and stack[-1]["frame"] == "arrange" else None
    others_top = cards["top_seer"] not in (None, seat)
    hidden = [s for s in range(len(cards["hands"])) if s != seat]
    deck = cards["deck"] + (cards["deck_top"] if others_top else [])
    pool = [k for k in deck if not by_key[k].time]
    for s in hidden:
        pool += cards["hands"][s]
    if arranger is not None and arranger != seat:
        pool += cards["looked"]
    rng.shuffle(pool)
    for s in hidden:
        size = len(cards["hands"][s])
        cards["hands"][s], pool = sorted(pool[:size], key=lambda k: CARDS.index(by_key[k])), \
            pool[size:]
    if arranger is not None and arranger != seat:
        size = len(cards["looked"])
        cards["looked"], pool = pool[:size], pool[size:]
    rest = pool + [k for k in deck if by_key[k].time]
    rng.shuffle(rest)
    if others_top:
        size = len(cards["deck_top"])
        cards["deck_top"], rest = rest[:size], rest[size:]
    cards["deck"] = rest
    rng.shuffle(other["tokens"]["tan_pool"])
    if isinstance(other.get("rng"), int):
        other["rng"] = rng.next64()
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
        changed = load_position(_hide_differently(data, seat, SplitMix64(seed + seat)))
        assert changed.view(seat).to_dict() == base.view(seat).to_dict(), \
            f"seat {seat}'s view shows something it may not know"
        assert changed.view(SPECTATOR).to_dict() == base.view(SPECTATOR).to_dict()


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
    assert loaded.won == state.won and loaded.turn == state.turn
    same_future(state, loaded, seed + 2, 150, step, position_of)


@games
@given(seed=seeds, layout=layouts, cut=hs.integers(0, 300))
def test_a_sampled_position_loads_with_explicit_chance_and_plays_on(
        seed: int, layout: tuple[str, int], cut: int) -> None:
    """Any position can have its draws, reveals and random discards forced from then on."""
    _, state = new_game(layout, seed)
    play(state, SplitMix64(seed + 5), limit=cut)
    check_forced_play_on(state, SplitMix64(seed + 6), load_position, position_of, step,
                         check_invariants)


# --- records and determinism --------------------------------------------------------


@games
@given(seed=seeds, layout=layouts, explicit=hs.booleans(), cut=hs.integers(1, 5000),
       flags=flag_sets)
def test_every_record_replays_bit_for_bit(seed: int, layout: tuple[str, int], explicit: bool,
                                          cut: int, flags: dict[str, Any]) -> None:
    game, state = new_game(layout, seed, explicit, flags)
    play(state, SplitMix64(seed + 4), limit=cut)
    record = record_of(state, game, seed, with_log=True)
    again = replay(TIRecord.from_json(record.to_json()))
    assert position_of(again) == position_of(state)
    assert again.history == state.history
    assert rendered_log(again) == rendered_log(state)


@games
@given(seed=seeds, layout=layouts, explicit=hs.booleans(), flags=flag_sets)
def test_the_same_seed_and_steps_make_the_same_game(seed: int, layout: tuple[str, int],
                                                    explicit: bool,
                                                    flags: dict[str, Any]) -> None:
    _, a = new_game(layout, seed, explicit, flags)
    _, b = new_game(layout, seed, explicit, flags)
    twin = a.clone()
    play(a, SplitMix64(seed + 7))
    play(b, SplitMix64(seed + 7))
    assert position_of(a) == position_of(b)
    assert rendered_log(a) == rendered_log(b) and a.history == b.history
    assert position_of(twin) == position_of(new_game(layout, seed, explicit, flags)[1]), \
        "a clone is independent of the game it was taken from"


@games
@given(seed=seeds, layout=layouts, cut=hs.integers(0, 300), flags=flag_sets)
def test_a_world_dealt_from_a_view_is_a_valid_position(seed: int, layout: tuple[str, int],
                                                       cut: int,
                                                       flags: dict[str, Any]) -> None:
    """`determinize` deals a world whose every card and token is in one place (the
    position loads) and which each seat sees as it sees the real game."""
    game, state = new_game(layout, seed, rules=flags)
    play(state, SplitMix64(seed + 8), limit=cut)
    if state.is_terminal():
        return  # nobody searches a finished game (its view shows the true answer)
    for seat in range(state.setup.num_seats):
        world = game.determinize(state.view(seat), SplitMix64(seed + seat))
        check_invariants(world)
        load_position(position_of(world))
        assert world.view(seat).to_dict() == state.view(seat).to_dict()
