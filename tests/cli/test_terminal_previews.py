"""Honest previews in the Initiative Break terminal (issue 25): before a choice that
completes an action, the menu says what the action would try and fail (a Move Up that
cannot happen, IB-3.4.3 and AMB-04) and what chance comes next in words ("Then you draw
a card"), never what the die, the draw or the random discard gives.

The warnings are the web table's (games/ib/preview.py, `preview_warnings`): the same
run stopped at the first chance node (engine.chance), read by both front ends."""

from __future__ import annotations

import random
import re
import sys
from typing import Any

import pexpect
import pytest
from rich.console import Console

from initiative.cli.ib import render
from initiative.cli.ib.play import NO_PREVIEW, option_notes
from initiative.engine.contract import CHANCE
from initiative.games import load_game
from initiative.games.ib import frames
from initiative.games.ib.actions import DECLINE, Action
from initiative.games.ib.chance import explicit
from initiative.games.ib.movetext import format_action
from initiative.games.ib.preview import MAX_PREVIEW_STEPS, closes_hidden_answers, in_progress
from initiative.games.ib.state import IBState
from tests.cli.helpers import ENV
from tests.cli.ib_previews import reach
from tests.cli.test_play_tty import PROMPT

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
AHEAD = "only the Active slot is ahead"
"""Why a unit just behind the Active slot cannot Move Up (IB-3.4.3, AMB-04 at_limit)."""


def _spawn(*args: str) -> Any:
    env = {k: v for k, v in ENV.items() if k not in ("NO_COLOR", "COLUMNS")}
    env["TERM"] = "xterm-256color"
    return pexpect.spawn(sys.executable, ["-m", "initiative.cli.main", "play", *args],
                         env=env, encoding="utf-8", timeout=60, dimensions=(60, 160))


def test_an_allys_move_up_that_would_fail_is_warned_before_it_is_chosen() -> None:
    """IB-3.4.3 (AMB-04): an ally just behind the Active slot cannot Move Up. The menu
    line of that target says so before the player picks it; picked anyway, the log
    then says the same."""
    at = reach(lambda note: any(AHEAD in w for w in note.warnings), range(1, 80))
    child = _spawn("--seed", str(at.seed), "--bot", "random")
    for n in at.typed:
        child.expect(PROMPT)
        child.sendline(str(n))
    child.expect(PROMPT)
    screen = ANSI.sub("", child.before)
    menu = screen[screen.rindex("─\r\n"):]  # the decision and its options
    lines = [line.strip() for line in menu.splitlines()]
    option = next(i for i, line in enumerate(lines) if line.startswith(f"{at.option}."))
    (warning,) = at.note.warnings
    assert "cannot Move Up" in warning and AHEAD in warning
    assert lines[option + 1] == f"{render.WARNING_MARK} {warning}"
    assert "ally" in lines[1]  # the card asks for an ally (Kindled Resolve here)
    assert f"Then {at.note.pending}: not known before it happens." in menu
    child.sendline(str(at.option))
    child.expect(PROMPT)
    assert warning in ANSI.sub("", child.before)  # what the warning said happened
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()


SEEDS = (0x5052_4556_4945_57, 1, 2, 0xBAD5EED)
"""Copies dealt from these give one menu (the first is the terminal's own)."""
GAMES = (
    ("initiative_break(mode=solo)", 3),
    ("initiative_break(mode=coop,players=2)", 2),
    ("initiative_break(mode=coop,players=3)", 2),
)


def _menu(state: IBState, seed: int) -> str:
    """The menu the deciding seat reads, its notes from a copy dealt from `seed`."""
    view = state.view(state.current_seat())
    moves = [format_action(state, a) for a in view.legal]
    console = Console(width=200, record=True, file=None, force_terminal=False)
    with console.capture():
        console.print(render.choices_table(view, state.match, moves,
                                           option_notes(state, view, seed)))
        console.print(render.pending_line(option_notes(state, view, seed)) or "")
    return console.export_text()


def _meets_chance(state: IBState, option: Action, seat: int) -> bool | None:
    """Whether `option`, played on the real game under explicit chance (other seats'
    Break windows declined), meets chance before the next decision; None if the action
    goes on after it."""
    real = explicit(state)
    real.apply(option)
    if in_progress(real, seat):
        return None
    for _ in range(MAX_PREVIEW_STEPS):
        decider = real.current_seat()
        if decider < 0 or decider == seat or real.stack[-1].tag != frames.WINDOW \
                or DECLINE not in real.legal_actions():
            break
        real.apply(DECLINE)
    return real.current_seat() == CHANCE


@pytest.mark.parametrize(("name", "games"), GAMES)
def test_no_terminal_preview_states_an_unresolved_chance(name: str, games: int) -> None:
    """Over random solo and co-op positions against Challenge Cards (a d6 each
    activation, IB 6.4.2; draws, IB 2.8): the menu is the same whatever the copy's
    hidden cards and generator (it states no sampled result), and every option whose
    action meets chance says what is pending, in words."""
    met = rolls = 0
    for seed in range(games):
        state = load_game(name).new_initial_state(seed=seed)
        rng = random.Random(seed)
        checked = 0
        while state.current_seat() >= 0 and checked < 30:
            seat = state.current_seat()
            menus = {_menu(state, s) for s in SEEDS}
            assert len(menus) == 1, f"the menu depends on the copy's dealing: {menus}"
            notes = option_notes(state, state.view(seat))
            if not closes_hidden_answers(state, seat):
                for option, note in zip(state.view(seat).legal, notes, strict=True):
                    chance = None if option.kind in NO_PREVIEW \
                        else _meets_chance(state, option, seat)
                    if chance is None:  # no words: the action goes on, or moves nothing
                        assert note == render.Note((), ""), option
                        continue
                    assert bool(note.pending) == chance, (option, note)
                    met += chance
                    rolls += chance and " rolls " in f" {note.pending}"
            checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert met > 0, "no option met chance: the positions test nothing"
    assert rolls > 0, "no option met a Challenge Card's die"
