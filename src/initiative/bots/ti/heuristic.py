"""The Initiative's cooperative bot (`TIHeuristicBot`): a rule-based policy over its own
seat's view, nothing else.

It reads only `view.to_dict()` (its own hand, the public board, console, piles, the
discard pile and the pending decision) and answers with one of `view.legal`. It holds
no setup, no state and no world, so it cannot see another hand, a face-down token, a
closed window or the answer (tests/ti/test_ti_bots.py walks what it holds).

Policy, one decision at a time (`docs/bots.md` explains the weights):
- what a room is worth (`Reading.room_value`): a face-up token worth collecting (a
  mission glyph whose window is still closed, TI-22; a keypad while a door is locked,
  TI-32; computer access or a master token while something can be disarmed, TI-33,
  TI-35) and its face-down stack (TI-21: a GATHER reveals and collects in one attempt);
  less where a teammate already stands, less for a camera (TI-28);
- at a main step each action is scored: GATHER for the room's worth, RUN for the best
  room in reach less the distance (TI-17), INTEL for the largest stack the seat cannot
  reach soon (TI-19, TI-A20), REGROUP for a pile blocked by counter intel or too high
  (TI-30, TI-A2), the special action only where it clearly pays (TI-13); each less the
  cost of the card it takes (the lowest card that fits, so piles stay low, TI-12). The
  second action is taken only when it is worth a card (every card played is a card
  drawn: time is the deck, TI-47); else END (TI-11);
- tucks a card under an enemy in the room when that defeats it, or when the card is a
  high one that fits no pile (TI-44, TI-45);
- In Peril it draws only while its hand is short, never a card that could lose the game
  at once unless its hand allows no action (TI-49, TI-50, TI-52, TI-53);
- solving (TI-54..TI-56, TI-A15): proposes when every answer window is open, or when a
  loss is imminent (In Peril one time card from the limit with the hands nearly empty,
  nothing left to draw, or no token left that could open a window), but not again in a
  turn whose proposal was refused; enters the known symbols, a glyph's symbols wherever
  that glyph shows (TI-23), and for the rest the most plausible symbols not already
  known; votes YES only on the answer it would enter itself then, else NO.

The look ahead (`rollout.py`, the `ismcts` bot) plays it on in worlds that `TIDealer`
deals from the view on the public setup (no answer), and scores them with
`evaluate_view` where it stops before the end.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from initiative.engine.rng import SplitMix64
from initiative.games.ti.actions import GATHER, INTEL, REGROUP, RUN, Kind, TIAction, parts
from initiative.games.ti.determinize import ViewDeal
from initiative.games.ti.setup import TISetup
from initiative.games.ti.view import TIView

__all__ = [
    "WIN",
    "Reading",
    "TIDealer",
    "TIHeuristicBot",
    "TIWeights",
    "evaluate_view",
    "guess_answer",
]

Data = Mapping[str, Any]
LETTER_ORDER = "ETAOINSRHLDCUMFPGWYBVKXJQZ"
"""Letters from the most to the least frequent in English: the order unknown letters
are guessed in."""
TOWARD = 0.9
"""How much of a room's worth a RUN toward it is credited with."""


@dataclass(frozen=True)
class TIWeights:
    """What the policy values (points of a room's or an action's worth)."""

    needed_glyph: float = 10.0  # a face-up mission glyph whose window is closed (TI-22)
    keypad: float = 5.0  # a keypad while a door is locked (TI-32)
    disarmer: float = 4.0  # computer access / master token while a target exists (TI-33)
    master_trap: float = 1.5  # a face-up master camera/alarm is also a trap (TI-A8)
    face_down: float = 3.0  # per face-down token a GATHER can reach (2 attempts, TI-21)
    shared_room: float = 0.6  # worth kept where a teammate already stands
    camera: float = 1.0  # off a room's worth per camera in it (TI-28)
    step: float = 1.2  # off a RUN's worth per room travelled (TI-17)
    intel: float = 1.2  # per face-down token an INTEL reveals (up to 2, TI-19)
    far: float = 1.5  # INTEL bonus for a room beyond a RUN's reach (TI-17: 3 rooms)
    unreachable: float = 0.5  # INTEL's worth kept for a room the seat cannot reach
    blocked: float = 7.0  # REGROUP: a needed pile carries counter intel (TI-30)
    high_pile: float = 4.0  # REGROUP: a needed pile no card in hand can go on (TI-12)
    card: float = 0.25  # per point a play raises the pile (keep the piles low, TI-12)
    second: float = 2.5  # worth a second action must beat (a card drawn for it)
    special: float = 3.5  # the cost of the special action's two discards (TI-13)
    tuck_high: int = 9  # a card at least this high that fits no pile may be tucked
    peril_hand: float = 1.0  # In Peril one time from the limit: guess at these cards a seat


@dataclass
class Reading:
    """One view's data and what the policy derives from it."""

    data: Data
    weights: TIWeights = field(default_factory=TIWeights)

    def __post_init__(self) -> None:
        d = self.data
        self.seat: int = d["seat"]
        self.rooms: list[Data] = d["rooms"]
        self.hand: list[Data] = d["hand"]
        self.pending: Data = d.get("pending") or {}
        chars = d["characters"]
        self.room: int = next((c["room"] for c in chars if c["seat"] == self.seat),
                              chars[0]["room"] if chars else 0)
        self.others = [c["room"] for c in chars if c["seat"] != self.seat]
        self.links = d["board"]["links"]
        self.adjacent = _adjacency(len(self.rooms), self.links)
        self.dist = _distances(self.adjacent, self.room)
        self.windows: list[Data] = d["console"]["windows"]
        mission = d["mission"]
        self.answer_windows = _answer_windows(mission, len(self.windows))
        self.needed = {self.windows[i]["glyph"] for i in self.answer_windows
                       if not self.windows[i]["open"]}
        self.locked = any(link["locked"] for link in self.links)
        self.refused: bool = bool(d.get("proposals"))
        """A proposal of this turn was refused (one not refused ends the game, TI-56):
        the bot does not ask again this turn (refusals need not count, TI-A15)."""
        self.piles: list[Data] = d["piles"]
        self._worth: dict[int, float] = {}
        self._targets: int | None = None
        self._target: tuple[tuple[int, float] | None] | None = None
        """What `room_value`, `disarm_targets` and `target` found (a decision asks
        them again and again of the same view)."""

    # --- the board -------------------------------------------------------------

    def tokens(self) -> Iterable[tuple[int, Data]]:
        """(room, token) of every face-up token and feature on the board."""
        for r, room in enumerate(self.rooms):
            for token in room["face_up"]:
                yield r, token
            for token in room["features"]:
                yield r, token

    def kinds_in(self, room: int) -> list[str]:
        info = self.rooms[room]
        return [t["kind"] for t in info["face_up"] + info["features"]]

    def safe(self, room: int) -> bool:
        """TI-37, TI-A20: INTEL refuses a room with a safe."""
        return "safe" in self.kinds_in(room)

    def disarm_targets(self) -> int:
        """What computer access or a master token could discard (TI-33, TI-35)."""
        if self._targets is None:
            self._targets = self._disarm_targets()
        return self._targets

    def _disarm_targets(self) -> int:
        found = sum(1 for r, t in self.tokens() if t["kind"] in ("camera", "alarm")
                    or (t["kind"] == "safe" and self.rooms[r]["stack"] > 0))
        return found + sum(len(p["counter_intel"]) for p in self.piles)

    def token_value(self, token: Data) -> float:
        """What collecting a face-up token is worth (0: not worth an attempt)."""
        w, kind = self.weights, token["kind"]
        if kind == "glyph":
            return w.needed_glyph if token["glyph"] in self.needed else 0.0
        if kind == "keypad":
            return w.keypad if self.locked else 0.0
        if kind in ("computer", "master_camera", "master_alarm"):
            trap = w.master_trap if kind != "computer" else 0.0
            return trap + (w.disarmer if self.disarm_targets() else 0.0)
        return 0.0

    def room_value(self, room: int) -> float:
        """What two GATHER attempts in `room` are worth (TI-21, TI-A10)."""
        worth = self._worth.get(room)
        if worth is None:
            worth = self._worth[room] = self._room_value(room)
        return worth

    def _room_value(self, room: int) -> float:
        w, info = self.weights, self.rooms[room]
        found = sorted((self.token_value(t) for t in info["face_up"]), reverse=True)
        found = [v for v in found if v > 0][:2]
        value = sum(found) + w.face_down * min(2 - len(found), info["stack"])
        if value and room in self.others:
            value *= w.shared_room
        cameras = sum(k in ("camera", "master_camera") for k in self.kinds_in(room))
        return max(0.0, value - w.camera * cameras) if value else 0.0

    def target(self) -> tuple[int, float] | None:
        """The room a move heads for and what reaching it is worth (its worth less the
        rooms travelled), or None when no other reachable room is worth anything."""
        if self._target is None:
            self._target = (self._find_target(),)
        return self._target[0]

    def _find_target(self) -> tuple[int, float] | None:
        best: tuple[int, float] | None = None
        for room, d in self.dist.items():
            if room == self.room:
                continue
            value = self.room_value(room)
            if value <= 0:
                continue
            score = TOWARD * value - self.weights.step * d
            if best is None or score > best[1]:
                best = (room, score)
        return best

    def intel_room(self) -> tuple[int, float] | None:
        """The room an INTEL is best spent on and its worth (TI-19, TI-A20): a large
        stack beyond a RUN's reach (nearer, a RUN and a GATHER reveal and collect),
        less where the seat cannot go or a teammate stands; never its own
        room."""
        w = self.weights
        best: tuple[int, float] | None = None
        for r, info in enumerate(self.rooms):
            if r == self.room or info["stack"] <= 0 or self.safe(r):
                continue
            d = self.dist.get(r)
            value = w.intel * min(2, info["stack"])
            if d is None:
                value *= w.unreachable
            else:
                value += w.far if d > 3 else 0.1 * d
            if r in self.others:
                value -= w.intel
            if best is None or value > best[1]:
                best = (r, value)
        return best

    # --- cards -----------------------------------------------------------------

    def top(self, pile: int) -> int:
        top = self.piles[pile]["top"]
        return 0 if top is None else int(top["value"])

    def card(self, card_id: int) -> Data | None:
        return next((c for c in self.hand if c["id"] == card_id), None)

    def value_of(self, card_id: int) -> int:
        card = self.card(card_id)
        return 0 if card is None else int(card["value"])

    def deck_value(self, card_id: int) -> int:
        """A looked-at deck card's value (the Lookout's, `deck_top`); a time card
        counts as the highest, so it goes back deepest."""
        card = next((c for c in self.data.get("deck_top") or [] if c["id"] == card_id), None)
        if card is None:
            return 0
        return 99 if card["time"] else int(card["value"])

    def can_act(self) -> bool:
        """Whether the hand allows an action next turn on the piles as they are: a card
        above a pile's top with no counter intel on it (TI-12, TI-30), or two cards for
        the special action (TI-13)."""
        if len(self.hand) >= 2:
            return True
        return any(not self.piles[p]["counter_intel"] and int(c["value"]) > self.top(p)
                   for c in self.hand for p in range(len(self.piles)))

    # --- solving ---------------------------------------------------------------

    def all_open(self) -> bool:
        return all(self.windows[i]["open"] for i in self.answer_windows)

    def loss_imminent(self) -> bool:
        """Public facts only, so every seat running this bot agrees: In Peril one time
        card from the limit with the hands nearly empty, or nothing left to draw
        (TI-50, TI-A14); or no token left that could open a closed answer window."""
        d = self.data
        if d["peril"]:
            if d["time_limit"] - d["discard_time"] <= 1 and \
                    sum(d["hand_counts"]) <= self.weights.peril_hand * len(d["hand_counts"]):
                return True
            if d["deck_count"] == 0 and not d["discard"]:
                return True
        return not self.progress_possible()

    def progress_possible(self) -> bool:
        """Whether a token that could still open a window may be on the board: a
        face-down token anywhere, or a face-up mission glyph whose window is closed."""
        if any(info["stack"] > 0 for info in self.rooms):
            return True
        return any(t["kind"] == "glyph" and t["glyph"] in self.needed for _, t in self.tokens())

    def should_solve(self) -> bool:
        return self.all_open() or self.loss_imminent()


def _answer_windows(mission: Data, windows: int) -> list[int]:
    """TI-55: the windows under the Answer area, or all of them."""
    area = mission.get("answer_area")
    if area is None:
        return list(range(windows))
    return list(range(area[0], area[1] + 1))


def _adjacency(rooms: int, links: Sequence[Data]) -> list[list[int]]:
    """Rooms a standee may move between: open passages and unlocked doors (TI-17,
    TI-36, TI-A23); wall tokens and locked doors close them."""
    out: list[list[int]] = [[] for _ in range(rooms)]
    for link in links:
        if link["kind"] == "wall_token" or link["locked"]:
            continue
        out[link["a"]].append(link["b"])
        out[link["b"]].append(link["a"])
    return out


def _distances(adjacent: Sequence[Sequence[int]], start: int) -> dict[int, int]:
    """Rooms reachable from `start` and their distance in moves."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        room = todo.popleft()
        for nxt in adjacent[room]:
            if nxt not in dist:
                dist[nxt] = dist[room] + 1
                todo.append(nxt)
    return dist


def guess_answer(data: Data) -> list[str]:
    """The answer the seat would enter (TI-54, TI-55): the open windows' symbols, a
    closed window's glyph read from an open window with the same glyph (TI-23), and for
    the rest the most plausible symbols of the mission's alphabet not already known
    (letters by their frequency in English)."""
    alphabet: list[str] = data["mission"]["alphabet"]
    known, lengths = window_lengths(data)
    used = {s.upper() for symbols in known.values() for s in symbols}
    pool = iter(_plausible(alphabet, used))
    guessed = {glyph: [next(pool, alphabet[0]) for _ in range(n)]
               for glyph, n in lengths.items()}
    return answer_of(data, {**guessed, **known})


def window_lengths(data: Data) -> tuple[dict[str, list[str]], dict[str, int]]:
    """The symbols of each glyph an open window shows (TI-23), and how many symbols
    each glyph of a closed answer window is taken to hide: one each, the positions the
    open windows leave (`answer_positions`, TI-55) going one at a time to the glyph
    shown least often, so the answer has its length."""
    windows: list[Data] = data["console"]["windows"]
    chosen = _answer_windows(data["mission"], len(windows))
    known = {w["glyph"]: list(w["symbols"]) for w in windows
             if w["open"] and w["symbols"] is not None}
    count: dict[str, int] = {}
    for i in chosen:
        glyph = windows[i]["glyph"]
        if glyph not in known:
            count[glyph] = count.get(glyph, 0) + 1
    fixed = sum(len(known[windows[i]["glyph"]]) for i in chosen
                if windows[i]["glyph"] in known)
    spare = int(data["mission"]["answer_positions"]) - fixed - sum(count.values())
    lengths = dict.fromkeys(count, 1)
    for glyph in sorted(count, key=lambda g: count[g]):
        while count[glyph] <= spare:
            lengths[glyph] += 1
            spare -= count[glyph]
    return known, lengths


def answer_of(data: Data, symbols: dict[str, list[str]]) -> list[str]:
    """The answer positions read off the answer windows, given each glyph's symbols."""
    windows: list[Data] = data["console"]["windows"]
    out: list[str] = []
    for i in _answer_windows(data["mission"], len(windows)):
        out += symbols.get(windows[i]["glyph"], [])
    return out[:int(data["mission"]["answer_positions"])]


def _plausible(alphabet: Sequence[str], used: set[str]) -> list[str]:
    """The alphabet's symbols, most plausible first, those already known last."""
    def rank(symbol: str) -> tuple[int, int, int]:
        letter = LETTER_ORDER.find(symbol.upper()) if len(symbol) == 1 else -1
        return (symbol.upper() in used, letter if letter >= 0 else len(LETTER_ORDER),
                alphabet.index(symbol))
    return sorted(alphabet, key=rank)


class TIHeuristicBot:
    """The cooperative policy of the module docstring; `seed` breaks ties only where
    the policy has no preference (an unknown decision)."""

    def __init__(self, seed: int, weights: TIWeights = TIWeights()) -> None:
        self.rng = SplitMix64(seed)
        self.weights = weights

    def choose(self, view: TIView) -> TIAction:
        legal: list[TIAction] = list(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make in this view")
        if len(legal) == 1:
            return legal[0]
        reading = Reading(view.to_dict(), self.weights)
        choice = self.decide(reading, legal)
        return choice if choice in legal else self.fallback(legal)

    def fallback(self, legal: Sequence[TIAction]) -> TIAction:
        """A random legal action, a proposal only if nothing else is legal."""
        calm = [a for a in legal if a.kind not in (Kind.SOLVE,)] or list(legal)
        return calm[self.rng.below(len(calm))]

    def decide(self, r: Reading, legal: list[TIAction]) -> TIAction:
        by_kind: dict[Kind, list[TIAction]] = {}
        for action in legal:
            by_kind.setdefault(action.kind, []).append(action)
        kind = r.pending.get("kind", "turn")
        if kind == "first":  # TI-8: seat 0 volunteers itself
            return _with_arg(by_kind, Kind.FIRST, r.seat) or legal[0]
        if kind == "turn":
            return self.main_step(r, by_kind)
        if kind in ("run", "move_2"):
            return _move(r, by_kind)
        if kind == "intel_room":
            best = r.intel_room()
            return (_with_arg(by_kind, Kind.ROOM, best[0]) if best else None) or \
                _best(by_kind.get(Kind.ROOM, []), lambda a: r.rooms[a.arg]["stack"]) or \
                _stop(by_kind, legal)
        if kind == "intel":
            return _first(by_kind, Kind.REVEAL) or _stop(by_kind, legal)
        if kind == "remove":  # TI-20: a glyph not on the mission leaves the board
            return _first(by_kind, Kind.REMOVE) or _stop(by_kind, legal)
        if kind == "gather":
            return _gather(r, by_kind, legal)
        if kind == "collect":  # TI-21: collect what the reveal turned up
            return _first(by_kind, Kind.COLLECT) or _stop(by_kind, legal)
        if kind == "regroup":
            return _regroup_pile(r, by_kind) or legal[0]
        if kind == "keypad":
            return _door(r, by_kind) or legal[0]
        if kind == "disarm":
            return _disarm(r, by_kind) or legal[0]
        if kind == "enemy_move":
            return _enemy_to(r, by_kind) or legal[0]
        if kind == "discard":  # TI-13: the highest cards go first
            return _best(by_kind.get(Kind.DISCARD, []), lambda a: r.value_of(a.arg)) \
                or legal[0]
        if kind == "arrange":  # the lowest card on top: the seat draws it next
            return _best(by_kind.get(Kind.ARRANGE, []), lambda a: -r.deck_value(a.arg)) \
                or legal[0]
        if kind == "draw":
            return _draw(r, by_kind, legal)
        if kind == "forced_pass":
            if r.should_solve() and not r.refused and Kind.SOLVE in by_kind:
                return by_kind[Kind.SOLVE][0]
            return _first(by_kind, Kind.PASS) or legal[0]
        if kind == "answer":
            return _symbol(r, by_kind) or legal[0]
        if kind == "vote":
            return _vote(r, by_kind) or legal[0]
        return self.fallback(legal)

    def main_step(self, r: Reading, by_kind: dict[Kind, list[TIAction]]) -> TIAction:
        """A main step (TI-9..TI-14, TI-44, TI-A7, TI-A15): solve, tuck, act or end."""
        if Kind.SOLVE in by_kind and r.should_solve() and not r.refused:
            return by_kind[Kind.SOLVE][0]
        tuck = _tuck(r, by_kind, defeat_only=True)
        if tuck is not None:
            return tuck
        plays = by_kind.get(Kind.PLAY, [])
        scored = [(self.play_value(r, a), a) for a in plays]
        special = _special_value(r) if Kind.SPECIAL in by_kind else None
        if special is not None:
            scored.append((special, by_kind[Kind.SPECIAL][0]))
        best = max(scored, key=lambda pair: pair[0], default=None)
        taken = int(r.data.get("actions_taken", 0))
        if best is not None and best[0] > (self.weights.second if taken else 0.0):
            return best[1]
        if Kind.END in by_kind:  # TI-11: one action taken; a second is not worth a card
            return _tuck(r, by_kind, defeat_only=False) or by_kind[Kind.END][0]
        if plays:  # an action is due and none pays: the one that costs least
            return _cheapest(r, plays) or plays[0]
        if best is not None:
            return best[1]
        return _tuck(r, by_kind, defeat_only=False) or self.fallback(
            [a for kind, actions in by_kind.items() for a in actions])

    def play_value(self, r: Reading, action: TIAction) -> float:
        """What playing this card on this pile is worth now, less the rise of the pile."""
        pile, card = parts(action)
        cost = self.weights.card * max(0, r.value_of(card) - r.top(pile))
        return _pile_value(r, pile, self.weights) - cost


def _pile_value(r: Reading, pile: int, w: TIWeights) -> float:
    """What the action of `pile` achieves now (before the card's cost)."""
    if pile == GATHER:
        return r.room_value(r.room)
    if pile == RUN:
        target = r.target()
        here = r.room_value(r.room)
        return target[1] - here if target and target[1] > here else -0.5
    if pile == INTEL:
        best = r.intel_room()
        return best[1] if best else -1.0
    if pile == REGROUP:
        return _regroup_need(r, w)[1]
    return -1.0


def _regroup_need(r: Reading, w: TIWeights) -> tuple[int | None, float]:
    """The pile a REGROUP should clear (TI-A2) and what that is worth: one the seat
    needs that carries counter intel (TI-30, TI-A12), else one no card in hand can go
    on (TI-12)."""
    wanted = {GATHER: r.room_value(r.room) > 0 or r.target() is not None,
              RUN: r.target() is not None, INTEL: r.intel_room() is not None}
    best: tuple[int | None, float] = (None, -1.0)
    high_cards = max((int(c["value"]) for c in r.hand), default=0)
    for pile in (GATHER, RUN, INTEL):
        value = 0.0
        if r.piles[pile]["counter_intel"]:
            value = w.blocked if wanted[pile] else w.blocked / 3
        elif r.top(pile) >= high_cards and r.top(pile) > 0:
            value = w.high_pile if wanted[pile] else 1.0
        value += r.top(pile) / 12
        if value > best[1]:
            best = (pile, value)
    return best


def _special_value(r: Reading) -> float | None:
    """The special action's worth (TI-13), less its two discards; None when unused."""
    if len(r.hand) < 3 or r.data["peril"]:
        return None
    w = r.weights
    ability = next((c["ability"] for c in r.data["characters"] if c["seat"] == r.seat), "")
    if ability == "move_2":
        best = max((r.room_value(room) for room, d in r.dist.items() if 0 < d <= 2),
                   default=0.0)
        return best - r.room_value(r.room) - w.special - 2.0
    if ability == "reveal_here" and r.safe(r.room) and r.rooms[r.room]["stack"] > 0:
        return w.face_down * 1.5 - w.special
    if ability == "disarm_nearby":
        nearby = [room for room, d in r.dist.items() if d <= 1]
        traps = sum(k in ("camera", "alarm") for room in nearby
                    for k in (t["kind"] for t in r.rooms[room]["face_up"]))
        return 3.0 * traps - w.special if traps else None
    return None


def _cheapest(r: Reading, plays: Sequence[TIAction]) -> TIAction | None:
    """The play that raises its pile least, REGROUP first (it clears a pile)."""
    return _best(plays, lambda a: (parts(a)[0] == REGROUP) * 3
                 - (r.value_of(parts(a)[1]) - r.top(parts(a)[0])) - 0.01 * parts(a)[0])


def _tuck(r: Reading, by_kind: dict[Kind, list[TIAction]], defeat_only: bool
          ) -> TIAction | None:
    """TI-44..TI-46: a tuck that defeats its enemy; unless `defeat_only`, also a high
    card that fits no pile, outside In Peril."""
    tucks = by_kind.get(Kind.TUCK, [])
    enemies = r.data["enemies"]
    for action in sorted(tucks, key=lambda a: -r.value_of(parts(a)[1])):
        enemy, card_id = parts(action)
        card = r.card(card_id)
        if card is None:
            continue
        info = enemies[enemy]
        total = int(info["totals"].get(card["suit"], 0)) + int(card["value"])
        if total >= int(info["strength"]):
            return action
    if defeat_only or r.data["peril"]:
        return None
    playable = {parts(a)[1] for a in by_kind.get(Kind.PLAY, [])}
    for action in sorted(tucks, key=lambda a: -r.value_of(parts(a)[1])):
        card_id = parts(action)[1]
        if r.value_of(card_id) >= r.weights.tuck_high and card_id not in playable:
            return action
    return None


def _move(r: Reading, by_kind: dict[Kind, list[TIAction]]) -> TIAction:
    """A step toward the target room, or STOP there (TI-17, TI-38)."""
    moves = by_kind.get(Kind.MOVE, [])
    stop = _first(by_kind, Kind.STOP)
    target = r.target()
    if target is None or not moves or target[1] <= r.room_value(r.room):
        return stop or moves[0]
    goal = target[0]
    best = min(moves, key=lambda a: _distances(r.adjacent, a.arg).get(goal, 99) * 100 + a.arg)
    if _distances(r.adjacent, best.arg).get(goal, 99) >= r.dist.get(goal, 99):
        return stop or best
    return best


def _gather(r: Reading, by_kind: dict[Kind, list[TIAction]], legal: list[TIAction]
            ) -> TIAction:
    """TI-21: collect the best face-up token worth it, else reveal the stack's top."""
    tokens = {t["id"]: t for _, t in r.tokens()}
    collect = [(r.token_value(tokens[a.arg]), a) for a in by_kind.get(Kind.COLLECT, [])
               if a.arg in tokens]
    best = max(collect, key=lambda pair: pair[0], default=None)
    if best is not None and best[0] > 0:
        return best[1]
    return _first(by_kind, Kind.REVEAL) or _stop(by_kind, legal)


def _regroup_pile(r: Reading, by_kind: dict[Kind, list[TIAction]]) -> TIAction | None:
    pile, _ = _regroup_need(r, r.weights)
    choices = by_kind.get(Kind.PILE, [])
    chosen = _with_arg(by_kind, Kind.PILE, pile) if pile is not None else None
    return chosen or _best(choices, lambda a: r.top(a.arg)
                           + 20 * len(r.piles[a.arg]["counter_intel"]))


def _door(r: Reading, by_kind: dict[Kind, list[TIAction]]) -> TIAction | None:
    """TI-32: the locked door that opens the most worth to the seat's reach."""
    doors = by_kind.get(Kind.DOOR, [])

    def opened(action: TIAction) -> float:
        link = next((k for k in r.links if k["door"] == action.arg), None)
        if link is None:
            return 0.0
        adjacent = [list(x) for x in r.adjacent]
        adjacent[link["a"]].append(link["b"])
        adjacent[link["b"]].append(link["a"])
        reach = _distances(adjacent, r.room)
        return sum(float(r.rooms[room]["stack"]) + r.room_value(room) for room in reach
                   if room not in r.dist)
    return _best(doors, opened)


def _disarm(r: Reading, by_kind: dict[Kind, list[TIAction]]) -> TIAction | None:
    """TI-33, TI-35: counter intel on a pile first, then a camera, a safe over a
    stack, an alarm, a tripwire; nearer the seat first."""
    where: dict[int, tuple[str, int | None]] = {}
    for room, token in r.tokens():
        where[token["id"]] = (token["kind"], room)
    for pile in r.piles:
        for token_id in pile["counter_intel"]:
            where[token_id] = ("counter_intel", None)
    order = {"counter_intel": 50, "camera": 40, "safe": 30, "alarm": 20,
             "laser_tripwire": 10}

    def worth(action: TIAction) -> float:
        kind, room = where.get(action.arg, ("", None))
        value = float(order.get(kind, 0))
        if kind == "safe" and room is not None and r.rooms[room]["stack"] == 0:
            value = 1.0
        if room is not None:
            value -= min(r.dist.get(room, 9), 9)
        return value
    return _best(by_kind.get(Kind.DISARM, []), worth)


def _enemy_to(r: Reading, by_kind: dict[Kind, list[TIAction]]) -> TIAction | None:
    """TI-42, TI-A18: of the tied rooms, the one farthest from the characters."""
    rooms = [c["room"] for c in r.data["characters"]]

    def away(action: TIAction) -> float:
        dist = _distances(r.adjacent, action.arg)
        return float(min((dist.get(room, 9) for room in rooms), default=0))
    return _best(by_kind.get(Kind.ENEMY_TO, []), away)


def _draw(r: Reading, by_kind: dict[Kind, list[TIAction]], legal: list[TIAction]
          ) -> TIAction:
    """TI-49, TI-52 In Peril: draw while the hand is short, unless one more time card
    could lose the game at once (TI-50, TI-51) and the hand is not empty."""
    draw, stop = _first(by_kind, Kind.DRAW), _first(by_kind, Kind.STOP)
    if draw is None or stop is None:
        return draw or stop or legal[0]
    d = r.data
    margin = int(d["time_limit"]) - int(d["discard_time"])
    if not r.can_act():  # else the seat passes its turns while a draw is possible
        return draw
    if margin <= 2:  # a double time card (TI-51) or a single one could end it
        return draw if len(r.hand) < 2 and margin == 2 else stop
    return draw if len(r.hand) < 3 else stop


def _symbol(r: Reading, by_kind: dict[Kind, list[TIAction]]) -> TIAction | None:
    """The next answer position's symbol (TI-54, TI-A16)."""
    entered = list(r.pending.get("answer") or [])
    answer = guess_answer(r.data)
    alphabet = r.data["mission"]["alphabet"]
    if len(entered) < len(answer):
        wanted = answer[len(entered)]
        index = next((i for i, s in enumerate(alphabet) if s == wanted), None)
        if index is None:
            index = next((i for i, s in enumerate(alphabet) if s.upper() == wanted.upper()),
                         None)
        if index is not None:
            found = _with_arg(by_kind, Kind.SYMBOL, index)
            if found is not None:
                return found
    return _first(by_kind, Kind.SYMBOL)


def _vote(r: Reading, by_kind: dict[Kind, list[TIAction]]) -> TIAction | None:
    """TI-56: YES only on the answer the seat would enter itself, when it would propose
    now (every answer window open) or a loss is imminent; else NO."""
    entered = [s.upper() for s in (r.pending.get("answer") or [])]
    mine = [s.upper() for s in guess_answer(r.data)]
    agree = (r.all_open() and entered == mine) or r.loss_imminent()
    return _first(by_kind, Kind.YES if agree else Kind.NO)


def _first(by_kind: dict[Kind, list[TIAction]], kind: Kind) -> TIAction | None:
    found = by_kind.get(kind)
    return found[0] if found else None


def _stop(by_kind: dict[Kind, list[TIAction]], legal: Sequence[TIAction]) -> TIAction:
    return _first(by_kind, Kind.STOP) or legal[0]


def _with_arg(by_kind: dict[Kind, list[TIAction]], kind: Kind, arg: int) -> TIAction | None:
    return next((a for a in by_kind.get(kind, []) if a.arg == arg), None)


def _best(actions: Sequence[TIAction], key: Any) -> TIAction | None:
    """The action with the highest key (the first listed on a tie)."""
    best: TIAction | None = None
    top = 0.0
    for action in actions:
        value = key(action)
        if best is None or value > top:
            best, top = action, value
    return best


# --- the look ahead's pieces (rollout.py): a dealer and an evaluation ----------------


@dataclass(frozen=True)
class TIDealer:
    """Deals worlds from a view (`search.Dealer`) as the game's own `determinize` does
    (its `ViewDeal`, without the log): hidden hands, deck order and face-down tokens
    re-dealt, closed windows guessed. It holds the public setup (`TIGame.public`: no
    answer), never the real one."""

    setup: TISetup

    def deals(self, view: TIView) -> ViewDeal:
        return ViewDeal(self.setup, view, keep_log=False)


def evaluate_view(data: Data, w: TIWeights = TIWeights()) -> float:
    """How well the group is doing, read from one seat's view (higher is better): open
    answer windows (TI-22) above all, the face-up glyphs still to collect and the worth
    of the seat's room, the time left (the deck before In Peril, TI-47; the time in the
    discard pile after, TI-50), cards in hand, low piles (TI-12)."""
    r = Reading(data, w)
    opened = sum(bool(r.windows[i]["open"]) for i in r.answer_windows)
    waiting = sum(1 for _, t in r.tokens() if t["kind"] == "glyph" and t["glyph"] in r.needed)
    score = w.needed_glyph * 2 * opened + 2.0 * waiting + 0.3 * r.room_value(r.room)
    if data["peril"]:
        score -= 6.0 + 4.0 * int(data["discard_time"])
    else:
        score += 0.15 * int(data["deck_count"])
    score += 0.5 * len(r.hand) - 0.1 * sum(r.top(p) for p in range(len(r.piles)))
    return score


WIN = 1000.0
"""What a won game scores in the look ahead (`rollout.py`); a lost one `-WIN`."""
