"""`LabGame`: a game's part of the balance lab (`initiative simulate` and `initiative
report`), declared by the game in the package named for it (`lab/ib`, `lab/hex`,
`lab/ti`: `LAB`) and found by the game's registry name (`lab_game(name)`; the entry's
`Parts.lab`).

The part says how the game is played and filed (`adapter`), which options of its own
`initiative simulate` takes (click options; the command's shared ones are `--games`,
`--bot`, `--rule`, `--set`, `--sweep`, ...), how a matchup is made from the shared values
and its own (`matchup`), how a value typed on the command line reads (`read_value`), and
its report (`report`: how a row is parsed and which sections the parsed rows make).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from initiative.games.registry import entries, has_part, part
from initiative.lab.adapter import LabAdapter, LabMatchup
from initiative.lab.pages import Section, html_page, text_page
from initiative.timing.flag_types import parse_value

if TYPE_CHECKING:
    import click

__all__ = ["LabGame", "LabReport", "RunSettings", "lab_game", "lab_games"]


@dataclass(frozen=True)
class RunSettings:
    """What every game's matchup is made of, from the shared options of `initiative
    simulate`."""

    bots: tuple[str, ...]
    """A bot name per seat (cycled over the seats)."""
    rules: Mapping[str, Any]
    """House-rule flags (`--rule FLAG=VALUE`), each value read by the game's
    `read_value`; the game checks them."""
    overrides: tuple[tuple[str, Any], ...] = ()
    """Values changed for the whole run (`--set PATH=VALUE`)."""


@dataclass(frozen=True)
class LabReport:
    """A game's report of result rows: `parse` reads one row (a ValueError names its seed
    and column), `sections` presents the parsed rows of one or more files."""

    title: str
    parse: Callable[[Mapping[str, Any]], Any]
    sections: Callable[[Sequence[Any]], list[Section]]

    def text(self, parts: Sequence[Section]) -> str:
        """The report's sections (of `sections`) as terminal text."""
        return text_page(self.title, parts)

    def html(self, parts: Sequence[Section]) -> str:
        """The report's sections (of `sections`) as one HTML page."""
        return html_page(self.title, parts)


@dataclass(frozen=True)
class LabGame:
    """A game's part of the lab (see the module docstring)."""

    adapter: LabAdapter
    options: tuple[click.Parameter, ...]
    """The game's own options of `initiative simulate` (their values reach `matchup` by
    click's parameter name)."""
    matchup: Callable[[RunSettings, Mapping[str, Any]], LabMatchup]
    """The matchup of the shared settings and the game's own option values; a
    ConfigError says which option is wrong."""
    report: LabReport
    read_value: Callable[[str], Any] = parse_value
    """A value typed in `--rule`, `--set` or `--sweep` as the game's flags take it."""

    @property
    def name(self) -> str:
        """The game's registry name."""
        return self.adapter.game


def lab_game(name: str) -> LabGame:
    """Game `name`'s lab part; GameParamError for an unknown game or one without it."""
    return part(name, "lab", LabGame)


def lab_games() -> tuple[LabGame, ...]:
    """The lab parts of every registered game that has one, by name (each imports its
    game: for what no single game answers, such as a results file's columns)."""
    return tuple(lab_game(e.name) for e in entries() if has_part(e.name, "lab"))
