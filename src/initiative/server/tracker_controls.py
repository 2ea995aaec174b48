"""The game master's buttons and forms, built from the command catalogue of the
tracker's system (:mod:`initiative.trackers.command_catalogue`): every console command
a web page may run is a one-click button or a small form, on the page's main bar, on a
character's row, or under "More commands".

A control is enabled only when its command would be taken now: its line is checked on
a copy of the console (`command_catalogue.refusal`), and a refused one carries the
console's reason (shown as its tooltip and in the list under the buttons). The checks of
one console state are kept (`CHECK_CACHE` states), so every GM page of a tracker renders
them once per change.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any

from initiative.server.tracker_parts import tracker_web
from initiative.trackers.base import TrackerConsole
from initiative.trackers.command_catalogue import Arg, Catalogue, Command, catalogue, refusal

__all__ = ["gm_controls", "own_controls", "rows_of"]

CHECK_CACHE = 32
_checks: OrderedDict[tuple[Any, ...], dict[str, str]] = OrderedDict()


def _why(console: TrackerConsole, key: tuple[Any, ...], line: str) -> str:
    """Why `line` would be refused now ("": it would be taken), once per state."""
    done = _checks.get(key)
    if done is None:
        done = _checks[key] = {}
        while len(_checks) > CHECK_CACHE:
            _checks.popitem(last=False)
    if line not in done:
        done[line] = refusal(console, line)
    return done[line]


def rows_of(console: TrackerConsole) -> list[dict[str, Any]]:
    """Each roster row with the values its buttons may use (the system's `rows`,
    :class:`~initiative.server.tracker_parts.TrackerWeb`)."""
    return tracker_web(console.system).rows(console)


def _button_args(command: Command, template: str, row: dict[str, Any] | None
                 ) -> dict[str, str] | None:
    """A button's line as a form's values (a player page sends forms, not lines): {} for
    the bare verb, the row's name for ``VERB {name}``; None for any other line."""
    if template == command.verb:
        return {}
    if row is not None and command.row and template == f"{command.verb} {{name}}":
        return {command.args[0].name: row["name"]}
    return None


def _needs_value(command: Command) -> bool:
    """Whether the command's form asks for a value besides its row that its buttons do
    not cover (Join Battle's successes, an Initiative change; a choice, as worthy yes or
    no, has a button for each answer): its buttons cannot do all it does."""
    return any(a.required and a.kind != "choice" for a in command.args[1:])


class _Builder:
    """Controls of one console state."""

    def __init__(self, console: TrackerConsole, key: tuple[Any, ...]) -> None:
        self.console = console
        self.key = key
        self.book: Catalogue = catalogue(console.system)
        self.rows = rows_of(console)
        self.names = [r["name"] for r in self.rows]

    def why(self, command: Command, line: str) -> str:
        return _why(self.console, self.key, line) if command.changes and line else ""

    def buttons(self, command: Command, row: dict[str, Any] | None = None
                ) -> list[dict[str, Any]]:
        out = []
        for label, template in command.buttons:
            try:
                line = template.format(**(row or {}))
            except KeyError:  # a value this row has not (e.g. no Crash when crashed)
                continue
            out.append({"verb": command.verb, "label": label, "line": line,
                        "why": self.why(command, line), "help": command.help,
                        "changes": command.changes,
                        "args": _button_args(command, template, row)})
        return out

    def form(self, command: Command, row: dict[str, Any] | None = None,
             title: str = "") -> dict[str, Any]:
        fields = [self.field(arg, row if i == 0 and command.row else None, row)
                  for i, arg in enumerate(command.args)]
        check = command.check.format(**row) if row and command.check else \
            "" if command.row else command.check
        return {"verb": command.verb, "title": title or command.title, "help": command.help,
                "fields": fields, "why": self.why(command, check),
                "id": "f-" + re.sub(r"[^A-Za-z0-9_-]", "-",
                                    f"{command.verb}-{row['name'] if row else 'all'}")}

    def field(self, arg: Arg, fixed: dict[str, Any] | None,
              row: dict[str, Any] | None) -> dict[str, Any]:
        base = {"name": f"a:{arg.name}", "label": arg.name, "kind": arg.kind,
                "required": arg.required}
        if fixed is not None:
            return {**base, "hidden": fixed["name"]}
        options: list[tuple[str, str]] = []
        if arg.kind in ("name", "name_gm"):
            options = [(n, n) for n in self.names]
            options += [("gm", "GM")] if arg.kind == "name_gm" else []
        elif arg.kind == "choice":
            options = [(c, c.replace("_", " ")) for c in arg.choices]
        elif arg.kind == "card":
            options = list((row or {}).get("cards", [("top", "top of the deck")]))
        if options and not arg.required and arg.kind != "card":
            options = [("", "(none)"), *options]
        return {**base, "options": options}

    def build(self) -> dict[str, Any]:
        web = [c for c in self.book.commands if c.web]
        main = [b for c in web if not c.row for b in self.buttons(c)]
        rows = {}
        for row in self.rows:
            mine = [c for c in web if c.row and not (row.get("gm_hand")
                                                      and c.args[0].kind == "name_gm")]
            quick = [c for c in mine if c.quick]
            with_form = [c for c in mine if len(c.args) > 1 or not c.buttons]
            # In More, a command with a form shows its buttons only when they do what
            # the form cannot do without a value (Roll Join Battle, Crash).
            plain = [c for c in mine if c not in with_form or _needs_value(c)]
            inline = [f for f in (self.form(c, row) for c in quick
                                  if not c.buttons or _needs_value(c)) if not f["why"]]
            shown = {f["verb"] for f in inline}
            rows[row["name"]] = {
                "quick": [b for c in quick for b in self.buttons(c, row) if not b["why"]],
                "quick_forms": inline,
                "more_buttons": [b for c in plain for b in self.buttons(c, row)],
                "forms": [self.form(c, row) for c in with_form if c.verb not in shown]}
        gm = tracker_web(self.console.system).gm_row(self.console)
        for_gm = [c for c in web if c.row and c.args and c.args[0].kind == "name_gm"
                  and gm is not None]
        free = [c for c in web if not c.row and c.args]
        forms = [self.form(c) for c in free]
        return {
            "main": main,
            "quick_forms": [f for c, f in zip(free, forms, strict=True)
                            if c.quick and not f["why"]],
            "gm_forms": [self.form(c, gm, f"{c.title} (GM)") for c in for_gm if gm],
            "forms": forms,
            "shows": [{"verb": c.verb, "label": c.title, "line": c.verb, "why": "",
                       "help": c.help, "changes": False}
                      for c in web if not c.row and not c.args and not c.buttons],
            "rows": rows,
        }


def gm_controls(console: TrackerConsole, key: tuple[Any, ...]) -> dict[str, Any]:
    """Every control of the GM page for `console` in the state `key` names (a tracker's
    id, seq and console marker): `main` one-click buttons, `quick_forms` (the forms of
    quick commands of no row that would be taken now, shown beside them), `gm_forms`
    (the GM's own card and hand), `forms` (commands of no row), `shows` (commands that
    only show
    something), `rows` (per character: `quick` buttons and `quick_forms` that would be
    taken now, on the row itself; `more_buttons` and `forms`, the rest of its commands)."""
    return _Builder(console, key).build()


def own_controls(console: TrackerConsole, key: tuple[Any, ...], names: list[str],
                 verbs: frozenset[str], concerning: set[str]) -> dict[str, Any]:
    """A player page's controls, as :func:`gm_controls` builds them but only for the
    commands `verbs` and the rows `names` (the player's units; other rows stay choices
    of its forms), and commands of no row only in `concerning` (those acting for one of
    the player's units now)."""
    builder = _Builder(console, key)
    book = builder.book
    builder.book = book._replace(commands=tuple(
        c for c in book.commands if c.verb in verbs and (c.row or c.verb in concerning)))
    builder.rows = [r for r in builder.rows if r["name"] in names]
    return builder.build()
