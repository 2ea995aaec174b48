"""Who is who: the one name each unit goes by in the log, previews, buttons and replays.

Computed once per match (`Match.who_names`). The scheme:

- With more than one player seat, every player unit (Character or Support) carries its
  seat's name: ``Sela Marchetti (North)``, so the side of every unit named is clear even
  when both sides field the same Character (IB 2.1.4 forbids that only within a team).
- A Challenge Card or Rival is named by its card; several copies of one card (spawns,
  IB 6.0.1) are numbered like their labels: ``Hour Mite``, ``Hour Mite 2``.
- Anything still alike (two Characters of one name on one seat, a Rival sharing a
  player Character's name in a solo game) adds its title where the titles differ, else
  a number, so no two units ever render to the same string.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Named:
    """What naming needs of one unit (from the public Match): its printed name and
    title, its card key when it is a Challenge Card (copies are numbered), and its seat
    (-1 for a Challenge Card)."""

    name: str
    title: str
    cc_key: str | None
    seat: int


def unit_names(units: Sequence[Named], seat_names: Sequence[str]) -> tuple[str, ...]:
    """Every unit's distinct display name, by unit number (Supports included)."""
    qualify = len(seat_names) > 1
    printed = [u.name for u in units]
    titles = [u.title for u in units]
    copies: dict[str, int] = {}
    for i, unit in enumerate(units):  # copies of one Challenge Card (spawns): numbered
        if unit.cc_key is not None:
            copies[unit.cc_key] = copies.get(unit.cc_key, 0) + 1
            if copies[unit.cc_key] > 1:
                printed[i] = f"{printed[i]} {copies[unit.cc_key]}"
    sides = [f" ({seat_names[u.seat]})" if qualify and u.seat >= 0 else "" for u in units]
    names = [name + side for name, side in zip(printed, sides, strict=True)]
    for i, name in enumerate(list(names)):  # alike, but the titles tell them apart
        alike = [v for v in range(len(units)) if printed[v] + sides[v] == name]
        if len(alike) > 1 and len({titles[v] for v in alike}) == len(alike) and titles[i]:
            names[i] = f"{printed[i]}, {titles[i]}{sides[i]}"
    return _numbered(names)


def _numbered(names: list[str]) -> tuple[str, ...]:
    """The names with any repeat (a Rival sharing a player Character's name in a solo
    game) numbered, so that no two are alike."""
    out: list[str] = []
    for name in names:
        candidate, k = name, 1
        while candidate in out or (k > 1 and candidate in names):
            k += 1
            candidate = f"{name} #{k}"
        out.append(candidate)
    return tuple(out)


def team_name(team: int, seat_names: Sequence[str]) -> str:
    """A side as every front end names it: numbered from 1 like the seats, with its
    seats' names, ``Team 2 (South)`` (`team` is the engine's number, from 0)."""
    return f"Team {team + 1} ({', '.join(seat_names)})"
