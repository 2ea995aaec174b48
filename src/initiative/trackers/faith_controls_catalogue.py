"""The card-round console's commands as data (:mod:`initiative.trackers.faith`; the
format: :mod:`initiative.trackers.command_catalogue`). One entry per verb, in the order
of the console's help; rule ids as the console cites them."""

from __future__ import annotations

from initiative.trackers.command_catalogue import Arg, Command

QUOTED = True
"""The console splits a line into shell words: values are quoted."""

NAME = Arg("NAME", "name")
WHO = Arg("NAME", "name_gm")
TEXT = Arg("action", "text", required=False)

COMMANDS: tuple[Command, ...] = (
    Command("roster", (), "list the roster (loads the sample roster if it is empty)",
            changes=False),
    Command("add", (Arg("NAME", "word"), Arg("npc", "flag", False, ("npc",)),
                    Arg("initiative", "int", prefix="initiative="),
                    Arg("attributes", "words", False)),
            "a newcomer joins (a PC unless NPC is ticked; attributes as ATTR=N ...)",
            label="Add character"),
    Command("round", (Arg("names", "names", False),),
            "start a round (default: the whole roster)", buttons=(("Start round", "round"),)),
    Command("commit", (WHO, Arg("card", "card", False)),
            "commit a card face down: a hand card or the top of the deck (FA-5)",
            row=True, probe="commit {name} top", label="Commit card", quick=True),
    Command("reveal", (), "reveal every card: totals and the order (FA-6, FA-7)",
            buttons=(("Reveal", "reveal"),)),
    Command("order", (), "remaining order, totals, waits and ties", changes=False),
    Command("next", (TEXT,), "the character up next acts", buttons=(("Next", "next"),)),
    Command("act", (NAME, TEXT), "the character (must be up next) takes its turn",
            row=True, buttons=(("Act", "act {name}"),), quick=True),
    Command("wait", (Arg("NAME", "name", False), Arg("ON", "name", False)),
            "the character lets the next one go first (FA-19)", row=True,
            buttons=(("Wait", "wait {name}"),), quick=True),
    Command("pass", (NAME,), "the character declines to act (if the rules allow it)",
            row=True, buttons=(("Pass", "pass {name}"),), quick=True),
    Command("confront", (NAME, Arg("ATTR", "word", False), Arg("N", "int", False)),
            "the character confronts the action in progress (FA-15)", row=True,
            probe="confront {name}", quick=True),
    Command("end", (), "end the current turn", buttons=(("End turn", "end"),)),
    Command("tie", (Arg("NAMES", "names"),
                    Arg("by", "choice", False, ("players", "gm"), prefix="by=")),
            "order a tie group (by the players by default)", label="Order a tie"),
    Command("declare", (NAME, Arg("action", "text")),
            "a tied PC tells the GM its action in secret (FA-11)", row=True,
            probe="declare {name} check"),
    Command("draw", (WHO, Arg("N", "int", False)), "draw N cards (default 1)", row=True,
            buttons=(("Draw a card", "draw {name}"),)),
    Command("damage", (NAME, Arg("N", "int")), "record damage", row=True,
            probe="damage {name} 1", label="Record damage"),
    Command("regen", (NAME,), "the character gains regeneration", row=True,
            buttons=(("Regeneration", "regen {name}"),)),
    Command("init", (NAME, Arg("N", "int"), Arg("cause", "text", False)),
            "the character's Initiative becomes N (mid-round: FA-A10)", row=True,
            probe="init {name} 1 check", label="Set Initiative", quick=True),
    Command("bonus", (NAME, Arg("ATTR", "word"), Arg("N", "signed", False),
                      Arg("cause", "text", False)),
            "+N (default 1) to the character's ATTR card limit (FA-18)", row=True,
            label="Limit bonus"),
    Command("maintenance", (), "run the maintenance phase (outside a round: FA-22 once)",
            buttons=(("Maintenance", "maintenance"),)),
    Command("endconflict", (), "end the conflict (between rounds)",
            buttons=(("End conflict", "endconflict"),)),
    Command("hand", (WHO,), "show a hand", row=True, changes=False,
            buttons=(("Show hand", "hand {name}"),)),
    Command("log", (), "the whole log", changes=False),
    Command("view", (Arg("viewer", "name_gm"),), "what that viewer sees", changes=False),
    Command("rules", (), "the house-rule flags in force", changes=False),
    Command("undo", (), "step back one change", buttons=(("Undo", "undo"),)),
    Command("redo", (), "step forward one change", buttons=(("Redo", "redo"),)),
    Command("help", (), "the command list", changes=False),
    Command("save", (Arg("FILE", "word"),), "write the state to a file", web=False),
    Command("load", (Arg("FILE", "word"),), "read the state from a file", web=False),
    Command("saved", (), "list the saved trackers", changes=False, web=False),
)
