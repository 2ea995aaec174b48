"""What the matchups of the games other than the flagship share (lab/hex, lab/ti): the
check of the characters given per seat, the rule flags of a run with a sweep's overrides
applied, and reading their `initiative simulate` options (seats and characters, house
rules)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from initiative.engine.errors import ConfigError

DEFAULT_PLAYERS = 2
"""The seats of a run that names neither the players nor their characters."""


def check_characters(characters: Sequence[str], players: int) -> None:
    """ConfigError unless `characters` is empty (the loader's defaults) or gives one
    per seat."""
    if characters and len(characters) != players:
        raise ConfigError(f"characters: one per seat, {players} for {players} players, "
                          f"got {len(characters)}")


def rules_with_overrides(game: str, rules: Mapping[str, Any],
                         overrides: Sequence[tuple[str, Any]]) -> tuple[tuple[str, Any], ...]:
    """The rule flags with the overrides applied (`rules.FLAG` or a bare flag), sorted;
    ConfigError for an override of anything but a rule of `game`."""
    flags = dict(rules)
    for path, value in overrides:
        head, dot, flag = path.partition(".")
        if dot and head != "rules":
            raise ConfigError(f"{path}: {game} runs change rules only (rules.FLAG or FLAG)")
        flags[flag if dot else path] = value
    return tuple(sorted(flags.items()))


def seated(players: int | None, characters: Sequence[str]) -> tuple[int, tuple[str, ...]]:
    """The seats and the character keys of `--players` and `--characters` (each
    repeated or `a+b`): one seat per character when no count is given, else 2."""
    keys = tuple(key.strip() for item in characters for key in item.split("+"))
    return players or len(keys) or DEFAULT_PLAYERS, keys


def checked_rules(check: Callable[[dict[str, Any]], object],
                  rules: Mapping[str, Any]) -> dict[str, Any]:
    """The `--rule` flags, checked by the game's `check`; ConfigError names the option."""
    flags = dict(rules)
    try:
        check(flags)
    except ConfigError as exc:
        raise ConfigError(f"--rule: {exc}") from None
    return flags
