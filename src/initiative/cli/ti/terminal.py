"""The Initiative's `terminal` part (cli/parts.py `TerminalGame`): `initiative play
--game the_initiative` and `initiative bench --game the_initiative`."""

from initiative.cli.parts import TerminalGame
from initiative.cli.ti.play import BENCH_OPTIONS, PLAY_OPTIONS, play_command

TERMINAL = TerminalGame(
    play=play_command,
    play_options=PLAY_OPTIONS,
    about="The cooperative The Initiative (docs/the-initiative-terminal.md): 1-4 players "
          "search rooms for clues and agree on the mission's answer; --players, --mission "
          "and --characters set the table up, --campaign plays a campaign's next mission.",
    bench_options=BENCH_OPTIONS,
)
"""`initiative play --game the_initiative` and `initiative bench --game the_initiative`."""
