"""Content packs: a player's own Characters, cards, Keystones, Supports, Challenge Cards,
decks, teams and encounters, typed into content files in a folder of their own
(anywhere, outside this repository) and played with the shipped content
(docs/content-packs.md).

A pack is a folder: every `*.yaml` / `*.yml` file in it and in its subfolders (hidden
ones, `.git/` or an editor's `.name.yaml`, left out), read in path order, each a content
file as docs/content.md describes (a single content file is a pack of one). It **adds
to** the shipped content: an entry may name any key of the shipped content or of another
file of the pack (a deck of shipped and pack cards, a team of pack Characters). An entry
whose key is a shipped entry's **replaces** it (so a pack may correct a shipped card); a
key defined twice within the packs is an error. Several packs load as one, in the order
given.

`load_content_pack(path)` is the call for any front end; `content_for` adds the packs of
$INITIATIVE_CONTENT_PATH (folders separated as in $PATH). Every error names the file,
the entry, the field and the line.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from initiative.engine.errors import ContentError
from initiative.games.content_files import CONTENT_PATH_ENV, read_source
from initiative.games.ib.content import (
    CORE_WHERE,
    Content,
    ContentFile,
    build_content,
    core_content,
    core_text,
    parse_content_model,
)
from initiative.games.ib.lines import SECTIONS, Lines

"""The environment variable naming content packs to load by default."""
SUFFIXES = (".yaml", ".yml")
KINDS = {section: kind for kind, section in SECTIONS.items()}
"""The kind of entry of each top-level list: "characters" -> "character"."""


@dataclass(frozen=True)
class Replaced:
    """A pack entry that replaces the shipped entry of the same key."""

    kind: str
    key: str
    where: str


@dataclass(frozen=True)
class Pack:
    """Packs read and merged with the shipped content, not yet compiled."""

    name: str
    """What messages call the whole: `content pack PATH`."""
    model: ContentFile
    replaced: tuple[Replaced, ...]
    lines: Lines
    """Every file's text (the shipped one first), to find lines with."""


def pack_files(path: Path | str) -> list[Path]:
    """A pack's content files in path order (a file: itself); ContentError if the
    folder is missing, unreadable or has none."""
    path = Path(path).expanduser()
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise ContentError(f"{path}: no such content pack (a folder of .yaml content "
                           "files, or one content file)")
    try:
        found = sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file()
                       and not any(part.startswith(".") for part in p.relative_to(path).parts))
    except OSError as exc:
        raise ContentError(f"{path}: cannot read the content pack "
                           f"({exc.strerror or exc})") from None
    if not found:
        raise ContentError(f"{path}: the content pack has no .yaml files (docs/"
                           "content-packs.md)")
    return found


def load_content_pack(path: Path | str) -> Content:
    """The shipped content with the pack at `path` added (and its replacements made);
    ContentError names the file, entry, field and line of the first problem found."""
    return load_content_packs([path])


def load_content_packs(paths: Sequence[Path | str]) -> Content:
    """The shipped content with every pack of `paths` added, in order (none: the shipped
    content itself)."""
    if not paths:
        return core_content()
    pack = read_packs(paths)
    try:
        return build_content(pack.model, pack.name)
    except ContentError as exc:
        raise ContentError(pack.lines.annotate(str(exc))) from None


def packs_from_env(environ: Mapping[str, str] | None = None) -> list[Path]:
    """The packs $INITIATIVE_CONTENT_PATH names (empty entries skipped)."""
    value = (os.environ if environ is None else environ).get(CONTENT_PATH_ENV, "")
    return [Path(item) for item in value.split(os.pathsep) if item.strip()]


def content_for(packs: Sequence[Path | str] = (),
                environ: Mapping[str, str] | None = None) -> Content:
    """The content a front end plays: the shipped content with `packs` added, or, when
    none is given, those of $INITIATIVE_CONTENT_PATH."""
    return load_content_packs(list(packs) or packs_from_env(environ))


def read_packs(paths: Sequence[Path | str]) -> Pack:
    """The packs' files read, schema-checked and merged with the shipped content (keys
    not yet looked up: `build_content` does that); ContentError lists every schema
    error of every file, or the first key defined twice."""
    files = [read_source(f) for path in paths for f in pack_files(path)]
    models, errors = [], []
    for text, where in files:
        try:
            models.append((where, parse_content_model(text, where)))
        except ContentError as exc:  # one line per problem (YAML's own span lines)
            text = str(exc)
            errors.append(" ".join(text.split()) if text.startswith(
                f"{where}: not valid YAML") else text)
    if errors:
        raise ContentError("\n".join(errors))
    lines = Lines({CORE_WHERE: core_text(), **{where: text for text, where in files}})
    name = "content pack " + ", ".join(str(Path(p)) for p in paths)
    model, replaced = merge(_core_model(), models, lines)
    return Pack(name, model, replaced, lines)


@cache
def _core_model() -> ContentFile:
    return parse_content_model(core_text(), CORE_WHERE)


def merge(base: ContentFile, files: Sequence[tuple[str, ContentFile]],
          lines: Lines) -> tuple[ContentFile, tuple[Replaced, ...]]:
    """`base` with every file's entries added, list by list: a key of `base` is replaced
    where it stood, a new key is added at the end; a key two pack entries define is a
    ContentError naming both places."""
    merged: dict[str, object] = {}
    replaced: list[Replaced] = []
    for section in ContentFile.model_fields:
        kind = KINDS[section]
        entries = {entry.key: entry for entry in getattr(base, section)}
        defined: dict[str, str] = {}
        for where, model in files:
            for entry in getattr(model, section):
                if entry.key in defined:
                    first = defined[entry.key]
                    raise ContentError(lines.annotate(
                        f"{where} ({kind} {entry.key!r}), field key: defined again (first "
                        f"in {first}, line {lines.entry_line(first, kind, entry.key)}); "
                        "a key is defined once in the packs (a shipped key is replaced by "
                        "using it)"))
                defined[entry.key] = where
                if entry.key in entries:
                    replaced.append(Replaced(kind, entry.key, where))
                entries[entry.key] = entry
        merged[section] = tuple(entries.values())
    return ContentFile.model_validate(merged), tuple(replaced)


def pack_summary(content: Content) -> Iterator[str]:
    """What the packs added to the shipped content, one item per kind: `characters:
    Kestrel Vane, ...`."""
    core = core_content()
    added = {
        "characters": [s.name for k, s in content.characters.items()
                       if k not in core.characters],
        "cards": [c.name for c in content.cards if c.key not in core.card_index],
        "keystones": [s.name for k, s in content.keystones.items() if k not in core.keystones],
        "challenges": [s.name for k, s in content.challenges.items()
                       if k not in core.challenges],
        "teams": [t[0] for k, t in content.teams.items() if k not in core.teams],
    }
    for kind, names in added.items():
        if names:
            yield f"{kind}: {', '.join(names)}"
