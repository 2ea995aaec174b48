"""`HexView`: what one seat may know, as plain data (`to_dict`, the shape COMMON18 fixes:
front ends and bots read exactly those keys; typed in `view_data`).

Public: the board, every unit (position, facing, health, Power tokens), the Style and
Action cards in play, the revealed part of the initiative line, discard piles, hand and
deck sizes, dice already rolled, the log. Private: a seat's own hand (a GAME_MASTER
sees every hand). Never: another seat's hand, any deck order, an unrevealed initiative
card (HX-A1 one_per_turn), the chance source.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from initiative.engine.contract import GAME_MASTER
from initiative.engine.view_cache import ViewCache
from initiative.games.hex import flow, text
from initiative.games.hex.actions import WORDS_TO_KIND, HexAction, action_text, index
from initiative.games.hex.events import Event
from initiative.games.hex.frames import (
    ATTACK,
    FACE,
    FROM_FUMBLE,
    FROM_REACTION,
    MOVE,
    NO_UNIT,
    ST_ORDER,
    ST_PUSH,
    ST_REACT,
    ST_TARGET,
    TURN,
    AttackFrame,
    Frame,
)
from initiative.games.hex.geometry import Hex
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.specs import ActionCard
from initiative.games.hex.view_data import (
    CardData,
    HexViewData,
    LineData,
    PendingData,
    StaticData,
    StyleData,
    UnitData,
)
from initiative.games.view_records import LegalEntry
from initiative.timing.stacked_decks import SPECIAL

if TYPE_CHECKING:
    from initiative.games.hex.state import HexState

_KIND_WORDS = {kind: word for word, kind in WORDS_TO_KIND.items()}


@dataclass(frozen=True, eq=False)
class HexView:
    """One seat's view: `seat`, its `legal` actions (empty unless it decides now) and
    the data of `to_dict` (read-only: do not mutate it). `frames` (the decision stack,
    bottom first) and `events` (the log) are the same public facts as data, in the
    rules' own form, so a world can be dealt from the view (`determinize`)."""

    seat: int
    legal: tuple[HexAction, ...]
    data: HexViewData
    frames: tuple[Frame, ...] = ()
    events: tuple[Event, ...] = ()

    def to_dict(self) -> HexViewData:
        return self.data


def _hex(h: Hex | None) -> list[int] | None:
    return None if h is None else [h.q, h.r]


def _card_dict(card: ActionCard) -> CardData:
    m, a, r = card.move, card.attack, card.reaction
    return {"name": card.name,
            "move": {"steps": m.steps, "displace": m.displace, "power": m.power},
            "attack": {"dice": a.dice, "barrage": a.barrage, "fumble": a.fumble,
                       "push": a.push, "power": a.power},
            "reaction": {"shields": r.shields, "steps": r.steps, "displace": r.displace,
                         "power": r.power}}


def static_parts(setup: HexSetup) -> StaticData:
    """The parts of every view that never change during a game."""
    board = setup.board
    styles: dict[str, StyleData] = {}
    for seat in setup.seats:
        style = seat.style
        styles[style.key] = {"name": style.name,
                             "hexes": [{"offset": [h.offset.q, h.offset.r], "needs": h.needs}
                                       for h in style.hexes]}
    return {
        "seat_names": [s.label for s in setup.seats],
        "board": {"key": board.key, "name": board.name,
                  "hexes": [[h.q, h.r] for h in sorted(board.hexes, key=lambda h: (h.r, h.q))],
                  "walls": [[h.q, h.r] for h in sorted(board.walls, key=lambda h: (h.r, h.q))]},
        "styles": styles,
        "cards": {card.key: _card_dict(card) for card in setup.content.cards},
    }


_CACHE: ViewCache[HexSetup, Event, StaticData] = ViewCache(static_parts, text.describe)
"""`static_parts` and the sentences of events met so far, per setup."""


def _attack_below(stack: list[Frame]) -> AttackFrame | None:
    """The attack being resolved, if any (it may sit under a reaction's move)."""
    for frame in reversed(stack):
        if frame.tag == ATTACK:
            return frame
    return None


def pending_dict(state: HexState) -> PendingData | None:
    """The decision being asked now (COMMON18 `pending`), or None."""
    if state.over or not state.stack:
        return None
    keys = state.setup.content.cards
    frame = state.stack[-1]
    attack = _attack_below(state.stack)
    out: PendingData = {"kind": "turn", "seat": flow.deciding_seat(state), "unit": None,
                           "steps_left": 0, "card": None, "section": None,
                           "attacker": None, "targets": [], "rolls": {}, "hits": {}}
    if attack is not None:  # the attack under way (also under a reaction's move)
        rolled = [t for t in attack.targets if attack.rolls[t]]
        out["attacker"] = attack.attacker
        out["targets"] = _targets(attack)
        out["rolls"] = {str(t): list(attack.rolls[t]) for t in rolled}
        out["hits"] = {str(t): attack.hits[t] for t in rolled}
        out["card"] = keys[attack.card].key
        out["section"] = "attack"
    from_section = {FROM_REACTION: "reaction"}
    if frame.tag == TURN:
        out["unit"] = frame.seat
    elif frame.tag == MOVE:
        out["kind"] = "displace" if frame.waiting != NO_UNIT else "move"
        out["unit"] = frame.waiting if frame.waiting != NO_UNIT else frame.unit
        out["steps_left"] = frame.left
        out["card"] = keys[frame.card].key
        out["section"] = from_section.get(frame.section, "move")
    elif frame.tag == FACE:
        out["kind"] = "fumble" if frame.reason == FROM_FUMBLE else "face"
        out["unit"] = frame.unit
        if frame.card >= 0:
            out["card"] = keys[frame.card].key
        out["section"] = "attack" if frame.reason == FROM_FUMBLE else \
            from_section.get(frame.reason, "move")
    else:
        stage = frame.stage
        out["kind"] = {ST_TARGET: "target", ST_ORDER: "order", ST_PUSH: "push",
                       ST_REACT: "react"}.get(stage, "target")
        out["unit"] = frame.targets[frame.at] if stage in (ST_PUSH, ST_REACT) \
            else frame.attacker
    return out


def _targets(attack: AttackFrame) -> list[int]:
    """The targets in reaction order (the unordered rest of a barrage after them), or,
    while the attacker chooses, every unit it may target."""
    if attack.targets or attack.rest:
        return [*attack.targets, *sorted(attack.rest)]
    return [t for t, need in enumerate(attack.needs) if need]


def _label_context(state: HexState) -> text.LabelContext:
    frame = state.stack[-1]
    hand = tuple(state.hands[flow.deciding_seat(state)])
    if frame.tag == MOVE:
        unit = frame.waiting if frame.waiting != NO_UNIT else frame.unit
        return text.LabelContext(hand, state.hexes[unit], unit)
    if frame.tag == FACE:
        attacker = frame.unit if frame.reason == FROM_FUMBLE else -1
        return text.LabelContext(hand, None, frame.unit, attacker)
    if frame.tag == ATTACK:
        unit = frame.targets[frame.at] if frame.stage in (ST_PUSH, ST_REACT) else -1
        at = state.hexes[unit] if unit >= 0 else None
        return text.LabelContext(hand, at, unit, frame.attacker, frame.needs)
    return text.LabelContext(hand)


def _units(state: HexState) -> list[UnitData]:
    return [{"seat": s, "name": seat_setup.name, "character": seat_setup.character.key,
             "character_name": seat_setup.character.name, "style": seat_setup.style.key,
             "hex": _hex(state.hexes[s]), "facing": state.facing[s],
             "health": state.health[s], "max_health": state.rules.starting_health,
             "power": state.power[s], "alive": state.alive[s]}
            for s, seat_setup in enumerate(state.setup.seats)]


def _line(state: HexState) -> LineData:
    """The line with its face-down cards as None (HX-A1 one_per_turn)."""
    return {"cards": [None if i >= state.revealed else ("special" if c == SPECIAL else c)
                      for i, c in enumerate(state.line)],
            "at": state.at}


def _legal(state: HexState, legal: Sequence[HexAction]) -> list[LegalEntry]:
    if not legal:
        return []
    ctx = _label_context(state)
    return [{"index": index(a), "kind": _KIND_WORDS[a.kind], "arg": a.arg,
             "text": action_text(a), "label": text.label(state.setup, a, ctx)}
            for a in legal]


def make_view(state: HexState, seat: int) -> HexView:
    """What `seat` (a seat, SPECTATOR or GAME_MASTER) may know now."""
    setup = state.setup
    cards = setup.content.cards
    deciding = state.current_seat()
    legal = state.legal_actions() if seat == deciding and seat >= 0 else ()
    parts, sentences = _CACHE.parts(setup)
    data: HexViewData = {
        "game": "hex_skirmish", "seat": seat, "seat_names": parts["seat_names"],
        "board": parts["board"], "styles": parts["styles"], "cards": parts["cards"],
        "round": state.round, "phase": state.phase, "units": _units(state),
        "line": _line(state), "active": state.active,
        "hand": [cards[c].key for c in state.hands[seat]] if seat >= 0 else [],
        "hand_counts": [len(h) for h in state.hands],
        "deck_counts": [len(d) for d in state.decks],
        "discards": [[cards[c].key for c in pile] for pile in state.discards],
        "pending": pending_dict(state), "legal": _legal(state, legal),
        "log": _CACHE.log(setup, state.events(), sentences),
        "winner": state.winner, "over": state.over,
    }
    if seat == GAME_MASTER:
        data["hands"] = {str(s): [cards[c].key for c in hand]
                         for s, hand in enumerate(state.hands)}
    return HexView(seat, tuple(legal), data, tuple(state.stack), tuple(state.events()))
