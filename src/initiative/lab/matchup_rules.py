"""What the matchups of the games other than the flagship share (lab/hex_lab.py,
lab/ti_lab.py): the check of the characters given per seat and the rule flags of a
run with a sweep's overrides applied."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from initiative.engine.errors import ConfigError


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
