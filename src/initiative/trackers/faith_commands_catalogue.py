"""The FaithRPG console's commands as data: one :class:`CommandEntry` per verb.

Front ends read :data:`CATALOGUE` to build help (:func:`help_text` is the console's
``help``), buttons and forms: each entry names its arguments and their kinds, says in one
line what it does and whether it acts on one row (one character) of the order table.
The console (:mod:`initiative.trackers.faith`) has a ``cmd_<verb>`` for every entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

__all__ = ["CATALOGUE", "Arg", "ArgKind", "CommandEntry", "entry", "help_text"]

ArgKind = Literal[
    "character",  # a roster name (case-insensitive)
    "character_or_gm",  # a roster name or gm (the game master's slot)
    "viewer",  # a PC name, gm or spectator
    "number",  # a whole number
    "card",  # a hand index (0-based) or top (the deck top)
    "attribute",  # an Attribute name (FA-18)
    "option",  # a key=value or a fixed word (npc, by=gm ...)
    "text",  # free words to the end of the line
    "file",  # a file path or db:NAME
]


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument: its display ``name``, its ``kind``; ``optional`` ones are shown in
    brackets, ``repeat`` ones may be given several times (``...``)."""

    name: str
    kind: ArgKind
    optional: bool = False
    repeat: bool = False

    def usage(self) -> str:
        text = self.name + (" ..." if self.repeat else "")
        return f"[{text}]" if self.optional else text


@dataclass(frozen=True, slots=True)
class CommandEntry:
    """A console verb: ``args`` in order, a one-line ``help``, whether it acts on one
    row of the order table (``one_row``: its first argument names that character), and
    the rule ids it implements."""

    verb: str
    args: tuple[Arg, ...]
    help: str
    one_row: bool = False
    rules: tuple[str, ...] = ()

    def usage(self) -> str:
        return " ".join([self.verb, *(a.usage() for a in self.args)])


def _a(name: str, kind: ArgKind, optional: bool = False, repeat: bool = False) -> Arg:
    return Arg(name, kind, optional, repeat)


_NAME = _a("NAME", "character")
_TEXT = _a("ACTION", "text", optional=True, repeat=True)
_AFFECTS = _a("affects=NAME,...", "option", optional=True)

CATALOGUE: Final[tuple[CommandEntry, ...]] = (
    CommandEntry("roster", (), "list the roster (loads the sample roster if it is empty)"),
    CommandEntry("add", (_NAME, _a("npc", "option", True), _a("initiative=N", "option"),
                         _a("ATTR=N", "option", True, True)),
                 "a newcomer joins; a PC is dealt the starting hand (newcomer_hand)",
                 rules=("FA-3", "FA-23", "FA-A11")),
    CommandEntry("round", (_a("NAME", "character", True, True),),
                 "start a round (default: the whole roster; after an all-wait, the same "
                 "characters, with their kept cards)", rules=("FA-1", "FA-20", "FA-23")),
    CommandEntry("commit", (_a("NAME|gm", "character_or_gm"), _a("INDEX|top", "card", True)),
                 "commit a card face down from hand (0-based INDEX) or the deck top "
                 "(default); an NPC name means its slot", one_row=True,
                 rules=("FA-2", "FA-3", "FA-5")),
    CommandEntry("reveal", (), "reveal every card: totals and the order",
                 rules=("FA-6", "FA-7", "FA-8")),
    CommandEntry("order", (), "the participants in order, totals, who is up or acting, ties",
                 rules=("FA-8", "FA-9")),
    CommandEntry("next", (), "close the turn under way (or pass the announced character "
                 "who has not begun) and announce who is up (not started: they may still "
                 "wait or pass)", rules=("FA-14", "FA-A5")),
    CommandEntry("begin", (_a("NAME", "character", True),),
                 "the character up begins its turn (default: whoever is up)",
                 one_row=True, rules=("FA-12", "FA-13")),
    CommandEntry("act", (_NAME, _TEXT, _AFFECTS),
                 "NAME begins its turn with this action (or names the action of its turn "
                 "under way); affects= says whom it affects", one_row=True,
                 rules=("FA-12", "FA-13", "FA-15")),
    CommandEntry("affects", (_a("NAME", "character", repeat=True),),
                 "the action under way affects these characters (only they may confront "
                 "it)", rules=("FA-15",)),
    CommandEntry("wait", (_a("NAME", "character", True), _a("ON", "character", True)),
                 "NAME (default: whoever is up) lets the next character go first (ON is "
                 "checked against it)", one_row=True, rules=("FA-19", "FA-20", "FA-A3")),
    CommandEntry("pass", (_NAME,), "NAME declines to act (if the rules allow it)",
                 one_row=True, rules=("FA-A5",)),
    CommandEntry("confront", (_NAME, _a("ATTR N", "attribute", True)),
                 "NAME, affected by the action under way, confronts it", one_row=True,
                 rules=("FA-15", "FA-16", "FA-17")),
    CommandEntry("end", (), "end the turn under way (next does so and announces who is up)",
                 rules=("FA-14",)),
    CommandEntry("tie", (_a("NAME", "character", repeat=True), _a("by=gm", "option", True)),
                 "order a tie group (by=players by default)", rules=("FA-10", "FA-11")),
    CommandEntry("declare", (_NAME, _a("ACTION", "text", repeat=True)),
                 "a tied PC tells the GM its action in secret", one_row=True,
                 rules=("FA-11",)),
    CommandEntry("draw", (_a("NAME|gm", "character_or_gm"), _a("N", "number", True)),
                 "draw N cards (default 1)", one_row=True),
    CommandEntry("damage", (_NAME, _a("N", "number")), "record damage", one_row=True),
    CommandEntry("regen", (_NAME,), "NAME gains regeneration", one_row=True,
                 rules=("FA-21",)),
    CommandEntry("init", (_NAME, _a("N", "number"), _a("cause", "text", True, True)),
                 "NAME's Initiative changes (mid-round: FA-A10 decides whether the order "
                 "changes)", one_row=True, rules=("FA-A10",)),
    CommandEntry("bonus", (_NAME, _a("ATTR", "attribute"), _a("N", "number", True),
                           _a("cause", "text", True, True)),
                 "+N (default 1) to NAME's ATTR card limit", one_row=True, rules=("FA-18",)),
    CommandEntry("maintenance", (), "run the maintenance phase (outside a round: FA-22 once)",
                 rules=("FA-21", "FA-22")),
    CommandEntry("endconflict", (), "end the conflict (between rounds)", rules=("FA-23",)),
    CommandEntry("hand", (_a("NAME|gm", "character_or_gm"),),
                 "show a hand (GM console: all hands are visible)", one_row=True),
    CommandEntry("log", (), "the whole log (GM reading)"),
    CommandEntry("view", (_a("NAME|gm|spectator", "viewer"),),
                 "what that viewer sees (a player sees only its own face-down card from "
                 "hand; deck-top cards stay unseen)", rules=("FA-A14",)),
    CommandEntry("rules", (), "the house-rule flags in force"),
    CommandEntry("undo", (), "step back through changes"),
    CommandEntry("redo", (), "step forward through changes"),
    CommandEntry("save", (_a("FILE|db:NAME", "file"),),
                 "JSON of the state plus rules (db:NAME: the project's database)"),
    CommandEntry("load", (_a("FILE|db:NAME", "file"),), "load a saved state"),
    CommandEntry("saved", (), "the states saved in the database"),
    CommandEntry("help", (), "this list"),
    CommandEntry("quit", (), "leave"),
)


def entry(verb: str) -> CommandEntry:
    """The catalogue entry of ``verb`` (KeyError if none)."""
    for e in CATALOGUE:
        if e.verb == verb:
            return e
    raise KeyError(verb)


def help_text() -> str:
    """The console's ``help``: every entry's usage and help line, then the notes."""
    lines = ["commands (names are case-insensitive; gm = the game master / shared NPC card, "
             "so no character may be named gm or spectator, in any capitalisation):"]
    for e in CATALOGUE:
        usage = e.usage()
        pad = usage.ljust(28) if len(usage) < 28 else usage + "  "
        lines.append(f"  {pad} {e.help}".rstrip())
    lines.append("a turn: next announces who is up (not started: wait or pass still "
                 "possible); begin or act starts it; next again ends it (or, if it never "
                 "began, that character passes).")
    lines.append("not supported by the model: choosing whom to wait on (always the next "
                 "character); per-card choice for the shared NPC card beyond hand index or "
                 "deck top.")
    return "\n".join(lines)
