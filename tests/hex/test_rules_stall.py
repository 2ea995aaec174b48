"""A round in which nobody plays a card (HX-13, HX-15, HX-A5, HX-A17, flag `stall_end`),
on content written as a designer writes it: after such a round the rules go back to the
draw phase, whose new hands may hold a playable card; the game ends, as at the round
limit, only once nobody can ever play again (or, under `idle_round`, at once)."""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.bots import ask, make_bot
from initiative.engine.chance import DRAW, Outcome
from initiative.engine.contract import CHANCE
from initiative.games import load_game_as
from initiative.games.hex import events
from initiative.games.hex.actions import action_text
from initiative.games.hex.game import HexGame
from initiative.games.hex.state import HexState

CONTENT = """\
# Exhausting duels: under power_down_effect: cost_1_required, every section with a
# power-down icon costs a Power token, so a fighter without tokens must catch its breath.
default_board: yard
boards:
  - key: yard
    name: Yard
    radius: 2
    starts:
      2: [{hex: [0, 2], facing: N}, {hex: [0, -2], facing: S}]
styles:
  - key: jab
    name: Jab
    hexes: [{at: front, needs: 3}]
cards:
  - key: lunge
    name: Lunge
    move: {steps: 1, power: down}
    attack: {dice: 2, power: down}
    reaction: {shields: 1}
  - key: breathe
    name: Catch Your Breath
    move: {steps: 0, power: up}
    attack: {dice: 1, power: down}
    reaction: {shields: 1}
decks:
  - key: spent
    name: Spent
    cards: [lunge, lunge, lunge, lunge]
  - key: second_wind
    name: Second Wind
    cards: [lunge, lunge, lunge, lunge, breathe]
characters:
  - {key: ash, name: Ash, style: jab, deck: spent}
  - {key: birch, name: Birch, style: jab, deck: spent}
  - {key: cedar, name: Cedar, style: jab, deck: second_wind}
  - {key: dove, name: Dove, style: jab, deck: second_wind}
"""
LUNGE, BREATHE = Outcome(DRAW, 0), Outcome(DRAW, 1)
READINGS = ("no_playable_card", "idle_round")


def _game(tmp_path: Path, characters: str, stall_end: str,
          explicit_chance: bool = False) -> HexGame:
    path = tmp_path / "exhausting.yaml"
    path.write_text(CONTENT, encoding="utf-8")
    return load_game_as(HexGame, "hex_skirmish", content=str(path), characters=characters,
                        power_down_effect="cost_1_required", stall_end=stall_end,
                        explicit_chance=explicit_chance)


def _skipped(state: HexState) -> list[int]:
    return [e[1] for e in state.events() if e[0] == events.SKIP and e[2] == events.NO_PLAYABLE]


@pytest.mark.parametrize("stall_end", READINGS)
def test_hx15_nobody_can_ever_play_ends_the_game_as_the_round_limit_would(
        tmp_path: Path, stall_end: str) -> None:
    """Every card of both decks costs a token nobody has (HX-A3 cost_1_required): each
    turn is skipped (HX-13), and no draw can change that, so both readings end the game
    after round 1 as the round limit would (HX-A5: equal health, a draw)."""
    state = _game(tmp_path, "ash+birch", stall_end).new_initial_state(5)
    assert state.over and state.round == 1
    assert sorted(_skipped(state)) == [0, 0, 1, 1]
    assert state.winner is None and state.leaders == (0, 1)
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("stall_end", READINGS)
def test_hx15_after_a_round_nobody_plays_the_draw_phase_deals_new_hands(
        tmp_path: Path, stall_end: str) -> None:
    """Both players draw four Lunges and cannot pay for them, so round 1 passes without
    a card played. Each deck still holds Catch Your Breath (Move 0, HX-A21): under
    `no_playable_card` the rules go back to the draw phase (HX-15), where it may be
    drawn and played; under `idle_round` the game ends there."""
    state = _game(tmp_path, "cedar+dove", stall_end, explicit_chance=True).new_initial_state(0)
    _deal(state, [LUNGE] * 4, [LUNGE] * 4)  # round 1: nobody can pay for a Lunge
    if stall_end == "idle_round":
        assert state.over and state.round == 1 and state.winner is None
        assert sorted(_skipped(state)) == [0, 0, 1, 1]
        return
    # HX-15: the rules run on into round 2's draw phase, still a chance node (the
    # state shows nothing of round 1 until the next decision is reached)
    assert not state.over and state.current_seat() == CHANCE
    _deal(state, [BREATHE] + [LUNGE] * 3, [LUNGE] * 4)  # HX-2..HX-4: all cards dealt again
    assert sorted(_skipped(state)) == [0, 0, 1, 1] and state.round == 2
    assert [e[1] for e in state.events() if e[0] == events.ROUND] == [1, 2]
    assert state.current_seat() == 0 and state.active == 0
    assert [action_text(a) for a in state.legal_actions()] == ["move 0"]


def _deal(state: HexState, *hands: list[Outcome]) -> None:
    """A round's chance: each seat's four cards (HX-4), then the line 0, 1, 0, 1."""
    for hand in hands:
        for card in hand:
            state.apply(card)
    for seat in (0, 1, 0, 1):  # HX-5..HX-9
        state.apply(Outcome(DRAW, seat))


def test_hxa17_players_who_all_pass_play_on_into_the_next_round(tmp_path: Path) -> None:
    """HX-A17 allow_voluntary_pass: a round in which everyone passes changes nothing,
    but the players could have played, so the rules go back to the draw phase (HX-15)."""
    path = tmp_path / "exhausting.yaml"
    path.write_text(CONTENT, encoding="utf-8")
    game = load_game_as(HexGame, "hex_skirmish", content=str(path),
                        characters="cedar+dove", allow_voluntary_pass=True)
    state = game.new_initial_state(2)
    while state.round == 1:
        assert "pass" in [action_text(a) for a in state.legal_actions()]
        state.apply(next(a for a in state.legal_actions() if action_text(a) == "pass"))
    assert not state.over and state.round == 2
    assert not any(e[0] == events.PLAY for e in state.events())


def test_bots_that_may_pass_still_finish_their_games() -> None:
    """HX-A17 allow_voluntary_pass with no round limit: a round everyone passes no longer
    ends the game (HX-15), and the lookahead bots, which pass only when passing scores
    best, still play their games to an end (HX-A5)."""
    game = load_game_as(HexGame, "hex_skirmish", allow_voluntary_pass=True)
    for seed in range(3):
        state = game.new_initial_state(seed)
        bots = [make_bot("heuristic", game, 10 * seed + s) for s in range(2)]
        while not state.is_terminal() and state.round <= 40:
            seat = state.current_seat()
            state.apply(ask(bots[seat], state, seat))
        assert state.over and state.winner is not None
