"""Positions of The Initiative (games/ti/notation.py, positions.py): worked turns with
stack reveals, gas picks and deck draws forced through explicit chance, the known top
of the deck, positions at chance nodes, and a NotationError naming the field for every
kind of bad input."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from initiative.engine.chance import Outcome
from initiative.engine.contract import CHANCE
from initiative.engine.errors import NotationError
from initiative.engine.rng import SplitMix64
from initiative.games.ti.actions import GATHER, INTEL, Kind, act, index, play
from initiative.games.ti.content import default_content
from initiative.games.ti.loader import load_the_initiative
from initiative.games.ti.notation import FORMAT, load_position, position_json, position_of
from initiative.games.ti.state import TIState
from tests.position_kit import (
    DELETE,
    check_shown_errors,
    check_state_fields,
    notation_doc_part,
    set_at,
)

CONTENT = default_content()
CARD = {card.key: i for i, card in enumerate(CONTENT.cards)}
HANDS = [["circle_1", "circle_6", "square_3", "triangle_6"],
         ["circle_2", "circle_11", "square_4", "triangle_2"]]
TIME = [c.key for c in CONTENT.cards if c.time]
DECK = [c.key for c in CONTENT.cards if not c.time and c.key not in HANDS[0] + HANDS[1]]
SETUP = load_the_initiative(players=2, mission="gallery_after_dark",
                            characters="pip+ada").setup
"""The Gallery After Dark: nine rooms, the Warden, one locked door, an alarm feature."""
MISSION = SETUP.mission
TAN = SETUP.num_tan
CLUES = SETUP.clue_tokens
GAS = next(t for t, face in enumerate(CLUES) if face.kind == "gas")
COUNTER_INTEL = next(t for t, face in enumerate(CLUES)
                     if face.kind == "counter_intel" and face.pile == INTEL)
GLYPH = next(t for t, face in enumerate(CLUES) if face.glyph in MISSION.glyph_keys)
FEATURES = {f.kind: SETUP.feature_token(i) for i, f in enumerate(MISSION.features)}
ENTRANCE, ALARM_FEATURE = FEATURES["entrance"], FEATURES["alarm"]
ENTRANCE_ROOM = SETUP.entrance
ALARM_ROOM = next(f.room for f in MISSION.features if f.kind == "alarm")
ROOMS = len(SETUP.board.rooms)


def ready() -> dict[str, Any]:
    """The Gallery After Dark for Pip (seat 0) and Ada (seat 1), both in the first room,
    seat 0's first turn, nothing played: every stack face down, the Warden where it
    starts, the door locked."""
    rooms: list[list[int]] = [[] for _ in range(ROOMS)]
    for i, feature in enumerate(MISSION.features):
        rooms[feature.room].append(SETUP.feature_token(i))
    return {
        "format": FORMAT,
        "setup": {"players": 2, "mission": "gallery_after_dark", "characters": "pip+ada",
                  "seat_names": ["Pip", "Ada"]},
        "turn": 1, "first": 0, "active": 0, "actions_taken": 0, "tucked": [],
        "proposals": 0, "passes": 0, "dealt": True,
        "cards": {
            "hands": [list(h) for h in HANDS], "deck": list(DECK), "deck_top": [],
            "top_seer": None, "looked": [], "discard": list(TIME),
            "piles": {p: {"cards": [], "counter_intel": []}
                      for p in ("run", "intel", "gather", "regroup")},
            "peril": False, "reshuffles": 0},
        "tokens": {
            "stacks": [{"tan": s.tan, "extras": []} for s in MISSION.stacks],
            "tan_pool": list(range(TAN)), "rooms": rooms, "gone": [], "collected": []},
        "board": {"characters": [0, 0],
                  "enemies": [{"room": p.room, "tucked": []} for p in MISSION.enemies],
                  "doors_locked": [True] * len(MISSION.doors),
                  "windows_open": [False] * len(MISSION.windows), "secrets": []},
        "stack": [{"frame": "turn", "seat": 0}],
        "result": None,
        "rng": 12345,
    }


def _outcomes(state: TIState) -> list[Outcome]:
    return [o for o, _ in state.chance_outcomes()]


def _intel_on_the_dome(state: TIState) -> None:
    state.apply(play(INTEL, CARD["circle_1"]))  # TI-19: INTEL on any room
    state.apply(act(Kind.ROOM, 0))


def test_a_stack_reveal_is_a_draw_from_the_unseen_tan_tokens() -> None:
    """TI-3, TI-19: nothing face down has an identity; the reveal draws from the pool."""
    state = load_position(ready(), explicit_chance=True)
    _intel_on_the_dome(state)
    assert state.current_seat() == CHANCE
    assert _outcomes(state) == [Outcome("draw", t) for t in range(TAN)]
    state.apply(Outcome("draw", GLYPH))  # a glyph on the mission
    data = position_of(state)
    assert GLYPH in data["tokens"]["rooms"][0] and GLYPH not in data["tokens"]["tan_pool"]
    assert data["tokens"]["stacks"][0]["tan"] == MISSION.stacks[0].tan - 1


def test_forced_gas_takes_forced_cards_from_everyone_in_the_room() -> None:
    """TI-29, TI-A11: gas revealed in the dome: each player there discards a random card
    (a pick over the sorted hand), then the gas is discarded."""
    state = load_position(ready(), explicit_chance=True)
    _intel_on_the_dome(state)
    state.apply(Outcome("draw", GAS))
    assert state.current_seat() == CHANCE and _outcomes(state) == [Outcome("pick", i)
                                                                   for i in range(3)]
    state.apply(Outcome("pick", 2))  # seat 0 holds circle_6, square_3, triangle_6
    assert _outcomes(state) == [Outcome("pick", i) for i in range(4)]
    state.apply(Outcome("pick", 0))  # seat 1 loses circle_2
    data = position_of(state)
    assert data["cards"]["hands"] == [["circle_6", "square_3"],
                                      ["circle_11", "square_4", "triangle_2"]]
    assert data["cards"]["discard"][-2:] == ["triangle_6", "circle_2"]
    assert GAS in data["tokens"]["gone"]


def test_forced_deck_draws_refill_the_hand() -> None:
    """TI-9: the refill draws through chance nodes over the cards left in the deck."""
    state = load_position(ready(), explicit_chance=True)
    state.apply(play(GATHER, CARD["square_3"]))  # nothing face up: GATHER reveals
    state.apply(act(Kind.STOP))
    state.apply(act(Kind.END))
    assert state.current_seat() == CHANCE
    assert _outcomes(state) == [Outcome("draw", CARD[k]) for k in sorted(DECK, key=CARD.get)]
    state.apply(Outcome("draw", CARD["square_12"]))
    assert "square_12" in position_of(state)["cards"]["hands"][0]


def test_the_known_top_of_the_deck_is_drawn_first_without_chance() -> None:
    """The Lookout's arrangement: cards whose order is known leave the deck first; the
    seat that knows them sees them in its view, nobody else does."""
    data = ready()
    data["cards"]["deck"].remove("square_12")
    data["cards"]["deck_top"] = ["square_12"]
    data["cards"]["top_seer"] = 1
    state = load_position(data, explicit_chance=True)
    assert [c["key"] for c in state.view(1).to_dict()["deck_top"]] == ["square_12"]
    assert "deck_top" not in state.view(0).to_dict()
    state.apply(play(GATHER, CARD["square_3"]))
    state.apply(act(Kind.STOP))
    state.apply(act(Kind.END))
    assert state.current_seat() != CHANCE
    after = position_of(state)
    assert "square_12" in after["cards"]["hands"][0]
    assert after["cards"]["deck_top"] == [] and after["cards"]["top_seer"] is None


def test_a_position_at_a_chance_node_keeps_the_step_and_the_outcomes_chosen() -> None:
    state = load_position(ready(), explicit_chance=True)
    _intel_on_the_dome(state)
    state.apply(Outcome("draw", GAS))
    state.apply(Outcome("pick", 1))
    data = position_of(state)
    assert data["chance"] == {"step": index(act(Kind.ROOM, 0)),
                              "chosen": [f"draw:{GAS}", "pick:1"]}
    assert data["rng"] == "explicit"
    again = load_position(data, explicit_chance=True)
    assert position_of(again) == data
    assert again.chance_outcomes() == state.chance_outcomes()
    again.apply(Outcome("pick", 3))
    state.apply(Outcome("pick", 3))
    assert position_of(again) == position_of(state)
    with pytest.raises(NotationError, match=r"position\.rng: this position's chance is explicit"):
        load_position(data)


def test_the_opening_deal_waits_on_chance_and_resumes() -> None:
    """An explicit game before the deal: the position names the pending 'settle' step
    and the outcomes chosen for it."""
    state = load_the_initiative(players=3, explicit_chance=True).new_initial_state(0)
    chosen = _outcomes(state)[5]
    state.apply(chosen)
    data = position_of(state)
    assert data["dealt"] is False
    assert data["chance"] == {"step": "settle", "chosen": [f"draw:{chosen.value}"]}
    again = load_position(data, explicit_chance=True)
    assert position_of(again) == data
    assert again.chance_outcomes() == state.chance_outcomes()


def test_a_position_reads_from_json_text_and_writes_it_back() -> None:
    state = load_position(json.dumps(ready()))
    assert position_of(state) == ready()
    assert json.loads(position_json(state)) == ready()


def test_a_sampled_position_plays_its_deck_from_the_end() -> None:
    """Under sampled chance the deck is held in order and its last card is drawn first."""
    state = load_position(ready())
    state.apply(play(GATHER, CARD["square_3"]))
    state.apply(act(Kind.STOP))
    state.apply(act(Kind.END))
    assert DECK[-1] in position_of(state)["cards"]["hands"][0]


def test_an_alarm_room_and_counter_intel_constrain_the_loaded_turn() -> None:
    """TI-34: in the rotunda (face-up alarm feature) INTEL and GATHER take the highest
    card; TI-30: counter intel on INTEL blocks the pile."""
    data = ready()
    data["board"]["characters"] = [ALARM_ROOM, ALARM_ROOM]
    state = load_position(data)
    plays = {(a.arg // 48, a.arg % 48) for a in state.legal_actions() if a.kind is Kind.PLAY}
    assert (INTEL, CARD["circle_1"]) not in plays and (INTEL, CARD["triangle_6"]) in plays
    data = ready()
    data["tokens"]["tan_pool"].remove(COUNTER_INTEL)
    data["tokens"]["stacks"][0]["tan"] -= 1
    data["cards"]["piles"]["intel"]["counter_intel"] = [COUNTER_INTEL]
    state = load_position(data)
    assert not any(a.kind is Kind.PLAY and a.arg // 48 == INTEL for a in state.legal_actions())


def _set(path: str, value: Any) -> Any:
    """A change to the ready position: `path` is dotted (list items by number)."""
    return set_at(path, value)


def _swap(take: str, put: str, card: str) -> Any:
    """Move `card` from the list at dotted path `take` to the one at `put`."""
    def change(data: dict[str, Any]) -> None:
        def at(path: str) -> list[str]:
            node: Any = data
            for part in path.split("."):
                node = node[int(part)] if isinstance(node, list) else node[part]
            return node  # type: ignore[no-any-return]
        at(take).remove(card)
        at(put).append(card)
    return change



BAD: list[tuple[Any, str]] = [
    (_set("format", "ti-position/0"), "position.format: expected 'ti-position/1'"),
    (_set("extra", 1), "position: unknown field 'extra'"),
    (_set("setup.mission", "nowhere"), "position.setup: "),
    (_set("setup.colour", "red"), "position.setup: unknown field 'colour'"),
    (_set("setup.content", "/etc/passwd"), "position.setup: /etc/passwd: expected a mapping "
                                              "with deck"),
    (_set("turn", -1), "position.turn: -1 is outside 0..1000000"),
    (_set("first", 2), "position.first: 2 is outside 0..1"),
    (_set("first", None), "position.first: turn 1 has begun"),
    (_set("active", "me"), "position.active: expected a whole number"),
    (_set("actions_taken", 3), "position.actions_taken: 3 is outside 0..2"),
    (_set("proposals", -1), "position.proposals: -1 is outside 0..1000000"),
    (_set("tucked", [1]), "position.tucked[0]: 1 is outside 0..0"),
    (_set("tucked", [0, 0]), "position.tucked[1]: enemy 0 is listed twice"),
    (_set("dealt", "yes"), "position.dealt: expected true or false"),
    (_set("cards.hands.0.0", "circle_13"), "position.cards.hands[0][0]: unknown card "
     "'circle_13'"),
    (_set("cards.hands", [[]]), "position.cards.hands: expected 2 entries, got 1"),
    (_swap("cards.deck", "cards.hands.0", "square_12"),
     "position.cards.hands[0]: 5 cards; a hand holds at most 4 (TI-9, TI-A21)"),
    (_swap("cards.discard", "cards.hands.1", "hourglass_a"),
     "position.cards.hands[1]: 5 cards"),
    (_swap("cards.discard", "cards.deck", "hourglass_a"),
     "position.cards.deck: time card 'hourglass_a' in the deck before any reshuffle"),
    (_set("cards.hands.1", ["circle_2", "circle_11", "square_4", "hourglass_a"]),
     "position.cards.hands[1]: time card 'hourglass_a' in a hand: a drawn time card is "
     "discarded at once (TI-49)"),
    (_set("cards.deck.0", "square_3"), "position.cards: hands + deck + deck_top + looked + "
     "discard + piles + tucked cards are not the deck of 40 cards: missing circle_3; "
     "extra square_3"),
    (_set("cards.discard", []), "missing hourglass_a, hourglass_b, hourglass_c, "
     "hourglass_double; extra none"),
    (_set("cards.top_seer", 1), "position.cards.top_seer: a seat knows the deck's top "
     "cards exactly while some are known"),
    (_set("cards.piles.run", {"cards": ["circle_8", "circle_3"]}),
     "position.cards.piles.run.cards[1]: 'circle_3' (3) is not higher than the card below "
     "it (8, TI-12)"),
    (_set("cards.piles.dance", {"cards": []}), "position.cards.piles: unknown field 'dance'"),
    (_set("cards.piles.run", {"cards": [], "counter_intel": [GLYPH]}),
     f"position.cards.piles.run.counter_intel[0]: token {GLYPH} is a glyph, not counter "
     "intel (TI-30)"),
    (_set("cards.reshuffles", 1), "position.cards.peril: 1 reshuffles happened, so the game "
     "is In Peril (TI-47)"),
    (_set("tokens.stacks.0.tan", MISSION.stacks[0].tan + 1),
     f"position.tokens.stacks[0].tan: {MISSION.stacks[0].tan + 1} is outside "
     f"0..{MISSION.stacks[0].tan}"),
    (_set("tokens.stacks.0.extras", [3]), "position.tokens.stacks[0].extras[0]: token 3 is "
     "not one of this stack's extra tokens (none)"),
    (_set("tokens.tan_pool", list(range(TAN - 1))), f"position.tokens.tan_pool: {TAN - 1} "
     f"unseen tan tokens for {TAN} face-down tan tokens in the stacks (TI-3"),
    (_set("tokens.tan_pool", [*range(TAN - 1), TAN]), f"position.tokens.tan_pool[{TAN - 1}]: "
     f"token {TAN} is not a tan token (0..{TAN - 1})"),
    (_set("tokens.tan_pool", [*range(TAN - 1), 0]), f"position.tokens.tan_pool[{TAN - 1}]: "
     "0 is listed twice"),
    (_set(f"tokens.rooms.{ENTRANCE_ROOM}", [ENTRANCE, 3]),
     f"position.tokens.rooms[{ENTRANCE_ROOM}][1]: token 3 is also face down (tan_pool)"),
    (_set(f"tokens.rooms.{ENTRANCE_ROOM}", []), f"position.tokens: token {ENTRANCE} is "
     "nowhere"),
    (_set("tokens.rooms.0", [ENTRANCE]), f"position.tokens.rooms[0][0]: feature {ENTRANCE} "
     f"(entrance) lies in room {ENTRANCE_ROOM}; features never move (TI-4)"),
    (_set("tokens.rooms", [[]]), f"position.tokens.rooms: expected {ROOMS} entries, got 1"),
    (_set("tokens.rooms.0", [99]), "position.tokens.rooms[0][0]: 99 is outside "
     f"0..{SETUP.num_tokens - 1}"),
    (_set("tokens.collected", [ALARM_FEATURE]), f"position.tokens.collected[0]: token "
     f"{ALARM_FEATURE} was collected, so it is gone (TI-22)"),
    (_set("board.characters", [0, 9]), "position.board.characters[1]: 9 is outside 0..8"),
    (_set("board.enemies", []), "position.board.enemies: expected 1 entries, got 0"),
    (_set("board.enemies.0", {"room": None, "tucked": ["square_12"]}),
     "position.board.enemies[0].tucked: a defeated enemy's cards are discarded (TI-45)"),
    (_set("board.doors_locked", [True, False]), "position.board.doors_locked: expected 1 "
     "entries, got 2"),
    (_set("board.windows_open.0", 1), "position.board.windows_open[0]: expected true or "
     "false"),
    (_set("board.secrets", ["mystery"]), "position.board.secrets[0]: unknown secret "
     "'mystery'"),
    (_set("stack.0.frame", "dance"), "position.stack[0].frame: 'dance' is not one of"),
    (_set("stack.0.seat", 5), "position.stack[0].seat: 5 is outside 0..1"),
    (_set("stack.0.left", 9), "position.stack[0].left: 9 is outside 0..4"),
    (_set("stack.0.colour", 9), "position.stack[0]: unknown field 'colour'"),
    (_set("stack", [{"frame": "turn", "seat": 0}, {"frame": "remove", "seat": 0}]),
     "position.stack[1]: a remove frame needs its 'token'"),
    (_set("stack", [{"frame": "turn", "seat": 0}, {"frame": "remove", "seat": 0,
                                                    "token": 3}]),
     "position.stack[1].token: token 3 is not face up in a room"),
    (_set("stack", [{"frame": "turn", "seat": 0}, {"frame": "collect", "seat": 0,
                                                    "token": 3}]),
     "position.stack[1].token: token 3 is not face up in a room"),
    (_set("stack", [{"frame": "turn", "seat": 0}, {"frame": "gather", "seat": 0,
                                                    "left": 2}, {"frame": "collect",
                                                                 "seat": 0,
                                                                 "token": ALARM_FEATURE}]),
     f"position.stack[2].token: token {ALARM_FEATURE} is alarm: not collectable (TI-21, "
     "TI-27)"),
    (_set("stack", [{"frame": "turn", "seat": 0}, {"frame": "vote", "seat": 1, "stage": 0,
                                                    "items": [0]}]),
     "position.stack[1].items: the answer voted on has 5 symbols, not 1"),
    (_set("stack", [{"frame": "turn", "seat": 0},
                    {"frame": "enemy_move", "seat": 0, "enemy": 0, "items": []}]),
     "position.stack: seat 0 must decide but has no legal action"),
    (_set("stack", [{"frame": "turn", "seat": 0},
                    {"frame": "answer", "seat": 0, "items": [99]}]),
     "position.stack[1].items[0]: 99 is outside 0..25"),
    (_set("result", {"won": True, "reason": "time"}), "position.result.reason: 'time' does "
     "not fit won True"),
    (_set("result", {"won": False, "reason": "wrong_answer"}),
     "position.result.entered: a game ended by a solve (wrong_answer) has the answer "
     "entered (TI-54)"),
    (_set("result", {"won": False, "reason": "wrong_answer", "entered": ["S"]}),
     "position.result.entered: expected 5 entries, got 1"),
    (_set("result", {"won": False, "reason": "time", "entered": None, "score": 1}),
     "position.result: unknown field 'score'"),
    (_set("rng", DELETE), "position.rng: missing"),
    (_set("rng", "dice"), "position.rng: expected a whole number"),
    (_set("chance", {"step": 0, "chosen": []}),
     "position.chance: a pending chance node loads only with explicit_chance"),
]


@pytest.mark.parametrize(("change", "message"), BAD, ids=[m[:40] or str(i)
                                                          for i, (_, m) in enumerate(BAD)])
def test_bad_positions_name_the_field_and_the_fault(change: Any, message: str) -> None:
    data = ready()
    change(data)
    with pytest.raises(NotationError) as caught:
        load_position(data)
    assert message in str(caught.value)
    assert str(caught.value).startswith("position")


@pytest.mark.parametrize(("text", "message"), [
    ("not json", "position: not valid JSON"),
    ("[1, 2]", "position: expected a mapping"),
    ('{"setup": {}}', "position: missing field 'cards'"),
    ("[" * 5000 + "]" * 5000, "position: not valid JSON: JSON nested deeper"),
])
def test_unreadable_positions_are_notation_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        load_position(text)


def test_a_bad_chance_step_names_it() -> None:
    state = load_position(ready(), explicit_chance=True)
    _intel_on_the_dome(state)
    data = position_of(state)
    data["chance"] = {"step": data["chance"]["step"], "chosen": ["draw:30"]}
    with pytest.raises(NotationError, match=r"position\.chance\.chosen\[0\]: draw:30 is not"):
        load_position(data, explicit_chance=True)
    data["chance"] = {"step": index(act(Kind.YES)), "chosen": []}
    with pytest.raises(NotationError, match=r"position\.chance\.step: yes is not legal"):
        load_position(data, explicit_chance=True)
    data["chance"] = {"step": "settle", "chosen": []}
    with pytest.raises(NotationError, match=r"position\.chance\.step: 'settle' resumes"):
        load_position(data, explicit_chance=True)


def test_the_docs_example_loads_and_its_errors_are_real() -> None:
    """docs/notation.md section 5: the example position round-trips as printed, and each
    error shown is one a bad position produces."""
    part, example = notation_doc_part("## 5. The Initiative")
    state = load_position(example)
    assert position_json(state) == example
    check_shown_errors(part, BAD, ready, load_position, 6)


def test_every_field_of_a_state_is_in_the_position_or_deliberately_not() -> None:
    """A field added to TIState must be written by position_of (or listed here as not
    part of a situation), or loaded positions would play on differently."""
    written = {"setup", "rng", "hands", "tucked", "extras", "piles", "counter", "deck",
               "deck_top", "looked", "discard", "pos", "enemy_room", "tan_left", "tan_pool",
               "where", "opened", "locked", "collected", "secrets", "stack", "top_seer",
               "peril", "reshuffles", "dealt", "turn", "first", "active", "actions_taken",
               "tucks", "proposals", "passes", "won", "loss_reason", "over", "entered"}
    check_state_fields(TIState, written)


def test_a_world_dealt_from_a_loaded_position_is_a_consistent_position() -> None:
    """TI-3: `determinize` rebuilds the unseen tan tokens from the log's reveals; a state
    loaded from a position has no log, so every revealed token (face up, on a pile or
    gone) counts as unseen again and the world has more unseen tan tokens than face-down
    ones. The world must load as a position (each token in one place)."""
    data = ready()
    state = load_position(data, explicit_chance=True)
    _intel_on_the_dome(state)
    state.apply(Outcome("draw", GLYPH))
    loaded = load_position(position_of(state), explicit_chance=True)
    game = load_the_initiative(players=2, mission="gallery_after_dark", characters="pip+ada")
    world = game.determinize(loaded.view(0), SplitMix64(1))
    load_position(position_of(world))


def test_a_world_dealt_while_the_lookout_arranges_keeps_the_lookout() -> None:
    """The Lookout (seat 0) has looked at the top 3 cards and is putting them back: a
    world dealt from either seat's view still has seat 0 as the one who knows the top,
    and loads as a position."""
    data = ready()
    data["setup"]["characters"] = "mina+ada"
    state = load_position(data)
    state.apply(act(Kind.SPECIAL))
    state.apply(act(Kind.DISCARD, CARD["circle_1"]))
    state.apply(act(Kind.DISCARD, CARD["circle_6"]))
    assert {a.kind for a in state.legal_actions()} == {Kind.ARRANGE}
    assert position_of(state)["cards"]["top_seer"] == 0
    game = load_the_initiative(players=2, mission="gallery_after_dark", characters="mina+ada")
    for seat in (0, 1):
        world = game.determinize(state.view(seat), SplitMix64(seat))
        assert position_of(world)["cards"]["top_seer"] == 0
        load_position(position_of(world))
