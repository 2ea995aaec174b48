"""Attacks (HX-23..HX-29), resolved in this order: declare (TARGET, or every unit in
range under barrage, ORDER), roll, push, fumble, reactions (reactions.py), damage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.hex import damage, events, reach, reactions
from initiative.games.hex.actions import HexAction, Kind, act
from initiative.games.hex.frames import (
    FROM_FUMBLE,
    ST_DAMAGE,
    ST_FUMBLE,
    ST_ORDER,
    ST_PUSH,
    ST_REACT,
    ST_ROLL,
    ST_TARGET,
    AttackFrame,
    FaceFrame,
)
from initiative.games.hex.geometry import behind, neighbor

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState


def declare(state: HexState, seat: int, card: int) -> AttackFrame:
    """The frame of a new attack (HX-23): barrage targets every unit in range (HX-27)."""
    found = reach.in_range(state, seat)
    needs = [0] * len(state.hexes)
    for target, need in found:
        needs[target] = need
    n = len(needs)
    empty: tuple[tuple[int, ...], ...] = ((),) * n
    frame = AttackFrame(seat, card, ST_TARGET, (), (), tuple(needs), empty, (0,) * n, 0, 0)
    if state.setup.content.cards[card].attack.barrage:
        targets = tuple(t for t, _ in found)
        frame = _declared(state, frame, targets).but(stage=ST_ORDER, rest=targets)
    return frame


def _declared(state: HexState, frame: AttackFrame, targets: tuple[int, ...]) -> AttackFrame:
    """Record who is attacked from directly behind, as declared (HX-31, HX-A13)."""
    state.emit((events.TARGETS, frame.attacker, *targets))
    source = state.hexes[frame.attacker]
    blocked = 0
    for t in targets:
        pos = state.hexes[t]
        if pos is not None and source == behind(pos, state.facing[t]):
            blocked |= 1 << t
    return AttackFrame(frame.attacker, frame.card, frame.stage, frame.targets, frame.rest,
                       frame.needs, frame.rolls, frame.hits, frame.at, blocked)


def legal(state: HexState, frame: AttackFrame) -> list[HexAction]:
    stage = frame.stage
    if stage == ST_TARGET:
        return [act(Kind.TARGET, t) for t, need in enumerate(frame.needs) if need]
    if stage == ST_ORDER:
        return [act(Kind.ORDER, t) for t in sorted(frame.rest)]
    if stage == ST_PUSH:
        target = frame.targets[frame.at]
        return [act(Kind.PUSH, d) for d in reach.push_dirs(state, frame.attacker, target)]
    return reactions.legal(state, frame)


def decider(frame: AttackFrame) -> int:
    """The attacker, except that a target decides its own reaction."""
    return frame.targets[frame.at] if frame.stage == ST_REACT else frame.attacker


def step(state: HexState, frame: AttackFrame) -> bool:
    stage = frame.stage
    if stage == ST_ORDER and len(frame.rest) <= 1:
        state.put(frame.but(stage=ST_ROLL, targets=frame.targets + frame.rest, rest=()))
        return True
    if stage in (ST_TARGET, ST_ORDER):
        state.offer(legal(state, frame), frame.attacker)
        return False
    if stage == ST_ROLL:
        _roll(state, frame)
        return True
    if stage == ST_PUSH:
        return _push_step(state, frame)
    if stage == ST_FUMBLE:
        _fumble_step(state, frame)
        return True
    if stage == ST_REACT:
        return reactions.step(state, frame)
    assert stage == ST_DAMAGE
    state.pop()
    if state.rules.damage_timing == "after_reactions":  # HX-A6
        for t in frame.targets:
            damage.wound(state, t, frame.hits[t])
    return True


def _roll(state: HexState, frame: AttackFrame) -> None:
    """HX-25 / HX-26: one die per die icon; a die at least the target hex's number hits.
    HX-A12: a roll per target, or one shared roll under `barrage_dice: shared_roll`."""
    rules, rng = state.rules, state.rng
    dice = state.setup.content.cards[frame.card].attack.dice
    rolls, hits = list(frame.rolls), list(frame.hits)
    shared: tuple[int, ...] | None = None
    for t in frame.targets:
        if shared is not None:
            faces = shared
        else:
            faces = tuple(rng.roll(rules.die_sides) for _ in range(dice))
            if rules.barrage_dice == "shared_roll":
                shared = faces
        need = frame.needs[t]
        rolls[t] = faces
        hits[t] = sum(1 for f in faces if f >= need)
        state.emit((events.ROLLED, t, need, hits[t], *faces))
    state.put(frame.but(stage=ST_PUSH, rolls=tuple(rolls), hits=tuple(hits), at=0))


def _push_step(state: HexState, frame: AttackFrame) -> bool:
    """HX-29 / HX-A10: the attacker pushes each target in order; mandatory where an
    open hex exists, nothing otherwise, at 0 hits too unless `push_requires_hit`."""
    attack = state.setup.content.cards[frame.card].attack
    if not attack.push or frame.at >= len(frame.targets):
        state.put(frame.but(stage=ST_FUMBLE, at=0))
        return True
    target = frame.targets[frame.at]
    if not state.alive[target] or (state.rules.push_requires_hit and not frame.hits[target]):
        state.put(frame.but(at=frame.at + 1))
        return True
    options = legal(state, frame)
    if not options:
        state.emit((events.NO_PUSH, target))
        state.put(frame.but(at=frame.at + 1))
        return True
    state.offer(options, frame.attacker)
    return False


def _fumble_step(state: HexState, frame: AttackFrame) -> None:
    """HX-28 / HX-A11: each target in order turns the attacker (the last one decides),
    at 0 hits too unless `fumble_requires_hit`."""
    attack = state.setup.content.cards[frame.card].attack
    if not attack.fumble or frame.at >= len(frame.targets):
        state.put(frame.but(stage=ST_REACT, at=0))
        return
    target = frame.targets[frame.at]
    state.put(frame.but(at=frame.at + 1))
    if not state.alive[target] or not state.alive[frame.attacker]:
        return
    if state.rules.fumble_requires_hit and not frame.hits[target]:
        return
    state.push(FaceFrame(frame.attacker, target, FROM_FUMBLE, frame.card))


def choose(state: HexState, frame: AttackFrame, action: HexAction) -> None:
    kind = action.kind
    if kind == Kind.TARGET:
        state.put(_declared(state, frame, (action.arg,)).but(stage=ST_ROLL,
                                                             targets=(action.arg,)))
    elif kind == Kind.ORDER:
        rest = tuple(t for t in frame.rest if t != action.arg)
        state.put(frame.but(targets=(*frame.targets, action.arg), rest=rest))
    elif kind == Kind.PUSH:
        target = frame.targets[frame.at]
        pos = state.hexes[target]
        assert pos is not None
        dest = neighbor(pos, action.arg)
        state.put(frame.but(at=frame.at + 1))
        state.hexes[target] = dest
        state.emit((events.PUSHED, target, dest.q, dest.r))
        if dest not in state.setup.board.hexes:  # HX-A8 board_edge_is_wall false
            damage.eliminate(state, target, events.OFF_BOARD)
    else:
        reactions.choose(state, frame, action)
