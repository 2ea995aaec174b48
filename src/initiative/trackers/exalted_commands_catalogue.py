"""The tick tracker's commands as data: one record per form of a command line.

Each :class:`CommandForm` names its verb, its arguments (name, kind, optional, typed as
``key=value`` or not), a one-line help and whether it acts on one roster row (its first
``name`` argument). The console's ``help`` is generated from :data:`CATALOGUE`, and a
front end may render a form or a per-row button from it. Rule ids cite
../shared/OTHER-RULINGS.md section 2.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Literal

from initiative.timing.ticks_content import EFFECT_TEMPLATES

__all__ = ["CATALOGUE", "Arg", "ArgKind", "CommandForm", "help_text", "usage"]

ArgKind = Literal["name", "names", "whole", "signed", "choice", "text", "file", "word"]
"""name: a roster name; names: several; whole: a number >= 0; signed: +N or -N; choice:
one of ``choices``; text: the rest of the line; file: a path or db:NAME; word: a fixed
word (``choices`` holds it)."""


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a command form."""

    name: str
    kind: ArgKind
    optional: bool = False
    choices: tuple[str, ...] = ()
    keyword: bool = False  # typed as name=VALUE

    def shown(self) -> str:
        if self.kind == "word":
            text = self.choices[0]
        elif self.kind == "choice":
            text = "|".join(self.choices)
        elif self.keyword:
            text = f"{self.name}={self.name[0].upper()}"
        elif self.kind == "names":
            one = self.name.removesuffix("s").upper()
            text = f"{one} [{one} ...]"
        elif self.kind == "text":
            text = f"{self.name}..."
        else:
            text = self.name.upper()
        return f"[{text}]" if self.optional else text


@dataclass(frozen=True, slots=True)
class CommandForm:
    """One form of a console command (a verb may have several)."""

    verb: str
    args: tuple[Arg, ...]
    help: str
    row: bool = False  # acts on one roster row: its first name argument
    rules: str = ""  # the rule ids it follows


def usage(form: CommandForm) -> str:
    """The form as typed, e.g. ``contest NAME NAME``."""
    return " ".join([form.verb, *(a.shown() for a in form.args)])


def _a(name: str, kind: ArgKind = "name", *, optional: bool = False,
       choices: tuple[str, ...] = (), keyword: bool = False) -> Arg:
    return Arg(name, kind, optional, choices, keyword)


def _word(word: str, optional: bool = False) -> Arg:
    return Arg(word, "word", optional, (word,))


_NAME = _a("name")
_SHEET = (_a("stamina", "whole", optional=True, keyword=True),
          _a("wits", "whole", optional=True, keyword=True),
          _a("awareness", "whole", optional=True, keyword=True),
          _a("stealth", "whole", optional=True, keyword=True),
          _a("manipulation", "whole", optional=True, keyword=True),
          _a("motes", "whole", optional=True, keyword=True))
_SIDE = _a("side", "choice", optional=True, choices=("pc", "npc"))

CATALOGUE: tuple[CommandForm, ...] = (
    CommandForm("roster", (), "list the roster (loads a sample roster if it is empty)"),
    CommandForm("add", (_NAME, _SIDE, *_SHEET),
                "add a character (a PC unless 'npc'; motes=N gives a full N-mote pool; "
                "Wits and Awareness are needed only to roll Join Battle)",
                rules="EX-6, EX-9"),
    CommandForm("add", (_NAME, _SIDE, _word("init"), _a("initiative", "whole"),
                        _a("stamina", "whole", optional=True, keyword=True)),
                "add a mook with its Initiative typed: no Wits or Awareness needed "
                "(Stamina 0 unless given)", rules="EX-8"),
    CommandForm("add", (_NAME, _SIDE, _word("successes"), _a("successes", "whole"),
                        _a("stamina", "whole", optional=True, keyword=True)),
                "add a mook with its Join Battle successes typed: Initiative 3 + N",
                rules="EX-8"),
    CommandForm("worthy", (_a("names", "names"), _a("worthy", "choice", choices=("yes", "no"))),
                "conflict start: the opponents (NPCs) are worthy foes or not; one who is not "
                "gets no Join Battle and no turn, a contest settles it", rules="EX-1"),
    CommandForm("contest", (_a("first"), _a("second")),
                "one contested roll settles a foe who is not worthy: both roll Wits + "
                "Awareness (seeded dice), more successes wins", rules="EX-1, EX-A13"),
    CommandForm("contest", (_a("first"), _a("first_successes", "whole"), _a("second"),
                            _a("second_successes", "whole")),
                "the same contest with both sides' successes typed", rules="EX-1"),
    CommandForm("join", (_NAME, _a("successes", "whole")),
                "Join Battle with N entered successes (Initiative 3 + N)", True, "EX-8"),
    CommandForm("join", (_NAME, _word("roll"), _word("stealth", True),
                         _word("manipulation", True)),
                "roll Join Battle (Wits/Manipulation + Awareness/Stealth, seeded dice)",
                True, "EX-9, EX-10, EX-11, EX-A13"),
    CommandForm("join", (_NAME, _word("init"), _a("initiative", "whole")),
                "join with the Initiative typed directly (no dice pool needed)", True, "EX-8"),
    CommandForm("rollall", (_word("npcs", True),),
                "roll Join Battle for everyone not joined yet (npcs: the NPCs only)",
                rules="EX-2, EX-8"),
    CommandForm("start", (),
                "end Join Battle (the worthy foes are listed), pass every free action, "
                "begin round 1", rules="EX-1, EX-12"),
    CommandForm("start", (_word("free"),),
                "end Join Battle and take the free actions one by one", rules="EX-12, EX-13"),
    CommandForm("free", (_NAME, _a("what", "text", optional=True)),
                "NAME's Join Battle free action ('free NAME' alone passes)", True, "EX-12"),
    CommandForm("tie", (_a("names", "names"),),
                "the GM's order for characters tied on Initiative", rules="EX-A5"),
    CommandForm("next", (),
                "close the turn under way, if any, and announce who is up (not started: it "
                "may still delay); with no turn under way the announced one passes, or at a "
                "held turn's last chance the held turn lapses", rules="EX-14, EX-17, EX-A8"),
    CommandForm("begin", (_a("name", optional=True),),
                "the announced character's turn begins (a holder takes its held turn)", True,
                "EX-19"),
    CommandForm("act", (_NAME, _a("what", "text", optional=True)),
                "NAME's combat action (its first action begins its turn)", True, "EX-16"),
    CommandForm("flurry", (_NAME, _a("what", "text", optional=True)),
                "a second (flurry) action of the active character", True, "EX-18"),
    CommandForm("delay", (_a("name", optional=True),),
                "NAME is up (default: whoever is): pay 1i, hold the turn", True, "EX-17"),
    CommandForm("held", (_NAME,), "NAME takes the held turn now", True, "EX-17, EX-A8"),
    CommandForm("withering", (_a("attacker"), _a("target"), _a("n", "whole"),
                              _a("gain", "whole", optional=True, keyword=True)),
                "TARGET loses N Initiative, ATTACKER gains M (default N)", True, "EX-4"),
    CommandForm("decisive", (_a("attacker"), _a("target"),
                             _a("outcome", "choice", optional=True, choices=("hit", "miss"))),
                "decisive attack; the attacker resets to base Initiative", True, "EX-7"),
    CommandForm("spend", (_NAME, _a("n", "whole"), _a("cause", "text", optional=True)),
                "pay N Initiative", True, "EX-3"),
    CommandForm("move", (_a("name", optional=True),),
                "the active character's reflexive move", True, "EX-16"),
    CommandForm("adjust", (_NAME, _a("delta", "signed"), _a("cause", "text")),
                "any other Initiative gain or loss, with its cause", True, "EX-5"),
    CommandForm("rush", (_NAME, _a("cause", "text", optional=True)),
                "NAME has a move left over from a Rush or Disengage", True, "EX-21"),
    CommandForm("effect", (_NAME, _a("duration", "choice",
                                     choices=("one_turn", "next_turn", "until_removed")),
                           _a("by", optional=True, keyword=True),
                           _a("anchor", optional=True, keyword=True),
                           _a("init", "signed", optional=True, keyword=True),
                           _a("label", "text")),
                "a timed effect on NAME; one_turn ends at the anchor's next turn start, "
                "next_turn at the end of its next turn", True, "EX-19, EX-24, EX-A15"),
    CommandForm("effect", (_NAME, _a("template", "choice", choices=tuple(EFFECT_TEMPLATES)),
                           _a("by", optional=True, keyword=True),
                           _a("anchor", optional=True, keyword=True)),
                "a ready-made effect (templates lists them)", True, "EX-A15"),
    CommandForm("uneffect", (_a("id", "whole"),), "remove effect #ID"),
    CommandForm("effects", (), "list the effects"),
    CommandForm("templates", (), "list the ready-made effects"),
    CommandForm("motes", (_NAME, _a("n", "whole"), _a("cause", "text", optional=True)),
                "NAME spends N motes (adrenaline refills 5 per turn)", True, "EX-25"),
    CommandForm("remove", (_NAME, _a("cause", "text", optional=True)),
                "NAME leaves the fight (its ledger stays)", True),
    CommandForm("ledger", (_NAME,), "every Initiative change of NAME with its cause", True),
    CommandForm("end", (), "end the current turn (a turn without actions is a pass; the "
                "announced character passes)", rules="EX-26"),
    CommandForm("endcombat", (), "the combat is over", rules="EX-2"),
    CommandForm("rules", (), "the house-rule flags in force"),
    CommandForm("round", (_word("force", True),),
                "end the round and begin the next ('force' lapses unused turns)",
                rules="EX-A16"),
    CommandForm("order", (), "the tick order with marks, who is acting or up, contests"),
    CommandForm("log", (), "the whole combat log"),
    CommandForm("undo", (), "step back through every change"),
    CommandForm("redo", (), "step forward again"),
    CommandForm("save", (_a("file", "file"),), "write the state and house rules (FILE or "
                "db:NAME, the project's database)"),
    CommandForm("load", (_a("file", "file"),), "read a saved state (FILE or db:NAME)"),
    CommandForm("saved", (), "list the combats saved in the database"),
    CommandForm("help", (), "this text"),
    CommandForm("quit", (), "leave (EOF works too)"),
)


def help_text(catalogue: tuple[CommandForm, ...] = CATALOGUE) -> str:
    """The ``help`` text: one entry per form, usage then its help."""
    lines = ["commands (NAME is a roster name; one command per line):"]
    for form in catalogue:
        shown = usage(form)
        rule = f" ({form.rules})" if form.rules else ""
        text = textwrap.wrap(form.help + rule, 86 - 26)
        if len(shown) <= 23:
            lines.append(f"  {shown:<23} {text[0]}")
        else:
            lines.append(f"  {shown}")
            lines.append(f"  {'':<23} {text[0]}")
        lines.extend(f"  {'':<23} {more}" for more in text[1:])
    lines.append("house rules are set when the tracker starts "
                 "(initiative track exalted --rule FLAG=VALUE).")
    return "\n".join(lines)
