"""What the terminal hosts of the hex game and The Initiative share: the checks of the
play options, the `--rule` items, the loop that asks each seat's human or bot in turn
(keeping what was played through a quit, Ctrl-C or a crash), and the saving of the
record. Game-neutral: each game's host (cli/hex/play.py, cli/ti/play.py) passes its
state, bots, question and record."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Protocol

from rich.console import Console
from rich.rule import Rule

from initiative.bots import BOTS, is_bot_name
from initiative.cli.console_io import Reader
from initiative.cli.menu_choice import PROMPT, QUIT_WORDS, ChoiceError
from initiative.cli.parts import OptionError
from initiative.engine.contract import SPECTATOR
from initiative.engine.errors import ConfigError, InitiativeError
from initiative.timing.flag_types import parse_flag_value


class HostedState(Protocol):
    """A state the host plays on."""

    def is_terminal(self) -> bool: ...

    def current_seat(self) -> int: ...

    def view(self, seat: int) -> Any: ...

    def apply(self, action: Any) -> None: ...


class Chooser(Protocol):
    """A bot: an action from its seat's view."""

    def choose(self, view: Any) -> Any: ...


class Screens(Protocol):
    """A game's screens (cli/hex/screen.py, cli/ti/screen.py), drawn from a view dict."""

    def screen(self, view: Mapping[str, Any], log_start: int) -> str: ...

    def log_lines(self, view: Mapping[str, Any], start: int) -> list[str]: ...

    def board_text(self, view: Mapping[str, Any]) -> str: ...

    def result_text(self, view: Mapping[str, Any]) -> str: ...


@dataclass
class Table:
    """One game at the terminal: who is human, where their logs were last read. A game's
    table names its `screens` and says how the keyboard is handed over, which questions
    it answers and how an answer becomes an action."""

    screens: ClassVar[Screens]
    console: Console
    read: Reader
    humans: list[int]
    log_start: dict[int, int] = field(default_factory=dict)
    last: int | None = None
    """The human who decided last (no handoff screen while the same person plays on)."""

    def handoff(self, seat: int, view: Mapping[str, Any]) -> bool:
        """Wait for `seat`'s player if another decided last; False if they quit."""
        raise NotImplementedError

    def question(self, text: str, view: Mapping[str, Any], log_start: int) -> str | None:
        """The answer to a question that spends no decision; None if `text` is a choice."""
        raise NotImplementedError

    def choice(self, text: str, view: Mapping[str, Any]) -> Any:
        """The legal action `text` names; ChoiceError says why it names none."""
        raise NotImplementedError

    def ask(self, seat: int, view: Mapping[str, Any]) -> Any:
        """Show `seat` its screen and read a legal choice; None: the player quit."""
        if not self.handoff(seat, view):
            return None
        start = self.log_start.get(seat, 0)
        self.say(self.screens.screen(view, start))
        self.log_start[seat] = len(view["log"])
        while True:
            text = self.read(PROMPT)
            if text is None or text.strip().lower() in QUIT_WORDS:
                return None
            answer = self.question(text, view, start)
            if answer is not None:
                self.say(answer)
                continue
            try:
                return self.choice(text, view)
            except ChoiceError as exc:
                self.console.print(str(exc), style="bold red", markup=False,
                                   highlight=False)

    def say(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False)

    def finish(self, final: Mapping[str, Any], stopped: bool) -> None:
        """The end: the log the viewer has not seen, the board, and the result."""
        self.console.print(Rule("Game stopped" if stopped else "Game over"))
        seen = self.log_start.get(int(final["seat"]), 0)
        for line in self.screens.log_lines(final, seen):
            self.say(line)
        self.say(self.screens.board_text(final))
        self.say("Game abandoned." if stopped else self.screens.result_text(final))


def final_viewer(humans: Sequence[int]) -> int:
    """Whose view the end is shown from: the one human, or a spectator (no hand)."""
    return humans[0] if len(humans) == 1 else SPECTATOR


def rule_flags(items: Sequence[str], names: Sequence[str], *, nulls: bool = False
               ) -> dict[str, Any]:
    """`--rule flag=value` items as a dict (the loader checks names and values); with
    `nulls`, `null` or `none` is None. ConfigError lists the flag `names`."""
    flags: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ConfigError(f"--rule expects flag=value, got {item!r} (flags: "
                              f"{', '.join(names)})")
        flags[name.strip()] = None if nulls and value.strip().lower() in ("null", "none") \
            else parse_flag_value(value)
    return flags


def check_bot(bot: str) -> None:
    """OptionError unless `bot` names a bot."""
    if not is_bot_name(bot):
        raise OptionError(f"--bot: {bot!r} is not one of {', '.join(BOTS)}, ismcts@N "
                          "(iterations) or ismcts@Xs (seconds per decision)")


def check_seats(here: Sequence[int], num_seats: int, record: Path | None) -> None:
    """OptionError for a human seat the game does not have or a record folder that
    does not exist."""
    for s in here:
        if s >= num_seats:
            raise OptionError(f"--seat/--human: {s + 1}, but the game has seats 1 to "
                              f"{num_seats}")
    if record is not None and not record.parent.is_dir():
        raise OptionError(f"--record: folder {record.parent} does not exist")


def play_out(state: HostedState, humans: Sequence[int], bots: Mapping[int, Chooser],
             ask: Callable[[int, dict[str, Any]], Any], console: Console,
             on_crash: Callable[[], object]) -> bool:
    """Play `state` to its end: `ask(seat, view dict)` a human seat (None: the player
    quit), `bots[seat]` the others. Ctrl-C stops the game; a crash calls `on_crash`
    (to keep what was played) and goes on up. Whether the game was stopped."""
    try:
        while not state.is_terminal():
            seat = state.current_seat()
            if seat in humans:
                action = ask(seat, state.view(seat).to_dict())
                if action is None:
                    return True
            else:
                action = bots[seat].choose(state.view(seat))
            state.apply(action)
    except KeyboardInterrupt:
        console.print()
        return True
    except BaseException:  # a crash: keep what was played, then let it show
        on_crash()
        raise
    return False


def save_record(write: Callable[[Path], None], path: Path, console: Console, *,
                soft_wrap: bool | None = None) -> int:
    """`write(path)` the game so far; the exit code (1: it could not be written)."""
    try:
        write(path)
    except (OSError, InitiativeError) as exc:
        console.print(f"error: the record could not be saved: {exc}", style="bold red",
                      markup=False)
        return 1
    console.print(f"Record saved to {path}", markup=False, highlight=False,
                  soft_wrap=soft_wrap)
    return 0
