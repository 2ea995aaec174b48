"""`TIView`: what one seat may know, as plain data (`to_dict`, the shape the project
fixes: front ends and bots read exactly those keys; typed in `view_data`).

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from initiative.engine.contract import GAME_MASTER
from initiative.engine.view_cache import ViewCache
from initiative.games.ti import cards, enemies, graph, text, tokens
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
from initiative.games.ti.view_data import (
    CardData,
    CharacterData,
    ConsoleData,
    EnemyData,
    LinkData,
    PendingData,
    PileData,
    ResultData,
    RoomData,
    SecretData,
    StaticData,
    TIViewData,
    TokenData,
)
from initiative.games.view_records import LegalEntry

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState

_LEFT = frozenset({RUN, MOVE_2, INTEL, GATHER, DISCARD, ARRANGE})


@dataclass(frozen=True, eq=False)
class TIView:
    """One seat's view: `seat`, its `legal` actions (empty unless it decides now) and
    the data of `to_dict` (read-only). `frames` (the decision stack, bottom first) and
    `events` (the log events this seat sees) are the same facts in the rules' own
    form, so a world can be dealt from the view (`determinize`)."""

    seat: int
    legal: tuple[TIAction, ...]
    data: TIViewData
    frames: tuple[Frame, ...] = ()
    events: tuple[Event, ...] = ()
    counters: tuple[int, int, int] = (0, 0, 0)
    """Public counters the dict leaves out: forced passes in a row with no draw
    possible (TI-A14), the bit set of enemies tucked under this turn (TI-A6), and
    the reshuffles so far (TI-A5)."""

    def to_dict(self) -> TIViewData:
        return self.data


def card_dict(setup: TISetup, card: int) -> CardData:
    c = setup.content.cards[card]
    return {"id": card, "key": c.key, "suit": c.suit, "value": c.value, "time": c.time}


def token_dict(setup: TISetup, token: int) -> TokenData:
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


def static_parts(setup: TISetup) -> StaticData:
    """The parts of every view that never change during a game."""
    mission, board, content = setup.mission, setup.board, setup.content
    links: list[LinkData] = [  # printed passages; a door on one stands in its place (TI-36)
        {"a": k.a, "b": k.b, "kind": "wall_token" if k.walled else "open", "locked": False,
         "door": None} for k in graph.tables(setup).links if k.door < 0]
    return {
        "seat_names": [s.label for s in setup.seats],
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


_CACHE: ViewCache[TISetup, Event, StaticData] = ViewCache(static_parts, text.describe)
"""`static_parts` and the sentences of events met so far, per setup."""


def pending_dict(state: TIState) -> PendingData | None:
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


def _rooms(state: TIState) -> list[RoomData]:
    setup = state.setup
    n_clues = len(setup.clue_tokens)
    rooms: list[RoomData] = []
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


def _links(state: TIState, parts: StaticData) -> list[LinkData]:
    doors: list[LinkData] = [
        {"a": d.a, "b": d.b, "kind": "door", "locked": state.locked[i], "door": i}
        for i, d in enumerate(state.setup.mission.doors)]
    return [*parts["board"]["links"], *doors]


def _enemies(state: TIState) -> list[EnemyData]:
    setup = state.setup
    out: list[EnemyData] = []
    for i, room in enumerate(state.enemy_room):
        e = enemies.enemy(state, i)
        out.append({"key": e.key, "name": e.name, "suits": list(e.suits),
                    "strength": e.strength, "room": room if room >= 0 else None,
                    "defeated": room < 0,
                    "tucked": [card_dict(setup, c) for c in state.tucked[i]],
                    "totals": enemies.totals(state, i),
                    "abilities": [{"icon": a.icon, "text": a.text} for a in e.abilities]})
    return out


def _result(state: TIState) -> ResultData | None:
    if not state.over:
        return None
    mission = state.setup.mission
    return {"won": bool(state.won), "reason": "solved" if state.won else state.loss_reason,
            "answer": list(mission.answer),
            "entered": None if state.entered is None else list(state.entered),
            "story": mission.story.win if state.won else mission.story.loss}


def _console(state: TIState) -> ConsoleData:
    """Each window's glyph; its symbols once open or once the game is over."""
    return {"windows": [
        {"glyph": w.glyph, "open": state.opened[i],
         "symbols": list(w.symbols) if state.opened[i] or state.over else None}
        for i, w in enumerate(state.setup.mission.windows)]}


def _characters(state: TIState) -> list[CharacterData]:
    return [{"seat": s, "key": ss.character.key, "name": ss.character.name,
             "ability": ss.character.ability, "text": ss.character.text,
             "room": state.pos[s]}
            for s, ss in enumerate(state.setup.seats)]


def _piles(state: TIState) -> list[PileData]:
    setup = state.setup
    return [{"key": PILES[p], "top": card_dict(setup, pile[-1]) if pile else None,
             "cards": [card_dict(setup, c) for c in pile],
             "counter_intel": list(state.counter[p])}
            for p, pile in enumerate(state.piles)]


def _secrets(state: TIState) -> list[SecretData]:
    """The secrets the group has gained (TI-25)."""
    known = state.setup.content.secrets
    return [{"key": k, "title": known[k].title, "text": known[k].text}
            for k in state.secrets if k in known]


def _legal(state: TIState, legal: Sequence[TIAction]) -> list[LegalEntry]:
    top = state.stack[-1] if state.stack else None
    return [{"index": index(a), "kind": WORDS[a.kind], "arg": a.arg,
             "text": action_text(a), "label": text.label(state.setup, a, top)}
            for a in legal]


def make_view(state: TIState, seat: int) -> TIView:
    """What `seat` (a seat, SPECTATOR or GAME_MASTER) may know now."""
    setup = state.setup
    deciding = state.current_seat()
    legal = state.legal_actions() if seat == deciding and seat >= 0 else ()
    parts, sentences = _CACHE.parts(setup)
    everything = seat == GAME_MASTER
    events = tuple(e for e in state.events() if ev.visible(e, seat, everything))
    data: TIViewData = {
        "game": "the_initiative", "seat": seat, "seat_names": parts["seat_names"],
        "mission": parts["mission"], "glyphs": parts["glyphs"],
        "board": {**parts["board"], "links": _links(state, parts)},
        "rooms": _rooms(state), "console": _console(state),
        "characters": _characters(state), "enemies": _enemies(state),
        "piles": _piles(state),
        "hand": [card_dict(setup, c) for c in state.hands[seat]] if seat >= 0 else [],
        "hand_counts": [len(h) for h in state.hands],
        "deck_count": cards.deck_count(state) + len(state.looked),
        "discard": [card_dict(setup, c) for c in state.discard],
        "discard_time": cards.discard_time(state), "peril": state.peril,
        "time_limit": cards.TIME_LIMIT,
        "turn": state.turn, "active": state.active, "first": state.first,
        "actions_taken": state.actions_taken, "tucked": bool(state.tucks),
        "proposals": state.proposals, "phase": state.phase,
        "pending": pending_dict(state), "secrets": _secrets(state),
        "legal": _legal(state, legal),
        "tokens_gone": [t for t, at in enumerate(state.where) if at == tokens.GONE],
        "tokens_collected": list(state.collected),
        "log": _CACHE.log(setup, events, sentences),
        "result": _result(state), "over": state.over,
    }
    if everything:
        data["hands"] = {str(s): [card_dict(setup, c) for c in hand]
                         for s, hand in enumerate(state.hands)}
    if seat >= 0 and seat == state.top_seer and state.deck_top:
        data["deck_top"] = [card_dict(setup, c) for c in state.deck_top]
    return TIView(seat, tuple(legal), data, tuple(state.stack), events,
                  (state.passes, state.tucks, state.reshuffles))
