"""Initiative Break's registry entry: what it is and where each front end finds its part
(games/registry.py). Only text: nothing of the game or its front ends loads here."""

from initiative.games.registry import Command, GameEntry, Parts

ENTRY = GameEntry(
    name="initiative_break",
    title="Initiative Break",
    summary="The tactical card game on a shifting Initiative Track: duels, team formats, "
            "free-for-all, solo and co-op against Challenge Cards.",
    loader="initiative.games.ib.loader:load_initiative_break",
    slug="ib",
    record_format="initiative-record/2",
    older_record_formats=("initiative-record/1",),
    tutorial=True,
    parts=Parts(
        bots="initiative.bots.ib:BOTS",
        terminal="initiative.cli.ib.terminal:TERMINAL",
        web="initiative.server.ib:SITE",
        lab="initiative.lab.ib:LAB",
        records="initiative.games.ib.story:READER",
        rules="initiative.games.ib.listing:LISTING",
        lint="initiative.games.ib.lint:LINTER",
        commands=(
            Command("deck", "initiative.cli.ib.deck:deck_app",
                    "Team-and-deck files: validate them against the deck-building rules, "
                    "show one."),
            Command("cards", "initiative.cli.ib.cards:cards_app",
                    "The shipped cards: list them, show one, lint content files."),
            Command("campaign", "initiative.cli.ib.campaign:campaign_app",
                    "Campaigns of 6-10 battles: start, continue, show, export, import."),
        ),
    ),
)
