"""The console commands of each tracker system as data: the one list from which each
console's ``help`` is written and the web GM page builds its buttons and forms.

Each system lists its commands in its own module, ``<system>_commands_catalogue``, as
``COMMANDS``: a tuple of :class:`Command` (a verb, its arguments as :class:`Arg`, a
one-line help, its rule ids, other ways of typing it as :class:`Form`, and whether it
acts on one roster row), with ``QUOTED`` (how the console splits a line) and the help's
``HELP_HEAD`` and ``HELP_NOTES``. :func:`catalogue` finds them by the system's name;
:func:`help_text` writes the console's help; :func:`build_line` turns a form's values
into the console line; :func:`refusal` checks a line on a copy of the console (nothing
changes).
"""

from __future__ import annotations

import importlib
import shlex
import textwrap
from collections.abc import Mapping
from typing import NamedTuple

from initiative.trackers.base import TrackerConsole

__all__ = ["ARG_KINDS", "Arg", "Catalogue", "Command", "Form", "build_line", "catalogue",
           "help_text", "refusal"]

ARG_KINDS = ("name", "name_gm", "names", "int", "signed", "word", "words", "choice", "flag",
             "card", "text")
"""What an argument takes: a roster name (`name_gm`: or ``gm``), several names, a whole
number (`signed`: +N or -N), one word (`words`: several, each its own), one of
`choices`, a literal word that is present or not (`flag`: its `choices[0]`), a card of a
hand (its index from 0, or ``top`` of the deck), or free text (the rest of the line,
last). Names with a `prefix` are written as one word, comma-separated (``affects=A,B``)."""


class Arg(NamedTuple):
    """One argument of a command, in the order the console reads them."""

    name: str
    kind: str
    required: bool = True
    choices: tuple[str, ...] = ()
    prefix: str = ""
    """Written before the value (``gain=``, ``by=``)."""
    shown: str = ""
    """How the help writes it ("" = its name; optional ones are bracketed)."""

    def usage(self) -> str:
        """The argument as the help shows it: ``NAME``, ``[by=B]``, ``[npc]``."""
        if self.kind == "flag":
            return f"[{self.choices[0]}]"
        text = self.shown or (
            "|".join(self.choices) if self.kind == "choice" and not self.prefix
            else f"{self.name}..." if self.kind == "text" else self.name)
        return text if self.required else f"[{text}]"


class Form(NamedTuple):
    """One way of typing a command, as the help lists it: the line, what it does, the
    rule ids it follows."""

    usage: str
    help: str
    rules: str = ""


class Command(NamedTuple):
    """One console command: `row` when its first argument is the roster row it acts on;
    `changes` False for a command that only shows something; `web` False for one a web
    page may not run (files). `buttons`: one-click variants as (label, line) where the
    line may name ``{name}`` (the row) and values the front end knows of the row;
    `probe`: a line checked on a copy of the console to tell whether the command's form
    can be used now ("" = the first button's line, or always offered); `quick`: shown on
    the row itself (its buttons, else its form) whenever it would be taken."""

    verb: str
    args: tuple[Arg, ...]
    help: str
    row: bool = False
    changes: bool = True
    web: bool = True
    buttons: tuple[tuple[str, str], ...] = ()
    probe: str = ""
    label: str = ""
    quick: bool = False
    rules: str = ""
    """The rule ids it follows (as the help cites them)."""
    usage: str = ""
    """How it is typed, for the help ("" = the verb and its arguments' usage)."""
    forms: tuple[Form, ...] = ()
    """Other ways of typing it, each with its own help (listed after this one)."""

    @property
    def help_forms(self) -> tuple[Form, ...]:
        """Every way of typing the command, as the help lists them."""
        typed = self.usage or " ".join([self.verb, *(a.usage() for a in self.args)])
        return (Form(typed, self.help, self.rules), *self.forms)

    @property
    def check(self) -> str:
        """The line that tells whether the command's form can be used ("" = always)."""
        return self.probe or (self.buttons[0][1] if self.buttons else "")

    @property
    def title(self) -> str:
        """The button's text."""
        return self.label or self.verb.capitalize()


class Catalogue(NamedTuple):
    """A system's commands and how its console splits a line (`quoted`: shell words)."""

    system: str
    commands: tuple[Command, ...]
    quoted: bool
    head: str = ""
    """The help's first line."""
    notes: tuple[str, ...] = ()
    """The help's last lines."""

    def get(self, verb: str) -> Command:
        """The command `verb`; ValueError naming the known ones if there is none."""
        for command in self.commands:
            if command.verb == verb:
                return command
        raise ValueError(f"unknown command {verb!r} (known: "
                         f"{', '.join(c.verb for c in self.commands)})")


def catalogue(system: str) -> Catalogue:
    """The commands of tracker system `system` ("exalted", "faith"); ValueError if none."""
    if not system.isidentifier():
        raise ValueError(f"no tracker system {system!r}")
    try:
        module = importlib.import_module(f"initiative.trackers.{system}_commands_catalogue")
    except ModuleNotFoundError:
        raise ValueError(f"no tracker system {system!r}") from None
    return Catalogue(system, tuple(module.COMMANDS), bool(module.QUOTED),
                     str(module.HELP_HEAD), tuple(module.HELP_NOTES))


HELP_WIDTH = 86
USAGE_WIDTH = 23
QUIT = Form("quit", "leave (EOF works too)")
"""Every console reads ``quit`` itself (it is no command of the state)."""


def help_text(book: Catalogue) -> str:
    """The console's ``help``: its head, each way of typing each command (usage, then
    what it does and its rule ids, wrapped), ``quit``, then its notes."""
    lines = [book.head]
    indent = " " * (USAGE_WIDTH + 3)
    for form in (*(f for c in book.commands for f in c.help_forms), QUIT):
        rule = f" ({form.rules})" if form.rules else ""
        text = textwrap.wrap(form.help + rule, HELP_WIDTH - len(indent))
        if len(form.usage) <= USAGE_WIDTH:
            lines.append(f"  {form.usage:<{USAGE_WIDTH}} {text[0]}")
        else:
            lines += [f"  {form.usage}", indent + text[0]]
        lines.extend(indent + more for more in text[1:])
    lines += book.notes
    return "\n".join(lines)


def _word(value: str, arg: Arg, quoted: bool) -> str:
    kind = arg.kind
    if kind == "int" and not value.isdigit():
        raise ValueError(f"{arg.name} must be a whole number, got {value!r}")
    if kind == "signed":
        body = value[1:] if value[:1] in "+-" else value
        if not body.isdigit():
            raise ValueError(f"{arg.name} must be a whole number like +2 or -3, got {value!r}")
        value = value if value[:1] in "+-" else f"+{value}"
    if kind == "card" and not (value.isdigit() or value == "top"):
        raise ValueError(f"{arg.name} must be a card's number in the hand or top, "
                         f"got {value!r}")
    if kind == "choice" and value not in arg.choices:
        raise ValueError(f"{arg.name} must be one of {', '.join(arg.choices)}, got {value!r}")
    if kind == "names" and arg.prefix:
        word = arg.prefix + ",".join(value.replace(",", " ").split())
        return shlex.quote(word) if quoted else word
    if kind in ("names", "words"):
        return " ".join(shlex.quote(w) if quoted else w for w in value.split())
    if kind == "text":
        return shlex.quote(value) if quoted else value
    if not quoted and len(value.split()) != 1:
        raise ValueError(f"{arg.name} must be one word, got {value!r}")
    return arg.prefix + (shlex.quote(value) if quoted else value)


def build_line(book: Catalogue, verb: str, values: Mapping[str, str]) -> str:
    """The console line for command `verb` with a form's `values` (by argument name);
    ValueError naming the argument that is missing or malformed."""
    command = book.get(verb)
    words = [command.verb]
    for arg in command.args:
        value = " ".join(str(values.get(arg.name, "")).split())
        if arg.kind == "flag":
            if value and value not in ("0", "off", "false"):
                words.append(arg.choices[0])
            continue
        if not value:
            if arg.required:
                raise ValueError(f"{command.verb}: {arg.name} is required")
            continue
        words.append(_word(value, arg, book.quoted))
    return " ".join(words)


def refusal(console: TrackerConsole, line: str) -> str:
    """Why `line` would be refused now ("" if the console takes it), checked on a copy
    of the console (the console itself never changes)."""
    try:
        console.clone(_quiet).run(line)
    except ValueError as exc:
        return str(exc) or "refused"
    return ""


def _quiet(line: str) -> None:
    """Drops a probe's output."""
