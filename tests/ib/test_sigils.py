"""Sigils (IB 2.3, 4.5, 5.2.4; AMB-44, AMB-45, AMB-46): installing one as the action,
who may receive it, the free first tier, replacement, activation by tier, Mute, what
every seat sees, and an install whose recipient is defeated before it resolves.

Teams: Tideguard (seat 0: Wren water/arcane, Brask fire/earth, Sela wind/arcane,
Odo earth/water) against Ashfall (seat 1: Ilse arcane/water, Corvin fire/wind,
Pim wind/earth, Marta earth/fire). A Sigil is pre-installed by setting
`state.sigils[unit]` directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from initiative.engine.contract import SPECTATOR
from initiative.games.ib import events, frames
from initiative.games.ib.actions import (
    BASIC,
    DISCARDS,
    INSTALLS,
    PLAYS,
    REPLACES,
    SIGILS,
    TARGETS,
    TIERS,
    Kind,
)
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.match import Match, SeatSetup
from initiative.games.ib.notation import position_to_dict
from initiative.games.ib.setup import new_game
from tests.ib.scenario import Scenario, practice_deck
from tests.ib.test_properties import check_invariants

FILLER = ["field_ration", "spare_flint", "field_ration", "spare_flint"]


def setup(hand: Sequence[str], track: str = "wren ilse corvin |",
          rules: dict[str, Any] | None = None, **units: dict[str, Any]) -> Scenario:
    """Wren (seat 0) at its Action step holding `hand` topped up to 5 (no draw)."""
    sc = Scenario(rules, team_a="tideguard", team_b="ashfall")
    sc.track(track).hand(0, list(hand) + FILLER[: 5 - len(hand)])
    for key, values in units.items():
        sc.set(key, **values)
    sc.run().decline_all()
    assert sc.at_action("wren")
    return sc


def preinstall(sc: Scenario, key: str, *cards: str, owner: int = 0) -> Scenario:
    sc.state.sigils[sc.u(key)] = tuple((sc.card(c), owner) for c in cards)
    sc.state.invalidate()
    return sc


def installed(sc: Scenario, key: str) -> list[str]:
    return [sc.match.content.cards[c].key for c, _ in sc.state.sigils[sc.u(key)]]


def offered(sc: Scenario, kind: Kind) -> list[int]:
    return [a.arg for a in sc.legal() if a.kind == kind]


def installs_offered(sc: Scenario, seat: int = 0) -> list[str]:
    hand = sc.state.hands[seat]
    return [sc.match.content.cards[hand[slot]].key for slot in offered(sc, Kind.INSTALL)]


def install(sc: Scenario, card: str, recipient: str | None = None, replace: int | None = None,
            targets: Sequence[str] = (), seat: int = 0) -> Scenario:
    """The acting unit installs `card` on `recipient`, replacing installed Sigil
    `replace`, choosing `targets` for the free first tier; windows are declined."""
    sc.mark()
    sc.state.apply(INSTALLS[sc.state.hands[seat].index(sc.card(card))])
    if recipient is not None and sc.stage() == frames.AS_RECIPIENT:
        sc.state.apply(TARGETS[sc.u(recipient)])
    if replace is not None and sc.stage() == frames.AS_REPLACE:
        sc.state.apply(REPLACES[replace])
    return sc.choose_targets(targets).decline_all()


def use(sc: Scenario, slot: int, tier: int, discards: Sequence[str] = (),
        targets: Sequence[str] = (), seat: int = 0) -> Scenario:
    """The acting unit activates its installed Sigil `slot` at `tier`, paying with
    `discards` (card keys, one at a time) and choosing `targets`."""
    sc.mark()
    sc.state.apply(SIGILS[slot])
    if sc.stage() == frames.AS_TIER:
        sc.state.apply(TIERS[tier - 1])
    return sc.pay(seat, discards).choose_targets(targets).decline_all()


# --- Installing (IB 4.5.1-4.5.5, AMB-44, AMB-45) ------------------------------------


def test_ib_4_5_1_installing_a_sigil_is_the_whole_action() -> None:
    sc = setup(["prism_sigil"])
    install(sc, "prism_sigil")  # Wren is the only arcane Tideguard unit on the track
    assert installed(sc, "wren") == ["prism_sigil"]
    assert sc.state.sigils[sc.u("wren")] == ((sc.card("prism_sigil"), 0),)
    assert sc.card("prism_sigil") not in sc.state.hands[0]
    assert sc.card("prism_sigil") not in sc.state.discards[0]  # it stays in play
    assert sc.since(events.INSTALL) == [
        (events.INSTALL, sc.u("wren"), sc.card("prism_sigil"), sc.u("wren"))]
    assert sc.acting() != "wren"  # the activation went on past its Action step


def test_ib_4_5_3_the_free_first_tier_resolves_on_install_at_no_cost() -> None:
    # Cinder Sigil tier 1 deals 1 damage (tier 2 would deal 2 and Burn).
    sc = setup(["cinder_sigil"], track="wren ilse brask |")
    install(sc, "cinder_sigil")  # Brask is the only fire unit: chosen automatically
    assert installed(sc, "brask") == ["cinder_sigil"] and installed(sc, "wren") == []
    assert sc.hp("ilse") == 11 - 1 and "burn" not in sc.statuses("ilse")
    assert len(sc.state.hands[0]) == 4  # only the Sigil left the hand
    assert sc.state.discards[0] == [] and sc.since(events.DISCARD) == []
    assert sc.charge("wren") == 0 and sc.charge("brask") == 0
    assert sc.since(events.SIGIL_USE) == []  # the free tier is not an activation of it


def test_ib_4_5_2_amb_44_recipients_are_self_or_allies_whose_types_include_the_sigils() -> None:
    # Current Sigil is water: Wren (water/arcane) and Odo (earth/water) qualify; Brask
    # (fire/earth), Sela (wind/arcane) and Ilse (an arcane/water enemy) do not.
    sc = setup(["current_sigil"], track="wren brask sela odo ilse |", odo={"hp": 10})
    sc.state.apply(INSTALLS[0])
    assert sc.stage() == frames.AS_RECIPIENT
    assert sc.legal() == [TARGETS[sc.u("wren")], TARGETS[sc.u("odo")]]
    sc.state.apply(TARGETS[sc.u("odo")])
    sc.target("odo").decline_all()  # tier 1: an ally heals 2
    assert installed(sc, "odo") == ["current_sigil"] and installed(sc, "wren") == []
    assert sc.state.sigils[sc.u("odo")][0][1] == 0  # the installer's seat owns the card
    assert sc.hp("odo") == 12


def test_ib_4_5_2_a_sigil_no_unit_can_take_is_not_offered() -> None:
    sc = setup(["cinder_sigil", "stone_sigil", "prism_sigil"])  # Wren is water/arcane
    assert installs_offered(sc) == ["prism_sigil"]
    with_brask = setup(["cinder_sigil", "stone_sigil"], track="wren brask ilse |")
    assert installs_offered(with_brask) == ["cinder_sigil", "stone_sigil"]  # for Brask


def test_amb_44_a_sigil_on_an_ally_is_used_only_by_that_ally_in_its_activation() -> None:
    sc = setup([], track="wren odo ilse |")
    preinstall(sc, "odo", "current_sigil")
    assert offered(sc, Kind.SIGIL) == []  # Wren cannot use Odo's Sigil
    sc.play(Kind.PASS)
    sc.pass_until("odo")
    assert offered(sc, Kind.SIGIL) == [0]


def test_amb_44_a_muted_recipient_does_not_stop_the_installer() -> None:
    sc = setup(["current_sigil"], track="wren odo ilse |", odo={"status": ["mute"]})
    assert installs_offered(sc) == ["current_sigil"]
    install(sc, "current_sigil", "odo", targets=["odo"])
    assert installed(sc, "odo") == ["current_sigil"]


def test_ib_2_3_5_amb_45_a_full_unit_loses_the_replaced_sigil_to_its_owners_discard() -> None:
    # Two arcane Sigils only fit side by side without one-per-type (AMB-43 false); then
    # either may be replaced, so the controller is asked which.
    sc = setup(["prism_sigil"], rules={"sigil_one_per_type": False})
    preinstall(sc, "wren", "current_sigil", "prism_sigil")
    sc.mark()
    sc.state.apply(INSTALLS[0])
    assert sc.stage() == frames.AS_REPLACE
    assert sc.legal() == [REPLACES[0], REPLACES[1]]
    sc.state.apply(REPLACES[0])
    sc.decline_all()
    assert installed(sc, "wren") == ["prism_sigil", "prism_sigil"]
    assert sc.state.discards[0] == [sc.card("current_sigil")]
    assert sc.since(events.UNINSTALL) == [
        (events.UNINSTALL, sc.u("wren"), sc.card("current_sigil"))]
    assert sc.charge("wren") == 1  # AMB-45: the new Sigil still gives its free tier 1


def test_amb_45_a_forced_replacement_is_made_without_asking() -> None:
    # One-per-type (default): Wren's water slot is taken, so the new water Sigil can only
    # replace the old one; no REPLACE decision is shown.
    sc = setup(["current_sigil"], wren={"hp": 8})
    preinstall(sc, "wren", "current_sigil", "prism_sigil")
    sc.mark()
    sc.state.apply(INSTALLS[0])
    assert all(a.kind != Kind.REPLACE for a in sc.legal())
    sc.decline_all()
    assert installed(sc, "wren") == ["prism_sigil", "current_sigil"]
    assert sc.state.discards[0] == [sc.card("current_sigil")]
    assert sc.hp("wren") == 9 + 2  # Tide Stone +1, then the new Sigil's free heal


# --- Activating (IB 4.5.6-4.5.7, AMB-40 default, AMB-46) ------------------------------


def test_ib_4_5_7_amb_46_a_tier_costs_that_many_discards_and_sets_the_effect() -> None:
    sc = setup(["second_wind", "time_slip"], track="wren ilse corvin |",
               ilse={"hp": 9}, corvin={"hp": 9})
    preinstall(sc, "wren", "current_sigil")
    sc.set("wren", hp=5)
    sc.mark()
    sc.state.apply(SIGILS[0])
    assert sc.stage() == frames.AS_TIER and sc.legal() == list(TIERS)  # 5 cards: all three
    sc.state.apply(TIERS[1])
    assert sc.stage() == frames.AS_COST
    sc.state.apply(DISCARDS[sc.state.hands[0].index(sc.card("second_wind"))])
    sc.state.apply(DISCARDS[sc.state.hands[0].index(sc.card("time_slip"))])
    assert sc.since(events.DISCARD) == [(events.DISCARD, 0, sc.card("second_wind")),
                                        (events.DISCARD, 0, sc.card("time_slip"))]
    # Tier 2 heals 3 (tier 1 would heal 2); Wren is the only ally: chosen automatically.
    sc.decline_all()
    assert sc.hp("wren") == 5 + 3
    assert len(sc.state.hands[0]) == 3 and sc.charge("wren") == 0  # no Charge by default
    assert sc.since(events.SIGIL_USE) == [
        (events.SIGIL_USE, sc.u("wren"), sc.card("current_sigil"), 2, sc.u("wren"))]
    assert installed(sc, "wren") == ["current_sigil"]  # it stays installed
    assert sc.acting() != "wren"  # AMB-42 default: the use was the action


def test_ib_4_5_7_only_tiers_the_hand_can_pay_are_offered() -> None:
    for cards, tiers in ((3, [0, 1, 2]), (2, [0, 1])):
        sc = setup([])
        preinstall(sc, "wren", "current_sigil")
        sc.hand(0, FILLER[:cards])
        sc.state.apply(SIGILS[0])
        assert sc.stage() == frames.AS_TIER and [a.arg for a in sc.legal()] == tiers
    empty = setup([])
    preinstall(empty, "wren", "current_sigil")
    empty.hand(0, [])
    assert offered(empty, Kind.SIGIL) == []  # not even tier 1 can be paid


def test_ib_4_5_7_a_single_payable_tier_and_its_cost_are_taken_automatically() -> None:
    sc = setup([], wren={"hp": 5})
    preinstall(sc, "wren", "current_sigil")
    sc.hand(0, ["field_ration"])
    sc.mark()
    sc.state.apply(SIGILS[0])
    sc.decline_all()
    assert sc.since(events.DISCARD) == [(events.DISCARD, 0, sc.card("field_ration"))]
    assert [e[3] for e in sc.since(events.SIGIL_USE)] == [1]
    assert sc.hp("wren") == 6 + 2 and sc.state.hands[0] == []


def test_ib_4_5_6_each_installed_sigil_once_per_activation() -> None:
    # With the use not being the action (AMB-42 false) both Sigils can be used, each once.
    sc = setup([], track="wren ilse |", rules={"sigil_use_is_action": False})
    preinstall(sc, "wren", "current_sigil", "prism_sigil")
    assert offered(sc, Kind.SIGIL) == [0, 1]
    use(sc, 0, 1, ["field_ration"])
    assert sc.at_action("wren") and offered(sc, Kind.SIGIL) == [1]
    use(sc, 1, 1, ["spare_flint"])
    assert sc.at_action("wren") and offered(sc, Kind.SIGIL) == []
    sc.play(Kind.PASS)
    sc.pass_until("wren")
    assert offered(sc, Kind.SIGIL) == [0, 1]  # a new activation: both again


# --- Mute (IB 5.2.4) -------------------------------------------------------------------


def test_ib_5_2_4_mute_forbids_installing_and_using_sigils() -> None:
    sc = setup(["prism_sigil"], wren={"status": ["mute"]})
    preinstall(sc, "wren", "current_sigil")
    frame = sc.frame()
    assert frame is not None and frame.tag == frames.ACTIVATION and frame.flags & frames.F_MUTED
    assert offered(sc, Kind.INSTALL) == [] and offered(sc, Kind.SIGIL) == []
    assert BASIC in sc.legal()  # only Sigil and Keystone abilities are shut off


def test_ib_5_2_4_5_2_8_cleansing_mute_in_the_muted_activation_lifts_it() -> None:
    # An Event that does not use the action (AMB-48) cleanses Wren's Mute first.
    sc = setup(["clear_mind", "prism_sigil"], rules={"event_timing": "any_time_own_activation"},
               wren={"status": ["mute"]})
    preinstall(sc, "wren", "current_sigil")
    assert installs_offered(sc) == [] and offered(sc, Kind.SIGIL) == []
    sc.state.apply(PLAYS[sc.state.hands[0].index(sc.card("clear_mind"))])
    sc.decline_all()  # Wren is the only ally and Mute its only status: no choice asked
    assert sc.at_action("wren") and sc.statuses("wren") == []
    assert installs_offered(sc) == ["prism_sigil"] and offered(sc, Kind.SIGIL) == [0]


# --- Information and bookkeeping -------------------------------------------------------


def test_an_installed_sigil_is_public_in_every_view() -> None:
    sc = setup(["current_sigil"], track="wren odo ilse |")
    install(sc, "current_sigil", "odo", targets=["odo"])
    odo = sc.u("odo")
    for seat in (0, 1, SPECTATOR):
        view = sc.state.view(seat)
        assert view.units[odo].sigils == ((sc.card("current_sigil"), 0),)
        assert view.units[odo].to_dict()["sigils"] == [[sc.card("current_sigil"), 0]]
        assert [e for e in view.log if e[0] == events.INSTALL][-1][2] == sc.card("current_sigil")


def test_an_install_whose_recipient_is_defeated_first_fizzles_to_the_discard_pile() -> None:
    # In the after_declare window Corvin breaks: Break Art, 3 damage to every enemy.
    sc = setup(["current_sigil"], track="wren odo ilse corvin |", odo={"hp": 1},
               corvin={"charge": 3})
    sc.mark()
    sc.state.apply(INSTALLS[0])
    sc.state.apply(TARGETS[sc.u("odo")])  # the recipient
    sc.target("wren")  # tier 1 would heal Wren 2
    assert sc.window() == "after_declare"
    sc.declare("corvin").decline_all()
    assert not sc.on_track("odo")
    assert installed(sc, "odo") == [] and installed(sc, "wren") == []
    assert sc.state.discards[0] == [sc.card("current_sigil")]
    assert sc.since(events.FIZZLE) == [
        (events.FIZZLE, sc.u("wren"), int(Kind.INSTALL), sc.card("current_sigil"))]
    assert sc.hp("wren") == 12 - 3  # the free tier never resolved
    check_invariants(sc.state)


def test_amb_45_the_replaced_sigil_goes_when_chosen_even_if_the_install_fizzles() -> None:
    # The old Sigil is discarded first (IB 4.5.5), before the install is declared.
    sc = setup(["current_sigil"], track="wren odo ilse corvin |", odo={"hp": 1},
               corvin={"charge": 3})
    preinstall(sc, "odo", "current_sigil")
    sc.mark()
    sc.state.apply(INSTALLS[0])
    sc.state.apply(TARGETS[sc.u("odo")])  # one water Sigil only: the old one must go
    assert sc.since(events.UNINSTALL, events.INSTALL) == [
        (events.UNINSTALL, sc.u("odo"), sc.card("current_sigil"))]
    sc.target("wren")
    sc.declare("corvin").decline_all()
    assert not sc.on_track("odo") and installed(sc, "odo") == []
    assert sc.state.discards[0] == [sc.card("current_sigil")] * 2  # old and new


def test_an_install_whose_installer_is_defeated_first_is_discarded_too() -> None:
    sc = setup(["current_sigil"], track="wren odo ilse corvin |", wren={"hp": 1},
               corvin={"charge": 3})  # Wren heals to 2 at its start, then takes 3
    sc.state.apply(INSTALLS[0])
    sc.state.apply(TARGETS[sc.u("odo")])
    sc.target("odo")
    sc.declare("corvin").decline_all()
    assert not sc.on_track("wren")
    assert installed(sc, "odo") == []
    assert sc.state.discards[0] == [sc.card("current_sigil")]
    check_invariants(sc.state)


def test_an_install_whose_free_tier_target_is_defeated_still_installs() -> None:
    # orphaned_action=fizzle (default) loses only the free effect: the Sigil is in place.
    sc = setup(["current_sigil"], track="wren odo ilse corvin |", odo={"hp": 1},
               corvin={"charge": 3})
    sc.mark()
    sc.state.apply(INSTALLS[0])
    sc.state.apply(TARGETS[sc.u("wren")])  # the recipient
    sc.target("odo")  # tier 1 would heal Odo 2
    sc.declare("corvin").decline_all()
    assert not sc.on_track("odo")
    assert installed(sc, "wren") == ["current_sigil"]
    assert sc.state.discards[0] == []
    assert [e[0] for e in sc.since(events.INSTALL, events.FIZZLE)] == [events.INSTALL,
                                                                       events.FIZZLE]
    check_invariants(sc.state)


def test_a_defeated_unit_keeps_its_sigils_installed() -> None:
    sc = setup([], track="wren odo ilse |")
    preinstall(sc, "ilse", "rune_sigil", owner=1)
    sc.state.decks[1].remove(sc.card("rune_sigil"))  # the installed copy left the deck
    sc.set("ilse", hp=1)
    sc.play(Kind.BASIC, "ilse")
    assert not sc.on_track("ilse")
    assert installed(sc, "ilse") == ["rune_sigil"]
    assert sc.card("rune_sigil") not in sc.state.discards[1]
    check_invariants(sc.state)


class DuoScenario(Scenario):
    """Two seats per team, each with one Character and the Tideguard or Ashfall practice
    deck (`scenario.PRACTICE_DECKS`)."""

    def __init__(self) -> None:
        content = core_content()
        tide, ash = practice_deck("tideguard"), practice_deck("ashfall")
        self.match = Match(content, RulesConfig(), (
            SeatSetup("North", 0, ("wren",), tide), SeatSetup("East", 1, ("ilse",), ash),
            SeatSetup("South", 0, ("odo",), tide), SeatSetup("West", 1, ("corvin",), ash)))
        self.state = new_game(self.match, 0)
        while self.state.stack[-1].tag == frames.MULLIGAN:
            self.state.apply(next(a for a in self.state.legal_actions() if a.kind == Kind.KEEP))
        self._rewind()
        self._mark = self.state.log_len


def test_amb_44_a_sigil_installed_on_another_seats_ally_stays_the_installers_card() -> None:
    sc = DuoScenario()
    sc.track("wren odo ilse corvin |").hand(0, ["current_sigil", *FILLER])
    sc.run().decline_all()
    assert sc.at_action("wren")
    install(sc, "current_sigil", "odo", targets=["odo"])
    odo = sc.u("odo")
    assert sc.match.unit_seat[odo] == 2
    assert sc.state.sigils[odo] == ((sc.card("current_sigil"), 0),)  # North's card
    assert position_to_dict(sc.state)["units"]["odo"]["sigils"] == ["current_sigil@North"]
    check_invariants(sc.state)  # counted among North's cards, not South's
    sc.pass_until("odo")
    assert offered(sc, Kind.SIGIL) == [0]  # South's Odo uses it
    sc.hand(2, ["current_sigil", *FILLER])
    install(sc, "current_sigil", "odo", targets=["odo"], seat=2)  # one water Sigil only
    assert sc.state.discards[0] == [sc.card("current_sigil")]  # back to North, its owner
    assert sc.state.discards[2] == []
    assert sc.state.sigils[odo] == ((sc.card("current_sigil"), 2),)
    assert position_to_dict(sc.state)["units"]["odo"]["sigils"] == ["current_sigil"]
    check_invariants(sc.state)
