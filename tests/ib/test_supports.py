"""Support Characters (IB 2.5, 4.7; AMB-49, AMB-57): played as the action, in play off
the track, targetable, discarded at 0 HP, one copy, seen by everyone; summoned ones
leave the game. Content: tests/ib/support_content.py (Wren and Brask, seat 0, against
Ilse and Corvin, seat 1)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from initiative.engine.contract import SPECTATOR
from initiative.engine.errors import ContentError
from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.actions import PLAYS, SUPPORT_TARGETS, Kind
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.determinize import determinize
from initiative.games.ib.match import Match, SeatSetup
from initiative.games.ib.notation import dump_position, load_position
from initiative.games.ib.public import public_description
from tests.ib.scenario import Scenario
from tests.ib.support_content import support_content, support_game


def _play(sc: Scenario, card: str, targets: Sequence[str] = (), seat: int = 0) -> Scenario:
    sc.mark()
    sc.state.apply(PLAYS[sc.state.hands[seat].index(sc.card(card))])
    return sc.choose_targets(list(targets)).decline_all()


def test_ib_4_7_1_playing_a_support_is_the_action_and_it_enters_with_its_on_play_effect() -> None:
    sc = support_game(hands=(["t_medic"], [])).run().decline_all()
    sc.set("brask", hp=10)
    assert sc.at_action("wren")
    _play(sc, "t_medic", ["brask"])
    assert sc.in_play("t_medic") and sc.hp("t_medic") == 5  # IB 2.5.1: its HP
    assert sc.hp("brask") == 12  # on play: heal an ally 2
    assert sc.card("t_medic") not in sc.state.discards[0]  # it stays in play
    assert sc.since(events.SUPPORT_IN) == [(events.SUPPORT_IN, sc.u("t_medic"), 0)]
    assert not sc.at_action("wren")  # AMB-49: playing it was the whole action
    assert sc.u("t_medic") not in sc.state.track.order  # AMB-49: no track slot


def test_ib_2_5_2_a_support_can_be_targeted_by_an_attack_and_is_discarded_at_0_hp() -> None:
    sc = support_game(track="ilse wren brask corvin |").support("t_medic", hp=2)
    sc.run().decline_all()
    assert SUPPORT_TARGETS[sc.u("t_medic") - sc.match.num_characters] in sc.legal() or \
        sc.at_action("ilse")
    sc.mark()
    sc.play(Kind.BASIC, "t_medic")  # Ilse deals 2
    assert sc.hp("t_medic") == 0 and not sc.in_play("t_medic")
    assert sc.state.discards[0][-1] == sc.card("t_medic")  # IB 2.5.3: discarded
    assert sc.since(events.SUPPORT_OUT) == [(events.SUPPORT_OUT, sc.u("t_medic"), 0)]
    assert sc.state.result is None


def test_a_support_targets_action_is_offered_for_single_target_clauses() -> None:
    sc = support_game(track="ilse wren brask corvin |").support("t_wall").run().decline_all()
    sc.state.apply(sc.legal()[0])  # Basic Attack
    kinds = {a.kind for a in sc.legal()}
    assert kinds == {Kind.TARGET, Kind.TARGET_SUPPORT}
    wall = sc.u("t_wall") - sc.match.num_characters
    assert SUPPORT_TARGETS[wall] in sc.legal()


def test_supports_do_not_keep_their_side_alive() -> None:
    """IB 3.6.5: victory counts units on the track; a Support is not one."""
    sc = support_game(track="ilse wren corvin |").support("t_medic")
    sc.set("wren", hp=2).run().decline_all()
    sc.play(Kind.BASIC, "wren")
    assert sc.state.result == 1


def test_ib_2_5_4_one_copy_a_support_in_play_cannot_be_played_again() -> None:
    sc = support_game(hands=(["t_summon", "t_mote"], [])).run().decline_all()
    mote = PLAYS[sc.state.hands[0].index(sc.card("t_mote"))]
    assert mote in sc.legal()
    _play(sc, "t_summon")
    assert sc.in_play("t_mote") and sc.state.summoned >> sc.u("t_mote") & 1
    sc.pass_until("wren")
    assert PLAYS[sc.state.hands[0].index(sc.card("t_mote"))] not in sc.legal()


def test_a_deck_with_two_copies_of_a_support_cannot_be_seated() -> None:
    content = support_content()
    deck = (*content.deck("t_deck"), "t_medic")
    with pytest.raises(ContentError, match=r"seat 0 \(A\): deck holds Test Medic twice; at "
                                           r"most 1 copy of a Support \(IB 2\.5\.4\)"):
        Match(content, RulesConfig(), (SeatSetup("A", 0, ("wren",), deck),
                                       SeatSetup("B", 1, ("ilse",), content.deck("t_deck"))))


def test_a_summoned_support_leaves_the_game_when_defeated() -> None:
    sc = support_game(track="wren ilse brask corvin |", hands=(["t_summon"], [])).run()
    sc.decline_all()
    _play(sc, "t_summon")
    sc.set("t_mote", hp=1).pass_until("ilse")
    sc.mark()
    sc.play(Kind.BASIC, "t_mote")
    assert not sc.in_play("t_mote")
    assert sc.card("t_mote") not in sc.state.discards[0]
    assert sc.since(events.SUPPORT_OUT) == [(events.SUPPORT_OUT, sc.u("t_mote"), 1)]


def test_moves_and_charge_pass_over_supports() -> None:
    """A Support has no track slot and no Charge (AMB-49)."""
    sc = support_game(track="wren ilse brask corvin |").support("t_wall")
    from initiative.games.ib import effects
    from initiative.games.ib.charge import gain_charge

    effects.move(sc.state, sc.u("t_wall"), 2)
    gain_charge(sc.state, sc.u("t_wall"), 2)
    assert sc.state.charge[sc.u("t_wall")] == 0
    assert sc.text() == "wren ilse brask corvin |"


def test_every_seat_sees_supports_in_play_and_determinize_keeps_them() -> None:
    sc = support_game(track="wren ilse brask corvin |").support("t_medic", hp=3)
    sc.run().decline_all()
    for seat in (0, 1, SPECTATOR):
        view = sc.state.view(seat)
        medic = view.units[sc.u("t_medic")]
        assert medic.is_support and medic.on_track and medic.hp == 3
        assert medic.name == "Test Medic" and medic.max_hp == 5
    view = sc.state.view(1)
    other = determinize(public_description(sc.match), view, SplitMix64(7))
    assert other.hp[sc.u("t_medic")] == 3 and other.on_track(sc.u("t_medic"))
    assert sc.card("t_medic") not in other.decks[0] + other.hands[0]


def test_a_position_with_a_support_in_play_round_trips() -> None:
    sc = support_game(track="wren ilse brask corvin |").support("t_thorn", hp=3)
    sc.run().decline_all()
    text = dump_position(sc.state)
    assert "  t_thorn: {in_play: true, hp: 3}\n" in text
    again = load_position(text, support_content())
    assert dump_position(again) == text
    assert again.on_track(sc.u("t_thorn")) and not again.on_track(sc.u("t_medic"))


def test_a_position_refuses_a_support_at_0_hp_in_play() -> None:
    sc = support_game().support("t_thorn").run()
    text = dump_position(sc.state).replace("{in_play: true, hp: 4}", "{in_play: true, hp: 0}")
    with pytest.raises(Exception, match=r"position\.units\.t_thorn\.hp: 0 HP on a Support"):
        load_position(text, support_content())


def test_the_log_says_a_support_entered_and_fell() -> None:
    sc = support_game(track="ilse wren brask corvin |").support("t_medic", hp=1)
    sc.run().decline_all().play(Kind.BASIC, "t_medic")
    text = "\n".join(sc.state.view(SPECTATOR).sentences(sc.match))
    assert "Test Medic (Seat0) enters play." in text
    assert "Test Medic (Seat0) is defeated and is discarded." in text


def test_support_slots_do_not_reveal_what_a_deck_holds() -> None:
    """Every seat has a slot for every Support card of the content, so neither the
    labels nor the units of a view say which Supports another seat's deck contains."""
    content = support_content()
    base = list(content.deck("t_deck"))

    def seat_zero_sees(deck: list[str]) -> tuple[object, ...]:
        match = Match(content, RulesConfig(), (SeatSetup("A", 0, ("wren",), tuple(base)),
                                               SeatSetup("B", 1, ("ilse",), tuple(deck))))
        from initiative.games.ib.setup import new_game

        view = new_game(match, 1).view(0)
        return view.unit_labels, tuple((u.label, u.card, u.on_track) for u in view.units)

    without = [k for k in base if k not in ("t_medic", "t_wall", "t_thorn")]
    assert len(without) < len(base)  # seat 1 now fields three Supports fewer
    assert seat_zero_sees(base) == seat_zero_sees(without)
