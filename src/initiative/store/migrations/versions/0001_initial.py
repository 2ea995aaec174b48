"""The first schema: records, their events and their snapshots.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _payload_table(name: str) -> None:
    op.create_table(
        name,
        sa.Column("record_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["record_id"], ["records.id"], name=f"fk_{name}_record_id_records",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("record_id", "seq", name=f"pk_{name}"),
    )


def upgrade() -> None:
    op.create_table(
        "records",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("status", sa.String(32), nullable=False),
        sa.Column("head", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_records"),
    )
    op.create_index("ix_records_kind", "records", ["kind"])
    op.create_index("ix_records_updated", "records", ["updated"])
    _payload_table("events")
    _payload_table("snapshots")


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_table("events")
    op.drop_index("ix_records_updated", table_name="records")
    op.drop_index("ix_records_kind", table_name="records")
    op.drop_table("records")
