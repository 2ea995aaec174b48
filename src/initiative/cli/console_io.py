"""Where a line-mode console reads its commands: the keyboard, or a script file whose
commands are echoed after the prompt (so a transcript reads like a session); and where
a game at the terminal reads its answers (`console_reader`)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

Reader = Callable[[str], "str | None"]
"""Gives one line after showing a prompt; None at the end of input."""
Writer = Callable[[str], None]


def write_line(text: str) -> None:
    print(text, flush=True)


def read_keyboard(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None
    except KeyboardInterrupt:
        print()
        return None


def script_reader(lines: list[str], write: Writer) -> Reader:
    feed = iter(lines)

    def read(prompt: str) -> str | None:
        line = next(feed, None)
        if line is not None and line.strip():
            write(f"{prompt}{line}")
        return line

    return read


def read_script(file: Path) -> list[str] | None:
    """The lines of a script file, or None after saying on stderr why it cannot be read."""
    try:
        return file.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        print(f"error: cannot read {file}: {exc.strerror or exc}", file=sys.stderr)
        return None


def run_console(file: Path | None, run: Callable[[Reader, Writer, bool], int],
                banner: str = "") -> int:
    """`run(read, write, scripted)` on the keyboard, or on the commands of `file`
    (2 if it cannot be read); `banner` greets a person at a terminal."""
    if file is not None:
        lines = read_script(file)
        if lines is None:
            return 2
        return run(script_reader(lines, write_line), write_line, True)
    if banner and sys.stdin.isatty():
        write_line(banner)
    return run(read_keyboard, write_line, False)


def console_reader(console: Console) -> Reader:
    """Read answers from the terminal (or piped stdin) through `console`."""

    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str | None:
        try:
            line = console.input(prompt)
        except EOFError:
            console.print()
            return None
        if echo:  # piped answers are not shown by a terminal: keep the transcript readable
            console.print(line, markup=False, highlight=False)
        return line

    return read
