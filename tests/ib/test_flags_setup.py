"""House-rule flags of setup and team building (AMB-92, AMB-94)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from scenario import Scenario

from initiative.engine.chance import DRAW, PICK, Outcome
from initiative.engine.contract import CHANCE
from initiative.engine.errors import ContentError
from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.match import fixture_match
from initiative.games.ib.record import (
    GameRecord,
    play_random,
    position_hash,
    record_game,
    replay,
)
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.timing.setup_order import SetupTieError
from tests.ib.challenge_content import cc_game

# --- AMB-92 setup_final_tiebreak ----------------------------------------------------------
# Tempest and Harrow both field Pim Osgood: the two copies tie on Initiative, Speed, HP,
# name and title (then `setup_copy_tiebreak` decides, next section).


def test_amb92_default_name_a_full_tie_is_settled_without_asking() -> None:
    sc = Scenario({"setup_final_tiebreak": "name", "setup_copy_tiebreak": "unit"},
                  "fixture_tempest", "fixture_harrow")
    assert sc.order()[:2] == ["pim", "pim2"]  # name, title, then unit number
    drawn = Scenario({"setup_final_tiebreak": "name"}, "fixture_tempest", "fixture_harrow")
    assert sorted(drawn.order()[:2]) == ["pim", "pim2"]  # copies: by a draw (below)


def test_amb92_default_name_players_may_still_agree_on_another_order() -> None:
    probe = Scenario({}, "fixture_tempest", "fixture_harrow")
    agreed = [probe.u("pim2"), probe.u("pim")]
    sc = Scenario({}, "fixture_tempest", "fixture_harrow", agreed_order=agreed)
    assert sc.order()[:2] == ["pim2", "pim"]


def test_amb92_agreement_required_a_full_tie_without_agreement_is_an_error() -> None:
    with pytest.raises(SetupTieError):
        Scenario({"setup_final_tiebreak": "agreement_required"}, "fixture_tempest",
                 "fixture_harrow")


def test_amb92_agreement_required_the_agreed_order_is_used() -> None:
    probe = Scenario({}, "fixture_tempest", "fixture_harrow")
    agreed = [probe.u("pim2"), probe.u("pim")]
    sc = Scenario({"setup_final_tiebreak": "agreement_required"}, "fixture_tempest",
                  "fixture_harrow", agreed_order=agreed)
    assert sc.order()[:2] == ["pim2", "pim"]


# --- AMB-94 character_unique_by -----------------------------------------------------------
# "Sela Marchetti, Windrunner" and "Sela Marchetti, Storm Courier" share a name only.

SELAS = [(0, ["sela", "sela_courier"]), (1, ["marta", "brask"])]


def test_amb94_default_name_and_title_two_versions_of_one_name_may_share_a_team() -> None:
    sc = Scenario({"character_unique_by": "name_and_title"}, seats=SELAS)
    assert {"sela", "sela_courier"} <= set(sc.order())


def test_amb94_name_two_versions_of_one_name_may_not_share_a_team() -> None:
    with pytest.raises(ContentError, match="twice"):
        Scenario({"character_unique_by": "name"}, seats=SELAS)


# --- setup_copy_tiebreak (new, IB-2.9.4) --------------------------------------------------
# The two Pim Osgoods of Tempest (North, seat 0) and Harrow (South, seat 1) are copies: the
# name order cannot split them. Lanternwatch against itself is copies all through.

def _pims(rules: dict[str, Any] | None = None, seed: int = 0) -> IBState:
    config = RulesConfig().with_flags(rules or {})
    return new_game(fixture_match("fixture_tempest", "fixture_harrow", config), seed)


def _first_seats(make: Callable[[int], IBState], seeds: range) -> int:
    """In how many of the games `make(seed)` seat 0's unit is leftmost."""
    return sum(state.match.unit_seat[state.track.order[0]] == 0
               for state in map(make, seeds))


def test_new_setup_copy_tiebreak_default_draw_a_public_draw_orders_the_copies() -> None:
    seen: set[tuple[int, ...]] = set()
    for seed in range(8):
        state = _pims(seed=seed)
        match, log = state.match, list(state.events())
        pim, pim2 = match.labels.index("pim"), match.labels.index("pim2")
        assert [e[0] for e in log[:4]] == [events.SETUP_DRAW, events.SETUP,
                                           events.SHUFFLE, events.SHUFFLE]
        drawn = tuple(log[0][1:])
        assert sorted(drawn) == [pim, pim2] and state.track.order[:2] == list(drawn)
        text = events.render(log[0], match)
        assert text == ("Copies of Pim Osgood tie on Initiative, Speed, HP, name and title; "
                        f"a public draw sets their order: {match.who(drawn[0])} > "
                        f"{match.who(drawn[1])}.")
        for seat in range(match.num_seats):  # public: every seat's view logs it as is
            assert state.view(seat).log[0] == log[0]
        seen.add(drawn)
    assert len(seen) == 2  # either copy may go first


def test_new_setup_copy_tiebreak_unit_seat_0s_copy_goes_left() -> None:
    for seed in range(8):
        state = _pims({"setup_copy_tiebreak": "unit"}, seed)
        labels = [state.match.labels[u] for u in state.track.order]
        assert labels[:2] == ["pim", "pim2"]  # name, title, then unit number
        assert all(e[0] != events.SETUP_DRAW for e in state.events())


def test_new_setup_copy_tiebreak_draw_is_fair_over_seeds() -> None:
    """200 seeds, mirror setups: seat 0's copy is leftmost about half the time. The bound
    (70-130 of 200, 4.2 standard deviations) holds by chance with probability 1 - 3e-5,
    and the `unit` reading (200 of 200) cannot pass it."""
    seeds = range(200)
    mirror = fixture_match("lanternwatch", "lanternwatch")
    for make in (lambda seed: _pims(seed=seed), lambda seed: new_game(mirror, seed)):
        assert 70 <= _first_seats(make, seeds) <= 130
    unit = {"setup_copy_tiebreak": "unit"}
    assert _first_seats(lambda seed: _pims(unit, seed), seeds) == 200
    # In the mirror every Character ties with its copy: each pair is drawn on its own.
    pairs = [0] * 4
    for seed in seeds:
        order = new_game(mirror, seed).track.order
        for i in range(4):
            pairs[i] += mirror.unit_seat[order[2 * i]] == 0
    assert all(70 <= n <= 130 for n in pairs), pairs


def test_new_setup_copy_tiebreak_draw_an_agreed_order_still_wins() -> None:
    probe = _pims()
    pim, pim2 = probe.match.labels.index("pim"), probe.match.labels.index("pim2")
    for agreed in ([pim, pim2], [pim2, pim]):
        state = new_game(probe.match, 0, agreed)
        assert state.track.order[:2] == agreed
        assert all(e[0] != events.SETUP_DRAW for e in state.events())
        unit = fixture_match("fixture_tempest", "fixture_harrow",
                             RulesConfig(setup_copy_tiebreak="unit"))
        same = new_game(unit, 0, agreed)
        assert same.rng.to_data() == state.rng.to_data()  # no draw was taken


def test_new_setup_copy_tiebreak_no_tie_takes_no_randomness() -> None:
    """Without copies the game is the one it always was: same generator state after
    setup, same decks, same log as under `unit` (the old order); the golden records
    without copies (tests/golden) replay unchanged."""
    for teams in (("fixture_vanguard", "fixture_harrow"), ("tideguard", "ashfall")):
        for seed in range(5):
            drawn = new_game(fixture_match(*teams), seed)
            unit = new_game(fixture_match(*teams, RulesConfig(setup_copy_tiebreak="unit")),
                            seed)
            assert drawn.rng.to_data() == unit.rng.to_data()
            assert drawn.decks == unit.decks and drawn.hands == unit.hands
            assert list(drawn.events()) == list(unit.events())
    # With copies the draw comes before the shuffles: one choice of two, then the decks.
    tie = _pims(seed=3)
    rng = SplitMix64(3)
    first = rng.below(2)
    assert tie.track.order[:2] == [tie.match.labels.index(k)
                                   for k in (("pim", "pim2") if first == 0 else ("pim2", "pim"))]


def test_new_setup_copy_tiebreak_draw_is_a_uniform_chance_node_before_the_deal() -> None:
    """Explicit chance: the draw is the first node, a pick of 1/2 each, with the track
    not yet set; the pick chosen sets it, then the opening deal's nodes follow."""
    match = fixture_match("fixture_tempest", "fixture_harrow")
    pim, pim2 = match.labels.index("pim"), match.labels.index("pim2")
    for pick, leftmost in ((0, [pim, pim2]), (1, [pim2, pim])):
        state = new_game(match, 0, explicit_chance=True)
        assert state.current_seat() == CHANCE and state.track.order == []
        assert state.chance_outcomes() == [(Outcome(PICK, 0), Fraction(1, 2)),
                                           (Outcome(PICK, 1), Fraction(1, 2))]
        state.apply(Outcome(PICK, pick))
        assert state.track.order[:2] == leftmost
        assert state.events()[0] == (events.SETUP_DRAW, *leftmost)
        assert state.current_seat() == CHANCE
        assert state.chance_outcomes()[0][0].kind == DRAW  # the opening hands
    # The sampled game whose draw put pim2 first is this explicit game with pick:1.
    sampled = next(s for s in map(lambda seed: _pims(seed=seed), range(20))
                   if s.track.order[0] == pim2)
    explicit = new_game(match, 0, explicit_chance=True)
    explicit.apply(Outcome(PICK, 1))
    for event in sampled.events():
        if event[0] == events.DRAW:
            explicit.apply(Outcome(DRAW, event[2]))
    assert explicit.track.order == sampled.track.order and explicit.hands == sampled.hands
    assert list(explicit.events()) == list(sampled.events())
    # No copies: no pick node, the deal comes first.
    plain = new_game(fixture_match(), 0, explicit_chance=True)
    assert plain.chance_outcomes()[0][0].kind == DRAW and plain.track.order


def test_new_setup_copy_tiebreak_draw_records_replay() -> None:
    match = fixture_match("fixture_tempest", "fixture_harrow")
    for seed in (0, 2):  # pim2 first, then pim first
        moves = play_random(new_game(match, seed), SplitMix64(seed + 1), max_moves=60)
        record = record_game(match, seed, moves, with_log=True)
        assert record.log is not None and record.log[0].startswith("Copies of Pim Osgood")
        state = replay(GameRecord.from_json(record.to_json()))
        assert position_hash(state) == record.final_hash


def test_new_setup_copy_tiebreak_identical_challenge_cards_keep_the_unit_order() -> None:
    """IB 6.3.5: two copies of one CC are the game's: name then unit number, no draw."""
    for seed in range(4):
        sc = cc_game(["t_grunt", "t_grunt"], seed=seed)
        order = sc.order()
        assert order.index("t_grunt") + 1 == order.index("t_grunt2")
        assert all(e[0] != events.SETUP_DRAW for e in sc.state.events())
