"""The hex skirmish game's flags for `initiative rules --game hex_skirmish` (its `rules`
part), each with its note (flag_notes.py)."""

from __future__ import annotations

from initiative.games.hex.flag_notes import HEX_FLAG_NOTES
from initiative.games.hex.flags import HexRules
from initiative.games.parts import FlagNote, RulesListing, RulesSection

LISTING = RulesListing((
    RulesSection("Hex skirmish house-rule flags (load_game(\"hex_skirmish\", flag=value); "
                 "docs/rules-interpretations.md 5.4)", HexRules,
                 {name: FlagNote(*note) for name, note in HEX_FLAG_NOTES.items()}),
))
