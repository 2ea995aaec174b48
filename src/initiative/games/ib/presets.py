"""The shipped teams each mode seats when nobody names one: a legal preset for every
format of IB 8.2 (1v1, 2v2, 1v3, 3v3, 4v4, 2v2v2v2, free-for-all), for solo (IB 6.3.1:
one party of 4) and for co-op (IB 8.1: 2 to 4 players sharing a party of 4), with the
encounter solo and co-op face by default.

Every preset passes the deck-building rules of its mode (`modes.build_match`): deck
sizes (IB 8.2.3), point caps (IB 8.3.1, shared by a co-op party: IB 8.1.2), unique
Characters and Keystones on each side (IB 2.1.4, 2.2.2), at most 10 Characters on the
track (IB 8.2.2). No Character appears twice in one preset, even across sides, so every
unit's name says whose it is.

Teams whose key starts with `fixture_` (`formats.is_fixture`) are the engine's test
fixtures: they break the deck rules on purpose (no Keystones, IB 2.2.1) and are never
offered to players.
"""

from __future__ import annotations

from initiative.engine.errors import ContentError
from initiative.games.ib.formats import FORMATS, MAX_PLAYERS, is_fixture
from initiative.games.ib.modes import MODES, GameSetup
from initiative.games.ib.specs import Content
from initiative.games.seat_names import player_name

DEFAULT_ENCOUNTER = "hounds_at_the_gate"
"""What solo and co-op face when no encounter is named (IB 6.3.3: there must be one)."""
COOP_PLAYERS = (2, 4)  # IB 8.1.1
FFA_PLAYERS = (2, MAX_PLAYERS)  # IB 8.2.1
DEFAULT_COUNT = {"coop": 2, "ffa": 4}
"""Players when a mode with a choice (co-op, free-for-all) is not told how many."""


def seat_name(seat: int) -> str:
    """Seat `seat`'s name (from 0) when nobody names it, the same in the terminal and on
    the web table: ``Player 1``, ``Player 2``, ... (counted from 1, like the seats, and
    as every game names them)."""
    return player_name(seat + 1)


DUEL_SEATS = (seat_name(0), seat_name(1))
"""The seats of the standard duel when nobody names them: ``Player 1``, ``Player 2``."""

_SEATED: dict[str, tuple[str, ...]] = {
    "1v1": ("tideguard", "ashfall"),
    "2v2": ("kettle_and_kite", "ember_bulwark", "glass_and_ash", "thorn_and_storm"),
    "1v3": ("lanternwatch", "ember_bulwark", "glass_and_ash", "thorn_and_storm"),
    "3v3": ("glass_and_ash", "lone_warden", "cinder_sentry",
            "kettle_and_kite", "thorn_keeper", "tide_reader"),
    "4v4": ("lone_warden", "cinder_sentry", "glass_seer", "lone_blade",
            "thorn_keeper", "storm_caller", "tide_reader", "wind_scout"),
    "2v2v2v2": ("lone_warden", "cinder_sentry", "glass_seer", "lone_blade",
                "thorn_keeper", "storm_caller", "tide_reader", "wind_scout"),
    "ffa": ("kettle_and_kite", "glass_and_ash", "lone_warden", "cinder_sentry",
            "thorn_keeper", "storm_caller", "tide_reader", "gear_scout"),
    "solo": ("tideguard",),
}
"""Seat order. Free-for-all seats the first N (two pairs, then single Characters: at
most 10 on the track for any N up to 8)."""
_COOP: dict[int, tuple[str, ...]] = {
    2: ("tidewind", "ember_bulwark"),  # 5 + 7 points: the party cap of 12 (IB 8.3.1)
    3: ("tidewind", "lone_warden", "glass_seer"),  # 5 + 4 + 3
    4: ("lone_warden", "cinder_sentry", "glass_seer", "wind_scout"),  # 4 + 3 + 3 + 2
}
"""Co-op parties by number of players: four Characters split between them (IB 8.1.2)."""

ALL_MODES = (*FORMATS, *MODES)


def playable_teams(content: Content) -> list[str]:
    """The shipped team keys offered to players (fixtures left out), sorted."""
    return sorted(key for key in content.teams if not is_fixture(key))


def player_range(mode: str) -> tuple[int, int]:
    """Fewest and most players `mode` seats."""
    if mode == "coop":
        return COOP_PLAYERS
    if mode == "ffa":
        return FFA_PLAYERS
    if mode == "solo":
        return (1, 1)
    layout = FORMATS.get(mode)
    if layout is None:
        raise ContentError(f"unknown mode {mode!r} (known: {', '.join(ALL_MODES)})")
    return (sum(layout), sum(layout))


def default_count(mode: str) -> int:
    """Players `mode` seats when not told how many."""
    return DEFAULT_COUNT.get(mode) or player_range(mode)[0]


def preset_teams(mode: str, count: int | None = None) -> tuple[str, ...]:
    """The shipped team of each seat, in seat order, for `count` players (default:
    `default_count`)."""
    low, high = player_range(mode)
    count = default_count(mode) if count is None else count
    if not low <= count <= high:
        raise ContentError(f"{mode}: {low} to {high} players, not {count}" if low < high
                           else f"{mode}: {low} players, not {count}")
    if mode == "coop":
        return _COOP[count]
    return _SEATED[mode][:count]


def default_encounter(mode: str) -> str | None:
    """The encounter `mode` faces when none is named: solo and co-op need one (IB 6.3.3);
    the player-vs-player formats face none."""
    return DEFAULT_ENCOUNTER if mode in MODES else None


def preset_setup(mode: str, count: int | None = None) -> GameSetup:
    """The whole default game of `mode`: preset teams, and the default encounter."""
    return GameSetup(mode, preset_teams(mode, count), default_encounter(mode))
