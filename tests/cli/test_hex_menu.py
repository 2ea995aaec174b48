"""The hex skirmish prompt over real games: every legal action of the deciding seat is
offered in the menu, numbered, and both its number and its text choose it; a whole
game played through the prompt ends, and its record replays."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

from initiative.bots.random_bot import Decision, RandomBot
from initiative.cli.hex.play import run
from initiative.cli.hex.prompt import parse_choice
from initiative.cli.hex.screen import menu_lines, screen
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.hex.actions import Kind, action_text
from initiative.games.hex.board_text import choice_marks
from initiative.games.hex.record import HexRecord, replay
from initiative.games.hex.state import HexState

GAMES = 40
MAX_GAMES = 400
SHORT = {"round_limit": 3}
VARIANTS = ({}, {"initiative_reveal": "one_per_turn"}, {"move_exact": False},
            {"allow_voluntary_pass": True, "barrage_dice": "shared_roll"})
"""House rules that add or change choices (HX-A1, HX-A7 `stop`, HX-A17 `pass`, HX-A12)."""


def _decisions(seed: int, players: int) -> Iterator[tuple[int, HexState]]:
    """Every seat decision of one random game: (seat, state) before it is applied."""
    rules = {"round_limit": 6, **VARIANTS[seed % len(VARIANTS)]}
    game = load_game("hex_skirmish", players=players, rules=rules)
    state = game.new_initial_state(seed)
    bot = RandomBot(SplitMix64(seed).next64())
    while not state.is_terminal():
        seat = state.current_seat()
        yield seat, state
        state.apply(bot.choose(Decision(seat, state.legal_actions())))


def test_every_legal_action_is_in_the_menu_by_number_and_text() -> None:
    decisions = 0
    kinds: set[Kind] = set()
    for seed in range(MAX_GAMES):  # at least GAMES games, on until every kind was offered
        if seed >= GAMES and kinds == set(Kind):
            break
        for seat, state in _decisions(seed, 2 + seed % 3):
            legal = list(state.legal_actions())
            view = state.view(seat).to_dict()
            menu = menu_lines(view)
            text = screen(view, 0)
            assert len(menu) == len(legal)
            for n, (action, line) in enumerate(zip(legal, menu, strict=True), start=1):
                assert line.lstrip().startswith(f"{n}. {action_text(action)} ")
                assert line in text
                assert parse_choice(str(n), view["legal"]) == action
                assert parse_choice(action_text(action), view["legal"]) == action
            assert all(1 <= n <= len(legal) for n in choice_marks(view).values())
            kinds.update(a.kind for a in legal)
            decisions += 1
    assert decisions > 500
    assert kinds == set(Kind), "the games reach every kind of choice"


def _answers() -> Iterator[str]:
    yield "help"
    yield "card dash"
    yield "banana"
    yield "0"
    while True:
        yield "1"


def test_a_whole_game_through_the_prompt_is_recorded_and_replays(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    feed = _answers()

    def read(prompt: str) -> str | None:
        return next(feed)

    game = load_game("hex_skirmish", rules=SHORT)
    path = tmp_path / "game.json"
    assert run(game, 11, [0], "random", console, read, path) == 0
    text = out.getvalue()
    assert "Answer with:" in text and "Dash (dash):" in text
    assert "'banana' is not a choice" in text and "There is no choice 0" in text
    assert "Game over" in text
    record = HexRecord.load(path)
    final = replay(record)
    assert final.is_terminal()
    assert f"Record saved to {path}" in text
