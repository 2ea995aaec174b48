"""Campaign rules inside a battle, applied through the battle's setup (IB 7): units that
start with their campaign HP, Charge, Sigils and damage bonus (IB 7.1, 7.3.4), Elite
Challenge Cards (IB 7.7.1), statuses from instant modifiers (IB 7.9), and Flux Surge
tokens spent during activations (IB 7.4.2, AMB-105)."""

from __future__ import annotations

from typing import Any

import pytest

from initiative.engine.errors import ContentError
from initiative.games.ib import events
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import FLUXES, Kind
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.match import ChallengerSetup, Match, SeatSetup, UnitStart
from initiative.games.ib.setup import new_game
from tests.ib.challenge_content import cc_content
from tests.ib.scenario import Scenario
from tests.ib.test_properties import check_invariants

CONTENT = core_content()
PARTY = ("wren", "brask", "sela", "odo")  # Wren prints water and arcane


def _match(starts: dict[str, UnitStart], flux: int = 0, rules: dict[str, Any] | None = None,
           challengers: tuple[str, ...] = ("gloam_hound", "tick_thief")) -> Match:
    deck = tuple(k for k in CONTENT.deck("tideguard_kit") if k != "current_sigil")
    seat = SeatSetup("Solo", 0, PARTY, deck, flux=flux)
    return Match(CONTENT, RulesConfig().with_flags(rules or {}), (seat,),
                 tuple(ChallengerSetup(k) for k in challengers), starts=tuple(starts.items()))


def test_ib_7_1_a_character_starts_with_its_campaign_hp_charge_and_sigils() -> None:
    match = _match({"wren": UnitStart(max_hp=-1, hp=5, charge=1, sigils=("current_sigil",))})
    state = new_game(match, 1)
    wren = match.labels.index("wren")
    assert (match.max_hp[wren], state.hp[wren], state.charge[wren]) == (11, 5, 1)
    sigil = CONTENT.card_index["current_sigil"]
    assert state.sigils[wren] == ((sigil, 0),)
    assert sigil not in state.decks[0] + state.hands[0]  # installed, out of the deck
    assert sigil in match.decklists[0]  # still the seat's card
    check_invariants(state)


def test_ib_7_9_a_unit_may_start_with_statuses() -> None:
    match = _match({"gloam_hound": UnitStart(statuses=("stun",)), "odo": UnitStart(
        statuses=("guard",))})
    state = new_game(match, 1)
    assert st.count(state.status[match.labels.index("gloam_hound")], st.STUN) == 1
    assert st.count(state.status[match.labels.index("odo")], st.GUARD) == 1


def test_ib_7_3_4_a_damage_bonus_adds_to_everything_the_unit_deals_but_burn() -> None:
    """AMB-79: +1 on the unit's own damage instances; Burn ticks have no dealer."""
    sc = Scenario(match=_two(starts={"wren": UnitStart(damage_bonus=1)}))
    sc.track("wren t_grunt brask |").set("t_grunt", status=["burn"]).run()
    sc.mark().play(Kind.BASIC, "t_grunt")
    dealt = [e[3] for e in sc.since(events.DAMAGE) if e[1] == sc.u("wren")]
    assert dealt == [2 + 1]
    burn = [e for e in sc.since(events.DAMAGE) if e[1] < 0]
    assert burn and burn[0][3] == 1


def _two(flux: int = 0, rules: dict[str, Any] | None = None,
         starts: dict[str, UnitStart] | None = None) -> Match:
    """Wren and Brask (t_deck) against t_grunt."""
    content = cc_content()
    seat = SeatSetup("Solo", 0, ("wren", "brask"), content.deck("t_deck"), flux=flux)
    return Match(content, RulesConfig().with_flags(rules or {}), (seat,),
                 (ChallengerSetup("t_grunt"),), starts=tuple((starts or {}).items()))


def test_ib_7_7_1_an_elite_cc_has_2_more_hp_and_deals_1_more_damage() -> None:
    elite = UnitStart(max_hp=2, damage_bonus=1)
    match = _match({"gloam_hound": elite})
    hound = match.labels.index("gloam_hound")
    state = new_game(match, 1)
    assert state.hp[hound] == match.max_hp[hound] == CONTENT.challenges["gloam_hound"].hp + 2
    assert match.unit_abilities[hound][-1].damage_dealt == 1


@pytest.mark.parametrize("starts,message", [
    ({"nobody": UnitStart()}, "no track unit 'nobody'"),
    ({"wren": UnitStart(hp=13)}, "HP 13 with a maximum of 12"),
    ({"wren": UnitStart(charge=4)}, "Charge 4"),
    ({"wren": UnitStart(statuses=("sleepy",))}, "unknown status 'sleepy'"),
    ({"wren": UnitStart(sigils=("cinder_sigil",))}, "is a fire Sigil; Wren Aldous prints"),
    ({"gloam_hound": UnitStart(sigils=("current_sigil",))}, "prints"),
])
def test_a_bad_start_names_the_unit_and_the_problem(starts: dict[str, UnitStart],
                                                    message: str) -> None:
    with pytest.raises(ContentError, match=message):
        _match(starts)


def test_starts_and_flux_round_trip_through_plain_data() -> None:
    match = _match({"wren": UnitStart(hp=5, charge=1, sigils=("current_sigil",)),
                    "gloam_hound": UnitStart(max_hp=2, damage_bonus=1)}, flux=2)
    again = Match.from_dict(match.to_dict(), CONTENT)
    assert again.starts == match.starts and again.seats == match.seats


# --- IB 7.4.2 Flux Surge tokens ------------------------------------------------------------


def flux_game(flux: int, rules: dict[str, Any] | None = None) -> Scenario:
    """Wren (4 HP) acts first with `flux` tokens; Brask at 10 HP."""
    sc = Scenario(match=_two(flux, rules))
    sc.hand(0, ["field_ration", "spare_flint"])
    return sc.track("wren t_grunt brask |").set("wren", hp=4).set("brask", hp=10).run()


def test_ib_7_4_2_no_tokens_no_flux_action() -> None:
    sc = flux_game(0)
    assert not [a for a in sc.legal() if a.kind == Kind.FLUX]


def test_ib_7_4_2_draw_one_card_as_a_free_action() -> None:
    sc = flux_game(2)
    hand = len(sc.state.hands[0])
    sc.mark().state.apply(FLUXES[0])
    assert len(sc.state.hands[0]) == hand + 1
    assert sc.state.flux == [1] and sc.at_action("wren")  # still Wren's Action step
    assert sc.since(events.FLUX) == [(events.FLUX, 0, sc.u("wren"), 0)]


def test_ib_7_4_2_heal_all_your_characters_1_and_the_active_one_3() -> None:
    sc = flux_game(2, {"flux_tokens_per_activation": "unlimited"})
    sc.state.apply(FLUXES[1])
    assert (sc.state.hp[sc.u("wren")], sc.state.hp[sc.u("brask")]) == (5, 11)
    assert sc.state.hp[sc.u("t_grunt")] == 6  # not an enemy's
    sc.state.apply(FLUXES[2])
    assert sc.state.hp[sc.u("wren")] == 8 and sc.state.flux == [0]


def test_amb15_a_free_discard_is_still_offered_after_a_flux_token() -> None:
    """IB 7.4.2 / AMB-105 and AMB-15: spending a Flux Surge token does not use up the
    activation's free discard (the token's flag once counted as 256 discards)."""
    sc = flux_game(2)
    sc.state.apply(FLUXES[2])  # heal the active Character 3 HP
    discards = [a for a in sc.legal() if a.kind == Kind.DISCARD]
    assert len(discards) == len(sc.state.hands[0]) > 0
    sc.state.apply(discards[0])
    assert not [a for a in sc.legal() if a.kind == Kind.DISCARD]  # one per activation
