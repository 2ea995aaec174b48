"""The details entries of a table page (issue 16 item 2): every unit and card the seat
sees, plus the rules topics the track itself points at (the Round Marker, Time
Collapse), built from that seat's view and the public match only (games/ib/text/details.py).

Each entry's HTML is rendered once and kept (by its text, `Details` being hashable):
most entries do not change from one frame to the next, and every frame carries all of
them."""

from __future__ import annotations

from functools import lru_cache

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from initiative.games.ib.match import Match
from initiative.games.ib.text import details, guide
from initiative.games.ib.text.details import Details
from initiative.games.ib.view import IBView

TRACK_TOPICS = tuple(guide.topic_details(t) for t in guide.TOPICS
                     if t.key in ("track", "round", "collapse"))
"""Opened from the track's heading, its Round Marker and the Time Collapse banner."""

card_key = details.card_key
unit_key = details.unit_key

_env = Environment(loader=PackageLoader("initiative.web", "templates"),
                   autoescape=select_autoescape(["html"]), trim_blocks=True,
                   lstrip_blocks=True)


def entries(view: IBView, match: Match) -> list[Details]:
    return [*details.seat_details(view, match), *TRACK_TOPICS]


@lru_cache(maxsize=8192)
def entry_html(entry: Details) -> Markup:
    return Markup(_env.get_template("ib/_details_entry.html").render(d=entry))


def entries_html(view: IBView, match: Match) -> list[Markup]:
    """The page's entries as HTML (the `details` region of server/render.py)."""
    return [entry_html(e) for e in entries(view, match)]
