"""Initiative Break games stored before the rules flag ``setup_copy_tiebreak`` keep the
order they were set up with: data only, no schema change.

Before the flag, copies of one Character on two sides were ordered by unit number at
setup; its default now draws that order (IB 2.9.4, AMB-92), which takes a number from
the generator. Rules are stored with their changed flags only, so a stored game lacks
the key and would read as a draw: every Initiative Break web table (its "plan" and its
"pinned" match, in every snapshot) and every campaign (its "battle_rules", in every
snapshot) that does not name the flag gets ``"setup_copy_tiebreak": "unit"``, and
resumes exactly. Other games' tables are untouched. A migration is history: it names
the layouts as they were stored, and reads nothing of the code.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FLAG, BEFORE = "setup_copy_tiebreak", "unit"
"""The flag and the reading every game stored before it was played under."""
Data = dict[str, Any]


def _text(data: Data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


Change = Callable[[Any, str], None]
"""Changes the rules mapping at `holder[key]` in place (if `holder` is a mapping)."""


def _add(holder: Any, key: str) -> None:
    """The flag as it was played, unless the rules name it already (a missing or empty
    mapping counts as no flag changed)."""
    if not isinstance(holder, dict):
        return
    rules = holder.get(key) or {}
    if isinstance(rules, dict) and FLAG not in rules:
        holder[key] = {**rules, FLAG: BEFORE}


def _drop(holder: Any, key: str) -> None:
    """The flag left out where it says what older versions always did."""
    rules = holder.get(key) if isinstance(holder, dict) else None
    if isinstance(rules, dict) and rules.get(FLAG) == BEFORE:
        holder[key] = {k: v for k, v in rules.items() if k != FLAG}


def _table(change: Change, data: Data) -> Data:
    """An Initiative Break table's snapshot (layout of 0002): plan and pinned match."""
    if data.get("game") == "initiative_break":
        change(data.get("plan"), "rules")
        change(data.get("pinned"), "rules")
    return data


def _campaign(change: Change, data: Data) -> Data:
    """A campaign's snapshot: {"campaign": {..., "battle_rules": {...}}}."""
    change(data.get("campaign"), "battle_rules")
    return data


KINDS: dict[str, Callable[[Change, Data], Data]] = {"table": _table, "campaign": _campaign}
"""The record kinds whose snapshots hold Initiative Break rules, and how."""


def upgraded(kind: str, data: Data) -> Data:
    """A snapshot of a record of `kind` as this migration leaves it (also what an export
    written before it reads as: store/exchange.py)."""
    change = KINDS.get(kind)
    return data if change is None else change(_add, copy.deepcopy(data))


def _rewrite(connection: sa.Connection, record_id: str, change: Callable[[Data], Data]) -> None:
    rows = connection.execute(sa.text("SELECT seq, data FROM snapshots WHERE record_id = :r"),
                              {"r": record_id}).all()
    for seq, text in rows:
        new = _text(change(json.loads(text)))
        if new != text:
            connection.execute(sa.text("UPDATE snapshots SET data = :d WHERE record_id = :r "
                                       "AND seq = :s"), {"d": new, "r": record_id, "s": seq})


def _every_snapshot(change: Change) -> None:
    connection = op.get_bind()
    records = connection.execute(sa.text(
        "SELECT id, kind FROM records WHERE kind IN ('table', 'campaign')")).all()
    for record_id, kind in records:
        _rewrite(connection, record_id, partial(KINDS[kind], change))


def upgrade() -> None:
    _every_snapshot(_add)


def downgrade() -> None:
    """The flag left out where it is "unit" (what older versions always play); games
    stored since under "draw" still name a flag older versions do not know."""
    _every_snapshot(_drop)
