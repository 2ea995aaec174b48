"""Reactions (HX-30..HX-34, HX-A13, HX-A15, HX-A19): after the attack's push and
fumble, each target in reaction order may discard one hand card for its Reaction
section (REACT by hand slot) or DECLINE, even at 0 hits, once per attack; never when
the attack came from the hex directly behind it. Shields remove hits (floor 0); a
reaction move follows the move rules and dodges nothing (the hits stand)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from initiative.games.hex import damage, events, movement, power
from initiative.games.hex.actions import HexAction, Kind, act
from initiative.games.hex.frames import FROM_REACTION, NO_UNIT, ST_DAMAGE, AttackFrame
from initiative.games.hex.geometry import behind

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

DECLINE: Final = act(Kind.DECLINE)


def may_react(state: HexState, frame: AttackFrame, target: int) -> bool:
    """HX-31 / HX-A13: not against an attack from the hex directly behind the target,
    judged at declaration (`frame.blocked`) or, under `behind_check_time: reaction`,
    where attacker and target stand now (after push and fumble)."""
    if state.rules.behind_check_time == "declaration":
        return not frame.blocked >> target & 1
    pos, source = state.hexes[target], state.hexes[frame.attacker]
    return pos is None or source is None or source != behind(pos, state.facing[target])


def legal(state: HexState, frame: AttackFrame) -> list[HexAction]:
    """REACT for each hand card whose Reaction section can be paid for (HX-A3), and
    DECLINE."""
    target = frame.targets[frame.at]
    cards = state.setup.content.cards
    out = [act(Kind.REACT, slot) for slot, card in enumerate(state.hands[target])
           if power.payable(state, target, cards[card].reaction.power)]
    out.append(DECLINE)
    return out


def _done(state: HexState, frame: AttackFrame, target: int, hits: tuple[int, ...] | None
          = None) -> AttackFrame:
    """The frame with `target`'s reaction over (its damage owed under
    `damage_timing: after_each_reaction`, HX-A6)."""
    owed = target if state.rules.damage_timing == "after_each_reaction" else NO_UNIT
    return frame.but(at=frame.at + 1, owed=owed, hits=hits)


def step(state: HexState, frame: AttackFrame) -> bool:
    """The reaction of the next target in order, or on to damage."""
    if frame.owed != NO_UNIT:  # HX-A6 after_each_reaction
        state.put(frame.but(owed=NO_UNIT))
        damage.wound(state, frame.owed, frame.hits[frame.owed])
        return True
    if frame.at >= len(frame.targets):
        state.put(frame.but(stage=ST_DAMAGE))
        return True
    target = frame.targets[frame.at]
    if not state.alive[target]:
        state.put(frame.but(at=frame.at + 1))
        return True
    if not may_react(state, frame, target):
        state.emit((events.BEHIND, target))
        state.put(_done(state, frame, target))
        return True
    if not state.hands[target]:  # an empty hand is public: no question asked
        state.put(_done(state, frame, target))
        return True
    state.offer(legal(state, frame), target)
    return False


def choose(state: HexState, frame: AttackFrame, action: HexAction) -> None:
    target = frame.targets[frame.at]
    if action.kind == Kind.DECLINE:
        state.emit((events.DECLINED, target))
        state.put(_done(state, frame, target))
        return
    card = state.hands[target].pop(action.arg)  # HX-30: discarded for its Reaction
    state.discards[target].append(card)
    state.emit((events.REACTED, target, card))
    section = state.setup.content.cards[card].reaction
    hits = frame.hits
    if section.shields:  # HX-33
        left = max(0, hits[target] - section.shields)
        state.emit((events.SHIELDED, target, hits[target] - left, left))
        hits = (*hits[:target], left, *hits[target + 1:])
    state.put(_done(state, frame, target, hits))
    power.gain(state, target, section.power)  # HX-22 / HX-A3
    if section.steps is not None:  # HX-34 / HX-A19: a move that dodges nothing; HX-32:
        # it runs on top of the attack, which goes on only once it is over
        move = movement.begin(state, target, card, FROM_REACTION, section.steps,
                              section.displace)
        if move is not None:
            state.push(move)
