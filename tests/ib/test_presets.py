"""The presets of every mode (games/ib/presets.py): legal under the deck-building rules of
their mode (IB 2.1.4, 2.2.1-2.2.2, 2.7, 8.1.2, 8.2.2-8.2.3, 8.3.1), made of shipped teams
offered to players (never a `fixture_` test team), every Character distinct, and
playable to the end."""

from __future__ import annotations

import pytest

from initiative.engine.errors import ContentError
from initiative.engine.rng import SplitMix64
from initiative.games.ib.content import core_content
from initiative.games.ib.deckbuilding import DeckFormat, validate_side, validate_team
from initiative.games.ib.formats import FORMATS, distinct_names, is_fixture, shipped_team, sides
from initiative.games.ib.match import SeatSetup
from initiative.games.ib.modes import build_match
from initiative.games.ib.presets import (
    ALL_MODES,
    default_count,
    default_encounter,
    playable_teams,
    player_range,
    preset_setup,
    preset_teams,
)
from initiative.games.ib.record import play_random
from initiative.games.ib.setup import new_game

CONTENT = core_content()
SETUPS = [(mode, n) for mode in ALL_MODES
          for n in range(player_range(mode)[0], player_range(mode)[1] + 1)]


def _deck_format(mode: str) -> DeckFormat:
    return "standard" if mode == "solo" else "coop" if mode == "coop" else "duel"


def test_every_mode_of_the_rules_has_presets() -> None:
    """IB 8.2.1's formats, solo (IB 6.3) and co-op (IB 8.1)."""
    assert set(ALL_MODES) == {"1v1", "2v2", "1v3", "3v3", "4v4", "2v2v2v2", "ffa",
                              "solo", "coop"}
    assert player_range("coop") == (2, 4) and player_range("ffa") == (2, 8)
    assert player_range("solo") == (1, 1) and player_range("2v2v2v2") == (8, 8)
    assert default_encounter("solo") in CONTENT.encounters
    assert default_encounter("coop") == default_encounter("solo")
    assert default_encounter("2v2") is None


@pytest.mark.parametrize(("mode", "count"), SETUPS)
def test_a_preset_is_legal_for_its_mode(mode: str, count: int) -> None:
    """Each team alone (IB 2.7 / 8.2.3 / 8.3.1 / 8.1.2), each side together (IB 2.1.4,
    2.2.2, co-op's shared cap) and the whole match (IB 8.2.2) pass the rules."""
    teams = [shipped_team(CONTENT, key) for key in preset_teams(mode, count)]
    assert len(teams) == count
    fmt = _deck_format(mode)
    for team in teams:
        assert validate_team(team, CONTENT, format=fmt) == [], team.where
    seat_sides = sides(mode, count) if mode in FORMATS else (0,) * count
    for side in set(seat_sides):
        mine = [t for t, s in zip(teams, seat_sides, strict=True) if s == side]
        assert validate_side(mine, CONTENT, format=fmt) == [], (mode, side)
    match = build_match(preset_setup(mode, count), CONTENT)  # raises on any violation
    assert match.num_seats == count
    if mode in ("solo", "coop"):
        assert sum(t.controls for t in teams) == 4  # IB 6.3.1, IB 8.1.2: a party of 4


@pytest.mark.parametrize(("mode", "count"), SETUPS)
def test_a_preset_never_fields_a_character_name_twice(mode: str, count: int) -> None:
    """Even across sides (where the rules allow it), so a unit's name says whose it is."""
    names = [CONTENT.characters[key].name for team in preset_teams(mode, count)
             for key in CONTENT.teams[team][1]]
    assert len(names) == len(set(names)), names


@pytest.mark.parametrize(("mode", "count"), SETUPS)
def test_presets_use_only_teams_offered_to_players(mode: str, count: int) -> None:
    offered = set(playable_teams(CONTENT))
    assert set(preset_teams(mode, count)) <= offered


def test_every_team_offered_to_players_is_legal_and_no_fixture_is_offered() -> None:
    """A 4-Character team passes standard play (IB 2.7); a smaller one the scaled rules
    of multiplayer (IB 8.2.3, 8.3.1); no offered deck holds a supply card (IB 2.0.1).
    Test fixtures break IB 2.2.1 and IB 2.0.1 (supply decks) and stay hidden."""
    offered = playable_teams(CONTENT)
    fixtures = [key for key in CONTENT.teams if is_fixture(key)]
    assert fixtures and not set(fixtures) & set(offered)
    assert set(offered) | set(fixtures) == set(CONTENT.teams)
    for key in offered:
        team = shipped_team(CONTENT, key)
        fmt: DeckFormat = "standard" if team.controls == 4 else "duel"
        assert validate_team(team, CONTENT, format=fmt) == [], key
    for key in fixtures:
        found = validate_team(shipped_team(CONTENT, key), CONTENT)
        assert {v.rule for v in found} == {"IB-2.2.1", "IB-2.0.1"}, key


def test_player_counts_outside_a_mode_are_refused() -> None:
    assert default_count("ffa") == 4 and default_count("coop") == 2
    assert default_count("4v4") == 8
    with pytest.raises(ContentError, match="coop: 2 to 4 players, not 5"):
        preset_teams("coop", 5)
    with pytest.raises(ContentError, match="2v2: 4 players, not 3"):
        preset_teams("2v2", 3)
    with pytest.raises(ContentError, match="unknown mode"):
        preset_teams("5v5")


@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_random_game_of_every_preset_is_played_to_the_end(mode: str) -> None:
    match = build_match(preset_setup(mode), CONTENT, seed=7)
    state = new_game(match, 7)
    play_random(state, SplitMix64(8))
    assert state.is_terminal()


def test_seats_sharing_a_name_are_numbered_apart() -> None:
    """Records and positions tell seats apart by name, so the same team brought twice
    gets a copy number (never one another seat already has)."""
    seats = tuple(SeatSetup(name, i, ("wren",), ()) for i, name in
                  enumerate(["Tidewind", "Tidewind", "Tidewind 2", "Ember"]))
    assert [s.name for s in distinct_names(seats)] == ["Tidewind", "Tidewind 3",
                                                       "Tidewind 2", "Ember"]
    assert [s.team for s in distinct_names(seats)] == [0, 1, 2, 3]
