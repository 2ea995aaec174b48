"""Initiative Break: the rules engine, its content and the tools around it.

The modules form layers; a module imports only from its own layer or the ones before
it, and never in a cycle (tests/ib/test_ib_layers.py checks both, imports inside
functions included). Rules modules are named after the rulebook chapter they implement,
so a rule is found by its chapter:

1. data - the vocabulary: `actions`, `config`, `naming`, `statuses`, `frames` (the
   decision stack), `events` (the log), `specs` (compiled content), `flag_notes`.
2. board - one change or question at a time, nothing that resolves an effect:
   `active` (who is active; ending an activation), `charge` (IB 3.7.1), `victory`
   (IB 3.6.5), `sigils` (IB 4.5), `supports` (IB 2.5), `abilities` (triggers' bookkeeping,
   IB 2.2.3), `damage` (IB 5), `hand` (IB 2.8), `challenges` (IB 6), `scripts`,
   `windows` (IB 3.7.5 response windows), `step_windows` (the `ib_windows` house rule),
   `free_discard` (IB 2.8.7 timing), `signatures` (IB 2.7.5).
3. content - the YAML schema and loading (pydantic, yaml) and the setups built from it:
   `lines` (where in a file a content message points), `clauses`, `challenge_cards`,
   `content`, `match`, `deckbuilding`, `formats`, `modes`, `presets`, `packs` (a
   player's own content folders), `lint`, `public` (the game as every seat knows it:
   what bots get).
4. rules - the procedures: `rounds` (IB 3.5-3.6), `effects` (IB 3.8: a clause, what
   follows it, AMB-56, and the triggers it fires), `attacks` (IB 4), `breaks` (IB 3.7),
   `activation` (IB 3.2). A lower chapter that must fire triggers or resolve an effect
   takes that procedure as an argument (`rounds`, `challenges.check_phases`), or marks
   the stack (`active.end_activation`) for the activation to see.
5. flow - `flow`: runs the frame on top of the stack until a seat must decide.
6. contract - `state` (IBState, the engine contract), `view`, `chance` (explicit chance
   nodes), `stepping` (stopping between two activations), `determinize`, `setup`
   (`new_game`, `IBGame`).
7. around - what reads or records games: `loader` (the registry's parameters),
   `notation`, `movetext`, `record`, `story` (a record told, for `initiative replay`),
   `text`, `campaign`, `listing` (the flags `initiative rules` lists).

Importing `initiative.games.ib.state` loads neither pydantic nor yaml: the layers below
it read compiled content from `specs` only.
"""

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("data", ("actions", "config", "naming", "statuses", "frames", "events", "specs",
              "flag_notes")),
    ("board", ("active", "charge", "victory", "sigils", "supports", "abilities", "damage",
               "hand", "challenges", "scripts", "windows", "step_windows", "free_discard",
               "signatures")),
    ("content", ("lines", "clauses", "challenge_cards", "content", "match", "deckbuilding",
                 "formats", "modes", "presets", "packs", "lint", "public")),
    ("rules", ("rounds", "effects", "attacks", "breaks", "activation")),
    ("flow", ("flow",)),
    ("contract", ("state", "view", "chance", "stepping", "determinize", "setup")),
    ("around", ("entry", "loader", "notation", "movetext", "record", "story", "text",
                "campaign", "listing", "preview", "companion")),
)
"""The layers above, lowest first: (name, modules). A package (`text`, `campaign`)
stands for every module in it."""
