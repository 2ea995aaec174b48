"""Who a seat is, where each seat plays one character (hex skirmish, The Initiative):
one name, read the same in the terminal, on the web table, in the JSON state, the log
and replays (issue 25: seats numbered from 1 and named the same on every front end).

A seat nobody names is ``Player N`` (counted from 1); its name on every screen is its
character's with the seat's after it, as Initiative Break names units:
``Kestrel (Player 1)``, ``Kestrel (Alice)``. A seat named after its own character (a
record made before this naming) is its character's name alone.
"""

from __future__ import annotations


def player_name(number: int) -> str:
    """The name of a seat nobody names: ``Player 1`` for `number` 1 (counted from 1)."""
    return f"Player {number}"


def seat_label(player: str, character: str) -> str:
    """The one name of a seat whose player is `player`, playing `character`."""
    return character if player == character else f"{character} ({player})"
