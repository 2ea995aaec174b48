"""`initiative`: play Initiative Break in the terminal, replay records, benchmark, list rules."""

from __future__ import annotations

import io
import secrets
import sys
from pathlib import Path
from typing import Annotated, Final

import typer
from rich.console import Console

from initiative.cli.bench import BENCH_TEAMS
from initiative.cli.campaign import campaign_app
from initiative.cli.cards import cards_app
from initiative.cli.common import fail, parse_rules
from initiative.cli.deck import deck_app
from initiative.cli.game_command import FORWARD
from initiative.cli.lab import simulate
from initiative.cli.mission import mission_app
from initiative.cli.report import report
from initiative.cli.serve import serve
from initiative.cli.track import track_app
from initiative.engine.errors import ContentError, InitiativeError
from initiative.games import load_game, load_game_as
from initiative.games.ib.content import core_content
from initiative.games.ib.formats import FORMATS
from initiative.games.ib.match import Match
from initiative.games.ib.presets import default_encounter, playable_teams
from initiative.games.ib.setup import IBGame

GAME: Final = "initiative_break"
DUEL_SEATS = ("North", "South")
"""The seats of the standard duel `play` starts without a mode or format."""

TEAMS = ", ".join(playable_teams(core_content()))

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Initiative Break in the terminal: play, replay records, benchmark, house rules.",
)
app.add_typer(deck_app, name="deck")
app.add_typer(cards_app, name="cards")
app.add_typer(campaign_app, name="campaign")
app.add_typer(track_app, name="track")
app.add_typer(mission_app, name="mission")
app.command(context_settings=FORWARD)(simulate)
app.command()(report)
app.command()(serve)




def _facing(match: Match) -> str:
    """The Challenge Cards and Rivals of the match, for the opening line."""
    if not match.challengers:
        return ""
    names = [match.unit_name(u) + (" (Rival)" if (match.rival_mask >> u) & 1 else "")
             for u in range(match.num_characters)
             if match.is_challenge(u) and not (match.reserve_mask >> u) & 1]
    return ("; neutral" if match.neutral else "; against") + " Challenge Cards: " \
        + ", ".join(names)


HEX: Final = "hex_skirmish"
TI: Final = "the_initiative"


@app.command()
def play(
    game_name: Annotated[str, typer.Option(
        "--game", help=f"The game: {GAME}, {HEX} (the hex skirmish game, docs/hex.md) or "
        f"{TI} (docs/the-initiative-terminal.md).")] = GAME,
    players: Annotated[int | None, typer.Option(
        help=f"{HEX}: players, 2 to 4 (default 2); {TI}: 1 to 4 (default 2).")] = None,
    mission: Annotated[str | None, typer.Option(
        help=f"{TI}: the mission key (default: the campaign's first).")] = None,
    campaign: Annotated[str | None, typer.Option(
        help=f"{TI}: play this campaign's next mission and log the result.")] = None,
    board: Annotated[str | None, typer.Option(
        help=f"{HEX}: the board key (default: the content's default board).")] = None,
    characters: Annotated[str | None, typer.Option(
        help=f"{HEX}, {TI}: one character key per seat, joined by + (e.g. a+b).")] = None,
    seed: Annotated[int | None, typer.Option(
        min=0, help="Game seed (default: random, printed).")] = None,
    record: Annotated[Path | None, typer.Option(help="Save the game record here.")] = None,
    team: Annotated[str, typer.Option(help=f"Your team ({TEAMS}).")] = "tideguard",
    opponent_team: Annotated[str, typer.Option(help="The random bot's team.")] = "ashfall",
    seat: Annotated[int, typer.Option(
        min=0, max=7, help="Your seat: 0 (North) or 1 (South); in a format, 0 to 7.")] = 0,
    rule: Annotated[list[str] | None, typer.Option(
        metavar="FLAG=VALUE",
        help="House rule flag=value (repeatable; see `initiative rules`).")] = None,
    max_activations: Annotated[int | None, typer.Option(
        min=1, help="Draw after this many activations.")] = None,
    watch: Annotated[bool, typer.Option(
        help="Every seat a bot: play to the end unattended, then print the log.")] = False,
    format: Annotated[str | None, typer.Option(
        "--format", help="A player-vs-player format (1v1, 2v2, 1v3, 3v3, 4v4, 2v2v2v2, "
        "ffa) with one --player per seat (default: the format's preset teams).")] = None,
    player: Annotated[list[str] | None, typer.Option(
        help="With --format or --mode: a shipped team key or a team file, per seat in "
        "order (repeatable).")] = None,
    human: Annotated[list[int] | None, typer.Option(
        min=0, max=7, help="Hotseat: a seat played by a person at this keyboard "
        "(repeatable; the screen is cleared between them). Default: --seat.")] = None,
    mode: Annotated[str | None, typer.Option(
        help="solo or coop against Challenge Cards (IB 6, 8.1); players from --player "
        "(default: --team for solo, a preset party of two for coop; encounter default: "
        f"{default_encounter('solo')}).")] = None,
    encounter: Annotated[str | None, typer.Option(
        help=f"An encounter to face ({', '.join(core_content().encounters)}); with "
        "--format the CCs are neutral (IB 8.4).")] = None,
    challenge: Annotated[list[str] | None, typer.Option(
        help="A Challenge Card to face (repeatable).")] = None,
    rival: Annotated[list[str] | None, typer.Option(
        help="A Character fielded as a Rival (IB 6.8; repeatable).")] = None,
    setup: Annotated[Path | None, typer.Option(
        help="A setup file: mode, players, encounter, rules (see the README).")] = None,
    bot: Annotated[str, typer.Option(
        help="The bot at the other seats: easy (random), normal or hard (one-ply "
        "lookahead over 1 or 3 guesses of what it cannot see), expert (tree search, 500 "
        "iterations), or random / heuristic / ismcts@N / ismcts@2s (seconds a move).")
                   ] = "random",
) -> None:
    """Play standard 1v1 against the random bot, any format (IB 8.2) with --format, solo
    or co-op against Challenge Cards with --mode/--encounter, or a setup file; or the hex
    skirmish game with --game hex_skirmish (--players, --board, --characters); or the
    cooperative The Initiative with --game the_initiative (--players, --mission,
    --characters, --campaign)."""
    from initiative.cli.play import console_reader
    from initiative.cli.play import play as play_game

    if seed is None:
        seed = secrets.randbelow(1 << 32)
    if game_name == TI:
        raise _play_ti(seed, seat, human, watch, bot, record, rule, players, mission,
                       characters, campaign, {"--board": board, "--format": format,
                                              "--mode": mode, "--setup": setup})
    if mission is not None or campaign is not None:
        raise fail(f"--mission and --campaign are options of --game {TI}")
    if game_name != GAME:
        raise _play_hex(game_name, seed, seat, human, watch, bot, record, rule, players, board,
                        characters, {"--max-activations": max_activations,
                                     "--format": format, "--player": player,
                                     "--mode": mode, "--encounter": encounter,
                                     "--challenge": challenge, "--rival": rival,
                                     "--setup": setup})
    if players is not None or board is not None or characters is not None:
        raise fail(f"--players, --board and --characters are options of --game {HEX}")
    config = parse_rules(rule or [], max_activations)
    against = bool(mode or encounter or challenge or rival)
    try:
        if setup is not None:
            game = load_game_as(IBGame, GAME, setup=setup, rules=config, rival_seed=seed)
        elif against:
            kind = mode or format or "solo"
            game = load_game_as(IBGame, GAME, mode=kind, teams=player or ([team] if kind == "solo"
                                                               else None),
                             encounter=encounter, challengers=challenge, rivals=rival,
                             rules=config, rival_seed=seed)
        elif format is not None:
            if format not in FORMATS:  # solo and co-op are modes: --mode
                raise ContentError(f"unknown format {format!r} (known: {', '.join(FORMATS)})")
            game = load_game_as(IBGame, GAME, mode=format, teams=player, rules=config)
        else:
            teams = (team, opponent_team) if seat == 0 else (opponent_team, team)
            game = load_game_as(IBGame, GAME, teams=teams, rules=config, seat_names=DUEL_SEATS)
    except InitiativeError as exc:
        raise fail(str(exc)) from None
    match = game.match
    for s in [seat, *(human or [])]:
        if s >= match.num_seats:
            raise fail(f"--seat/--human: {s}, but the game has seats 0 to "
                        f"{match.num_seats - 1}")
    humans: list[int] | int | None = None if watch else sorted(set(human)) if human else seat
    if record is not None and not record.parent.is_dir():
        raise fail(f"--record: folder {record.parent} does not exist")
    console = Console(highlight=False)
    if format is None and not watch and not human and not against and setup is None:
        console.print(f"Initiative Break, seed {seed}: you are {match.seats[seat].name} "
                      f"(seat {seat}, {team}) against the random bot ({opponent_team}).",
                      markup=False)
    else:
        bots = "" if match.num_seats == 1 else " against random bots"
        who = "every seat is a random bot" if watch else (
            "hotseat: seats " + ", ".join(map(str, sorted(set(human)))) + " are played here"
            if human else f"you are {match.seats[seat].name} (seat {seat}){bots}")
        console.print(f"Initiative Break, seed {seed}: {who}; "
                      + ", ".join(f"{s.name} (team {s.team}): {', '.join(s.characters)}"
                                  for s in match.seats) + _facing(match) + ".", markup=False)
    from initiative.bots import BOTS, is_bot_name

    if not is_bot_name(bot):
        raise fail(f"--bot: {bot!r} is not one of {', '.join(BOTS)}, ismcts@N (iterations) "
                   "or ismcts@Xs (seconds per decision)")
    code = play_game(match, seed, humans, console, console_reader(console), record, bot)
    if code:
        raise typer.Exit(code)


def _play_hex(game: str, seed: int, seat: int, human: list[int] | None, watch: bool,
              bot: str, record: Path | None, rule: list[str] | None, players: int | None,
              board: str | None, characters: str | None,
              ib_only: dict[str, object]) -> typer.Exit:
    """`play --game hex_skirmish` (cli/hex_play.py); the Exit that ends the command."""
    from initiative.cli.hex_play import OptionError, play_command
    from initiative.cli.play import console_reader

    if game != HEX:
        raise fail(f"--game: {game!r} is not one of {GAME}, {HEX}, {TI}")
    given = [name for name, value in ib_only.items() if value]
    if given:
        raise fail(f"{', '.join(given)}: options of --game {GAME}, not {HEX}")
    console = Console(highlight=False)
    try:
        code = play_command(players=players, board=board, characters=characters, seed=seed,
                            seat=seat, humans=human or [], watch=watch, bot=bot,
                            record=record, rules=rule or [], console=console,
                            read=console_reader(console))
    except OptionError as exc:
        raise fail(str(exc)) from None
    return typer.Exit(code)


def _play_ti(seed: int, seat: int, human: list[int] | None, watch: bool, bot: str,
             record: Path | None, rule: list[str] | None, players: int | None,
             mission: str | None, characters: str | None, campaign: str | None,
             others: dict[str, object]) -> typer.Exit:
    """`play --game the_initiative` (cli/ti_play.py); the Exit that ends the command."""
    from initiative.cli.play import console_reader
    from initiative.cli.ti_play import OptionError, play_command

    given = [name for name, value in others.items() if value]
    if given:
        raise fail(f"{', '.join(given)}: not options of --game {TI}")
    console = Console(highlight=False)
    try:
        code = play_command(players=players, mission=mission, characters=characters,
                            seed=seed, seat=seat, humans=human or [], watch=watch, bot=bot,
                            record=record, rules=rule or [], campaign=campaign,
                            console=console, read=console_reader(console))
    except OptionError as exc:
        raise fail(str(exc)) from None
    return typer.Exit(code)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record saved by `play --record` "
                                         "(Initiative Break, hex skirmish or The "
                                         "Initiative).")],
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="Show every move and hidden card (game-master log).")] = False,
    position_after: Annotated[int | None, typer.Option(
        min=0, help="Print instead the position (docs/notation.md: YAML; JSON for a hex "
        "skirmish or The Initiative record) after this many moves (0: the start), every "
        "hand and deck included.")] = None,
    between: Annotated[bool, typer.Option(
        help="With --position-after: play the record's next moves on to the point between "
        "two activations and print the position there.")] = False,
) -> None:
    """Replay a game record and print its log and result (or a position in it)."""
    from initiative.cli.replay import position_after as position_in_record
    from initiative.cli.replay import replay_file

    if between and position_after is None:
        raise fail("--between needs --position-after", 2)
    try:
        if position_after is not None:
            typer.echo(position_in_record(file, position_after, between), nl=False)
            return
        lines = replay_file(file, verbose)
    except (InitiativeError, OSError) as exc:
        raise fail(str(exc), 1) from None
    for line in lines:
        typer.echo(line)


@app.command()
def bench(
    games: Annotated[int, typer.Option(min=1, help="Random games to play.")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 1,
    team: Annotated[str, typer.Option(help=f"First team ({TEAMS}).")] = BENCH_TEAMS[0],
    opponent_team: Annotated[str, typer.Option(help="Second team.")] = BENCH_TEAMS[1],
    encounter: Annotated[str | None, typer.Option(
        help="Instead: --team solo against this encounter (IB 6).")] = None,
    game_name: Annotated[str, typer.Option(
        "--game", metavar="[initiative_break|hex_skirmish|the_initiative]",
        help="The game to measure (hex_skirmish: the default board and characters; "
             "the_initiative: the campaign's first mission).")
    ] = GAME,
    players: Annotated[int, typer.Option(
        min=1, max=4, help="hex_skirmish: players (2 to 4); the_initiative: 1 to 4.")] = 2,
) -> None:
    """Benchmark the engine with random-vs-random games; one `name: value` per figure."""
    from initiative.cli.bench import AnyGame, format_figures, run

    try:
        game: AnyGame
        if game_name in (HEX, TI):
            game = load_game(game_name, players=players)
        elif game_name != GAME:
            raise fail(f"--game: {GAME}, {HEX} or {TI}, got {game_name!r}")
        else:
            game = load_game(GAME, mode="solo", teams=[team], encounter=encounter) \
                if encounter else load_game(GAME, teams=(team, opponent_team))
    except InitiativeError as exc:
        raise fail(str(exc)) from None
    for line in format_figures(run(games, seed, game)):
        print(line)


@app.command()
def rules(
    game: Annotated[str, typer.Option(
        "--game", help="initiative_break, hex_skirmish or the_initiative.")
    ] = "initiative_break",
) -> None:
    """Explain every house-rule flag in a line: default, other values, rule id."""
    from initiative.cli.rules import GAME_SECTIONS, rules_text

    if game not in GAME_SECTIONS:
        raise fail(f"--game: {game!r} is not one of {', '.join(GAME_SECTIONS)}")
    Console(highlight=False, soft_wrap=True).print(rules_text(game))


def main() -> None:
    """Entry point of the `initiative` script."""
    for stream in (sys.stdout, sys.stderr):  # an ASCII terminal gets `?`, not a crash
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    app()


if __name__ == "__main__":
    main()
