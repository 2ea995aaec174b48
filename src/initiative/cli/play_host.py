"""What the terminal hosts of the hex game and The Initiative share: the checks of the
play options, the `--rule` items, the loop that asks each seat's human or bot in turn
(keeping what was played through a quit, Ctrl-C or a crash), and the saving of the
record. Game-neutral: each game's host (cli/hex_play.py, cli/ti_play.py) passes its
state, bots, question and record."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console

from initiative.bots import BOTS, is_bot_name
from initiative.engine.contract import SPECTATOR
from initiative.engine.errors import ConfigError, InitiativeError
from initiative.games.ib.config import parse_flag_value


class OptionError(ValueError):
    """A command-line option the game cannot take; the message says which and why."""


class HostedState(Protocol):
    """A state the host plays on."""

    def is_terminal(self) -> bool: ...

    def current_seat(self) -> int: ...

    def view(self, seat: int) -> Any: ...

    def apply(self, action: Any) -> None: ...


class Chooser(Protocol):
    """A bot: an action from its seat's view."""

    def choose(self, view: Any) -> Any: ...


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
            raise OptionError(f"--seat/--human: {s}, but the game has seats 0 to "
                              f"{num_seats - 1}")
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
