"""The track's cadence at the opening of a mirror match (IB 3.1.3, 3.5.2-3.5.5; the
first-activation pass in docs/balance.md): with every unit passing, which side's units
act in the first two rounds depends on the opener's Speed alone. A Speed-3 opener gives
the side acting first more activations over the two rounds; a Speed-4 opener (Pim since
that pass) gives both sides the same number."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from initiative.games import load_game
from initiative.games.ib.actions import Kind
from initiative.games.ib.active import active_unit
from initiative.games.ib.content import core_content


def opening_activations(team: str, pim_speed: int | None = None) -> Counter[int]:
    """Activations per team in rounds 1 and 2 of `team`'s mirror, every unit passing;
    `pim_speed` sets Pim's Speed (the shipped one when None)."""
    content = core_content()
    if pim_speed is not None:
        characters = dict(content.characters)
        characters["pim"] = replace(characters["pim"], speed=pim_speed)
        content = replace(content, characters=characters)
    state = load_game("initiative_break", teams=[team, team], content=content) \
        .new_initial_state(0)
    counted: Counter[int] = Counter()
    seen = -1
    while state.track.round <= 2 and not state.is_terminal():
        unit = active_unit(state)
        if unit >= 0 and state.activations != seen:
            seen = state.activations
            counted[state.match.unit_team[unit]] += 1
        legal = state.legal_actions()
        passing = [a for a in legal if a.kind in (Kind.PASS, Kind.KEEP)]
        state.apply(passing[0] if passing else legal[0])
    return counted


def test_pim_opens_at_speed_4_and_both_sides_act_alike() -> None:
    assert core_content().characters["pim"].speed == 4
    counted = opening_activations("ashfall")
    assert counted == Counter({0: 6, 1: 6}), counted


def test_a_speed_3_opener_gives_the_first_side_more_activations() -> None:
    counted = opening_activations("ashfall", pim_speed=3)
    assert sorted(counted.values()) == [6, 8], counted
