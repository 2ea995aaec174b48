"""The hex skirmish game: characters on a hex board, driven by initiative decks
(rules: ../shared/seeds/003_*, ids HX-1..HX-34 and HX-A1..HX-A21 in
../shared/OTHER-RULINGS.md section 4). docs/hex.md explains the package.

The modules form layers; a module imports only from its own layer or the ones before
it, and never in a cycle (tests/hex/test_hex_layers.py checks both, imports inside
functions included):

1. data - the vocabulary: `geometry`, `actions`, `flags` (and `flag_notes`, one line
   per flag for `initiative rules`), `specs` (compiled content), `grid` (the board by
   cell number, the tables the look-ahead reads), `setup` (one game's content, board,
   seats and rules, and its grid), `events` (the log's tuples
   and their typed records), `frames` (the decision stack), `view_data` (the view's
   data as TypedDicts).
2. words - `text`: event sentences and action labels, from data alone.
3. board - one question or change at a time: `reach` (occupancy, move look-ahead,
   attack range, push hexes), `power` (HX-22, HX-A3), `victory` (HX-A5), `damage`.
4. rules - the procedures: `rounds` (HX-1..HX-11, HX-15), `movement` (HX-16..HX-21),
   `reactions` (HX-30..HX-34), `attacks` (HX-23..HX-29), `turns` (HX-12, HX-13).
5. flow - `flow`: runs the top frame until a seat must decide.
6. contract - `state` (HexState), `view` (HexView), `determinize`, `game` (HexGame).
7. around - what loads, checks, records or draws games: `schema`, `content`, `lint`,
   `loader`, `notation`, `record`, `listing` (the flags `initiative rules` lists),
   `positions`, `board_text`.

Importing `initiative.games.hex.state` loads neither pydantic nor yaml.
"""

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("data", ("geometry", "actions", "flags", "flag_notes", "specs", "grid", "setup",
              "events", "frames", "view_data")),
    ("words", ("text",)),
    ("board", ("reach", "power", "victory", "damage")),
    ("rules", ("rounds", "movement", "reactions", "attacks", "turns")),
    ("flow", ("flow",)),
    ("contract", ("state", "view", "determinize", "game")),
    ("around", ("entry", "schema", "content", "lint", "loader", "notation", "record",
                "listing", "positions", "board_text", "data")),
)
"""The layers above, lowest first: (name, modules). A package stands for every module
in it."""
