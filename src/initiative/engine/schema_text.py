"""One line per schema error of a content file (`FILE (entry 'key'), field path: what`),
for every game whose content files are checked by a pydantic model: the entry named by
its section in the singular and its `key`, the field by its path in the file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import ValidationError


def format_validation(error: ValidationError, where: str, data: dict[str, Any]) -> str:
    """Every error of `error` (raised validating `data`, read from `where`) on its own
    line: `kit.yaml (board 'yard'), field boards[0].starts.2[1].facing: message`."""
    lines = []
    for item in error.errors():
        loc = list(item["loc"])
        entry = ""
        if len(loc) >= 2 and isinstance(loc[1], int):
            section = data.get(str(loc[0]))
            if isinstance(section, list) and loc[1] < len(section):
                raw = section[loc[1]]
                if isinstance(raw, dict) and "key" in raw:
                    entry = f" ({singular(str(loc[0]))} {raw['key']!r})"
        lines.append(f"{where}{entry}, field {field_path(loc, data)}: {item['msg']}")
    return "\n".join(lines)


def singular(section: str) -> str:
    """A section's name for one of its entries: `enemies` -> `enemy`, `boards` ->
    `board`."""
    if section.endswith("ies"):
        return section[:-3] + "y"
    return section.removesuffix("s")


def field_path(loc: list[int | str], data: Any) -> str:
    """`boards[0].starts.2[1].facing`: list positions in brackets, mapping keys after a
    dot, read by walking the data along the error's location."""
    out = ""
    for part in loc:
        if isinstance(data, list) and isinstance(part, int):
            out += f"[{part}]"
            data = data[part] if part < len(data) else None
        else:
            out += f".{part}" if out else str(part)
            data = data.get(part) if isinstance(data, dict) else None
    return out
