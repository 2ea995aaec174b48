"""A turn (HX-11..HX-13, HX-A17, HX-A21): the active player plays one hand card for its
Move or its Attack section; the card is discarded. A player with no playable card at the
start of its turn is skipped. `PASS` is offered only under `allow_voluntary_pass`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.games.hex import attacks, events, movement, power, reach
from initiative.games.hex.actions import HexAction, Kind, act, by_arg
from initiative.games.hex.frames import FROM_MOVE, TurnFrame

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

PASS: Final = act(Kind.PASS)
_PLAY_MOVE: Final = by_arg(Kind.PLAY_MOVE)
_PLAY_ATTACK: Final = by_arg(Kind.PLAY_ATTACK)


def _spent(state: HexState, frame: TurnFrame) -> int:
    """Tokens the special turn costs (HX-A4 special_turn_cost)."""
    return state.rules.special_turn_cost if frame.special else 0


def plays(state: HexState, frame: TurnFrame) -> list[HexAction]:
    """PLAY_MOVE / PLAY_ATTACK for each hand slot whose section can legally be used
    (HX-A21: a Move 0 always can; HX-24; HX-A3 cost_1_required)."""
    seat = frame.seat
    sections = _Sections(state, seat, _spent(state, frame))
    moves: list[HexAction] = []
    hits: list[HexAction] = []
    for slot, card_id in enumerate(state.hands[seat]):
        can_move, can_attack = sections.of(card_id)
        if can_move:
            moves.append(_PLAY_MOVE[slot])
        if can_attack:
            hits.append(_PLAY_ATTACK[slot])
    return moves + hits


def could_ever_play(state: HexState, seat: int) -> bool:
    """Whether `seat` holds, anywhere among its Action cards (hand, deck and discard
    pile: the next draw phase deals from all of them, HX-2..HX-4), a card whose Move or
    Attack section it could use in the position as it stands (HX-A21)."""
    sections = _Sections(state, seat, 0)
    cards = {*state.hands[seat], *state.decks[seat], *state.discards[seat]}
    return any(any(sections.of(card_id)) for card_id in sorted(cards))


class _Sections:
    """Which sections of a card `seat` can use now (HX-A21, HX-24, HX-A3), `spent`
    tokens already owed by the turn; cards of one move length share the answer."""

    def __init__(self, state: HexState, seat: int, spent: int) -> None:
        self.state = state
        self.seat = seat
        self.spent = spent
        self.cards = state.setup.content.cards
        self.free = not power.costs_tokens(state.rules)
        """No section costs a token (HX-A3): no need to ask `power.payable`."""
        self.can_attack = attacks.usable(state, seat)
        self.moves: reach.Moves | None = None
        """The look-ahead of `seat`'s moves, made when first asked."""
        self.known: dict[int, bool] = {}
        """Move length and displace (2 * steps + displace) -> the section is usable."""

    def of(self, card_id: int) -> tuple[bool, bool]:
        """(its Move section can be used, its Attack section can be used)."""
        state, seat, spent = self.state, self.seat, self.spent
        card = self.cards[card_id]
        move = card.move
        shape = 2 * move.steps + int(move.displace)
        usable = self.known.get(shape)
        if usable is None:
            usable = move.steps == 0  # HX-A21: a Move 0 can always be used
            if not usable:
                moves = self.moves
                if moves is None:
                    moves = self.moves = reach.Moves(state, seat)
                usable = moves.exists(move.steps, move.displace)
            self.known[shape] = usable
        if self.free:
            return usable, self.can_attack
        return (usable and power.payable(state, seat, move.power, spent),
                self.can_attack and power.payable(state, seat, card.attack.power, spent))


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
        # offered only when usable (HX-A21): no need to look ahead again
        state.put(movement.first_frame(state, seat, card, FROM_MOVE, spec.move.steps,
                                       spec.move.displace))
        power.gain(state, seat, spec.move.power)  # HX-22 / HX-A3
    else:
        state.emit((events.PLAY, seat, card, events.ATTACK_SECTION))
        state.put(attacks.declare(state, seat, card))
        power.gain(state, seat, spec.attack.power)
