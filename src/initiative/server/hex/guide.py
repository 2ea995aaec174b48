"""The hex skirmish game's rules in short for `/hex/how-to-play`, in this project's own
words, each topic citing its rule ids (HX-n, HX-An of ../shared/OTHER-RULINGS.md
section 4). The house-rule table is read from the game's rules listing
(games/hex/listing.py), so the page always lists the flags and defaults the game really
has."""

from __future__ import annotations

from initiative.games.hex.listing import LISTING
from initiative.server import guides
from initiative.server.guides import FlagRow, Topic

TOPICS: tuple[Topic, ...] = (
    Topic("goal", "Goal and victory", "HX-A5", (
        "Two to four characters fight on a board of hexes. Each starts with 5 health "
        "(a house rule can change it). When a character's health reaches 0 it leaves the "
        "board for good.",
        "Under the default rule the last character still on the board wins. A table may "
        "also set a round limit: when it runs out, the character with the most health "
        "left wins, or, under the other victory rule, the one with the most Power "
        "tokens. Leaders tied at the end share a draw.",
    )),
    Topic("round", "A round", "HX-1, HX-2, HX-3, HX-4, HX-5, HX-6, HX-7, HX-8, HX-9, HX-10, "
          "HX-11, HX-15, HX-A1, HX-A2, HX-A20", (
        "Draw: everyone throws away the cards still in hand, mixes their discard pile back "
        "into their Action deck and draws 4 fresh cards.",
        "Initiative: every player has two initiative cards. One of each player's cards "
        "goes into a first pile, the other into a second; each pile is shuffled on its own, "
        "the first is put on top of the second, and the Special card goes underneath both. "
        "The cards are laid out in that order as the initiative line, shown to everyone "
        "at once by default. So each player acts once in the first half of the line and "
        "once in the second half.",
        "Resolution: the line is worked through from left to right; the player named by "
        "each card takes a turn. The Special card, last in the line, gives one more turn "
        "to the player holding strictly more Power tokens than each other player on their "
        "own; if nobody leads outright, it does nothing. Eliminated characters do not "
        "count. After the Special card a new round begins with the draw.",
    )),
    Topic("turn", "Your turn", "HX-12, HX-13, HX-14, HX-A17, HX-A21", (
        "Play exactly one card from your hand and use either its Move section (top) or "
        "its Attack section (middle), never both. The card goes to your discard pile. The "
        "bottom section, Reaction, is only for answering someone else's attack.",
        "A card is playable when at least one of those two sections can be used now; a "
        "Move 0 can always be used. If none of your cards is playable when your turn "
        "begins, the turn is skipped. While a card is playable you may not pass (unless "
        "the table switched on voluntary passing).",
    )),
    Topic("moving", "Moving", "HX-16, HX-17, HX-18, HX-19, HX-20, HX-21, HX-A7, HX-A8, "
          "HX-A9", (
        "A Move N section moves your character exactly N hexes, one neighbouring hex at a "
        "time, in any direction whatever it faces. It may not pass through or stop on "
        "another character, nor enter a wall or leave the board. The path may come back "
        "over a hex it used, but after N steps (N above 0) it must not stand where it "
        "began. When the steps are done you choose the way it faces. Move 0 only turns.",
        "Facing: every character looks towards one of its six neighbouring hexes. That "
        "facing decides where it can strike (its Style card) and which hex is directly "
        "behind it.",
        "Displace: a Move section showing displace lets a step go into another "
        "character's hex. You then put that character on one of the free hexes next to "
        "it, but never the hex you stepped in from; it keeps its facing. A step with no "
        "free hex to put it on is not allowed. One move may displace several times.",
    )),
    Topic("attacking", "Attacking", "HX-23, HX-24, HX-25, HX-26, HX-27, HX-28, HX-29, "
          "HX-A10, HX-A11, HX-A12, HX-A16, HX-A18", (
        "Your Style card marks the hexes you can strike, seen from where you stand and "
        "the way you face; each marked hex says 3+ or 4+. You may attack only a character "
        "standing in one of those hexes; with nobody there the Attack section cannot be "
        "used. Walls and other characters do not block (no line of sight).",
        "Roll one six-sided die per die icon. Every die that shows at least the number of "
        "the target's hex scores a hit.",
        "Barrage: the attack strikes every character in your marked hexes, each with its "
        "own roll, and you decide in which order they react.",
        "Fumble: after the roll the target chooses the way your character faces (under "
        "barrage the last target in the order decides). It happens even with no hit.",
        "Push: after the roll you move the target one hex to a free neighbouring hex of "
        "your choice; it keeps its facing and never goes into a wall. If a free hex "
        "exists the push must happen, hit or no hit; if none does, nothing happens.",
    )),
    Topic("reactions", "Reactions", "HX-30, HX-31, HX-32, HX-33, HX-34, HX-A13, HX-A14, "
          "HX-A15, HX-A19", (
        "Once the dice are rolled, each target may answer with one card from its hand: it "
        "discards it and uses that card's Reaction section. It may do so even with no "
        "hit, and may always decline.",
        "No reaction is allowed when the attacker stood on the hex directly behind the "
        "target (the one neighbouring hex opposite its facing) when the attack was "
        "declared. On the table, hover or focus a character to see that hex.",
        "Shields: each shield cancels one hit. A reaction move follows the moving rules "
        "(it displaces only if the Reaction section shows displace, then you choose a "
        "facing), but it does not dodge: the hits still land. Each reaction is finished "
        "before anything else happens.",
    )),
    Topic("damage", "Damage, elimination and Power tokens",
          "HX-22, HX-A3, HX-A4, HX-A5, HX-A6, HX-A20", (
              "Hits that no shield cancelled become damage once every target has had its "
              "chance to react: each hit removes 1 health. At 0 health the character is "
              "eliminated: it is taken off the board and its initiative cards are passed "
              "over.",
              "Power icons appear on any section. An up arrow gives the player using "
              "that section one Power token; a down arrow takes one away, never below "
              "zero. Tokens stay from round to round, and taking the Special card's turn "
              "costs none, unless the house rules say otherwise. Holding the most "
              "tokens outright earns the Special card's turn.",
          )),
)

TABLE_HELP: tuple[str, ...] = (
    "Everything you may do now is listed under Your choices. The same choices sit on the "
    "board and in your hand where they have a place: a highlighted hex to step, displace "
    "or push into, a character with a dashed orange ring to target or to put next in the "
    "reaction order, an orange arrow around a character for a facing, and the Move or "
    "Attack button on a card.",
    "Each card shows its three sections with their icons in words; a section you can use "
    "now has a button, one you cannot says why (for example no target in reach). Hover "
    "an icon word to read what it does.",
    "Hover a character, or move to it with Tab, to see its reach (each hex marked 3+ or "
    "4+) and the hex directly behind it. The black wedge on a token's rim points to the "
    "hex it faces; the small gold disc shows its Power tokens.",
    "Keyboard: Tab moves through the board's choices and the buttons; Enter or Space "
    "chooses the focused one. The Dice panel shows the attack under way, or the last one: "
    "who attacked whom, the faces, the number needed, the hits, shields and damage.",
)


def flag_rows() -> list[FlagRow]:
    """Every house-rule flag, its ruling id, its default and what its values do."""
    return guides.flag_rows(LISTING.sections[0])
