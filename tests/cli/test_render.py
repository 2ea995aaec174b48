"""Rendering and answer parsing in process: the track, the Round Marker, choices."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields

import pytest
from rich.console import Console

from initiative.cli.ib import render
from initiative.cli.ib.play import ChoiceError, parse_choice
from initiative.cli.rules import flag_rows
from initiative.engine.rng import SplitMix64
from initiative.games.ib import frames
from initiative.games.ib.actions import Kind
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.listing import LISTING
from initiative.games.ib.match import fixture_match
from initiative.games.ib.movetext import format_action
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.text import describe
from tests.cli.helpers import run_cli


def _text(renderable: object) -> str:
    console = Console(width=200, no_color=True)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def _find(predicate: Callable[[IBState], bool], seeds: range = range(60)) -> IBState:
    """The first decision of a random game where `predicate` holds."""
    match = fixture_match()
    for seed in seeds:
        state, rng = new_game(match, seed), SplitMix64(seed)
        while not state.is_terminal():
            if predicate(state):
                return state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    raise AssertionError("no such position in the random games")


def test_round_marker_sits_between_slots() -> None:
    state = _find(lambda s: s.track.rm is not None and 0 < s.track.rm < len(s.track.order) - 1)
    view = state.view(state.current_seat())
    rm = view.rm
    assert rm is not None
    line = render.track_line(view).plain
    before, after = line.split(render.RM_MARK)
    labels = view.unit_labels
    for slot, u in enumerate(view.order):
        if slot < rm:
            assert labels[u] in before and f"{labels[u]}(out)" not in line
        else:
            assert f"{labels[u]}(out)" in after
    table = _text(render.unit_table(view))
    assert table.index("Round Marker") > table.index(labels[view.order[rm - 1]])
    assert " out " in table


def test_time_collapse_is_shown_instead_of_the_marker() -> None:
    state = _find(lambda s: s.track.rm is None and s.current_seat() >= 0)
    view = state.view(state.current_seat())
    line = render.track_line(view).plain
    assert "TIME COLLAPSE" in line and render.RM_MARK not in line and "(out)" not in line
    assert "TIME COLLAPSE" in render.header(view).plain
    assert f"Round {view.round}" not in render.header(view).plain  # IB 3.6.2: no rounds


def test_active_unit_is_marked() -> None:
    state = _find(lambda s: s.stack[-1].tag == frames.ACTIVATION)
    view = state.view(state.current_seat())
    active = describe.active_unit(view)
    assert active == view.order[0]
    assert render.track_line(view).plain.startswith(
        f"Track (left acts first): {render.ACTIVE_MARK}{view.unit_labels[active]}")


def test_target_choices_say_who_they_are() -> None:
    state = _find(lambda s: any(a.kind == Kind.TARGET for a in s.legal_actions()))
    view = state.view(state.current_seat())
    for action in view.legal:
        unit = view.units[action.arg]
        meaning = describe.describe_action(view, state.match, action)
        assert meaning.startswith(f"{unit.who}: {unit.hp}/{unit.max_hp} HP")
        assert unit.who.endswith(f"({view.seat_names[unit.seat]})")  # whose, said once
        assert meaning.endswith((", enemy", ", you", ", ally")), meaning
    assert "choose the target of clause 1" in describe.decision_title(view, state.match)
    moves = [format_action(state, a) for a in view.legal]
    flat = " ".join(_text(render.choices_table(view, state.match, moves)).split())
    unit = view.units[view.legal[0].arg]
    assert f"1. target {unit.label} — {unit.who}: {unit.hp}/{unit.max_hp} HP" in flat


def test_screen_lists_numbered_moves_and_own_hand_only() -> None:
    state = _find(lambda s: s.stack[-1].tag == frames.ACTIVATION and s.activations > 6)
    seat = state.current_seat()
    view = state.view(seat)
    moves = [format_action(state, a) for a in view.legal]
    text = _text(render.screen(view, state.match, moves, 0))
    flat = " ".join(text.split())
    assert "1. basic — Basic Attack" in flat
    assert f"Your hand ({len(view.hand)}):" in flat
    for card in view.hand:
        assert view.card_name(card) in flat
    assert f"hand {len(state.hands[1 - seat])}," in flat


def test_parse_choice_accepts_numbers_and_move_text() -> None:
    state = new_game(fixture_match(), 1)
    legal = state.legal_actions()
    moves = [format_action(state, a) for a in legal]
    assert parse_choice("1", state, legal, moves) == legal[0]
    assert parse_choice(" 2 ", state, legal, moves) == legal[1]
    assert parse_choice("KEEP", state, legal, moves).kind == Kind.KEEP
    for bad, message in (("banana", "is not a legal move here"), ("3", "no choice 3"),
                         ("", "Please enter"), ("pass", "legal: keep, mulligan")):
        with pytest.raises(ChoiceError, match=message):
            parse_choice(bad, state, legal, moves)


def test_rules_lists_every_flag_with_its_default() -> None:
    rows = flag_rows(LISTING.sections[0])
    assert [r.name for r in rows] == [f.name for f in fields(RulesConfig)]
    done = run_cli(["rules"])
    assert done.returncode == 0
    default = RulesConfig()
    for row in rows:
        assert f"\n{row.name} = {row.default} [" in done.stdout
        value = getattr(default, row.name)
        assert row.default == (str(value).lower() if isinstance(value, bool) else str(value))
    assert "out_of_round_rule = positional [AMB-03] (or passed_by_rm): " in done.stdout
    assert "max_activations = 400 [IB-3.6.5] (or any whole number): " in done.stdout


@pytest.mark.parametrize(("teams", "flags"), [
    (("fixture_tempest", "fixture_harrow"), {}),
    (("fixture_tempest", "fixture_harrow"), {"out_of_round_rule": "passed_by_rm", "orphaned_action":
                             "retarget", "status_stacking": "stack",
                             "discards_public": False}),
    (("tideguard", "ashfall"), {"sigil_use_is_action": False}),
    (("lanternwatch", "ashfall"), {}),
])
def test_every_decision_renders(teams: tuple[str, str], flags: dict[str, object]) -> None:
    """Random games: every decision is described in words (never an action's repr);
    every eighth whole screen renders."""
    match = fixture_match(*teams, RulesConfig().with_flags(flags))
    kinds: set[Kind] = set()
    console = Console(width=100, no_color=True)
    for seed in range(4):
        state, rng = new_game(match, seed), SplitMix64(seed)
        seen = [0, 0]
        while not state.is_terminal():
            seat = state.current_seat()
            view = state.view(seat)
            assert describe.decision_title(view, match)
            for action in view.legal:
                words = describe.describe_action(view, match, action)
                assert words and "Action(" not in words, action
            if state.activations % 8 == 0:
                moves = [format_action(state, a) for a in view.legal]
                with console.capture():
                    console.print(render.screen(view, match, moves, seen[seat]))
                seen[seat] = len(view.log)
            kinds.update(a.kind for a in view.legal)
            state.apply(view.legal[rng.below(len(view.legal))])
        assert render.result_text(state.view(0), match).plain.startswith("Result: ")
    assert {Kind.KEEP, Kind.BASIC, Kind.TARGET, Kind.BREAK, Kind.DECLINE} <= kinds


def test_supports_in_play_are_listed_and_can_be_chosen_as_targets() -> None:
    """Lanternwatch plays Support Characters: the screen lists them with their HP and
    side, and a clause that may pick one offers it by label."""
    match = fixture_match("lanternwatch", "lanternwatch")
    for seed in range(40):
        state, rng = new_game(match, seed), SplitMix64(seed)
        while not state.is_terminal():
            view = state.view(state.current_seat())
            support = [a for a in view.legal if a.kind == Kind.TARGET_SUPPORT]
            if support:
                unit = view.units[support[0].arg + match.num_characters]
                screen = _text(render.screen(view, match, [
                    format_action(state, a) for a in view.legal], 0))
                assert "Supports in play: " in screen and unit.name in screen
                move = format_action(state, support[0])
                assert move == f"target {unit.label}"
                assert "Support" in describe.describe_action(view, match, support[0])
                return
            state.apply(view.legal[rng.below(len(view.legal))])
    raise AssertionError("no Support was ever a legal target")
