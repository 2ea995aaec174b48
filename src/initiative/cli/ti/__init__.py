"""The Initiative at the terminal: its `terminal` part (`terminal.py`), the host of a
game (`play.py`: bots and people at this keyboard, campaign logs), the reading of an
answer (`prompt.py`), a seat's screen drawn from its view (`screen.py`) and its own
command `initiative mission` (`mission.py`). Nothing loads here: a command loads only
what it needs."""
