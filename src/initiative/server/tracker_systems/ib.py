"""The Initiative Break table companion on the web: the Initiative Track in order with
the Round Marker, each unit's HP, Charge and statuses, the GM's rows (one per unit),
one page per player (named at ``add ... player=P``, else the unit's side) on which that
player enters its own units' actions, and the how-to guide (rules: IB-RULINGS.md).

Nothing of the companion is hidden (the cards are on the table), so every page shows
the same track; what differs is who may enter what: a player page runs only commands
of `PLAYER_VERBS`, for a unit that player controls (`player_line`)."""

from __future__ import annotations

from typing import Any

from initiative.server.tracker_access import Access, TrackerError
from initiative.server.tracker_controls import own_controls
from initiative.server.tracker_guide import Guide, Step
from initiative.server.tracker_parts import TrackerWeb
from initiative.trackers.base import TrackerConsole
from initiative.trackers.command_catalogue import build_line, catalogue
from initiative.trackers.ib_companion import HELP, IBCompanionConsole
from initiative.trackers.ib_companion_view import companion_view

__all__ = ["PLAYER_VERBS", "WEB"]

PLAYER_VERBS = frozenset({"begin", "attack", "play", "pass", "end", "move", "charge",
                          "break", "break end"})
"""What a player page may enter, each for the player's own unit: the unit of a row
command (its first argument), else the unit the command concerns (`concerned`)."""


def _console(console: TrackerConsole) -> IBCompanionConsole:
    if not isinstance(console, IBCompanionConsole):
        raise TypeError(f"not an Initiative Break companion: {console!r}")
    return console


def view(console: TrackerConsole, viewer: str) -> dict[str, Any]:
    return companion_view(_console(console), viewer)


def order(view: dict[str, Any]) -> dict[str, Any]:
    """The status line (round or Time Collapse, who is up, acting or breaking, the
    result) and the marks of each unit on the track."""
    status: list[dict[str, Any]] = []
    if view["phase"] == "setup":
        status.append({"label": "Setting up:", "value": f"{len(view['units'])} unit(s)"})
    elif view["phase"] == "collapse":
        status.append({"label": "Time Collapse", "note": "no rounds, IB 3.6",
                       "cls": "collapse"})
    else:
        status.append({"label": "Round", "value": view["round"]})
    for key, label, cls in (("breaking", "Breaking:", "acting"),
                            ("acting", "Acting:", "acting"),
                            ("up", "Up (not started):", ""),
                            ("result", "Battle over:", "")):
        if view[key]:
            status.append({"label": label, "value": view[key], "cls": cls})
    mine = {u["name"] for u in view["units"] if u["player"] == view["viewer"]}
    if mine & {view["acting"], view["breaking"]} - {""}:
        status.append({"label": "Your unit is acting", "cls": "your-turn"})
    elif view["up"] in mine:
        status.append({"label": "Your unit is up", "cls": "your-turn"})
    rows: list[dict[str, Any]] = []
    for item in view["track"]:
        if item.get("rm"):
            rows.append({"rm": True})
            continue
        marks = [m for m, on in (("breaking", item["breaking"]), ("acting", item["acting"]),
                                 ("up, not started", item["up"]),
                                 ("out of round", item["oor"])) if on]
        rows.append({**item, "marks": ", ".join(marks)})
    return {"status": status, "rows": rows, "mine": sorted(mine),
            "defeated": [u for u in view["units"] if u["defeated"]]}


def rows(console: TrackerConsole) -> list[dict[str, Any]]:
    """One row per unit that can still act: the track's order (the roster's before
    the start)."""
    units = companion_view(_console(console))["units"]
    return [{"name": u["name"]} for u in units if not u["defeated"]]


def player_names(console: TrackerConsole) -> list[str]:
    """Each player (``add ... player=P``, else the unit's side) gets a page."""
    return list(dict.fromkeys(u.seat for u in _console(console).companion.units))


def concerned(view: dict[str, Any], verb: str) -> str:
    """The unit a command of no row acts for: the one acting (play, pass, end), up
    (begin) or breaking (break end); "" if none."""
    key = {"begin": "up", "break end": "breaking"}.get(verb, "acting")
    return str(view[key])


def own(console: TrackerConsole, view: dict[str, Any], access: Access,
        key: tuple[Any, ...]) -> dict[str, Any]:
    """A player's page: its units and the controls for them that would be taken now."""
    mine = [u["name"] for u in view["units"] if u["player"] == access.name]
    if access.role != "pc" or not mine:
        return {"own": False}
    concerning = {verb for verb in PLAYER_VERBS if concerned(view, verb) in mine}
    controls = own_controls(console, key, mine, PLAYER_VERBS, concerning)
    return {"own": True, "units": mine, "controls": controls}


def player_line(console: TrackerConsole, access: Access, op: str,
                message: dict[str, Any]) -> str:
    """The console line of a player's form (`verb`, `args`), if it acts for one of the
    player's own units; TrackerError naming what is not theirs otherwise."""
    c = _console(console)
    verb, args = message.get("verb"), message.get("args")
    if op != "form" or not isinstance(verb, str) or not isinstance(args, dict):
        raise TrackerError("form: 'verb' must be a command and 'args' its values")
    book = catalogue(c.system)
    command = book.get(verb)  # ValueError naming the known ones
    if verb not in PLAYER_VERBS:
        raise TrackerError(f"{verb!r} is the game master's to enter; a player enters "
                           f"{', '.join(sorted(PLAYER_VERBS))} for its own units")
    mine = [u.name for u in c.companion.units if u.seat == access.name]
    values = {str(k): v for k, v in args.items() if isinstance(v, str)}
    if command.row:
        unit = values.get(command.args[0].name, "")
    else:
        unit = concerned(companion_view(c), verb)
        if not unit:
            raise TrackerError(f"{command.title}: no unit is "
                               f"{'up' if verb == 'begin' else 'acting'} now")
    if unit.lower() not in {name.lower() for name in mine}:
        raise TrackerError(f"{access.name} controls {', '.join(mine) or 'no unit'}; "
                           f"{unit or 'that unit'} is not theirs to act for")
    return build_line(book, verb, values)


GUIDE = Guide("ib", "Running the Initiative Break companion", (
    "You play Initiative Break with the printed cards; the companion keeps the part of "
    "the game that is easy to lose track of: who stands where on the Initiative Track, "
    "where the Round Marker is, the round, each unit's HP, Charge and statuses. You tell "
    "it what happened at the table and it applies the rules, writing each change in the "
    "log with the rule it follows. Every player can follow on their own page and enter "
    "their own units' actions there."), (
    Step("Put the units on the roster", "Before the battle the Add unit form sits under "
         "the main buttons: fill it in for every unit with its name (one word), its side, "
         "and HP, Speed and Initiative as printed (left out, they are read from the "
         "Character of that name, or the one in As Character, in the content the server "
         "reads, its content packs included). Give a player's name to let that player "
         "run the unit from their own page; units without one belong to their side's "
         "page. Drop on a row takes a unit off again.",
         (("IB 2.2", "each unit's printed HP, Speed and Initiative"),)),
    Step("Start", "Start battle lines the units up: the lowest Initiative stands at the "
         "left and acts first, the Round Marker at the far right. If units tie all the "
         "way down and the table must agree, type their order into Start battle's form.",
         (("IB 2.9.4", "the track is set by Initiative, then Speed, HP and name"),
          ("AMB-92", "a tie left after every tie-break is put in order by the table"),
          ("IB 2.9.5", "the Round Marker starts at the far right"))),
    Step("Whose turn it is", "The unit at the far left is up. Next announces it without "
         "starting it, so anyone may still break first; Begin activation starts it and "
         "resolves its Burn, Stun, Seal and Mute. Next on a unit that was announced but not "
         "begun makes it pass.",
         (("IB 3.1.2", "the leftmost unit activates"),
          ("IB 3.2.2", "the Status Check at the start of an activation"),
          ("IB 4.9", "a unit may pass"))),
    Step("Its action", "On the acting unit's row, Attack takes the kind of attack, the "
         "target and the damage dealt; the companion pays or gains the Charge and applies "
         "Weaken, Guard and Insight to the damage. A card played instead goes through Play "
         "a card (the table resolves what it does); Pass gives the action up.",
         (("IB 4.1.1", "a Basic Attack gains 1 Charge"),
          ("IB 4.2.1", "an Advanced Attack costs 1 Charge"),
          ("IB 4.3.1", "a Break Art costs 3 Charge"),
          ("IB 5.2", "Weaken, Guard and Insight change damage"))),
    Step("Effects of cards", "What a card does to others is entered on their rows or "
         "under More commands: Damage and Heal, Apply status and Cleanse status, Move up "
         "or back, Charge. A unit brought to 0 HP leaves the track once the effect has "
         "been dealt with; Defeat removes a unit for any other reason.",
         (("IB 5.1", "statuses and how they stack"), ("IB 5.2.8", "cleansing"),
          ("IB 3.4", "Move Up and Move Back"),
          ("IB 3.4.6", "the acting unit's own moves wait for its Movement Step"),
          ("IB 3.5.6", "a defeated unit leaves the track"))),
    Step("End of the activation", "End activation (or Next) moves the unit right by its "
         "Speed, applies the moves it was waiting for and steps the Round Marker one place "
         "left. When the Round Marker reaches the far left the round ends and the next one "
         "begins.",
         (("IB 3.3.1", "Movement: the unit moves right by its Speed"),
          ("IB 3.5.2", "the Round Marker steps left after each activation"),
          ("IB 3.5.4", "a new round when the Round Marker is at the far left"))),
    Step("Initiative Breaks", "A unit with 3 Charge shows Declare Initiative Break on its "
         "row: it pays its Charge and jumps to the far left. Once the table has resolved "
         "its Break Art, press Break Art resolved and the unit goes to the far right.",
         (("IB 3.7.5", "who may declare a Break, and when"),
          ("IB 3.7.6", "the breaking unit jumps left, then returns to the far right"),
          ("IB 3.7.1", "Charge runs from 0 to 3"))),
    Step("Time Collapse and the end", "Once the units left on the track are no more "
         "than the lowest Speed among them, the Round Marker is taken away: Time Collapse, "
         "and no more rounds; the units keep activating in order. The battle ends when a "
         "side has no unit left. Undo and Redo step through every change; the log names "
         "the rule behind each.",
         (("IB 3.6.1", "when Time Collapse comes"), ("AMB-23", "who counts toward it"),
          ("IB 3.6.2", "no rounds during Time Collapse"), ("IB 3.6.5", "victory"))),
))

SAMPLE_LINES = (
    "add Kaede side=heroes hp=10 speed=3 init=2 player=Ann",
    "add Brasso side=heroes hp=12 speed=2 init=3 player=Bea",
    "add Ember side=foes hp=8 speed=4 init=1",
    "add Ash side=foes hp=6 speed=2 init=1",
)
"""A sample duel "start with the sample roster" sets up: two players' heroes against two
foes the game master plays (original names and stats)."""

WEB = TrackerWeb(
    system="ib", title="Initiative Break table companion (printed cards)", help=HELP,
    guide=GUIDE, order_template="tracker_order_ib.html", view=view, order=order,
    rows=rows, player_names=player_names, own=own, mine_template="tracker_mine_ib.html",
    player_page="tracker_player_ib.html", player_ops=("form",), player_line=player_line,
    sample_lines=SAMPLE_LINES, rules_example="rm_counts_as_space=true")
