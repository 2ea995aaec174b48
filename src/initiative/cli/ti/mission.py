"""`initiative mission validate|list|campaign`: The Initiative's missions for designers
and its campaign log (docs/the-initiative-content.md).

`validate FILE...` reads the files as one set laid over the shipped content and prints
every problem, each with its file and place; exit 1 on any error, 2 when a file cannot
be read. `campaign new|list|show|start|record` keeps campaign logs in the store (TI-25,
TI-57).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer

from initiative.cli.common import DbOption, fail, open_store
from initiative.cli.lint import lint_files
from initiative.engine.errors import GameParamError, InitiativeError
from initiative.games.ti.campaign import (
    KIND,
    REASONS,
    TICampaign,
    campaign_named,
    load_campaign,
    log_lines,
    new_campaign,
    record_result,
    start_game,
)
from initiative.games.ti.content import default_content, load_content_file
from initiative.games.ti.specs import TIContent

if TYPE_CHECKING:
    from initiative.store import Store

GAME: Final = "the_initiative"

mission_app = typer.Typer(
    no_args_is_help=True,
    help="The Initiative: validate mission files, list missions, keep campaign logs "
         "(see docs/the-initiative-content.md).")
campaign_app = typer.Typer(
    no_args_is_help=True,
    help="Campaign logs of The Initiative (TI-25, TI-57), saved in the store.")
mission_app.add_typer(campaign_app, name="campaign")

ContentOption = Annotated[Path | None, typer.Option(
    "--content", help="A content file laid over the shipped content.")]


@mission_app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(
        metavar="FILE...", help="Mission or content files, read as one set over the "
                                "shipped content.")],
) -> None:
    """Check mission files: every problem at once, with file and place; exit 1 on errors."""
    lint_files(GAME, files)


def _content(path: Path | None) -> TIContent:
    try:
        return default_content() if path is None else load_content_file(path)
    except InitiativeError as exc:
        raise fail(str(exc)) from None


@mission_app.command("list")
def list_missions(content: ContentOption = None) -> None:
    """Every mission: campaign ones first, in order, then any others."""
    loaded = _content(content)
    keys = [*loaded.campaign, *(k for k in loaded.missions if k not in loaded.campaign)]
    for key in keys:
        m = loaded.missions[key]
        where = "campaign" if key in loaded.campaign else "extra"
        typer.echo(f"{m.number:>3}. {key}: {m.name} ({where}, difficulty {m.difficulty}, "
                   f"board {m.board}, {len(m.answer)} answer symbols): {m.question}")


@campaign_app.command("new")
def campaign_new(
    name: Annotated[str, typer.Option(help="The campaign's name.")] = "Campaign",
    content: ContentOption = None,
    db: DbOption = None,
) -> None:
    """Start a campaign log; prints its id and the first mission."""
    with open_store(db) as store:
        try:
            campaign = new_campaign(store, name, None if content is None else str(content))
        except InitiativeError as exc:
            raise fail(str(exc)) from None
        for line in log_lines(campaign, campaign.load_content()):
            typer.echo(line)


def find(store: Store, given: str) -> TICampaign:
    """The campaign `given` names: by name or id as `initiative play --campaign` finds
    it, else by an id prefix; an error lists the campaigns there are."""
    records = store.records(KIND)
    found = campaign_named(records, given)
    if found is None and not any(r.id.startswith(given.strip().lower()) for r in records):
        names = ", ".join(f"{r.name!r} ({r.id[:8]})" for r in records) or "none yet"
        raise GameParamError(f"no campaign called {given!r} or with that id (campaigns: "
                             f"{names}; `initiative mission campaign new --name NAME` "
                             "starts one)")
    return load_campaign(store, found if found is not None else given)


@campaign_app.command("list")
def campaign_list(db: DbOption = None) -> None:
    """Every campaign of The Initiative in the store, the latest first."""
    with open_store(db) as store:
        records = store.records(KIND)
    typer.echo("id                               status    played  next      name")
    for info in records:
        summary = info.summary
        typer.echo(f"{info.id}  {info.status:<8}  {summary.get('played', 0):>6}  "
                   f"{summary.get('next') or '-':<8}  {info.name}")


@campaign_app.command("show")
def campaign_show(
    record: Annotated[str, typer.Argument(
        help="The campaign's name, its id or a unique prefix of the id.")],
    db: DbOption = None,
) -> None:
    """The campaign log: missions, results, secrets gained, the next mission."""
    with open_store(db) as store:
        try:
            campaign = find(store, record)
            lines = log_lines(campaign, campaign.load_content())
        except InitiativeError as exc:
            raise fail(str(exc), 1) from None
    for line in lines:
        typer.echo(line)


@campaign_app.command("start")
def campaign_start(
    record: Annotated[str, typer.Argument(
        help="The campaign's name, its id or a unique prefix of the id.")],
    mission: Annotated[str | None, typer.Option(
        help="The mission (default: the first one not played).")] = None,
    players: Annotated[int | None, typer.Option(min=1, max=4, help="Players.")] = None,
    characters: Annotated[str | None, typer.Option(
        help="One character key per seat, joined by + (e.g. pip+ada).")] = None,
    db: DbOption = None,
) -> None:
    """Begin the next mission (TI-57: never a played one) and print its game string for
    `load_game` (the back secret is already the group's, TI-25)."""
    params: dict[str, Any] = {}
    if players is not None:
        params["players"] = players
    if characters is not None:
        params["characters"] = characters
    with open_store(db) as store:
        try:
            game = start_game(store, find(store, record).id, mission, **params)
        except InitiativeError as exc:
            raise fail(str(exc), 1) from None
    typer.echo(game_string(game))


def game_string(params: dict[str, Any]) -> str:
    """`the_initiative(key=value,...)`, lists joined by +."""
    items = [f"{key}={'+'.join(value) if isinstance(value, list) else value}"
             for key, value in params.items() if value not in (None, [])]
    return f"the_initiative({','.join(items)})"


@campaign_app.command("record")
def campaign_record(
    record: Annotated[str, typer.Argument(
        help="The campaign's name, its id or a unique prefix of the id.")],
    mission: Annotated[str, typer.Option(help="The mission whose game ended.")],
    reason: Annotated[str, typer.Option(
        help=f"How it ended: {', '.join(REASONS)} (solved is a win).")],
    db: DbOption = None,
) -> None:
    """Write a finished game in the log (TI-57) and take the face secret (TI-25)."""
    with open_store(db) as store:
        try:
            campaign = record_result(store, find(store, record).id, mission,
                                     reason == "solved", reason)
            lines = log_lines(campaign, campaign.load_content())
        except InitiativeError as exc:
            raise fail(str(exc), 1) from None
    for line in lines:
        typer.echo(line)
