"""IB 8.2-8.3: player-vs-player formats. A format says how many players each side has;
`format_match` seats players (team files) on their sides, checks every deck-building
rule of the format at once and builds the `Match`.

Formats (IB 8.2.1): 1v1, 2v2, 1v3, 3v3, 4v4, 2v2v2v2, and free-for-all (`ffa`: 2 to 8
players, each a side of their own). Each player controls 1-4 Characters (IB 8.2.2)
with the deck size and point cap of that number (IB 8.2.3, 8.3.1); at most 10
Characters share the track (IB 8.2.2). Area attacks, ally effects and victory follow
the team rules already in the engine (IB 8.2.5-8.2.7, AMB-64).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from initiative.engine.errors import ContentError
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.deckbuilding import (
    MAX_TRACK_CHARACTERS,
    DeckRules,
    TeamFile,
    TeamMember,
    validate_side,
    validate_team,
)
from initiative.games.ib.match import Match, SeatSetup
from initiative.games.ib.specs import Content

FORMATS: dict[str, tuple[int, ...] | None] = {
    "1v1": (1, 1), "2v2": (2, 2), "1v3": (1, 3), "3v3": (3, 3), "4v4": (4, 4),
    "2v2v2v2": (2, 2, 2, 2), "ffa": None,
}
"""Players per side, in seat order (None: free-for-all, everyone on their own)."""
MAX_PLAYERS = 8
FIXTURE_PREFIX = "fixture_"
"""Shipped teams whose key starts with this are the engine's test fixtures: they break
the deck rules on purpose (no Keystones, IB 2.2.1) and are never offered to players."""


def is_fixture(team: str) -> bool:
    """A test fixture: never offered to players."""
    return team.startswith(FIXTURE_PREFIX)


def sides(fmt: str, players: int) -> tuple[int, ...]:
    """The side (team number) of each seat, in seat order."""
    if fmt not in FORMATS:
        raise ContentError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    layout = FORMATS[fmt]
    if layout is None:
        if not 2 <= players <= MAX_PLAYERS:
            raise ContentError(f"ffa: 2 to {MAX_PLAYERS} players, not {players}")
        return tuple(range(players))
    if players != sum(layout):
        raise ContentError(f"{fmt}: {sum(layout)} players, not {players}")
    return tuple(side for side, size in enumerate(layout) for _ in range(size))


def shipped_team(content: Content, key: str) -> TeamFile:
    """A team of the content (Characters, Keystones, deck) as a team file."""
    if key not in content.teams:
        offered = sorted(k for k in content.teams if not is_fixture(k))
        raise ContentError(f"unknown team {key!r} (known: {', '.join(offered)})")
    name, characters, deck = content.teams[key]
    keystones: Sequence[str | None] = content.team_keystones.get(key) or (None,) * len(
        characters)
    members = tuple(TeamMember(c, k) for c, k in zip(characters, keystones, strict=True))
    return TeamFile(name, members, tuple(Counter(content.deck(deck)).items()), where=key)


def format_match(fmt: str, players: Sequence[TeamFile], content: Content,
                 config: RulesConfig | None = None,
                 deck_rules: DeckRules | None = None) -> Match:
    """The match of `players` in format `fmt`; ContentError lists every violation, each
    with the player and the rule, if any deck or side is illegal."""
    config = config or RulesConfig()
    problems, seats = format_seats(fmt, players, content, config, deck_rules)
    if problems:
        raise ContentError(f"{fmt}: " + "; ".join(problems))
    return Match(content, config, seats)


def format_seats(fmt: str, players: Sequence[TeamFile], content: Content, config: RulesConfig,
                 deck_rules: DeckRules | None = None, others: int = 0
                 ) -> tuple[list[str], tuple[SeatSetup, ...]]:
    """Every violation of format `fmt` (IB 8.2-8.3), and the players as seats.
    `others` counts track units besides the players' (neutral CCs, IB 8.4.1)."""
    teams = sides(fmt, len(players))
    problems = [f"{p.name} ({p.where}): {v}" for p in players
                for v in validate_team(p, content, config, format="duel", deck_rules=deck_rules)]
    for side in sorted(set(teams)):
        mine = [p for p, t in zip(players, teams, strict=True) if t == side]
        problems += [f"side {side}: {v}" for v in
                     validate_side(mine, content, config, format="duel", deck_rules=deck_rules)]
    total = sum(p.controls for p in players) + others
    if total > MAX_TRACK_CHARACTERS:
        rule = "IB-8.4.1" if others else "IB-8.2.2"
        what = "units (Characters and Challenge Cards)" if others else "Characters"
        problems.append(f"{rule}: {total} {what} in all; at most "
                        f"{MAX_TRACK_CHARACTERS} share the track")
    return problems, distinct_names(tuple(player_seat(p, team)
                                          for p, team in zip(players, teams, strict=True)))


def distinct_names(seats: tuple[SeatSetup, ...]) -> tuple[SeatSetup, ...]:
    """The seats, a name that several share numbered from its second seat on ("Tidewind",
    "Tidewind 2"): two players may bring the same team file, and the log, positions and
    records tell seats apart by name."""
    chosen = {seat.name for seat in seats}
    used: set[str] = set()
    named = []
    for seat in seats:
        name, copy = seat.name, 1
        while name in used or (name != seat.name and name in chosen):
            copy += 1
            name = f"{seat.name} {copy}"
        used.add(name)
        named.append(seat if name == seat.name else replace(seat, name=name))
    return tuple(named)


def player_seat(player: TeamFile, team: int) -> SeatSetup:
    """A player as a `Match` seat, Keystones included when every Character has one."""
    keystones = tuple(m.keystone or "" for m in player.characters) \
        if all(m.keystone for m in player.characters) else ()
    return SeatSetup(player.name, team, player.character_keys, player.cards(), keystones)
