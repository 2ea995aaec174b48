"""The Initiative at the terminal (its `terminal` part and its `mission` command):
`play.py` hosts a game (bots and people at this keyboard, campaign logs), `prompt.py`
reads an answer, `screen.py` draws a seat's screen from its view, `mission.py` is the
`initiative mission` command."""

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
