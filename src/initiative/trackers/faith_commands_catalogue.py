"""The card-round console's commands as data (:mod:`initiative.trackers.faith`; the
format: :mod:`initiative.trackers.command_catalogue`): one :class:`Command` per verb, in
the order of the console's help. The console's ``help`` is written from it, and the web
GM page's buttons and forms. Rule ids cite ../shared/OTHER-RULINGS.md (FA-)."""

from __future__ import annotations

from initiative.trackers.command_catalogue import Arg, Command

QUOTED = True
"""The console splits a line into shell words: values are quoted."""

HELP_HEAD = ("commands (names are case-insensitive; gm = the game master / shared NPC card, "
             "so no character may be named gm or spectator, in any capitalisation):")
HELP_NOTES = (
    "a turn: next announces who is up (not started: wait or pass still possible); begin "
    "or act starts it; next again ends it (or, if it never began, that character passes).",
    "not supported by the model: choosing whom to wait on (always the next character); "
    "per-card choice for the shared NPC card beyond hand index or deck top.")

NAME = Arg("NAME", "name")
WHO = Arg("NAME", "name_gm", shown="NAME|gm")
CAUSE = Arg("cause", "text", False, shown="cause ...")

COMMANDS: tuple[Command, ...] = (
    Command("roster", (), "list the roster (loads the sample roster if it is empty)",
            changes=False),
    Command("add", (Arg("NAME", "word"), Arg("npc", "flag", False, ("npc",)),
                    Arg("initiative", "int", prefix="initiative=", shown="initiative=N"),
                    Arg("attributes", "words", False, shown="ATTR=N ...")),
            "a newcomer joins (a PC unless 'npc'); a PC is dealt the starting hand "
            "(newcomer_hand)", rules="FA-3, FA-23, FA-A11", label="Add character"),
    Command("round", (Arg("names", "names", False, shown="NAME ..."),),
            "start a round (default: the whole roster; after an all-wait, the same "
            "characters, with their kept cards)", rules="FA-1, FA-20, FA-23",
            buttons=(("Start round", "round"),)),
    Command("commit", (WHO, Arg("card", "card", False, shown="INDEX|top")),
            "commit a card face down from hand (0-based INDEX) or the deck top (default); "
            "an NPC name means its slot", rules="FA-2, FA-3, FA-5", row=True,
            probe="commit {name} top", label="Commit card", quick=True),
    Command("reveal", (), "reveal every card: totals and the order",
            rules="FA-6, FA-7, FA-8", buttons=(("Reveal", "reveal"),)),
    Command("order", (), "the participants in order, totals, who is up or acting, ties",
            rules="FA-8, FA-9", changes=False),
    Command("next", (), "close the turn under way (or pass the announced character who has "
            "not begun) and announce who is up (not started: they may still wait or pass)",
            rules="FA-14, FA-A5", buttons=(("Next", "next"),)),
    Command("begin", (Arg("NAME", "name", False),),
            "the character up begins its turn (default: whoever is up)",
            rules="FA-12, FA-13", row=True, buttons=(("Begin turn", "begin {name}"),),
            quick=True),
    Command("act", (NAME, Arg("affects", "names", False, prefix="affects=",
                              shown="affects=NAME,..."),
                    Arg("action", "text", False, shown="ACTION ...")),
            "NAME begins its turn with this action (or names the action of its turn under "
            "way); affects= says whom it affects", rules="FA-12, FA-13, FA-15",
            usage="act NAME [ACTION ...] [affects=NAME,...]", row=True,
            buttons=(("Act", "act {name}"),), quick=True),
    Command("affects", (Arg("NAMES", "names", shown="NAME ..."),),
            "the action under way affects these characters (only they may confront it)",
            rules="FA-15", label="Affects"),
    Command("wait", (Arg("NAME", "name", False), Arg("ON", "name", False)),
            "NAME (default: whoever is up) lets the next character go first (ON is checked "
            "against it)", rules="FA-19, FA-20, FA-A3", row=True,
            buttons=(("Wait", "wait {name}"),), quick=True),
    Command("pass", (NAME,), "NAME declines to act (if the rules allow it)", rules="FA-A5",
            row=True, buttons=(("Pass", "pass {name}"),), quick=True),
    Command("confront", (NAME, Arg("ATTR", "word", False), Arg("N", "int", False)),
            "NAME, affected by the action under way, confronts it",
            rules="FA-15, FA-16, FA-17", usage="confront NAME [ATTR N]", row=True,
            probe="confront {name}", quick=True),
    Command("end", (), "end the turn under way (next does so and announces who is up)",
            rules="FA-14", buttons=(("End turn", "end"),)),
    Command("tie", (Arg("NAMES", "names", shown="NAME ..."),
                    Arg("by", "choice", False, ("players", "gm"), prefix="by=",
                        shown="by=gm")),
            "order a tie group (by=players by default)", rules="FA-10, FA-11",
            label="Order a tie"),
    Command("declare", (NAME, Arg("action", "text", shown="ACTION ...")),
            "a tied PC tells the GM its action in secret", rules="FA-11", row=True,
            probe="declare {name} check"),
    Command("draw", (WHO, Arg("N", "int", False)), "draw N cards (default 1)", row=True,
            buttons=(("Draw a card", "draw {name}"),)),
    Command("damage", (NAME, Arg("N", "int")), "record damage", row=True,
            probe="damage {name} 1", label="Record damage"),
    Command("regen", (NAME,), "NAME gains regeneration", rules="FA-21", row=True,
            buttons=(("Regeneration", "regen {name}"),)),
    Command("init", (NAME, Arg("N", "int"), CAUSE),
            "NAME's Initiative becomes N (mid-round: FA-A10 decides whether the order "
            "changes)", rules="FA-A10", row=True, probe="init {name} 1 check",
            label="Set Initiative", quick=True),
    Command("bonus", (NAME, Arg("ATTR", "word"), Arg("N", "signed", False), CAUSE),
            "+N (default 1) to NAME's ATTR card limit", rules="FA-18", row=True,
            label="Limit bonus"),
    Command("maintenance", (), "run the maintenance phase (outside a round: FA-22 once)",
            rules="FA-21, FA-22", buttons=(("Maintenance", "maintenance"),)),
    Command("endconflict", (), "end the conflict (between rounds)", rules="FA-23",
            buttons=(("End conflict", "endconflict"),)),
    Command("hand", (WHO,), "show a hand (GM console: all hands are visible)", row=True,
            changes=False, buttons=(("Show hand", "hand {name}"),)),
    Command("log", (), "the whole log (GM reading)", changes=False),
    Command("view", (Arg("viewer", "name_gm", shown="NAME|gm|spectator"),),
            "what that viewer sees (a player sees only its own face-down card from hand; "
            "deck-top cards stay unseen)", rules="FA-A14", changes=False),
    Command("rules", (), "the house-rule flags in force", changes=False),
    Command("undo", (), "step back through changes", buttons=(("Undo", "undo"),)),
    Command("redo", (), "step forward through changes", buttons=(("Redo", "redo"),)),
    Command("save", (Arg("FILE", "word", shown="FILE|db:NAME"),),
            "JSON of the state plus rules (db:NAME: the project's database)", web=False),
    Command("load", (Arg("FILE", "word", shown="FILE|db:NAME"),), "load a saved state",
            web=False),
    Command("saved", (), "the states saved in the database", changes=False, web=False),
    Command("help", (), "this list", changes=False),
)
