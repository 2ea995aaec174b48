"""A turn (HX-11..HX-13, HX-A17, HX-A21): the active player plays one hand card for its
Move or its Attack section; the card is discarded. A player with no playable card at the
start of its turn is skipped. `PASS` is offered only under `allow_voluntary_pass`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.hex import attacks, events, movement, power
from initiative.games.hex.actions import HexAction, Kind, act
from initiative.games.hex.frames import FROM_MOVE, TurnFrame

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

PASS = act(Kind.PASS)


def _spent(state: HexState, frame: TurnFrame) -> int:
    """Tokens the special turn costs (HX-A4 special_turn_cost)."""
    return state.rules.special_turn_cost if frame.special else 0


def plays(state: HexState, frame: TurnFrame) -> list[HexAction]:
    """PLAY_MOVE / PLAY_ATTACK for each hand slot whose section can legally be used
    (HX-A21: a Move 0 always can; HX-24; HX-A3 cost_1_required)."""
    seat = frame.seat
    cards = state.setup.content.cards
    spent = _spent(state, frame)
    can_attack = attacks.usable(state, seat)
    moves: list[HexAction] = []
    hits: list[HexAction] = []
    known: dict[tuple[int, bool], bool] = {}  # cards of one move length share the answer
    for slot, card_id in enumerate(state.hands[seat]):
        card = cards[card_id]
        move = card.move
        shape = (move.steps, move.displace)
        usable = known.get(shape)
        if usable is None:
            usable = known[shape] = movement.usable(state, seat, move.steps, move.displace)
        if usable and power.payable(state, seat, move.power, spent):
            moves.append(act(Kind.PLAY_MOVE, slot))
        if can_attack and power.payable(state, seat, card.attack.power, spent):
            hits.append(act(Kind.PLAY_ATTACK, slot))
    return moves + hits


def step(state: HexState, frame: TurnFrame) -> bool:
    """HX-13: skip a player with no playable card; else ask for its play."""
    legal = plays(state, frame)
    if not legal:
        state.emit((events.SKIP, frame.seat, events.NO_PLAYABLE))
        state.pop()
        return True
    if state.rules.allow_voluntary_pass:  # HX-A17
        legal.append(PASS)
    state.offer(legal, frame.seat)
    return False


def legal(state: HexState, frame: TurnFrame) -> list[HexAction]:
    out = plays(state, frame)
    if out and state.rules.allow_voluntary_pass:
        out.append(PASS)
    return out


def choose(state: HexState, frame: TurnFrame, action: HexAction) -> None:
    seat = frame.seat
    if action.kind == Kind.PASS:
        state.emit((events.PASSED, seat))
        state.pop()
        return
    state.acted = True
    card = state.hands[seat].pop(action.arg)  # HX-12: discarded when played
    state.discards[seat].append(card)
    spent = _spent(state, frame)
    if spent:  # HX-A4: the special turn's cost
        power.gain(state, seat, -spent)
    spec = state.setup.content.cards[card]
    if action.kind == Kind.PLAY_MOVE:
        state.emit((events.PLAY, seat, card, events.MOVE_SECTION))
        move = movement.begin(state, seat, card, FROM_MOVE, spec.move.steps,
                              spec.move.displace)
        assert move is not None  # offered only when usable
        state.put(move)
        power.gain(state, seat, spec.move.power)  # HX-22 / HX-A3
    else:
        state.emit((events.PLAY, seat, card, events.ATTACK_SECTION))
        state.put(attacks.declare(state, seat, card))
        power.gain(state, seat, spec.attack.power)
