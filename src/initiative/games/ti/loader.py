"""`load_game("the_initiative", **params)`: a game of The Initiative read from keywords
(or text, for `the_initiative(key=value,...)`), checked and built. With no parameters:
two players on the first mission of the campaign (TI-2).

In text, a list is written with `+` between its items (`characters=pip+ada`) and a
house-rule flag is read as the command line reads it (`answer_match=exact`).
"""

from __future__ import annotations

from collections.abc import Mapping
from os import PathLike
from typing import Any

from initiative.engine.errors import ConfigError, GameParamError
from initiative.games.param_text import (
    check_param_names,
    param_bool,
    param_content,
    param_list,
    param_players,
    rule_changes,
)
from initiative.games.seat_names import player_name
from initiative.games.ti.actions import MAX_SEATS
from initiative.games.ti.content import default_content, load_content_data, load_content_file
from initiative.games.ti.flags import TIRules, ti_rules
from initiative.games.ti.game import TIGame
from initiative.games.ti.setup import SeatSetup, TISetup
from initiative.games.ti.specs import TIContent

NAME = "the_initiative"
DEFAULT_PLAYERS = 2
MIN_PLAYERS = 1
PARAMS: dict[str, str] = {
    "players": f"how many players, {MIN_PLAYERS} to {MAX_SEATS} (default {DEFAULT_PLAYERS}, "
               "or one per character given)",
    "mission": "a mission key (default: the campaign's first mission)",
    "characters": "one character key per seat, in seat order (text: a+b; default: the "
                  "content's characters in order)",
    "seat_names": "each seat's player (text: a+b; default: Player 1, Player 2, ...)",
    "rules": "house rules: a TIRules or a mapping of flag to value",
    "secrets": "secret keys the campaign already holds (text: a+b; TI-25)",
    "campaign": "the campaign this game belongs to (its store record id)",
    "content": "a content file laid over the shipped content, the same given inline (a "
               "mapping of its sections: missions, boards, ...), or loaded content",
    "explicit_chance": "every shuffle and random discard a chance node (default false)",
}
"""Every parameter besides the house-rule flags, which are also taken by name."""
FLAGS = TIRules.names()


def load_the_initiative(**params: Any) -> TIGame:
    """The game `params` describe (see `PARAMS`; house-rule flags by name too).
    GameParamError names an unknown parameter or a bad value and lists the valid ones;
    ContentError names a broken content file."""
    return TIGame(build_setup(**params),
                  explicit_chance=param_bool(NAME, params, "explicit_chance"))


def build_setup(**params: Any) -> TISetup:
    """The setup `params` describe (see `PARAMS`; house-rule flags by name too).
    GameParamError names an unknown parameter or a bad value and lists the valid ones;
    ContentError names a broken content file."""
    check_param_names(NAME, params, tuple(PARAMS), FLAGS)
    param_bool(NAME, params, "explicit_chance")
    content = _content(params.get("content"))
    rules = _rules(params)
    characters = param_list(NAME, params, "characters")
    players = param_players(NAME, params.get("players"), characters, DEFAULT_PLAYERS,
                            MIN_PLAYERS, MAX_SEATS)
    seats = rules.characters_per_solo_player if players == 1 else players
    mission = _key(params.get("mission"), "mission", content.missions,
                   content.default_mission)
    chosen = _characters(content, characters, seats)
    names = param_list(NAME, params, "seat_names")
    if names is not None and len(names) != seats:
        raise GameParamError(f"{NAME}: seat_names: {len(names)} names for {seats} seats")
    seat_names = names or default_seat_names(players, seats)
    secrets = list(param_list(NAME, params, "secrets") or ())
    for key in secrets:
        _key(key, "secrets", content.secrets, None)
    back = content.missions[mission].back_secret
    if back is not None and back not in secrets:
        secrets.append(back)  # TI-25: a secret on the mission's back is taken before play
    campaign = params.get("campaign")
    if campaign is not None and (not isinstance(campaign, str) or not campaign.strip()):
        raise GameParamError(f"{NAME}: campaign: expected a campaign id, got {campaign!r}")
    return TISetup(
        content, content.missions[mission],
        tuple(SeatSetup(name, content.characters[c]) for name, c in zip(seat_names, chosen,
                                                                         strict=True)),
        rules=rules, players=players if players != seats else 0,
        secrets=tuple(dict.fromkeys(secrets)),
        campaign=None if campaign is None else campaign.strip(),
        content_source=_source(params.get("content")))


def default_seat_names(players: int, seats: int) -> tuple[str, ...]:
    """``Player 1``, ``Player 2``, ... one per seat; a solo player's characters all
    ``Player 1`` (one person plays them, TI-A17)."""
    return tuple(player_name(1 if players == 1 else seat + 1) for seat in range(seats))


def _content(value: Any) -> TIContent:
    """`content`: loaded content, a content file's path, or a content document given
    inline (a mapping of sections), each laid over the shipped content."""
    if isinstance(value, Mapping):
        return load_content_data(value)
    if value is not None and not isinstance(value, str | PathLike | TIContent):
        raise GameParamError(f"{NAME}: content: expected a content file path or a content "
                             f"document (a mapping of sections: missions, boards, ...), "
                             f"got {type(value).__name__} {value!r:.60}")
    return param_content(NAME, value, TIContent, default_content, load_content_file)


def _source(value: Any) -> str | dict[str, Any] | None:
    """How the content was given, if it can be written down again (a path or a
    document); loaded content cannot."""
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, str | PathLike):
        return str(value).strip()
    return None


def _key(value: Any, param: str, known: Mapping[str, Any], default: str | None) -> str:
    """`value` as a key of `known` (`default` when absent)."""
    if value is None and default is not None:
        return default
    if not isinstance(value, str) or value.strip() not in known:
        raise GameParamError(f"{NAME}: {param}: {value!r} is not one of "
                             f"{', '.join(known)}")
    return value.strip()


def _characters(content: TIContent, given: tuple[str, ...] | None, seats: int
                ) -> tuple[str, ...]:
    """TI-1: one character per seat, each at most once."""
    if given is None:
        if len(content.characters) < seats:
            raise GameParamError(f"{NAME}: players: {seats} seats but only "
                                 f"{len(content.characters)} characters")
        return tuple(content.characters)[:seats]
    if len(given) != seats:
        raise GameParamError(f"{NAME}: characters: {len(given)} given for {seats} seats")
    for key in given:
        _key(key, "characters", content.characters, None)
    if len(set(given)) != len(given):
        raise GameParamError(f"{NAME}: characters: a character is chosen twice (TI-1: one "
                             "standee each)")
    return given


def _rules(params: Mapping[str, Any]) -> TIRules:
    """The `rules` parameter with any flag given by name on top."""
    changes = rule_changes(NAME, params, FLAGS, TIRules)
    try:
        return ti_rules(changes)
    except ConfigError as exc:
        raise GameParamError(f"{NAME}: {exc}") from None
