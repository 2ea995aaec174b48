"""The Initiative's flags for `initiative rules --game the_initiative` (its `rules`
part), each with its note (flag_notes.py) and, for the number flags, the numbers they
take."""

from __future__ import annotations

from initiative.games.parts import FlagNote, RulesListing, RulesSection
from initiative.games.ti.flag_notes import TI_FLAG_NOTES
from initiative.games.ti.flags import NUMBER_CHOICES, TIRules

LISTING = RulesListing((
    RulesSection("The Initiative house-rule flags (load_game(\"the_initiative\", "
                 "flag=value); docs/rules-interpretations.md 5.5)", TIRules,
                 {name: FlagNote(*note) for name, note in TI_FLAG_NOTES.items()},
                 NUMBER_CHOICES),
))
