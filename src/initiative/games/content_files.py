"""What the content loaders of the hex game and The Initiative share: reading a content
file's text, listing a game package's shipped YAML files, and parsing one YAML
document into the game's pydantic model of a content file, every error a ContentError
naming the file (and the entry and field)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from initiative.engine.data_text import LimitedLoader
from initiative.engine.errors import ContentError
from initiative.engine.schema_text import format_validation

M = TypeVar("M", bound=BaseModel)

CONTENT_PATH_ENV = "INITIATIVE_CONTENT_PATH"
"""Folders of a player's own content packs, separated by ``os.pathsep``: the default of
every ``--content-pack`` option (docs/content-packs.md)."""


def read_source(path: Path | str) -> tuple[str, str]:
    """A file's text and the name messages give it."""
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except OSError as exc:
        raise ContentError(f"{path}: cannot read the content file "
                           f"({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise ContentError(f"{path}: not a UTF-8 text file") from None


def package_sources(package: str, where: str) -> list[tuple[str, str]]:
    """The YAML files of `package`'s `data` folder as (text, `where`/name), in name
    order."""
    data = resources.files(package).joinpath("data")
    names = sorted(item.name for item in data.iterdir() if item.name.endswith(".yaml"))
    return [(data.joinpath(name).read_text("utf-8"), f"{where}/{name}") for name in names]


def parse_content_file(text: str, where: str, model: type[M], sections: Sequence[str]) -> M:
    """One YAML content document, checked by the schema `model` (a mapping with
    `sections`); ContentError names the file, the entry and the field of every
    problem."""
    stream = io.StringIO(text)
    stream.name = where
    try:
        data = yaml.load(stream, Loader=LimitedLoader)
    except yaml.YAMLError as exc:
        raise ContentError(f"{where}: not valid YAML: {exc}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ContentError(f"{where}: expected a mapping with {', '.join(sections)}")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ContentError(format_validation(exc, where, data)) from None
