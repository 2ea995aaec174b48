"""Positions (notation.py): defaults, validation with exact places, and the round trip."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from initiative.engine.errors import NotationError
from initiative.engine.rng import SplitMix64
from initiative.games.ib import events, frames
from initiative.games.ib import statuses as st
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.match import Match, fixture_match
from initiative.games.ib.movetext import legal_moves
from initiative.games.ib.notation import (
    canonical_json,
    dump_position,
    load_position,
    position_to_dict,
)
from initiative.games.ib.record import GOLDEN, play_random
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState

SETUP = {"seats": [
    {"name": "North", "team": 0, "characters": ["wren", "brask"], "deck": "supply_a"},
    {"name": "South", "team": 1, "characters": ["ilse", "corvin"], "deck": "supply_b"},
]}


def minimal(**fields: Any) -> dict[str, Any]:
    """A small hand-written position: wren is about to choose her action."""
    data: dict[str, Any] = {
        "setup": copy.deepcopy(SETUP),
        "track": ["wren", "ilse", "brask", "corvin", "|"],
        "stack": [{"frame": "activation", "unit": "wren", "step": "action"}],
    }
    data.update(fields)
    return data


# --- defaults ------------------------------------------------------------------------


def test_minimal_position_gets_sensible_defaults() -> None:
    state = load_position(minimal(units={"ilse": {"hp": 5, "statuses": ["burn"]}}))
    match = state.match
    assert state.hp[:4] == [12, 14, 5, 12]
    assert state.charge == [0] * len(state.hp)
    assert state.off == state.match.support_mask  # every Support is out of play
    assert state.status[0] == 0 and state.status[2] != 0
    assert state.hands == [[], []] and state.discards == [[], []]
    assert state.track.round == 1 and state.track.rm == 4
    assert state.activations == 0 and state.result is None
    for seat in (0, 1):  # the whole decklist, in some shuffled order
        assert sorted(state.decks[seat]) == list(match.decklists[seat])
    assert state.decks[0] != list(match.decklists[0])
    assert legal_moves(state) == ["basic", "pass"]
    assert list(state.events()) == []


def test_omitted_deck_is_the_rest_of_the_decklist_shuffled_with_the_seed() -> None:
    hand = ["whetstone", "whetstone", "folded_map"]
    one = load_position(minimal(seed=5, seats={"North": {"hand": hand}}))
    two = load_position(minimal(seed=5, seats={"North": {"hand": hand}}))
    other = load_position(minimal(seed=6, seats={"North": {"hand": hand}}))
    assert one.decks == two.decks and one.decks != other.decks
    assert len(one.decks[0]) == 32 - 3
    index = one.match.content.card_index
    assert Counter(one.decks[0])[index["whetstone"]] == 0
    assert [one.match.content.cards[c].key for c in one.hands[0]] == hand


def test_json_text_and_plain_data_load_alike() -> None:
    data = minimal(seed=9)
    assert dump_position(load_position(json.dumps(data))) == \
        dump_position(load_position(data))


def test_loading_runs_no_time_collapse_check_r8() -> None:
    """Two units left, both with Speed >= 2: the condition holds, but the RM stays."""
    data = minimal(track=["wren", "|", "ilse"],
                   units={"brask": {"defeated": True}, "corvin": {"defeated": True}})
    state = load_position(data)
    assert state.track.rm == 1
    assert events.COLLAPSE not in [e[0] for e in state.events()]


def test_an_automatic_top_frame_is_advanced_to_the_next_decision() -> None:
    state = load_position(minimal(stack=[{"frame": "next"}]))
    base = state.stack[0]
    assert base.tag == frames.ACTIVATION and (base.unit, base.step) == (0, frames.ST_ACTION)
    assert [e[0] for e in state.events()] == [events.ACT_START, events.DRAW]
    # An empty stack is "between activations": the same point, one step earlier.
    empty = load_position(minimal(stack=[]))
    assert dump_position(empty) == dump_position(state)


def test_time_collapse_and_passed_units_round_trip() -> None:
    collapsed = load_position(minimal(track=["wren", "ilse", "brask", "corvin"],
                                      time_collapse=True))
    assert collapsed.track.rm is None
    assert position_to_dict(collapsed)["time_collapse"] is True
    passed_rule = {**copy.deepcopy(SETUP), "rules": {"out_of_round_rule": "passed_by_rm"}}
    state = load_position(minimal(setup=passed_rule, track=["wren", "ilse", "|", "brask",
                                                             "corvin"], passed=["corvin"]))
    assert state.track.passed == 1 << 3
    assert state.track.is_out_of_round(3) and not state.track.is_out_of_round(1)
    assert position_to_dict(state)["passed"] == ["corvin"]
    for s in (collapsed, state):
        assert dump_position(load_position(dump_position(s))) == dump_position(s)


def test_frames_of_every_kind_round_trip() -> None:
    """A Break waiting under a window with a hidden declaration, over an attack."""
    stack = [
        {"frame": "activation", "unit": "wren", "step": "end", "flags": ["muted"],
         "discards": 1},
        {"frame": "action", "unit": "wren", "attack": "basic", "targets": ["ilse"],
         "stage": "resolve"},
        {"frame": "break", "unit": "corvin"},
        {"frame": "window", "kind": "after_declare", "to_ask": ["North"],
         "declared": [["South", "ilse"]]},
    ]
    state = load_position(minimal(stack=stack, units={
        "brask": {"charge": 3}, "ilse": {"charge": 3}, "corvin": {"charge": 0}}))
    assert state.current_seat() == 0
    assert legal_moves(state) == ["break brask", "decline"]
    text = dump_position(state)
    assert dump_position(load_position(text)) == text
    written = position_to_dict(state)["stack"]
    assert written[3] == {"frame": "window", "kind": "after_declare", "to_ask": ["North"],
                          "declared": [["South", "ilse"]]}
    assert written[2] == {"frame": "break", "unit": "corvin", "stage": "waiting",
                          "was_out_of_round": False}


def test_a_cleanse_choice_in_progress_loads() -> None:
    """dara's Advanced Attack: an ally loses one status of the player's choice."""
    setup = {"seats": [
        {"name": "North", "team": 0, "characters": ["dara", "wren"], "deck": "supply_a"},
        {"name": "South", "team": 1, "characters": ["ilse"], "deck": "supply_b"},
    ]}
    data = {"setup": setup, "track": ["dara", "wren", "ilse", "|"],
            "units": {"wren": {"statuses": ["burn", "stun"]}},
            "stack": [{"frame": "activation", "unit": "dara", "step": "end"},
                      {"frame": "action", "unit": "dara", "attack": "advanced",
                       "targets": ["ilse", "wren"], "stage": "cleanse", "clause": 1,
                       "part": "cleanse"}]}
    state = load_position(data)
    assert legal_moves(state) == ["cleanse burn", "cleanse stun"]
    state.apply(state.legal_actions()[1])
    wren = 1
    log = list(state.events())
    assert (events.CLEANSE, wren, st.STUN) in log
    # wren acts next: her Burn is still there and fires, the Stun is gone.
    assert (events.BURN, wren) in log and (events.STUNNED, wren) not in log


# --- validation -----------------------------------------------------------------------

BAD: list[tuple[str, dict[str, Any], str]] = [
    ("hp over max", minimal(units={"wren": {"hp": 25}}),
     "position.units.wren.hp: 25 exceeds max HP 12"),
    ("hp 0 on track", minimal(units={"wren": {"hp": 0}}),
     "position.units.wren.hp: 0 HP on a unit still on the track"),
    ("charge", minimal(units={"ilse": {"charge": 4}}),
     "position.units.ilse.charge: 4 is outside 0..3"),
    ("unknown unit field", minimal(units={"ilse": {"speed": 2}}),
     "position.units.ilse: unknown field 'speed'"),
    ("unknown unit", minimal(units={"kaede": {}}), "position.units: unknown field 'kaede'"),
    ("status", minimal(units={"ilse": {"statuses": ["frozen"]}}),
     "position.units.ilse.statuses: unknown status 'frozen'"),
    ("stacked status", minimal(units={"ilse": {"statuses": ["burn x2"]}}),
     "position.units.ilse.statuses: a status counts more than once"),
    ("pending", minimal(units={"ilse": {"pending": ["left 1"]}}),
     "position.units.ilse.pending[0]: expected 'up N' or 'back N'"),
    ("defeated keeps moves", minimal(track=["wren", "brask", "corvin", "|"],
                                     units={"ilse": {"defeated": True, "pending": ["up 1"]}}),
     "position.units.ilse: a defeated unit keeps no pending moves"),
    ("unknown label", minimal(track=["wren", "kaede", "brask", "corvin", "|"]),
     "position.track[1]: unknown unit 'kaede'"),
    ("missing unit", minimal(track=["wren", "brask", "corvin", "|"]),
     "position.track: not a permutation of the living units: ilse is missing"),
    ("twice", minimal(track=["wren", "ilse", "brask", "corvin", "ilse", "|"]),
     "position.track: not a permutation of the living units: ilse appears twice"),
    ("defeated on track", minimal(units={"ilse": {"defeated": True}}),
     "position.track: not a permutation of the living units: ilse is defeated"),
    ("no RM", minimal(track=["wren", "ilse", "brask", "corvin"]),
     "position.track: needs exactly one Round Marker"),
    ("RM in collapse", minimal(time_collapse=True),
     "position.track: no Round Marker '|' during Time Collapse"),
    ("unknown top field", minimal(trak=[]), "position: unknown field 'trak'"),
    ("format", minimal(format="fen"), "position.format: expected 'initiative-position/1'"),
    ("rng and seed", minimal(rng=1, seed=2), "position: give either rng or seed"),
    ("rng range", minimal(rng=-1), "position.rng: expected a whole number"),
    ("round", minimal(round=0), "position.round: 0 is outside 1.."),
    ("result", minimal(result=7), "position.result: expected null, draw or a team number"),
    ("one seat", minimal(setup={"seats": SETUP["seats"][:1]}),
     "position.setup: a game needs two seats, or a seat and Challenge Cards"),
    ("character", minimal(setup={"seats": [{**SETUP["seats"][0], "characters": ["kaede"]},
                                           SETUP["seats"][1]]}),
     "position.setup: seat 0 (North): unknown character 'kaede'"),
    ("rules", minimal(setup={**SETUP, "rules": {"heal_cap": "some"}}),
     "position.setup.rules.heal_cap: 'some' is not one of"),
    ("unknown seat", minimal(seats={"East": {}}), "position.seats: unknown field 'East'"),
    ("unknown card", minimal(seats={"North": {"hand": ["kings_crown"]}}),
     "position.seats.North.hand[0]: unknown card 'kings_crown'"),
    ("hand over 5", minimal(seats={"North": {"hand": ["whetstone"] * 2 + ["lamp_oil"] * 2
                                             + ["rope_coil"] * 2}}),
     "position.seats.North.hand: 6 cards; a hand holds at most 5"),
    ("not in decklist", minimal(seats={"North": {"hand": ["ink_vial"]}}),
     "position.seats.North: hand and discard do not match the decklist: 1 more ink_vial"),
    ("deck incomplete", minimal(seats={"South": {"deck": ["ink_vial"]}}),
     "position.seats.South: hand, discard and deck do not match the decklist: 2 rope_coil "
     "missing; 2 lamp_oil missing"),
    ("unknown frame", minimal(stack=[{"frame": "turn"}]),
     "position.stack[0]: expected a frame with 'frame' one of mulligan, next"),
    ("frame field", minimal(stack=[{"frame": "next", "unit": "wren"}]),
     "position.stack[0]: unknown field 'unit'"),
    ("step", minimal(stack=[{"frame": "activation", "unit": "wren", "step": "attack"}]),
     "position.stack[0].step: 'attack' is not one of status, start"),
    ("flag", minimal(stack=[{"frame": "activation", "unit": "wren", "step": "action",
                             "flags": ["frozen"]}]),
     "position.stack[0].flags[0]: 'frozen' is not one of sealed, muted"),
    ("stunned action", minimal(stack=[{"frame": "activation", "unit": "wren",
                                       "step": "action", "flags": ["stunned"]}]),
     "position.stack[0].step: a Stunned activation has no Action step"),
    ("activation on top", minimal(stack=[{"frame": "next"},
                                         {"frame": "activation", "unit": "wren",
                                          "step": "action"}]),
     "position.stack[1]: a activation frame can only be the bottom of the stack"),
    ("attack name", minimal(stack=[{"frame": "activation", "unit": "wren", "step": "end"},
                                   {"frame": "action", "unit": "wren", "attack": "big"}]),
     "position.stack[1].attack: 'big' is not one of basic, advanced, keystone, break_art"),
    ("targets count", minimal(stack=[{"frame": "activation", "unit": "wren", "step": "end"},
                                     {"frame": "action", "unit": "wren", "attack": "basic",
                                      "targets": ["ilse", "corvin"], "stage": "resolve"}]),
     "position.stack[1].targets: one entry per clause: 1 expected, got 2"),
    ("pending target late", minimal(stack=[
        {"frame": "activation", "unit": "wren", "step": "end"},
        {"frame": "action", "unit": "wren", "attack": "basic", "targets": ["?"],
         "stage": "resolve"}]),
     "position.stack[1].targets[0]: a target still to choose needs stage target"),
    ("targets needed", minimal(stack=[{"frame": "activation", "unit": "wren", "step": "end"},
                                      {"frame": "action", "unit": "wren", "attack": "basic",
                                       "stage": "resolve"}]),
     "position.stack[1].targets: required once targets are chosen"),
    ("foreign attack", minimal(stack=[{"frame": "activation", "unit": "wren", "step": "end"},
                                      {"frame": "action", "unit": "ilse", "attack": "basic"}]),
     "position.stack[1]: an attack (not via_ib) belongs to the activation of its unit"),
    ("break attack", minimal(stack=[{"frame": "next"},
                                    {"frame": "action", "unit": "ilse", "attack": "break_art",
                                     "via_ib": True}]),
     "position.stack[1]: an Initiative Break's attack sits directly on that unit's break"),
    ("window pair", minimal(stack=[{"frame": "next"},
                                   {"frame": "window", "kind": "between",
                                    "declared": [["North", "ilse"]]}]),
     "position.stack[1].declared[0]: ilse is not controlled by North"),
    ("window seat", minimal(stack=[{"frame": "next"},
                                   {"frame": "window", "kind": "between",
                                    "to_ask": ["West"]}]),
     "position.stack[1].to_ask[0]: unknown seat 'West'"),
    ("mulligan alone", minimal(stack=[{"frame": "mulligan"}, {"frame": "next"}]),
     "position.stack: the mulligan frame stands alone"),
    ("stuck decision", minimal(stack=[{"frame": "activation", "unit": "wren", "step": "end"},
                                      {"frame": "action", "unit": "wren", "attack": "basic",
                                       "targets": ["ilse"], "stage": "cleanse",
                                       "part": "cleanse"}]),
     "position.stack[1].clause: clause 0 has no Cleanse of the player's choice"),
]


@pytest.mark.parametrize(("data", "message"), [(d, m) for _, d, m in BAD],
                         ids=[name for name, _, _ in BAD])
def test_bad_positions_name_the_place(data: dict[str, Any], message: str) -> None:
    with pytest.raises(NotationError) as err:
        load_position(data)
    assert message in str(err.value)


def test_bad_yaml_and_non_mapping() -> None:
    with pytest.raises(NotationError, match=r"position: not valid YAML/JSON"):
        load_position("track: [wren, ")
    with pytest.raises(NotationError, match=r"position: expected a mapping"):
        load_position("- just a list")


def test_a_stack_that_cannot_continue_is_refused() -> None:
    """Checks that need the whole state: an activation of a defeated unit must be marked
    ended; a revealed Break declaration of a defeated unit cannot be carried out."""
    gone = {"track": ["wren", "brask", "corvin", "|"], "units": {"ilse": {"defeated": True}}}
    with pytest.raises(NotationError, match=r"position.stack\[0\].unit: ilse is defeated"):
        load_position(minimal(**gone, stack=[{"frame": "activation", "unit": "ilse",
                                              "step": "action"}]))
    with pytest.raises(NotationError, match=r"position\.stack: the game cannot continue"):
        load_position(minimal(**gone, stack=[{"frame": "next"}, {
            "frame": "window", "kind": "between", "declared": [["South", "ilse"]]}]))


def test_seat_names_must_be_unique_in_a_position() -> None:
    setup = copy.deepcopy(SETUP)
    setup["seats"][1]["name"] = "North"
    with pytest.raises(NotationError, match=r"seat name 'North' is used twice"):
        load_position(minimal(setup=setup))


# --- the round trip on random mid-game states --------------------------------------

MATCHES: list[Match] = [make() for make, _ in GOLDEN.values()] + [
    fixture_match(config=RulesConfig().with_flags({
        "time_collapse_order": "printed_initiative", "ib_charge_paid_at": "resolution",
        "active_unit_ib": "forbidden", "heal_cap": "none",
        "stunned_turn_skips": "action_only"})),
    fixture_match("fixture_tempest", "fixture_vanguard"),
]


def random_state(match_index: int, seed: int) -> IBState:
    rng = SplitMix64(seed)
    state = new_game(MATCHES[match_index], seed)
    play_random(state, rng, rng.below(220))
    return state


def assert_same_games(a: IBState, b: IBState, rng: SplitMix64) -> None:
    """Play both on with the same choices: same legal actions, log and positions."""
    start = len(a.events()) - len(b.events())
    while not a.is_terminal():
        legal = a.legal_actions()
        assert b.legal_actions() == legal
        choice = legal[rng.below(len(legal))]
        a.apply(choice)
        b.apply(choice)
    assert b.is_terminal()
    assert list(a.events())[start:] == list(b.events())
    assert canonical_json(a) == canonical_json(b)


@given(hs.integers(0, len(MATCHES) - 1), hs.integers(0, 2**32))
def test_load_of_dump_dumps_identically_and_plays_on_identically(match_index: int,
                                                                  seed: int) -> None:
    state = random_state(match_index, seed)
    text = dump_position(state)
    loaded = load_position(text)
    assert dump_position(loaded) == text
    assert loaded.current_seat() == state.current_seat()
    assert list(loaded.events()) == []  # a dumped state is at a decision already
    assert_same_games(state, loaded, SplitMix64(seed ^ 0x5EED))


@pytest.mark.parametrize("match_index", range(len(MATCHES)))
def test_plain_data_round_trip_is_json_safe(match_index: int) -> None:
    for seed in range(12):
        state = random_state(match_index, seed)
        data = json.loads(json.dumps(position_to_dict(state)))
        assert position_to_dict(load_position(data)) == position_to_dict(state)


def test_the_examples_in_docs_load_and_the_full_one_round_trips() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text("utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", doc, flags=re.DOTALL)
    assert len(blocks) == 3
    full, small, campaign = blocks
    assert dump_position(load_position(full)) == full
    state = load_position(small)
    assert state.hp[state.match.labels.index("ilse")] == 4
    paused = load_position(campaign, advance=False)  # IB 7.3.4, 7.4, 7.7.1
    assert paused.stack == [] and paused.flux == [1] and paused.activations == 3
    assert paused.match.max_hp[:3] == (14, 14, 10)
    assert dump_position(load_position(dump_position(paused), advance=False)) == \
        dump_position(paused)
    produced = set()
    for _, data, _ in BAD:
        with pytest.raises(NotationError) as err:
            load_position(data)
        produced.add(str(err.value))
    shown = re.findall(r"^(position\..*)$", doc, flags=re.MULTILINE)
    assert len(shown) == 5
    for line in shown:
        assert line in produced, f"docs/notation.md shows an error no case produces: {line}"
