"""Card rounds (compatible with FaithRPG) on the web: the round table of
`CardRoundState.view`, the GM's rows (hands, the shared NPC card), each player
character's own page (commit a card, declare in a tie) and the how-to guide (rules:
OTHER-RULINGS.md, FA-*)."""

from __future__ import annotations

import shlex
from typing import Any

from initiative.server.tracker_access import Access, TrackerError
from initiative.server.tracker_guide import Guide, Step
from initiative.server.tracker_parts import TrackerWeb
from initiative.timing.cards import GM
from initiative.timing.cards_content import Card
from initiative.trackers.base import TrackerConsole
from initiative.trackers.faith import HELP, FaithConsole

__all__ = ["WEB"]


def _console(console: TrackerConsole) -> FaithConsole:
    if not isinstance(console, FaithConsole):
        raise TypeError(f"not a card-round console: {console!r}")
    return console


def _label(card: list[Any]) -> str:
    return Card.from_list(card).label()


def view(console: TrackerConsole, viewer: str) -> dict[str, Any]:
    return _console(console).state.view(viewer)


def _slot(view: dict[str, Any], name: str, side: str) -> str:
    shared = view["rules"]["npc_initiative_card"] == "shared"
    return GM if side == "npc" and shared else name


def order(view: dict[str, Any]) -> dict[str, Any]:
    """Each participant's card, total, status and place; ties, hands, the status line."""
    commits = {e["slot"]: e for e in view["commitments"]}
    roster = {c["name"]: c for c in view["roster"]}
    names = view["participants"] or list(roster)
    queue = view["queue"]
    rows = []
    for name in names:
        ch = roster[name]
        entry = commits.get(_slot(view, name, ch["side"]))
        total = view["totals"].get(name)
        if entry is None:
            card = ""
        elif not entry["committed"] and total is not None:  # played: the card is gone
            slot = _slot(view, name, ch["side"])
            card = f"{view['values'].get(slot, '?')}, discarded"
        elif "card" in entry:
            face = "" if view["phase"] == "turns" else " (face down)"
            card = _label(entry["card"]) + face
        elif entry["committed"]:
            card = "face down" + (", deck top" if entry.get("source") == "deck" else "")
        else:
            card = "not committed"
        waits = view["waiting_on"].get(name)
        place = f"{queue.index(name) + 1}" if name in queue else (
            f"waits on {waits}" if waits else "")
        rows.append({"name": name, "side": ch["side"], "initiative": ch["initiative"],
                     "card": card, "total": "" if total is None else total,
                     "status": view["status"].get(name, ""), "place": place,
                     "damage": view["damage"].get(name, 0)})
    ties = [{"side": t[0], "total": t[1], "members": t[2], "by": t[3] or "open"}
            for t in view["ties"]]
    up = queue[0] if view["phase"] == "turns" and not view["acting"] and queue else ""
    hands = {owner: [_label(c) for c in hand] if isinstance(hand, list) else hand
             for owner, hand in view["hands"].items()}
    status = [{"label": "Round", "value": view["round"]},
              {"label": "Phase", "value": view["phase"]}]
    if view["acting"]:
        status.append({"label": "Acting:", "value": view["acting"],
                       "note": view["action"] or "", "cls": "acting"})
    if up:
        status.append({"label": "Up next:", "value": up})
        if view["viewer"] == up:
            status.append({"label": "Your turn is next", "cls": "your-turn"})
    return {"rows": rows, "ties": ties, "up_next": up, "hands": hands,
            "order_text": " > ".join(queue), "status": status}


def own(console: TrackerConsole, view: dict[str, Any], access: Access,
        key: tuple[Any, ...]) -> dict[str, Any]:
    """A card-round PC's own controls: commit from hand or deck top, declare in a tie."""
    if access.role != "pc" or view["viewer"] != access.name:
        return {"own": False}
    me = access.name
    side = next(c["side"] for c in view["roster"] if c["name"] == me)
    entry = next((e for e in view["commitments"] if e["slot"] == _slot(view, me, side)), None)
    can_commit = view["phase"] == "commit" and entry is not None and not entry["committed"]
    in_tie = any(t[0] == "pc" and me in t[2] and not t[3] for t in view["ties"])
    hand = view["hands"].get(me, [])
    committed = ""
    if entry is not None and entry["committed"]:
        committed = _label(entry["card"]) if "card" in entry else "the top card of your deck"
    return {"own": True, "hand": [(i, _label(c)) for i, c in enumerate(hand)],
            "can_commit": can_commit, "can_declare": view["phase"] == "turns" and in_tie,
            "committed": committed, "declared": view["declarations"].get(me, "")}


def player_line(console: TrackerConsole, access: Access, op: str,
                message: dict[str, Any]) -> str:
    """The console line of a player's own request: `commit` (`card`: a hand index or
    "top") or `declare` (`text`: an action told to the GM in secret). Only a card-round
    PC may ask, for its own card."""
    if access.role != "pc" or not isinstance(console, FaithConsole):
        raise TrackerError("only a player character's own link can do that")
    try:  # the line names the PC's own slot: its name must read back as that slot
        mine = console.name(access.name, gm=True) == console.state.slot_of(access.name) \
            == access.name
    except ValueError:  # no longer on the roster
        mine = False
    if not mine:
        raise TrackerError(f"this link cannot commit or declare for {access.name!r}: the "
                           "name does not name that character's own card (gm, in any "
                           "capitalisation, is the game master's)")
    name = shlex.quote(access.name)
    if op == "commit":
        value = message.get("card")
        if value == "top":
            return f"commit {name} top"
        if isinstance(value, bool) or not isinstance(value, int | str) \
                or not str(value).isdigit():
            raise TrackerError("choose a card of your hand (its number) or the deck top")
        return f"commit {name} {int(value)}"
    if op == "declare":
        text = " ".join(str(message.get("text") or "").split())
        if not text:
            raise TrackerError("declare: say what your character intends to do")
        if len(text) > 200:
            raise TrackerError("declare: at most 200 characters")
        return f"declare {name} {shlex.join(text.split())}"
    raise TrackerError(f"unknown request {op!r}")


def player_names(console: TrackerConsole) -> list[str]:
    """The player characters: each gets its own link."""
    return [c.name for c in _console(console).state.roster if c.side == "pc"]


def _cards(hand: list[Any]) -> list[tuple[str, str]]:
    return [("top", "top of the deck (unseen)"),
            *((str(i), f"{i}: {card.label()}") for i, card in enumerate(hand))]


def rows(console: TrackerConsole) -> list[dict[str, Any]]:
    """Each character with `cards`, the hand its commit draws from, and `gm_hand` for an
    NPC, whose card and hand are the GM's (FA-5): its row leaves them to the GM's own
    controls."""
    s = _console(console).state
    return [{"name": c.name, "cards": _cards(s.hands.get(c.name, [])),
             **({} if c.side == "pc" else {"gm_hand": True})} for c in s.roster]


def gm_row(console: TrackerConsole) -> dict[str, Any]:
    """The GM's own row: the shared NPC card and hand."""
    return {"name": "gm", "cards": _cards(_console(console).state.hands.get(GM, []))}


GUIDE = Guide("faith", "Running card rounds", (
    "A round starts when several characters want to act at once. Each puts a card face "
    "down, the cards are turned over together, and card value plus Initiative sets the "
    "order. The tracker deals the hands, keeps the face-down cards secret from everyone "
    "but their owner and the game master, and orders the turns."), (
    Step("Build the roster", "Start with the sample roster (players get a hand of three), or "
         "use Add character under More commands. Each player character gets its own link: "
         "hand it to its player, who commits from their phone.",
         (("FA-A12", "the sample deck and its card values"),)),
    Step("Start a round and commit", "Start round opens the commit step. Players commit on "
         "their own pages; you may commit for a player with Commit card on its row (a hand "
         "card or the deck top). The NPCs share one card: Commit card (GM) under the GM's "
         "cards. Reveal stays greyed out until every card is down.",
         (("FA-2", "every character who acts commits one face-down card"),
          ("FA-3", "from the hand or the top of the deck"),
          ("FA-5", "the GM commits one card for all NPCs"),
          ("FA-A14", "a deck-top card stays unseen until the reveal"))),
    Step("Reveal and order", "Reveal turns every card over; the table shows each total and "
         "the order. Tied players agree on their order (or declare their action to you in "
         "secret); Order a tie under More commands records the order.",
         (("FA-6", "all cards are revealed together"),
          ("FA-7", "total = card value + Initiative"),
          ("FA-8", "highest total first"), ("FA-9", "on a tie, players before NPCs"),
          ("FA-11", "tied players agree, or tell the GM in secret"))),
    Step("Turns", "Next announces whoever is up; Begin turn on that row starts the turn, "
         "or Act with the action (and whom it affects). Before it begins, Wait lets the "
         "next character go first and Pass gives up the turn. Affects (More commands) names "
         "whom the action under way affects; only they may Confront it. Next again closes "
         "the turn and announces the next one; pressed while the announced character has "
         "not begun, that character passes.",
         (("FA-12", "a turn is one action"), ("FA-13", "its card is discarded as its turn begins"),
          ("FA-14", "then the next in order acts"),
          ("FA-15", "an affected character may confront"),
          ("FA-16", "confronting before your turn costs that turn"),
          ("FA-19", "waiting lets the next character act first"),
          ("FA-A5", "a participant may pass"))),
    Step("Maintenance and the next round", "When every turn is over, Maintenance resolves "
         "damage recovery and other lasting effects; then Start round again if several "
         "characters still want to act. Undo and Redo step through every change.",
         (("FA-21", "maintenance follows the turns"),
          ("FA-23", "a new round if two or more still want to act"),
          ("FA-20", "if everyone waits, the cards stay for the next round"))),
))

WEB = TrackerWeb(
    system="faith", title="Card rounds (compatible with FaithRPG)", help=HELP,
    guide=GUIDE, order_template="tracker_order_faith.html", view=view, order=order,
    rows=rows, gm_row=gm_row, player_names=player_names, own=own,
    mine_template="tracker_mine.html", player_page="tracker_player_faith.html",
    player_ops=("commit", "declare"), player_line=player_line,
    rules_example="allow_pass=false")
