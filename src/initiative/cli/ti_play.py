"""`initiative play --game the_initiative`: the cooperative deduction game at a terminal.

The loop is the host: it holds the state and gives each player only its own view (a
bot its `TIView`, a person the screen drawn from that view's dict by `ti_screen`).
Several people may share the keyboard (hotseat): before a different person's decision
the screen is cleared and the game waits for Enter, so nobody sees another's hand; a
solve's votes pass the keyboard round every human seat in turn (TI-56). An answer is a
menu number, a move text (`play run 14`) or, at the answer step, a symbol; `help`,
`card NAME`, `room NAME`, `map` and `log` answer without spending the decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule

from initiative.cli import ti_screen
from initiative.cli.console_io import Reader
from initiative.cli.ti_prompt import PROMPT, QUIT_WORDS, ChoiceError, parse_choice, question
from initiative.engine.contract import SPECTATOR
from initiative.engine.errors import ConfigError
from initiative.games.ib.config import parse_flag_value
from initiative.games.ti.actions import TIAction
from initiative.games.ti.flags import TIRules

HANDOFF = "Pass the keyboard to {name} (seat {seat}){why}, then press Enter: "
WHY: Mapping[str, str] = {"vote": " to vote on the proposed answer",
                          "first": " to choose who goes first"}
"""Why the keyboard is passed, for the decisions that are not a turn of one's own."""


@dataclass
class Table:
    """One game at the terminal: who is human, where their logs were last read."""

    console: Console
    read: Reader
    humans: list[int]
    log_start: dict[int, int] = field(default_factory=dict)
    last: int | None = None
    """The human who decided last (no handoff screen while the same person plays on)."""

    def handoff(self, seat: int, view: Mapping[str, Any]) -> bool:
        """Clear the screen (and a terminal's scrollback) and wait for `seat`'s player;
        False if they quit instead."""
        if len(self.humans) < 2 or seat == self.last:
            return True
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write("\x1b[3J")
            self.console.file.flush()
        self.last = seat
        why = WHY.get(str((view.get("pending") or {}).get("kind")), "")
        text = self.read(HANDOFF.format(name=view["seat_names"][seat], seat=seat, why=why))
        return text is not None and text.strip().lower() not in QUIT_WORDS

    def ask(self, seat: int, view: Mapping[str, Any]) -> TIAction | None:
        """Show `seat` its screen and read a legal choice; None: the player quit."""
        if not self.handoff(seat, view):
            return None
        start = self.log_start.get(seat, 0)
        self.say(ti_screen.screen(view, start))
        self.log_start[seat] = len(view["log"])
        while True:
            text = self.read(PROMPT)
            if text is None or text.strip().lower() in QUIT_WORDS:
                return None
            answer = question(text, view, start)
            if answer is not None:
                self.say(answer)
                continue
            try:
                return parse_choice(text, view)
            except ChoiceError as exc:
                self.console.print(str(exc), style="bold red", markup=False,
                                   highlight=False)

    def say(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False)

    def finish(self, final: Mapping[str, Any], stopped: bool) -> None:
        """The end: the log the viewer has not seen, the board, and the result."""
        self.console.print(Rule("Game stopped" if stopped else "Game over"))
        seen = self.log_start.get(int(final["seat"]), 0)
        for line in ti_screen.log_lines(final, seen):
            self.say(line)
        self.say(ti_screen.board_text(final))
        self.say("Game abandoned." if stopped else ti_screen.result_text(final))


def final_viewer(humans: Sequence[int]) -> int:
    """Whose view the end is shown from: the one human, or a spectator (no hand)."""
    return humans[0] if len(humans) == 1 else SPECTATOR


def rule_flags(items: Sequence[str]) -> dict[str, Any]:
    """`--rule flag=value` items as a dict (the loader checks names and values)."""
    flags: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ConfigError(f"--rule expects flag=value, got {item!r} (flags: "
                              f"{', '.join(TIRules.names())})")
        flags[name.strip()] = parse_flag_value(value)
    return flags


class OptionError(ValueError):
    """A command-line option The Initiative cannot take; the message says which and why."""
