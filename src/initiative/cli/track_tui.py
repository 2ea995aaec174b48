"""`initiative track exalted|faith --tui`: a full-screen Textual view of a GM tracker.

:class:`TrackerApp` drives any :class:`~initiative.trackers.base.TrackerConsole` built by
a factory given the App's writer: a header line (system, phase, round, active and next),
the order table, the announcement log and a command line. Every command goes through
``console.run`` exactly as in line mode; the panes are redrawn after each one. What the
table shows per system lives in :mod:`initiative.cli.track_tui_rows`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Input, RichLog, Static

from initiative.cli.console_io import read_script
from initiative.cli.track_tui_rows import Board, board_of
from initiative.trackers.base import TrackerConsole, Writer
from initiative.trackers.systems import TITLES, new_console

__all__ = ["CommandInput", "ConsoleFactory", "TrackerApp", "build_app", "tui_main"]

ConsoleFactory = Callable[[Writer], TrackerConsole]
"""Builds a console that announces through the given writer."""



class CommandInput(Input):
    """The command line, with up/down recalling earlier commands."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "history(-1)", "Previous command", show=False),
        Binding("down", "history(1)", "Next command", show=False),
    ]

    def __init__(self, placeholder: str = "", id: str | None = None) -> None:
        super().__init__(placeholder=placeholder, id=id)
        self.history: list[str] = []
        self._pos = 0

    def remember(self, line: str) -> None:
        """Add a submitted line (not twice in a row) and reset the recall position."""
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self._pos = len(self.history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._pos = max(0, min(len(self.history), self._pos + step))
        self.value = self.history[self._pos] if self._pos < len(self.history) else ""
        self.cursor_position = len(self.value)


class TrackerApp(App[int]):
    """A GM tracker on one screen; ``factory(writer)`` builds its console."""

    CSS = """
    #header { height: 1; background: $primary; color: $text; padding: 0 1; }
    #order { height: 1fr; }
    #notes { height: auto; max-height: 4; padding: 0 1; color: $text-muted; }
    #log { height: 1fr; border-top: solid $primary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "command('undo')", "Undo", priority=True),
        Binding("ctrl+y", "command('redo')", "Redo", priority=True),
        Binding("ctrl+n", "command('next')", "Next", priority=True),
        Binding("f1", "command('help')", "Help", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, factory: ConsoleFactory, script: list[str] | None = None) -> None:
        super().__init__()
        self.transcript: list[str] = []
        """Every line written to the log, errors included, as plain text."""
        self._pending: list[Text] = []
        self._log_pane: RichLog | None = None
        self.tracker: TrackerConsole = factory(self.write)
        """The console driven; its ``write`` is :meth:`write`."""
        self.title = TITLES.get(self.tracker.system, self.tracker.system)
        self._script = list(script or ())

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Vertical():
            table: DataTable[Text] = DataTable(id="order", cursor_type="row", zebra_stripes=True)
            table.can_focus = False
            yield table
            yield Static(id="notes")
            log = RichLog(id="log", wrap=True)
            log.can_focus = False  # typing always goes to the command line
            yield log
        yield CommandInput(placeholder="command (help lists them; up/down recall)",
                           id="command")
        yield Footer()

    def on_mount(self) -> None:
        self._log_pane = self.query_one("#log", RichLog)
        for text in self._pending:
            self._log_pane.write(text)
        self._pending.clear()
        self.write(f"{self.title}: type a command below; F1 lists them, ctrl+q leaves.")
        for line in self._script:
            if line.strip():
                self.echo(line)
            if not self.execute(line):
                break
        self.refresh_panes()
        self.query_one(CommandInput).focus()

    # ------------------------------------------------------------------ output

    def write(self, text: str, style: str = "") -> None:
        """The console's writer: one log line per line of ``text``."""
        for line in text.splitlines() or [""]:
            self.transcript.append(line)
            rich = Text(line, style=style)
            if self._log_pane is not None:
                self._log_pane.write(rich)
            else:
                self._pending.append(rich)

    def echo(self, line: str) -> None:
        """Show a command as typed, after the console's prompt."""
        self.write(f"{self.tracker.prompt}{line}", style="dim")

    def refresh_panes(self) -> None:
        """Redraw the header, the order table and the notes from the console's state."""
        board: Board = board_of(self.tracker)
        # Text, not str: names and card labels such as "[proficiency]" are not markup.
        self.query_one("#header", Static).update(Text(board.header))
        table: DataTable[Text] = self.query_one("#order", DataTable)
        table.clear(columns=True)
        table.add_columns(*board.columns)
        table.add_rows([Text(cell) for cell in row] for row in board.rows)
        if board.current is not None:
            table.move_cursor(row=board.current)
        table.show_cursor = board.current is not None
        self.query_one("#notes", Static).update(Text("\n".join(board.notes)))

    # ------------------------------------------------------------------ input

    def execute(self, line: str) -> bool:
        """Run one line; refusals are logged as ``error: ...``. False on quit."""
        try:
            return self.tracker.run(line)
        except (ValueError, OSError) as exc:
            self.write(f"error: {exc}", style="bold red")
            return True

    def submit(self, line: str) -> None:
        """Echo, run and redraw; leave the app on ``quit``."""
        if line.strip():
            self.echo(line)
        if not self.execute(line):
            self.exit(0)
            return
        self.refresh_panes()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        box = self.query_one(CommandInput)
        box.remember(event.value.strip())
        box.value = ""
        self.submit(event.value)

    def action_command(self, line: str) -> None:
        """A key binding's command, run as if typed."""
        self.submit(line)


def build_app(system: str, script: list[str] | None = None,
              rules: dict[str, Any] | None = None, db: str | None = None) -> TrackerApp:
    """The App for ``system`` ("exalted" or "faith") with house-rule ``rules`` and the
    database URL ``db`` for ``save db:NAME``, after running ``script``'s lines."""
    return TrackerApp(lambda write: new_console(system, write, rules, db=db), script)


def tui_main(system: str, file: Path | None = None, rules: dict[str, Any] | None = None,
             db: str | None = None) -> int:
    """Open the full-screen tracker (2 if ``file`` cannot be read); the script's lines run
    first (until its end or a ``quit``) and show in the log."""
    script: list[str] = []
    if file is not None:
        lines = read_script(file)
        if lines is None:
            return 2
        script = lines
    result = build_app(system, script, rules, db).run()
    return result or 0
