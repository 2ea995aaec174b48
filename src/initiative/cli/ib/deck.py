"""`initiative deck`: check and list hand-written team files (IB 2.7, 8.2, 8.3).

Exit codes of `deck validate`: 0 every team is legal, 1 a rule is broken, 2 a file or
option cannot be read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, NamedTuple

import typer

from initiative.cli.common import fail
from initiative.cli.ib.packs import ContentPackOption, pack_content
from initiative.engine.errors import InitiativeError
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import Content
from initiative.games.ib.deckbuilding import (
    FORMATS,
    UNKNOWN,
    DeckFormat,
    DeckRules,
    TeamFile,
    Violation,
    deck_size_bounds,
    load_team_file,
    point_cap,
    rules_from_items,
    team_points,
    validate_side,
    validate_team,
)

deck_app = typer.Typer(
    no_args_is_help=True,
    help="Check and list team-and-deck files (see docs/deckbuilding.md).",
)

ContentOption = Annotated[Path | None, typer.Option(
    "--content", help="Content file the team draws on (default: the shipped core content).")]
FormatOption = Annotated[str, typer.Option(
    "--format", help=f"Play format: {', '.join(FORMATS)}.")]
RuleOption = Annotated[list[str] | None, typer.Option(
    "--rule", metavar="FLAG=VALUE",
    help="House rule flag=value (repeatable; deck flags: signature_requires_character, "
         "coop_point_cap, scaled_deck_minimum, coop_deck_size; others: `initiative rules`).")]




def _setup(content_path: Path | None, packs: list[Path] | None, format: str,
           items: list[str]) -> tuple[Content, DeckFormat, RulesConfig, DeckRules]:
    if format not in FORMATS:
        raise fail(f"--format: {format!r} is not one of {', '.join(FORMATS)}")
    content = pack_content(packs, content_path)
    try:
        config, deck_rules = rules_from_items(items)
    except InitiativeError as exc:
        raise fail(str(exc)) from None
    return content, format, config, deck_rules


def _load(path: Path) -> TeamFile:
    try:
        return load_team_file(path)
    except InitiativeError as exc:
        raise fail(str(exc)) from None


def _summary(team: TeamFile, content: Content, format: DeckFormat, rules: DeckRules) -> str:
    """`4 Characters, 12/12 points, 37 cards (32-40)`."""
    cap = point_cap(format, team.controls, rules)
    low, high = deck_size_bounds(format, team.controls, rules)
    size = sum(copies for key, copies in team.deck if key in content.card_index)
    points = f"{team_points(team, content)}" + ("" if cap is None else f"/{cap}")
    return f"{team.controls} Character(s), {points} points, {size} cards ({low}-{high})"


def _print_violations(found: list[Violation], whole: str) -> None:
    """One line per violation: rule id, the key concerned (or `whole`), the message."""
    for violation in found:
        subject = violation.subject or whole
        typer.echo(f"  {violation.rule:<9} {subject}: {violation.message}")


class _Report(NamedTuple):
    label: str  # the file and team name, or the side
    whole: str  # shown for a violation about the team or side as a whole
    found: list[Violation]
    summary: str  # shown when nothing is found


@deck_app.command()
def validate(
    files: Annotated[list[Path], typer.Argument(
        metavar="FILE",
        help="Team files (YAML); several files are also checked together as one side.")],
    content: ContentOption = None,
    content_pack: ContentPackOption = None,
    format: FormatOption = "standard",
    rule: RuleOption = None,
) -> None:
    """Print every rule each team breaks, then a summary; exit 1 if any is broken."""
    data, deck_format, config, deck_rules = _setup(content, content_pack, format, rule or [])
    teams = [_load(path) for path in files]
    reports = [
        _Report(f"{team.where} ({team.name})", "(team)",
                validate_team(team, data, config, format=deck_format, deck_rules=deck_rules),
                _summary(team, data, deck_format, deck_rules))
        for team in teams
    ]
    if len(teams) > 1:
        side = validate_side(teams, data, config, format=deck_format, deck_rules=deck_rules)
        names = ", ".join(team.name for team in teams)
        reports.append(_Report(f"side ({names})", "(side)", side, "checked together"))
    for report in reports:
        if report.found:
            typer.echo(f"{report.label}:")
            _print_violations(report.found, report.whole)
            typer.echo(f"{report.label}: {len(report.found)} violation(s) for {deck_format} play")
        else:
            typer.echo(f"{report.label}: legal for {deck_format} play: {report.summary}")
    found = [v for report in reports for v in report.found]
    if found:
        if content is None and any(v.rule == UNKNOWN for v in found):
            typer.echo("hint: some keys are unknown; does the team need --content FILE or "
                       "--content-pack FOLDER?")
        raise typer.Exit(1)


@deck_app.command()
def show(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A team file (YAML).")],
    content: ContentOption = None,
    content_pack: ContentPackOption = None,
    format: FormatOption = "standard",
    rule: RuleOption = None,
) -> None:
    """Show a team: its Characters and Keystones, points total and deck list."""
    data, deck_format, config, deck_rules = _setup(content, content_pack, format, rule or [])
    team = _load(file)
    typer.echo(f"{team.name} ({team.where}), {deck_format} play: "
               f"{_summary(team, data, deck_format, deck_rules)}")
    typer.echo("Characters:")
    for member in team.characters:
        spec = data.characters.get(member.character)
        who = "? unknown" if spec is None else \
            f"{spec.name}{', ' + spec.title if spec.title else ''}, {spec.points} pt"
        keystone = "no Keystone" if member.keystone is None else \
            f"Keystone {member.keystone}" + (
                f" ({data.keystones[member.keystone].name})"
                if member.keystone in data.keystones else " (? unknown)")
        typer.echo(f"  {member.character:<16} {who}; {keystone}")
    typer.echo(f"Deck ({sum(copies for _, copies in team.deck)} listed):")
    for key, copies in team.deck:
        if key in data.card_index:
            card = data.cards[data.card_index[key]]
            kind = card.kind + (f", signature of {card.signature}" if card.signature else "")
            typer.echo(f"  {copies} x {key:<20} {card.name} ({kind})")
        else:
            typer.echo(f"  {copies} x {key:<20} ? not a card of this content")
    found = validate_team(team, data, config, format=deck_format, deck_rules=deck_rules)
    typer.echo("Legal." if not found else
               f"{len(found)} violation(s): see `initiative deck validate`.")
