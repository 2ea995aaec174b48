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

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from initiative.games.ib.match import Match


def unit_names(match: Match) -> tuple[str, ...]:
    """Every unit's distinct display name, by unit number (Supports included)."""
    n = match.num_characters
    count = len(match.unit_seat)
    qualify = match.num_seats > 1
    printed = [match.units[u].name if u < n else match.unit_name(u) for u in range(count)]
    titles = [match.units[u].title if u < n else "" for u in range(count)]
    copies: dict[str, int] = {}
    for u in range(n):  # copies of one Challenge Card (spawns): numbered like the labels
        if match.cc_specs[u] is not None:
            key = match.units[u].key
            copies[key] = copies.get(key, 0) + 1
            if copies[key] > 1:
                printed[u] = f"{printed[u]} {copies[key]}"
    sides = [f" ({match.seats[seat].name})" if qualify and seat >= 0 else ""
             for seat in match.unit_seat]
    names = [name + side for name, side in zip(printed, sides, strict=True)]
    for u, name in enumerate(list(names)):  # alike, but the titles tell them apart
        alike = [v for v in range(count) if printed[v] + sides[v] == name]
        if len(alike) > 1 and len({titles[v] for v in alike}) == len(alike) and titles[u]:
            names[u] = f"{printed[u]}, {titles[u]}{sides[u]}"
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
