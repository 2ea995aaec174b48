"""The GM trackers' how-to pages (`/trackers/how-to-play/{system}`, linked from each
tracker page's header): how to run a fight on the GM page, step by step, in this
project's own words, with the rule ids behind each step in a details list (the full
rulings: OTHER-RULINGS.md)."""

from __future__ import annotations

from typing import NamedTuple


class Step(NamedTuple):
    """One step of a guide: what the GM does on the page, and the rules it follows
    (rule id, a short gloss)."""

    title: str
    text: str
    rules: tuple[tuple[str, str], ...] = ()


class Guide(NamedTuple):
    system: str
    title: str
    intro: str
    steps: tuple[Step, ...]


EXALTED = Guide("exalted", "Running tick initiative", (
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

FAITH = Guide("faith", "Running card rounds", (
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

GUIDES = {g.system: g for g in (EXALTED, FAITH)}
