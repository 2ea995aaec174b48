"""Tick initiative (compatible with Exalted) on the web: the order table of
`tick_view`, the GM's rows (Crash values) and the how-to guide (rules:
OTHER-RULINGS.md section 2, EX-*)."""

from __future__ import annotations

from typing import Any

from initiative.server.tracker_guide import Guide, Step
from initiative.server.tracker_parts import TrackerWeb
from initiative.timing.ticks_view import tick_view
from initiative.trackers.base import TrackerConsole
from initiative.trackers.exalted import HELP, ExaltedConsole

__all__ = ["WEB"]


def _console(console: TrackerConsole) -> ExaltedConsole:
    if not isinstance(console, ExaltedConsole):
        raise TypeError(f"not a tick-initiative console: {console!r}")
    return console


def view(console: TrackerConsole, viewer: str) -> dict[str, Any]:
    return tick_view(_console(console).tracker, viewer)


def order(view: dict[str, Any]) -> dict[str, Any]:
    """Each row's shown Initiative and marks, who is up, effects, the status line."""
    rows = []
    for row in view["rows"]:
        marks = []
        if row["active"]:
            marks.append("acting now")
        elif row["up"]:
            marks.append("up, not started")
        if row["done"]:
            marks.append(row["done"])
        if row["holding"]:
            marks.append("holding")
        if row["crashed"]:
            marks.append(f"Crashed, {row['tokens']} recovery token(s)")
        if row["flurry_penalty"]:
            marks.append(f"flurry -{row['flurry_penalty']}")
        if row["initiative"] is not None:
            shown = str(row["initiative"])
        else:
            shown = ("not worthy (EX-1)" if not row["worthy"] else "not joined"
                     if not row["joined"] else "hidden")
        rows.append({**row, "shown": shown, "marks": ", ".join(marks)})
    up = ", ".join(view["ready"] or view["still_to_act"][:1])
    status = [{"label": "Round", "value": view["round"]},
              {"label": "Phase", "value": view["phase"]}]
    if view["active"]:
        status.append({"label": "Acting:", "value": view["active"], "cls": "acting"})
    if up:
        status.append({"label": "Up next:", "value": up})
    return {"rows": rows, "up_next": up, "effects": view["effects"],
            "still_to_act": view["still_to_act"], "status": status}


def rows(console: TrackerConsole) -> list[dict[str, Any]]:
    """Each character with `to_crash` (the loss that brings it to the Crash threshold,
    EX-5, EX-A1) when it can crash."""
    t = _console(console).tracker
    floor = t.rules.crash_at_or_below
    return [{"name": name, **({"to_crash": f.initiative - floor} if f.joined
                              and not f.out and not f.crashed and f.initiative > floor
                              else {})}
            for name, f in t.fighters.items()]


GUIDE = Guide("exalted", "Running tick initiative", (
    "Initiative here is a pool each character gains and spends; whoever holds the most "
    "acts first. The tracker keeps every character's Initiative, whose tick is up, who has "
    "acted, and every change with its cause. Everything below is a button or a form on "
    "the game master's page; the command line does the same by typing."), (
    Step("Build the roster", "Start with the sample roster, or open More commands and use "
         "Add character (Stamina, Wits and Awareness; Stealth, Manipulation and a mote pool "
         "if they matter; a mook may join with its Initiative or successes typed instead). "
         "Remove on a row takes a character out; its history stays.",
         (("EX-6", "base Initiative comes from Stamina"),
          ("EX-8", "Initiative is 3 plus the Join Battle successes"))),
    Step("Worthy foes", "Before Join Battle, Not worthy on an NPC's row declares it no "
         "worthy foe: it gets no Join Battle and no turn. Contest on its row settles it with "
         "one contested roll (or both sides' successes typed); Worthy undoes the "
         "declaration.",
         (("EX-1", "a foe who is not worthy is settled by one contested roll"),
          ("EX-A13", "dice: d10, 7 or more is a success, 10 counts twice"))),
    Step("Join Battle", "Roll Join Battle for all rolls every character still out of the "
         "fight; for NPCs only leaves the players to roll their own dice, which you enter "
         "under More on their row (Join Battle with the number of successes). Start combat "
         "stays greyed out until everyone has joined; hover it to see who is missing.",
         (("EX-2", "the fight opens with Join Battle"),
          ("EX-8", "starting Initiative is 3 plus the successes"),
          ("EX-9", "Wits and Awareness; EX-10 and EX-11 allow Stealth or Manipulation"),
          ("EX-A13", "dice: d10, 7 or more is a success, 10 counts twice"))),
    Step("Free actions", "Start combat passes every Join Battle free action. To play them "
         "one by one, use Start with free ticked (More commands), then Free action on each "
         "row in the order shown.",
         (("EX-12", "one unopposed, non-damaging action on joining"),
          ("EX-13", "free actions go from the highest Initiative down"),
          ("EX-A18", "a free action is not a turn"))),
    Step("Turns", "Next announces whoever is up (the row is highlighted); Begin turn on "
         "that row starts the turn, and Act records its action (the first one begins it). "
         "Next again closes the turn under way and announces the next one; pressed while "
         "the announced character has not begun, that character passes. Before it begins, "
         "Delay pays 1 Initiative and holds the turn, Take held turn brings it back. "
         "Withering and "
         "decisive attacks, spending Initiative or motes and effects are under More on the "
         "attacker's row.",
         (("EX-14", "turns go from the highest Initiative down"),
          ("EX-16", "a turn is one action and one reflexive move, or a pass"),
          ("EX-17", "delay costs 1i; the held turn comes when declared"),
          ("EX-A8", "a held turn may be declared between later turns of the round"),
          ("EX-19", "the start of a turn resolves one-turn effects"),
          ("EX-4", "withering attacks move Initiative to the attacker"),
          ("EX-7", "a decisive attack resets the attacker to base Initiative"))),
    Step("Crash", "A character whose Initiative falls to the threshold is Crashed; Crash on a "
         "row does that directly (a loss down to the threshold, logged as the GM's). "
         "Recovery tokens are counted at the end of each of its turns.",
         (("EX-5", "ways to lose Initiative, Crash among them"),
          ("EX-A1", "Crashed at or below 0 (a house-rule flag sets the threshold)"),
          ("EX-20", "three recovery tokens end a Crash"),
          ("EX-23", "a Crashed character gains recovery tokens at the end of its turn"))),
    Step("Rounds", "When nobody is left to act, End round begins the next round. Undo and "
         "Redo step through every change; the log explains each one.",
         (("EX-A16", "a round ends when everyone has had, lost or let lapse a turn"),)),
))

WEB = TrackerWeb(
    system="exalted", title="Tick initiative (compatible with Exalted)", help=HELP,
    guide=GUIDE, order_template="tracker_order_exalted.html", view=view, order=order,
    rows=rows, shared_links=("players",),
    rules_example="show_npc_initiative_to_players=false")
