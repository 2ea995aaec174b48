"""The details entries of a table page (issue 16 item 2): every unit and card the seat
sees, plus the rules topics the track itself points at (the Round Marker, Time
Collapse), built from that seat's view and the public match only (cli/details.py)."""

from __future__ import annotations

from initiative.cli import details, guide
from initiative.cli.details import Details
from initiative.games.ib.match import Match
from initiative.games.ib.view import IBView

TRACK_TOPICS = tuple(guide.topic_details(t) for t in guide.TOPICS
                     if t.key in ("track", "round", "collapse"))
"""Opened from the track's heading, its Round Marker and the Time Collapse banner."""


card_key = details.card_key
unit_key = details.unit_key


def entries(view: IBView, match: Match) -> list[Details]:
    return [*details.seat_details(view, match), *TRACK_TOPICS]
