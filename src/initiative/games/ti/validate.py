"""The mission validator: every problem of a set of content files at once, each with its
file and place (docs/the-initiative-content.md).

Files are read as one set laid over the shipped content: an entry replaces the shipped
entry with the same key, a new key adds one, and a section no file gives comes from the
shipped content. So a designer's file holding only `missions` is checked against the
shipped deck, glyphs, boards, enemies and secrets.

Schema errors come first (file, entry, field). Files that pass it are checked as one
set; a message reads `FILE: mission 'key', field.path: what is wrong`. Content with any
error is refused by the loader, so nothing the validator rejects reaches a game.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from initiative.engine.errors import ContentError
from initiative.engine.findings import Finding, Level
from initiative.games.ti.actions import (
    MAX_CARDS,
    MAX_DOORS,
    MAX_ENEMIES,
    MAX_ROOMS,
    MAX_SEATS,
    MAX_SYMBOLS,
    MAX_TOKENS,
    PILES,
)
from initiative.games.ti.schema import (
    BoardModel,
    CharacterModel,
    ContentFile,
    DeckModel,
    EnemyModel,
    GlyphModel,
    MissionModel,
    SecretModel,
    TokenModel,
    parse_file,
)

Located = tuple[str, ContentFile]
"""A parsed file and the name its messages give it."""
M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Placed(Generic[M]):
    """An entry and the file it comes from."""

    where: str
    model: M


@dataclass
class ContentSet:
    """The merged content: every entry by key, with its file (later files win)."""

    deck: Placed[DeckModel] | None = None
    glyphs: dict[str, Placed[GlyphModel]] = field(default_factory=dict)
    boards: dict[str, Placed[BoardModel]] = field(default_factory=dict)
    characters: dict[str, Placed[CharacterModel]] = field(default_factory=dict)
    enemies: dict[str, Placed[EnemyModel]] = field(default_factory=dict)
    secrets: dict[str, Placed[SecretModel]] = field(default_factory=dict)
    missions: dict[str, Placed[MissionModel]] = field(default_factory=dict)
    campaign: Placed[tuple[str, ...]] | None = None

    def suits(self) -> tuple[str, ...]:
        return () if self.deck is None else self.deck.model.suits


def merge(files: Sequence[Located]) -> tuple[ContentSet, list[Finding]]:
    """The files as one set, in order; a key given twice in one file is an error."""
    merged = ContentSet()
    found: list[Finding] = []
    for where, model in files:
        if model.deck is not None:
            merged.deck = Placed(where, model.deck)
        if model.campaign is not None:
            merged.campaign = Placed(where, model.campaign)
        _add(where, "glyph", model.glyphs, merged.glyphs, found)
        _add(where, "board", model.boards, merged.boards, found)
        _add(where, "character", model.characters, merged.characters, found)
        _add(where, "enemy", model.enemies, merged.enemies, found)
        _add(where, "secret", model.secrets, merged.secrets, found)
        _add(where, "mission", model.missions, merged.missions, found)
    return merged, found


class _Keyed(Protocol):
    @property
    def key(self) -> str: ...


K = TypeVar("K", bound=_Keyed)


def _add(where: str, section: str, entries: Sequence[K], target: dict[str, Placed[K]],
         found: list[Finding]) -> None:
    """One file's entries of a section, over those before; a key twice is an error."""
    counts = Counter(e.key for e in entries)
    found.extend(_error(where, f"{section} {key!r} is defined {n} times in this file")
                 for key, n in counts.items() if n > 1)
    for entry in entries:
        target[entry.key] = Placed(where, entry)


def validate_sources(sources: Sequence[tuple[str, str]],
                     base: Sequence[tuple[str, str]] = ()) -> list[Finding]:
    """Every finding for YAML documents given as (text, where), laid over the `base`
    documents: the schema's errors if any file fails it, otherwise `check`'s."""
    parsed: list[Located] = []
    refused: list[Finding] = []
    for text, where in [*base, *sources]:
        try:
            parsed.append((where, parse_file(text, where)))
        except ContentError as exc:
            refused.extend(_error_line(line) for line in str(exc).splitlines())
    return refused or check(parsed)


def check(files: Sequence[Located]) -> list[Finding]:
    """Every finding for parsed files read as one set of content."""
    merged, found = merge(files)
    found.extend(_content(merged))
    for board in merged.boards.values():
        found.extend(_board(board.where, board.model))
    for enemy in merged.enemies.values():
        found.extend(_enemy(enemy.where, enemy.model, merged.suits()))
    for mission in merged.missions.values():
        found.extend(MissionCheck(mission.where, mission.model, merged).findings())
    found.extend(_secrets_used(merged))
    return found


def _error(where: str, message: str) -> Finding:
    return Finding("error", f"{where}: {message}")


def _error_line(line: str) -> Finding:
    return Finding("error", line)


def _content(merged: ContentSet) -> Iterator[Finding]:
    """The sections every game needs: the deck, characters for every seat, a campaign."""
    if merged.deck is None:
        yield Finding("error", "content: no deck section (TI-6: the resource deck)")
    else:
        deck = merged.deck.model
        low, high = deck.values
        cards = len(deck.suits) * (high - low + 1) + len(deck.time_cards)
        if cards > MAX_CARDS:
            yield _error(merged.deck.where, f"deck: {cards} cards, more than the "
                                            f"{MAX_CARDS} actions can name")
        resource = {f"{suit}_{value}" for suit in deck.suits for value in range(low, high + 1)}
        times = Counter(t.key for t in deck.time_cards)
        yield from (_error(merged.deck.where, f"deck.time_cards: key {key!r} is used twice")
                    for key, n in times.items() if n > 1)
        yield from (_error(merged.deck.where, f"deck.time_cards: key {key!r} is also a "
                                              "resource card's")
                    for key in times if key in resource)
    if len(merged.characters) < MAX_SEATS:
        yield Finding("error", f"content: {len(merged.characters)} characters, but "
                               f"{MAX_SEATS} players need one each (TI-1)")
    if merged.campaign is None or not merged.campaign.model:
        yield Finding("error", "content: no campaign section (TI-57: the missions in order)")
        return
    where, keys = merged.campaign.where, merged.campaign.model
    for i, key in enumerate(keys):
        if key not in merged.missions:
            yield _error(where, f"campaign[{i}]: no mission {key!r} (missions: "
                                f"{_known(merged.missions)})")
    yield from (_error(where, f"campaign: mission {key!r} is listed {n} times (TI-57: a "
                              "mission is never replayed)")
                for key, n in Counter(keys).items() if n > 1)


def _known(keys: Iterable[str]) -> str:
    listed = sorted(keys)
    return ", ".join(listed) if listed else "none"


def _board(where: str, board: BoardModel) -> Iterator[Finding]:
    at = f"{where}: board {board.key!r}"
    if len(board.rooms) > MAX_ROOMS:
        yield Finding("error", f"{at}, rooms: {len(board.rooms)} rooms, more than "
                               f"{MAX_ROOMS}")
    keys = {r.key for r in board.rooms}
    yield from (Finding("error", f"{at}, rooms: room {key!r} is listed {n} times")
                for key, n in Counter(r.key for r in board.rooms).items() if n > 1)
    cells: dict[tuple[int, int], str] = {}
    for i, room in enumerate(board.rooms):
        if room.col >= board.cols or room.row >= board.rows:
            yield Finding("error", f"{at}, rooms[{i}]: cell ({room.col}, {room.row}) is "
                                   f"outside the {board.cols} x {board.rows} grid")
        other = cells.setdefault((room.col, room.row), room.key)
        if other != room.key:
            yield Finding("error", f"{at}, rooms[{i}]: cell ({room.col}, {room.row}) is "
                                   f"also room {other!r}")
    seen: set[frozenset[str]] = set()
    for i, (a, b) in enumerate(board.passages):
        for end in (a, b):
            if end not in keys:
                yield Finding("error", f"{at}, passages[{i}]: no room {end!r} (rooms: "
                                       f"{_known(keys)})")
        if a == b:
            yield Finding("error", f"{at}, passages[{i}]: a passage joins two rooms")
        if frozenset((a, b)) in seen:
            yield Finding("error", f"{at}, passages[{i}]: {a}-{b} is listed twice")
        seen.add(frozenset((a, b)))


def _enemy(where: str, enemy: EnemyModel, suits: tuple[str, ...]) -> Iterator[Finding]:
    at = f"{where}: enemy {enemy.key!r}"
    for i, suit in enumerate(enemy.suits):
        if suits and suit not in suits:
            yield Finding("error", f"{at}, suits[{i}]: no suit {suit!r} in the deck "
                                   f"(suits: {', '.join(suits)})")
    if len(set(enemy.suits)) != len(enemy.suits):
        yield Finding("error", f"{at}, suits: a suit is listed twice")
    for i, ability in enumerate(enemy.abilities):
        place = f"{at}, abilities[{i}]"
        if ability.effect == "move_toward":
            if ability.target is None or ability.rooms < 1:
                yield Finding("error", f"{place}: move_toward needs a target and rooms >= 1 "
                                       "(TI-42)")
        elif ability.count < 1 or ability.target is not None:
            yield Finding("error", f"{place}: {ability.effect} needs count >= 1 and no "
                                   "target")


def _secrets_used(merged: ContentSet) -> Iterator[Finding]:
    used = {s for p in merged.missions.values()
            for s in (p.model.back_secret, p.model.face_secret) if s is not None}
    for key, placed in merged.secrets.items():
        if key not in used:
            yield _error(placed.where, f"secret {key!r}: no mission gives it (TI-25: give "
                                       "it as a mission's back_secret or face_secret)")


def _components(rooms: Iterable[str], links: Iterable[tuple[str, str]]) -> dict[str, int]:
    """Each room's component number over `links` (rooms joined by open passages)."""
    near: dict[str, set[str]] = {room: set() for room in rooms}
    for a, b in links:
        if a in near and b in near:
            near[a].add(b)
            near[b].add(a)
    part: dict[str, int] = {}
    for start in sorted(near):
        if start not in part:
            number = len(set(part.values()))
            part[start] = number
            queue = deque([start])
            while queue:
                for nxt in near[queue.popleft()]:
                    if nxt not in part:
                        part[nxt] = number
                        queue.append(nxt)
    return part


def _distances(links: dict[int, set[int]], start: int) -> dict[int, int]:
    """Breadth-first steps from `start` to every node it reaches over `links`."""
    far, queue = {start: 0}, deque([start])
    while queue:
        node = queue.popleft()
        for nxt in links[node]:
            if nxt not in far:
                far[nxt] = far[node] + 1
                queue.append(nxt)
    return far


def _n(count: int, noun: str, names: str = "") -> str:
    """`room hall` / `rooms a, b` with `names`, else `1 keypad` / `2 keypads`."""
    plural = noun if count == 1 else noun + "s"
    return f"{plural} {names}" if names else f"{count} {plural}"


def tokens_of(mission: MissionModel) -> Iterator[tuple[str, TokenModel, bool]]:
    """Every token entry with its field path and whether it is blue (a stack's extra)."""
    for i, token in enumerate(mission.tan_pool):
        yield f"tan_pool[{i}]", token, False
    for s, stack in enumerate(mission.stacks):
        for i, token in enumerate(stack.extra):
            yield f"stacks[{s}].extra[{i}]", token, True


class MissionCheck:
    """The checks of one mission against the rest of the set."""

    def __init__(self, where: str, mission: MissionModel, merged: ContentSet) -> None:
        self.where = where
        self.mission = mission
        self.merged = merged
        placed = merged.boards.get(mission.board)
        self.board = None if placed is None else placed.model
        self.rooms = set() if self.board is None else {r.key for r in self.board.rooms}
        self.out: list[Finding] = []

    def error(self, path: str, message: str, level: Level = "error") -> None:
        self.out.append(Finding(level, f"{self.where}: mission {self.mission.key!r}, "
                                       f"{path}: {message}"))

    def warn(self, path: str, message: str) -> None:
        """Legal, but probably a slip: reported, never refused."""
        self.error(path, message, "warning")

    def findings(self) -> list[Finding]:
        if self.board is None:
            self.error("board", f"no board {self.mission.board!r} (boards: "
                                f"{_known(self.merged.boards)})")
        else:
            self._rooms()
            self._passages()
            self._connected()
        self._tokens()
        self._stacks()
        self._windows()
        self._answer()
        self._enemies()
        self._secrets()
        self._slips()
        return self.out

    # --- rooms and the board ------------------------------------------------------------

    def _room(self, path: str, room: str) -> bool:
        if room in self.rooms:
            return True
        self.error(path, f"no room {room!r} on board {self.mission.board!r} (rooms: "
                         f"{_known(self.rooms)})")
        return False

    def _rooms(self) -> None:
        m = self.mission
        for i, stack in enumerate(m.stacks):
            self._room(f"stacks[{i}].room", stack.room)
        for i, feature in enumerate(m.features):
            self._room(f"features[{i}].room", feature.room)
        for i, placement in enumerate(m.enemies):
            self._room(f"enemies[{i}].room", placement.room)
        entrances = [i for i, f in enumerate(m.features) if f.kind == "entrance"]
        if len(entrances) != 1:
            self.error("features", f"{len(entrances)} entrances; a mission has exactly one "
                                   "(TI-4: every standee starts there)")
        tokens = sum(t.count for _, t, _ in tokens_of(m)) + len(m.features)
        if tokens > MAX_TOKENS:
            self.error("tan_pool", f"{tokens} tokens with extras and features, more than "
                                   f"{MAX_TOKENS}")

    def _printed(self) -> set[frozenset[str]]:
        assert self.board is not None
        return {frozenset(p) for p in self.board.passages}

    def _passages(self) -> None:
        m, printed = self.mission, self._printed()
        if len(m.doors) > MAX_DOORS:
            self.error("doors", f"{len(m.doors)} locked doors, more than {MAX_DOORS}")
        used: dict[frozenset[str], str] = {}
        for name, pairs in (("doors", m.doors), ("walls", m.walls)):
            for i, (a, b) in enumerate(pairs):
                path = f"{name}[{i}]"
                if not (self._room(path, a) & self._room(path, b)):
                    continue
                pair = frozenset((a, b))
                if pair not in printed:
                    self.error(path, f"{a}-{b} is not a printed passage of board "
                                     f"{m.board!r} (TI-17, TI-36: doors and wall tokens "
                                     "close passages)")
                elif pair in used:
                    self.error(path, f"{a}-{b} is already closed by {used[pair]}")
                used.setdefault(pair, path)

    def _connected(self) -> None:
        """TI-4, TI-17, TI-32, TI-36: every room reachable from the entrance. Wall tokens
        close their passages; a locked door opens only by spending a keypad token on it
        (one keypad, one door), so the rooms joined by open passages (components) must
        be linked to the entrance's by doors, and opening a way to all of them takes
        (components - 1) keypads from the tan pool and the stacks' extras."""
        m = self.mission
        entrance = next((f.room for f in m.features if f.kind == "entrance"), None)
        if entrance not in self.rooms or self.board is None:
            return
        keypads = sum(t.count for _, t, _ in tokens_of(m) if t.kind == "keypad")
        walls = {frozenset(p) for p in m.walls}
        locked = {frozenset(p) for p in m.doors} - walls
        part = _components(self.rooms, [(a, b) for a, b in self.board.passages
                                        if frozenset((a, b)) not in walls | locked])
        doors: dict[int, set[int]] = {c: set() for c in part.values()}
        for pair in locked:
            a, b = sorted(pair)
            if a in part and b in part and part[a] != part[b]:
                doors[part[a]].add(part[b])
                doors[part[b]].add(part[a])
        far = _distances(doors, part[entrance])  # keypads spent on the way to each
        cut = sorted(r for r in self.rooms if far.get(part[r], keypads + 1) > keypads)
        where = f"cannot be reached from the entrance {entrance!r}"
        if cut:
            why = ("" if all(part[r] not in far for r in cut)  # walled off for good
                   else " (locked doors count as closed: no keypad token)" if not keypads
                   else f" (TI-32: one keypad opens one door; {_n(keypads, 'keypad')})")
            self.error("features", f"{_n(len(cut), 'room', ', '.join(cut))} {where}{why}")
            return
        needed = len(far) - 1
        if needed > keypads:
            behind = sorted(r for r in self.rooms if far[part[r]])
            self.error("features", f"rooms {', '.join(behind)} {where} all at once: their "
                                   f"locked doors need {needed} keypads, the mission has "
                                   f"{keypads} (TI-32: one keypad opens one door)")

    # --- tokens -------------------------------------------------------------------------

    def _tokens(self) -> None:
        glyphs = self.merged.glyphs
        for path, token, blue in tokens_of(self.mission):
            if token.kind == "glyph":
                if token.glyph is None:
                    self.error(path, "a glyph token needs `glyph`")
                elif token.glyph not in glyphs:
                    self.error(f"{path}.glyph", f"no glyph {token.glyph!r} (glyphs: "
                                                f"{_known(glyphs)})")
                elif glyphs[token.glyph].model.bonus and not blue:
                    self.error(f"{path}.glyph", f"{token.glyph!r} is a bonus glyph: only on "
                                                "blue tokens, a stack's extra (TI-31)")
            elif token.glyph is not None:
                self.error(f"{path}.glyph", f"a {token.kind} token shows no glyph")
            if token.kind == "counter_intel":
                if token.pile not in PILES:
                    self.error(f"{path}.pile", f"counter intel names an action pile: "
                                               f"{', '.join(PILES)}; got {token.pile!r} "
                                               "(TI-30)")
            elif token.pile is not None:
                self.error(f"{path}.pile", f"only counter intel names a pile, not a "
                                           f"{token.kind} token")

    def _stacks(self) -> None:
        m = self.mission
        pool = sum(t.count for t in m.tan_pool)
        stacked = sum(s.tan for s in m.stacks)
        if pool != stacked:
            self.error("stacks", f"the stacks take {stacked} tan tokens but the tan pool "
                                 f"holds {pool} (TI-3, TI-4: every tan token is dealt)")
        for room, n in Counter(s.room for s in m.stacks).items():
            if n > 1:
                self.error("stacks", f"room {room!r} has {n} stacks; a room has one")

    # --- the console and the answer -----------------------------------------------------

    def _windows(self) -> None:
        m, glyphs = self.mission, self.merged.glyphs
        collectable = {t.glyph for _, t, _ in tokens_of(m) if t.kind == "glyph"}
        hides: dict[str, tuple[int, tuple[str, ...]]] = {}
        for i, window in enumerate(m.windows):
            path = f"windows[{i}].glyph"
            if window.glyph not in glyphs:
                self.error(path, f"no glyph {window.glyph!r} (glyphs: {_known(glyphs)})")
            elif window.glyph not in collectable:
                self.error(path, f"no {window.glyph!r} glyph token in the tan pool or a "
                                 "stack's extras: the window can never open (TI-22)")
            first, symbols = hides.setdefault(window.glyph, (i, window.symbols))
            if symbols != window.symbols:
                self.error(f"windows[{i}].symbols",
                           f"glyph {window.glyph!r} hides {''.join(window.symbols)!r} here "
                           f"but {''.join(symbols)!r} in windows[{first}] (TI-23: a glyph "
                           "stands for the same symbols everywhere on a mission)")

    def _answer(self) -> None:
        m = self.mission
        area = m.answer_area
        if area is not None:
            first, last = area
            if not 0 <= first <= last < len(m.windows):
                self.error("answer_area", f"[{first}, {last}] is not a range of the windows "
                                          f"0..{len(m.windows) - 1} (TI-55)")
                return
            answer_windows = range(first, last + 1)
        else:
            answer_windows = range(len(m.windows))
            for i, window in enumerate(m.windows):
                if len(window.symbols) != 1:
                    self.error(f"windows[{i}].symbols",
                               f"hides {len(window.symbols)} symbols; without an "
                               "answer_area each window hides exactly one (TI-55)")
        hidden = tuple(s for i in answer_windows for s in m.windows[i].symbols)
        if len(hidden) != len(m.answer):
            self.error("answer", f"{len(m.answer)} symbols, but the answer windows hide "
                                 f"{len(hidden)} ({''.join(hidden)!r})")
        elif hidden != m.answer:
            self.error("answer", f"{''.join(m.answer)!r}, but the answer windows hide "
                                 f"{''.join(hidden)!r}")
        alphabet = {s.casefold() for s in m.alphabet}
        for i, symbol in enumerate(m.answer):
            if symbol.casefold() not in alphabet:
                self.error(f"answer[{i}]", f"{symbol!r} is not in the alphabet, so it cannot "
                                           "be entered (TI-A16)")
        if len(m.alphabet) > MAX_SYMBOLS:
            self.error("alphabet", f"{len(m.alphabet)} symbols, more than {MAX_SYMBOLS}")
        twice = [s for s, n in Counter(s.casefold() for s in m.alphabet).items() if n > 1]
        if twice:
            self.error("alphabet", f"{', '.join(map(repr, twice))} listed twice (TI-A16 "
                                   "compares symbols ignoring case)")

    # --- enemies and secrets ------------------------------------------------------------

    def _enemies(self) -> None:
        m = self.mission
        if len(m.enemies) > MAX_ENEMIES:
            self.error("enemies", f"{len(m.enemies)} enemies, more than {MAX_ENEMIES}")
        for i, placement in enumerate(m.enemies):
            if placement.enemy not in self.merged.enemies:
                self.error(f"enemies[{i}].enemy", f"no enemy {placement.enemy!r} (enemies: "
                                                  f"{_known(self.merged.enemies)})")
        for enemy, n in Counter(p.enemy for p in m.enemies).items():
            if n > 1:
                self.error("enemies", f"enemy {enemy!r} is placed {n} times")

    def _secrets(self) -> None:
        m = self.mission
        for name, key in (("back_secret", m.back_secret), ("face_secret", m.face_secret)):
            if key is not None and key not in self.merged.secrets:
                self.error(name, f"no secret {key!r} (secrets: "
                                 f"{_known(self.merged.secrets)})")

    # --- warnings -----------------------------------------------------------------------

    def _slips(self) -> None:
        """What plays but is probably not meant: a missing story text, an alphabet
        without decoys, a keypad with no door, a door with no keypad, an enemy ability
        no token can fire."""
        m = self.mission
        for part in ("intro", "win", "loss"):
            if not getattr(m.story, part):
                self.warn(f"story.{part}", "no text (TI-16: the story shown to players)")
        if {s.casefold() for s in m.alphabet} <= {s.casefold() for s in m.answer}:
            self.warn("alphabet", "only the answer's own symbols: no decoy to tell a "
                                  "guess from knowledge (TI-A16)")
        kinds = {t.kind for _, t, _ in tokens_of(m)}
        if "keypad" in kinds and not m.doors:
            self.warn("doors", "a keypad token but no locked door for it to open (TI-32)")
        if m.doors and "keypad" not in kinds:
            self.warn("doors", "locked doors but no keypad token: they never open (TI-32)")
        icons = {t.icon for _, t, _ in tokens_of(m) if t.icon is not None}
        for i, placement in enumerate(m.enemies):
            enemy = self.merged.enemies.get(placement.enemy)
            for ability in () if enemy is None else enemy.model.abilities:
                if ability.icon not in icons:
                    self.warn(f"enemies[{i}]", f"{placement.enemy}'s {ability.icon} ability "
                                               f"never fires: no token shows a "
                                               f"{ability.icon} (TI-40)")
