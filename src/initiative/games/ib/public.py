"""`public_description(match)`: the game as every seat knows it before it starts.

A bot is built from this and sees nothing else but its views (engine contract `Bot`).
It is the Match with every seat's deck list removed, unless the rules make deck lists
public (the `open_decklists` flag): units, content, rules, seats and teams, Challenge
Cards and how units start all stay, so a state dealt from a view (`determinize`) plays
on it exactly as on the real Match. A seat's own deck list reaches it through its view
(`IBView.decklists`), never through the description; `seen_by` puts the lists a view
knows back, so a dealt state shows that seat the deck lists it really knows.

`PublicMatch` is a type of its own to mypy: a bot or `determinize` cannot be given a
plain Match by mistake.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import NewType

from initiative.games.ib.match import Match

__all__ = ["PublicMatch", "public_description", "seen_by"]

PublicMatch = NewType("PublicMatch", Match)
"""A Match holding no deck list a seat could not know (made by `public_description`)."""


def public_description(match: Match) -> PublicMatch:
    """`match` without its deck lists, or unchanged when `open_decklists` makes them
    known to every seat. Only the setup (IB 2.9 step 3, dealing the decks) reads them;
    Sigils a unit starts with stay installed (they are public)."""
    if match.config.open_decklists:
        return PublicMatch(match)
    return PublicMatch(replace(match, seats=tuple(replace(seat, deck=()) for seat in match.seats)))


DeckLists = tuple[tuple[int, ...] | None, ...]
"""Per seat, its deck list as card ids, or None where it is unknown (`IBView.decklists`)."""

_SEEN: dict[tuple[int, DeckLists], tuple[PublicMatch, PublicMatch]] = {}
"""`seen_by` results by (id of the description, deck lists known); the value keeps the
description itself, to check the id is still its. Emptied when it reaches `_SEEN_LIMIT`
entries, so a long-running server does not keep every finished table's match."""
_SEEN_LIMIT = 64


def seen_by(game: PublicMatch, decklists: DeckLists) -> PublicMatch:
    """`game` holding the deck lists one seat knows (`decklists`, from its view) and no
    other: what a state dealt for that seat plays on. Made once per description and
    knowledge (a search deals many states from one view)."""
    key = (id(game), decklists)
    entry = _SEEN.get(key)
    if entry is not None and entry[0] is game:
        return entry[1]
    seats = list(game.seats)
    for s, known in enumerate(decklists):
        if known is not None and known != game.decklists[s]:
            installed = Counter(game.decklists[s])  # Sigils it starts with (public)
            deck = Counter(known) - installed
            seats[s] = replace(seats[s], deck=tuple(game.content.cards[c].key
                                                    for c in sorted(deck.elements())))
    world = game if seats == list(game.seats) else PublicMatch(replace(game, seats=tuple(seats)))
    if len(_SEEN) >= _SEEN_LIMIT:
        _SEEN.clear()
    _SEEN[key] = (game, world)
    return world
