"""Issue 27 item 2, "no work the rules do not need": each saving leaves every game as it
was. Random games are played both ways and must agree bit for bit (the actions chosen,
the final position, the generator's state and the result)."""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from initiative.bots.make import make_bot
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.hex import movement as hex_movement
from initiative.games.hex import reach as hex_reach
from initiative.games.hex import record as hex_record
from initiative.games.hex.notation import position_of as hex_position
from initiative.games.ib import actions as ib_actions
from initiative.games.ib import activation as ib_activation
from initiative.games.ib import frames as ib_frames
from initiative.games.ib import record as ib_record
from initiative.games.ib import sigils as ib_sigils
from initiative.games.ib import signatures as ib_signatures
from initiative.games.ib import specs as ib_specs
from initiative.games.ib import supports as ib_supports
from initiative.games.ib.movetext import parse_action
from initiative.games.ib.notation import position_to_dict as ib_position
from initiative.games.ti import actions as ti_actions
from initiative.games.ti import record as ti_record
from initiative.games.ti.notation import position_of as ti_position

POSITION: dict[str, Callable[[Any], dict[str, Any]]] = {
    "initiative_break": ib_position,
    "hex_skirmish": hex_position,
    "the_initiative": ti_position,
}
GOLDEN = Path(__file__).resolve().parents[1] / "golden"
STACK_GAMES = ("hex_skirmish", "the_initiative")  # the games on engine/stack_state.py
SEEDS = range(6)


def play(state: Any, seed: int, pick: Callable[[Any], Any] = lambda a: a) -> tuple[Any, ...]:
    """A random game from `state` (choices by SplitMix64(seed)), each chosen action
    passed through `pick` before it is applied; (actions, final position, rng, result)."""
    rng = SplitMix64(seed)
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        actions.append(action)
        state.apply(pick(action))
    return actions, state.returns(), state.rng.to_data(), state


def final(game: str, played: tuple[Any, ...]) -> tuple[Any, ...]:
    actions, returns, rng, state = played
    return actions, returns, rng, POSITION[game](state)


@pytest.mark.parametrize("game", STACK_GAMES)
def test_the_legal_list_is_the_cached_tuple_not_a_copy(game: str) -> None:
    state = load_game(game).new_initial_state(1)
    legal = state.legal_actions()
    assert isinstance(legal, tuple)
    assert state.legal_actions() is legal
    assert state.legal_actions(state.current_seat()) is legal


@pytest.mark.parametrize("game", STACK_GAMES)
def test_an_equal_twin_of_each_action_plays_the_same_game(game: str) -> None:
    """The check finds a listed action by identity; an equal copy (a parsed action)
    is still found by equality, and the game is the same either way."""
    loaded = load_game(game)
    first = loaded.new_initial_state(0).legal_actions()[0]
    assert copy.deepcopy(first) is not first and copy.deepcopy(first) == first
    for seed in SEEDS:
        same = play(loaded.new_initial_state(seed), seed + 99)
        twin = play(loaded.new_initial_state(seed), seed + 99, copy.deepcopy)
        assert final(game, same) == final(game, twin)


# --- the no-log mode -------------------------------------------------------------

NO_LOG_SETUPS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("initiative_break", {}),
    ("initiative_break", {"teams": ["tideguard", "ashfall"]}),
    # IB 3.2.4: a pause after the Draw Step reads the last event (activation.py)
    ("initiative_break", {"rules": {"ib_windows": "every_step"}}),
    ("hex_skirmish", {}),
    ("hex_skirmish", {"players": 4}),
    ("the_initiative", {}),
)


def without_log(state: Any) -> Any:
    state.drop_log()
    return state


@pytest.mark.parametrize(("game", "params"), NO_LOG_SETUPS)
def test_a_game_without_its_log_is_the_same_game(game: str, params: dict[str, Any]) -> None:
    loaded = load_game(game, **params)
    for seed in SEEDS:
        kept = play(loaded.new_initial_state(seed), seed + 7)
        dropped = play(without_log(loaded.new_initial_state(seed)), seed + 7)
        assert final(game, kept) == final(game, dropped)
        assert kept[3].log_kept and kept[3].events()
        assert not dropped[3].log_kept and not dropped[3].events()


@pytest.mark.parametrize("game", sorted(POSITION))
def test_clones_of_a_state_without_log_play_on_alike(game: str) -> None:
    """A clone keeps the log off; clones taken mid-game finish as their origin does."""
    state = without_log(load_game(game).new_initial_state(3))
    rng = SplitMix64(5)
    for _ in range(40):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    twin = state.clone()
    assert not twin.log_kept
    assert final(game, play(state, 11)) == final(game, play(twin, 11))


def test_views_of_a_state_without_log_show_no_log() -> None:
    for game in sorted(POSITION):
        state = without_log(load_game(game).new_initial_state(2))
        view = state.view(0)
        assert not state.log_kept
        assert not getattr(view, "log", getattr(view, "events", ()))


DEALS = {game: importlib.import_module(f"initiative.bots.{short}.heuristic")
         for game, short in (("initiative_break", "ib"), ("hex_skirmish", "hex"),
                             ("the_initiative", "ti"))}
"""Each game's bot module, whose dealer deals its search's worlds (`ViewDeal`; the
package's `heuristic` is a function, hence the import by name)."""


def search_game(game: str, monkeypatch: pytest.MonkeyPatch, keep_log: bool) -> list[Any]:
    """Seat 0 an ISMCTS bot (its worlds without log unless `keep_log`), the others
    random, for the first decisions of a game; the actions chosen."""
    with monkeypatch.context() as patch:
        if keep_log:
            deal = DEALS[game].ViewDeal
            patch.setattr(DEALS[game], "ViewDeal",
                          lambda setup, view, keep_log: deal(setup, view, keep_log=True))
        loaded = load_game(game)
        bot = make_bot("ismcts@25", loaded, 4)
        state, rng, chosen = loaded.new_initial_state(4), SplitMix64(8), []
        while not state.is_terminal() and len(chosen) < 12:
            seat = state.current_seat()
            legal = state.legal_actions()
            action = bot.choose(state.view(seat)) if seat == 0 else \
                legal[rng.below(len(legal))]
            chosen.append(action)
            state.apply(action)
        return chosen


@pytest.mark.parametrize("game", sorted(POSITION))
def test_search_without_the_worlds_logs_chooses_the_same(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert search_game(game, monkeypatch, False) == search_game(game, monkeypatch, True)


def check_golden_without_log(start: Any, steps: Any, final_hash: str, hash_of: Any) -> None:
    without_log(start)
    for step in steps:
        start.apply(step)
    assert hash_of(start) == final_hash


@pytest.mark.parametrize("name", sorted(ib_record.GOLDEN))
def test_ib_golden_records_replay_without_the_log(name: str) -> None:
    record = ib_record.GameRecord.load(GOLDEN / f"{name}.json")
    state = without_log(ib_record._start(record.match(), record.seed, record.agreed_order))
    for text in record.actions:
        state.apply(parse_action(state, text))
    assert state.result == record.result
    assert ib_record.position_hash(state) == record.final_hash


@pytest.mark.parametrize("name", sorted(hex_record.GOLDEN))
def test_hex_golden_records_replay_without_the_log(name: str) -> None:
    record = hex_record.HexRecord.load(GOLDEN / "hex" / f"{name}.json")
    check_golden_without_log(hex_record.replay_prefix(record, 0), record.steps(),
                             record.final_hash, hex_record.position_hash)


@pytest.mark.parametrize("name", sorted(ti_record.GOLDEN))
def test_ti_golden_records_replay_without_the_log(name: str) -> None:
    record = ti_record.TIRecord.load(GOLDEN / "ti" / f"{name}.json")
    check_golden_without_log(ti_record.replay_prefix(record, 0), record.steps(),
                             record.final_hash, ti_record.position_hash)


HEX_MOVE_RULES: tuple[dict[str, Any], ...] = (
    {}, {"move_exact": False}, {"move_any_direction": False},
    {"displace_limit_per_move": "one", "board_edge_is_wall": False},
)


@pytest.mark.parametrize("rules", HEX_MOVE_RULES)
def test_hex_move_look_ahead_agrees_with_the_first_frame(rules: dict[str, Any]) -> None:
    """HX-A21 (`reach.move_exists`, no frame built) against
    `reach.can_complete` of the move's first frame (`movement.begin`), for every unit,
    length and displacement at every decision of random games (HX-16..HX-21, HX-A7,
    HX-A8, HX-A9)."""
    loaded = load_game("hex_skirmish", players=3, rules=rules)
    checked = 0
    for seed in range(3):
        state, rng = loaded.new_initial_state(seed), SplitMix64(seed)
        while not state.is_terminal():
            for unit, pos in enumerate(state.hexes):
                if pos is None:
                    continue
                for steps in (1, 2, 3):
                    for displace in (False, True):
                        frame = hex_movement.begin(state, unit, -1, 0, steps, displace)
                        assert hex_reach.move_exists(state, unit, steps, displace) == \
                            (frame is not None)
                        checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert checked > 1000


def test_ti_actions_by_kind_are_the_interned_actions() -> None:
    """The Initiative's action tuples the rules index (`of_kind`, `plays_of`,
    `tucks_of`) hold exactly the interned actions `act`, `play` and `tuck` give."""
    for kind in ti_actions.Kind:
        by_arg = ti_actions.of_kind(kind)
        assert len(by_arg) == ti_actions.SIZES[kind]
        assert all(a is ti_actions.act(kind, arg) for arg, a in enumerate(by_arg))
    for pile in range(ti_actions.NUM_PILES):
        assert all(a is ti_actions.play(pile, c) for c, a in enumerate(ti_actions.plays_of(pile)))
        assert len(ti_actions.plays_of(pile)) == ti_actions.MAX_CARDS
    for enemy in range(ti_actions.MAX_ENEMIES):
        assert all(a is ti_actions.tuck(enemy, c)
                   for c, a in enumerate(ti_actions.tucks_of(enemy)))
        assert len(ti_actions.tucks_of(enemy)) == ti_actions.MAX_CARDS


def _reference_cards(state: Any, unit: int, flags: int) -> list[Any]:
    """The card part of IB's action menu as it was built before `Match.card_play_costs`
    (the code's kind, then its cost, per card): the oracle of the test below."""
    match = state.match
    hand = state.hands[match.unit_seat[unit]]
    sealed = bool(flags & ib_frames.F_SEALED) and ib_activation.restricted(
        state, unit, flags, ib_frames.F_SEALED)
    muted = bool(flags & ib_frames.F_MUTED) and ib_activation.restricted(
        state, unit, flags, ib_frames.F_MUTED)
    mine_only = match.config.signature_play == "own_character"
    out = []
    for slot, card in enumerate(hand):
        code = match.card_codes[card]
        if code == ib_specs.CARD_PLAIN or (
                mine_only and not ib_signatures.may_play(state, unit, card)):
            continue
        if code == ib_specs.CARD_SIGIL:
            if not muted and ib_sigils.recipients(state, unit, card):
                out.append(ib_actions.INSTALLS[slot])
        elif match.card_costs[card] <= len(hand) - 1 and not (
                code == ib_specs.CARD_TECHNIQUE and sealed):
            if code == ib_specs.CARD_SUPPORT and not ib_supports.can_enter(
                    state, match.unit_seat[unit], card):
                continue
            out.append(ib_actions.PLAYS[slot])
    return out


@pytest.mark.parametrize("rules", [{}, {"signature_play": "own_character"},
                                   {"sigil_installer_needs_type": True}])
@pytest.mark.parametrize("teams", [["tideguard", "ashfall"], None])
def test_ib_card_menu_agrees_with_the_card_by_card_reading(
        rules: dict[str, Any], teams: list[str] | None) -> None:
    """IB's card menu (a Technique or Event judged by its `Match.card_play_costs`
    entry) offers exactly what the reading by card kind and cost offered, at every
    Action Step of random games (IB 4.4-4.8, 5.2.4-5.2.5, AMB-47, IB 2.7.5)."""
    params: dict[str, Any] = {"rules": rules} | ({"teams": teams} if teams else {})
    loaded = load_game("initiative_break", **params)
    checked = 0
    for seed in range(6):
        state, rng = loaded.new_initial_state(seed), SplitMix64(seed + 7)
        while not state.is_terminal():
            top = state.stack[-1]
            legal = state.legal_actions()
            if top.tag == ib_frames.ACTIVATION and top.step == ib_frames.ST_ACTION:
                cards = [a for a in legal if a.kind in (ib_actions.Kind.PLAY,
                                                        ib_actions.Kind.INSTALL)]
                assert cards == _reference_cards(state, top.unit, top.flags)
                checked += bool(cards)
            state.apply(legal[rng.below(len(legal))])
    assert checked > 50
