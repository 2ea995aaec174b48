"""Test content for Challenge Cards: the Support test content (t_* supports and cards)
plus small single-purpose CCs (keys start with `t_`), a scripted d6, and `cc_game`,
a Scenario of one seat (Wren, Brask, Ilse, Corvin with `t_deck`) against CCs.

Every t_ CC move deals a distinct amount of damage so a test can tell which ran.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import yaml

from initiative.engine.chance import ROLL
from initiative.games.ib import events
from initiative.games.ib.content import load_content_text
from initiative.games.ib.match import ChallengerSetup
from initiative.games.ib.specs import Content
from tests.ib.scenario import Scenario
from tests.ib.support_content import PLAIN, support_data


def _hit(name: str, roll: str, amount: int, kind: str = "basic",
         **extra: Any) -> dict[str, Any]:
    return {"roll": roll, "name": name, "kind": kind,
            "effects": [{"target": "enemy", "damage": amount, **extra}]}


CHALLENGES: list[dict[str, Any]] = [
    # Plain: one move on every face.
    {"key": "t_grunt", "name": "Test Grunt", "tier": "aberrant", "initiative": 1, "speed": 3,
     "hp": 6, "actions": [_hit("Jab", "1-6", 1)]},
    # Break Art, trigger and a d6 split between an attack and an ability.
    {"key": "t_brute", "name": "Test Brute", "tier": "construct", "initiative": 2, "speed": 4,
     "hp": 12,
     "actions": [_hit("Club", "1-3", 2),
                 {"roll": "4-6", "name": "Brace", "kind": "ability",
                  "effects": [{"target": "self", "apply": ["guard"]}]}],
     "trigger": {"name": "Rage", "kind": "advanced", "when": {"self_hp_at_most": 5},
                 "effects": [{"target": "enemy", "damage": 5}]},
     "break_art": {"name": "Quake", "kind": "break_art",
                   "effects": [{"target": "all_enemies", "damage": 3}]}},
    # Beneficial ability: heals the next CC (AMB-71).
    {"key": "t_mender", "name": "Test Mender", "tier": "aberrant", "initiative": 1,
     "speed": 3, "hp": 6,
     "actions": [{"roll": "1-6", "name": "Mend", "kind": "ability",
                  "effects": [{"target": "ally", "heal": 4}]}]},
    # Targets Supports too, and picks the highest HP.
    {"key": "t_stalker", "name": "Test Stalker", "tier": "aberrant", "initiative": 1,
     "speed": 3, "hp": 6, "targets_supports": True, "targeting": "highest_hp",
     "actions": [_hit("Pounce", "1-6", 7)]},
    # Two later phases; spawns; alters the track; reacts to damage; on-death effect.
    {"key": "t_tyrant", "name": "Test Tyrant", "tier": "icon", "initiative": 9, "speed": 4,
     "hp": 20,
     "abilities": [{"trigger": "damage_taken", "limit": "once_per_round",
                    "effects": [{"target": "trigger_unit", "damage": 1}]}],
     "on_death": [{"target": "all_enemies", "damage": 2}],
     "actions": [_hit("Swipe", "1-6", 3)],
     "phases": [
         {"name": "Brood", "at_hp": 14, "on_enter": [{"target": "self", "spawn": "t_grunt"}],
          "actions": [_hit("Bite", "1-6", 4)]},
         {"name": "Frenzy", "at_hp": 6, "speed": 2,
          "on_enter": [{"target": "all_enemies", "move_back": 2}],
          "actions": [_hit("Maul", "1-6", 6)],
          "break_art": {"name": "Ruin", "kind": "break_art",
                        "effects": [{"target": "all_enemies", "damage": 8}]}}]},
    # Cheers its allies' hits: a CC trigger on another CC's damage.
    {"key": "t_cheer", "name": "Test Cheer", "tier": "aberrant", "initiative": 1,
     "speed": 3, "hp": 6,
     "abilities": [{"trigger": "damage_dealt", "whose": "ally",
                    "effects": [{"target": "self", "apply": ["insight"]}]}],
     "actions": [_hit("Hoot", "1-6", 1)]},
    # A trigger when alone, and a status-applying attack.
    {"key": "t_lurker", "name": "Test Lurker", "tier": "aberrant", "initiative": 1,
     "speed": 3, "hp": 6,
     "actions": [_hit("Sting", "1-6", 1, apply=["burn"])],
     "trigger": {"name": "Flee", "kind": "ability", "when": {"alone": True},
                 "effects": [{"target": "self", "heal": 3}]}},
]


@cache
def cc_content() -> Content:
    data = support_data()
    data["challenges"] = data.get("challenges", []) + CHALLENGES
    return load_content_text(yaml.safe_dump(data), "challenge-test-content.yaml")


PARTY = ("wren", "brask", "ilse", "corvin")


def cc_game(challengers: Sequence[str | ChallengerSetup], rules: dict[str, Any] | None = None,
            track: str | None = None, rolls: Sequence[int] = (), seed: int = 0,
            party: Sequence[str] = PARTY, seats: int = 1, neutral: bool = False,
            keystones: Sequence[Sequence[str]] = ()) -> Scenario:
    """`party` against `challengers` (CC keys or setups), hands of plain cards; `rolls`
    script the d6. `track` as in Scenario.track (default: the setup order). The party is
    split evenly over `seats` seats: all on team 0 (co-op, IB 6.9), or each seat a team
    of its own with the CCs `neutral` (a mixed match, IB 8.4)."""
    ccs = [c if isinstance(c, ChallengerSetup) else ChallengerSetup(c) for c in challengers]
    size = len(party) // seats
    split = [(i if neutral else 0, list(party[i * size:(i + 1) * size])) for i in range(seats)]
    sc = Scenario(rules, seats=split, content=cc_content(), deck="t_deck", seed=seed,
                  challengers=ccs, neutral=neutral, keystones=keystones)
    for seat in range(seats):
        sc.hand(seat, PLAIN[:5])
    if track is not None:
        sc.track(track)
    return sc.force(ROLL, rolls)  # IB 6.8: the d6 is a chance node


def since(sc: Scenario, start: int, code: int) -> list[events.Event]:
    """Events of kind `code` logged after position `start`."""
    return [e for e in list(sc.state.events())[start:] if e[0] == code]
