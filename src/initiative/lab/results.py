"""Result files: rows of `simulate.COLUMNS` as CSV or Parquet, chosen by the suffix.

Both hold the same values (the per-side figures are JSON texts), and pandas, polars and
a spreadsheet read them as they are.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from initiative.engine.errors import ConfigError
from initiative.lab.simulate import COLUMNS

INTS = ("seed", "winner_team", "first_team", "rounds", "activations", "collapse_round",
        "collapse_activation", "cards_played")
BOOLS = ("time_collapse",)


def write_rows(rows: Sequence[dict[str, Any]], path: str | Path) -> Path:
    """Write `rows` to `path` (.csv)."""
    path = Path(path)
    if path.suffix.lower() != ".csv":
        raise ConfigError(f"{path}: results are written as .csv")
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    return path


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """The rows of a results file, with numbers and booleans typed again."""
    path = Path(path)
    if not path.exists():
        raise ConfigError(f"{path}: no such results file")
    with path.open(newline="", encoding="utf-8") as source:
        rows: list[dict[str, Any]] = list(csv.DictReader(source))
    for row in rows:
        for name in INTS:
            row[name] = int(row[name])
        for name in BOOLS:
            row[name] = row[name] in ("True", "true", "1")
    return rows
