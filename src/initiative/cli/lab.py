"""`initiative simulate`: the balance lab's batch runner on the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from initiative.cli.common import fail, parse_rules
from initiative.engine.errors import ConfigError, InitiativeError
from initiative.games.ib.presets import default_encounter, preset_teams


def simulate(
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
        help="A bot or level per seat (repeated; cycled over the seats).")] = None,
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
             "rules.FLAG=a,b.")] = None,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", metavar="PATH=VALUE",
        help="Change a value for the whole run (repeatable), e.g. character.tove.speed=3; "
             "same paths as --sweep.")] = None,
) -> None:
    """Play many games of one matchup and write one result row per game."""
    from rich.progress import Progress

    from initiative.bots import BOTS, is_bot_name
    from initiative.lab.matchup import Matchup, parse_setting, parse_sweep
    from initiative.lab.results import file_format, write_rows
    from initiative.lab.simulate import run

    config = parse_rules(rule or [])
    bots = tuple(bot or ["random"])
    if not all(is_bot_name(b) for b in bots):
        raise fail(f"--bot: one of {', '.join(BOTS)}, ismcts@N or ismcts@Xs")
    try:
        if mode is not None:  # a format or solo/coop: its presets (games/ib/presets.py)
            default = preset_teams(mode)
            encounter = encounter or default_encounter(mode)
        else:
            default = ("tideguard",) if encounter else ("tideguard", "ashfall")
        overrides = tuple(parse_setting(item) for item in set_ or [])
        try:
            matchup = Matchup(tuple(team or default), mode, encounter, bots,
                              config.to_dict(only_changed=True), overrides)
        except ConfigError as exc:
            raise fail(f"--team: {exc}") from None
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
        wins[row["winner"]] = wins.get(row["winner"], 0) + 1
    print(f"{len(rows)} games written to {out}; wins: " + ", ".join(
        f"{k} {v}" for k, v in sorted(wins.items())))
