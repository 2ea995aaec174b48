"""Test content for Support Characters and passive abilities: the shipped core content
plus small, single-purpose cards (keys start with `t_`) and a deck `t_deck` holding
them on top of the plain supplies. Seat 0 fields Wren and Brask, seat 1 Ilse and
Corvin; both seats use `t_deck`."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml

from initiative.games.ib.content import load_content_text
from initiative.games.ib.specs import Content
from tests.ib.scenario import RULES_CHARACTERS, Scenario

SUPPORTS: list[dict[str, Any]] = [
    {"key": "t_medic", "name": "Test Medic", "kind": "support", "hp": 5,
     "effects": [{"target": "ally", "heal": 2}],
     "abilities": [{"trigger": "round_end", "effects": [{"target": "all_allies", "heal": 1}]}]},
    {"key": "t_wall", "name": "Test Wall", "kind": "support", "hp": 6,
     "effects": [{"target": "self", "charge": 1}],
     "abilities": [{"static": {"scope": "allies", "damage_taken": -1}}]},
    {"key": "t_thorn", "name": "Test Thorn", "kind": "support", "hp": 4,
     "abilities": [
         {"trigger": "damage_taken", "effects": [{"target": "trigger_unit", "damage": 1}]},
         {"trigger": "defeat", "limit": "once_per_game",
          "effects": [{"target": "all_enemies", "apply": ["weaken"]}]}]},
    {"key": "t_drum", "name": "Test Drum", "kind": "support", "hp": 3,
     "effects": [{"target": "self", "draw": 1}],
     "abilities": [{"trigger": "start_of_activation", "whose": "ally",
                    "limit": "once_per_round",
                    "effects": [{"target": "trigger_unit", "charge": 1}]}]},
    {"key": "t_mote", "name": "Test Mote", "kind": "support", "hp": 2,
     "abilities": [{"trigger": "end_of_activation", "whose": "ally",
                    "limit": "once_per_activation",
                    "effects": [{"target": "all_enemies", "damage": 1}]},
                   {"trigger": "time_collapse", "effects": [{"target": "self", "heal": 9}]}]},
    {"key": "t_crow", "name": "Test Crow", "kind": "support", "hp": 3,
     "abilities": [{"trigger": "defeat", "whose": "enemy",
                    "effects": [{"target": "all_allies", "charge": 1}]}]},
    {"key": "t_avenger", "name": "Test Avenger", "kind": "support", "hp": 5,
     "abilities": [{"trigger": "damage_taken", "whose": "ally",
                    "effects": [{"target": "trigger_unit", "damage": 1}]}]},
]
CARDS: list[dict[str, Any]] = [
    {"key": "t_summon", "name": "Test Summon", "kind": "event",
     "effects": [{"target": "self", "summon": "t_mote"}]},
    {"key": "t_siphon", "name": "Test Siphon", "kind": "technique",
     "effects": [{"target": "enemy", "damage": 1, "call": "siphon_charge"}]},
    {"key": "t_shatter", "name": "Test Shatter", "kind": "technique",
     "effects": [{"target": "enemy", "remove_sigils": 1}]},
    {"key": "t_rattle", "name": "Test Rattle", "kind": "event",
     "effects": [{"target": "enemy", "discard": 2}]},
    {"key": "t_drain", "name": "Test Drain", "kind": "event",
     "effects": [{"target": "enemy", "charge": -2}]},
    {"key": "t_finisher", "name": "Test Finisher", "kind": "technique",
     "effects": [{"target": "enemy", "damage": 2},
                 {"target": "same", "only_if": {"hp_at_most": 4}, "damage": 2}]},
    {"key": "t_hunt", "name": "Test Hunt", "kind": "technique",
     "effects": [{"target": "enemy", "only_if": {"has_status": "burn"}, "damage": 3}]},
    {"key": "t_blast", "name": "Test Blast", "kind": "technique",
     "effects": [{"target": "all_enemies", "damage": 1, "apply": ["burn", "guard"]}]},
]
KEYSTONES: list[dict[str, Any]] = [
    {"key": "t_grudge", "name": "Test Grudge", "passive": {
        "trigger": "damage_taken", "limit": "once_per_game",
        "effects": [{"target": "trigger_unit", "damage": 2}]}},
    {"key": "t_attuned", "name": "Test Attuned", "passive": {
        "trigger": "install", "effects": [{"target": "self", "charge": 1}]}},
    {"key": "t_echo", "name": "Test Echo", "passive": {
        "trigger": "play", "whose": "ally", "effects": [{"target": "trigger_unit", "heal": 1}]}},
    {"key": "t_keen", "name": "Test Keen", "passive": {"static": {"damage_dealt": 1}}},
    {"key": "t_hasty", "name": "Test Hasty", "passive": {
        "trigger": "damage_dealt", "limit": "once_per_activation",
        "effects": [{"target": "self", "charge": 1}]}},
]
PLAIN = ["field_ration", "spare_flint", "folded_map", "signal_mirror", "rope_coil",
         "lamp_oil", "whetstone", "tin_compass"]


def support_data() -> dict[str, Any]:
    """The shipped content as plain data, plus the test cards and `t_deck`."""
    text = resources.files("initiative.games.ib").joinpath("data/core.yaml").read_text("utf-8")
    data: dict[str, Any] = yaml.safe_load(text)
    # The Characters the rules tests were worked out on (scenario.rules_content).
    data["characters"] = yaml.safe_load(RULES_CHARACTERS.read_text("utf-8"))["characters"]
    data["cards"] += SUPPORTS + CARDS
    data["keystones"] += KEYSTONES
    deck = {key: 2 for key in PLAIN}
    deck["current_sigil"] = 1
    deck.update({c["key"]: 1 for c in SUPPORTS})
    deck.update({c["key"]: 1 for c in CARDS})
    data["decks"].append({"key": "t_deck", "name": "Test Deck", "cards": deck})
    return data


@cache
def support_content() -> Content:
    return load_content_text(yaml.safe_dump(support_data()), "support-test-content.yaml")


def support_game(rules: dict[str, Any] | None = None, track: str = "wren ilse brask corvin |",
                 hands: tuple[list[str], list[str]] = ([], []), seed: int = 0,
                 keystones: tuple[tuple[str, str], tuple[str, str]] | None = None
                 ) -> Scenario:
    """Wren and Brask (seat 0) against Ilse and Corvin (seat 1), hands as given (topped
    up with plain cards to five) and `track` set; call `run()` to reach a decision."""
    sc = Scenario(rules, seats=[(0, ["wren", "brask"]), (1, ["ilse", "corvin"])],
                  content=support_content(), deck="t_deck", seed=seed,
                  keystones=keystones or ())
    for seat in (0, 1):
        hand = list(hands[seat])
        hand += [k for k in PLAIN if k not in hand][: 5 - len(hand)]
        sc.hand(seat, hand)
    sc.track(track)
    return sc
