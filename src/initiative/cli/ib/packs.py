"""`--content-pack FOLDER` (and $INITIATIVE_CONTENT_PATH) for the Initiative Break
commands: a player's own content files played with the shipped content
(games/ib/packs.py, docs/content-packs.md)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from initiative.cli.common import fail
from initiative.engine.errors import InitiativeError
from initiative.games.content_files import CONTENT_PATH_ENV
from initiative.games.ib.content import Content, load_content_file
from initiative.games.ib.packs import content_for, pack_summary

PACK_HELP = (f"A content pack: a folder of your own content files, added to the shipped "
             f"content (repeatable; default: ${CONTENT_PATH_ENV}, folders separated by "
             "':'). See docs/content-packs.md.")
ContentPackOption = Annotated[list[Path] | None, typer.Option(
    "--content-pack", metavar="FOLDER", envvar=CONTENT_PATH_ENV, help=PACK_HELP)]
"""The option of the typer commands (the `play` option is a click.Option in options.py)."""


def pack_content(packs: Sequence[Path] | None, file: Path | None = None) -> Content:
    """The content a command reads: the content file `file` alone (`--content`), or the
    shipped content with `packs` (or those of the environment) added; the error exit
    naming the file, entry, field and line of a problem."""
    if file is not None and packs:
        raise fail("--content FILE replaces the shipped content, --content-pack adds to "
                   "it: give one of them")
    try:
        return content_for(packs or ()) if file is None else load_content_file(file)
    except OSError as exc:
        raise fail(f"{file}: cannot read the file ({exc.strerror or exc})") from None
    except InitiativeError as exc:
        raise fail(str(exc)) from None


def pack_note(packs: Sequence[Path], content: Content) -> str:
    """`Content pack ~/my-cards adds characters: Kestrel Vane; ...`: what the packs
    added."""
    added = "; ".join(pack_summary(content))
    return f"Content pack {', '.join(map(str, packs))} " + (
        f"adds {added}." if added else "adds nothing new (it replaces shipped entries).")
