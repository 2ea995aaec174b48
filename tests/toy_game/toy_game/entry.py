"""Lantern race's registry entry: what it is and where each front end finds its part
(initiative.games.registry). Only text: nothing of the game or its front ends loads
here. The entry point `toy = toy_game.entry:ENTRY` (in the group `initiative.games`,
../initiative_toy_game-0.1.0.dist-info/entry_points.txt) registers it."""

from initiative.games.registry import GameEntry, Parts

ENTRY = GameEntry(
    name="toy",
    title="Lantern race",
    summary="A toy race for two: walk, roll the die or play a card from a hidden hand to "
            "carry your lantern to the end of the path first (docs/new-game.md's worked "
            "example).",
    loader="toy_game.game:load_toy",
    slug="toy",
    record_format="toy-record/1",
    parts=Parts(
        terminal="toy_game.terminal:TERMINAL",
        web="toy_game.web:SITE",
        lab="toy_game.lab:LAB",
        records="toy_game.record:READER",
        rules="toy_game.listing:LISTING",
        lint="toy_game.cards:LINTER",
    ),
)
