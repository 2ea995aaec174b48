"""`load_game("initiative_break", **params)`: what an Initiative Break game is made of,
read from keywords (or text, for `initiative_break(key=value,...)`), checked, and built
through `modes.build_match`, the path that checks every rule of the mode (IB 2.2, 2.9,
6.3, 8.1-8.4). With no parameters: the standard 1v1 (IB 1.0.1) of the shipped presets.

In text, a list is written with `+` between its items (`teams=tideguard+ashfall`) and a
house-rule flag is read as the command line reads it (`heal_cap=none`,
`max_activations=120`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from os import PathLike
from pathlib import Path
from typing import Any

from initiative.engine.errors import ContentError, GameParamError
from initiative.engine.rng import KEY_BYTES, KEYED, Seed, parse_seed
from initiative.games.ib.config import RulesConfig, parse_flag_value
from initiative.games.ib.content import Content, core_content, load_content_file
from initiative.games.ib.deckbuilding import TeamFile
from initiative.games.ib.match import Match
from initiative.games.ib.modes import GameSetup, build_match, load_setup_file
from initiative.games.ib.presets import (
    ALL_MODES,
    default_encounter,
    player_range,
    preset_teams,
)
from initiative.games.ib.setup import IBGame
from initiative.games.param_text import param_bool, param_list

NAME = "initiative_break"
DEFAULT_MODE = "1v1"
PARAMS: dict[str, str] = {
    "mode": f"one of {', '.join(ALL_MODES)} (default {DEFAULT_MODE})",
    "players": "how many players: co-op 2-4, ffa 2-8 (default: the mode's)",
    "teams": "one per seat: shipped team keys or team files (default: the mode's presets)",
    "encounter": "an encounter to face (default: solo and co-op face the preset one)",
    "challengers": "more Challenge Cards to face",
    "rivals": "Characters fielded as Rivals (IB 6.8)",
    "setup": "a setup file giving mode, players, encounter, Challenge Cards, Rivals, rules",
    "content": "a content file, or loaded content (default: the shipped content)",
    "rules": "house rules: a RulesConfig or a mapping of flag to value",
    "seat_names": "the name of each seat (default: its team's)",
    "rival_seed": "the game seed that draws the Rivals' Keystones (IB 6.8.2; default 0)",
    "explicit_chance": "every random event a chance node (default false)",
}
"""Every parameter besides the house-rule flags, which are also taken by name."""
FLAGS = tuple(f.name for f in fields(RulesConfig))
SETUP_FIELDS = ("mode", "players", "teams", "encounter", "challengers", "rivals")
"""What a setup file already says."""

TeamSource = str | TeamFile


def load_initiative_break(**params: Any) -> IBGame:
    """The game `params` describe (see `PARAMS`; house-rule flags by name too).
    GameParamError names an unknown parameter or a bad value; ContentError lists every
    rule the teams break."""
    unknown = [key for key in params if key not in PARAMS and key not in FLAGS]
    if unknown:
        raise GameParamError(
            f"{NAME}: unknown parameter {', '.join(map(repr, unknown))} (parameters: "
            f"{', '.join(PARAMS)}; or a house-rule flag by name: {', '.join(FLAGS)})")
    config = _rules(params.get("rules"))
    flags = {key: _flag(value) for key, value in params.items() if key in FLAGS}
    if flags:
        config = config.with_flags(flags, NAME)
    seed = _seed(params.get("rival_seed", 0))
    explicit_chance = _bool(params, "explicit_chance")
    names = _names(params, "seat_names")
    match = build_match(_setup(params), _content(params.get("content")), config, seed)
    if params.get("seat_names") is not None:
        match = _renamed(match, names)
    return IBGame(match, explicit_chance=explicit_chance)


def _setup(params: Mapping[str, Any]) -> GameSetup:
    """The mode, seats and opponents: from a setup file, or the parameters and the
    mode's presets."""
    if params.get("setup") is not None:
        given = [key for key in SETUP_FIELDS if params.get(key) is not None]
        if given:
            raise GameParamError(f"{NAME}: setup: the setup file says the mode and seats; "
                                 f"give {', '.join(given)} in it, not as parameters too")
        return load_setup_file(_path(params["setup"], "setup"))
    mode = str(params.get("mode") or DEFAULT_MODE)
    if mode not in ALL_MODES:
        raise GameParamError(f"{NAME}: mode: unknown {mode!r} (modes: {', '.join(ALL_MODES)})")
    count = None if params.get("players") is None else _whole(params, "players", 0)
    low, high = player_range(mode)
    if count is not None and not low <= count <= high:
        raise GameParamError(f"{NAME}: players: {mode} seats "
                             f"{f'{low} to {high}' if low < high else low}, not {count}")
    teams = _teams(params.get("teams"))
    if teams is None:
        teams = preset_teams(mode, count)
    elif count is not None and len(teams) != count:
        raise GameParamError(f"{NAME}: teams: {len(teams)} teams for {count} players")
    encounter = params.get("encounter")
    challengers = _names(params, "challengers")
    rivals = _names(params, "rivals")
    if encounter is None and not challengers and not rivals:
        encounter = default_encounter(mode)
    elif encounter is not None and not isinstance(encounter, str):
        raise GameParamError(f"{NAME}: encounter: expected an encounter key, got "
                             f"{encounter!r}")
    return GameSetup(mode, teams, encounter, challengers, rivals)


def _rules(rules: Any) -> RulesConfig:
    if rules is None:
        return RulesConfig()
    if isinstance(rules, RulesConfig):
        return rules
    if isinstance(rules, Mapping):
        return RulesConfig().with_flags(dict(rules), "rules")
    raise GameParamError(f"{NAME}: rules: expected a RulesConfig or a mapping of flag to "
                         f"value, got {rules!r} (in a game string, give each flag by name)")


def _flag(value: Any) -> Any:
    """A flag's value; text is read as the command line reads it."""
    return parse_flag_value(value) if isinstance(value, str) else value


def _content(value: Any) -> Content:
    if value is None:
        return core_content()
    if isinstance(value, Content):
        return value
    path = Path(_path(value, "content"))
    try:
        return load_content_file(path)
    except OSError as exc:
        raise ContentError(f"{path}: cannot read the content file "
                           f"({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ContentError(f"{path}: not a UTF-8 text file") from None


def _teams(value: Any) -> tuple[TeamSource, ...] | None:
    """Team keys, team file paths or loaded team files, in seat order."""
    if value is None:
        return None
    items = value.split("+") if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise GameParamError(f"{NAME}: teams: expected a list of team keys or team files, "
                             f"got {value!r}")
    teams: list[TeamSource] = []
    for item in items:
        if isinstance(item, PathLike):
            item = str(Path(item))
        if not isinstance(item, str | TeamFile) or not item:
            raise GameParamError(f"{NAME}: teams: {item!r} is neither a team key nor a "
                                 "team file")
        teams.append(item.strip() if isinstance(item, str) else item)
    return tuple(teams)


def _names(params: Mapping[str, Any], key: str) -> tuple[str, ...]:
    return param_list(NAME, params, key) or ()


def _renamed(match: Match, names: tuple[str, ...]) -> Match:
    """The match with each seat called by the name given for it."""
    if len(names) != match.num_seats:
        raise GameParamError(f"{NAME}: seat_names: {len(names)} names for "
                             f"{match.num_seats} seats")
    return replace(match, seats=tuple(replace(seat, name=name)
                                      for seat, name in zip(match.seats, names, strict=True)))


def _path(value: Any, key: str) -> str:
    if isinstance(value, str | PathLike) and str(value):
        return str(value)
    raise GameParamError(f"{NAME}: {key}: expected a file path, got {value!r}")


def _whole(params: Mapping[str, Any], key: str, default: int) -> int:
    value = params.get(key, default)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise GameParamError(f"{NAME}: {key}: expected a whole number >= 0, got {value!r}")
    return value


def _seed(value: Any) -> Seed:
    """A game seed; the message never repeats the value (a table's seed is secret)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    try:
        return parse_seed(value)
    except ValueError:
        raise GameParamError(f"{NAME}: rival_seed: expected a whole number >= 0 or a keyed "
                             f"seed ({KEYED}: and {2 * KEY_BYTES} hex digits)") from None


def _bool(params: Mapping[str, Any], key: str) -> bool:
    return param_bool(NAME, params, key)
