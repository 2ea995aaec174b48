"""The hex skirmish game's own options of `initiative simulate` (`--players`, `--board`,
`--characters`) and the `HexMatchup` they make with the shared settings (bots, `--rule`
for any HX-A flag, `--set rules.FLAG=VALUE`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import click

from initiative.games.hex.flags import hex_rules
from initiative.lab.hex.matchup import HexMatchup
from initiative.lab.matchup_rules import checked_rules, seated
from initiative.lab.parts import RunSettings

__all__ = ["OPTIONS", "matchup_of"]

OPTIONS: tuple[click.Parameter, ...] = (
    click.Option(["--players"], type=click.IntRange(2, 4),
                 help="Players, 2 to 4 (default: one per --characters, else 2)."),
    click.Option(["--board"], help="The board (default: the content's)."),
    click.Option(["--characters"], multiple=True,
                 help="A character per seat (repeated, or a+b), `random` to draw one per "
                      "game from its seed (default: the content's, in order)."),
)


def matchup_of(shared: RunSettings, own: Mapping[str, Any]) -> HexMatchup:
    """The matchup of the options; ConfigError names a bad rule or character count (a
    bad board or character key fails when the run builds its first game)."""
    rules = checked_rules(hex_rules, shared.rules)
    players, characters = seated(own["players"], own["characters"])
    return HexMatchup(players, own["board"], characters, shared.bots, rules,
                      shared.overrides)
