"""Solving the mission (TI-54..TI-56, TI-A15, TI-A16): the proposer enters the answer
one symbol at a time from the mission's alphabet (taking back the last one to correct
it, as often as needed) and announces it once complete; every other seat votes in seat
order (one no stops it; a lone player does not vote), and the answer is compared."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import console
from initiative.games.ti import events as ev
from initiative.games.ti.actions import Kind, TIAction, act, of_kind
from initiative.games.ti.frames import ANSWER, VOTE, Frame

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

YES = act(Kind.YES)
NO = act(Kind.NO)
ERASE = act(Kind.ERASE)
ANNOUNCE = act(Kind.ANNOUNCE)
SYMBOLS = of_kind(Kind.SYMBOL)


def can_propose(state: TIState) -> bool:
    """TI-A15 reading: the active player may call a solve at a main step of a game not
    over, while this turn has made fewer than `solve_proposals_per_turn` counted
    proposals. A proposal no one stops ends the game (TI-54), so the only proposals a
    turn can have made are refused ones; TI-56 makes those no attempt at all, so they
    count only under `refused_proposal_counts: true`."""
    if state.over:
        return False
    counted = state.proposals if state.rules.refused_proposal_counts else 0
    return counted < state.rules.solve_proposals_per_turn


def propose(state: TIState, seat: int) -> None:
    state.proposals += 1
    state.emit((ev.PROPOSED, seat))
    state.push(Frame(ANSWER, seat))


def people(state: TIState) -> int:
    """TI-56, TI-A17: the people at the table, who vote; a solo player running two
    seats (`characters_per_solo_player: 2`) is one person, so no vote."""
    return state.setup.players or state.setup.num_seats


def legal(state: TIState, frame: Frame) -> list[TIAction]:
    """Entering: the next symbol, or ANNOUNCE once every position holds one, and ERASE
    once one is entered (TI-54: the answer counts once announced). Voting: YES, NO."""
    if frame.tag == ANSWER:
        if len(frame.items) < len(state.setup.answer):
            out = list(SYMBOLS[:len(state.setup.mission.alphabet)])
        else:
            out = [ANNOUNCE]
        return [*out, ERASE] if frame.items else out
    return [YES, NO]


def choose(state: TIState, frame: Frame, action: TIAction) -> None:
    """Enter, take back or announce the answer (TI-54), or vote on it (TI-56)."""
    n = state.setup.num_seats
    if action.kind is Kind.SYMBOL:
        state.emit((ev.ENTERED, frame.seat, action.arg))
        state.put(frame.but(items=(*frame.items, action.arg)))
    elif action.kind is Kind.ERASE:  # a slip corrected before the answer is announced
        state.emit((ev.ERASED, frame.seat, frame.items[-1]))
        state.put(frame.but(items=frame.items[:-1]))
    elif action.kind is Kind.ANNOUNCE:
        if people(state) == 1 or n == 1:
            judge(state, frame.items)
        else:
            state.put(Frame(VOTE, (frame.seat + 1) % n, stage=frame.seat, items=frame.items))
    else:
        vote(state, frame, action)


def vote(state: TIState, frame: Frame, action: TIAction) -> None:
    """TI-56: YES passes the vote on (the last YES has the answer compared); NO stops
    the proposal and play resumes where it stood."""
    n = state.setup.num_seats
    state.emit((ev.VOTED, frame.seat, int(action.kind is Kind.YES)))
    if action.kind is Kind.NO:  # TI-56: one objection blocks it; play resumes
        state.emit((ev.BLOCKED, frame.seat))
        state.pop()
        return
    voter = (frame.seat + 1) % n
    if voter == frame.stage:
        judge(state, frame.items)
    else:
        state.put(frame.but(seat=voter, votes=(*frame.votes, frame.seat)))


def judge(state: TIState, entered: tuple[int, ...]) -> None:
    """TI-54: exactly right wins for everyone, any mismatch loses for everyone."""
    alphabet = state.setup.mission.alphabet
    symbols = tuple(alphabet[i] for i in entered)
    state.entered = symbols
    console.end_game(state, console.answer_matches(state, symbols), ev.WRONG_ANSWER)
