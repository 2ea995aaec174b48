"""Lantern race's flags for `initiative rules --game toy` (its `rules` part)."""

from __future__ import annotations

from toy_game.flags import DIE_SIDES, NOTES, ToyRules

from initiative.games.parts import FlagNote, RulesListing, RulesSection

LISTING = RulesListing((
    RulesSection('Lantern race house-rule flags (load_game("toy", flag=value))', ToyRules,
                 {name: FlagNote(*note) for name, note in NOTES.items()},
                 choices={"die_sides": DIE_SIDES}),
))
