"""`initiative simulate`: the balance lab's batch runner on the command line, for any game
with a lab part (lab/parts.py). The options every game shares are defined here once;
`--game NAME` picks the game, whose own options come from its lab part
(cli/game_command.py builds the command of both), so `initiative simulate --game NAME
--help` lists them all."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import click
import typer

from initiative.cli.common import fail
from initiative.cli.game_command import (
    GameOptions,
    Values,
    bot_option,
    check_game,
    run_for_game,
)
from initiative.engine.errors import InitiativeError
from initiative.games.registry import DEFAULT_GAME

if TYPE_CHECKING:
    from initiative.lab.parts import LabGame

SHARED: tuple[click.Parameter, ...] = (
    click.Option(["--games"], type=click.IntRange(min=1), default=100, show_default=True,
                 help="Games to play (seeds first..), per sweep value."),
    click.Option(["--out"], type=click.Path(path_type=Path), default=Path("results.csv"),
                 show_default=True,
                 help="The result rows: a .csv or .parquet file (Parquet needs "
                      "initiative[lab])."),
    click.Option(["--workers"], type=click.IntRange(min=1), default=1, show_default=True,
                 help="Local processes, or the CPUs of a local Ray."),
    click.Option(["--backend"], metavar="[local|ray]",
                 help="Where the games run: local processes, or Ray tasks (needs "
                      "initiative[lab]). Default: local, or ray with --address."),
    click.Option(["--address"],
                 help="A Ray cluster to join (implies --backend ray); default: a local Ray."),
    click.Option(["--chunk"], type=click.IntRange(min=1),
                 help="Games per task. Default: on Ray at least 4 tasks per CPU of the "
                      "cluster, 25 to 1000 games each; locally a hundredth of --games, "
                      "1 to 25."),
    click.Option(["--seed"], type=click.IntRange(min=0), default=0, show_default=True,
                 help="Seed of game 0."),
    click.Option(["--rule", "rules"], multiple=True, metavar="FLAG=VALUE",
                 help="House rule (repeatable)."),
    click.Option(["--sweep"], metavar="PATH=LOW..HIGH|V1,V2",
                 help="Play the games once per value of a path the game can change: "
                      "rules.FLAG=a,b for every game; character.KEY.hp=8..14, "
                      "card.KEY.cost=0..2 for initiative_break."),
    click.Option(["--set", "settings"], multiple=True, metavar="PATH=VALUE",
                 help="Change a value for the whole run (repeatable), e.g. "
                      "character.tove.speed=3; same paths as --sweep."),
)
"""The options of `initiative simulate` that every game takes."""
HELP = ("Play many games of one matchup and write one result row per game. The game's own "
        "options follow the shared ones (`--game NAME --help` lists them).")


def simulate(
    ctx: typer.Context,
    game: Annotated[str, typer.Option(
        help="The game to play (`--game NAME --help`: its options).")] = DEFAULT_GAME,
) -> None:
    """Play many games of one matchup and write one result row per game (`--game NAME
    --help`: that game's options)."""
    from initiative.lab.parts import lab_game

    name = check_game(game)
    try:
        lab = lab_game(name)
    except InitiativeError as exc:
        raise fail(str(exc)) from None
    _refuse_other_games_options(ctx.args, lab)
    from initiative.bots import default_bot

    bot = bot_option(name, "A bot or level per seat (repeated; cycled over the seats). "
                     f"Default: the game's own, {default_bot(name)}.", None)
    run_for_game(ctx, "simulate", name, (*SHARED[:2], bot, *SHARED[2:]), GameOptions(lab.options),
                 lambda shared, own: _simulate(lab, shared, own), HELP)


def _simulate(lab: LabGame, shared: Values, own: Values) -> None:
    """Build the game's matchup, play the run and write its rows."""
    from initiative.bots import BOTS, game_bots, is_bot_name
    from initiative.cli.progress import Progress
    from initiative.lab.parts import RunSettings
    from initiative.lab.results import file_format, write_rows
    from initiative.lab.settings import parse_rule, parse_setting, parse_sweep
    from initiative.lab.simulate import run

    bots = tuple(shared["bots"]) or (game_bots(lab.name).default,)
    if not all(is_bot_name(b) for b in bots):
        raise fail(f"--bot: one of {', '.join(BOTS)}, ismcts@N or ismcts@Xs")
    out: Path = shared["out"]
    try:
        read = lab.read_value
        settings = RunSettings(bots, dict(parse_rule(item, read) for item in shared["rules"]),
                               tuple(parse_setting(item, read) for item in shared["settings"]))
        matchup = lab.matchup(settings, own)
        file_format(out)  # before the games, not after
        sweep: tuple[str, list[Any]] | None = parse_sweep(shared["sweep"], read) \
            if shared["sweep"] else None
        games: int = shared["games"]
        with Progress() as shown:
            task = shown.task(f"simulate {lab.name}",
                              games * (len(sweep[1]) if sweep else 1), "games")
            rows = run(matchup, games, shared["seed"], shared["workers"], shared["chunk"],
                       sweep=sweep, address=shared["address"],
                       backend=shared["backend"] or ("ray" if shared["address"] else "local"),
                       progress=task.advance)
        write_rows(rows, out)
    except (InitiativeError, ValueError) as exc:
        raise fail(str(exc)) from None
    wins = Counter(lab.adapter.outcome(row) for row in rows)
    print(f"{len(rows)} games written to {out}; wins: " + ", ".join(
        f"{k} {v}" for k, v in sorted(wins.items())))


def _refuse_other_games_options(args: Sequence[str], lab: LabGame) -> None:
    """Fail, naming the games that take them, on options of other games' `simulate`
    (options no game takes are left to click, which names them)."""
    from initiative.lab.parts import lab_games

    known = {name for p in (*SHARED, *lab.options) for name in p.opts}
    given = dict.fromkeys(a.partition("=")[0] for a in args if a.startswith("--"))
    unknown = [name for name in given if name not in known and name != "--help"]
    if not unknown:
        return
    takers = {name: [g.name for g in lab_games()
                     if any(name in p.opts for p in g.options)] for name in unknown}
    foreign = [name for name in unknown if takers[name]]
    if foreign:
        own = ", ".join(p.opts[0] for p in lab.options) or "none"
        raise fail(f"{', '.join(foreign)}: not options of {lab.name} (it takes {own}); "
                   + "; ".join(f"{name}: an option of --game {' or '.join(takers[name])}"
                               for name in foreign))
