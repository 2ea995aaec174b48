"""One legal table for every mode of play, for tests that must meet every format: the
player-vs-player formats of IB 8.2.1, solo and co-op against an encounter (IB 8.1) and
a format with neutral Challenge Cards (IB 8.4). Team formats get team files built from
the shipped Characters and Keystones, each side fielding a Character and a Keystone
once (IB 2.1.4, IB 2.2.2), with card decks of the scaled size (IB 8.2.3) so that every
kind of action (Techniques, Events, Sigils, Supports) can come up.

`api_body(mode)` is the `POST /api/tables` body (every seat `human`); `game_setup(mode)`
is the same game for the engine alone (the terminal game's tests).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from initiative.games.ib.content import core_content
from initiative.games.ib.deckbuilding import (
    COPY_LIMIT,
    POINT_CAP,
    SCALED_DECK_MAXIMUM,
    TeamFile,
    TeamMember,
)
from initiative.games.ib.formats import sides
from initiative.games.ib.modes import GameSetup

CONTENT = core_content()


@dataclass(frozen=True)
class ModeTable:
    """A mode and its seats: shipped team keys or generated team files, and the
    encounter (solo, co-op, or neutral Challenge Cards in a format)."""

    mode: str
    teams: tuple[str | TeamFile, ...]
    encounter: str | None = None


LAYOUTS = {  # Characters each generated player controls, per format (10 at most, IB 8.2.2)
    "2v2": (2, 2, 2, 2), "1v3": (4, 2, 1, 1), "3v3": (1, 2, 1, 1, 2, 1),
    "4v4": (1,) * 8, "2v2v2v2": (1,) * 8, "ffa": (2, 2, 2),
}
KIT = [c.key for c in CONTENT.cards if c.kind != "plain" and c.signature is None]
"""Every Technique, Event, Sigil and Support a deck may hold without a signature."""


def _player(n: int, controls: int, taken: set[str], keystones: set[str]) -> TeamFile:
    """Player `n`: the cheapest Characters its side has not fielded (by name too), unused
    Keystones, and a deck of the scaled size cut from the kit at a place of its own."""
    characters = sorted(CONTENT.characters.values(), key=lambda c: (c.points, c.key))
    names = {CONTENT.characters[t].name for t in taken}
    chosen = [c for c in characters if c.key not in taken and c.name not in names]
    picked = []
    for c in chosen:
        if len(picked) < controls and c.name not in {p.name for p in picked}:
            picked.append(c)
    assert sum(c.points for c in picked) <= POINT_CAP[controls]
    free = [k for k in sorted(CONTENT.keystones) if k not in keystones][:controls]
    taken.update(c.key for c in picked)
    keystones.update(free)
    start = 7 * n % len(KIT)
    kit = KIT[start:] + KIT[:start]
    cards = [key for key in kit
             for _ in range(COPY_LIMIT[CONTENT.cards[CONTENT.card_index[key]].kind])]
    deck = Counter(cards[:SCALED_DECK_MAXIMUM[controls]])
    return TeamFile(f"Player {n + 1}", tuple(TeamMember(c.key, k)
                                             for c, k in zip(picked, free, strict=True)),
                    tuple(deck.items()), where=f"player {n + 1}")


def _generated(fmt: str) -> tuple[TeamFile, ...]:
    layout = LAYOUTS[fmt]
    teams = sides(fmt, len(layout))
    taken: dict[int, set[str]] = {}
    keys: dict[int, set[str]] = {}
    return tuple(_player(i, n, taken.setdefault(t, set()), keys.setdefault(t, set()))
                 for i, (n, t) in enumerate(zip(layout, teams, strict=True)))


@cache
def tables() -> dict[str, ModeTable]:
    """Every mode by a short name (a mode, or `neutral` for a format with CCs)."""
    out = {"1v1": ModeTable("1v1", ("tideguard", "ashfall")),
           "1v1-supports": ModeTable("1v1", ("lanternwatch", "ashfall")),
           "solo": ModeTable("solo", ("tideguard",), "heart_of_the_rift"),
           "coop": ModeTable("coop", ("lone_warden", "hourglass_trio"), "gnawing_in_the_walls"),
           "neutral": ModeTable("1v1", ("kettle_and_kite", "lone_warden"),
                                "hounds_at_the_gate")}
    out.update({fmt: ModeTable(fmt, _generated(fmt)) for fmt in LAYOUTS})
    return out


def team_text(team: TeamFile) -> str:
    """A generated team as a team file's YAML (what a person uploads)."""
    lines = [f"name: {team.name}", "characters:"]
    lines += [f"  - {{character: {m.character}, keystone: {m.keystone}}}" for m in team.characters]
    lines.append("deck:")
    lines += [f"  {key}: {copies}" for key, copies in team.deck]
    return "\n".join(lines) + "\n"


def api_body(name: str, seed: int) -> dict[str, Any]:
    """The `POST /api/tables` body of mode `name`, every seat a person (`human`)."""
    table = tables()[name]
    body: dict[str, Any] = {"mode": table.mode, "seed": seed, "name": f"{name} table"}
    if table.encounter:
        body["encounter"] = table.encounter
    if table.mode == "ffa" or table.mode == "coop":
        body["players"] = len(table.teams)
    for i, team in enumerate(table.teams):
        body[f"seat{i}_name"] = f"Seat {i + 1}"
        body[f"seat{i}_controller"] = "human"
        if isinstance(team, str):
            body[f"seat{i}_team"] = team
        else:
            body[f"seat{i}_upload"] = team_text(team)
    return body


def game_setup(name: str) -> GameSetup:
    table = tables()[name]
    return GameSetup(table.mode, table.teams, table.encounter)
