"""Initiative Break at the terminal: its `terminal` part (`terminal.py`: its own options
of `play` and `bench` from `options.py`), the prompt loop (`play.py`), a seat's screen
and the answers to `help`, `card NAME`, ... (`render.py`, `lookup.py`), and its own
commands `initiative deck`, `cards` and `campaign` (`deck.py`, `cards.py`,
`campaign.py`). Nothing loads here: a command loads only what it needs."""
