"""The hex skirmish game's registry entry: what it is and where each front end finds
its part (games/registry.py). Only text: nothing of the game or its front ends loads
here."""

from initiative.games.registry import GameEntry, Parts

ENTRY = GameEntry(
    name="hex_skirmish",
    title="Hex skirmish",
    summary="2-4 characters on a hex board, turns dealt by stacked initiative decks, "
            "Action cards played for their Move or Attack and discarded to react.",
    loader="initiative.games.hex.loader:load_hex_skirmish",
    slug="hex",
    record_format="hex-record/1",
    parts=Parts(
        bots="initiative.bots.hex:BOTS",
        terminal="initiative.cli.hex.terminal:TERMINAL",
        web="initiative.server.hex:SITE",
        lab="initiative.lab.hex:LAB",
        records="initiative.games.hex.record:READER",
        rules="initiative.games.hex.listing:LISTING",
        lint="initiative.games.hex.content:LINTER",
    ),
)
