"""Modes of play (IB 6.3, 6.8.2, 6.9, 7.8.1, 8.1, 8.4): solo, co-op and mixed matches
built from a description or a setup file, with every violation named at once; and the
terminal game playing them."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.engine.errors import ContentError
from initiative.engine.rng import SplitMix64
from initiative.games.ib import frames
from initiative.games.ib.content import core_content
from initiative.games.ib.match import ChallengerSetup, Match, SeatSetup
from initiative.games.ib.modes import GameSetup, build_match, load_setup_file, rival_keystones
from initiative.games.ib.setup import new_game
from tests.ib.test_properties import play_checked

CONTENT = core_content()
COOP = ("lone_warden", "hourglass_trio")  # Odo (15 cards) and three (30): 12 points
RUNNER = CliRunner()


def test_ib_6_3_1_solo_is_one_player_with_a_party_against_the_encounter() -> None:
    match = build_match(GameSetup("solo", ("tideguard",), "hounds_at_the_gate"), CONTENT)
    assert match.num_seats == 1 and not match.neutral
    ccs = [match.labels[u] for u in range(match.num_characters) if match.is_challenge(u)]
    assert ccs == ["gloam_hound", "gloam_hound2", "tick_thief", "bellframe_sentinel",
                   "mire_leech"]
    assert {match.unit_team[u] for u in range(match.num_characters)
            if match.is_challenge(u)} == {match.cc_team} != {0}


def test_ib_6_3_1_solo_needs_one_player_and_a_foe() -> None:
    with pytest.raises(ContentError, match=r"IB-6\.3\.1: solo is one player, not 2"):
        build_match(GameSetup("solo", COOP, "hounds_at_the_gate"), CONTENT)
    with pytest.raises(ContentError, match="name an encounter or Challenge Cards"):
        build_match(GameSetup("solo", ("tideguard",)), CONTENT)
    with pytest.raises(ContentError, match="unknown encounter 'nowhere'"):
        build_match(GameSetup("solo", ("tideguard",), "nowhere"), CONTENT)
    with pytest.raises(ContentError, match="unknown mode 'raid'"):
        build_match(GameSetup("raid", ("tideguard",), "hounds_at_the_gate"), CONTENT)


def test_ib_8_1_coop_splits_one_party_over_players_on_one_team() -> None:
    match = build_match(GameSetup("coop", COOP, "gnawing_in_the_walls"), CONTENT)
    assert [s.team for s in match.seats] == [0, 0]
    assert [len(s.deck) for s in match.seats] == [15, 30]  # IB 8.1.2: 1 -> 15, 3 -> 30


def test_ib_8_1_coop_deck_sizes_and_the_party_cap_are_checked_all_at_once() -> None:
    """A 40-card deck for one Character and a party over 12 points (AMB-97: shared cap)."""
    with pytest.raises(ContentError) as raised:
        build_match(GameSetup("coop", ("lone_warden", "ashfall"), "gnawing_in_the_walls"),
                    CONTENT)
    text = str(raised.value)
    assert "IB-6.9.1" in text  # five Characters: a co-op party is four
    assert "IB-8.3.1" in text  # 4 + 12 points over the party's cap


def test_ib_8_1_coop_seats_decide_for_their_own_characters() -> None:
    """AMB-120: the active Character's controller decides its activation."""
    match = build_match(GameSetup("coop", COOP, "gnawing_in_the_walls"), CONTENT)
    state = new_game(match, 3)
    rng = SplitMix64(3)
    seen: set[int] = set()
    while not state.is_terminal() and len(seen) < 2:
        frame = state.stack[-1]
        if frame.tag == frames.ACTIVATION:  # awaiting its action
            seen.add(state.current_seat())
            assert state.current_seat() == match.unit_seat[frame.unit]
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert seen == {0, 1}


def test_ib_7_8_1_more_than_ten_units_is_refused_with_every_reason() -> None:
    """AMB-100: Characters, CCs and Rivals count (4 + 6 + 1 = 11)."""
    setup = GameSetup("solo", ("tideguard",), None,
                      ("hour_mite",) * 3 + ("gloam_hound",) * 3, ("dara",))
    with pytest.raises(ContentError, match=r"IB-7\.8\.1: 11 units"):
        build_match(setup, CONTENT)


def test_ib_7_8_1_spawn_slots_count_towards_the_ten_units() -> None:
    """An Icon that spawns keeps 2 slots for its minion: 4 + 5 + 2 > 10."""
    seat = SeatSetup("Solo", 0, ("wren", "brask", "sela", "odo"), CONTENT.deck("supply_a"))
    ccs = tuple(ChallengerSetup(k) for k in
                ("stopped_clockheart", "gloam_hound", "tick_thief", "mire_leech",
                 "splinter_crawler"))
    with pytest.raises(ContentError, match="no room to spawn Hour Mite"):
        Match(CONTENT, build_match(GameSetup("solo", ("tideguard",), "hounds_at_the_gate"),
                                   CONTENT).config, (seat,), ccs)


def test_ib_6_8_1_a_rival_is_a_character_no_player_fields() -> None:
    with pytest.raises(ContentError, match=r"IB-6\.8\.1: Rival wren"):
        build_match(GameSetup("solo", ("tideguard",), "gnawing_in_the_walls", (), ("wren",)),
                    CONTENT)


def test_ib_6_8_2_rivals_get_distinct_random_keystones_from_the_seed() -> None:
    """AMB-77: uniform, never the same on two Rivals, the same for the same seed."""
    draws = {tuple(rival_keystones(CONTENT, 3, seed)) for seed in range(40)}
    assert all(len(set(d)) == 3 for d in draws)
    assert len(draws) > 10
    assert rival_keystones(CONTENT, 3, 7) == rival_keystones(CONTENT, 3, 7)
    setup = GameSetup("solo", ("tideguard",), "the_severing")
    match = build_match(setup, CONTENT, seed=5)
    rival = next(c for c in match.challengers if c.rival)
    assert rival.key == "dara" and rival.keystone == rival_keystones(CONTENT, 1, 5)[0]


def test_ib_8_4_a_format_with_ccs_is_a_mixed_match_with_neutral_ccs() -> None:
    match = build_match(GameSetup("1v1", ("lone_warden", "kettle_and_kite"),
                                  "gnawing_in_the_walls"), CONTENT)
    assert match.neutral and [s.team for s in match.seats] == [0, 1]
    assert match.cc_team == 2
    with pytest.raises(ContentError, match=r"IB-8\.4\.1: 12 units"):
        build_match(GameSetup("1v1", ("tideguard", "ashfall"), "gnawing_in_the_walls"),
                    CONTENT)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("setup", [
    GameSetup("solo", ("tideguard",), "heart_of_the_rift"),
    GameSetup("coop", COOP, "the_severing"),
    GameSetup("1v1", ("lone_warden", "kettle_and_kite"), "gnawing_in_the_walls"),
], ids=["solo", "coop", "mixed"])
def test_every_mode_plays_to_an_end_keeping_every_invariant(setup: GameSetup, seed: int) -> None:
    state = new_game(build_match(setup, CONTENT, seed=seed), seed)
    play_checked(state, SplitMix64(seed), views_every=11)
    assert state.result is not None


def test_a_match_with_challenge_cards_round_trips_through_plain_data() -> None:
    match = build_match(GameSetup("solo", ("tideguard",), "the_severing"), CONTENT, seed=2)
    again = Match.from_dict(match.to_dict(), CONTENT)
    assert again.challengers == match.challengers and again.labels == match.labels


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "setup.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_a_setup_file_describes_any_mode(tmp_path: Path) -> None:
    team = tmp_path / "mine.yaml"
    team.write_text(yaml.safe_dump({
        "name": "Mine", "characters": [{"character": "odo", "keystone": "bastion_plate"}],
        "deck": {k: 2 for k in sorted(c.key for c in CONTENT.cards if c.kind == "plain")[:7]}
        | {"field_ration": 1}}), encoding="utf-8")
    path = _write(tmp_path, {"mode": "coop", "players": ["mine.yaml", "hourglass_trio"],
                             "encounter": "gnawing_in_the_walls", "rivals": ["dara"],
                             "rules": {"cc_restricted_roll": "reroll"}})
    setup = load_setup_file(path)
    assert setup.players == (str(team), "hourglass_trio")
    match = build_match(setup, CONTENT)
    assert match.config.cc_restricted_roll == "reroll"
    assert [c.key for c in match.challengers][-1] == "dara"


@pytest.mark.parametrize("data,message", [
    ({"mode": "solo", "players": ["tideguard"], "boss": "x"}, "field boss: unknown"),
    ({"players": ["tideguard"]}, "field mode: expected one of"),
    ({"mode": "solo", "players": "tideguard"}, "field players: expected a list"),
    ({"mode": "solo", "players": ["tideguard"], "rules": ["x"]}, "field rules: expected a"),
])
def test_a_bad_setup_file_names_the_field(tmp_path: Path, data: object, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        load_setup_file(_write(tmp_path, data))


def test_play_watch_against_an_encounter_shows_rolls_and_targets() -> None:
    """Terminal: every seat a bot, CC turns show the d6 and the chosen target."""
    result = RUNNER.invoke(app, ["play", "--watch", "--encounter", "hounds_at_the_gate",
                                 "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "against Challenge Cards: Gloam Hound" in result.stdout
    assert " rolls " in result.stdout and " targeting " in result.stdout
    assert "Result: " in result.stdout


def test_play_watch_coop_and_setup_file(tmp_path: Path) -> None:
    result = RUNNER.invoke(app, ["play", "--watch", "--mode", "coop", "--player", COOP[0],
                                 "--player", COOP[1], "--challenge", "hour_mite",
                                 "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Lone Warden" in result.stdout or "(team 0)" in result.stdout
    path = _write(tmp_path, {"mode": "solo", "players": ["tideguard"],
                             "encounter": "gnawing_in_the_walls"})
    result = RUNNER.invoke(app, ["play", "--watch", "--setup", str(path), "--seed", "2"])
    assert result.exit_code == 0, result.output
    bad = RUNNER.invoke(app, ["play", "--watch", "--encounter", "nowhere"])
    assert bad.exit_code == 2 and "unknown encounter 'nowhere'" in bad.stderr


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples" / "setups").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_setup_file_builds_a_game(path: Path) -> None:
    match = build_match(load_setup_file(path), CONTENT, seed=1)
    assert match.challengers
    assert new_game(match, 1).current_seat() >= 0
