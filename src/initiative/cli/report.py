"""`initiative report`: the balance lab's report of result files, in the terminal and, when
asked (`--html PATH`), as one self-contained HTML page. A file's columns say which game
it holds (`lab.results.adapter_of_columns`); the files of one report hold the same game,
whose lab part (lab/parts.py `LabReport`) parses the rows and makes the report. On a
terminal a progress bar follows the reading, the parsing and the summing up
(cli/progress.py)."""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from initiative.cli.common import fail
from initiative.engine.errors import InitiativeError

if TYPE_CHECKING:
    from initiative.cli.progress import Task
    from initiative.lab.adapter import LabAdapter, Row

T = TypeVar("T")
STEP = 500
"""Rows parsed between two moves of the progress bar."""


def report(
    results: Annotated[list[Path], typer.Argument(
        help="Result files of `initiative simulate`; their rows are reported together.")],
    html: Annotated[Path | None, typer.Option(
        metavar="PATH", help="Also write the report as one self-contained HTML page (with "
        "charts, every table in full) to PATH.")] = None,
    no_html: Annotated[bool, typer.Option(
        "--no-html", hidden=True, help="No HTML page (the default; kept for old scripts).")
    ] = False,
) -> None:
    """Report simulated games with the report of the game the files hold (their columns
    say which), in the terminal and, with --html PATH, as one HTML page: win rates with
    95% intervals and each game's own figures (docs/lab.md)."""
    from initiative.cli.progress import Progress
    from initiative.lab.parts import lab_game

    with Progress() as shown:
        reading = shown.task("read", len(results), "files")
        files = []
        for path in results:
            files.append((path, *_rows(path)))
            reading.advance()
        games = sorted({adapter.game for _, adapter, _ in files})
        if len(games) > 1:
            raise fail("cannot report the results of different games together: "
                       + ", ".join(f"{path} ({adapter.game})" for path, adapter, _ in files))
        lab = lab_game(games[0])
        parsing = shown.task("parse", sum(len(rows) for _, _, rows in files), "rows")
        parsed = [item for path, _, rows in files
                  for item in _parsed(path, lab.report.parse, rows, parsing)]
        summing = shown.task("summarize", None, "parts")
        parts = lab.report.sections(parsed)
        summing.update(done=len(parts), total=len(parts))
    typer.echo(lab.report.text(parts), nl=False)
    if html is None or no_html:
        return
    try:
        html.write_text(lab.report.html(parts), encoding="utf-8")
    except OSError as exc:
        raise fail(f"--html {html}: cannot write it ({exc.strerror or exc})") from None
    typer.echo(f"HTML report written to {html}")


def _rows(path: Path) -> tuple[LabAdapter, list[Row]]:
    """The game and rows of one results file; an error naming the file when it cannot be
    read or does not hold result rows."""
    from initiative.lab.results import adapter_of_columns, read_rows, rows_adapter

    if not path.is_file():
        raise fail(f"{path}: no such results file")
    if path.suffix.lower() == ".csv":
        header = _guarded(path, lambda: _csv_header(path))
        _check_columns(path, header, adapter_of_columns(header).columns)
    rows = _guarded(path, lambda: read_rows(path))
    adapter = _guarded(path, lambda: rows_adapter(rows))
    if rows:
        _check_columns(path, list(rows[0]), adapter.columns)
    return adapter, rows


def _parsed(path: Path, parse: Callable[[Row], T], rows: list[Row], task: Task) -> list[T]:
    """`rows` parsed (`task` advanced as they are); an error naming the file when a row is
    not what `simulate` writes."""
    def parse_all() -> list[T]:
        done: list[T] = []
        for start in range(0, len(rows), STEP):
            part = rows[start:start + STEP]
            done += map(parse, part)
            task.advance(len(part))
        return done

    return _guarded(path, parse_all)


def _guarded(path: Path, work: Callable[[], T]) -> T:
    """`work()`, its failure to read the results of `path` an error naming the file."""
    try:
        return work()
    except TypeError:  # csv fills a short row with None
        raise fail(f"{path}: cannot read the results (a row is cut short)") from None
    except (InitiativeError, OSError, ValueError, KeyError, csv.Error) as exc:
        message = str(exc)
        raise fail(message if str(path) in message else
                   f"{path}: cannot read the results ({message})") from None


def _csv_header(path: Path) -> list[str]:
    """The column names on the first line of a CSV file."""
    with path.open(newline="", encoding="utf-8") as source:
        return next(csv.reader(source), [])


def _check_columns(path: Path, names: list[str], columns: tuple[str, ...]) -> None:
    """Fail unless `names` has every result column."""
    if not names:
        raise fail(f"{path}: empty, not a results file of `initiative simulate`")
    missing = [c for c in columns if c not in names]
    if missing:
        raise fail(f"{path}: not a results file of `initiative simulate`: no column "
                   + ", ".join(missing))
