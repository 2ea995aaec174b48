"""The game registry (`initiative.games.load_game`, like `pyspiel.load_game`): every game
and every Initiative Break mode loads and plays, bad names and parameters get a clear
error, importing the registry loads no game, and the terminal, the lab and the web table
build their games through it."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import initiative
from initiative.cli.main import app
from initiative.engine import CHANCE, TERMINAL
from initiative.engine.errors import ContentError, GameParamError, InitiativeError
from initiative.engine.rng import SplitMix64
from initiative.games import entries, load_game, registered_games
from initiative.games.ib import loader, public
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.match import fixture_match
from initiative.games.ib.modes import standard_match
from initiative.games.ib.presets import ALL_MODES, player_range, preset_teams
from initiative.games.ib.setup import IBGame, new_game
from initiative.games.registry import parse_game_string
from initiative.lab.ib import matchup as lab_matchup
from initiative.lab.ib.matchup import Matchup
from initiative.lab.ib.rows import play_one
from initiative.server.ib.setup import SeatPlan, TableSetup
from initiative.timing.track_rules import TrackRules

ROOT = Path(__file__).resolve().parents[2]
SEATINGS = [(mode, n) for mode in ALL_MODES
            for n in range(player_range(mode)[0], player_range(mode)[1] + 1)]
"""Every mode with every number of players it seats."""


def _play_out(game: IBGame, seed: int) -> tuple[int | None, list[Any]]:
    """A game of `game` played to the end with random legal actions: result and events."""
    state = game.new_initial_state(seed)
    rng = SplitMix64(seed + 1)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state.result, list(state.events())


@pytest.mark.parametrize("name", registered_games())
def test_every_registered_game_loads_with_no_parameters(name: str) -> None:
    game = load_game(name)
    state = game.new_initial_state(7)
    assert game.num_seats >= 1 and not state.is_terminal()
    assert game.num_distinct_actions() > 0


@pytest.mark.parametrize(("mode", "players"), SEATINGS)
def test_every_mode_loads_its_presets_and_plays_to_the_end(mode: str, players: int) -> None:
    game = load_game("initiative_break", mode=mode, players=players)
    match = game.match
    assert [seat.characters for seat in match.seats] == [
        match.content.teams[key][1] for key in preset_teams(mode, players)]
    # IB-2.2.1: built through the checked path, every Character has its Keystone.
    assert all(len(seat.keystones) == len(seat.characters) for seat in match.seats)
    assert bool(match.challengers) == (mode in ("solo", "coop"))  # IB-6.3.3
    result, _ = _play_out(game, 11)
    assert result is not None


def test_the_default_game_is_the_standard_duel_of_the_shipped_presets() -> None:
    """IB-1.0.1: `load_game("initiative_break")` is the 1v1 of the preset starter teams,
    the same match `modes.standard_match` checks and builds, seat names aside."""
    game = load_game("initiative_break")
    duel = standard_match(*preset_teams("1v1"))
    assert load_game("initiative_break", seat_names=("North", "South")).match == duel
    assert [s.name for s in game.match.seats] == ["Tideguard", "Ashfall"]
    assert not game.explicit_chance
    for seed in (3, 4):  # same seed, same game, bit for bit
        assert _play_out(game, seed) == _play_out(IBGame(duel), seed)
        assert list(game.new_initial_state(seed).events()) == list(
            new_game(duel, seed).events())


def test_the_name_string_form_is_the_keyword_form() -> None:
    written = load_game("initiative_break(mode=coop, players=3, heal_cap=none, "
                        "max_activations=90, explicit_chance=true)")
    keywords = load_game("initiative_break", mode="coop", players=3,
                         rules={"heal_cap": "none"}, max_activations=90,
                         explicit_chance=True)
    assert written.match == keywords.match and written.explicit_chance
    assert written.match.config.heal_cap == "none"
    assert written.match.config.max_activations == 90
    teams = load_game("initiative_break(mode=2v2,teams=glass_and_ash+kettle_and_kite+"
                      "ember_bulwark+thorn_and_storm)")
    content = teams.match.content
    assert [s.characters for s in teams.match.seats] == [content.teams[key][1] for key in (
        "glass_and_ash", "kettle_and_kite", "ember_bulwark", "thorn_and_storm")]
    assert parse_game_string("initiative_break") == ("initiative_break", {})


def test_parameters_cover_rules_content_files_and_setups(tmp_path: Path) -> None:
    flags = RulesConfig(heal_cap="none", max_activations=50)
    game = load_game("initiative_break", rules=flags, ib_moves_rm=True)
    assert game.match.config == RulesConfig(heal_cap="none", max_activations=50,
                                            ib_moves_rm=True)
    core = resources.files("initiative.games.ib").joinpath("data/core.yaml")
    copy = tmp_path / "content.yaml"
    copy.write_text(core.read_text("utf-8"), encoding="utf-8")
    assert load_game("initiative_break", content=copy).match.content.fingerprint() == \
        core_content().fingerprint()
    team = ROOT / "examples" / "teams" / "lanternwatch.yaml"
    seats = load_game("initiative_break", teams=[team, "ashfall"]).match.seats
    assert [seat.name for seat in seats] == ["Lanternwatch", "Ashfall"]
    mixed = load_game("initiative_break", setup=ROOT / "examples" / "setups" /
                      "mixed_duel.yaml")
    assert mixed.match.neutral and len(mixed.match.challengers) == 2  # IB-8.4.1


def test_the_documented_example_loads_team_files_on_other_content() -> None:
    """docs/deckbuilding.md: a mirror match of an example team file on the example
    content; two seats bringing one team are numbered apart."""
    team = str(ROOT / "examples" / "content" / "teams" / "lantern_company.yaml")
    game = load_game("initiative_break", content=ROOT / "examples" / "content" /
                     "example_cards.yaml", teams=[team, team])
    assert [seat.name for seat in game.match.seats] == ["Lantern Company", "Lantern Company 2"]
    assert game.match.content.fingerprint() != core_content().fingerprint()
    result, _ = _play_out(game, 5)
    assert result is not None


def test_no_house_rule_flag_shadows_a_parameter() -> None:
    """Flags are taken by name beside the parameters, so no name may be both."""
    assert len(loader.FLAGS) > 40
    assert not set(loader.PARAMS) & set(loader.FLAGS)


BAD = [
    (("chess",), {}, GameParamError, ["unknown game 'chess'", "initiative_break"]),
    (("initiative_break",), {"moed": "2v2"}, GameParamError,
     ["unknown parameter 'moed'", "mode, players, teams", "heal_cap"]),
    (("initiative_break",), {"mode": "5v5"}, GameParamError,
     ["mode: unknown '5v5'", "1v1, 2v2, 1v3, 3v3, 4v4, 2v2v2v2, ffa, solo, coop"]),
    (("initiative_break",), {"mode": "ffa", "players": 9}, GameParamError,
     ["players: ffa seats 2 to 8, not 9"]),
    (("initiative_break",), {"mode": "coop", "players": "many"}, GameParamError,
     ["players: expected a whole number"]),
    (("initiative_break",), {"heal_cap": "sometimes"}, InitiativeError,
     ["heal_cap: 'sometimes' is not one of 'max_hp', 'none'"]),
    (("initiative_break",), {"rules": {"no_such_flag": 1}}, InitiativeError,
     ["unknown house-rule flag 'no_such_flag'"]),
    (("initiative_break",), {"rules": "heal_cap=none"}, GameParamError,
     ["rules: expected a RulesConfig or a mapping"]),
    (("initiative_break",), {"teams": ["nope", "ashfall"]}, ContentError,
     ["unknown team 'nope'", "tideguard"]),
    (("initiative_break",), {"teams": ["fixture_vanguard", "ashfall"]}, ContentError,
     ["IB-2.2.1 wren: has no Keystone"]),
    (("initiative_break",), {"mode": "2v2", "players": 4, "teams": ["tideguard"]},
     GameParamError, ["teams: 1 teams for 4 players"]),
    (("initiative_break",), {"seat_names": ["Only one"]}, GameParamError,
     ["seat_names: 1 names for 2 seats"]),
    (("initiative_break",), {"explicit_chance": "maybe"}, GameParamError,
     ["explicit_chance: expected true or false"]),
    (("initiative_break",), {"rival_seed": -1}, GameParamError, ["rival_seed: expected"]),
    (("initiative_break",), {"content": "/nowhere/content.yaml"}, ContentError,
     ["/nowhere/content.yaml: cannot read the content file"]),
    (("initiative_break",), {"setup": "x.yaml", "mode": "2v2"}, GameParamError,
     ["setup: the setup file says the mode", "mode"]),
    (("initiative_break(mode=2v2",), {}, GameParamError, ["expected name(key=value,...)"]),
    (("initiative_break(mode)",), {}, GameParamError, ["'mode' is not key=value"]),
    (("initiative_break(mode=2v2)",), {"mode": "1v1"}, GameParamError,
     ["mode given both in the name and as a keyword"]),
]


@pytest.mark.parametrize(("args", "params", "error", "parts"), BAD)
def test_a_bad_name_or_parameter_gets_an_error_naming_it(
        args: tuple[str], params: dict[str, Any], error: type[Exception],
        parts: list[str]) -> None:
    with pytest.raises(error) as raised:
        load_game(*args, **params)
    assert isinstance(raised.value, InitiativeError)
    for part in parts:
        assert part in str(raised.value)


def test_a_keyed_seed_is_never_repeated_in_an_error() -> None:
    secret = "blake2b-ctr:" + "ab" * 31  # one byte short: not a seed
    with pytest.raises(GameParamError) as raised:
        load_game("initiative_break", rival_seed=secret)
    assert "ab" * 4 not in str(raised.value)


def test_importing_the_registry_loads_no_game() -> None:
    code = ("import sys, initiative.games as g; "
            "print(sorted(m for m in sys.modules if m.startswith('initiative.games.')));"
            "g.load_game('initiative_break');"
            "print('initiative.games.ib.setup' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.splitlines()
    assert out == ["['initiative.games.registry']", "True"]
    assert all(entry.loader.startswith("initiative.games.") for entry in entries())


def test_asking_for_the_games_loads_their_entries_only() -> None:
    """Naming the games loads nothing of them; one game's entry (text naming its parts)
    loads that entry alone; all the entries load the entries and none of the games'
    rules or front ends."""
    code = ("import sys, initiative.games as g\n"
            "def seen(): return sorted(m for m in sys.modules if m.startswith("
            "'initiative.') and not m.startswith('initiative.engine'))\n"
            "g.registered_games(); print(seen())\n"
            "g.entry('hex_skirmish'); print(seen())\n"
            "g.entries(); print(seen())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.splitlines()
    base = ["initiative.games", "initiative.games.registry"]
    hexed = ["initiative.games.hex", "initiative.games.hex.entry"]
    every = [*hexed, "initiative.games.ib", "initiative.games.ib.entry",
             "initiative.games.ti", "initiative.games.ti.entry"]
    assert out == [str(sorted(base)), str(sorted([*base, *hexed])),
                   str(sorted([*base, *every]))]


# --- the front ends build their games through load_game ----------------------------

@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Where every Match is built while the test runs: "load_game" inside the registry's
    factory, "public" when a loaded game's public description is derived from it (what
    bots get: `public.py` derives it with `dataclasses.replace`), "elsewhere" otherwise.

    Only pure-Python callables are wrapped, so the probe holds on the compiled build too
    (a class compiled by mypyc cannot be patched): the registry's factory
    (`loader`), `public`'s `replace`, and `RulesConfig.track_rules`, which a Match calls
    exactly once as it is built (`Match._derive_units`)."""
    where: list[str] = []
    depth = {"load_game": 0, "public": 0}
    factory = loader.load_initiative_break
    track_rules = RulesConfig.track_rules

    def inside(key: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **params: Any) -> Any:
            depth[key] += 1
            try:
                return call(*args, **params)
            finally:
                depth[key] -= 1
        return run

    def recorded(self: RulesConfig) -> TrackRules:
        where.append("load_game" if depth["load_game"] else
                     "public" if depth["public"] else "elsewhere")
        return track_rules(self)

    monkeypatch.setattr(loader, "load_initiative_break", inside("load_game", factory))
    monkeypatch.setattr(public, "replace", inside("public", replace))
    monkeypatch.setattr(RulesConfig, "track_rules", recorded)
    lab_matchup._standard.cache_clear()
    yield where
    lab_matchup._standard.cache_clear()


def test_the_probe_sees_every_match_built_and_where(built: list[str]) -> None:
    match = fixture_match()
    assert built == ["elsewhere"]
    public.public_description(match)
    assert built == ["elsewhere", "public"]
    load_game("initiative_break")
    assert built[2:] and set(built[2:]) == {"load_game"}


def _cli(*args: str) -> Callable[[], None]:
    def run() -> None:
        result = CliRunner().invoke(app, list(args), input="")
        assert result.exit_code == 0, result.output
    return run


def _lab(matchup: Matchup) -> Callable[[], None]:
    def run() -> None:
        short = replace(matchup, rules={"max_activations": 5})
        assert play_one(short, 2)["activations"] <= 5
    return run


def _table(setup: TableSetup) -> Callable[[], None]:
    def run() -> None:
        match = setup.build(core_content(), 5)
        assert [seat.name for seat in match.seats] == [plan.name for plan in setup.seats]
    return run


FRONT_ENDS: dict[str, Callable[[], None]] = {
    "play": _cli("play", "--seed", "3", "--watch", "--max-activations", "6"),
    "play --format": _cli("play", "--seed", "3", "--watch", "--max-activations", "4",
                          "--format", "2v2"),
    "play --mode": _cli("play", "--seed", "3", "--watch", "--max-activations", "4",
                        "--mode", "coop"),
    "play --setup": _cli("play", "--seed", "3", "--watch", "--max-activations", "4",
                         "--setup", str(ROOT / "examples" / "setups" / "mixed_duel.yaml")),
    "bench": _cli("bench", "--games", "1"),
    "bench --encounter": _cli("bench", "--games", "1", "--encounter", "hounds_at_the_gate"),
    "lab 1v1": _lab(Matchup()),
    "lab solo": _lab(Matchup(("tideguard",), encounter="hounds_at_the_gate")),
    "lab 2v2": _lab(Matchup(("glass_and_ash", "kettle_and_kite", "ember_bulwark",
                             "thorn_and_storm"), mode="2v2")),
    "lab random": _lab(Matchup(("random", "ashfall"))),
    "server table": _table(TableSetup("t", "1v1", (SeatPlan("A", "tideguard"),
                                                   SeatPlan("B", "ashfall")))),
    "server coop": _table(TableSetup("t", "coop", (SeatPlan("A", "tidewind"),
                                                   SeatPlan("B", "ember_bulwark")),
                                     "hounds_at_the_gate")),
}


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_the_front_ends_build_every_game_through_load_game(
        front_end: str, built: list[str]) -> None:
    FRONT_ENDS[front_end]()
    assert "load_game" in built and set(built) <= {"load_game", "public"}, built


FRONT_END_PACKAGES = ("cli", "lab", "server")
MATCH_BUILDERS = {"build_match", "standard_match", "format_match", "fixture_match",
                  "check_duel", "format_seats"}
"""The functions that build or check a match outside `load_game`."""


def _front_end_sources() -> Iterator[tuple[str, ast.Module]]:
    base = Path(initiative.__file__).parent
    for package in FRONT_END_PACKAGES:
        for path in sorted((base / package).rglob("*.py")):
            yield str(path.relative_to(base)), ast.parse(path.read_text("utf-8"))


def test_no_front_end_builds_a_match_another_way() -> None:
    """The source of the terminal, the lab and the web table names none of the match
    builders and never calls `Match(...)`; a stored table is read with Match.from_dict."""
    found = []
    for where, tree in _front_end_sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                found += [f"{where}:{node.lineno} imports {alias.name}"
                          for alias in node.names if alias.name in MATCH_BUILDERS]
            elif isinstance(node, ast.Attribute) and node.attr in MATCH_BUILDERS:
                found.append(f"{where}:{node.lineno} uses {node.attr}")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id == "Match":
                found.append(f"{where}:{node.lineno} calls Match(...)")
    assert not found, found


@pytest.mark.parametrize("spelling", ["kwargs", "string"])
def test_explicit_chance_parameter_gives_chance_nodes_to_the_end(spelling: str) -> None:
    """load_game(..., explicit_chance=True): the deal, every draw and every die is a
    CHANCE node whose outcomes sum to 1; sampling them plays the game to TERMINAL."""
    game = (load_game("initiative_break", mode="solo", explicit_chance=True)
            if spelling == "kwargs" else
            load_game("initiative_break(mode=solo,explicit_chance=true)"))
    assert game.explicit_chance
    state = game.new_initial_state(7)
    assert state.current_seat() == CHANCE  # the opening hands are dealt by chance
    rng, nodes = SplitMix64(7), 0
    while not state.is_terminal():
        if state.current_seat() == CHANCE:
            outcomes = state.chance_outcomes()
            assert sum((p for _, p in outcomes), Fraction(0)) == 1
            state.apply(outcomes[rng.below(len(outcomes))][0])
            nodes += 1
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert state.current_seat() == TERMINAL
    assert nodes > 10
