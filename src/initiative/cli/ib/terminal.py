"""Initiative Break's `terminal` part (cli/parts.py `TerminalGame`): `initiative play`
and `initiative bench` with its own options (options.py)."""

from initiative.cli.ib.options import (
    ABOUT,
    BENCH_OPTIONS,
    PLAY_OPTIONS,
    bench_game,
    play_command,
)
from initiative.cli.parts import TerminalGame

TERMINAL = TerminalGame(play=play_command, play_options=PLAY_OPTIONS, about=ABOUT,
                        bench_options=BENCH_OPTIONS, bench_game=bench_game)
"""`initiative play` and `initiative bench` of Initiative Break."""
