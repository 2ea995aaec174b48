"""`initiative simulate`: the balance lab's batch runner on the command line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer

from initiative.cli.common import fail
from initiative.cli.ib.options import parse_rules
from initiative.engine.errors import ConfigError, InitiativeError
from initiative.games.ib.config import parse_flag_value
from initiative.games.ib.presets import default_encounter, preset_teams

if TYPE_CHECKING:
    from initiative.lab.hex_lab import HexMatchup
    from initiative.lab.matchup import Matchup
    from initiative.lab.ti_lab import TIMatchup

IB: Final = "initiative_break"
HEX: Final = "hex_skirmish"
TI: Final = "the_initiative"
GAMES = (IB, HEX, TI)
"""The games the lab plays."""


def simulate(
    game: Annotated[str, typer.Option(
        metavar="[initiative_break|hex_skirmish|the_initiative]",
        help="The game to play.")] = IB,
    games: Annotated[int, typer.Option(min=1, help="Games to play (seeds first..), per "
                                                   "sweep value.")] = 100,
    out: Annotated[Path, typer.Option(
        help="The result rows: a .csv or .parquet file (Parquet needs initiative[lab]).",
    )] = Path("results.csv"),
    team: Annotated[list[str] | None, typer.Option(
        help="A shipped team per seat, or `random` for a team drafted per game (1v1: two, "
             "the same one twice for a mirror match; with --encounter or --mode: the "
             "players, default the mode's preset teams).")] = None,
    mode: Annotated[str | None, typer.Option(help="A format or solo/coop.")] = None,
    encounter: Annotated[str | None, typer.Option(
        help="An encounter to face (solo/coop default: the presets' encounter).")] = None,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", "--bots",
        help="A bot or level per seat (repeated; cycled over the seats).")] = None,
    players: Annotated[int | None, typer.Option(
        min=1, max=4, help="hex_skirmish: players, 2 to 4; the_initiative: 1 to 4 "
                           "(default 2).")] = None,
    board: Annotated[str | None, typer.Option(
        help="hex_skirmish: the board (default: the content's).")] = None,
    characters: Annotated[list[str] | None, typer.Option(
        help="hex_skirmish: a character per seat (repeated, or a+b), `random` to draw "
             "one per game from its seed (default: the content's, in order); "
             "the_initiative: a character per seat.")] = None,
    mission: Annotated[str | None, typer.Option(
        help="the_initiative: the mission key (default: the campaign's first).")] = None,
    workers: Annotated[int, typer.Option(
        min=1, help="Local processes, or the CPUs of a local Ray.")] = 1,
    backend: Annotated[str | None, typer.Option(
        metavar="[local|ray]", help="Where the games run: local processes, or Ray tasks "
                                    "(needs initiative[lab]). Default: local, or ray with "
                                    "--address.")] = None,
    address: Annotated[str | None, typer.Option(
        help="A Ray cluster to join (implies --backend ray); default: a local Ray.")] = None,
    chunk: Annotated[int | None, typer.Option(
        min=1, help="Games per task. Default: 25 local, 1000 on Ray.")] = None,
    seed: Annotated[int, typer.Option(min=0, help="Seed of game 0.")] = 0,
    rule: Annotated[list[str] | None, typer.Option(metavar="FLAG=VALUE",
                                                   help="House rule.")] = None,
    sweep: Annotated[str | None, typer.Option(
        metavar="PATH=LOW..HIGH|V1,V2",
        help="Play the games once per value: character.KEY.hp=8..14, card.KEY.cost=0..2, "
             "rules.FLAG=a,b (hex_skirmish: rules.FLAG only).")] = None,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", metavar="PATH=VALUE",
        help="Change a value for the whole run (repeatable), e.g. character.tove.speed=3; "
             "same paths as --sweep.")] = None,
) -> None:
    """Play many games of one matchup and write one result row per game (Initiative
    Break, the hex skirmish game with --game hex_skirmish, or The Initiative with
    --game the_initiative)."""
    from rich.progress import Progress

    from initiative.bots import BOTS, is_bot_name
    from initiative.lab.matchup import parse_setting, parse_sweep
    from initiative.lab.results import file_format, write_rows
    from initiative.lab.simulate import AnyMatchup, run

    if game not in GAMES:
        raise fail(f"--game: one of {', '.join(GAMES)}, got {game!r}")
    bots = tuple(bot or ["heuristic" if game == TI else "random"])
    if not all(is_bot_name(b) for b in bots):
        raise fail(f"--bot: one of {', '.join(BOTS)}, ismcts@N or ismcts@Xs")
    if mission is not None and game != TI:
        raise fail(f"--mission: an option of --game {TI}")
    try:
        matchup: AnyMatchup
        if game in (HEX, TI):
            others = {"--team": team, "--mode": mode, "--encounter": encounter}
            if game == TI:
                others["--board"] = board
            given = [name for name, value in others.items() if value]
            if given:
                takes = "--players, --mission, --characters" if game == TI else \
                    "--players, --board, --characters"
                raise fail(f"{', '.join(given)}: not options of {game} (it takes {takes})")
            settings = tuple(parse_setting(item) for item in set_ or [])
            matchup = _game_matchup(game, players, mission if game == TI else board,
                                    characters, bots, rule or [], settings)
        else:
            given = [name for name, value in {"--players": players, "--board": board,
                                              "--characters": characters}.items() if value]
            if given:
                raise fail(f"{', '.join(given)}: options of --game {HEX} or {TI}")
            matchup = _ib_matchup(team, mode, encounter, bots, rule or [], set_ or [])
        file_format(out)  # before the games, not after
        swept: tuple[str, list[Any]] | None = parse_sweep(sweep) if sweep else None
        total = games * (len(swept[1]) if swept else 1)
        with Progress(transient=True) as bar:
            task = bar.add_task("games", total=total)
            rows = run(matchup, games, seed, workers, chunk, sweep=swept, address=address,
                       backend=backend or ("ray" if address else "local"),
                       progress=lambda n: bar.advance(task, n))
        write_rows(rows, out)
    except (InitiativeError, ValueError) as exc:
        raise fail(str(exc)) from None
    wins: dict[str, int] = {}
    for row in rows:
        winner = str(row["winner"]) if game == IB else row["result"] if game == TI else \
            "draw" if row["winner"] < 0 else f"seat {row['winner']}"
        wins[winner] = wins.get(winner, 0) + 1
    print(f"{len(rows)} games written to {out}; wins: " + ", ".join(
        f"{k} {v}" for k, v in sorted(wins.items())))


def _ib_matchup(team: list[str] | None, mode: str | None, encounter: str | None,
                bots: tuple[str, ...], rules: list[str], settings: list[str]) -> Matchup:
    """The flagship's matchup of the options (a mode's presets when no team is named)."""
    from initiative.lab.matchup import Matchup, parse_setting

    config = parse_rules(rules)
    if mode is not None:  # a format or solo/coop: its presets (games/ib/presets.py)
        default = preset_teams(mode)
        encounter = encounter or default_encounter(mode)
    else:
        default = ("tideguard",) if encounter else ("tideguard", "ashfall")
    overrides = tuple(parse_setting(item) for item in settings)
    try:
        return Matchup(tuple(team or default), mode, encounter, bots,
                       config.to_dict(only_changed=True), overrides)
    except ConfigError as exc:
        raise fail(f"--team: {exc}") from None


def _rule_flags(rules: list[str]) -> dict[str, Any]:
    """`--rule FLAG=VALUE` items as flags (`none` for None)."""
    flags: dict[str, Any] = {}
    for item in rules:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise fail(f"--rule expects flag=value, got {item!r}")
        text = value.strip()
        flags[name.strip()] = None if text.lower() in ("none", "null") else \
            parse_flag_value(text)
    return flags


def _game_matchup(game: str, players: int | None, place: str | None,
                  characters: list[str] | None, bots: tuple[str, ...], rules: list[str],
                  overrides: tuple[tuple[str, Any], ...]) -> HexMatchup | TIMatchup:
    """The matchup of the hex game (`place` its board) or The Initiative (`place` its
    mission) the options describe; its game is built once here so that a bad board,
    mission, character or flag fails before any game is played."""
    from initiative.games.hex.flags import hex_rules
    from initiative.games.ti.flags import ti_rules
    from initiative.lab.hex_lab import HexMatchup
    from initiative.lab.ti_lab import TIMatchup

    check: Callable[[dict[str, Any]], object] = ti_rules if game == TI else hex_rules
    make: Callable[..., HexMatchup | TIMatchup] = TIMatchup if game == TI else HexMatchup
    flags = _rule_flags(rules)
    try:
        check(flags)
    except ConfigError as exc:
        raise fail(f"--rule: {exc}") from None
    keys = tuple(key.strip() for item in characters or [] for key in item.split("+"))
    try:
        matchup = make(players or (len(keys) if keys else 2), place, keys, bots, flags,
                       overrides)
        matchup.game(0)
    except InitiativeError as exc:
        raise fail(str(exc)) from None
    return matchup
