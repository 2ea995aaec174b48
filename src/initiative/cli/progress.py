"""Progress of long work: a bar with what is done, the rate and the time left, drawn on
stderr while stderr is a terminal, and nothing at all anywhere else (a pipe, a file, a CI
log), so output that is read by a program stays exactly the work's own.

One display (`Progress`, a context manager) holds one line per `Task`; the work reports
through a task's `advance` (or `update`, e.g. a timed run that reports the seconds gone
and the actions done). `initiative simulate`, `report` and `campaign --auto` use it, and
so do the bot ladder and the web load test (benchmarks/). The bar goes away when the
work ends (the terminal then holds what a pipe would have). Text the work prints on
stdout meanwhile comes above the bar when stdout is that terminal too; a stdout piped
elsewhere is left alone.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, ProgressColumn, TextColumn, TimeElapsedColumn
from rich.progress import Progress as RichProgress
from rich.text import Text

if TYPE_CHECKING:
    from rich.progress import Task as RichTask
    from rich.progress import TaskID

__all__ = ["Progress", "Task", "shown"]

REFRESH_PER_SECOND = 4


def shown(console: Console | None = None) -> bool:
    """Whether a bar is drawn: `console` (default: stderr's) is an interactive terminal
    (not a pipe, a file or a dumb terminal)."""
    console = console or Console(stderr=True)
    return console.is_terminal and not console.is_dumb_terminal


def _elapsed(task: RichTask) -> float | None:
    """The seconds a task took, or has taken so far (None before it started)."""
    return task.finished_time if task.finished else task.elapsed


def _rate(task: RichTask) -> float | None:
    """The rate of a task over its time, in its rate unit a second (None before its
    first step)."""
    elapsed = _elapsed(task)
    counted = task.fields.get("counted", task.completed)
    return counted / elapsed if elapsed and counted else None


def _figure(rate: float) -> str:
    """A rate to three figures at most, no exponent: 0.547, 12.3, 315, 4,917."""
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:.3g}"


def _waiting(task: RichTask) -> bool:
    """Whether a task is work of no known size not yet done (its bar pulses; no count,
    rate or time left is shown)."""
    return task.total is None and not task.completed


class CountColumn(ProgressColumn):
    """`12/1,000 games` (or `12 games` when the total is not known)."""

    def render(self, task: RichTask) -> Text:
        if _waiting(task):
            return Text("")
        unit = task.fields["unit"]
        done = f"{task.completed:,.0f}"
        return Text(f"{done}/{task.total:,.0f} {unit}" if task.total is not None
                    else f"{done} {unit}")


class RateColumn(ProgressColumn):
    """`315 games/s`: what was counted over the time gone (`-` before the first step)."""

    def render(self, task: RichTask) -> Text:
        if _waiting(task):
            return Text("")
        rate = _rate(task)
        unit = task.fields["rate_unit"]
        return Text(f"{_figure(rate)} {unit}/s" if rate is not None else f"- {unit}/s")


class EtaColumn(ProgressColumn):
    """`ETA 0:01:23`: the time left at the average pace so far."""

    def render(self, task: RichTask) -> Text:
        elapsed = _elapsed(task)
        if _waiting(task):
            return Text("")
        if task.total is None or not elapsed or not task.completed:
            return Text("ETA -:--:--")
        left = max(0.0, task.total - task.completed) * elapsed / task.completed
        minutes, seconds = divmod(round(left), 60)
        return Text(f"ETA {minutes // 60}:{minutes % 60:02d}:{seconds:02d}")


class Task:
    """One line of a `Progress`: advance it as the work goes (a no-op when the display is
    not shown)."""

    def __init__(self, bar: RichProgress | None, task: TaskID | None) -> None:
        self._bar = bar
        self._task = task

    def advance(self, n: float = 1) -> None:
        """`n` more units done."""
        if self._bar is not None and self._task is not None:
            self._bar.advance(self._task, n)

    def update(self, *, done: float | None = None, total: float | None = None,
               counted: float | None = None, what: str | None = None) -> None:
        """Set how much is done, the total, what the rate counts (a task made with its
        own `rate_unit`) or the description."""
        if self._bar is None or self._task is None:
            return
        fields: dict[str, Any] = {} if counted is None else {"counted": counted}
        self._bar.update(self._task, completed=done, total=total, description=what,
                         **fields)


class Progress:
    """A progress display on stderr (see the module docstring): shown only when stderr
    is an interactive terminal, unless `enabled` says otherwise."""

    def __init__(self, *, enabled: bool | None = None) -> None:
        console = Console(stderr=True)
        self._bar = RichProgress(
            TextColumn("{task.description}", markup=False), BarColumn(), CountColumn(),
            RateColumn(), TimeElapsedColumn(), EtaColumn(), console=console, transient=True,
            refresh_per_second=REFRESH_PER_SECOND, redirect_stdout=sys.stdout.isatty(),
        ) if (shown(console) if enabled is None else enabled) else None

    def __enter__(self) -> Progress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.stop()

    def task(self, what: str, total: float | None, unit: str, *,
             rate_unit: str | None = None) -> Task:
        """A new line: `what`, `total` units to do (None: not known), the unit's name
        (plural: "games"); the rate counts `rate_unit` (reported with `update(counted=)`)
        instead of the units done when given (a timed run: seconds done, actions a
        second)."""
        if self._bar is None:
            return Task(None, None)
        fields: dict[str, Any] = {"unit": unit, "rate_unit": rate_unit or unit}
        if rate_unit:
            fields["counted"] = 0
        return Task(self._bar, self._bar.add_task(what, total=total, **fields))
