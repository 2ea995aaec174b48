"""The Initiative's rules in short for `/ti/how-to-play`, in this project's own words,
each topic citing its rule ids (TI-n, TI-An of ../shared/OTHER-RULINGS.md section 3).
The house-rule table is read from the game's rules listing (games/ti/listing.py), so the
page always lists the flags and defaults the game really has."""

from __future__ import annotations

from initiative.games.ti.listing import LISTING
from initiative.server import guides
from initiative.server.guides import FlagRow, Topic

TOPICS: tuple[Topic, ...] = (
    Topic("goal", "Goal: answer the mission's question together",
          "TI-1, TI-2, TI-5, TI-15, TI-54, TI-A22", (
              "One to four players work as one team, each with a character of their own. "
              "The mission asks a question; its answer hides behind the closed windows of "
              "the mission console. Everybody wins or everybody loses.",
              "You see only your own cards. You may talk about them, but not say their "
              "exact values; the table never shows another player's card values, only how "
              "many cards each one holds.",
          )),
    Topic("setup", "Setting up", "TI-3, TI-4, TI-6, TI-7, TI-8, TI-25", (
        "Each room listed by the mission gets a small face-down stack of clue tokens; "
        "features such as the entrance, a safe or a tripwire are placed face up. Every "
        "character starts in the entrance room. The four action piles start empty, the "
        "discard pile starts with the time cards, and each player draws 4 cards.",
        "The first player on the list picks who volunteers to take the first turn; play "
        "then goes round in seat order. A secret printed on the mission's back is gained "
        "before play.",
    )),
    Topic("turn", "A turn", "TI-9, TI-10, TI-11, TI-12, TI-13, TI-14, TI-A7", (
        "Take one or two actions, then refill your hand to 4. An action is a card played "
        "face up onto one of the four action piles, whose ability you then carry out. The "
        "card must be strictly higher than the pile's top card; an empty pile takes any "
        "card. At least one action is required, even one that achieves nothing.",
        "Instead of a pile, an action may be your character's special: discard any 2 "
        "cards, then use the ability printed on your character. You may do that for both "
        "actions.",
    )),
    Topic("piles", "The four action piles",
          "TI-17, TI-18, TI-19, TI-20, TI-21, TI-22, TI-38, TI-A2, TI-A9, TI-A10, TI-A20", (
              "RUN: move up to 3 times, each time into a room joined to yours by an open "
              "passage. Walls, wall tokens and locked doors cannot be crossed. Entering a "
              "room with a laser tripwire ends the run.",
              "INTEL: pick any room (not one with a safe) and reveal up to 2 of its "
              "face-down tokens, one at a time. A glyph that is not on the mission may be "
              "removed from the board.",
              "GATHER: up to 2 attempts in your own room. Each attempt either collects a "
              "face-up collectable token there, or reveals the top face-down token of "
              "your room (even behind a safe) and may collect it at once. Collecting a "
              "glyph opens every console window showing it.",
              "REGROUP: choose another pile; its cards go to the discard pile and any "
              "counter intel on it is thrown away (a house rule can make it clear only "
              "the counter intel). Stopping early, even at zero, is always allowed.",
          )),
    Topic("tokens", "Traps and special tokens",
          "TI-26, TI-27, TI-28, TI-29, TI-30, TI-31, TI-32, TI-33, TI-34, TI-35, TI-36, "
          "TI-37, TI-A5, TI-A8, TI-A11, TI-A12, TI-A19, TI-A23", (
              "Camera: at the end of your turn, one card from the top of the deck is "
              "discarded for each camera in your room. Gas: everyone in that room loses a "
              "random card, then the gas is gone. Alarm: in its room, INTEL and GATHER "
              "must be paid with a card of your highest value.",
              "Counter intel revealed by INTEL lands on the pile its icon names, and "
              "nobody may play there until it is removed; revealed any other way it is "
              "simply discarded.",
              "Keypad: collect it to unlock one locked door. Computer access, and the "
              "master camera or master alarm: collect one to throw away a tripwire, safe, "
              "camera, alarm or counter intel from any room or pile. The master tokens "
              "also act as a camera or an alarm while face up. Blue tokens carry the "
              "bonus glyphs.",
          )),
    Topic("enemies", "Enemies", "TI-39, TI-40, TI-41, TI-42, TI-43, TI-44, TI-45, TI-46, "
          "TI-A6, TI-A18", (
              "An enemy reacts whenever a revealed token shows one of its icons "
              "(crescent or spiral): it may move toward a target, or make players "
              "discard. Reveals happen one at a time, and the enemy acts before the next. "
              "When an enemy could end in several equally good rooms, the player whose "
              "turn it is chooses. Enemies are blocked by walls and locked doors.",
              "Once per turn, before, between or after your actions, you may tuck a card "
              "of the enemy's suit under an enemy in your room. When the tucked cards of "
              "one suit reach its strength, it is defeated and leaves the board.",
          )),
    Topic("peril", "Running out of time", "TI-47, TI-48, TI-49, TI-50, TI-51, TI-52, "
          "TI-53, TI-A1, TI-A3, TI-A4, TI-A13, TI-A14, TI-A21", (
              "When the deck runs out, the team is In Peril: the whole discard pile, time "
              "cards included, is shuffled into a new deck. From then on drawing is "
              "optional, one card at a time; a time card drawn goes straight to the "
              "discard and you may draw again. Three time in the discard while In Peril "
              "(the double time card counts two) and the team loses.",
              "A player who cannot take any action at the start of the turn passes "
              "instead. If every player in a row must pass and nobody can draw, the game "
              "is lost.",
          )),
    Topic("solve", "Solving", "TI-54, TI-55, TI-56, TI-A15, TI-A16", (
        "The player whose turn it is may propose an answer at a main step (never in the "
        "middle of an action). They enter it one position at a time from the mission's "
        "own list of symbols, and may take the last symbol back to correct it until they "
        "announce the answer; then every other player votes yes or no. One no stops the "
        "attempt and play goes on; it uses nothing up, so the group may propose again at "
        "once. If everyone agrees, the answer is compared: every position right wins the "
        "game, any mistake loses it.",
        "Some missions mark an Answer area on the console: only the windows under it "
        "are guessed, and one window may hide several symbols.",
    )),
    Topic("campaign", "Secrets and the campaign", "TI-16, TI-25, TI-57", (
        "Secrets gained are shown to the whole team. A mission's story text appears at "
        "the start and at the end. A mission is played once in a campaign, won or lost.",
    )),
)

TABLE_HELP: tuple[str, ...] = (
    "Everything you may do now is listed under Your choices. The same choices sit on the "
    "board and in your hand where they have a place: a room outlined in orange to move "
    "to, reveal in, or send an enemy to; a face-up token with an orange ring to collect, "
    "remove or disarm; a door with an orange frame to unlock.",
    "Each card in your hand has a button for every pile it may go on now, and Discard or "
    "Tuck buttons when those are possible. You may also choose a card and then a pile, "
    "or a pile and then a card. A card that fits nowhere is greyed, with the reason: "
    "lower than every pile top, a pile blocked by counter intel, or an alarm that asks "
    "for your highest card.",
    "The console shows each window's glyph, and its symbols once open. To solve, the "
    "active player chooses Propose an answer, then one symbol per position (Take back "
    "corrects the last one) and Announce the answer; each other player then votes on "
    "their own page, and everyone sees who has voted.",
    "On the board: ▦ and a number is a room's face-down stack, circles are face-up "
    "tokens (a glyph's mark, a trap's sign; dashed when the glyph is not on the "
    "mission), squares are features, coloured discs are the characters and red diamonds "
    "the enemies. Rooms in words lists every room's contents.",
)


def flag_rows() -> list[FlagRow]:
    """Every house-rule flag, its ruling id, its default and what its values do."""
    return guides.flag_rows(LISTING.sections[0])
