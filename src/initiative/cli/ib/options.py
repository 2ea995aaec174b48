"""Initiative Break's own options of `initiative play` and `initiative bench`, the game
they describe, and the `--rule` items read as its house rules (`parse_rules`, which the
campaign command reads too)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

import click

from initiative.cli.game_command import GameOptions, Values
from initiative.cli.ib.packs import PACK_HELP, pack_note
from initiative.cli.ib.play import play
from initiative.cli.ib.tutorial import play_tutorial
from initiative.cli.parts import OptionError, PlayRequest
from initiative.cli.play_host import check_seats
from initiative.engine.errors import ContentError, InitiativeError
from initiative.games import load_game_as
from initiative.games.content_files import CONTENT_PATH_ENV
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import Content, core_content
from initiative.games.ib.formats import FORMATS
from initiative.games.ib.match import Match
from initiative.games.ib.packs import content_for
from initiative.games.ib.presets import DUEL_SEATS, default_encounter, playable_teams
from initiative.games.ib.setup import IBGame
from initiative.timing.flag_types import parse_flag_value

GAME: Final = "initiative_break"
BENCH_TEAMS = ("tideguard", "ashfall")
"""The default matchup of `bench`: the starter teams with their card kits."""
TEAMS = ", ".join(playable_teams(core_content()))
ENCOUNTERS = ", ".join(core_content().encounters)


def _option(name: str, help_text: str, **settings: Any) -> click.Option:
    return click.Option([name], help=help_text, **settings)


PLAY_OPTIONS = GameOptions((
    _option("--team", f"Your team ({TEAMS}).", default="tideguard", show_default=True),
    _option("--opponent-team", "The bot's team.", default="ashfall", show_default=True),
    _option("--format", "A player-vs-player format (1v1, 2v2, 1v3, 3v3, 4v4, 2v2v2v2, ffa) "
            "with one --player per seat (default: the format's preset teams)."),
    _option("--player", "With --format or --mode: a shipped team key or a team file, per "
            "seat in order (repeatable).", multiple=True),
    _option("--mode", "solo or coop against Challenge Cards (IB 6, 8.1); players from "
            "--player (default: --team for solo, a preset party of two for coop; "
            f"encounter default: {default_encounter('solo')})."),
    _option("--encounter", f"An encounter to face ({ENCOUNTERS}); with --format the CCs "
            "are neutral (IB 8.4)."),
    _option("--challenge", "A Challenge Card to face (repeatable).", multiple=True),
    _option("--rival", "A Character fielded as a Rival (IB 6.8; repeatable).",
            multiple=True),
    _option("--setup", "A setup file: mode, players, encounter, rules (see the README).",
            type=click.Path(path_type=Path)),
    _option("--max-activations", "Draw after this many activations.",
            type=click.IntRange(min=1)),
    _option("--content-pack", PACK_HELP, multiple=True, metavar="FOLDER",
            envvar=CONTENT_PATH_ENV, type=click.Path(path_type=Path)),
    click.Option(["--tutorial"], is_flag=True, default=False,
                 help="A guided first game: a fixed deal (seed 25, --seed is not read) "
                      "against the bot (default random), with a hint at each decision."),
))
"""Initiative Break's own options of `initiative play`."""
BENCH_OPTIONS = GameOptions((
    _option("--team", f"First team ({TEAMS}).", default=BENCH_TEAMS[0], show_default=True),
    _option("--opponent-team", "Second team.", default=BENCH_TEAMS[1], show_default=True),
    _option("--encounter", "Instead: --team solo against this encounter (IB 6)."),
))
"""Its own options of `initiative bench`."""
ABOUT = ("Initiative Break: standard 1v1 against the bot (--team, --opponent-team; "
         "--seat 1 is Player 1, 2 Player 2), any format (IB 8.2) with --format and --player, "
         "solo or co-op against Challenge Cards with --mode/--encounter, or a setup file "
         "(--setup).")


def parse_rules(items: Sequence[str], max_activations: int | None = None) -> RulesConfig:
    """`flag=value` items (plus --max-activations) as a validated RulesConfig;
    OptionError says what is wrong."""
    flags: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"--rule expects flag=value, got {item!r} (see `initiative "
                              "rules`)")
        flags[name.strip()] = parse_flag_value(value)
    if max_activations is not None:
        flags["max_activations"] = max_activations
    try:
        return RulesConfig().with_flags(flags, "--rule")
    except InitiativeError as exc:
        raise OptionError(f"{exc} (see `initiative rules`)") from None


def load(request: PlayRequest, own: Values, content: Content | None = None) -> IBGame:
    """The game the options describe: a setup file, a match against Challenge Cards, a
    format, or the standard duel (the player's team at --seat), played with `content`
    (default: the shipped content); InitiativeError or OptionError says what is
    wrong."""
    config = parse_rules(request.rules, own["max_activations"])
    mode, fmt, players = own["mode"], own["format"], list(own["player"]) or None
    content = content or core_content()
    if own["setup"] is not None:
        return load_game_as(IBGame, GAME, setup=own["setup"], rules=config,
                            rival_seed=request.seed, content=content)
    if mode or own["encounter"] or own["challenge"] or own["rival"]:
        kind = mode or fmt or "solo"
        return load_game_as(IBGame, GAME, mode=kind, teams=players or (
            [own["team"]] if kind == "solo" else None), encounter=own["encounter"],
            challengers=list(own["challenge"]) or None,
            rivals=list(own["rival"]) or None, rules=config, rival_seed=request.seed,
            content=content)
    if fmt is not None:
        if fmt not in FORMATS:  # solo and co-op are modes: --mode
            raise ContentError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
        return load_game_as(IBGame, GAME, mode=fmt, teams=players, rules=config,
                            content=content)
    pair = (own["team"], own["opponent_team"])
    return load_game_as(IBGame, GAME, teams=pair if request.seat == 0 else pair[::-1],
                        rules=config, seat_names=DUEL_SEATS, content=content)


def play_command(request: PlayRequest, own: Values) -> int:
    """`initiative play` (Initiative Break): check the options, say who plays, play."""
    if own["tutorial"]:
        return play_tutorial(request, own, parse_rules(request.rules, own["max_activations"]))
    try:
        content = content_for(own["content_pack"])
        match = load(request, own, content).match
    except InitiativeError as exc:
        raise OptionError(str(exc)) from None
    check_seats([request.seat, *request.humans], match.num_seats, request.record)
    if own["content_pack"]:
        request.console.print(pack_note(own["content_pack"], content), markup=False)
    request.console.print(opening(request, own, match), markup=False)
    return play(match, request.seed, request.seats_here(), request.console, request.read,
                request.record, request.bot)


def opening(request: PlayRequest, own: Values, match: Match) -> str:
    """The first line: the seed, who plays where, and what they face."""
    seat, humans = request.seat, sorted(set(request.humans))
    duel = not (own["format"] or own["mode"] or own["encounter"] or own["challenge"]
                or own["rival"] or own["setup"])
    if duel and not request.watch and not humans:
        return (f"Initiative Break, seed {request.seed}: you are {match.seats[seat].name} "
                f"(seat {seat + 1}, {own['team']}) against the {request.bot} bot "
                f"({own['opponent_team']}).")
    bots = "" if match.num_seats == 1 else f" against {request.bot} bots"
    who = f"every seat is a {request.bot} bot" if request.watch else (
        "hotseat: seats " + ", ".join(str(h + 1) for h in humans) + " are played here"
        if humans else f"you are {match.seats[seat].name} (seat {seat + 1}){bots}")
    return (f"Initiative Break, seed {request.seed}: {who}; "
            + ", ".join(f"{s.name} (team {s.team + 1}): {', '.join(s.characters)}"
                        for s in match.seats) + facing(match) + ".")


def facing(match: Match) -> str:
    """The Challenge Cards and Rivals of the match, for the opening line."""
    if not match.challengers:
        return ""
    names = [match.unit_name(u) + (" (Rival)" if (match.rival_mask >> u) & 1 else "")
             for u in range(match.num_characters)
             if match.is_challenge(u) and not (match.reserve_mask >> u) & 1]
    return ("; neutral" if match.neutral else "; against") + " Challenge Cards: " \
        + ", ".join(names)


def bench_game(own: Values) -> IBGame:
    """The game `initiative bench` measures: the two teams' duel, or --team solo against
    --encounter."""
    if own["encounter"]:
        return load_game_as(IBGame, GAME, mode="solo", teams=[own["team"]],
                            encounter=own["encounter"])
    return load_game_as(IBGame, GAME, teams=(own["team"], own["opponent_team"]))
