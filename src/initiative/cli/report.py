"""`initiative report`: the balance lab's report of result files, in the terminal and as
one self-contained HTML page."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from initiative.cli.common import fail
from initiative.engine.errors import InitiativeError

if TYPE_CHECKING:
    from initiative.lab.report import Game


def report(
    results: Annotated[list[Path], typer.Argument(
        help="Result files of `initiative simulate`; their rows are reported together.")],
    html: Annotated[Path, typer.Option(help="Where to write the HTML report.")] = Path(
        "report.html"),
    no_html: Annotated[bool, typer.Option("--no-html", help="Only print the summary.")
                       ] = False,
) -> None:
    """Report simulated games: win rates with 95% intervals, seat and first-activation
    advantage, Character and card impact, game length, Time Collapse, damage, sweeps."""
    from initiative.lab.report import render_html, render_text, summarize

    summary = summarize([game for path in results for game in _games(path)])
    typer.echo(render_text(summary), nl=False)
    if no_html:
        return
    try:
        html.write_text(render_html(summary), encoding="utf-8")
    except OSError as exc:
        raise fail(f"--html {html}: cannot write it ({exc.strerror or exc})") from None
    typer.echo(f"HTML report written to {html}")


def _games(path: Path) -> list[Game]:
    """The games of one results file; an error naming the file when it cannot be read or
    does not hold result rows."""
    from initiative.lab.report import parse_row
    from initiative.lab.results import read_rows

    if not path.is_file():
        raise fail(f"{path}: no such results file")
    try:
        if path.suffix.lower() == ".csv":
            _check_columns(path, _csv_header(path))
        rows = read_rows(path)
        if rows:
            _check_columns(path, list(rows[0]))
        return [parse_row(row) for row in rows]
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


def _check_columns(path: Path, names: list[str]) -> None:
    """Fail unless `names` has every result column."""
    from initiative.lab.simulate import COLUMNS

    if not names:
        raise fail(f"{path}: empty, not a results file of `initiative simulate`")
    missing = [c for c in COLUMNS if c not in names]
    if missing:
        raise fail(f"{path}: not a results file of `initiative simulate`: no column "
                   + ", ".join(missing))
