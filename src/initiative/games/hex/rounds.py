"""The round (HX-1..HX-11, HX-15): the draw phase, the initiative phase and the walk
along the initiative line, one card at a time.

A line card names a seat (its turn, `turns.py`) or is the Special card (HX-10); cards of
eliminated players are skipped (HX-A5). After the last card the round ends: the game
ends at the round limit (HX-A5) or when nobody can ever play a card again (`stuck`),
otherwise the next round's draw phase starts (HX-15).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.games.hex import events, power, turns, victory
from initiative.games.hex.frames import TurnFrame
from initiative.timing.stacked_decks import SPECIAL, deal_line

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

HAND_SIZE: Final = 4
"""HX-4: cards drawn each draw phase."""


def begin_round(state: HexState) -> None:
    """The draw phase and the initiative phase of round `state.round` (HX-1..HX-9)."""
    state.emit((events.ROUND, state.round))
    state.phase = "draw"
    state.acted = False
    if state.rules.power_tokens_reset_each_round and state.round > 1:
        power.reset(state)  # HX-A4
    rng = state.rng
    up = victory.living(state)
    for seat in up:
        hand, deck, discard = state.hands[seat], state.decks[seat], state.discards[seat]
        discard += hand  # HX-2: discard what is left in hand
        hand.clear()
        deck += discard  # HX-3: the discards go back into the deck, which is shuffled
        discard.clear()
        rng.shuffle(deck)
        drawn = min(HAND_SIZE, len(deck))  # HX-4: draw 4 (what there is, if fewer)
        for _ in range(drawn):
            hand.append(rng.draw(deck))
        if state.log_kept or state.log_keep:  # `emit`'s own test, inline: the hot path
            state.emit((events.DRAW, seat, drawn))
    state.phase = "initiative"
    state.line = deal_line(up, rng)  # HX-5..HX-9 (timing/stacked_decks.py)
    state.at = -1
    if state.rules.initiative_reveal == "all_at_start":  # HX-A1
        state.revealed = len(state.line)
        state.emit((events.LINE, *state.line))
    else:
        state.revealed = 0
    state.phase = "resolution"


def next_card(state: HexState) -> None:
    """HX-11 / HX-15: resolve the next initiative card, or end the round after the last."""
    state.at += 1
    at = state.at
    line = state.line
    if at >= len(line):
        end_round(state)
        return
    card = line[at]
    if state.revealed <= at:  # HX-A1 one_per_turn: the card is revealed as it is reached
        state.revealed = at + 1
        state.emit((events.REVEAL, at, card))
    if card == SPECIAL:
        seat = special_seat(state)
        state.emit((events.SPECIAL, events.NOBODY if seat is None else seat))
        if seat is not None:
            state.stack.append(TurnFrame(seat, special=True))
    elif not state.alive[card]:
        state.emit((events.SKIP, card, events.OUT))  # HX-A5: an eliminated player's card
    else:
        state.stack.append(TurnFrame(card))


def special_seat(state: HexState) -> int | None:
    """HX-10: the living player with strictly more Power tokens than every other living
    player (HX-A20), if there is one and it can pay `special_turn_cost` (HX-A4)."""
    up = victory.living(state)
    best = max(state.power[s] for s in up)
    leaders = [s for s in up if state.power[s] == best]
    if len(leaders) != 1 or best < state.rules.special_turn_cost:
        return None
    return leaders[0]


def end_round(state: HexState) -> None:
    """HX-15: after the last card, back to the draw phase, also after a round in which
    nobody played a card (new hands may hold a playable one). The game ends here at the
    round limit (HX-A5), or once it is stuck (`stuck`): then it ends as at the limit."""
    limit = state.rules.round_limit
    if (limit is not None and state.round >= limit) or (not state.acted and stuck(state)):
        victory.finish_by_limit(state)
        return
    state.round += 1
    begin_round(state)


def stuck(state: HexState) -> bool:
    """After a round in which nobody played a card, whether the game ends (`stall_end`).

    `no_playable_card` (the rules' own end): only when no living player holds, among all
    its Action cards, one it could use in the position as it stands. A round in which
    nobody plays moves, turns, hurts and powers nobody, so the position stays as it is
    (a round's token reset, HX-A4, only makes cards harder to pay for): every later
    round would be skipped the same way, for ever. `idle_round`: any such round ends it.
    """
    if state.rules.stall_end == "idle_round":
        return True
    return not any(turns.could_ever_play(state, seat) for seat in victory.living(state))
