"""IB 3.7 Initiative Break, with the engine's response windows: where windows open,
who is asked and in what order, hidden answers, reopening, resolution order,
cancellation, and what an Initiative Break is not (an activation)."""

from __future__ import annotations

from scenario import Scenario

from initiative.engine.contract import GAME_MASTER
from initiative.games.ib import events, frames
from initiative.games.ib.actions import BREAKS, DECLINE, Kind


def test_ib_3_7_5_windows_open_after_declare_after_resolve_and_between() -> None:
    sc = Scenario()
    sc.track("brask pim sela marta |").set("marta", charge=3).run()
    seen = []
    while len(seen) < 4:
        kind = sc.window()
        if kind is None:
            sc.play(Kind.BASIC, "pim", decline=False)
            continue
        seen.append((kind, sc.state.current_seat()))
        sc.decline()
    assert seen == [("between", 1), ("after_declare", 1), ("after_resolve", 1),
                    ("between", 1)]


def test_engine_no_window_opens_where_no_seat_is_eligible() -> None:
    sc = Scenario()
    sc.track("brask pim sela marta |").set("marta", charge=2).run()
    for _ in range(6):
        assert sc.window() is None
        assert sc.at_action()
        sc.apply(Kind.PASS)
    assert not any(f.tag == frames.WINDOW for f in sc.state.stack)


def test_engine_seats_are_asked_once_each_in_seat_order() -> None:
    sc = Scenario()
    sc.track("pim wren sela marta |").set("sela", charge=3).set("marta", charge=3).run()
    assert sc.window() == "between"
    assert sc.state.current_seat() == 0
    assert sc.legal() == [BREAKS[sc.u("sela")], DECLINE]
    sc.decline()
    assert sc.state.current_seat() == 1
    assert sc.legal() == [BREAKS[sc.u("marta")], DECLINE]
    sc.decline()
    assert sc.window() is None  # nobody declared: the window closes, play goes on
    assert sc.at_action("pim")


def test_ib_3_7_a_pending_declaration_is_hidden_from_other_seats_until_revealed() -> None:
    sc = Scenario()
    sc.track("pim wren sela marta |").set("sela", charge=3).set("marta", charge=3).run()
    sc.declare("sela")  # seat 0 answers; seat 1 has not yet
    declared = ((0, sc.u("sela")),)
    assert sc.frame() == frames.WindowFrame(frames.W_BETWEEN, (1,), declared)
    assert sc.state.view(1).stack[-1] == frames.WindowFrame(frames.W_BETWEEN, (1,), ())
    assert sc.state.view(0).stack[-1] == sc.frame()
    assert sc.state.view(GAME_MASTER).stack[-1] == sc.frame()
    assert not any(e[0] == events.IB_DECLARE for e in sc.state.view(1).log)
    assert sc.charge("sela") == 3  # nothing is paid before the reveal
    sc.mark().decline()
    assert sc.since(events.IB_DECLARE) == [(events.IB_DECLARE, 0, sc.u("sela"))]
    assert sc.charge("sela") == 0  # AMB-33: paid at the reveal


def test_engine_a_declaration_reopens_the_same_window() -> None:
    sc = Scenario()
    sc.track("pim wren sela marta |").set("sela", charge=3).set("marta", charge=3).run()
    sc.declare("sela").decline()  # Marta holds back at first
    assert sc.window() == "between"  # reopened: Marta may still answer Sela
    assert sc.state.current_seat() == 1
    assert sc.legal() == [BREAKS[sc.u("marta")], DECLINE]


def test_ib_3_7_8_the_last_declared_resolves_first() -> None:
    # Brask (Speed 5) declares first; Pim (Speed 2) answers in the reopened window and
    # resolves first, although Brask would go first if they had been simultaneous.
    sc = Scenario()
    sc.track("wren ilse pim brask marta |").set("brask", charge=3).set("pim", charge=3)
    sc.run()
    sc.declare("brask").decline()
    sc.mark().declare("pim").run()
    assert sc.since(events.IB_JUMP) == [(events.IB_JUMP, sc.u("pim"))]
    sc.target("brask")  # Pim's Break Art: 2 damage and Stun, chosen after the jump
    sc.target("pim").decline_all()
    assert [e[1] for e in sc.since(events.IB_JUMP)] == [sc.u("pim"), sc.u("brask")]


def test_ib_3_7_9_simultaneous_declarations_resolve_highest_speed_first() -> None:
    sc = Scenario()
    sc.track("wren ilse pim brask marta |").set("brask", charge=3).set("pim", charge=3)
    sc.run()
    sc.declare("brask").mark().declare("pim").run()
    assert sc.since(events.IB_JUMP) == [(events.IB_JUMP, sc.u("brask"))]


def test_ib_3_7_10_a_break_whose_unit_is_defeated_first_is_cancelled() -> None:
    sc = Scenario()
    sc.track("wren ilse pim brask marta |").set("brask", charge=3).set("pim", charge=3)
    sc.set("pim", hp=6).run()
    sc.declare("brask").mark().declare("pim").run()
    sc.target("pim").decline_all()  # Brask first: 6 damage defeats Pim
    assert not sc.on_track("pim")
    assert sc.since(events.IB_CANCEL) == [(events.IB_CANCEL, sc.u("pim"))]
    assert [e[1] for e in sc.since(events.IB_JUMP)] == [sc.u("brask")]
    assert sc.charge("pim") == 0  # AMB-33: the Charge paid at declaration is not refunded


def test_ib_3_7_6_jump_far_left_break_art_then_far_right_targets_chosen_after_jump() -> None:
    sc = Scenario()
    sc.track("pim ilse wren sela marta |").set("sela", charge=3).hand(0, 3).run()
    sc.mark().declare("sela").run()
    # The Break Art's target is asked only now, with Sela already in the Active slot.
    assert sc.order()[0] == "sela"
    assert sc.since(events.IB_JUMP) == [(events.IB_JUMP, sc.u("sela"))]
    assert sc.since(events.DECLARE) == []
    sc.target("marta").decline_all()  # 4 damage and Move Back 3 (Marta is last already)
    assert sc.hp("marta") == 14
    assert sc.text() == "pim ilse wren marta | sela"


def test_ib_3_7_7_an_initiative_break_is_not_an_activation() -> None:
    sc = Scenario()
    sc.track("pim ilse wren sela marta |").set("sela", charge=3).hand(0, 3).run()
    sc.mark().declare("sela").run()
    sc.target("marta").decline_all()
    assert sc.state.activations == 1  # only Pim's activation has started
    assert sc.since(events.ACT_START) == [(events.ACT_START, sc.u("pim"), 1)]
    assert len(sc.state.hands[0]) == 3  # no draw for the breaking seat
    assert sc.since(events.MOVEMENT, events.RM_STEP) == []  # no Speed, no RM (AMB-21)
    assert sc.state.track.rm == 4


def test_ib_5_2_5_a_sealed_unit_cannot_declare_an_initiative_break() -> None:
    sc = Scenario()
    sc.track("pim ilse wren sela marta |").set("sela", charge=3, status=["seal"]).run()
    assert sc.window() is None
    assert sc.at_action("pim")
