"""The GM trackers' how-to pages (`/trackers/how-to-play/{system}`, linked from each
tracker page's header): how to run a fight on the GM page, step by step, in this
project's own words, with the rule ids behind each step in a details list (the full
rulings: OTHER-RULINGS.md, IB-RULINGS.md). Each system's guide is kept with its web
part (:mod:`initiative.server.tracker_systems`)."""

from __future__ import annotations

from typing import NamedTuple


class Step(NamedTuple):
    """One step of a guide: what the GM does on the page, and the rules it follows
    (rule id, a short gloss)."""

    title: str
    text: str
    rules: tuple[tuple[str, str], ...] = ()


class Guide(NamedTuple):
    system: str
    title: str
    intro: str
    steps: tuple[Step, ...]
