"""The tracker systems by name: building a console, reading its house rules.

``"exalted"`` is tick initiative (:class:`~initiative.trackers.exalted.ExaltedConsole`,
rules :class:`~initiative.timing.ticks_rules.TickRules`); ``"faith"`` is card rounds
(:class:`~initiative.trackers.faith.FaithConsole`, rules
:class:`~initiative.timing.cards_rules.CardRoundRules`).
"""

from __future__ import annotations

from typing import Any

from initiative.timing.cards_rules import CardRoundRules
from initiative.timing.flag_types import flag_problems, parse_value
from initiative.timing.ticks_rules import TickRules
from initiative.trackers.base import TrackerConsole, Writer
from initiative.trackers.exalted import ExaltedConsole
from initiative.trackers.faith import FaithConsole

__all__ = ["SYSTEMS", "TITLES", "new_console", "parse_house_rules", "parse_rules"]

SYSTEMS = ("exalted", "faith")
TITLES = {"exalted": "Exalted-style tick initiative", "faith": "FaithRPG-style card rounds"}
_RULES: dict[str, type[TickRules] | type[CardRoundRules]] = {
    "exalted": TickRules, "faith": CardRoundRules}


def _rules_class(system: str) -> type[TickRules] | type[CardRoundRules]:
    try:
        return _RULES[system]
    except KeyError:
        raise ValueError(f"unknown tracker system {system!r} "
                         f"(one of {', '.join(SYSTEMS)})") from None


def parse_rules(system: str, flags: dict[str, Any]) -> TickRules | CardRoundRules:
    """The house rules of ``system`` from flag values; ValueError names each bad flag."""
    try:
        return _rules_class(system).from_dict(dict(flags))
    except TypeError as exc:
        raise ValueError(f"bad house rules: {exc}") from None


def parse_house_rules(system: str, items: list[str]) -> tuple[dict[str, Any], list[str]]:
    """``flag=value`` items (text values typed by :func:`parse_value`) checked against
    ``system``'s flags: the flags and every problem found, each naming the flag."""
    flags: dict[str, Any] = {}
    problems: list[str] = []
    for item in (i.strip() for i in items):
        if not item:
            continue
        flag, sep, value = item.partition("=")
        if not sep or not flag.strip():
            problems.append(f"house rules: {item!r} is not flag=value")
            continue
        flags[flag.strip()] = parse_value(value)
    if system not in SYSTEMS:
        return flags, [*problems, "choose an initiative system"]
    problems += [f"house rules: {p}" for p in flag_problems(_rules_class(system), flags)]
    if not problems:
        try:
            parse_rules(system, flags)
        except ValueError as exc:
            problems.append(f"house rules: {exc}")
    return flags, problems


def new_console(system: str, write: Writer, rules: dict[str, Any] | None = None,
                seed: int = 0, db: str | None = None) -> TrackerConsole:
    """A fresh console of ``system``; ``db`` is the database URL for ``save db:NAME``."""
    parsed = parse_rules(system, rules or {})
    if isinstance(parsed, TickRules):
        return ExaltedConsole(write, parsed, seed, db)
    return FaithConsole(write, parsed, seed, db)
