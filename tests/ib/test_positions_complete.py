"""Complete positions: everything a setup holds round-trips (campaign HP, Charge and
Sigils, IB 7.1; Advancement damage bonuses, IB 7.3.4; Flux Surge tokens, IB 7.4; Elite
Challenge Cards, IB 7.7.1; battle modifiers, IB 7.9), and a game can stop between two
activations (stepping.py), be written there and be read back at the same point."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from initiative.engine.errors import IllegalActionError, NotationError
from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.actions import FLUXES, PASS, Action
from initiative.games.ib.campaign.rules import battle_match, new_campaign
from initiative.games.ib.chance import explicit
from initiative.games.ib.content import core_content
from initiative.games.ib.formats import shipped_team
from initiative.games.ib.match import Match, UnitStart
from initiative.games.ib.modes import standard_match
from initiative.games.ib.notation import (
    canonical_json,
    dump_position,
    load_position,
    position_to_dict,
)
from initiative.games.ib.record import GOLDEN, play_random
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.stepping import (
    between_activations,
    resume,
    run_until_between_activations,
    step_to_next_activation,
)
from tests.ib.campaign.test_rules import small_plan
from tests.ib.test_battle_starts import _match as campaign_party_match
from tests.ib.test_notation import assert_same_games, minimal
from tests.ib.test_properties import ENCOUNTERS, cc_match

CONTENT = core_content()


def campaign_battle(seed: int) -> Match:
    """A campaign's battle (rules.battle_match) with a random history: injuries and
    Advancements (IB 7.3.4, 7.5), HP and Charge carried over (IB 7.1.2), installed
    Sigils, Flux Surge tokens (IB 7.4), Elite (IB 7.7) and rolled modifiers (IB 7.9)."""
    rng = SplitMix64(seed)
    c = new_campaign("test", shipped_team(CONTENT, "tideguard"), small_plan(), CONTENT, seed)
    for member in c.party:
        member.injuries, member.hp_advances = rng.below(2), rng.below(2)
        member.damage_advances = rng.below(3)
        member.hp = 1 + rng.below(member.max_hp(CONTENT))
        member.charge = rng.below(2)
    for key in sorted({k for k in c.deck if CONTENT.cards[CONTENT.card_index[k]].kind
                       == "sigil"}):
        kind = CONTENT.cards[CONTENT.card_index[key]].sigil_type
        hosts = [m for m in c.party if kind in CONTENT.characters[m.character].affinities
                 and len(m.sigils) < 2]
        if hosts and rng.below(2):
            hosts[rng.below(len(hosts))].sigils.append(key)
            c.deck.remove(key)
    c.flux, c.elite, c.fought = rng.below(4), bool(rng.below(2)), 1
    c.modifiers = [2 + rng.below(6) + rng.below(6), 2 + rng.below(6) + rng.below(6)]
    c.stage = "battle"
    return battle_match(c, CONTENT)


MAKERS: dict[str, Callable[[int], Match]] = {
    **{name: (lambda seed, make=make: make()) for name, (make, _) in GOLDEN.items()},
    "cards": lambda seed: standard_match("tideguard", "ashfall"),
    "supports": lambda seed: standard_match("lanternwatch", "ashfall"),
    "coop": lambda seed: cc_match("coop", ENCOUNTERS[seed % len(ENCOUNTERS)], seed=seed),
    "neutral_1v1": lambda seed: cc_match("1v1", ENCOUNTERS[seed % len(ENCOUNTERS)],
                                         seed=seed),
    "campaign": campaign_battle,
}
"""Every kind of setup: duels, house rules, free-for-all, 2v2v2v2, card teams with
Sigils and Supports, solo/co-op against Challenge Cards, neutral CCs, campaign battles."""


def chooser(seed: int) -> Callable[[IBState], Action]:
    rng = SplitMix64(seed)
    return lambda state: (legal := state.legal_actions())[rng.below(len(legal))]


def views(state: IBState) -> list[dict[str, Any]]:
    """What every seat sees, the log left out (a position carries none)."""
    return [{k: v for k, v in state.view(s).to_dict().items() if k != "log"}
            for s in range(state.match.num_seats)]


def test_every_setup_kind_is_covered() -> None:
    """The campaign setups hold what positions used to drop (IB 7.3.4, 7.4, 7.7.1)."""
    starts = [campaign_battle(seed) for seed in range(12)]
    assert any(st.damage_bonus for m in starts for _, st in m.starts)
    assert any(m.seats[0].flux for m in starts)
    assert any(st.sigils for m in starts for _, st in m.starts)
    assert any(m.is_challenge(m.labels.index(label)) and st.damage_bonus == 1
               for m in starts for label, st in m.starts)  # Elite (IB 7.7.1)


# --- the round trip --------------------------------------------------------------------


@given(kind=hs.sampled_from(sorted(MAKERS)), seed=hs.integers(0, 2**32),
       cut=hs.integers(0, 300))
def test_every_setup_round_trips_and_plays_on_identically(kind: str, seed: int,
                                                          cut: int) -> None:
    match = MAKERS[kind](seed)
    state = new_game(match, seed)
    play_random(state, SplitMix64(seed), cut)
    assert state.queue == ()  # no triggered ability waits at a decision
    assert not [u for u, used in enumerate(state.used) if used and not state.on_track(u)]
    text = dump_position(state)
    loaded = load_position(text)
    assert dump_position(loaded) == text
    assert loaded.match.to_dict() == match.to_dict()
    assert loaded.match.max_hp == match.max_hp
    assert loaded.match.unit_abilities == match.unit_abilities  # damage bonuses too
    assert loaded.flux == state.flux
    assert views(loaded) == views(state)
    assert_same_games(state, loaded, SplitMix64(seed ^ 0x5EED))


@given(kind=hs.sampled_from(sorted(MAKERS)), seed=hs.integers(0, 2**32),
       steps=hs.integers(1, 40))
def test_a_game_paused_between_activations_round_trips_and_resumes_identically(
        kind: str, seed: int, steps: int) -> None:
    match = MAKERS[kind](seed)
    state = new_game(match, seed)
    choose = chooser(seed)
    for _ in range(steps):
        step_to_next_activation(state, choose)
    if state.is_terminal():
        return
    assert between_activations(state) and state.stack == []
    data = position_to_dict(state)
    assert data["stack"] == []
    paused = load_position(data, advance=False)
    assert between_activations(paused)
    assert position_to_dict(paused) == data
    advanced = load_position(data)  # the default runs on, as resume does
    resume(paused)
    resume(state)
    assert canonical_json(advanced) == canonical_json(paused) == canonical_json(state)
    assert views(paused) == views(state)
    assert list(advanced.events()) == list(paused.events())
    assert_same_games(state, paused, SplitMix64(seed + 1))


@given(kind=hs.sampled_from(sorted(MAKERS)), seed=hs.integers(0, 2**32))
def test_stepping_plays_exactly_the_game_plain_play_plays(kind: str, seed: int) -> None:
    """Each step is one activation (IB 3.0.1): one ACT_START between two pauses; the
    pauses change nothing (same log, same final position)."""
    match = MAKERS[kind](seed)
    plain, stepped = new_game(match, seed), new_game(match, seed)
    choose, choose_plain = chooser(seed), chooser(seed)  # the same choices for both
    while not plain.is_terminal():
        plain.apply(choose_plain(plain))
    pauses = 0
    while not stepped.is_terminal():
        before = len(stepped.events())
        step_to_next_activation(stepped, choose)
        started = [e for e in stepped.events()[before:] if e[0] == events.ACT_START]
        if stepped.is_terminal():
            assert len(started) <= 1
        else:
            pauses += 1
            assert between_activations(stepped)
            assert len(started) == (0 if pauses == 1 else 1)  # the first: the mulligans
            assert stepped.activations == pauses - 1
    assert list(stepped.events()) == list(plain.events())
    assert canonical_json(stepped) == canonical_json(plain)


# --- stepping -------------------------------------------------------------------------


def test_a_paused_state_refuses_decisions_until_resumed() -> None:
    state = new_game(GOLDEN["fixtures_vanguard_vs_harrow"][0](), 3)
    assert step_to_next_activation(state, chooser(3)) == 2  # both seats keep or mulligan
    assert between_activations(state) and state.activations == 0
    for call in (state.current_seat, state.legal_actions, lambda: state.view(0)):
        with pytest.raises(IllegalActionError, match="paused between two activations"):
            call()
    with pytest.raises(IllegalActionError, match="paused between two activations"):
        state.apply(PASS)
    assert run_until_between_activations(state, chooser(3)) == 0  # already there
    resume(state)
    assert state.activations == 1 and state.legal_actions()


def test_loading_a_paused_position_keeps_it_paused_and_the_default_runs_on() -> None:
    data = minimal(stack=[])
    paused = load_position(data, advance=False)
    assert between_activations(paused) and paused.activations == 0
    assert position_to_dict(paused)["stack"] == []
    running = load_position(data)
    started = [e[1] for e in running.events() if e[0] == events.ACT_START]
    assert started == [0]  # the leftmost unit, Wren, acts (IB 3.1.2)
    resume(paused)
    assert canonical_json(paused) == canonical_json(running)


def test_advance_false_keeps_a_decision_and_refuses_an_automatic_step() -> None:
    at_decision = minimal()
    assert canonical_json(load_position(at_decision, advance=False)) == \
        canonical_json(load_position(at_decision))
    automatic = minimal(stack=[{"frame": "activation", "unit": "wren", "step": "status"}])
    with pytest.raises(NotationError, match=r"^position\.stack: the top frame is an "
                                            r"automatic step; with advance=False"):
        load_position(automatic, advance=False)
    broken = minimal(units={"ilse": {"defeated": True}}, track=["wren", "brask", "corvin", "|"],
                     stack=[{"frame": "next"}, {"frame": "window", "kind": "between",
                                                 "declared": [["South", "ilse"]]}])
    with pytest.raises(NotationError, match=r"position\.stack: the game cannot continue"):
        load_position(broken, advance=False)
    with pytest.raises(NotationError, match=r"explicit_chance and advance=False do not "):
        load_position(at_decision, explicit_chance=True, advance=False)


# --- what setups hold, in positions (IB 7) ----------------------------------------------

STARTS = {"wren": {"max_hp": 2, "hp": 13, "damage_bonus": 1, "sigils": ["current_sigil"]},
          "gloam_hound": {"max_hp": 2, "damage_bonus": 1}}


def campaign_position() -> dict[str, Any]:
    """A campaign battle written as a position: Wren with an Advancement (+1 damage,
    IB 7.3.4) and +2 max HP, an Elite Gloam Hound (IB 7.7.1) and 2 Flux tokens."""
    match = campaign_party_match({k: UnitStart(**{f: tuple(v) if isinstance(v, list) else v
                                                  for f, v in st.items()})
                                  for k, st in STARTS.items()}, flux=2)
    return position_to_dict(new_game(match, 5))


def test_ib_7_starts_and_flux_are_written_in_the_setup() -> None:
    data = campaign_position()
    assert data["setup"]["starts"] == STARTS
    assert data["setup"]["seats"][0]["flux"] == 2
    assert data["seats"]["Solo"]["flux"] == 2


def test_ib_7_3_4_and_7_7_1_a_loaded_position_keeps_bonuses_and_maximum_hp() -> None:
    state = load_position(campaign_position())
    match = state.match
    wren, hound = match.labels.index("wren"), match.labels.index("gloam_hound")
    printed = CONTENT.characters["wren"].hp
    assert match.max_hp[wren] == printed + 2
    assert match.max_hp[hound] == CONTENT.challenges["gloam_hound"].hp + 2  # IB 7.7.1
    bonus = [a.damage_dealt for a in match.unit_abilities[wren] if a.damage_dealt]
    assert bonus == [1]  # IB 7.3.4: +1 to every damage instance Wren deals
    assert [a.damage_dealt for a in match.unit_abilities[hound] if a.damage_dealt] == [1]


def test_ib_7_1_views_show_the_campaign_maximum_hp() -> None:
    """IB 7.3.4 (+2 max HP) and IB 7.7.1 (Elite +2 HP): what seats see is the real
    maximum, not the printed one."""
    state = load_position(campaign_position())
    units = state.view(0).units
    assert units[state.match.labels.index("wren")].max_hp == CONTENT.characters["wren"].hp + 2
    hound = units[state.match.labels.index("gloam_hound")]
    assert hound.max_hp == hound.hp == CONTENT.challenges["gloam_hound"].hp + 2


def test_ib_7_1_hp_up_to_the_campaign_maximum_is_accepted_and_above_it_refused() -> None:
    data = campaign_position()
    top = CONTENT.characters["wren"].hp + 2
    data["units"]["wren"]["hp"] = top
    assert load_position(data).hp[0] == top
    data["units"]["wren"]["hp"] = top + 1
    with pytest.raises(NotationError, match=rf"^position\.units\.wren\.hp: {top + 1} "
                                            rf"exceeds max HP {top}$"):
        load_position(data)
    del data["units"]["wren"]["hp"]
    assert load_position(data).hp[0] == top  # HP left out: full, the campaign maximum


def test_ib_7_4_2_flux_tokens_of_a_position_are_spent_as_in_play() -> None:
    """A position's Flux Surge tokens offer the free Flux actions (AMB-105)."""
    data = campaign_position()
    data["seats"]["Solo"]["flux"] = 1
    state = load_position(data)
    while not set(FLUXES) & set(state.legal_actions()):
        state.apply(state.legal_actions()[0])
    state.apply(FLUXES[0])
    assert state.flux == [0]
    assert not set(FLUXES) & set(state.legal_actions())  # none left


SETUP_ERRORS = [
    (("setup", "starts", "wren", "damage_bonus"), "x",
     "position.setup.starts.wren.damage_bonus: expected a whole number, got 'x'"),
    (("setup", "starts", "wren", "speed"), 1,
     "position.setup.starts.wren: unknown field 'speed' (known: max_hp, hp, charge, "
     "statuses, sigils, damage_bonus)"),
    (("setup", "starts", "wren", "charge"), 4,
     "position.setup.starts.wren.charge: 4 is outside 0..3"),
    (("setup", "starts", "kaede"), {"damage_bonus": 1},
     "position.setup: starts.kaede: no track unit 'kaede' (units: wren, brask, sela, odo, "
     "gloam_hound, tick_thief)"),
    (("setup", "seats", 0, "flux"), -1, "position.setup.seats[0].flux: -1 is outside 0..99"),
    (("seats", "Solo", "flux"), "two", "position.seats.Solo.flux: expected a whole number, "
                                       "got 'two'"),
]


@pytest.mark.parametrize("where,value,message", SETUP_ERRORS)
def test_bad_starts_and_flux_name_the_place(where: tuple[Any, ...], value: Any,
                                            message: str) -> None:
    data = copy.deepcopy(campaign_position())
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    with pytest.raises(NotationError) as err:
        load_position(data)
    assert str(err.value) == message


def test_starts_must_be_a_mapping() -> None:
    data = campaign_position()
    data["setup"]["starts"] = ["wren"]
    with pytest.raises(NotationError, match=r"^position\.setup\.starts: expected a mapping"):
        load_position(data)


def test_a_campaign_battle_at_its_start_round_trips() -> None:
    """A campaign battle (rules.battle_match) as the session starts it."""
    for seed in range(6):
        match = campaign_battle(seed)
        state = new_game(match, seed)
        text = dump_position(state)
        assert dump_position(load_position(text)) == text
        assert load_position(text).match.to_dict() == match.to_dict()


def test_stepping_refuses_explicit_chance_with_a_clear_error() -> None:
    """Stepping stops between activations under sampled chance only (games/ib/chance.py)."""
    state = explicit(new_game(standard_match("tideguard", "ashfall"), 3))
    with pytest.raises(IllegalActionError, match="sampled, not explicit"):
        step_to_next_activation(state, lambda s: s.legal_actions()[0])
