"""`TIView`: what one seat may know, as plain data (`to_dict`, the shape the project
fixes: front ends and bots read exactly those keys).

Public: the board, standees, face-up tokens and features, stack sizes, the action
piles, the discard pile, hand and deck sizes, open windows, enemies, the log's public
events. Private: a seat's own hand, its own private events, and the deck's top cards
while it is the one that looked at them (a GAME_MASTER sees every hand and private
event, never the deck order). Never: another hand, the deck order, a face-down token,
a closed window, the answer before the end, the chance source. (TI-15, TI-A22: players
may talk about their cards; the rules do not police that, the views simply never show
another seat's hand.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from initiative.engine.contract import GAME_MASTER
from initiative.engine.view_cache import ViewCache
from initiative.games.ti import cards, enemies, text, tokens
from initiative.games.ti import events as ev
from initiative.games.ti.actions import PILES, WORDS, TIAction, action_text, index
from initiative.games.ti.events import Event
from initiative.games.ti.frames import (
    ANSWER,
    ARRANGE,
    DISCARD,
    GATHER,
    INTEL,
    MOVE_2,
    RUN,
    TAG_NAMES,
    VOTE,
    Frame,
)
from initiative.games.ti.setup import TISetup
from initiative.games.ti.specs import TokenSpec
from initiative.games.ti.tokens import stack_size

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

_LEFT = frozenset({RUN, MOVE_2, INTEL, GATHER, DISCARD, ARRANGE})


@dataclass(frozen=True, slots=True, eq=False)
class TIView:
    """One seat's view: `seat`, its `legal` actions (empty unless it decides now) and
    the data of `to_dict` (read-only). `frames` (the decision stack, bottom first) and
    `events` (the log events this seat sees) are the same facts in the rules' own
    form, so a world can be dealt from the view (`determinize`)."""

    seat: int
    legal: tuple[TIAction, ...]
    data: dict[str, Any]
    frames: tuple[Frame, ...] = ()
    events: tuple[Event, ...] = ()
    counters: tuple[int, int, int] = (0, 0, 0)
    """Public counters the dict leaves out: forced passes in a row with no draw
    possible (TI-A14), the bit set of enemies tucked under this turn (TI-A6), and
    the reshuffles so far (TI-A5)."""

    def to_dict(self) -> dict[str, Any]:
        return self.data


def card_dict(setup: TISetup, card: int) -> dict[str, Any]:
    c = setup.content.cards[card]
    return {"id": card, "key": c.key, "suit": c.suit, "value": c.value, "time": c.time}


def token_dict(setup: TISetup, token: int) -> dict[str, Any]:
    clues = setup.clue_tokens
    if token >= len(clues):
        feature = setup.features[token - len(clues)]
        return {"id": token, "kind": feature.kind, "glyph": None, "icon": None,
                "blue": False, "pile": None, "on_mission": False}
    spec: TokenSpec = clues[token]
    return {"id": token, "kind": spec.kind, "glyph": spec.glyph, "icon": spec.icon,
            "blue": spec.blue, "pile": None if spec.pile is None else PILES[spec.pile],
            "on_mission": spec.glyph is not None and
            spec.glyph in setup.mission.glyph_keys}


def static_parts(setup: TISetup) -> dict[str, Any]:
    """The parts of every view that never change during a game."""
    mission, board, content = setup.mission, setup.board, setup.content
    walls = {tuple(sorted(w)) for w in mission.walls}
    links = [{"a": a, "b": b, "kind": "wall_token" if (a, b) in walls else "open",
              "locked": False, "door": None} for a, b in board.passages]
    return {
        "seat_names": [s.name for s in setup.seats],
        "mission": {"key": mission.key, "number": mission.number, "name": mission.name,
                    "question": mission.question, "intro": mission.story.intro,
                    "alphabet": list(mission.alphabet),
                    "answer_positions": len(mission.answer),
                    "answer_area": None if mission.answer_area is None
                    else list(mission.answer_area),
                    "glyphs": sorted(mission.glyph_keys)},
        "glyphs": {k: {"name": g.name, "mark": g.mark} for k, g in content.glyphs.items()},
        "board": {"key": board.key, "name": board.name, "cols": board.cols,
                  "rows": board.rows,
                  "rooms": [{"key": r.key, "name": r.name, "col": r.col, "row": r.row}
                            for r in board.rooms],
                  "links": links},
    }


_CACHE: ViewCache[TISetup, Event] = ViewCache(static_parts, text.describe)
"""`static_parts` and the sentences of events met so far, per setup."""


def pending_dict(state: TIState) -> dict[str, Any] | None:
    """The decision asked now, or None (over, or between steps)."""
    if state.over or not state.stack:
        return None
    frame = state.stack[-1]
    alphabet = state.setup.mission.alphabet
    answer = [alphabet[i] for i in frame.items] if frame.tag in (ANSWER, VOTE) else []
    return {"kind": TAG_NAMES[frame.tag], "seat": frame.seat,
            "left": frame.left if frame.tag in _LEFT else None,
            "room": frame.room if frame.room >= 0 else None,
            "enemy": frame.enemy if frame.enemy >= 0 and frame.tag not in (ANSWER, VOTE)
            else None,
            "token": frame.token if frame.token >= 0 else None,
            "answer": answer,
            "votes": {str(s): True for s in frame.votes} if frame.tag == VOTE else {}}


def _rooms(state: TIState) -> list[dict[str, Any]]:
    setup = state.setup
    n_clues = len(setup.clue_tokens)
    rooms = []
    for r in range(len(setup.board.rooms)):
        face_up = [token_dict(setup, t) for t, at in enumerate(state.where)
                   if at == r and t < n_clues]
        features = [token_dict(setup, t) for t, at in enumerate(state.where)
                    if at == r and t >= n_clues]
        rooms.append({"stack": stack_size(state, r), "face_up": face_up,
                      "features": features,
                      "characters": [s for s, p in enumerate(state.pos) if p == r],
                      "enemies": [i for i, p in enumerate(state.enemy_room) if p == r]})
    return rooms


def _links(state: TIState, parts: dict[str, Any]) -> list[dict[str, Any]]:
    doors = [{"a": d.a, "b": d.b, "kind": "door", "locked": state.locked[i], "door": i}
             for i, d in enumerate(state.setup.mission.doors)]
    return [*parts["board"]["links"], *doors]


def _enemies(state: TIState) -> list[dict[str, Any]]:
    setup = state.setup
    out = []
    for i, room in enumerate(state.enemy_room):
        e = enemies.enemy(state, i)
        out.append({"key": e.key, "name": e.name, "suits": list(e.suits),
                    "strength": e.strength, "room": room if room >= 0 else None,
                    "defeated": room < 0,
                    "tucked": [card_dict(setup, c) for c in state.tucked[i]],
                    "totals": enemies.totals(state, i),
                    "abilities": [{"icon": a.icon, "text": a.text} for a in e.abilities]})
    return out


def _result(state: TIState) -> dict[str, Any] | None:
    if not state.over:
        return None
    mission = state.setup.mission
    return {"won": bool(state.won), "reason": "solved" if state.won else state.loss_reason,
            "answer": list(mission.answer),
            "entered": None if state.entered is None else list(state.entered),
            "story": mission.story.win if state.won else mission.story.loss}


def make_view(state: TIState, seat: int) -> TIView:
    """What `seat` (a seat, SPECTATOR or GAME_MASTER) may know now."""
    setup = state.setup
    mission = setup.mission
    deciding = state.current_seat()
    legal = state.legal_actions() if seat == deciding and seat >= 0 else ()
    parts, sentences = _CACHE.parts(setup)
    everything = seat == GAME_MASTER
    events = tuple(e for e in state.events() if ev.visible(e, seat, everything))
    data: dict[str, Any] = {"game": "the_initiative", "seat": seat}
    data.update(parts)
    data["board"] = {**parts["board"], "links": _links(state, parts)}
    data["rooms"] = _rooms(state)
    over = state.over
    data["console"] = {"windows": [
        {"glyph": w.glyph, "open": state.opened[i],
         "symbols": list(w.symbols) if state.opened[i] or over else None}
        for i, w in enumerate(mission.windows)]}
    data["characters"] = [
        {"seat": s, "key": ss.character.key, "name": ss.character.name,
         "ability": ss.character.ability, "text": ss.character.text, "room": state.pos[s]}
        for s, ss in enumerate(setup.seats)]
    data["enemies"] = _enemies(state)
    data["piles"] = [
        {"key": PILES[p], "top": card_dict(setup, pile[-1]) if pile else None,
         "cards": [card_dict(setup, c) for c in pile], "counter_intel": list(state.counter[p])}
        for p, pile in enumerate(state.piles)]
    data["hand"] = [card_dict(setup, c) for c in state.hands[seat]] if seat >= 0 else []
    if everything:
        data["hands"] = {str(s): [card_dict(setup, c) for c in hand]
                         for s, hand in enumerate(state.hands)}
    data["hand_counts"] = [len(h) for h in state.hands]
    data["deck_count"] = cards.deck_count(state) + len(state.looked)
    data["discard"] = [card_dict(setup, c) for c in state.discard]
    data["discard_time"] = cards.discard_time(state)
    data["peril"] = state.peril
    data["time_limit"] = cards.TIME_LIMIT
    if seat >= 0 and seat == state.top_seer and state.deck_top:
        data["deck_top"] = [card_dict(setup, c) for c in state.deck_top]
    data.update({
        "turn": state.turn, "active": state.active, "first": state.first,
        "actions_taken": state.actions_taken, "tucked": bool(state.tucks),
        "proposals": state.proposals, "phase": state.phase,
        "pending": pending_dict(state),
        "secrets": [{"key": k, "title": setup.content.secrets[k].title,
                     "text": setup.content.secrets[k].text} for k in state.secrets
                    if k in setup.content.secrets]})
    top = state.stack[-1] if state.stack else None
    data["legal"] = [{"index": index(a), "kind": WORDS[a.kind], "arg": a.arg,
                      "text": action_text(a), "label": text.label(setup, a, top)}
                     for a in legal]
    data["tokens_gone"] = [t for t, at in enumerate(state.where) if at == tokens.GONE]
    data["tokens_collected"] = list(state.collected)
    data["log"] = _CACHE.log(setup, events, sentences)
    data["result"] = _result(state)
    data["over"] = over
    return TIView(seat, tuple(legal), data, tuple(state.stack), events,
                  (state.passes, state.tucks, state.reshuffles))


