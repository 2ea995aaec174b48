"""Reasons a web table's top-level action button is disabled (server/reasons.py).

Real positions: Tideguard (seat 0 "North": Wren water/arcane, Brask fire/earth, Sela
wind/arcane, Odo earth/water) against Ashfall (seat 1 "South": Ilse, Corvin, Pim,
Marta), built with the `Scenario` helper of tests/ib; and random seeded games of the
shipped teams, where every button of every seat is checked at every decision.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from initiative.engine.contract import SPECTATOR
from initiative.engine.rng import SplitMix64
from initiative.games.ib import frames
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import (
    ADVANCED,
    BASIC,
    BREAK_ART,
    DECLINE,
    INSTALLS,
    KEEP,
    KEYSTONE,
    PASS,
    PLAYS,
    SIGILS,
    TIERS,
    Action,
    Kind,
)
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.formats import format_match, shipped_team
from initiative.games.ib.match import Match, fixture_match
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView
from initiative.server.ib.reasons import top_level_options, unavailable_reason
from tests.ib.scenario import Scenario

FILLER = ["field_ration", "spare_flint", "field_ration", "spare_flint"]
GENERIC = "Not available to"


def setup(hand: Sequence[str], track: str = "wren ilse corvin |",
          rules: dict[str, Any] | None = None, **units: dict[str, Any]) -> Scenario:
    """Wren (seat 0) at its Action Step holding `hand` topped up to 5 (so no draw)."""
    sc = Scenario(rules, team_a="tideguard", team_b="ashfall")
    sc.track(track).hand(0, list(hand) + FILLER[: 5 - len(hand)])
    for key, values in units.items():
        sc.set(key, **values)
    sc.run().decline_all()
    assert sc.at_action("wren")
    return sc


def preinstall(sc: Scenario, key: str, *cards: str) -> Scenario:
    sc.state.sigils[sc.u(key)] = tuple((sc.card(c), sc.seat_of(key)) for c in cards)
    sc.state.invalidate()
    return sc


def reason(sc: Scenario, seat: int, action: Action) -> str | None:
    view = sc.state.view(seat)
    return unavailable_reason(view, sc.match, action)


def check_options(view: IBView, match: Match) -> list[str]:
    """(1) legal buttons have no reason; (2) the others a non-empty one. Returns them."""
    out = []
    for option in top_level_options(view, match):
        why = unavailable_reason(view, match, option)
        if option in view.legal:
            assert why is None, (option, why)
        else:
            assert isinstance(why, str) and why.strip(), (option, why)
            out.append(why)
    return out


def slot_of(sc: Scenario, card: str, seat: int = 0) -> int:
    return sc.state.hands[seat].index(sc.card(card))


# --- who may act -------------------------------------------------------------------------


def test_mulligan_first_then_waiting_for_the_other_seat() -> None:
    """IB 2.8.2 / 2.9 step 7: every seat keeps or mulligans before any activation; the
    seat not asked waits for the one that is."""
    match = fixture_match("tideguard", "ashfall")
    state = new_game(match, 3)
    first = state.current_seat()
    other = 1 - first
    mine, theirs = state.view(first), state.view(other)
    assert unavailable_reason(mine, match, BASIC) == (
        "Keep or mulligan your opening hand first (IB 2.8.2)")
    assert unavailable_reason(theirs, match, BASIC) == (
        f"Waiting for {match.seats[first].name} to keep or mulligan (IB 2.8.2)")
    assert unavailable_reason(mine, match, KEEP) is None  # a legal action has no reason
    check_options(mine, match)
    check_options(theirs, match)


def test_another_seats_activation_names_the_active_unit() -> None:
    """IB 3.2: only the active Character acts; South's buttons are all disabled while
    North's Wren acts, and South gets no Keystone or Sigil button for Wren."""
    sc = setup([])
    view = sc.state.view(1)
    options = top_level_options(view, sc.match)
    assert KEYSTONE not in options and not any(a.kind == Kind.SIGIL for a in options)
    for option in options:
        assert unavailable_reason(view, sc.match, option) == (
            "It is Wren Aldous's activation (North), not yours")


def test_waiting_for_the_other_seat_in_a_response_window() -> None:
    """IB 3.7.5 / AMB-32: after Wren declares its Basic Attack, South (Ilse at 3 Charge)
    is asked about an Initiative Break; North waits for South."""
    sc = setup([], track="wren ilse |", ilse={"charge": 3})
    sc.state.apply(BASIC)  # Ilse is the only enemy: the target is chosen automatically
    assert sc.window() == "after_declare" and sc.state.current_seat() == 1
    assert reason(sc, 0, PASS) == "Waiting for South to decide on an Initiative Break (IB 3.7)"
    assert reason(sc, 0, ADVANCED) == reason(sc, 0, PASS)
    check_options(sc.state.view(0), sc.match)
    check_options(sc.state.view(1), sc.match)


def test_own_window_after_the_action_was_taken() -> None:
    """IB 3.2 (one action per activation) / IB 3.7: North answers a window opened by
    Wren's own attack (Brask is at 3 Charge); Wren's action is already spent."""
    sc = setup([], track="wren brask ilse |", brask={"charge": 3})
    sc.state.apply(BASIC)
    assert sc.window() == "after_declare" and sc.state.current_seat() == 0
    assert reason(sc, 0, BASIC) == (
        "Wren Aldous has already taken its action this activation (IB 3.2)")
    assert reason(sc, 0, DECLINE) is None


def test_between_activations_only_a_break_is_possible() -> None:
    """IB 3.7 ("at any time"): between activations North may break with Wren at 3
    Charge, but no Character is activating, so no action button is live."""
    sc = Scenario(None, team_a="tideguard", team_b="ashfall")
    sc.track("wren ilse corvin |").set("wren", charge=3).run()
    assert sc.window() == "between"
    assert reason(sc, 0, BASIC) == (
        "No Character is activating now; actions wait for your Character's activation")
    assert reason(sc, 1, BASIC) == "Waiting for North to decide on an Initiative Break (IB 3.7)"


def test_spectators_and_the_end_of_the_game() -> None:
    """A spectator has no buttons; once the battle is decided (IB 3.6.5) nothing is."""
    sc = setup([])
    view = sc.state.view(SPECTATOR)
    assert top_level_options(view, sc.match) == []
    assert unavailable_reason(view, sc.match, BASIC) == "Spectators cannot act"
    sc.state.result = 0
    assert reason(sc, 0, BASIC) == "The game is over"


# --- the compound choice ------------------------------------------------------------------


def test_mid_target_choice_finish_the_current_action_first() -> None:
    """IB 3.8: Wren's Basic Attack with two enemies on the track waits for its target;
    every other button says to finish that first."""
    sc = setup([])
    sc.state.apply(BASIC)
    assert sc.stage() == frames.AS_TARGET and sc.state.current_seat() == 0
    view = sc.state.view(0)
    for action in (BASIC, ADVANCED, PASS, PLAYS[0]):
        assert unavailable_reason(view, sc.match, action) == (
            "Finish the current action first (choose its target)")
    check_options(view, sc.match)


def test_mid_discard_cost_finish_the_current_action_first() -> None:
    """IB 4.4 / AMB-47: Time Slip (an Event, discard 1) waits for its discard cost."""
    sc = setup(["time_slip"])
    sc.state.apply(PLAYS[slot_of(sc, "time_slip")])
    assert sc.stage() == frames.AS_COST
    assert reason(sc, 0, BASIC) == "Finish the current action first (pay its discard cost)"


# --- Charge -------------------------------------------------------------------------------


def test_charge_shortfall_for_break_art_advanced_and_keystone() -> None:
    """IB 4.2.1 (1 Charge), IB 4.3.1 (3 Charge), IB 4.6 / AMB-41 (Keystone 1 Charge)."""
    one = setup([], wren={"charge": 1})
    assert reason(one, 0, BREAK_ART) == "Break Art needs 3 Charge; Wren Aldous has 1 (IB 4.3)"
    assert reason(one, 0, ADVANCED) is None and reason(one, 0, KEYSTONE) is None
    none = setup([], wren={"charge": 0})
    assert reason(none, 0, ADVANCED) == (
        "Advanced attack needs 1 Charge; Wren Aldous has 0 (IB 4.2)")
    assert reason(none, 0, KEYSTONE) == (
        "The Keystone ability costs 1 Charge; Wren Aldous has 0 (IB 4.6)")
    assert reason(none, 0, BASIC) is None and reason(none, 0, PASS) is None
    check_options(none.state.view(0), none.match)


def test_sigil_charge_cost_under_one_charge() -> None:
    """AMB-40 `sigil_activation_cost=one_charge`: using a Sigil costs 1 Charge."""
    sc = preinstall(setup([], rules={"sigil_activation_cost": "one_charge"}),
                    "wren", "current_sigil")
    view = sc.state.view(0)
    assert SIGILS[0] in top_level_options(view, sc.match)
    assert unavailable_reason(view, sc.match, SIGILS[0]) == (
        "Using Current Sigil costs 1 Charge; Wren Aldous has 0 (IB 4.5)")


# --- statuses -----------------------------------------------------------------------------


def test_sealed_blocks_attacks_break_art_and_techniques() -> None:
    """IB 5.2.5: a Sealed Character uses no Basic or Advanced Attack, Break Art or
    Technique in that activation; an Event is still fine."""
    sc = setup(["quick_jab", "clear_mind"], wren={"charge": 3, "status": ["seal"]})
    sealed = "Wren Aldous is Sealed: no attacks or Break Art this activation (IB 5.2.5)"
    for action in (BASIC, ADVANCED, BREAK_ART):
        assert reason(sc, 0, action) == sealed
    assert reason(sc, 0, PLAYS[slot_of(sc, "quick_jab")]) == (
        "Wren Aldous is Sealed: no Techniques this activation (IB 5.2.5)")
    assert reason(sc, 0, PLAYS[slot_of(sc, "clear_mind")]) is None
    check_options(sc.state.view(0), sc.match)


def test_muted_blocks_keystone_sigils_and_installs() -> None:
    """IB 5.2.4: a Muted Character uses no Sigil or Keystone ability and installs no
    Sigil; attacks stay available."""
    sc = setup(["prism_sigil"], wren={"charge": 2, "status": ["mute"]})
    preinstall(sc, "wren", "current_sigil")
    muted = "Wren Aldous is Muted: no Keystone or Sigil abilities this activation (IB 5.2.4)"
    assert reason(sc, 0, KEYSTONE) == muted
    assert reason(sc, 0, SIGILS[0]) == muted
    assert reason(sc, 0, INSTALLS[slot_of(sc, "prism_sigil")]) == (
        "Wren Aldous is Muted: no Sigils can be installed this activation (IB 5.2.4)")
    assert reason(sc, 0, BASIC) is None and reason(sc, 0, ADVANCED) is None
    check_options(sc.state.view(0), sc.match)


def test_stunned_activation_has_no_action() -> None:
    """IB 5.2.7 / AMB-09: a Stunned Character skips its action. The engine never asks
    for that action, so the Stun flag is put on a real view's activation frame."""
    sc = setup([])
    view = sc.state.view(0)
    base = view.stack[0]
    assert base.tag == frames.ACTIVATION
    stunned = replace(view, stack=(
        frames.ActivationFrame(base.unit, base.step, base.flags | frames.F_STUNNED),), legal=())
    assert unavailable_reason(stunned, sc.match, BASIC) == (
        "Wren Aldous is Stunned: no action this activation (IB 5.2.7)")


# --- cards in hand and installed Sigils ----------------------------------------------------


def test_card_costs_and_plain_cards() -> None:
    """IB 4.4 / AMB-47: a card's discard cost is paid from the other cards in hand;
    IB 2.8.7: a plain supply card can only be discarded; IB 4.5: a Sigil is
    installed, never played; a non-Sigil is never installed."""
    sc = Scenario(None, team_a="tideguard", team_b="ashfall")
    sc.track("wren ilse corvin |").hand(0, ["cataclysm_edge", "spare_flint"])
    sc.deck(0, ["prism_sigil"])  # the Draw Step's card (IB 3.2.4)
    sc.run().decline_all()
    assert sc.at_action("wren") and len(sc.state.hands[0]) == 3
    view = sc.state.view(0)
    options = top_level_options(view, sc.match)
    edge, flint, prism = (slot_of(sc, k) for k in ("cataclysm_edge", "spare_flint",
                                                   "prism_sigil"))
    assert PLAYS[edge] in options and PLAYS[flint] in options and INSTALLS[prism] in options
    assert unavailable_reason(view, sc.match, PLAYS[edge]) == (
        "Cataclysm Edge costs 3 cards to discard; you hold 2 cards besides it (IB 4.4)")
    assert unavailable_reason(view, sc.match, PLAYS[flint]) == (
        "Spare Flint has no play effect; it can only be discarded (IB 2.8.7)")
    assert unavailable_reason(view, sc.match, INSTALLS[prism]) is None
    assert unavailable_reason(view, sc.match, PLAYS[prism]) == (
        "Prism Sigil is a Sigil: install it instead (IB 4.5)")
    assert unavailable_reason(view, sc.match, INSTALLS[edge]) == (
        "Cataclysm Edge is not a Sigil; only Sigils are installed (IB 4.5)")
    assert unavailable_reason(view, sc.match, PLAYS[4]) == "You have no card in hand slot 5"


def test_sigil_without_a_host_on_the_track() -> None:
    """IB 4.5.2 / AMB-44: only a Character of the side printing the Sigil's type takes
    it; Brask (fire) is off the track, so Cinder Sigil has no host."""
    sc = setup(["cinder_sigil"])
    assert reason(sc, 0, INSTALLS[slot_of(sc, "cinder_sigil")]) == (
        "No Character of Wren Aldous's side on the track prints the fire type "
        "Cinder Sigil needs (IB 4.5.2)")


def test_sigil_once_per_activation() -> None:
    """IB 4.5.6 / AMB-42 `sigil_use_is_action=false`: after using its Sigil Wren is back
    at its Action Step, but that Sigil is spent for this activation."""
    sc = preinstall(setup([], rules={"sigil_use_is_action": False}, wren={"hp": 4}),
                    "wren", "current_sigil")
    sc.state.apply(SIGILS[0])
    if sc.stage() == frames.AS_TIER:
        sc.state.apply(TIERS[0])
    while sc.stage() is not None and sc.stage() != frames.AS_DONE and (
            sc.state.current_seat() == 0 and not sc.at_action()):
        legal = sc.legal()
        sc.state.apply(legal[0])  # pay the discard and pick a target
    sc.decline_all()
    assert sc.at_action("wren")
    assert reason(sc, 0, SIGILS[0]) == "Current Sigil was already used this activation (IB 4.5.6)"
    assert reason(sc, 0, BASIC) is None


def test_keystone_discard_cost_with_an_empty_hand() -> None:
    """AMB-41 `keystone_ability_cost=discard_by_tier`: tier 1 costs one discard."""
    sc = setup([], rules={"keystone_ability_cost": "discard_by_tier"})
    sc.state.hands[0].clear()
    sc.state.invalidate()
    assert KEYSTONE not in sc.legal()
    assert reason(sc, 0, KEYSTONE) == (
        "The Keystone ability costs 1 discard; your hand is empty (IB 4.6)")


# --- random games --------------------------------------------------------------------------

CONFIGS: tuple[dict[str, Any], ...] = (
    {},
    {"keystone_ability_cost": "discard_by_tier", "sigil_activation_cost": "both"},
    {"sigil_use_is_action": False, "event_timing": "any_time_own_activation",
     "free_discards_per_activation": "unlimited"},
    {"stunned_turn_skips": "action_only", "seal_mute_survive_stun": True,
     "sigil_activation_cost": "one_charge", "keystone_ability_cost": "free"},
    {"ib_response_window": "between_steps_only", "active_unit_ib": "forbidden"},
)
TEAMS = (("ashfall", "tideguard"), ("tideguard", "ashfall"), ("lanternwatch", "ashfall"))
"""The shipped teams; Lanternwatch brings Support Characters (IB 2.5, 4.7)."""
CHARGE_CLAIM = re.compile(r"needs (\d) Charge; (.+) has (\d)|costs 1 Charge; (.+) has (\d)")


def _check_truth(state: IBState, view: IBView, why: str) -> None:
    """Spot-check a reason's facts against the game itself (the test may look)."""
    names = {u.name: u.unit for u in view.units}
    found = CHARGE_CLAIM.search(why)
    if found:
        need, who, has = (found[1], found[2], found[3]) if found[1] else ("1", found[4],
                                                                          found[5])
        assert state.charge[names[who]] == int(has) < int(need), why
    for word, status in (("Sealed", st.SEAL), ("Muted", st.MUTE)):
        if f" is {word}:" in why:
            who = why.split(f" is {word}:")[0]
            assert st.count(state.status[names[who]], status), why


def play_random(seed: int) -> int:
    """One seeded game with random legal actions; checks every button of both seats at
    every decision. Returns the number of decisions."""
    content = core_content()
    first, second = TEAMS[seed % len(TEAMS)]
    config = RulesConfig().with_flags(CONFIGS[seed % len(CONFIGS)])
    match = format_match("1v1", [shipped_team(content, first), shipped_team(content, second)],
                         content, config)
    state = new_game(match, seed)
    rng = SplitMix64(seed * 7919 + 1)
    decisions = 0
    while state.result is None and decisions < 1000:
        deciding = state.current_seat()
        for seat in range(match.num_seats):
            view = state.view(seat)
            for why in check_options(view, match):
                _check_truth(state, view, why)
            top = view.stack[-1]
            if seat == deciding and top.tag == frames.ACTIVATION and top.step == frames.ST_ACTION:
                # IB 3.2 step 4: at the seat's own Action Step every disabled button has
                # a specific reason (the checks cover every rule the engine applies)
                for option in top_level_options(view, match):
                    why = unavailable_reason(view, match, option)
                    assert why is None or not why.startswith(GENERIC), (option, why)
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        decisions += 1
    return decisions


@pytest.mark.parametrize("seed", range(30))
def test_random_games_every_button_has_a_true_reason(seed: int) -> None:
    """IB 3.2 / 4 / 5: over 30 random seeded games (shipped teams Ashfall and
    Tideguard, and Lanternwatch for Supports; several house-rule sets), at every
    decision each seat's legal buttons have no reason and the others a non-empty,
    specific, checked one."""
    assert play_random(seed) > 0
