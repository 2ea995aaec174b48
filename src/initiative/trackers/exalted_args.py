"""Reading the tick console's command arguments: whole numbers, roster sheets, durations;
a malformed line raises :class:`Usage` naming what is wrong."""

from __future__ import annotations

from dataclasses import dataclass

from initiative.timing.ticks_rules import CharacterSheet, Duration
from initiative.trackers.base import ConsoleError

__all__ = ["DURATION_WORDS", "ENTRY_WORDS", "AddLine", "Usage", "name_amount_cause", "need",
           "parse_add", "whole"]

DURATION_WORDS: dict[str, Duration] = {
    "one_turn": "one_turn", "next_turn": "until_end_of_next_turn",
    "until_end_of_next_turn": "until_end_of_next_turn", "until_removed": "until_removed",
}


class Usage(ConsoleError):
    """A malformed command line."""


def whole(text: str, what: str) -> int:
    """A whole number >= 0 typed for ``what``."""
    try:
        value = int(text)
    except ValueError:
        raise Usage(f"{what} must be a whole number, got {text!r}") from None
    if value < 0:
        raise Usage(f"{what} must be >= 0, got {value}")
    return value


def need(args: list[str], count: int, usage: str) -> None:
    """At least ``count`` arguments, else the usage line."""
    if len(args) < count:
        raise Usage(f"usage: {usage}")


def name_amount_cause(args: list[str], command: str) -> tuple[str, int, str]:
    """``NAME N [cause...]`` (the cause defaults to "spent by the GM")."""
    need(args, 2, f"{command} NAME N [cause...]")
    return args[0], whole(args[1], "N"), " ".join(args[2:]) or "spent by the GM"


ENTRY_WORDS = ("init", "successes")
"""How ``add`` takes a mook's Join Battle typed: its Initiative, or its successes."""


@dataclass(frozen=True, slots=True)
class AddLine:
    """``add``'s line read: the sheet, and a Join Battle typed with it (``entry`` is
    "init" or "successes" with ``value``), or None when the character joins later."""

    sheet: CharacterSheet
    entry: str | None = None
    value: int = 0


def parse_add(args: list[str]) -> AddLine:
    """``add``'s arguments (section 2d; EX-6, EX-8..EX-11, EX-25). Wits and Awareness
    are needed only to roll Join Battle (``join NAME roll`` says so when they are
    missing): a mook added with ``init N`` or ``successes N``, or joined later with typed
    numbers, needs neither. An attribute not given is 0 (Stamina 0: base 2i, EX-6)."""
    usage = ("add NAME [npc] [stamina=N wits=N awareness=N stealth=N manipulation=N "
             "motes=N] [init N|successes N]")
    need(args, 1, usage)
    name, rest = args[0], list(args[1:])
    if "=" in name or name.lower() in ENTRY_WORDS:
        raise Usage(f"usage: {usage}")
    player = True
    values: dict[str, int] = {}
    allowed = ("stamina", "wits", "awareness", "stealth", "manipulation", "motes",
               *ENTRY_WORDS)
    while rest:
        word = rest.pop(0)
        if word.lower() in ("npc", "pc"):
            player = word.lower() == "pc"
            continue
        key, sep, raw = word.partition("=")
        key = key.lower()
        if not sep and key in ENTRY_WORDS:  # "init 7" as well as "init=7"
            if not rest:
                raise Usage(f"{key} needs a number; usage: {usage}")
            sep, raw = "=", rest.pop(0)
        if not sep or key not in allowed:
            raise Usage(f"unknown field {word!r}; usage: {usage}")
        if key in values:
            raise Usage(f"{key} given twice")
        values[key] = whole(raw, key)
    entries = [k for k in ENTRY_WORDS if k in values]
    if len(entries) > 1:
        raise Usage("give the Initiative (init N) or the successes (successes N), not both")
    entry = entries[0] if entries else None
    value = values.pop(entry) if entry else 0
    motes = values.pop("motes", None)
    return AddLine(CharacterSheet(name, player, mote_max=motes, **values), entry, value)
