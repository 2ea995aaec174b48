"""The mission console and the end of the game: windows open when their glyph is
collected (TI-22, TI-23), the answer compared (TI-54, TI-55, TI-A16), the game won or
lost, and the mission face's secret taken afterwards (TI-25)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import events as ev
from initiative.games.ti.flags import TIRules

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState


def open_glyph(state: TIState, glyph: str) -> None:
    """TI-22: open every closed window printed with `glyph` (TI-23: one glyph, one
    symbol, wherever it appears); a glyph not on the mission opens nothing (TI-A10)."""
    for i, window in enumerate(state.setup.mission.windows):
        if window.glyph == glyph and not state.opened[i]:
            state.opened[i] = True
            state.emit((ev.WINDOW, i))


def _same(entered: str, true: str, rules: TIRules) -> bool:
    """TI-A16: one position matches: exactly under `exact`; after removing spaces and
    casefolding under `exact_case_insensitive`."""
    if rules.answer_match == "exact":
        return entered == true
    return "".join(entered.split()).casefold() == "".join(true.split()).casefold()


def answer_matches(state: TIState, entered: tuple[str, ...]) -> bool:
    """TI-54, TI-55, TI-A16: every answer position matches (under `answer_match`),
    compared position by position so symbols of several characters never match by
    spelling the same joined text."""
    answer = state.setup.mission.answer
    return len(entered) == len(answer) and all(
        _same(e, a, state.rules) for e, a in zip(entered, answer, strict=True))


def end_game(state: TIState, won: bool, reason: int = -1) -> None:
    """The game ends now (TI-50, TI-54, TI-A14): nothing more is resolved. Win or lose,
    the mission face's secret is gained afterwards (TI-25)."""
    if state.over:
        return
    state.stack.clear()
    state.won = won
    state.loss_reason = None if won else ev.REASONS[reason]
    state.emit((ev.WON,) if won else (ev.LOST, reason))
    state.over = True
    face = state.setup.mission.face_secret
    if face is not None and face not in state.secrets:
        state.secrets.append(face)
        state.log_secret(face, ev.AFTER_GAME)
