"""Initiative Break's own options of `initiative simulate` (`--team`, `--mode`,
`--encounter`) and the `Matchup` they make with the shared settings (bots, `--rule`,
`--set`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from initiative.engine.errors import ConfigError
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.presets import default_encounter, preset_teams
from initiative.lab.ib.matchup import Matchup
from initiative.lab.parts import RunSettings

__all__ = ["OPTIONS", "matchup_of"]

DUEL = ("tideguard", "ashfall")
"""The teams of a 1v1 when none is named."""

OPTIONS: tuple[click.Parameter, ...] = (
    click.Option(["--team"], multiple=True,
                 help="A shipped team per seat, or `random` for a team drafted per game "
                      "(1v1: two, the same one twice for a mirror match; with --encounter "
                      "or --mode: the players, default the mode's preset teams)."),
    click.Option(["--mode"], help="A format or solo/coop."),
    click.Option(["--encounter"],
                 help="An encounter to face (solo/coop default: the presets' encounter)."),
)


def matchup_of(shared: RunSettings, own: Mapping[str, Any]) -> Matchup:
    """The matchup of the options: a mode's presets (and solo/co-op their encounter)
    when no team is named; ConfigError names the bad option."""
    try:
        config = RulesConfig().with_flags(dict(shared.rules), "--rule")
    except ConfigError as exc:
        raise ConfigError(f"{exc} (see `initiative rules`)") from None
    mode: str | None = own["mode"]
    encounter: str | None = own["encounter"]
    if mode is not None:  # a format or solo/coop: its presets (games/ib/presets.py)
        default = preset_teams(mode)
        encounter = encounter or default_encounter(mode)
    else:
        default = DUEL[:1] if encounter else DUEL
    try:
        return Matchup(tuple(own["team"]) or default, mode, encounter, shared.bots,
                       config.to_dict(only_changed=True), shared.overrides)
    except ConfigError as exc:
        raise ConfigError(f"--team: {exc}") from None
