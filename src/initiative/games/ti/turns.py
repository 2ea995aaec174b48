"""The turn (TI-8..TI-14, TI-44, TI-53, TI-A4, TI-A7, TI-A14): the deal, the volunteer,
the main step between actions, the forced pass, and the end of the turn (cameras
TI-28, TI-A5; the refill TI-9, TI-49, TI-52, TI-A21)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import cards, enemies, solve, specials, tokens
from initiative.games.ti import events as ev
from initiative.games.ti.actions import (
    GATHER,
    INTEL,
    NUM_PILES,
    Kind,
    TIAction,
    act,
    of_kind,
    parts,
    plays_of,
)
from initiative.games.ti.console import end_game
from initiative.games.ti.frames import (
    DRAW,
    END,
    FIRST,
    FORCED,
    INTEL_ROOM,
    REGROUP,
    RUN,
    TURN,
    Frame,
)
from initiative.games.ti.frames import (
    GATHER as GATHER_FRAME,
)

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

END_ACTION = act(Kind.END)
SPECIAL = act(Kind.SPECIAL)
SOLVE = act(Kind.SOLVE)
PASS = act(Kind.PASS)
DRAW_ACTION = act(Kind.DRAW)
STOP = act(Kind.STOP)
FIRSTS = of_kind(Kind.FIRST)
_ABILITY = (RUN, INTEL_ROOM, GATHER_FRAME, REGROUP)
"""The frame each action pile's ability starts (TI-17, TI-19, TI-21, TI-A2)."""
RUN_ROOMS = 3
"""TI-17: RUN moves up to 3 rooms."""
GATHER_ATTEMPTS = 2
"""TI-21: GATHER collects up to 2 tokens."""
_LEFT = (RUN_ROOMS, 0, GATHER_ATTEMPTS, 0)
_REFILL = 1


def deal(state: TIState) -> None:
    """TI-3, TI-6: shuffle the deck and the tan tokens (a sampled game; explicit chance
    draws from them unordered), deal 4 cards to every seat, take the mission back's
    secret (TI-25), and let seat 0 name the volunteer (TI-8)."""
    state.rng.shuffle(state.deck)
    state.rng.shuffle(state.tan_pool)
    back = state.setup.mission.back_secret
    if back is not None and back not in state.secrets:
        state.secrets.append(back)
        state.log_secret(back, ev.AT_SETUP)
    for seat in range(state.setup.num_seats):
        for _ in range(cards.HAND_SIZE):
            cards.draw(state, seat)
    state.dealt = True
    state.push(Frame(FIRST, 0))


def first_legal(state: TIState) -> list[TIAction]:
    """TI-8: the group names a volunteer to go first; seat 0 enters it."""
    return list(FIRSTS[:state.setup.num_seats])


def first_choose(state: TIState, action: TIAction) -> None:
    """TI-8: the volunteer takes the first turn."""
    state.pop()
    state.first = action.arg
    state.emit((ev.FIRST_PLAYER, action.arg))


def plays(state: TIState, seat: int) -> list[TIAction]:
    """TI-10, TI-12, TI-30, TI-34, TI-A12, TI-A19: every card on every pile it may go
    on: strictly above the top, not onto a pile with counter intel, and on INTEL or
    GATHER only a highest-value card while an alarm is in the room."""
    hand = state.hands[seat]
    if not hand:
        return []
    content = state.setup.content.cards
    alarm = tokens.alarmed(state, state.pos[seat])
    values = []  # a loop, not a comprehension: that would make `content` a cell, a
    for c in hand:  # cost at every call
        values.append(content[c].value)
    highest = max(values)
    out = []
    for pile in range(NUM_PILES):
        if state.counter[pile]:
            continue
        top = state.piles[pile]
        floor = content[top[-1]].value if top else -1
        only_highest = alarm and (pile == INTEL or pile == GATHER)
        on_pile = plays_of(pile)
        for c, v in zip(hand, values, strict=True):
            if v > floor and not (only_highest and v != highest):
                out.append(on_pile[c])
    return out


def can_act(state: TIState, seat: int) -> bool:
    """TI-53: an action card or the special action (2 cards to discard, TI-13)."""
    return len(state.hands[seat]) >= 2 or bool(plays(state, seat))


def begin_turn(state: TIState) -> None:
    """TI-8, TI-9: the next seat clockwise (the volunteer first) starts its turn."""
    n = state.setup.num_seats
    seat = (state.first or 0) if state.active is None else (state.active + 1) % n
    state.active = seat
    state.turn += 1
    state.actions_taken = 0
    state.tucks = 0
    state.proposals = 0
    state.emit((ev.TURN_START, state.turn, seat))
    if can_act(state, seat):
        state.push(Frame(TURN, seat))
    else:
        forced(state, seat)


def forced(state: TIState, seat: int) -> None:
    """TI-53, TI-A4: no action possible. Outside In Peril under
    `forced_pass_outside_peril: false` the game is lost as a stall."""
    if not state.peril and not state.rules.forced_pass_outside_peril:
        end_game(state, False, ev.STALL)
        return
    state.push(Frame(FORCED, seat))


def legal(state: TIState, frame: Frame) -> list[TIAction]:
    seat, tag = frame.seat, frame.tag
    if tag == FIRST:
        return first_legal(state)
    if tag == DRAW:
        return [DRAW_ACTION, STOP]
    out: list[TIAction] = []
    if tag == FORCED:  # TI-53, TI-A7: a tuck only under `tuck_on_forced_pass`
        out.append(PASS)
        if state.rules.tuck_on_forced_pass:
            out += enemies.tucks(state, seat)
    else:
        if state.actions_taken < 2:
            out += plays(state, seat)
            if len(state.hands[seat]) >= 2:
                out.append(SPECIAL)
        out += enemies.tucks(state, seat)
        if state.actions_taken >= 1:
            out.append(END_ACTION)
    if solve.can_propose(state):
        out.append(SOLVE)
    return out


def step(state: TIState, frame: Frame) -> bool:
    """Automatic work of the turn's frames; False when the top frame waits."""
    if frame.tag == END:
        end_step(state, frame)
        return True
    if frame.tag == TURN and state.actions_taken == 0 and not can_act(state, frame.seat):
        state.pop()  # a tuck before the first action left nothing to play (TI-53)
        forced(state, frame.seat)
        return True
    if frame.tag == DRAW and not (len(state.hands[frame.seat]) < cards.HAND_SIZE
                                  and cards.can_take(state)):
        finish_turn(state, frame.seat)
        return True
    return False


def choose(state: TIState, frame: Frame, action: TIAction) -> None:
    seat, kind = frame.seat, action.kind
    if kind is Kind.FIRST:
        first_choose(state, action)
    elif kind is Kind.SOLVE:
        solve.propose(state, seat)
    elif kind is Kind.TUCK:
        enemies.do_tuck(state, seat, action)
    elif kind is Kind.PLAY:
        pile, card = parts(action)
        cards.take(state, seat, card)
        state.piles[pile].append(card)
        state.actions_taken += 1
        state.emit((ev.PLAYED, seat, pile, card))
        state.push(Frame(_ABILITY[pile], seat, left=_LEFT[pile]))
    elif kind is Kind.SPECIAL:
        state.actions_taken += 1
        specials.start(state, seat)
    elif kind is Kind.END:
        state.pop()
        state.passes = 0
        state.push(Frame(END, seat))
    elif kind is Kind.PASS:
        pass_turn(state, seat)
    elif kind is Kind.DRAW:
        cards.draw(state, seat)
    else:  # STOP while drawing In Peril (TI-52)
        state.emit((ev.DRAW_STOP, seat, len(state.hands[seat])))
        finish_turn(state, seat)


def pass_turn(state: TIState, seat: int) -> None:
    """TI-53: the turn is skipped, then the draw step. TI-A14: when every seat in a row
    has been forced to pass with no draw possible, the game is lost (stall)."""
    state.pop()
    state.emit((ev.FORCED_PASS, seat))
    state.passes = state.passes + 1 if not cards.can_take(state) else 0
    if state.rules.stall_is_loss and state.passes >= state.setup.num_seats:
        end_game(state, False, ev.STALL)
        return
    state.push(Frame(END, seat, stage=_REFILL))


def end_step(state: TIState, frame: Frame) -> None:
    """TI-28, TI-A5: each face-up camera in the active player's room burns the deck's
    top card; then the refill to 4 (TI-9, TI-A21), automatic outside In Peril and a
    DRAW / STOP choice In Peril (TI-52, TI-48)."""
    seat = frame.seat
    if frame.stage == 0:
        state.put(frame.but(stage=_REFILL))
        go_on = state.rules.camera_discards_continue_after_reshuffle
        for _ in range(tokens.cameras_in(state, state.pos[seat])):
            held, before = cards.deck_count(state), state.reshuffles
            if state.over or not cards.burn(state, ev.BY_CAMERA):
                break
            ran_out = held > 0 and (state.reshuffles != before
                                    or not cards.deck_count(state))
            if ran_out and not go_on:
                break  # TI-A5 off: no camera discard once these discards ran it out
        return
    hand = state.hands[seat]
    while not state.over and len(hand) < cards.HAND_SIZE and cards.can_take(state):
        if state.peril:
            state.put(Frame(DRAW, seat))
            return
        cards.draw(state, seat)
    if not state.over:
        finish_turn(state, seat)


def finish_turn(state: TIState, seat: int) -> None:
    state.pop()
    state.emit((ev.TURN_END, seat))
