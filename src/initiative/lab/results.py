"""Result files: rows of `simulate.COLUMNS` (or of another game's adapter, whose rows
name their game in a `game` column) as CSV or Parquet, chosen by the suffix.

Both hold the same values (the per-side figures are JSON texts; in Parquet the counts
are int64, `time_collapse` a bool and the rest strings), and pandas, polars and a
spreadsheet read them as they are. Parquet needs pyarrow: `pip install 'initiative[lab]'`.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from initiative.engine.errors import ConfigError
from initiative.lab.adapter import GAME_COLUMN, LabAdapter
from initiative.lab.simulate import BOOLS, COLUMNS, INTS, adapter_of_columns

__all__ = ["BOOLS", "COLUMNS", "INTS", "SUFFIXES", "file_format", "read_rows",
           "rows_adapter", "write_rows"]
SUFFIXES = (".csv", ".parquet")
"""The results file formats, by suffix."""


def write_rows(rows: Sequence[dict[str, Any]], path: str | Path) -> Path:
    """Write `rows` (all of one game) to `path` (.csv or .parquet)."""
    path = Path(path)
    adapter = rows_adapter(rows)
    if file_format(path) == "parquet":
        pa, pq = _arrow()
        pq.write_table(pa.Table.from_pylist(list(rows), schema=_schema(pa, adapter)), path)
        return path
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=adapter.columns)
        writer.writeheader()
        writer.writerows(rows)
    return path


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """The rows of a results file (.csv or .parquet), numbers and booleans typed."""
    path = Path(path)
    parquet = file_format(path) == "parquet"
    if not path.exists():
        raise ConfigError(f"{path}: no such results file")
    if parquet:
        rows: list[dict[str, Any]] = _arrow()[1].read_table(path).to_pylist()
        return rows
    with path.open(newline="", encoding="utf-8") as source:
        rows = list(csv.DictReader(source))
    adapter = rows_adapter(rows)
    for row in rows:
        for name in adapter.ints:
            row[name] = int(row[name])
        for name in adapter.bools:
            row[name] = row[name] in ("True", "true", "1")
    return rows


def rows_adapter(rows: Sequence[dict[str, Any]]) -> LabAdapter:
    """The adapter of the game `rows` hold (the flagship's when there are none)."""
    first = rows[0] if rows else {}
    return adapter_of_columns(list(first), first.get(GAME_COLUMN))


def file_format(path: str | Path) -> str:
    """"csv" or "parquet", from the suffix of `path`; a ConfigError for any other suffix
    or for Parquet without pyarrow (so a run can check its output before it starts)."""
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise ConfigError(f"{path}: a results file ends in {' or '.join(SUFFIXES)}")
    if suffix == ".parquet":
        _arrow()
    return suffix[1:]


def _schema(pa: Any, adapter: LabAdapter) -> Any:
    """The Parquet schema: int64 counts, bools, strings for the rest."""
    kinds = {**dict.fromkeys(adapter.ints, pa.int64()),
             **dict.fromkeys(adapter.bools, pa.bool_())}
    return pa.schema([(name, kinds.get(name, pa.string())) for name in adapter.columns])


def _arrow() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet (imported only when a Parquet file is used)."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ConfigError("Parquet files need pyarrow: pip install 'initiative[lab]'") from None
    return pyarrow, pyarrow.parquet
