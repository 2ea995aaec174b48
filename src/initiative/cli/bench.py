"""The engine benchmark (`initiative bench [--game NAME]`): random-vs-random games of any
registered game (GUIDE 7); by default the default game's standard setup (Initiative
Break's 1v1 of the starter teams). A game's own `bench` options and the game they build
come from its `terminal` part (cli/parts.py `TerminalGame`); without one, the game is
`load_game(name)`.

A decision is one `legal_actions()` call plus one `apply()` at a point where a seat
must choose; the automatic steps between decisions run inside `apply()`. The timed
loop calls the state directly and picks with `SplitMix64.below`, so the figures
measure the engine, not a bot or the view. Clones are timed separately over
mid-game states collected (untimed) during play. Only the engine contract is used
(`is_terminal`, `legal_actions`, `apply`, `clone`), so every game is measured alike;
`us_per_activation` is for a game whose states count activations (`Activations`:
Initiative Break's, IB 3).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeAlias, runtime_checkable

import click
import typer

from initiative.cli.common import fail
from initiative.cli.game_command import Values, check_game, run_for_game
from initiative.cli.parts import NO_OPTIONS, TerminalGame
from initiative.engine.build import build_kind
from initiative.engine.contract import Game, State, without_log
from initiative.engine.errors import InitiativeError
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.registry import DEFAULT_GAME, has_part, part

AnyState: TypeAlias = State[Any, Any]
AnyGame: TypeAlias = Game[Any, Any]

FIGURES = (
    "us_per_decision",
    "us_per_activation",
    "decisions_per_s",
    "games_per_s",
    "clones_per_s",
    "decisions_per_game",
)
"""Every figure `run` reports, in print order."""

SNAPSHOT_EVERY = 16
"""Keep a mid-game state every this many decisions (untimed) for the clone timing."""
MAX_SNAPSHOTS = 500
MIN_CLONES = 20_000


SHARED: tuple[click.Parameter, ...] = (
    click.Option(["--games"], type=click.IntRange(min=1), default=200, show_default=True,
                 help="Random games to play."),
    click.Option(["--seed"], type=int, default=1, show_default=True,
                 help="Seed of the first game."),
)
"""The options of `bench` every game takes."""


@runtime_checkable
class Activations(Protocol):
    """A state that counts the activations played (Initiative Break's, IB 3)."""

    @property
    def activations(self) -> int: ...


@contextmanager
def _no_gc() -> Iterator[None]:
    """Collect first, then keep the collector out of the timed region (as timeit does)."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _play(state: AnyState, rng: SplitMix64) -> int:
    """Play `state` to the end with uniform random choices; the number of decisions."""
    decisions = 0
    legal_actions = state.legal_actions
    apply = state.apply
    is_terminal = state.is_terminal
    below = rng.below
    while not is_terminal():
        legal = legal_actions()
        apply(legal[below(len(legal))])
        decisions += 1
    return decisions


def _snapshots(game: AnyGame, seed: int, games: int) -> list[AnyState]:
    """Mid-game states from replaying (untimed) the first benchmark games."""
    rng = SplitMix64(seed)
    out: list[AnyState] = []
    for g in range(games):
        state = game.new_initial_state(seed + g)
        n = 0
        while not state.is_terminal() and len(out) < MAX_SNAPSHOTS:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            n += 1
            if n % SNAPSHOT_EVERY == 0 and not state.is_terminal():
                out.append(state.clone())
        if len(out) >= MAX_SNAPSHOTS:
            break
    return out


def _time_clones(states: list[AnyState]) -> float:
    """Clones per second over `states`, repeated to at least MIN_CLONES clones."""
    if not states:
        return 0.0
    rounds = max(1, -(-MIN_CLONES // len(states)))
    with _no_gc():
        start = time.perf_counter()
        for _ in range(rounds):
            for state in states:
                state.clone()
        elapsed = time.perf_counter() - start
    return rounds * len(states) / elapsed


def run(games: int, seed: int, game: AnyGame | None = None, log: bool = False
        ) -> dict[str, float]:
    """Play `games` random games of `game` (any registered game; default: the default
    game's standard setup; game g is seeded `seed + g`); the figures by name (no
    `us_per_activation` for a game without activations). Nobody reads the games' logs,
    so they are off (`engine.contract.without_log`) unless `log`."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    game = game or load_game(DEFAULT_GAME)
    rng = SplitMix64(seed)
    decisions = activations = 0
    play_time = 0.0
    with _no_gc():
        total_start = time.perf_counter()
        for g in range(games):
            state = game.new_initial_state(seed + g)
            if not log:
                without_log(state)
            start = time.perf_counter()
            decisions += _play(state, rng)
            play_time += time.perf_counter() - start
            if isinstance(state, Activations):
                activations += state.activations
        total_time = time.perf_counter() - total_start
    clones_per_s = _time_clones(_snapshots(game, seed, games))
    per_activation = {"us_per_activation": play_time / max(activations, 1) * 1e6} \
        if activations else {}
    return {
        "us_per_decision": play_time / max(decisions, 1) * 1e6,
        **per_activation,
        "decisions_per_s": decisions / play_time if play_time else 0.0,
        "games_per_s": games / total_time,
        "clones_per_s": clones_per_s,
        "decisions_per_game": decisions / games,
    }


def format_figures(figures: dict[str, float]) -> list[str]:
    """One `name: value` line per figure."""
    return [f"{name}: {figures[name]:.2f}" for name in FIGURES if name in figures]


def bench_game(ctx: typer.Context, game: str) -> None:
    """Run `initiative bench --game GAME` with the arguments in `ctx.args`."""
    name = check_game(game)
    terminal = part(name, "terminal", TerminalGame) if has_part(name, "terminal") else None
    own = terminal.bench_options if terminal is not None else NO_OPTIONS

    def measure(shared: Values, values: Values) -> None:
        try:
            built = terminal.bench_game(values) if terminal and terminal.bench_game \
                else load_game(name, **values)
        except InitiativeError as exc:
            raise fail(str(exc)) from None
        print(f"build: {build_kind()}")
        for line in format_figures(run(shared["games"], shared["seed"], built)):
            print(line)

    run_for_game(ctx, "bench", name, SHARED, own, measure,
                 "Benchmark the engine with random-vs-random games of the game; one "
                 "`name: value` per figure, after `build: compiled` or `build: pure`.")
