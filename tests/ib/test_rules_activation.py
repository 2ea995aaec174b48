"""IB 3.2-3.6: the activation steps in order, movement, deferred moves, the Round
Marker and round end (with the once-per-round refresh), and the Time Collapse trigger."""

from __future__ import annotations

from scenario import Scenario

from initiative.games.ib import events
from initiative.games.ib.actions import Kind


def test_ib_3_2_1_the_six_steps_run_in_order() -> None:
    sc = Scenario()
    sc.track("brask pim sela |").set("brask", status=["burn"]).hand(0, 4)
    sc.mark().run()
    sc.play(Kind.BASIC, "pim")
    wanted = (events.ACT_START, events.BURN, events.DAMAGE, events.DRAW, events.DECLARE,
              events.CHARGE, events.MOVEMENT, events.RM_STEP)
    got = [e[0] for e in sc.since(*wanted)]
    # Status Check (Burn), Draw, Action (declared, damage, Charge), Movement, RM step.
    assert got == [events.ACT_START, events.BURN, events.DAMAGE, events.DRAW,
                   events.DECLARE, events.DAMAGE, events.CHARGE, events.MOVEMENT,
                   events.RM_STEP, events.ACT_START]
    assert sc.hp("brask") == 15
    assert sc.hp("pim") == 5


def test_ib_3_3_1_the_mover_passes_as_many_units_as_its_speed() -> None:
    # Wren, Speed 4, goes right past four units; the RM step then passes Brask.
    sc = Scenario()
    sc.track("wren pim sela ilse corvin brask |").run()
    sc.play(Kind.PASS)
    assert sc.text() == "pim sela ilse corvin wren | brask"


def test_ib_3_4_6_the_active_units_own_move_up_waits_for_its_speed_move() -> None:
    # Sela's Advanced Attack moves herself up 1: right 3 first, then left 1.
    sc = Scenario()
    sc.track("sela pim ilse corvin marta |").set("sela", charge=1).run()
    sc.mark().play(Kind.ADVANCED, "pim")
    assert sc.since(events.DEFER) == [(events.DEFER, sc.u("sela"), -1)]
    assert sc.text() == "pim ilse sela corvin | marta"


def test_ib_4_9_a_passing_unit_still_draws_and_moves() -> None:
    sc = Scenario()
    sc.track("brask pim sela |").hand(0, 3).run()
    assert len(sc.state.hands[0]) == 4
    sc.mark().play(Kind.PASS)
    assert sc.since(events.PASS) == [(events.PASS, sc.u("brask"))]
    assert sc.text() == "pim sela | brask"


def test_ib_3_5_2_the_rm_steps_left_once_after_every_activation() -> None:
    sc = Scenario()
    sc.track("pim sela ilse wren corvin brask odo marta |").run()
    for rm in (7, 6, 5):
        sc.play(Kind.PASS)
        assert sc.state.track.rm == rm


def test_ib_3_5_3_out_of_round_units_are_skipped_but_can_be_targeted() -> None:
    sc = Scenario()
    sc.track("brask pim | marta").run()
    assert sc.oor("marta")
    sc.play(Kind.BASIC, "marta")
    assert sc.hp("marta") == 15
    assert sc.acting() == "pim"


def test_ib_3_5_4_round_end_resets_the_rm_and_refreshes_once_per_round_usages() -> None:
    sc = Scenario()
    sc.track("brask pim sela | marta").run()
    sc.state.used[sc.u("marta")] = 0b11
    sc.state.used[sc.u("brask")] = 0b1
    sc.play(Kind.PASS)  # Brask crosses the RM; the RM step leaves only Pim in round
    assert sc.text() == "pim | sela marta brask"
    assert sc.state.track.round == 1
    assert sc.state.used[sc.u("marta")] == 0b11  # not refreshed by a plain RM step
    sc.mark().play(Kind.PASS)  # Pim's activation: the RM reaches the far left
    assert sc.state.track.round == 2
    assert sc.state.track.rm == 4
    assert sc.state.used == [0] * len(sc.state.used)
    assert sc.since(events.ROUND) == [(events.ROUND, 2)]


def test_ib_3_6_1_time_collapse_when_units_are_no_more_than_the_lowest_speed() -> None:
    # Pim's defeat leaves 3 units whose lowest Speed is 5.
    sc = Scenario()
    sc.track("brask pim marta odo |").set("pim", hp=1).run()
    sc.mark().play(Kind.BASIC, "pim")
    assert sc.since(events.COLLAPSE) == [(events.COLLAPSE,)]
    assert sc.state.track.rm is None
    # No rounds any more: the round counter stays, no RM steps are logged.
    for _ in range(6):
        sc.play(Kind.PASS)
    assert sc.state.track.round == 1
    assert sc.since(events.RM_STEP, events.ROUND) == []


def test_ib_3_6_1_no_collapse_while_units_outnumber_the_lowest_speed() -> None:
    # 4 units remain, lowest Speed 3 (Sela): no collapse.
    sc = Scenario()
    sc.track("brask pim marta odo sela |").set("pim", hp=1).run()
    sc.play(Kind.BASIC, "pim")
    assert sc.state.track.rm is not None
    assert not any(e[0] == events.COLLAPSE for e in sc.state.events())
