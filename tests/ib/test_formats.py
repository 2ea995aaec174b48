"""IB 8.2-8.3 player-vs-player formats: sides, every format set up from team files and
played to the end by random bots with every invariant kept, and the errors a wrong
setup gets (IB 8.2.2 ten Characters, deck sizes and point caps by Characters)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from initiative.engine.errors import ContentError
from initiative.engine.rng import SplitMix64
from initiative.games.ib.content import core_content
from initiative.games.ib.deckbuilding import POINT_CAP, SCALED_DECK_MAXIMUM, TeamFile, TeamMember
from initiative.games.ib.formats import FORMATS, format_match, shipped_team, sides
from initiative.games.ib.setup import new_game
from tests.ib.test_properties import play_checked

CONTENT = core_content()
CARDS = sorted(c.key for c in CONTENT.cards  # 2 copies each (IB 2.7.3); no supply (IB 2.0.1)
               if c.kind in ("technique", "event", "sigil") and c.signature is None)
CHARACTERS = sorted(CONTENT.characters.values(), key=lambda c: (c.points, c.key))
KEYSTONES = sorted(CONTENT.keystones)
LAYOUTS = {  # Characters each player controls, per format (at most 10 in all)
    "1v1": (4, 4), "2v2": (2, 2, 2, 2), "1v3": (4, 2, 1, 1), "3v3": (1, 2, 1, 1, 2, 1),
    "4v4": (1,) * 8, "2v2v2v2": (1,) * 8, "ffa": (2, 2, 2, 2, 2),
}


def player(name: str, controls: int, taken: set[str], keystones: set[str]) -> TeamFile:
    """A legal player: the cheapest Characters its side has not fielded yet (within the
    point cap of IB 8.3.1), unused Keystones, and a deck of the scaled size."""
    chosen = [c for c in CHARACTERS if c.key not in taken and c.name not in
              {CONTENT.characters[t].name for t in taken}][:controls]
    assert sum(c.points for c in chosen) <= POINT_CAP[controls]
    free = [k for k in KEYSTONES if k not in keystones][:controls]
    taken.update(c.key for c in chosen)
    keystones.update(free)
    size = SCALED_DECK_MAXIMUM[controls]
    deck = Counter([key for key in CARDS for _ in range(2)][:size])
    return TeamFile(name, tuple(TeamMember(c.key, k) for c, k in zip(chosen, free, strict=True)),
                    tuple(deck.items()), where=name)


def players_for(fmt: str) -> list[TeamFile]:
    teams = sides(fmt, len(LAYOUTS[fmt]))
    taken: dict[int, set[str]] = {}
    keys: dict[int, set[str]] = {}
    return [player(f"P{i}", n, taken.setdefault(t, set()), keys.setdefault(t, set()))
            for i, (n, t) in enumerate(zip(LAYOUTS[fmt], teams, strict=True))]


def test_ib_8_2_1_every_format_and_its_sides() -> None:
    assert sides("2v2", 4) == (0, 0, 1, 1)
    assert sides("1v3", 4) == (0, 1, 1, 1)
    assert sides("2v2v2v2", 8) == (0, 0, 1, 1, 2, 2, 3, 3)
    assert sides("ffa", 5) == (0, 1, 2, 3, 4)
    assert set(LAYOUTS) == set(FORMATS)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_format_seats_its_players_on_their_sides(fmt: str) -> None:
    match = format_match(fmt, players_for(fmt), CONTENT)
    assert match.seat_team == sides(fmt, len(LAYOUTS[fmt]))
    assert [len(s.characters) for s in match.seats] == list(LAYOUTS[fmt])


@given(fmt=hs.sampled_from(list(FORMATS)), seed=hs.integers(0, 2**32))
def test_every_format_plays_to_an_end_keeping_every_invariant(fmt: str, seed: int) -> None:
    match = format_match(fmt, players_for(fmt), CONTENT)
    state = new_game(match, seed)
    play_checked(state, SplitMix64(seed))
    assert state.result is not None
    winners = {match.seat_team[s] for s in range(match.num_seats)
               if state.returns()[s] > 0}
    assert len(winners) <= 1  # IB 8.2.7: one side (or nobody, on a draw) wins


def test_ib_8_2_2_eleven_characters_are_refused_with_the_rule() -> None:
    players = [*players_for("ffa"), player("P5", 1, set(), set())]  # 10 + 1
    with pytest.raises(ContentError, match=r"IB-8\.2\.2: 11 Characters in all; at most 10"):
        format_match("ffa", players, CONTENT)


def test_a_wrong_deck_or_player_count_names_the_player_and_the_rule() -> None:
    players = players_for("2v2")
    big = players[1]
    players[1] = TeamFile(big.name, big.characters, (*big.deck, ("second_wind", 2)),
                          where=big.where)  # 22 cards for 2 Characters
    with pytest.raises(ContentError, match=r"2v2: P1 \(P1\): IB-8\.2\.3"):
        format_match("2v2", players, CONTENT)
    with pytest.raises(ContentError, match="3v3: 6 players, not 4"):
        format_match("3v3", players_for("2v2"), CONTENT)
    with pytest.raises(ContentError, match="unknown format 'melee'"):
        format_match("melee", players_for("2v2"), CONTENT)


def test_shipped_teams_play_a_duel_as_team_files() -> None:
    match = format_match("1v1", [shipped_team(CONTENT, "tideguard"),
                                 shipped_team(CONTENT, "ashfall")], CONTENT)
    assert match.seats[0].keystones == CONTENT.team_keystones["tideguard"]


def test_a_competitive_table_refuses_a_deck_with_a_supply_card_ib_2_0_1() -> None:
    """Tideguard with one Quick Jab swapped for an Ink Vial (a supply card with no play):
    the 1v1 is refused, naming the player, the card and the rule; every shipped preset
    team plays as it is."""
    core = core_content()
    ship = shipped_team(core, "tideguard")
    deck = tuple((k, n - 1) if k == "quick_jab" else (k, n) for k, n in ship.deck)
    inked = TeamFile(ship.name, ship.characters, (*deck, ("ink_vial", 1)), where="inked")
    with pytest.raises(ContentError, match=r"^1v1: Tideguard \(inked\): IB-2\.0\.1 ink_vial: "
                                           r"Ink Vial is a supply card with no play; a "
                                           r"competitive deck holds only Techniques, Sigils, "
                                           r"Events and Support Characters \(IB 2\.0\.1, 2\.7\)$"):
        format_match("1v1", [inked, shipped_team(core, "ashfall")], core)
    format_match("1v1", [ship, shipped_team(core, "ashfall")], core)
