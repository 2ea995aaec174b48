"""Initiative Break at the terminal (its `terminal` part and its commands): `options.py`
(its own options of `play` and `bench`), `play.py` (the prompt loop), `render.py` and
`lookup.py` (a seat's screen, the answers to `help`, `card NAME`, ...), and the
`initiative deck`, `cards` and `campaign` commands (`deck.py`, `cards.py`,
`campaign.py`)."""

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
