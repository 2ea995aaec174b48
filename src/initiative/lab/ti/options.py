"""The Initiative's own options of `initiative simulate` (`--players`, `--mission`,
`--characters`) and the `TIMatchup` they make with the shared settings (bots, `--rule`
for any TI-A flag, `--set rules.FLAG=VALUE`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from initiative.games.ti.flags import ti_rules
from initiative.lab.matchup_rules import checked_rules, seated
from initiative.lab.parts import RunSettings
from initiative.lab.ti.matchup import TIMatchup

__all__ = ["OPTIONS", "matchup_of"]

OPTIONS: tuple[click.Parameter, ...] = (
    click.Option(["--players"], type=click.IntRange(1, 4),
                 help="Players, 1 to 4 (default: one per --characters, else 2)."),
    click.Option(["--mission"], help="The mission key (default: the campaign's first)."),
    click.Option(["--characters"], multiple=True,
                 help="A character per seat (repeated, or a+b; default: the loader's)."),
)


def matchup_of(shared: RunSettings, own: Mapping[str, Any]) -> TIMatchup:
    """The matchup of the options; ConfigError names a bad rule or character count (a
    bad mission or character key fails when the run builds its first game)."""
    rules = checked_rules(ti_rules, shared.rules)
    players, characters = seated(own["players"], own["characters"])
    return TIMatchup(players, own["mission"], characters, shared.bots, rules,
                     shared.overrides)
