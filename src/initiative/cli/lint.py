"""Content linting for any game (`initiative cards lint --game NAME`, `initiative mission
validate`): the game's `lint` part (games/parts.py `ContentLinter`) checks the files (and
a folder, a content pack, where the game reads them), this prints every finding and a
tally per set of files.

Exit codes: 1 if any file has an error (warnings alone exit 0); 2 when a file or the
game cannot be read."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from initiative.cli.common import fail
from initiative.cli.game_command import check_game
from initiative.engine.errors import InitiativeError
from initiative.engine.findings import Finding
from initiative.games.parts import ContentLinter, Source
from initiative.games.registry import part


def read_source(path: Path) -> Source:
    """A content file's text and name; the error exit if it cannot be read."""
    try:
        return Source(path.read_text(encoding="utf-8"), str(path))
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.reason if isinstance(exc, UnicodeDecodeError) else (exc.strerror or exc)
        raise fail(f"{path}: cannot read the file ({reason})") from None


def tally(found: Sequence[Finding]) -> str:
    """`ok`, or how many errors and warnings."""
    errors = sum(f.is_error for f in found)
    return f"{errors} error(s), {len(found) - errors} warning(s)" if found else "ok"


def lint_files(game: str, files: Sequence[Path]) -> None:
    """Check `files` (none: the game's shipped content) with game `game`'s linter, print
    every finding and each set's tally; exit 1 on an error."""
    try:
        linter = part(check_game(game), "lint", ContentLinter)
    except InitiativeError as exc:
        raise fail(f"--game: {exc}") from None
    folders = [path for path in files if path.is_dir()]
    if folders and linter.lint_folder is None:
        raise fail(f"{folders[0]}: a folder; --game {game} reads content files only")
    sources = [read_source(path) for path in files if not path.is_dir()] if files else [
        Source(*source) for source in linter.shipped()]
    sets = [[source] for source in sources] if linter.one_by_one else ([sources] if sources else [])
    failed = False
    for group in sets:
        failed = _report(linter.lint(group), ", ".join(s.where for s in group)) or failed
    for folder in folders:
        assert linter.lint_folder is not None
        failed = _report(linter.lint_folder([folder]), f"{folder} (content pack)") or failed
    if failed:
        raise typer.Exit(1)


def _report(found: Sequence[Finding], what: str) -> bool:
    """Print every finding and the tally of `what`; whether any is an error."""
    for finding in found:
        typer.echo(str(finding))
    typer.echo(f"{what}: {tally(found)}")
    return any(f.is_error for f in found)
