"""An installed (not editable) package carries every file the sources use: each file
under src/ that is not Python matches a `[tool.setuptools.package-data]` pattern of its
package in pyproject.toml (the README's install is `pip install .`, which ships only
those; the game pages' templates were once left out)."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatchcase
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"


def shipped(path: Path, package_data: dict[str, list[str]]) -> bool:
    """Whether a pattern of a package above `path` matches it (relative to that
    package, `*` not crossing a folder, as setuptools reads them)."""
    for package, patterns in package_data.items():
        where = SRC / package.replace(".", "/")
        if where in path.parents:
            rest = path.relative_to(where).as_posix()
            if any(fnmatchcase(rest, p) and rest.count("/") == p.count("/") for p in patterns):
                return True
    return False


def test_every_data_file_is_in_the_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = config["tool"]["setuptools"]["package-data"]
    files = [p for p in SRC.rglob("*") if p.is_file() and p.suffix not in (".py", ".pyc")
             and "__pycache__" not in p.parts and ".egg-info" not in str(p)
             and p.suffix not in (".so", ".c")]
    assert len(files) > 80  # templates, static files, content, the migration template
    missing = [str(p.relative_to(ROOT)) for p in files if not shipped(p, package_data)]
    assert missing == []
