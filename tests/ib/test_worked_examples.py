"""Every worked example of the rulebook, played from a loaded position (tests/ib/positions).

The sample characters stand in for the rulebook's; each position file says who plays
whom. Rule ids refer to ../shared/IB-RULINGS.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from initiative.games.ib import breaks, events
from initiative.games.ib import statuses as st
from initiative.games.ib.frames import ACTIVATION
from initiative.games.ib.movetext import legal_moves, parse_action
from initiative.games.ib.notation import load_position
from initiative.games.ib.state import IBState
from tests.ib.scenario import rules_content

POSITIONS = Path(__file__).parent / "positions"


def load(name: str, **overrides: Any) -> IBState:
    """Load positions/<name>.yaml, with top-level fields replaced by `overrides`, on the
    Characters the rules tests were worked out on (scenario.rules_content)."""
    data = yaml.safe_load((POSITIONS / f"{name}.yaml").read_text(encoding="utf-8"))
    data.update(overrides)
    return load_position(data, rules_content())


def play(state: IBState, *moves: str) -> None:
    for move in moves:
        state.apply(parse_action(state, move))


def unit(state: IBState, label: str) -> int:
    return state.match.labels.index(label)


def track(state: IBState) -> list[str]:
    return [state.match.labels[u] for u in state.track.order]


def test_ib_3_3_1_kaede_moves_back_by_speed_4() -> None:
    """Kaede > Ember > Lyra > Rowan > Alaric becomes Ember > Lyra > Rowan > Alaric > Kaede."""
    state = load("ib_3_3_kaede_moves_back")
    assert track(state) == ["wren", "ilse", "corvin", "brask", "marta"]
    play(state, "pass")
    assert track(state) == ["ilse", "corvin", "brask", "marta", "wren"]
    assert (events.MOVEMENT, unit(state, "wren"), 4, 0) in state.events()
    # IB 3.3.1 / 3.1.2: Ember (ilse) slid into the active slot and now acts.
    assert (state.stack[0].tag, state.stack[0].unit) == (ACTIVATION, unit(state, "ilse"))
    assert state.current_seat() == 1


def test_ib_3_4_6_speed_3_with_move_up_1_moves_right_3_then_left_1() -> None:
    state = load("ib_3_4_6_deferred_move_up")
    sela = unit(state, "sela")
    play(state, "advanced", "target corvin")
    # The Move Up waited for the Movement Step (IB 3.4.6), which has now run.
    assert (events.DEFER, sela, -1) in state.events()
    assert state.pending[sela] == ()
    # Right 3: ilse wren corvin SELA brask marta; then left 1: slot 2.
    assert track(state) == ["ilse", "wren", "sela", "corvin", "brask", "marta"]
    assert state.track.slot(sela) == 2


def test_ib_3_4_6_pending_move_up_given_in_the_position() -> None:
    """The same example with the Move Up already pending in the position file."""
    state = load("ib_3_4_6_deferred_move_up", units={"sela": {"pending": ["up 1"]}})
    play(state, "pass")
    assert track(state) == ["ilse", "wren", "sela", "corvin", "brask", "marta"]


def test_ib_5_2_1_burn_defeats_a_unit_at_1_hp_before_it_acts() -> None:
    state = load("ib_5_2_1_burn_at_one_hp")
    brask = unit(state, "brask")
    assert not state.on_track(brask)
    log = list(state.events())
    assert log[:3] == [(events.BURN, brask), (events.DAMAGE, -1, brask, 1, 0),
                       (events.DEFEAT, brask)]
    assert not any(e[0] in (events.DECLARE, events.PASS) and e[1] == brask for e in log)
    # The next unit (ilse) is now the one deciding.
    assert (state.stack[0].tag, state.stack[0].unit) == (ACTIVATION, unit(state, "ilse"))


def test_ib_5_2_2_insight_turns_a_2_damage_basic_attack_into_3() -> None:
    state = load("ib_5_2_2_insight")
    wren, ilse = unit(state, "wren"), unit(state, "ilse")
    play(state, "basic", "target ilse")
    assert (events.DAMAGE, wren, ilse, 3, 8, 2, events.PART_INSIGHT, 1) in state.events()
    assert "Ilse Varga (South) takes 3 damage (2 + 1 Insight) from Wren Aldous (North): " \
        "8 HP left." in state.view(0).sentences(state.match)
    assert state.hp[ilse] == 11 - 3
    assert not st.count(state.status[wren], st.INSIGHT)  # used up (IB 5.1.5)


def test_ib_5_2_3_guard_halves_5_damage_to_2() -> None:
    state = load("ib_5_2_3_guard")
    courier, odo = unit(state, "sela_courier"), unit(state, "odo")
    play(state, "breakart", "target odo")
    assert (events.DAMAGE, courier, odo, 2, 18, 5, events.PART_GUARD, -3) in state.events()
    assert any("takes 2 damage (5 - 3 Guard (half)) from" in line
               for line in state.view(0).sentences(state.match))
    assert state.hp[odo] == 20 - 2
    assert not st.count(state.status[odo], st.GUARD)


def test_ib_5_2_5_sealed_unit_with_3_charge_can_neither_break_art_nor_break() -> None:
    state = load("ib_5_2_5_seal_with_three_charge")
    brask = unit(state, "brask")
    assert (events.SEALED, brask) in state.events()
    assert state.charge[brask] == 3
    assert legal_moves(state) == ["pass", "discard 1"]  # no attack, no Break Art
    assert breaks.eligible(state, 0) == []  # no Initiative Break during this activation
    play(state, "pass")
    # After that activation ends, the Break is available again (first window: between).
    assert state.current_seat() == 0
    assert legal_moves(state) == ["break brask", "decline"]


def test_ib_5_2_6_weaken_turns_3_damage_into_5() -> None:
    state = load("ib_5_2_6_weaken")
    brask, ilse = unit(state, "brask"), unit(state, "ilse")
    play(state, "basic", "target ilse")
    assert (events.DAMAGE, brask, ilse, 5, 6, 3, events.PART_WEAKEN, 2) in state.events()
    assert any("takes 5 damage (3 + 2 Weaken) from" in line  # the issue's own example
               for line in state.view(0).sentences(state.match))
    assert not st.count(state.status[ilse], st.WEAKEN)


def test_ib_5_2_7_stunned_speed_5_unit_skips_its_action_and_moves_right_5() -> None:
    state = load("ib_5_2_7_stun_speed_5")
    brask = unit(state, "brask")
    log = list(state.events())
    movement = (events.MOVEMENT, brask, 5, 0)
    # Nothing between the Stun and the Speed move: no draw, no action (AMB-09 default).
    assert log[: log.index(movement)] == [(events.STUNNED, brask)]
    assert state.track.slot(brask) == 5
    assert track(state) == ["wren", "sela", "odo", "ilse", "corvin", "brask", "pim", "marta"]
    assert state.status[brask] == 0
    assert (state.stack[0].tag, state.stack[0].unit) == (ACTIVATION, unit(state, "wren"))
