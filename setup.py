"""Build the package; mypyc compiles the rules core where it can (issue 27).

The compiled modules: `COMPILED` below (the engine, the initiative track and the three
games' rule packages). Their `.py` sources ship too, so the package is the pure-Python
twin wherever an extension is absent. A pure build (no compilation) is made when:

- `INITIATIVE_PURE=1` is set at build time;
- the install is editable (`pip install -e .`): the sources in the work tree stay what
  runs, so an edit takes effect without a rebuild;
- mypyc, a C compiler or the Python headers are missing, or compiling fails.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src" / "initiative"

COMPILED = ("engine", "timing/track.py", "timing/track_rules.py", "timing/stacked_decks.py",
            "games/ib", "games/hex", "games/ti")
"""Packages (every module under them) and modules that mypyc compiles."""
PURE_ONLY = (
    "engine/data_text.py", "engine/errors.py", "engine/frozen_copy.py", "engine/records.py",
    "engine/schema_text.py",
    "games/ib/events.py", "games/hex/events.py", "games/ti/events.py",
    "games/ib/text", "games/ib/campaign", "games/ib/challenge_cards.py",
    "games/ib/clauses.py", "games/ib/companion.py", "games/ib/config.py",
    "games/ib/content.py",
    "games/ib/deckbuilding.py", "games/ib/formats.py", "games/ib/lines.py",
    "games/ib/lint.py", "games/ib/listing.py", "games/ib/loader.py", "games/ib/modes.py",
    "games/ib/movetext.py", "games/ib/notation.py", "games/ib/packs.py",
    "games/ib/presets.py", "games/ib/record.py",
    "games/ib/story.py",
    "games/hex/board_text.py", "games/hex/content.py", "games/hex/entry.py",
    "games/hex/flags.py", "games/ti/flags.py",
    "games/hex/lint.py", "games/hex/listing.py", "games/hex/loader.py",
    "games/hex/notation.py", "games/hex/record.py", "games/hex/schema.py",
    "games/hex/text.py",
    "games/ti/board_text.py", "games/ti/campaign.py", "games/ti/console.py",
    "games/ti/content.py", "games/ti/entry.py", "games/ti/listing.py",
    "games/ti/loader.py", "games/ti/notation.py", "games/ti/record.py",
    "games/ti/schema.py", "games/ti/text.py", "games/ti/validate.py",
)
"""What stays pure Python under those packages: content loading (pydantic, YAML), text,
notation and records, the registry's entry points and the companion: nothing a decision
runs, and less to compile; the errors and the record base, which pure classes subclass
(a Python class cannot subclass a compiled one); the compiled classes' copy support;
the games' house-rule flags, which check values
against their `Literal` type hints (`get_type_hints`), and the event schemas, whose
NamedTuple hints `event_records.rest_field` reads."""


def _sources() -> list[str]:
    """The `.py` files mypyc compiles, relative to the project root."""
    out: list[str] = []
    for name in COMPILED:
        where = SRC / name
        files = [where] if where.suffix == ".py" else sorted(where.rglob("*.py"))
        out += [str(f.relative_to(ROOT)) for f in files
                if not any(f.relative_to(SRC).as_posix().startswith(p) for p in PURE_ONLY)]
    return out


def _why_pure() -> str | None:
    """Why this build stays pure Python, or None to compile."""
    if os.environ.get("INITIATIVE_PURE", "") not in ("", "0"):
        return "INITIATIVE_PURE is set"
    if any(arg in ("editable_wheel", "develop") for arg in sys.argv):
        return "an editable install runs the sources"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    return None


class _BuildExtOrPure(build_ext):
    """Build the compiled core; if that fails, ship the pure-Python twin instead."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # any compiler failure: the pure build
            print(f"initiative: compiling failed ({exc}); installing pure Python",
                  file=sys.stderr)
            self.extensions = []


def _ext_modules() -> list[object]:
    reason = _why_pure()
    if reason is None and any(a in ("bdist_wheel", "build", "build_ext", "install")
                              for a in sys.argv):
        from mypyc.build import mypycify

        return list(mypycify(_sources(), opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3")))
    if reason is not None:
        print(f"initiative: pure-Python build ({reason})", file=sys.stderr)
    return []


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": _BuildExtOrPure})
