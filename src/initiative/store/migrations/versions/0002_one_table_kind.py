"""Every game's web tables become one record kind, "table" (issue 24, one pipeline for
every game): data only, no schema change.

Before, Initiative Break's tables were kind "table" with a snapshot of its own layout
("setup", "match", the undo rule inside the setup), and the hex game's and The
Initiative's were kinds "hex_table" and "ti_table" (a "plan" and one action per act
event). Now every table's snapshot names its game and holds its "plan", the data that
pins its game ("pinned", the flagship's match), the table rule "undo", and the rest as
before; an act event holds its list of "actions"; the lobby summary names the game and
says in "detail" what the game says of itself. A migration is history: it names the
three games as they were stored, and reads nothing of the code.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

GAMES = {"table": "initiative_break", "hex_table": "hex_skirmish",
         "ti_table": "the_initiative"}
"""The record kinds of the first web tables and their games."""
Data = dict[str, Any]


def _text(data: Data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def _snapshot(game: str, record_id: str, data: Data) -> Data:
    if "game" in data:  # already in the new layout
        return data
    if game == "initiative_break":
        setup = dict(data.pop("setup"))
        undo = str(setup.pop("undo", "safe"))
        return {**data, "game": game, "plan": setup, "pinned": data.pop("match", None),
                "undo": undo, "notices": [[*n[:2], "undo"] for n in data.get("notices", [])]}
    return {**data, "game": game, "series": data.get("series") or record_id, "undo": "safe",
            "pinned": None, "turns": [], "chat": [], "notices": [], "rematch": None}


def _event(data: Data) -> Data:
    if data.get("type") == "act" and "action" in data:
        action = data.pop("action")
        return {**data, "actions": [action], "undoable": False}
    return data


def _summary(game: str, data: Data) -> Data:
    if "detail" in data:
        return data
    if game == "initiative_break":
        detail = f"{data.get('mode', '')}, round {data.get('round', 0)}"
    elif game == "hex_skirmish":
        detail = f"{data.get('board', '')}, round {data.get('round', 0)}"
    else:
        detail = f"mission {data.get('mission', '')}, turn {data.get('turn', 0)}"
    return {"game": game, "detail": detail, "seats": data.get("seats", []),
            "finished": bool(data.get("finished")), "rematch": data.get("rematch")}


def _rewrite(connection: sa.Connection, table: str, record_id: str,
             change: Callable[[Data], Data]) -> None:
    rows = connection.execute(sa.text(f"SELECT seq, data FROM {table} WHERE record_id = :r"),
                              {"r": record_id}).all()
    for seq, text in rows:
        new = _text(change(json.loads(text)))
        if new != text:
            connection.execute(sa.text(f"UPDATE {table} SET data = :d WHERE record_id = :r "
                                       "AND seq = :s"), {"d": new, "r": record_id, "s": seq})


def upgrade() -> None:
    connection = op.get_bind()
    records = connection.execute(sa.text(
        "SELECT id, kind, summary FROM records WHERE kind IN ('table', 'hex_table', "
        "'ti_table')")).all()
    for record_id, kind, summary in records:
        game = GAMES[kind]
        _rewrite(connection, "snapshots", record_id, partial(_snapshot, game, record_id))
        _rewrite(connection, "events", record_id, _event)
        connection.execute(
            sa.text("UPDATE records SET kind = 'table', summary = :s WHERE id = :r"),
            {"s": _text(_summary(game, json.loads(summary))), "r": record_id})


def downgrade() -> None:
    """Nothing to undo that an older version could read back: the new layout stays."""
