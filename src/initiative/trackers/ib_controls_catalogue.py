"""The Initiative Break companion's commands as data (:mod:`initiative.trackers.
ib_companion`; the format: :mod:`initiative.trackers.command_catalogue`). One entry per
command, in the order of the console's help; a unit's phrases are written command
first (``attack NAME basic``, ``move NAME up 2``), as forms build them. Rule ids:
../shared/IB-RULINGS.md."""

from __future__ import annotations

from initiative.games.ib.statuses import NAMES as STATUS_NAMES
from initiative.trackers.command_catalogue import Arg, Command
from initiative.trackers.ib_companion_args import ATTACK_KINDS

QUOTED = False
"""The console splits a line at spaces: a value is one word (unit names are one word)."""

PROBE_NAME = "Probe0"
"""A unit name no roster is likely to hold: the line checking that units may be added."""
NAME = Arg("NAME", "name")
TARGET = Arg("TARGET", "name")
AMOUNT = Arg("N", "int")

COMMANDS: tuple[Command, ...] = (
    Command("add", (Arg("NAME", "word"), Arg("side", "word", prefix="side="),
                    Arg("HP", "int", False, prefix="hp="),
                    Arg("speed", "int", False, prefix="speed="),
                    Arg("initiative", "int", False, prefix="init="),
                    Arg("player", "word", False, prefix="player="),
                    Arg("as", "word", False, prefix="as=")),
            "a unit by its printed stats before the start (IB 2.2); stats left out are the "
            "Character's called NAME (or as) in the content and your content packs; "
            "player: who controls it (default: its side)",
            probe=f"add {PROBE_NAME} side=a hp=1 speed=1 init=0", label="Add unit",
            quick=True),
    Command("drop", (NAME,), "take a unit off the roster before the start", row=True,
            buttons=(("Drop", "drop {name}"),), quick=True),
    Command("units", (), "every unit with HP, Charge, statuses and its place",
            changes=False),
    Command("start", (Arg("order", "names", False),),
            "set the Initiative Track (IB 2.9.4; order: the table's order of tied units, "
            "AMB-92)", buttons=(("Start battle", "start"),), label="Start battle"),
    Command("next", (), "end the activation under way, else the unit up passes (IB 4.9); "
            "announce who is up (IB 3.1.2)", buttons=(("Next", "next"),)),
    Command("begin", (), "the announced unit begins its activation (Status Check, IB "
            "3.2.2)", buttons=(("Begin activation", "begin"),), label="Begin activation"),
    Command("end", (), "end the activation under way: Movement, then the Round Marker "
            "(IB 3.3, IB 3.5.2)", buttons=(("End activation", "end"),),
            label="End activation"),
    Command("attack", (NAME, Arg("kind", "choice", choices=tuple(ATTACK_KINDS)),
                       Arg("TARGET", "name", False, prefix="on "),
                       Arg("N", "int", False, prefix="for ")),
            "the active unit's attack, with its target and damage (basic +1 Charge, IB "
            "4.1.1; advanced pays 1, IB 4.2.1; Break Art pays 3, IB 4.3.1)", row=True,
            probe="attack {name} basic", label="Attack", quick=True),
    Command("play", (Arg("WHAT", "text"),), "the active unit plays a card as its action "
            "(IB 4.4-4.8)", probe="play check", label="Play a card"),
    Command("pass", (), "the active unit passes (IB 4.9)", buttons=(("Pass", "pass"),)),
    Command("damage", (TARGET, AMOUNT, Arg("from", "name", False, prefix="from ")),
            "damage to a unit (Weaken, Guard and the dealer's Insight apply, IB 5.2)",
            row=True, probe="damage {name} 0", label="Damage"),
    Command("heal", (TARGET, AMOUNT), "restore HP up to the printed HP (IB 5.2.9)",
            row=True, probe="heal {name} 0", label="Heal"),
    Command("apply", (Arg("STATUS", "choice", choices=STATUS_NAMES),
                      Arg("TARGET", "name", prefix="to "),
                      Arg("times", "int", False, prefix="x")),
            "a status on a unit (IB 5.1)", label="Apply status"),
    Command("cleanse", (Arg("STATUS", "choice", choices=(*STATUS_NAMES, "all")),
                        Arg("TARGET", "name", prefix="from ")),
            "remove a status, or all (IB 5.2.8)", label="Cleanse status"),
    Command("move", (NAME, Arg("way", "choice", choices=("up", "back")), AMOUNT),
            "Move Up / Move Back (IB 3.4; the active unit's moves wait, IB 3.4.6)",
            row=True, probe="move {name} up 1", label="Move"),
    Command("charge", (NAME, Arg("+N or -N", "signed")), "Charge 0 to 3 (IB 3.7.1-3.7.3)",
            row=True, probe="charge {name} +0", label="Charge"),
    Command("break", (NAME,), "the unit declares an Initiative Break and jumps to the "
            "far left (IB 3.7.5-3.7.6)", row=True,
            buttons=(("Declare Initiative Break", "break {name}"),),
            label="Initiative Break", quick=True),
    Command("break end", (), "its Break Art is resolved: the unit goes to the far right "
            "(IB 3.7.6)", buttons=(("Break Art resolved", "break end"),),
            label="Break end"),
    Command("defeat", (NAME,), "the unit leaves the track (IB 3.5.6)", row=True,
            buttons=(("Defeat", "defeat {name}"),)),
    Command("order", (), "the track, the Round Marker, round, who acts", changes=False),
    Command("log", (), "every change with its rule id", changes=False),
    Command("rules", (), "the house-rule flags changed from the defaults", changes=False),
    Command("undo", (), "step back one change", buttons=(("Undo", "undo"),)),
    Command("redo", (), "step forward one change", buttons=(("Redo", "redo"),)),
    Command("help", (), "the command list", changes=False),
    Command("save", (Arg("FILE", "word"),), "write the battle to a file", web=False),
    Command("load", (Arg("FILE", "word"),), "read the battle from a file", web=False),
    Command("saved", (), "list the saved battles", changes=False, web=False),
)
