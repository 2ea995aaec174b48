"""Reading the tick console's command arguments: whole numbers, roster sheets, durations;
a malformed line raises :class:`Usage` naming what is wrong."""

from __future__ import annotations

from initiative.timing.ticks_rules import CharacterSheet, Duration
from initiative.trackers.base import ConsoleError

__all__ = ["DURATION_WORDS", "Usage", "name_amount_cause", "need", "parse_add", "whole"]

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


def parse_add(args: list[str]) -> CharacterSheet:
    """``add``'s arguments as a roster sheet (section 2d; EX-6, EX-9..EX-11, EX-25)."""
    usage = "add NAME [npc] stamina=N wits=N awareness=N [stealth=N manipulation=N motes=N]"
    need(args, 1, usage)
    name, rest = args[0], args[1:]
    if "=" in name:
        raise Usage(f"usage: {usage}")
    player = True
    values: dict[str, int] = {}
    allowed = ("stamina", "wits", "awareness", "stealth", "manipulation", "motes")
    for word in rest:
        if word.lower() in ("npc", "pc"):
            player = word.lower() == "pc"
            continue
        key, sep, raw = word.partition("=")
        key = key.lower()
        if not sep or key not in allowed:
            raise Usage(f"unknown field {word!r}; usage: {usage}")
        if key in values:
            raise Usage(f"{key} given twice")
        values[key] = whole(raw, key)
    missing = [k for k in ("stamina", "wits", "awareness") if k not in values]
    if missing:
        raise Usage(f"missing {', '.join(missing)}; usage: {usage}")
    motes = values.pop("motes", None)
    return CharacterSheet(name, player, mote_max=motes, **values)
