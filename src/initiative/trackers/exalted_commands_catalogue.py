"""The tick-initiative console's commands as data (:mod:`initiative.trackers.exalted`;
the format: :mod:`initiative.trackers.command_catalogue`): one :class:`Command` per verb,
in the order of the console's help, its other ways of typing as :class:`Form`. The
console's ``help`` is written from it, and the web GM page's buttons and forms. Rule ids
cite ../shared/OTHER-RULINGS.md section 2."""

from __future__ import annotations

from initiative.timing.ticks_content import EFFECT_TEMPLATES
from initiative.trackers.command_catalogue import Arg, Command, Form

QUOTED = False
"""The console splits a line at spaces: a value is one word (names have no spaces)."""

HELP_HEAD = "commands (NAME is a roster name; one command per line):"
HELP_NOTES = ("house rules are set when the tracker starts "
              "(initiative track exalted --rule FLAG=VALUE).",)

NAME = Arg("NAME", "name")
CAUSE = Arg("cause", "text", required=False)
WHAT = Arg("what", "text", required=False)
DURATIONS = ("one_turn", "next_turn", "until_removed")
SHEET = "[stamina=S] [wits=W] [awareness=A] [stealth=S] [manipulation=M] [motes=M]"

COMMANDS: tuple[Command, ...] = (
    Command("roster", (), "list the roster (loads a sample roster if it is empty)",
            changes=False),
    Command("add", (Arg("NAME", "word"), Arg("npc", "flag", False, ("npc",)),
                    Arg("stamina", "int", False, prefix="stamina="),
                    Arg("wits", "int", False, prefix="wits="),
                    Arg("awareness", "int", False, prefix="awareness="),
                    Arg("stealth", "int", False, prefix="stealth="),
                    Arg("manipulation", "int", False, prefix="manipulation="),
                    Arg("motes", "int", False, prefix="motes="),
                    Arg("mook joins with", "choice", False, ("init", "successes")),
                    Arg("N", "int", False)),
            "add a character (a PC unless 'npc'; motes=N gives a full N-mote pool; Wits "
            "and Awareness are needed only to roll Join Battle)", rules="EX-6, EX-9",
            usage=f"add NAME [pc|npc] {SHEET}", label="Add character",
            forms=(Form("add NAME [pc|npc] init INITIATIVE [stamina=S]",
                        "add a mook with its Initiative typed: no Wits or Awareness needed "
                        "(Stamina 0 unless given)", "EX-8"),
                   Form("add NAME [pc|npc] successes SUCCESSES [stamina=S]",
                        "add a mook with its Join Battle successes typed: Initiative 3 + N",
                        "EX-8"))),
    Command("worthy", (Arg("NAMES", "names", shown="NAME [NAME ...]"),
                       Arg("worthy", "choice", choices=("yes", "no"))),
            "conflict start: the opponents (NPCs) are worthy foes or not; one who is not "
            "gets no Join Battle and no turn, a contest settles it", rules="EX-1", row=True,
            buttons=(("Not worthy", "worthy {name} no"), ("Worthy", "worthy {name} yes")),
            quick=True, label="Worthy foe"),
    Command("contest", (NAME, Arg("successes", "int", False), Arg("against", "name"),
                        Arg("their successes", "int", False)),
            "one contested roll settles a foe who is not worthy: both roll Wits + Awareness "
            "(seeded dice), more successes wins", rules="EX-1, EX-A13",
            usage="contest FIRST SECOND", label="Contest", row=True, quick=True,
            probe="worthy {name} yes",  # taken only for a foe declared not worthy
            forms=(Form("contest FIRST FIRST_SUCCESSES SECOND SECOND_SUCCESSES",
                        "the same contest with both sides' successes typed", "EX-1"),)),
    Command("join", (NAME, Arg("successes or roll", "word"),
                     Arg("stealth", "flag", False, ("stealth",)),
                     Arg("manipulation", "flag", False, ("manipulation",))),
            "Join Battle with N entered successes (Initiative 3 + N)", rules="EX-8",
            usage="join NAME SUCCESSES", row=True,
            buttons=(("Roll Join Battle", "join {name} roll"),), label="Join Battle", quick=True,
            forms=(Form("join NAME roll [stealth] [manipulation]",
                        "roll Join Battle (Wits/Manipulation + Awareness/Stealth, seeded dice)",
                        "EX-9, EX-10, EX-11, EX-A13"),
                   Form("join NAME init INITIATIVE",
                        "join with the Initiative typed directly (no dice pool needed)",
                        "EX-8"))),
    Command("rollall", (Arg("npcs", "flag", False, ("npcs",)),),
            "roll Join Battle for everyone not joined yet (npcs: the NPCs only)",
            rules="EX-2, EX-8",
            buttons=(("Roll Join Battle for all", "rollall"),
                     ("Roll Join Battle for NPCs only", "rollall npcs")),
            label="Roll Join Battle"),
    Command("start", (Arg("free", "flag", False, ("free",)),),
            "end Join Battle (the worthy foes are listed), pass every free action, begin "
            "round 1", rules="EX-1, EX-12", usage="start",
            buttons=(("Start combat", "start"),), label="Start combat",
            forms=(Form("start free", "end Join Battle and take the free actions one by one",
                        "EX-12, EX-13"),)),
    Command("free", (NAME, WHAT),
            "NAME's Join Battle free action ('free NAME' alone passes)", rules="EX-12",
            row=True, probe="free {name}", label="Free action", quick=True),
    Command("tie", (Arg("NAMES", "names", shown="NAME [NAME ...]"),),
            "the GM's order for characters tied on Initiative", rules="EX-A5",
            label="Order a tie"),
    Command("next", (), "close the turn under way, if any, and announce who is up (not "
            "started: it may still delay); with no turn under way the announced one passes, "
            "or at a held turn's last chance the held turn lapses",
            rules="EX-14, EX-17, EX-A8", buttons=(("Next", "next"),)),
    Command("begin", (Arg("NAME", "name", False),),
            "the announced character's turn begins (a holder takes its held turn)",
            rules="EX-19", row=True, buttons=(("Begin turn", "begin {name}"),), quick=True),
    Command("act", (NAME, WHAT), "NAME's combat action (its first action begins its turn)",
            rules="EX-16", row=True, buttons=(("Act", "act {name}"),), quick=True),
    Command("flurry", (NAME, WHAT), "a second (flurry) action of the active character",
            rules="EX-18", row=True, probe="flurry {name}"),
    Command("delay", (Arg("NAME", "name", False),),
            "NAME is up (default: whoever is): pay 1i, hold the turn", rules="EX-17",
            row=True, buttons=(("Delay", "delay {name}"),), quick=True),
    Command("held", (NAME,), "NAME takes the held turn now", rules="EX-17, EX-A8",
            row=True, buttons=(("Take held turn", "held {name}"),), quick=True),
    Command("withering", (Arg("ATTACKER", "name"), Arg("TARGET", "name"), Arg("N", "int"),
                          Arg("gain", "int", False, prefix="gain=", shown="gain=G")),
            "TARGET loses N Initiative, ATTACKER gains M (default N)", rules="EX-4",
            row=True, label="Withering attack"),
    Command("decisive", (NAME, Arg("TARGET", "name"), Arg("miss", "flag", False, ("miss",))),
            "decisive attack; the attacker resets to base Initiative", rules="EX-7",
            usage="decisive ATTACKER TARGET [hit|miss]", row=True, label="Decisive attack"),
    Command("spend", (NAME, Arg("N", "int"), CAUSE), "pay N Initiative", rules="EX-3",
            row=True, probe="spend {name} 1 check", label="Spend Initiative"),
    Command("move", (Arg("NAME", "name", False),), "the active character's reflexive move",
            rules="EX-16", row=True, buttons=(("Move", "move {name}"),)),
    Command("adjust", (NAME, Arg("+N or -N", "signed", shown="DELTA"), Arg("cause", "text")),
            "any other Initiative gain or loss, with its cause", rules="EX-5", row=True,
            buttons=(("Crash", "adjust {name} -{to_crash} Crashed by the GM"),),
            probe="adjust {name} +1 check", label="Adjust Initiative", quick=True),
    Command("rush", (NAME, CAUSE), "NAME has a move left over from a Rush or Disengage",
            rules="EX-21", row=True, probe="rush {name}"),
    Command("effect", (NAME, Arg("duration or template", "choice",
                                 choices=(*DURATIONS, *EFFECT_TEMPLATES)),
                       Arg("by", "word", False, prefix="by=", shown="by=B"),
                       Arg("anchor", "word", False, prefix="anchor=", shown="anchor=A"),
                       Arg("init", "signed", False, prefix="init=", shown="init=I"),
                       Arg("label", "text", False)),
            "a timed effect on NAME; one_turn ends at the anchor's next turn start, next_turn "
            "at the end of its next turn", rules="EX-19, EX-24, EX-A15",
            usage=f"effect NAME {'|'.join(DURATIONS)} [by=B] [anchor=A] [init=I] label...",
            row=True, probe="effect {name} until_removed check", label="Add effect",
            forms=(Form(f"effect NAME {'|'.join(EFFECT_TEMPLATES)} [by=B] [anchor=A]",
                        "a ready-made effect (templates lists them)", "EX-A15"),)),
    Command("uneffect", (Arg("ID", "int"),), "remove effect #ID", label="Remove effect"),
    Command("effects", (), "list the effects", changes=False),
    Command("templates", (), "list the ready-made effects", changes=False),
    Command("motes", (NAME, Arg("N", "int"), CAUSE),
            "NAME spends N motes (adrenaline refills 5 per turn)", rules="EX-25", row=True,
            probe="motes {name} 1 check", label="Spend motes"),
    Command("remove", (NAME, CAUSE), "NAME leaves the fight (its ledger stays)", row=True,
            buttons=(("Remove", "remove {name}"),), quick=True),
    Command("ledger", (NAME,), "every Initiative change of NAME with its cause", row=True,
            changes=False, buttons=(("Ledger", "ledger {name}"),)),
    Command("end", (), "end the current turn (a turn without actions is a pass; the "
            "announced character passes)", rules="EX-26", buttons=(("End turn", "end"),)),
    Command("endcombat", (), "the combat is over", rules="EX-2",
            buttons=(("End combat", "endcombat"),)),
    Command("rules", (), "the house-rule flags in force", changes=False),
    Command("round", (Arg("force", "flag", False, ("force",)),),
            "end the round and begin the next ('force' lapses unused turns)", rules="EX-A16",
            buttons=(("End round", "round"),), label="End round"),
    Command("order", (), "the tick order with marks, who is acting or up, contests",
            changes=False),
    Command("log", (), "the whole combat log", changes=False),
    Command("undo", (), "step back through every change", buttons=(("Undo", "undo"),)),
    Command("redo", (), "step forward again", buttons=(("Redo", "redo"),)),
    Command("save", (Arg("FILE", "word"),),
            "write the state and house rules (FILE or db:NAME, the project's database)",
            web=False),
    Command("load", (Arg("FILE", "word"),), "read a saved state (FILE or db:NAME)",
            web=False),
    Command("saved", (), "list the combats saved in the database", changes=False, web=False),
    Command("help", (), "this text", changes=False),
)
