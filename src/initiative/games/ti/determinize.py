"""`determinize(setup, view, rng)`: a full state consistent with what one seat knows,
so that a bot searches guessed worlds and never the real one.

Kept from the view: the board, standees, enemies and what lies under them, face-up
tokens and features, the action piles and their counter intel, the discard pile, the
console, the decision stack, the log this seat sees, and the seat's own hand (and the
deck's top cards while it is the seat that looked at them). Re-dealt with `rng`: every
other hand (time cards never stay in a hand, TI-49), the cards another seat is looking
at, and the deck (unordered). Face-down tokens need nothing: they have no identity
until revealed (tokens.py), so the tan tokens the view shows nowhere (not face up, on a
pile, gone or collected) form the pool again. The world samples its chance from a new
SplitMix64 seeded from `rng`.

`ViewDeal(setup, view)` works out once what depends on the view alone; each call deals
one world from it, with the same draws as `determinize` (a search deals many).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace

from initiative.engine.rng import SplitMix64
from initiative.games.ti import events as ev
from initiative.games.ti import tokens
from initiative.games.ti.actions import Kind
from initiative.games.ti.frames import ARRANGE
from initiative.games.ti.setup import TISetup
from initiative.games.ti.specs import Mission, Secret, TokenSpec, Window
from initiative.games.ti.state import TIState
from initiative.games.ti.text import story_told
from initiative.games.ti.view import TIView
from initiative.games.ti.view_data import CardData, TIViewData


class ViewDeal:
    """The worlds `view` allows on `setup`, worked out once (the view's data, the unseen
    cards, the token places, the story texts told and the windows shown); each call
    deals one with `rng` (what `determinize` does), without its log unless
    `keep_log`."""

    def __init__(self, setup: TISetup, view: TIView, keep_log: bool = True) -> None:
        data = view.to_dict()
        seat = view.seat
        content = setup.content
        self.setup, self.view, self.data, self.seat = setup, view, data, seat
        self.own = ids(data["hand"]) if seat >= 0 else []
        self.deck_top = ids(data.get("deck_top", []))
        self.piles = [ids(p["cards"]) for p in data["piles"]]
        self.tucked = [ids(e["tucked"]) for e in data["enemies"]]
        self.discard = ids(data["discard"])
        frame = view.frames[-1] if view.frames else None
        self.frame = frame if frame is not None and frame.tag == ARRANGE else None
        self.looked_own = [a.arg for a in view.legal if a.kind is Kind.ARRANGE]
        known = Counter(self.own + self.deck_top + self.discard + self.looked_own)
        for cards in (*self.piles, *self.tucked):
            known.update(cards)
        unseen = sorted((Counter(range(len(content.cards))) - known).elements())
        self.plain = [c for c in unseen if not content.cards[c].time]
        self.time = [c for c in unseen if content.cards[c].time]
        self.windows = _WorldSetup(setup, view, data)
        self.where, self.tan_left, self.extras, self.tan_pool = _tokens(setup, view)
        self.log = list(view.events)
        self.keep_log = keep_log

    def __call__(self, rng: SplitMix64) -> TIState:
        data, seat, frame = self.data, self.seat, self.frame
        hands: list[list[int]] = []
        plain = list(self.plain)
        rng.shuffle(plain)
        for s, count in enumerate(data["hand_counts"]):
            if s == seat:
                hands.append(sorted(self.own))
                continue
            if count > len(plain):
                raise ValueError(f"seat {s} holds {count} cards, but only {len(plain)} "
                                 "unseen resource cards are left")
            hands.append(sorted(plain[:count]))
            plain = plain[count:]
        rest = plain + self.time
        rng.shuffle(rest)
        looked, deck_top = list(self.looked_own), list(self.deck_top)
        seer = seat if deck_top else -1
        if frame is not None:
            seer = frame.seat  # the Lookout knows the top while putting cards back
            if frame.seat != seat:
                put_back = frame.stage - frame.left
                looked = sorted(rest[:frame.left])
                deck_top = rest[frame.left:frame.left + put_back]
                rest = rest[frame.left + put_back:]
        if len(rest) + len(deck_top) + len(looked) != data["deck_count"]:
            raise ValueError(f"{len(rest) + len(deck_top) + len(looked)} unseen cards do "
                             f"not fill a deck of {data['deck_count']}")
        setup = self.windows.setup(rng)
        tan_pool = list(self.tan_pool)
        rng.shuffle(tan_pool)  # the world samples: its draws take the end of a shuffled pool
        passes, tucks, reshuffles = self.view.counters
        result = data["result"]
        world = TIState(
            setup, SplitMix64(rng.next64()), hands=hands, tucked=_copies(self.tucked),
            extras=_copies(self.extras), piles=_copies(self.piles),
            counter=[list(p["counter_intel"]) for p in data["piles"]],
            deck=rest, deck_top=deck_top, looked=looked, discard=list(self.discard),
            pos=[c["room"] for c in data["characters"]],
            enemy_room=[-1 if e["room"] is None else e["room"] for e in data["enemies"]],
            tan_left=list(self.tan_left), tan_pool=tan_pool, where=list(self.where),
            opened=[w["open"] for w in data["console"]["windows"]],
            locked=[link["locked"] for link in data["board"]["links"]
                    if link["kind"] == "door"],
            collected=list(data["tokens_collected"]),
            secrets=[s["key"] for s in data["secrets"]], stack=list(self.view.frames),
            top_seer=seer, peril=data["peril"], reshuffles=reshuffles,
            dealt=data["phase"] != "setup" or bool(self.view.frames), turn=data["turn"],
            first=data["first"], active=data["active"], actions_taken=data["actions_taken"],
            tucks=tucks, proposals=data["proposals"], passes=passes,
            won=None if result is None else result["won"],
            loss_reason=None if result is None or result["won"] else result["reason"],
            over=data["over"],
            entered=None if result is None or result["entered"] is None
            else tuple(result["entered"]),
            log=list(self.log) if self.keep_log else self.log)
        if not self.keep_log:
            world.drop_log()  # the shared log is replaced, never written
        return world


def determinize(setup: TISetup, view: TIView, rng: SplitMix64) -> TIState:
    """A playable state consistent with `view` on `setup`; ValueError if the view's
    counts do not fit the setup."""
    return ViewDeal(setup, view)(rng)


def _copies(lists: list[list[int]]) -> list[list[int]]:
    return [list(x) for x in lists]


class _WorldSetup:
    """`setup` with every window's symbols (as shown when open, else guessed), the
    story texts the log has shown (TI-16) and the secrets the view shows gained: the
    view's part once, the guesses at each `setup(rng)` (none when every window shows its
    symbols: that setup is made once)."""

    def __init__(self, setup: TISetup, view: TIView, data: TIViewData) -> None:
        self.base = setup
        self.shown: dict[str, tuple[str, ...]] = {}
        for w, shown in zip(setup.mission.windows, data["console"]["windows"], strict=True):
            if shown["open"] and shown["symbols"] is not None:
                self.shown[w.glyph] = tuple(shown["symbols"])
        self.told = tell(setup.mission, _stories_told(view, data))
        gained = {s["key"]: Secret(s["key"], s["title"], s["text"]) for s in data["secrets"]}
        self.secrets = {**setup.content.secrets, **gained}
        self.fixed: TISetup | None = None

    def setup(self, rng: SplitMix64) -> TISetup:
        """The world's setup, closed windows guessed with `rng`."""
        if self.fixed is not None:
            return self.fixed
        alphabet = self.base.mission.alphabet
        guesses = dict(self.shown)
        windows = []
        for w in self.base.mission.windows:
            if w.glyph not in guesses:
                guesses[w.glyph] = tuple(alphabet[rng.below(len(alphabet))]
                                         for _ in w.symbols)
            windows.append(Window(w.glyph, guesses[w.glyph]))
        mission = replace(self.told, windows=tuple(windows))
        content = replace(self.base.content, missions={**self.base.content.missions,
                                                       mission.key: mission},
                          secrets=dict(self.secrets))
        made = replace(self.base, content=content, mission=mission)
        if len(self.shown) == len({w.glyph for w in self.base.mission.windows}):
            self.fixed = made  # nothing guessed: every world has this setup
        return made


def _stories_told(view: TIView, data: TIViewData) -> dict[int, str | None]:
    """Token -> the story text its STORY event's sentence showed (TI-16)."""
    told: dict[int, str | None] = {}
    for event, line in zip(view.events, data["log"], strict=True):
        match ev.read(event):
            case ev.Story(token=token):
                told[token] = story_told(line["text"])
    return told


def tell(mission: Mission, told: Mapping[int, str | None]) -> Mission:
    """`mission` with clue token t's story text (TI-16) set to `told.get(t)` (token
    numbering of setup.py): the texts the group has seen, none for the others."""
    start = len(mission.tan_pool)
    stacks = []
    for stack in mission.stacks:
        stacks.append(replace(stack, extra=_told(stack.extra, told, start)))
        start += len(stack.extra)
    return replace(mission, tan_pool=_told(mission.tan_pool, told, 0), stacks=tuple(stacks))


def _told(specs: tuple[TokenSpec, ...], told: Mapping[int, str | None], start: int
          ) -> tuple[TokenSpec, ...]:
    return tuple(replace(t, story=told.get(start + i)) for i, t in enumerate(specs))


def ids(cards: list[CardData]) -> list[int]:
    """The card ids of a view's card dicts."""
    return [c["id"] for c in cards]


def _tokens(setup: TISetup, view: TIView) -> tuple[list[int], list[int], list[list[int]],
                                                   list[int]]:
    """Token places from the view: face up where shown, on piles, gone as the view lists,
    face down otherwise (stacks rebuilt from what is shown)."""
    data = view.to_dict()
    where = [tokens.DOWN] * len(setup.clue_tokens) + [tokens.GONE] * len(setup.features)
    revealed = set(data["tokens_gone"])
    for t in revealed:
        where[t] = tokens.GONE
    for r, room in enumerate(data["rooms"]):
        for token in room["face_up"] + room["features"]:
            where[token["id"]] = r
    for pile in data["piles"]:
        for t in pile["counter_intel"]:
            where[t] = tokens.ON_PILE
    revealed.update(t for t, at in enumerate(where) if at != tokens.DOWN)
    extras = [[t for t in setup.extra_tokens(s) if t not in revealed]
              for s in range(len(setup.mission.stacks))]
    tan_left = [data["rooms"][s.room]["stack"] - len(extras[i])
                for i, s in enumerate(setup.mission.stacks)]
    tan_pool = [t for t in range(setup.num_tan) if t not in revealed]
    return where, tan_left, extras, tan_pool


