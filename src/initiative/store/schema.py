"""The tables (SQLAlchemy 2 typed declarative models).

A record is one long-lived thing (a campaign, a table); its accepted actions are the
rows of `events`, numbered 1, 2, ... by `seq` with no gap, and `records.head` is the
last seq. `snapshots` hold the whole state at some seqs (always seq 0). Payloads are
canonical JSON text (sorted keys). Changing a table here needs a new migration in
`migrations/versions/` (tests/store check the two agree).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Integer, MetaData, String, Text, TypeDecorator
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

ID_LENGTH = 32
KIND_LENGTH = 64
NAME_LENGTH = 200
STATUS_LENGTH = 32

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on every backend (SQLite keeps no zone: read back as UTC)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime: store aware UTC datetimes only")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        assert isinstance(value, datetime)
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Record(Base):
    __tablename__ = "records"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    kind: Mapped[str] = mapped_column(String(KIND_LENGTH), index=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    status: Mapped[str] = mapped_column(String(STATUS_LENGTH))
    head: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    updated: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    summary: Mapped[str] = mapped_column(Text)


class Event(Base):
    __tablename__ = "events"

    record_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("records.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    data: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class Snapshot(Base):
    __tablename__ = "snapshots"

    record_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("records.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    data: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(UTCDateTime())
