"""The Initiative Break companion's commands as data (:mod:`initiative.trackers.
ib_companion`; the format: :mod:`initiative.trackers.command_catalogue`): one
:class:`Command` per command, in the order of the console's help, the table's phrases
(``Kaede basic attack on Ember for 3``) as its other ways of typing (:class:`Form`).
The console's ``help`` is written from it, and the web pages' buttons and forms, which
write a unit's phrases command first (``attack Kaede basic on Ember for 3``). Rule ids
cite ../shared/IB-RULINGS.md."""

from __future__ import annotations

from initiative.games.ib.statuses import NAMES as STATUS_NAMES
from initiative.trackers.command_catalogue import Arg, Command, Form
from initiative.trackers.ib_companion_args import ATTACK_KINDS

QUOTED = False
"""The console splits a line at spaces: a value is one word (unit names are one word)."""

HELP_HEAD = "Initiative Break table companion: you play the printed cards, it keeps the track."
HELP_NOTES = (
    "NAME is one word; names and words are case-insensitive.",
    "The active unit's own moves wait for its Movement Step (IB 3.4.6); a unit at 0 HP",
    "leaves the track once the line's effect has resolved (AMB-56).",
    "House rules are set when the companion starts (initiative track ib --rule FLAG=VALUE).")

PROBE_NAME = "Probe0"
"""A unit name no roster is likely to hold: the line checking that units may be added."""
NAME = Arg("NAME", "name")
TARGET = Arg("TARGET", "name")
AMOUNT = Arg("N", "int")
ON_FOR = "[on TARGET for N]"

COMMANDS: tuple[Command, ...] = (
    Command("add", (Arg("NAME", "word"), Arg("side", "word", prefix="side=", shown="side=SIDE"),
                    Arg("HP", "int", False, prefix="hp=", shown="hp=N"),
                    Arg("speed", "int", False, prefix="speed=", shown="speed=N"),
                    Arg("initiative", "int", False, prefix="init=", shown="init=N"),
                    Arg("player", "word", False, prefix="player=", shown="player=PLAYER"),
                    Arg("as Character", "word", False, prefix="as=", shown="as=CHARACTER")),
            "a unit by its printed stats, before the start; stats left out are the "
            "Character's called NAME (or as=) in the content and your content packs; "
            "player: who controls it (default: its side)", rules="IB 2.2",
            probe=f"add {PROBE_NAME} side=a hp=1 speed=1 init=0", label="Add unit",
            quick=True),
    Command("drop", (NAME,), "take a unit off the roster before the start", row=True,
            buttons=(("Drop", "drop {name}"),), quick=True),
    Command("units", (), "every unit with HP, Charge, statuses and its place",
            changes=False, forms=(Form("roster", "the same"),)),
    Command("start", (Arg("order", "names", False, shown="NAME ..."),),
            "set the Initiative Track (NAMEs: the table's order of tied units)",
            rules="IB 2.9.4, AMB-92", buttons=(("Start battle", "start"),),
            label="Start battle"),
    Command("next", (), "end the activation under way, if any, and announce who is up (not "
            "started: Breaks may still be declared); with none under way, move on: the "
            "unit up passes", rules="IB 3.1.2, IB 4.9", buttons=(("Next", "next"),)),
    Command("begin", (), "the announced unit begins its activation (its Status Check)",
            rules="IB 3.1.2, IB 3.2.2", buttons=(("Begin activation", "begin"),),
            label="Begin activation"),
    Command("end", (), "end the activation under way: Movement, then the Round Marker",
            rules="IB 3.3.1, IB 3.5.2", buttons=(("End activation", "end"),),
            label="End activation"),
    Command("attack", (NAME, Arg("kind", "choice", choices=tuple(ATTACK_KINDS)),
                       Arg("TARGET", "name", False, prefix="on ", shown="on TARGET"),
                       Arg("N", "int", False, prefix="for ", shown="for N")),
            "the active unit's attack, with its target and damage (basic: +1 Charge; "
            "advanced pays 1; Break Art pays 3, or its own Break's)",
            rules="IB 4.1.1, IB 4.2.1, IB 4.3.1, AMB-41", row=True,
            usage=f"attack NAME {'|'.join(ATTACK_KINDS)} {ON_FOR}",
            probe="attack {name} basic", label="Attack", quick=True,
            forms=(Form(f"NAME basic attack {ON_FOR}", "the same, as the table says it",
                        "IB 4.1.1, IB 3.7.1"),
                   Form(f"NAME advanced attack {ON_FOR}", "pays 1 Charge", "IB 4.2.1"),
                   Form(f"NAME break art {ON_FOR}", "pays 3 Charge, or its own Break's",
                        "IB 4.3.1"),
                   Form("NAME keystone", "a Keystone ability", "AMB-41"))),
    Command("play", (Arg("WHAT", "text", shown="WHAT"),),
            "the active unit plays a card as its action (e.g. play Support); the table "
            "resolves it", rules="IB 4.4-4.8", probe="play check", label="Play a card"),
    Command("pass", (), "the active unit passes", rules="IB 4.9",
            buttons=(("Pass", "pass"),)),
    Command("damage", (TARGET, AMOUNT, Arg("from", "name", False, prefix="from ",
                                           shown="from NAME")),
            "damage to a unit (Weaken, Guard, and NAME's Insight apply)", rules="IB 5.2",
            row=True, probe="damage {name} 0", label="Damage",
            forms=(Form("NAME deals N to TARGET", "damage from a card or ability of NAME "
                        "(Insight applies)", "IB 5.2.2"),)),
    Command("heal", (TARGET, AMOUNT), "restore HP up to the printed HP", rules="IB 5.2.9",
            row=True, probe="heal {name} 0", label="Heal",
            forms=(Form("NAME heals N", "the same"),)),
    Command("apply", (Arg("STATUS", "choice", choices=STATUS_NAMES),
                      Arg("TARGET", "name", prefix="to ", shown="to TARGET"),
                      Arg("times", "int", False, prefix="x", shown="xN")),
            f"a status on a unit ({' '.join(STATUS_NAMES)}); xN: N instances",
            rules="IB 5.1, AMB-54", usage="apply STATUS to TARGET [xN]",
            label="Apply status"),
    Command("cleanse", (Arg("STATUS", "choice", choices=(*STATUS_NAMES, "all")),
                        Arg("TARGET", "name", prefix="from ", shown="from TARGET")),
            "remove a status (every instance), or all", rules="IB 5.2.8",
            usage="cleanse STATUS|all from TARGET", label="Cleanse status"),
    Command("move", (NAME, Arg("way", "choice", choices=("up", "back")), AMOUNT),
            "Move Up / Move Back (the active unit's moves wait for its Movement Step)",
            rules="IB 3.4, IB 3.4.6", row=True, probe="move {name} up 1", label="Move",
            forms=(Form("NAME move up N / NAME move back N", "the same"),)),
    Command("charge", (NAME, Arg("+N or -N", "signed", shown="+N|-N")),
            "Charge 0 to 3; the excess is lost", rules="IB 3.7.1-3.7.3, AMB-38", row=True,
            probe="charge {name} +0", label="Charge",
            forms=(Form("NAME gains N charge / NAME loses N charge", "the same"),)),
    Command("break", (NAME,), "the unit declares an Initiative Break and jumps to the far "
            "left (several names: Breaks declared together, by Speed)",
            rules="IB 3.7.5, IB 3.7.6, IB 3.7.9", row=True,
            usage="break NAME [NAME ...]",
            buttons=(("Declare Initiative Break", "break {name}"),),
            label="Initiative Break", quick=True,
            forms=(Form("NAME declares an Initiative Break", "the same"),)),
    Command("break end", (), "its Break Art is resolved: the unit goes to the far right",
            rules="IB 3.7.6, AMB-29", buttons=(("Break Art resolved", "break end"),),
            label="Break end"),
    Command("defeat", (NAME,), "the unit leaves the track", rules="IB 3.5.6", row=True,
            usage="defeat NAME [NAME ...]", buttons=(("Defeat", "defeat {name}"),)),
    Command("order", (), "the track, the Round Marker, round, who acts", changes=False,
            forms=(Form("track", "the same"),)),
    Command("log", (), "every change with its rule id", changes=False),
    Command("rules", (), "the house-rule flags changed from the defaults", changes=False),
    Command("undo", (), "step back one change", buttons=(("Undo", "undo"),)),
    Command("redo", (), "step forward one change", buttons=(("Redo", "redo"),)),
    Command("save", (Arg("FILE", "word", shown="FILE|db:NAME"),),
            "write the battle as JSON (db:NAME: the project's database)", web=False),
    Command("load", (Arg("FILE", "word", shown="FILE|db:NAME"),), "read a saved battle",
            web=False),
    Command("saved", (), "the battles saved in the database", changes=False, web=False),
    Command("help", (), "this list", changes=False),
)
