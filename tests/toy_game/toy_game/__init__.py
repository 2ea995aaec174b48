"""Lantern race: a toy game that lives only under tests/ and plugs into `initiative` by
name, as a game in a package of its own would (docs/new-game.md walks through it).

Registered by the entry point `toy = toy_game.entry:ENTRY` (group `initiative.games`) in
`../initiative_toy_game-0.1.0.dist-info/`: with `tests/toy_game` on `sys.path` (or
PYTHONPATH) `importlib.metadata` finds it, as it finds an installed package's.

Layers, lowest first (a module imports only from those before it):
- the game: `cards` (content and its linter), `flags` (house rules), `setup`,
  `actions`, `view` (what a seat knows; the log), `state` (the rules), `game` (the
  engine contract's game and the registry's loader), `record`, `listing`, `entry`
  (text only). These import the engine and `initiative.games`' shared modules, never a
  front end.
- its front-end parts: `terminal` (initiative.cli), `web` and `templates/`
  (initiative.server), `lab` (initiative.lab). No bots part: the random bot plays it.
"""
