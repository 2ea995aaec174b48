"""The parts a game declares for the tools every game shares (games/registry.py `Parts`):
how `initiative replay` reads its records (`RecordReader`), what `initiative rules` lists
(`RulesListing`) and how its content files are checked (`ContentLinter`). Each game
builds them from its own modules (`games/<g>/record.py`, `listing.py`, `lint.py`); the
front ends use them without knowing the game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from initiative.engine.findings import Finding


@dataclass(frozen=True)
class RecordReader:
    """How a game's records (JSON with the entry's `record_format` tag) are told. Each
    function takes the record as read from JSON, replays it in full first and raises
    NotationError naming what does not check."""

    story: Callable[[Any, bool], list[str]]
    """(record, verbose) -> its log as a spectator sees it (verbose: move by move with
    every hidden card), then its result."""
    position: Callable[[Any, int], str]
    """(record, moves) -> the position text after the first `moves` moves."""
    between: Callable[[Any, int], str] | None = None
    """(record, moves) -> the position at the first point between two activations that
    the moves from `moves` on reach; None when the game has no such point."""


@dataclass(frozen=True, slots=True)
class FlagNote:
    """One house-rule flag in words: the rule it reads and what its values do."""

    rule: str
    text: str


@dataclass(frozen=True)
class RulesSection:
    """One set of flags `initiative rules` lists: a frozen dataclass whose fields are the
    flags (bool, int, Literal or optional ones) with their defaults."""

    title: str
    flags: type
    notes: Mapping[str, FlagNote]
    """Every flag's note, by flag name."""
    choices: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Number flags that take only some whole numbers: those numbers."""


@dataclass(frozen=True)
class RulesListing:
    """A game's flags for `initiative rules --game NAME`, section by section."""

    sections: tuple[RulesSection, ...]


class Source(NamedTuple):
    """A content file's text and the name its findings give it."""

    text: str
    where: str


@dataclass(frozen=True)
class ContentLinter:
    """How a game's content files are checked (`initiative cards lint --game NAME`)."""

    lint: Callable[[Sequence[Source]], list[Finding]]
    """Every finding for files read as one set of content."""
    shipped: Callable[[], Sequence[tuple[str, str]]]
    """The game's own content files as (text, where), checked when no file is named."""
    one_by_one: bool = False
    """Whether each file is a set of its own (checked and tallied alone)."""
    lint_folder: Callable[[Sequence[Path]], list[Finding]] | None = None
    """Every finding for a folder of a player's own content (a content pack) read with
    the game's shipped content; None: the game reads no folders."""
