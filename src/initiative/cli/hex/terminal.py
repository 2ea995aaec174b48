"""The hex skirmish game's `terminal` part (cli/parts.py `TerminalGame`): `initiative
play --game hex_skirmish` and `initiative bench --game hex_skirmish`."""

from initiative.cli.hex.play import BENCH_OPTIONS, PLAY_OPTIONS, play_command
from initiative.cli.parts import TerminalGame

TERMINAL = TerminalGame(
    play=play_command,
    play_options=PLAY_OPTIONS,
    about="The hex skirmish game (docs/hex.md, docs/hex-terminal.md): 2-4 characters on "
          "a hex board; --players, --board and --characters set the table up.",
    bench_options=BENCH_OPTIONS,
)
"""`initiative play --game hex_skirmish` and `initiative bench --game hex_skirmish`."""
