"""An Initiative Break record told (the game's `records` part, for `initiative replay`).

The record is replayed in full first (result and final position are checked; a
mismatch raises NotationError), then told: by default as the public log a spectator
sees; with `verbose`, move by move with every card named (a record holds the seed,
so nothing in it is secret). `position_after` writes the position (docs/notation.md)
after a move instead, or at the next point between two activations (stepping.py).
"""

from __future__ import annotations

import warnings
from typing import Any

from initiative.engine.contract import SPECTATOR
from initiative.engine.errors import NotationError
from initiative.games.ib import events
from initiative.games.ib.actions import Action
from initiative.games.ib.match import Match
from initiative.games.ib.movetext import parse_action
from initiative.games.ib.naming import team_name
from initiative.games.ib.notation import dump_position
from initiative.games.ib.packs import content_for
from initiative.games.ib.record import ContentChangedWarning, GameRecord, Recorder, replay
from initiative.games.ib.specs import Content
from initiative.games.ib.state import IBState
from initiative.games.ib.stepping import step_to_next_activation
from initiative.games.parts import RecordReader


def result_line(state: IBState) -> str:
    """`Result: ...` for a finished, drawn or unfinished game."""
    match = state.match
    if state.result is None:
        return f"Result: unfinished after {state.activations} activations."
    if state.result < 0:
        return f"Result: draw after {state.activations} activations."
    winners = team_name(state.result, [s.name for s in match.seats if s.team == state.result])
    return f"Result: {winners} wins after {state.activations} activations."


def _verbose(record: GameRecord, match: Match) -> list[str]:
    """Each move (numbered, with its seat) followed by the events it caused."""
    recorder = Recorder(match, record.seed, record.agreed_order)
    state = recorder.state
    lines = [events.render(e, match) for e in state.events()]
    for n, text in enumerate(record.actions, 1):
        seat = state.current_seat()
        before = len(state.events())
        recorder.apply_text(text)
        lines.append(f"[{n}] {match.seats[seat].name}: {text}")
        lines.extend(f"    {events.render(e, match)}" for e in state.events()[before:])
    return lines


def position_after(record: GameRecord, moves: int, between: bool = False,
                   content: Content | None = None) -> str:
    """The position (YAML) after the record's first `moves` moves; with `between`, at
    the first point between two activations that the moves from `moves` on reach (the
    mulligans end before the first one). The record is checked in full first."""
    with warnings.catch_warnings():  # other content that still replays: the same game
        warnings.simplefilter("ignore", ContentChangedWarning)
        match = replay(record, content).match
    if not 0 <= moves <= len(record.actions):
        raise NotationError(f"record: --position-after {moves}: the record has "
                            f"{len(record.actions)} moves")
    recorder = Recorder(match, record.seed, record.agreed_order)
    plain = max(0, moves - 1) if between else moves
    for text in record.actions[:plain]:
        recorder.apply_text(text)
    state = recorder.state
    if between:
        later = iter(record.actions[plain:])

        def next_move(state: IBState) -> Action:
            text = next(later, None)
            if text is None:
                raise NotationError(f"record: the game stops after move "
                                    f"{len(record.actions)}, before the next point "
                                    "between two activations")
            return parse_action(state, text)

        step_to_next_activation(state, next_move)
    return dump_position(state)


def story(record: GameRecord, verbose: bool = False,
          content: Content | None = None) -> list[str]:
    """The lines `initiative replay` prints: the log (every move and card with
    `verbose`), the move count, the result and a warning if the content changed since
    the record was made; NotationError if the record does not replay."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ContentChangedWarning)
        state = replay(record, content)
    match = state.match
    if verbose:
        lines = _verbose(record, match)
    else:
        lines = [events.render(e, match) for e in state.view(SPECTATOR).log]
    lines.append(f"{len(record.actions)} moves replayed.")
    lines.append(result_line(state))
    lines.extend(f"warning: {w.message}" for w in caught
                 if issubclass(w.category, ContentChangedWarning))
    return lines


def _read_story(data: Any, verbose: bool) -> list[str]:
    content = content_for()
    return story(GameRecord.from_dict(data, content), verbose, content)


def _read_position(data: Any, moves: int, between: bool = False) -> str:
    content = content_for()
    return position_after(GameRecord.from_dict(data, content), moves, between, content)


READER = RecordReader(
    story=_read_story, position=_read_position,
    between=lambda data, moves: _read_position(data, moves, between=True))
"""How `initiative replay` reads Initiative Break records (the game's `records` part),
with the content packs of $INITIATIVE_CONTENT_PATH added (games/ib/packs.py) if it
names any."""
