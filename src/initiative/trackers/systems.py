"""The tracker systems by name: building a console, reading its house rules.

``"exalted"`` is tick initiative (:class:`~initiative.trackers.exalted.ExaltedConsole`,
rules :class:`~initiative.timing.ticks_rules.TickRules`); ``"faith"`` is card rounds
(:class:`~initiative.trackers.faith.FaithConsole`, rules
:class:`~initiative.timing.cards_rules.CardRoundRules`); ``"ib"`` is the Initiative Break
table companion (:class:`~initiative.trackers.ib_companion.IBCompanionConsole`, rules
:class:`~initiative.games.ib.config.RulesConfig`).
"""

from __future__ import annotations

from typing import Any

from initiative.games.ib.config import RulesConfig
from initiative.timing.cards_rules import CardRoundRules
from initiative.timing.flag_types import flag_problems, parse_value
from initiative.timing.ticks_rules import TickRules
from initiative.trackers.base import TrackerConsole, Writer
from initiative.trackers.exalted import ExaltedConsole
from initiative.trackers.faith import FaithConsole
from initiative.trackers.ib_companion import IBCompanionConsole, parse_config

__all__ = ["SYSTEMS", "TITLES", "new_console", "parse_house_rules", "parse_rules"]

SYSTEMS = ("exalted", "faith", "ib")
TITLES = {"exalted": "Exalted-style tick initiative", "faith": "FaithRPG-style card rounds",
          "ib": "Initiative Break table companion"}
_RULES: dict[str, type[TickRules] | type[CardRoundRules] | type[RulesConfig]] = {
    "exalted": TickRules, "faith": CardRoundRules, "ib": RulesConfig}


def _rules_class(system: str) -> type[TickRules] | type[CardRoundRules] | type[RulesConfig]:
    try:
        return _RULES[system]
    except KeyError:
        raise ValueError(f"unknown tracker system {system!r} "
                         f"(one of {', '.join(SYSTEMS)})") from None


def parse_rules(system: str, flags: dict[str, Any]
                ) -> TickRules | CardRoundRules | RulesConfig:
    """The house rules of ``system`` from flag values; ValueError names each bad flag."""
    cls = _rules_class(system)
    if cls is RulesConfig:
        return parse_config(flags)
    try:
        return cls.from_dict(dict(flags))
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
    if isinstance(parsed, RulesConfig):
        return IBCompanionConsole(write, parsed, seed, db)
    return FaithConsole(write, parsed, seed, db)
