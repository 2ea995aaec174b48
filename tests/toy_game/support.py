"""What the toy game's tests share: where the toy lives and the environment of a
subprocess that knows it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

FOLDER = Path(__file__).parent
"""tests/toy_game: the folder that holds the toy (its package and its .dist-info)."""


def toy_pythonpath() -> str:
    """PYTHONPATH with the toy's folder first."""
    return os.pathsep.join([str(FOLDER), *filter(None, [os.environ.get("PYTHONPATH")])])


def toy_env(**more: str) -> dict[str, str]:
    """The environment of an `initiative` subprocess that knows the toy (plain output,
    wide lines)."""
    return {**os.environ, "PYTHONPATH": toy_pythonpath(), "COLUMNS": "200", "NO_COLOR": "1",
            "PYTHONIOENCODING": "utf-8", **more}


def run_toy(args: Sequence[str], stdin: str = "", cwd: Path | None = None,
            timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`initiative ARGS` in a subprocess that knows the toy (`stdin` piped in)."""
    return subprocess.run([sys.executable, "-m", "initiative.cli.main", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout, env=toy_env(),
                          cwd=cwd)
