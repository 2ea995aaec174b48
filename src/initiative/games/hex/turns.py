"""A turn (HX-11..HX-13, HX-A17, HX-A21): the active player plays one hand card for its
Move or its Attack section; the card is discarded. A player with no playable card at the
start of its turn is skipped. `PASS` is offered only under `allow_voluntary_pass`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.games.hex import attacks, events, movement, power, reach
from initiative.games.hex.actions import MAX_HAND, HexAction, Kind, act, by_arg
from initiative.games.hex.frames import FROM_MOVE, TurnFrame

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

PASS: Final = act(Kind.PASS)
_PLAY_MOVE: Final = by_arg(Kind.PLAY_MOVE)
_PLAY_ATTACK: Final = by_arg(Kind.PLAY_ATTACK)
_PLAYS: Final = tuple(
    tuple([_PLAY_MOVE[s] for s in range(MAX_HAND) if moves >> s & 1]
          + [_PLAY_ATTACK[s] for s in range(MAX_HAND) if hits >> s & 1])
    for hits in range(1 << MAX_HAND) for moves in range(1 << MAX_HAND))
"""The plays of hand slots whose Move sections (bit set `moves`) and Attack sections
(`hits`) can be used, at `moves | hits << MAX_HAND`: the Move sections first, by slot."""


def plays(state: HexState, frame: TurnFrame) -> tuple[HexAction, ...]:
    """PLAY_MOVE / PLAY_ATTACK for each hand slot whose section can legally be used
    (`usable`; the special turn owes HX-A4 special_turn_cost)."""
    seat = frame.seat
    moves, hits = usable(state, seat, state.rules.special_turn_cost if frame.special else 0,
                         state.hands[seat])
    return _PLAYS[moves | hits << MAX_HAND]


def could_ever_play(state: HexState, seat: int) -> bool:
    """Whether `seat` holds, anywhere among its Action cards (hand, deck and discard
    pile: the next draw phase deals from all of them, HX-2..HX-4), a card whose Move or
    Attack section it could use in the position as it stands (HX-A21)."""
    cards = {*state.hands[seat], *state.decks[seat], *state.discards[seat]}
    moves, hits = usable(state, seat, 0, sorted(cards))
    return bool(moves or hits)


def usable(state: HexState, seat: int, spent: int, card_ids: list[int]) -> tuple[int, int]:
    """Which sections of the cards `card_ids` `seat` can use now, as bit sets over their
    positions in `card_ids`: (the Move section's, the Attack section's). HX-A21: a Move
    0 always can, a longer one if a legal move of its length exists; HX-24: an Attack
    section needs a unit in range; HX-A3 cost_1_required: a section that costs tokens
    needs them, `spent` tokens already owed by the turn. One look-ahead answers every
    card (`reach.Moves`); cards of one move length and displacement share its answer."""
    if not card_ids:
        return 0, 0
    cards = state.setup.content.cards
    look = reach.Moves(state, seat)
    free = not power.costs_tokens(state.rules)  # no section costs a token (HX-A3)
    known: dict[int, bool] = {}  # 2 * move length + displace -> a legal move exists
    moves = hits = 0
    for i in range(len(card_ids)):
        card = cards[card_ids[i]]
        move = card.move
        steps = move.steps
        if steps:
            shape = 2 * steps + move.displace
            found = known.get(shape)
            if found is None:
                found = known[shape] = look.exists(steps, move.displace)
            can_move = found
        else:
            can_move = True  # HX-A21
        if not free:
            can_move = can_move and power.payable(state, seat, move.power, spent)
            if look.reaches and power.payable(state, seat, card.attack.power, spent):
                hits |= 1 << i
        if can_move:
            moves |= 1 << i
    if free and look.reaches:
        hits = (1 << len(card_ids)) - 1
    return moves, hits


def step(state: HexState, frame: TurnFrame) -> bool:
    """HX-13: skip a player with no playable card; else ask for its play."""
    legal = plays(state, frame)
    if not legal:
        state.emit((events.SKIP, frame.seat, events.NO_PLAYABLE))
        state.pop()
        return True
    if state.rules.allow_voluntary_pass:  # HX-A17
        legal += (PASS,)
    state.offer(legal, frame.seat)
    return False


def legal(state: HexState, frame: TurnFrame) -> list[HexAction]:
    out = list(plays(state, frame))
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
    spent = state.rules.special_turn_cost if frame.special else 0
    if spent:  # HX-A4: the special turn's cost
        power.gain(state, seat, -spent)
    spec = state.setup.content.cards[card]
    moving = action.kind == Kind.PLAY_MOVE
    if state.log_kept or state.log_keep:  # `emit`'s own test, inline: the hot path
        state.emit((events.PLAY, seat, card,
                    events.MOVE_SECTION if moving else events.ATTACK_SECTION))
    if moving:
        # offered only when usable (HX-A21): no need to look ahead again
        state.put(movement.first_frame(state, seat, card, FROM_MOVE, spec.move.steps,
                                       spec.move.displace))
        power.gain(state, seat, spec.move.power)  # HX-22 / HX-A3
    else:
        state.put(attacks.declare(state, seat, card))
        power.gain(state, seat, spec.attack.power)
