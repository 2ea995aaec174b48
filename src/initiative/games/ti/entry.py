"""The Initiative's registry entry: what it is and where each front end finds its part
(games/registry.py). Only text: nothing of the game or its front ends loads here."""

from initiative.games.registry import Command, GameEntry, Parts

ENTRY = GameEntry(
    name="the_initiative",
    title="The Initiative",
    summary="1-4 players together search rooms for clue tokens, open the mission "
            "console's windows and agree on the answer before time runs out.",
    loader="initiative.games.ti.loader:load_the_initiative",
    slug="ti",
    record_format="ti-record/1",
    parts=Parts(
        bots="initiative.bots.ti:BOTS",
        terminal="initiative.cli.ti.terminal:TERMINAL",
        web="initiative.server.ti:SITE",
        lab="initiative.lab.ti:LAB",
        records="initiative.games.ti.record:READER",
        rules="initiative.games.ti.listing:LISTING",
        lint="initiative.games.ti.content:LINTER",
        commands=(
            Command("mission", "initiative.cli.ti.mission:mission_app",
                    "The Initiative's missions: validate mission files, list them, keep "
                    "campaign logs."),
        ),
    ),
)
