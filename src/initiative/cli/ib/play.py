"""The prompt loop of `initiative play` (Initiative Break): people at this keyboard
against bots.

The loop is the host: it holds the game and gives each player only its own view (the
bot through `RandomBot.choose(view)`, the human through the rendered screen). Move
texts are read and written with the game's notation module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from initiative.bots import make_bot
from initiative.cli.console_io import Reader
from initiative.cli.ib import lookup, render
from initiative.cli.menu_choice import PROMPT as PROMPT
from initiative.cli.menu_choice import QUIT_WORDS, ChoiceError
from initiative.engine.contract import SPECTATOR
from initiative.engine.errors import InitiativeError, NotationError
from initiative.engine.rng import SplitMix64
from initiative.games.ib.actions import Action, Kind
from initiative.games.ib.match import Match
from initiative.games.ib.movetext import format_action, parse_action
from initiative.games.ib.preview import (
    ANSWERS,
    PREVIEW_SEED,
    Pending,
    closes_hidden_answers,
    option_preview,
    pending_phrase,
    played_copy,
)
from initiative.games.ib.record import Recorder
from initiative.games.ib.setup import IBGame
from initiative.games.ib.state import IBState
from initiative.games.ib.text.describe import log_sentences, preview_warnings
from initiative.games.ib.view import IBView


def parse_choice(text: str, state: IBState, legal: Sequence[Action],
                 moves: Sequence[str]) -> Action:
    """The action an answer names: its number in the list, or its move text."""
    answer = text.strip()
    if not answer:
        raise ChoiceError(f"Please enter a number from 1 to {len(legal)} or a move text.")
    if answer.lstrip("+-").isdigit():
        n = int(answer)
        if not 1 <= n <= len(legal):
            raise ChoiceError(f"There is no choice {n}: enter a number from 1 to {len(legal)}.")
        return legal[n - 1]
    for action, move in zip(legal, moves, strict=True):
        if answer.lower() == move.lower():
            return action
    try:
        action = parse_action(state, answer)
    except NotationError as exc:
        raise ChoiceError(f"{answer!r} is not a legal move here: {exc}") from None
    if action not in legal:  # pragma: no cover - parse_action accepts only legal moves
        raise ChoiceError(f"{answer!r} is not legal now; legal moves: {', '.join(moves)}")
    return action


Coach = Callable[[IBView, Match], Text | None]
"""A line shown under the screen at each decision (the tutorial's hint), or None."""


NO_PREVIEW = (Kind.KEEP, Kind.MULLIGAN)
"""Choices previewed with no words: keeping or redrawing one's opening hand moves nothing
(as on the web table, server/ib/render.py)."""


def option_notes(state: IBState, view: IBView, seed: int = PREVIEW_SEED
                 ) -> list[render.Note]:
    """What each legal option of the deciding seat leads to if it completes the seat's
    action (issue 25): what it would try and fail (`preview_warnings`) and the chance or
    hidden answers met next, never their outcome. Played on a copy holding only what the
    seat knows (`played_copy`, dealt from `seed`), only for options that may complete
    an action: a few milliseconds a menu (50 at most measured over random duels)."""
    seat, match = view.seat, state.match
    legal = list(view.legal)
    quiet = render.Note((), "")
    if all(a.kind in NO_PREVIEW for a in legal):
        return [quiet] * len(legal)
    if closes_hidden_answers(state, seat):  # IB 2.8.2, 3.7: other seats' answers come next
        answers = render.Note((), pending_phrase(view, match, Pending(ANSWERS), seat))
        return [quiet if a.kind in NO_PREVIEW else answers for a in legal]
    copy = played_copy(state, seat, seed)
    notes = []
    for action in legal:
        shown = None if action.kind in NO_PREVIEW else option_preview(copy, action, seat)
        notes.append(quiet if shown is None else render.Note(
            tuple(preview_warnings(shown.added, match)),
            "" if shown.pending is None else pending_phrase(view, match, shown.pending, seat)))
    return notes


def ask_human(state: IBState, view: IBView, console: Console, read: Reader,
              log_start: int, coach: Coach | None = None) -> Action | None:
    """Show the deciding seat its screen (`view`, with each option's warnings and the
    chance it meets: `option_notes`) and, with a `coach`, its line; read a legal choice;
    None: quit."""
    legal = list(view.legal)
    moves = [format_action(state, a) for a in legal]
    console.print(render.screen(view, state.match, moves, log_start,
                                option_notes(state, view)))
    line = coach(view, state.match) if coach is not None else None
    if line is not None:
        console.print(line)
    while True:
        text = read(PROMPT)
        if text is None or text.strip().lower() in QUIT_WORDS:
            return None
        question = lookup.answer(text, view, state.match)  # help, card, unit: no decision
        if question is not None:
            console.print(question, markup=False, highlight=False)
            continue
        try:
            return parse_choice(text, state, legal, moves)
        except ChoiceError as exc:
            console.print(Text(str(exc), style="bold red"))


HANDOFF = "Pass the game to {name} (seat {seat}), then press Enter: "
"""Hotseat: asked before a different human seat's turn, over a cleared screen."""


def play(match: Match, seed: int, human: int | Sequence[int] | None, console: Console,
         read: Reader, record_path: Path | None = None, bot_name: str = "random",
         coach: Coach | None = None) -> int:
    """Play one game: the `human` seat (or seats, hotseat) against the bot `bot_name`
    (random or heuristic) at every other seat; `None`: every seat a bot, played to the
    end unattended and shown as a spectator sees it; a `coach` adds its line to each
    human decision (the tutorial's hints). Returns the exit code.

    Hotseat: before each turn of a human seat other than the last one to decide, the
    screen is cleared and the game waits for Enter, so no seat sees another's hand.
    The record (if asked for) is saved even when a player quits early or the game
    crashes; a game that could not be recorded is refused before it starts; 1 if the
    record cannot be written."""
    humans = [] if human is None else [human] if isinstance(human, int) else list(human)
    recorder = Recorder(match, seed)
    state = recorder.state
    bot = make_bot(bot_name, IBGame(match), SplitMix64(seed).next64())
    log_start = dict.fromkeys(humans, 0)
    last = humans[0] if len(humans) == 1 else -1
    quit_ = False
    if record_path is not None:
        try:  # a game that could not be recorded is refused before it starts
            recorder.record()
        except InitiativeError as exc:
            console.print(Text(f"error: this game cannot be recorded: {exc}", style="bold red"))
            return 1
    try:
        while not state.is_terminal():
            seat = state.current_seat()
            if seat in log_start:
                if seat != last:
                    console.clear()
                    if read(HANDOFF.format(name=match.seats[seat].name, seat=seat + 1)) is None:
                        quit_ = True
                        break
                    last = seat
                view = state.view(seat)
                action = ask_human(state, view, console, read, log_start[seat], coach)
                log_start[seat] = len(view.log)
                if action is None:
                    quit_ = True
                    break
            else:
                action = bot.choose(state.view(seat))
            recorder.apply(action)
        shown = humans[0] if len(humans) == 1 else SPECTATOR  # several humans: nobody's hand
        final = state.view(shown)
        log_from = log_start.get(shown, 0)
        console.print(Rule("Game over" if state.is_terminal() else "Game stopped"))
        for sentence in log_sentences(final, match, log_from):
            console.print(f"  {sentence}", markup=False, highlight=False)
        if quit_:
            console.print("Game abandoned.")
        else:
            console.print(render.result_text(final, match))
    except BaseException:  # a crash or Ctrl-C, even at the end: keep what was played
        if record_path is not None:
            _save_record(recorder, record_path, console)
        raise
    if record_path is not None:
        return _save_record(recorder, record_path, console)
    return 0


def _save_record(recorder: Recorder, path: Path, console: Console) -> int:
    """Write the game so far to `path`; the exit code (1: it could not be written)."""
    try:
        recorder.record().save(path)
    except (OSError, InitiativeError) as exc:
        console.print(Text(f"error: the record could not be saved: {exc}", style="bold red"))
        return 1
    console.print(f"Record saved to {path}", markup=False, highlight=False)
    return 0

