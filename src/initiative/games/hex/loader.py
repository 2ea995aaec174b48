"""`load_game("hex_skirmish", **params)`: a skirmish game read from keywords (or text,
for `hex_skirmish(key=value,...)`), checked and built. With no parameters: two players
on the shipped content's default board.

In text, a list is written with `+` between its items (`characters=brannoc+ysolde`)
and a house-rule flag is read as the command line reads it (`round_limit=12`,
`walls_block_attacks=true`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from initiative.engine.errors import ConfigError, GameParamError
from initiative.games.hex.content import default_content, load_content_file
from initiative.games.hex.flags import HexRules, hex_rules
from initiative.games.hex.game import HexGame
from initiative.games.hex.setup import MAX_PLAYERS, MIN_PLAYERS, HexSetup, build_setup
from initiative.games.hex.specs import HexContent
from initiative.games.param_text import (
    check_param_names,
    param_bool,
    param_content,
    param_list,
    param_players,
    rule_changes,
)

NAME = "hex_skirmish"
DEFAULT_PLAYERS = 2
PARAMS: dict[str, str] = {
    "players": f"how many players, {MIN_PLAYERS} to {MAX_PLAYERS} (default {DEFAULT_PLAYERS}, "
               "or one per character given)",
    "board": "a board key (default: the content's default board)",
    "characters": "one character key per seat, in seat order (text: a+b; default: the "
                  "content's characters in order)",
    "seat_names": "each seat's player (text: a+b; default: Player 1, Player 2, ...)",
    "rules": "house rules: a HexRules or a mapping of flag to value",
    "content": "a content file, or loaded content (default: the shipped content)",
    "explicit_chance": "every shuffle and die roll a chance node (default false)",
}
"""Every parameter besides the house-rule flags, which are also taken by name."""
FLAGS = HexRules.names()


def load_hex_skirmish(**params: Any) -> HexGame:
    """The game `params` describe (see `PARAMS`; house-rule flags by name too).
    GameParamError names an unknown parameter or a bad value and lists the valid ones;
    ContentError names a broken content file."""
    return HexGame(hex_setup(**params), explicit_chance=param_bool(NAME, params, "explicit_chance"))


def hex_setup(**params: Any) -> HexSetup:
    """The setup `params` describe (the part of `load_hex_skirmish` before the game)."""
    check_param_names(NAME, params, tuple(PARAMS), FLAGS)
    param_bool(NAME, params, "explicit_chance")
    characters = param_list(NAME, params, "characters")
    players = param_players(NAME, params.get("players"), characters, DEFAULT_PLAYERS,
                            MIN_PLAYERS, MAX_PLAYERS)
    board = params.get("board")
    if board is not None and (not isinstance(board, str) or not board.strip()):
        raise GameParamError(f"{NAME}: board: expected a board key, got {board!r}")
    content = param_content(NAME, params.get("content"), HexContent, default_content,
                            load_content_file)
    seat_names = param_list(NAME, params, "seat_names")
    rules = _rules(params)
    try:
        return build_setup(content, board=None if board is None else board.strip(),
                           players=players, characters=characters, seat_names=seat_names,
                           rules=rules)
    except GameParamError as exc:
        raise GameParamError(f"{NAME}: {exc}") from None


def _rules(params: Mapping[str, Any]) -> HexRules:
    """The `rules` parameter with any flag given by name on top."""
    changes = rule_changes(NAME, params, FLAGS, HexRules)
    try:
        return hex_rules(changes)
    except ConfigError as exc:
        raise GameParamError(str(exc)) from None
