"""Result files: rows of any game's lab adapter as CSV or Parquet, chosen by the suffix.

Both hold the same values (the per-side figures are JSON texts; in Parquet the counts
are int64, the booleans bools and the rest strings), and pandas, polars and a
spreadsheet read them as they are. Parquet needs pyarrow: `pip install 'initiative[lab]'`.

Which game a file holds is read from it: rows of a game other than the flagship name it
in their `game` column; a file without that column (the flagship's historic columns),
or one without rows, is the registered game whose columns it has most of
(`adapter_of_columns`, over the registered games' lab parts).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from initiative.engine.errors import ConfigError, InitiativeError
from initiative.lab.adapter import GAME_COLUMN, LabAdapter
from initiative.lab.parts import lab_game, lab_games

__all__ = ["SUFFIXES", "adapter_of_columns", "file_format", "read_rows", "rows_adapter",
           "write_rows"]
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


def adapter_of_columns(names: Sequence[str], game: str | None = None) -> LabAdapter:
    """The adapter of a results file with columns `names` whose rows name `game` in their
    `game` column; without a game named, the registered game whose columns the file has
    most of, among those whose rows have a `game` column if the file has one, else among
    those whose rows have none (the flagship's). ConfigError for an unknown game."""
    if game is not None and GAME_COLUMN in names:
        try:
            return lab_game(str(game)).adapter
        except InitiativeError as exc:
            raise ConfigError(f"results of a game the lab does not know: {exc}") from None
    named = GAME_COLUMN in names
    fits = [g.adapter for g in lab_games() if (GAME_COLUMN in g.adapter.columns) == named]
    if not fits:
        raise ConfigError("no registered game writes results with these columns")
    return max(fits, key=lambda a: len(set(a.columns) & set(names)))


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
