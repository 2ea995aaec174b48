"""Rooms and the ways between them: adjacency for RUN and enemies (TI-17, TI-36, TI-43,
TI-A23), nearby (TI-18) and room distances (TI-42, TI-A18).

A printed passage is open unless a mission's wall token closes it (TI-17). A locked door
is a wall until a keypad unlocks it (TI-36): a door a mission places on a printed
passage (as content files must, validate.py) stands in that passage's place, so the
passage is open only through the door; a door between rooms with no printed passage
joins them once unlocked. `links` lists the passages and the doors for views, each
pair of rooms once."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

from initiative.games.ti.setup import TISetup

if TYPE_CHECKING:
    from initiative.games.ti.state import TIState


@dataclass(frozen=True)
class Link:
    """A printed passage (`door` -1, `walled` when a wall token closes it) or a door
    (its index in the mission's doors)."""

    a: int
    b: int
    walled: bool
    door: int


@dataclass(frozen=True)
class Tables:
    """What never changes in a game's board: its links and the open passages per room."""

    links: tuple[Link, ...]
    passages: tuple[tuple[int, ...], ...]
    """Per room: the rooms an open printed passage leads to."""
    doors: tuple[tuple[tuple[int, int], ...], ...]
    """Per room: (door, other room) for each door on it."""


_TABLES: dict[int, tuple[TISetup, Tables]] = {}


def tables(setup: TISetup) -> Tables:
    """The board tables of `setup` (built once per setup, kept by identity)."""
    found = _TABLES.get(id(setup))
    if found is not None and found[0] is setup:
        return found[1]
    if len(_TABLES) > 64:
        _TABLES.clear()
    mission, board = setup.mission, setup.board
    walls = {tuple(sorted(w)) for w in mission.walls}
    doored = {tuple(sorted((d.a, d.b))) for d in mission.doors}  # TI-36: the door's way
    links = [Link(a, b, (a, b) in walls, -1) for a, b in board.passages
             if (a, b) not in doored]
    links += [Link(d.a, d.b, False, i) for i, d in enumerate(mission.doors)]
    n = len(board.rooms)
    passages: list[list[int]] = [[] for _ in range(n)]
    doors: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for link in links:
        if link.door >= 0:
            doors[link.a].append((link.door, link.b))
            doors[link.b].append((link.door, link.a))
        elif not link.walled:
            passages[link.a].append(link.b)
            passages[link.b].append(link.a)
    built = Tables(tuple(links), tuple(tuple(sorted(p)) for p in passages),
                   tuple(tuple(d) for d in doors))
    _TABLES[id(setup)] = (setup, built)
    return built


def neighbours(state: TIState, room: int, *, nearby: bool = False) -> list[int]:
    """Rooms one step from `room`, sorted: open passages and unlocked doors (TI-17,
    TI-36). For `nearby` (TI-18) a locked door joins its rooms too when
    `locked_door_blocks_adjacency` is off (TI-A23)."""
    t = tables(state.setup)
    out = list(t.passages[room])
    through_locked = nearby and not state.rules.locked_door_blocks_adjacency
    for door, other in t.doors[room]:
        if not state.locked[door] or through_locked:
            out.append(other)
    return sorted(set(out))


def nearby(state: TIState, room: int) -> list[int]:
    """TI-18: the room itself and its adjacent rooms."""
    return sorted({room, *neighbours(state, room, nearby=True)})


def distances(state: TIState, sources: list[int]) -> list[int]:
    """Steps from the nearest of `sources` to every room along open ways (TI-43,
    TI-A18); -1 where none leads."""
    dist = [-1] * len(state.setup.board.rooms)
    queue: deque[int] = deque()
    for room in sources:
        if dist[room] < 0:
            dist[room] = 0
            queue.append(room)
    while queue:
        room = queue.popleft()
        for other in neighbours(state, room):
            if dist[other] < 0:
                dist[other] = dist[room] + 1
                queue.append(other)
    return dist
