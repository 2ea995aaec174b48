"""Enemies (TI-39..TI-46): their abilities on revealed tokens, movement toward a target
(TI-42, TI-43, TI-A18), and tucks that defeat them (TI-44..TI-46, TI-A6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from initiative.games.ti import cards, graph, tokens
from initiative.games.ti import events as ev
from initiative.games.ti.actions import MAX_CARDS, Kind, TIAction, act, tucks_of
from initiative.games.ti.frames import ENEMY_MOVE, Frame
from initiative.games.ti.specs import Enemy, EnemyAbility

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState


def enemy(state: TIState, i: int) -> Enemy:
    return state.setup.content.enemies[state.setup.mission.enemies[i].enemy]


def abilities(state: TIState) -> list[tuple[int, EnemyAbility]]:
    """(enemy, ability) pairs in mission order (TI-40: enemies act in that order)."""
    return [(i, a) for i in range(len(state.enemy_room)) for a in enemy(state, i).abilities]


def _targets(state: TIState, ability: EnemyAbility) -> list[int]:
    """TI-42: the rooms a moving enemy heads for: every player's room, every room with
    a clue stack left, or the entrance."""
    if ability.target == "nearest_player":
        return sorted(set(state.pos))
    if ability.target == "nearest_stack":
        return [s.room for s in state.setup.mission.stacks
                if tokens.stack_size(state, s.room) > 0]
    return [state.setup.entrance]


def destinations(state: TIState, i: int, ability: EnemyAbility) -> list[int]:
    """TI-42, TI-43: the rooms enemy `i` may end in, at most `rooms` steps away, as
    close as possible to its nearest target; [] when it does not move (it shares a
    target's room, or no way leads to one)."""
    here = state.enemy_room[i]
    targets = _targets(state, ability)
    if not targets or here in targets:
        return []
    to_target = graph.distances(state, targets)
    if to_target[here] < 0:
        return []
    reach = graph.distances(state, [here])
    best = min(to_target[r] for r, d in enumerate(reach) if 0 <= d <= ability.rooms
               and to_target[r] >= 0)
    return [r for r, d in enumerate(reach) if 0 <= d <= ability.rooms
            and to_target[r] == best]


def move_to(state: TIState, i: int, room: int) -> None:
    if room == state.enemy_room[i]:
        state.emit((ev.ENEMY_STAYS, i))
        return
    state.enemy_room[i] = room
    state.emit((ev.ENEMY_MOVED, i, room))


def trigger(state: TIState, i: int, ability: EnemyAbility, seat: int) -> bool:
    """Resolve one ability of enemy `i` (TI-40). False when the active player `seat` must
    choose among tied rooms first (an ENEMY_MOVE frame is pushed)."""
    if ability.effect == "move_toward":
        rooms = destinations(state, i, ability)
        if len(rooms) > 1:
            state.push(Frame(ENEMY_MOVE, seat, enemy=i, items=tuple(rooms)))
            return False
        if rooms:
            move_to(state, i, rooms[0])
        else:
            state.emit((ev.ENEMY_STAYS, i))
    elif ability.effect == "discard_random_here":
        for s, room in enumerate(state.pos):
            if room == state.enemy_room[i]:
                for _ in range(ability.count):
                    if not state.over:  # nothing happens after a loss (TI-50)
                        cards.random_discard(state, s)
    else:
        for _ in range(ability.count):
            if state.over or not cards.burn(state, ev.BY_ENEMY):
                break
    return True


def move_legal(state: TIState, frame: Frame) -> list[TIAction]:
    return [act(Kind.ENEMY_TO, r) for r in frame.items]


def move_choose(state: TIState, frame: Frame, action: TIAction) -> None:
    """TI-42, TI-A18: the active player picks among tied rooms."""
    state.pop()
    move_to(state, frame.enemy, action.arg)


def tucks(state: TIState, seat: int) -> list[TIAction]:
    """TI-44, TI-46, TI-A6: cards `seat` may tuck now under an enemy in its room."""
    out: list[TIAction] = []
    per_enemy = state.rules.tuck_limit == "per_turn_per_enemy"
    if state.tucks and not per_enemy:
        return out
    suits = state.setup.content.cards
    for i, room in enumerate(state.enemy_room):
        if room != state.pos[seat] or (state.tucks >> i) & 1:
            continue
        allowed = enemy(state, i).suits
        under = tucks_of(i)
        for c in state.hands[seat]:  # a loop, not a comprehension: that would make
            if suits[c].suit in allowed:  # `suits`, `allowed` and `under` cells, a cost
                out.append(under[c])  # at every call
    return out


def totals(state: TIState, i: int) -> dict[str, int]:
    """TI-45, TI-46: the value tucked under enemy `i`, per suit."""
    content = state.setup.content
    out = dict.fromkeys(enemy(state, i).suits, 0)
    for c in state.tucked[i]:
        card = content.cards[c]
        if card.suit is not None:
            out[card.suit] = out.get(card.suit, 0) + card.value
    return out


def do_tuck(state: TIState, seat: int, action: TIAction) -> None:
    """TI-44: tuck, then TI-45/TI-46: defeat once one suit reaches the strength."""
    i, card = divmod(action.arg, MAX_CARDS)
    cards.take(state, seat, card)
    state.tucked[i].append(card)
    state.tucks |= 1 << i
    state.emit((ev.TUCKED, seat, i, card))
    if max(totals(state, i).values()) >= enemy(state, i).strength:
        state.enemy_room[i] = -1
        state.emit((ev.DEFEATED, i))
        under, state.tucked[i] = state.tucked[i], []
        cards.to_discard(state, under)
