"""The parts of a view's data every game's view shares (its `legal` entries; the log's
lines are engine.view_cache.LogLine), as TypedDicts a game's view data is made of."""

from __future__ import annotations

from typing import TypedDict


class LegalEntry(TypedDict):
    """One legal action of the deciding seat: its stable `index`, the action's kind as
    a word and its argument, its move text (notation) and a readable `label`."""

    index: int
    kind: str
    arg: int
    text: str
    label: str
