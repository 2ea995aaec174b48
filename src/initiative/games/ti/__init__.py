"""The Initiative: a cooperative deduction game for 1 to 4 players (rules:
../shared/seeds/002_*, ids TI-1..TI-57 and TI-A1..TI-A23 in ../shared/OTHER-RULINGS.md
section 3). docs/the-initiative.md explains the package.

The modules form layers; a module imports only from its own layer or the ones before
it, and never in a cycle (tests/ti/test_ti_layers.py checks both):

1. data - the vocabulary: `actions`, `flags` (and `flag_notes`), `specs` (compiled
   content), `setup` (one game's mission, seats and rules), `events` (the log's tuples
   and their typed records), `frames`, `view_data` (the view's data as TypedDicts).
2. words - `text`: event sentences and action labels, from data alone.
3. board - one question or change at a time: `graph` (rooms, adjacency, distances),
   `cards` (deck, hands, piles, discard, In Peril), `tokens` (stacks and reveals),
   `console` (windows and the answer).
4. rules - the procedures: `actions_run`, `actions_clues`, `regroup`, `specials`,
   `traps`, `enemies`, `turns`, `solve`.
5. flow - `flow`: runs the top frame until a seat must decide.
6. contract - `state` (TIState), `view` (TIView), `determinize`, `game` (TIGame).
7. around - what loads, checks, records or draws games: `schema`, `content`,
   `validate`, `loader`, `campaign`, `notation`, `record`, `listing` (the flags
   `initiative rules` lists), `board_text`.

Importing `initiative.games.ti.state` loads neither pydantic nor yaml.
"""

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("data", ("actions", "flags", "flag_notes", "specs", "setup", "events", "frames",
              "view_data")),
    ("words", ("text",)),
    ("board", ("graph", "cards", "tokens", "console")),
    ("rules", ("actions_run", "actions_clues", "regroup", "specials", "traps", "enemies",
               "turns", "solve")),
    ("flow", ("flow",)),
    ("contract", ("state", "view", "determinize", "game")),
    ("around", ("entry", "schema", "content", "validate", "loader", "campaign", "notation",
                "record", "listing", "positions", "board_text", "data")),
)
"""The layers above, lowest first: (name, modules). A module not listed here belongs
to the layer its owner adds it to; tests/ti/test_ti_layers.py fails on an unlisted one."""
