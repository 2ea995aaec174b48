"""Reading the parts of a "ti-position/1" (notation.py) in The Initiative's vocabulary:
seats, rooms, cards (by key), tokens, doors, enemies, windows and piles (`Reader`),
then each part of a position (`read_turn`, `read_cards`, `read_tokens`, `read_board`,
`read_result`, `read_frame`) as `TIState` constructor parts, and the checks across
parts (`check_conservation`: every card in one place; `check_frames`: the decision
stack fits the tokens and the answer), each checked against the setup and the rules
and named by its place when it is wrong
(``position.cards.hands[1][2]: unknown card 'circle_13' (cards: ...)``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from initiative.engine.notation import boolean, fail, integer, listing, mapping, short, word
from initiative.games.ti import tokens
from initiative.games.ti.actions import MAX_SYMBOLS, PILES
from initiative.games.ti.frames import (
    ANSWER,
    ARRANGE,
    COLLECT,
    ENEMY_MOVE,
    INTEL,
    REMOVE,
    REVEALED,
    TAG_NAMES,
    VOTE,
    Frame,
)
from initiative.games.ti.setup import TISetup
from initiative.games.ti.specials import LOOK
from initiative.games.ti.specs import COLLECTABLE, Feature, TokenSpec

REASONS = ("solved", "wrong_answer", "time", "stall")
"""How a finished game ended (TI-50, TI-54, TI-A14)."""
MAX_COUNT = 10**6
"""A bound on turns and counters read from a position."""
_CARD_KEYS = ("hands", "deck", "deck_top", "top_seer", "looked", "discard", "piles", "peril",
              "reshuffles")
_PILE_KEYS = ("cards", "counter_intel")
_TOKEN_KEYS = ("stacks", "tan_pool", "rooms", "gone", "collected")
_STACK_KEYS = ("tan", "extras")
_BOARD_KEYS = ("characters", "enemies", "doors_locked", "windows_open", "secrets")
_ENEMY_KEYS = ("room", "tucked")
_RESULT_KEYS = ("won", "reason", "entered")
FRAME_DEFAULTS: dict[str, Any] = {"left": 0, "room": -1, "token": -1, "enemy": -1,
                                   "stage": 0, "items": (), "votes": ()}
"""Frame fields besides `tag` and `seat`, with their defaults (frames.Frame)."""
_FRAME_KEYS = ("frame", "seat", *FRAME_DEFAULTS)
_NEEDS: dict[int, tuple[str, ...]] = {REVEALED: ("token", "room"), REMOVE: ("token",),
                                      COLLECT: ("token",), INTEL: ("room",),
                                      ENEMY_MOVE: ("enemy",)}
"""Fields a frame of the tag cannot do without."""


class Reader:
    """What reading one position needs: its setup, and the names of its numbered
    things (cards by key; rooms, tokens, doors, enemies, windows by index)."""

    def __init__(self, setup: TISetup) -> None:
        self.setup = setup
        self.seats = setup.num_seats
        self.rooms = len(setup.board.rooms)
        self.tokens = setup.num_tokens
        self.doors = len(setup.mission.doors)
        self.enemies = len(setup.mission.enemies)
        self.windows = len(setup.mission.windows)
        self.keys = [card.key for card in setup.content.cards]
        self.card_ids = {key: i for i, key in enumerate(self.keys)}

    # --- numbered things ----------------------------------------------------------

    def seat(self, value: Any, path: str) -> int:
        return integer(value, path, 0, self.seats - 1)

    def seat_or_none(self, value: Any, path: str) -> int | None:
        return None if value is None else self.seat(value, path)

    def room(self, value: Any, path: str) -> int:
        return integer(value, path, 0, self.rooms - 1)

    def room_or_none(self, value: Any, path: str) -> int | None:
        return None if value is None else self.room(value, path)

    def token(self, value: Any, path: str) -> int:
        return integer(value, path, 0, self.tokens - 1)

    def enemy(self, value: Any, path: str) -> int:
        return integer(value, path, 0, self.enemies - 1)

    def card(self, value: Any, path: str) -> int:
        if not isinstance(value, str) or value not in self.card_ids:
            fail(path, f"unknown card {short(value)} (cards: {', '.join(self.keys)})")
        return self.card_ids[value]

    # --- lists of them ------------------------------------------------------------

    def cards(self, value: Any, path: str) -> list[int]:
        return [self.card(v, f"{path}[{i}]") for i, v in enumerate(listing(value, path))]

    def token_list(self, value: Any, path: str) -> list[int]:
        out = [self.token(v, f"{path}[{i}]") for i, v in enumerate(listing(value, path))]
        _once(out, path)
        return out

    def seat_list(self, value: Any, path: str) -> list[int]:
        out = [self.seat(v, f"{path}[{i}]") for i, v in enumerate(listing(value, path))]
        _once(out, path)
        return out

    def booleans(self, value: Any, path: str, length: int) -> list[bool]:
        out = []
        for i, v in enumerate(listing(value, path, length)):
            if not isinstance(v, bool):
                fail(f"{path}[{i}]", f"expected true or false, got {short(v)}")
            out.append(v)
        return out

    # --- what things are ----------------------------------------------------------

    def kind(self, token: int) -> str:
        """What a token is (a clue token's kind or a feature's)."""
        return tokens.kind(self.setup, token)

    def card_names(self, cards: Iterable[int]) -> str:
        counted = Counter(cards)
        return ", ".join(f"{n} {self.keys[c]}" if n > 1 else self.keys[c]
                         for c, n in sorted(counted.items())) or "none"


def _once(items: list[int], path: str) -> None:
    seen: set[int] = set()
    for i, item in enumerate(items):
        if item in seen:
            fail(f"{path}[{i}]", f"{item} is listed twice")
        seen.add(item)


def read_turn(top: dict[str, Any], read: Reader) -> dict[str, Any]:
    """Turn counters: who started, whose turn, what this turn has done (TI-8..TI-11,
    TI-44, TI-A6, TI-A14, TI-A15)."""
    tucked = 0
    for i, e in enumerate(listing(top.get("tucked", []), "position.tucked")):
        bit = 1 << read.enemy(e, f"position.tucked[{i}]")
        if tucked & bit:
            fail(f"position.tucked[{i}]", f"enemy {e} is listed twice")
        tucked |= bit
    if tucked and read.setup.rules.tuck_limit == "per_turn" and tucked & (tucked - 1):
        fail("position.tucked", "tuck_limit is per_turn (TI-A6): one tuck a turn")
    turn = integer(top.get("turn", 0), "position.turn", 0, MAX_COUNT)
    first = read.seat_or_none(top.get("first"), "position.first")
    active = read.seat_or_none(top.get("active"), "position.active")
    if turn and (first is None or active is None):
        fail("position.first" if first is None else "position.active",
             f"turn {turn} has begun, so the first and the active seat are known (TI-8)")
    if not turn and active is not None:
        fail("position.active", "no turn has begun (turn 0), so no seat is active")
    return {
        "turn": turn, "first": first, "active": active,
        "actions_taken": integer(top.get("actions_taken", 0), "position.actions_taken", 0,
                                 2),
        "tucks": tucked,
        "proposals": integer(top.get("proposals", 0), "position.proposals", 0,
                             read.setup.rules.solve_proposals_per_turn
                             if read.setup.rules.refused_proposal_counts else MAX_COUNT),
        "passes": integer(top.get("passes", 0), "position.passes", 0, MAX_COUNT),
        "dealt": boolean(top.get("dealt", True), "position.dealt"),
    }


def read_cards(raw: Any, read: Reader) -> dict[str, Any]:
    """Hands, deck, discard, action piles, In Peril (TI-6, TI-9, TI-12, TI-30, TI-47)."""
    path = "position.cards"
    cards = mapping(raw, path, _CARD_KEYS, ("hands", "deck", "discard", "piles"))
    hands = []
    for s, hand in enumerate(listing(cards["hands"], f"{path}.hands", read.seats)):
        ids = read.cards(hand, f"{path}.hands[{s}]")
        if len(ids) > 4:
            fail(f"{path}.hands[{s}]", f"{len(ids)} cards; a hand holds at most 4 (TI-9, "
                 "TI-A21)")
        times = [read.keys[c] for c in ids if read.setup.content.cards[c].time]
        if times:
            fail(f"{path}.hands[{s}]", f"time card {times[0]!r} in a hand: a drawn time "
                 "card is discarded at once (TI-49)")
        hands.append(sorted(ids))
    deck_top = read.cards(cards.get("deck_top", []), f"{path}.deck_top")
    looked = read.cards(cards.get("looked", []), f"{path}.looked")
    seer = read.seat_or_none(cards.get("top_seer"), f"{path}.top_seer")
    if (seer is None) != (not deck_top and not looked):
        fail(f"{path}.top_seer", "a seat knows the deck's top cards exactly while some "
             "are known (deck_top) or being put back (looked)")
    piles: list[list[int]] = []
    counter: list[list[int]] = []
    raw_piles = mapping(cards["piles"], f"{path}.piles", PILES, PILES)
    for name in PILES:
        where = f"{path}.piles.{name}"
        pile = mapping(raw_piles[name], where, _PILE_KEYS, ("cards",))
        ids = read.cards(pile["cards"], f"{where}.cards")
        ascending(ids, f"{where}.cards", read)
        piles.append(ids)
        counter.append(read.token_list(pile.get("counter_intel", []),
                                       f"{where}.counter_intel"))
    peril = boolean(cards.get("peril", False), f"{path}.peril")
    reshuffles = integer(cards.get("reshuffles", 0), f"{path}.reshuffles", 0, MAX_COUNT)
    if reshuffles and not peril:
        fail(f"{path}.peril", f"{reshuffles} reshuffles happened, so the game is In Peril "
             "(TI-47)")
    deck = read.cards(cards["deck"], f"{path}.deck")
    if not reshuffles:
        for name, ids in (("deck", deck), ("deck_top", deck_top), ("looked", looked)):
            times = [read.keys[c] for c in ids if read.setup.content.cards[c].time]
            if times:
                fail(f"{path}.{name}", f"time card {times[0]!r} in the deck before any "
                     "reshuffle: time cards start on the discard pile and join the deck "
                     "only when it is reshuffled (TI-6, TI-47)")
    return {"hands": hands, "deck": deck, "deck_top": deck_top,
            "top_seer": -1 if seer is None else seer, "looked": looked,
            "discard": read.cards(cards["discard"], f"{path}.discard"), "piles": piles,
            "counter": counter, "peril": peril, "reshuffles": reshuffles}


def ascending(ids: list[int], path: str, read: Reader) -> None:
    """TI-12: each card on a pile is strictly higher than the one below it."""
    values = [read.setup.content.cards[c].value for c in ids]
    for i in range(1, len(values)):
        if values[i] <= values[i - 1]:
            fail(f"{path}[{i}]", f"{read.keys[ids[i]]!r} ({values[i]}) is not higher than "
                 f"the card below it ({values[i - 1]}, TI-12)")


def read_tokens(raw: Any, read: Reader, counter: list[list[int]]) -> dict[str, Any]:
    """Where every token is (tokens.py): face down in a stack (tan tokens through the
    unseen pool, extras by stack), face up in a room, on an action pile, or gone; each
    exactly once (TI-3, TI-4, TI-19..TI-38)."""
    path = "position.tokens"
    setup = read.setup
    toks = mapping(raw, path, _TOKEN_KEYS, ("stacks", "tan_pool", "rooms"))
    stacks = setup.mission.stacks
    tan_left, extras = [], []
    for s, entry in enumerate(listing(toks["stacks"], f"{path}.stacks", len(stacks))):
        where = f"{path}.stacks[{s}]"
        stack = mapping(entry, where, _STACK_KEYS, _STACK_KEYS)
        tan_left.append(integer(stack["tan"], f"{where}.tan", 0, stacks[s].tan))
        own = setup.extra_tokens(s)
        ids = read.token_list(stack["extras"], f"{where}.extras")
        for i, t in enumerate(ids):
            if t not in own:
                fail(f"{where}.extras[{i}]", f"token {t} is not one of this stack's extra "
                     f"tokens ({', '.join(map(str, own)) or 'none'})")
        extras.append(ids)
    pool = read.token_list(toks["tan_pool"], f"{path}.tan_pool")
    for i, t in enumerate(pool):
        if t >= setup.num_tan:
            fail(f"{path}.tan_pool[{i}]", f"token {t} is not a tan token (0..{setup.num_tan - 1})")
    if len(pool) != sum(tan_left):
        fail(f"{path}.tan_pool", f"{len(pool)} unseen tan tokens for {sum(tan_left)} "
             "face-down tan tokens in the stacks (TI-3: each face-down tan token is one "
             "nobody has seen)")
    place: dict[int, str] = {}

    def put(t: int, at: str, where: str) -> None:
        if t in place:
            fail(where, f"token {t} is also {place[t]}")
        place[t] = at

    for i, t in enumerate(pool):
        put(t, "face down (tan_pool)", f"{path}.tan_pool[{i}]")
    for s, ids in enumerate(extras):
        for i, t in enumerate(ids):
            put(t, f"face down in stack {s}", f"{path}.stacks[{s}].extras[{i}]")
    for p, ids in enumerate(counter):
        for i, t in enumerate(ids):
            if read.kind(t) != "counter_intel":
                fail(f"position.cards.piles.{PILES[p]}.counter_intel[{i}]",
                     f"token {t} is a {read.kind(t)}, not counter intel (TI-30)")
            put(t, f"on the {PILES[p]} pile", f"position.cards.piles.{PILES[p]}"
                f".counter_intel[{i}]")
    location = [tokens.DOWN] * read.tokens
    for ids in counter:
        for t in ids:
            location[t] = tokens.ON_PILE
    rooms = listing(toks["rooms"], f"{path}.rooms", read.rooms)
    for r, ids in enumerate(rooms):
        for i, t in enumerate(read.token_list(ids, f"{path}.rooms[{r}]")):
            put(t, f"face up in room {r}", f"{path}.rooms[{r}][{i}]")
            face = tokens.spec(setup, t)
            if isinstance(face, Feature) and face.room != r:
                fail(f"{path}.rooms[{r}][{i}]", f"feature {t} ({face.kind}) lies in room "
                     f"{face.room}; features never move (TI-4)")
            location[t] = r
    gone = read.token_list(toks.get("gone", []), f"{path}.gone")
    for i, t in enumerate(gone):
        put(t, "gone", f"{path}.gone[{i}]")
        location[t] = tokens.GONE
    missing = [t for t in range(read.tokens) if t not in place]
    if missing:
        fail(path, f"token {missing[0]} is nowhere: every token is face down, face up in "
             "a room, on a pile or gone")
    collected = read.token_list(toks.get("collected", []), f"{path}.collected")
    for i, t in enumerate(collected):
        if location[t] != tokens.GONE:
            fail(f"{path}.collected[{i}]", f"token {t} was collected, so it is gone (TI-22)")
        if read.kind(t) not in COLLECTABLE:
            fail(f"{path}.collected[{i}]", f"token {t} is {read.kind(t)}: not "
                 "collectable (TI-21, TI-27)")
    return {"tan_left": tan_left, "extras": extras, "tan_pool": pool, "where": location,
            "collected": collected}


def read_board(raw: Any, read: Reader, parts: dict[str, Any]) -> dict[str, Any]:
    """Standees, enemies and what lies under them, doors, windows, secrets (TI-4,
    TI-22, TI-25, TI-32, TI-39, TI-45)."""
    path = "position.board"
    setup = read.setup
    board = mapping(raw, path, _BOARD_KEYS, ("characters",))
    pos = [read.room(r, f"{path}.characters[{s}]")
           for s, r in enumerate(listing(board["characters"], f"{path}.characters",
                                         read.seats))]
    enemy_room, tucked = [], []
    raw_enemies = listing(board.get("enemies", [{"room": p.room, "tucked": []}
                                                for p in setup.mission.enemies]),
                          f"{path}.enemies", read.enemies)
    for e, entry in enumerate(raw_enemies):
        where = f"{path}.enemies[{e}]"
        enemy = mapping(entry, where, _ENEMY_KEYS, ("room",))
        room = read.room_or_none(enemy["room"], f"{where}.room")
        under = read.cards(enemy.get("tucked", []), f"{where}.tucked")
        if room is None and under:
            fail(f"{where}.tucked", "a defeated enemy's cards are discarded (TI-45)")
        enemy_room.append(-1 if room is None else room)
        tucked.append(under)
    windows = read.booleans(board.get("windows_open", [False] * read.windows),
                            f"{path}.windows_open", read.windows)
    secrets = listing(board.get("secrets", list(setup.secrets)), f"{path}.secrets")
    known = setup.content.secrets
    for i, key in enumerate(secrets):
        if not isinstance(key, str) or key not in known:
            fail(f"{path}.secrets[{i}]", f"unknown secret {short(key)} "
                 f"(secrets: {', '.join(known)})")
    if len(set(secrets)) != len(secrets):
        fail(f"{path}.secrets", "a secret is listed twice")
    return {"pos": pos, "enemy_room": enemy_room, "tucked": tucked,
            "locked": read.booleans(board.get("doors_locked", [True] * read.doors),
                                    f"{path}.doors_locked", read.doors),
            "opened": windows, "secrets": list(secrets)}


def check_conservation(parts: dict[str, Any], read: Reader) -> None:
    """Every resource and time card is in exactly one place: a hand, the deck (its
    remainder, known top and the Lookout's cards), the discard pile, an action pile or
    under an enemy (TI-6)."""
    held: Counter[int] = Counter()
    for hand in parts["hands"]:
        held.update(hand)
    for name in ("deck", "deck_top", "looked", "discard"):
        held.update(parts[name])
    for pile in parts["piles"]:
        held.update(pile)
    for under in parts["tucked"]:
        held.update(under)
    want = Counter(range(len(read.setup.content.cards)))
    if held != want:
        fail("position.cards", "hands + deck + deck_top + looked + discard + piles + "
             f"tucked cards are not the deck of {len(want)} cards: missing "
             f"{read.card_names((want - held).elements())}; extra "
             f"{read.card_names((held - want).elements())}")


def read_result(raw: Any, read: Reader) -> dict[str, Any]:
    if raw is None:
        return {"over": False, "won": None, "loss_reason": None, "entered": None}
    result = mapping(raw, "position.result", _RESULT_KEYS, ("won", "reason"))
    won = boolean(result["won"], "position.result.won")
    reason = word(result["reason"], "position.result.reason", REASONS)
    if won != (reason == "solved"):
        fail("position.result.reason", f"{reason!r} does not fit won {won} (a won game "
             "was solved, a lost one has a loss reason)")
    entered = result.get("entered")
    if entered is not None:
        alphabet = read.setup.mission.alphabet
        size = len(read.setup.mission.answer)
        symbols = listing(entered, "position.result.entered", size)
        for i, symbol in enumerate(symbols):
            word(symbol, f"position.result.entered[{i}]", alphabet)
        entered = tuple(symbols)
    elif reason in ("solved", "wrong_answer"):
        fail("position.result.entered", f"a game ended by a solve ({reason}) has the "
             "answer entered (TI-54)")
    return {"over": True, "won": won, "loss_reason": None if won else reason,
            "entered": entered}


def read_frame(raw: Any, path: str, read: Reader) -> Frame:
    f = mapping(raw, path, _FRAME_KEYS, ("frame", "seat"))
    tag = TAG_NAMES.index(word(f["frame"], f"{path}.frame", TAG_NAMES))
    for name in _NEEDS.get(tag, ()):
        if name not in f:
            fail(path, f"a {TAG_NAMES[tag]} frame needs its {name!r}")
    mission = read.setup.mission
    abilities = sum(len(read.setup.content.enemies[p.enemy].abilities)
                    for p in mission.enemies)
    symbols = min(len(mission.alphabet), MAX_SYMBOLS)
    items = listing(f.get("items", []), f"{path}.items")
    size = symbols if tag != ENEMY_MOVE else read.rooms
    return Frame(
        tag, read.seat(f["seat"], f"{path}.seat"),
        left=integer(f.get("left", 0), f"{path}.left", 0, 4),
        room=integer(f.get("room", -1), f"{path}.room", -1, read.rooms - 1),
        token=integer(f.get("token", -1), f"{path}.token", -1, read.tokens - 1),
        enemy=integer(f.get("enemy", -1), f"{path}.enemy", -1,
                      max(read.enemies - 1, abilities)),
        stage=integer(f.get("stage", 0), f"{path}.stage", 0,
                      LOOK if tag == ARRANGE else max(read.seats - 1, 2)),
        items=tuple(integer(v, f"{path}.items[{i}]", 0, size - 1)
                    for i, v in enumerate(items)),
        votes=tuple(read.seat_list(f.get("votes", []), f"{path}.votes")))


def check_frames(stack: list[Frame], where: list[int], setup: TISetup) -> None:
    """A remove or collect choice is about a token lying face up in a room (TI-20,
    TI-21); an answer being entered is at most the mission's length (complete, it
    waits to be announced), one being voted on has its length (TI-54, TI-55)."""
    size = len(setup.mission.answer)
    for i, frame in enumerate(stack):
        if frame.tag == ANSWER and len(frame.items) > size:
            fail(f"position.stack[{i}].items", f"{len(frame.items)} symbols entered; the "
                 f"answer has {size}")
        if frame.tag == VOTE and len(frame.items) != size:
            fail(f"position.stack[{i}].items", f"the answer voted on has {size} symbols, "
                 f"not {len(frame.items)}")
        if frame.tag not in (REMOVE, COLLECT):
            continue
        path = f"position.stack[{i}].token"
        if where[frame.token] < 0:
            fail(path, f"token {frame.token} is not face up in a room (a "
                 f"{TAG_NAMES[frame.tag]} frame is about a revealed token)")
        face = tokens.spec(setup, frame.token)
        if frame.tag == COLLECT and face.kind not in COLLECTABLE:
            fail(path, f"token {frame.token} is {face.kind}: not collectable (TI-21, "
                 "TI-27)")
        off_mission = isinstance(face, TokenSpec) and face.kind == "glyph" \
            and face.glyph not in setup.mission.glyph_keys
        if frame.tag == REMOVE and not off_mission:
            fail(path, f"token {frame.token} is not a glyph missing from the mission: only "
                 "those may be removed (TI-20)")
