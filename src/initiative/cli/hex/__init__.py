"""The hex skirmish game at the terminal: its `terminal` part (`terminal.py`), the host
of a game (`play.py`: bots and people at this keyboard), the reading of an answer
(`prompt.py`) and a seat's screen drawn from its view (`screen.py`)."""
