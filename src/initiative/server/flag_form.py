"""House-rule flags as form fields, for any game's new-table form: one field per flag of
the game's rules section (the `rules` part `initiative rules` lists too), read from its
type (a bool, a `Literal` choice, a whole number), with the ruling it settles and what
its values do, and the flags a form changes."""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, fields
from typing import Any, Literal, Union, get_args, get_origin

from initiative.games.parts import RulesSection


@dataclass(frozen=True)
class RuleField:
    """One house-rule flag as the form offers it: `kind` "bool", "choice" or "number"."""

    name: str
    kind: str
    default: Any
    options: tuple[str, ...] = ()
    optional: bool = False
    rule_id: str = ""
    """The ruling the flag settles (e.g. HX-A1, TI-A2)."""
    note: str = ""
    """What its values do, in one line."""


def rule_fields(section: RulesSection) -> list[RuleField]:
    """Every flag of a game's rules section (its `rules` part: the flags dataclass, each
    flag's note, the numbers a number flag takes when it takes only a few, offered as a
    choice), in declaration order, as a form field."""
    hints = typing.get_type_hints(section.flags)
    out = []
    for f in fields(section.flags):
        hint = hints[f.name]
        args = [a for a in get_args(hint) if a is not type(None)]
        optional = get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint)
        found = section.notes.get(f.name)
        rule_id, note = (found.rule, found.text) if found else ("", "")
        if hint is bool:
            out.append(RuleField(f.name, "bool", f.default, rule_id=rule_id, note=note))
        elif get_origin(hint) is Literal:
            out.append(RuleField(f.name, "choice", f.default, tuple(map(str, get_args(hint))),
                                 rule_id=rule_id, note=note))
        elif hint is int or (optional and args == [int]):
            offered = tuple(map(str, section.choices.get(f.name, ())))
            out.append(RuleField(f.name, "number", f.default, offered, optional=optional,
                                 rule_id=rule_id, note=note))
    return out


def changed_rules(form: dict[str, Any], problems: list[str],
                  offered: list[RuleField]) -> dict[str, Any]:
    """The flags the form changes from their defaults (`rule_NAME` fields); each bad
    value is added to `problems`, naming the flag (a number flag that takes only a few
    numbers takes no other: The Initiative's seats per solo player size the table)."""
    changed: dict[str, Any] = {}
    for field in offered:
        raw = str(form.get(f"rule_{field.name}", "")).strip()
        if not raw:
            continue
        value: Any
        if field.kind == "bool":
            if raw not in ("yes", "no"):
                problems.append(f"house rule {field.name}: yes or no, got {raw!r}")
                continue
            value = raw == "yes"
        elif field.kind == "choice":
            if raw not in field.options:
                problems.append(f"house rule {field.name}: one of {', '.join(field.options)}, "
                                f"got {raw!r}")
                continue
            value = raw
        else:
            if field.optional and raw == "none":
                value = None
            elif field.options and raw not in field.options:  # before it sizes the table
                problems.append(f"house rule {field.name}: one of "
                                f"{', '.join(field.options)}, got {raw!r}")
                continue
            elif raw.lstrip("-").isdigit() and len(raw) < 6:
                value = int(raw)
            else:
                problems.append(f"house rule {field.name}: a whole number"
                                f"{' or none' if field.optional else ''}, got {raw!r}")
                continue
        if value != field.default:
            changed[field.name] = value
    return changed

