"""While an Initiative Break borrows slot 0, the Active Character (or the unit due to
act next) keeps slot 1: no other unit may Move Up ahead of it (IB 3.1.2, IB 3.4.3,
AMB-07, canonical algorithm rule 2 of the rulings register)."""

from __future__ import annotations

import yaml

from initiative.games.ib import events
from initiative.games.ib.actions import Kind
from initiative.games.ib.content import load_content_text
from initiative.games.ib.match import ChallengerSetup
from tests.ib.challenge_content import CHALLENGES
from tests.ib.scenario import Scenario
from tests.ib.support_content import PLAIN, support_data

# Tove's Break Art: all enemies take 1 damage and Seal; then all allies Move Up 1.
SEATS = [(0, ["tove", "wren"]), (1, ["ilse", "marta", "pim"])]


def _moves(sc: Scenario, key: str) -> list[events.Event]:
    return [e for e in sc.since(events.MOVE) if e[1] == sc.u(key)]


def test_ib_3_1_2_a_break_between_activations_keeps_the_next_unit_to_act() -> None:
    sc = Scenario(seats=SEATS)
    sc.track("marta wren ilse pim tove |").set("tove", charge=3).run()
    assert sc.window() == "between"
    sc.mark().declare("tove").run()
    # Tove in slot 0, Marta (due to act next, AMB-07) in slot 1: Wren stays 3rd.
    assert _moves(sc, "wren") == [(events.MOVE, sc.u("wren"), -1, events.AT_LIMIT, 2, 0)]
    assert events.render(_moves(sc, "wren")[0], sc.match).endswith(
        "cannot Move Up 1: only a Break and the Active Character are ahead (3rd).")
    sc.decline_all()
    assert sc.acting() == "marta"  # Marta keeps her turn
    assert sc.text() == "marta wren ilse pim | tove"


def test_ib_3_4_3_a_break_during_an_activation_keeps_the_active_character_in_slot_1() -> None:
    sc = Scenario(seats=SEATS)
    sc.track("pim wren ilse marta tove |").set("tove", charge=3).run()
    sc.decline_all()
    assert sc.acting() == "pim"
    sc.play(Kind.BASIC, "wren", decline=False)
    assert sc.window() == "after_declare"
    sc.mark().declare("tove").run()
    assert _moves(sc, "wren") == [(events.MOVE, sc.u("wren"), -1, events.AT_LIMIT, 2, 0)]
    sc.decline_all()
    # Pim's Speed 3 starts from the Active slot and stops left of the RM, then the RM
    # steps past it; from slot 1 it would have passed the RM to the far right instead.
    assert sc.text() == "wren ilse marta | pim tove"


RALLY = {"key": "t_rally", "name": "Test Rally", "tier": "aberrant", "initiative": 1,
         "speed": 3, "hp": 8,
         "actions": [{"roll": "1-6", "name": "Jab", "kind": "basic",
                      "effects": [{"target": "enemy", "damage": 1}]}],
         "phases": [{"name": "Rally", "at_hp": 3,
                     "on_enter": [{"target": "all_allies", "move_up": 9}],
                     "actions": [{"roll": "1-6", "name": "Jab", "kind": "basic",
                                  "effects": [{"target": "enemy", "damage": 1}]}]}]}


def test_ib_3_1_2_a_cc_phase_move_up_9_during_a_break_stops_behind_the_next_unit() -> None:
    """Brask breaks between activations and drops t_rally into its Rally phase: "all
    allies Move Up 9" takes both CCs to 3rd, never ahead of Wren, due to act next."""
    data = support_data()
    data["challenges"] = [*data.get("challenges", []), *CHALLENGES, RALLY]
    content = load_content_text(yaml.safe_dump(data), "break-active-slot-test-content.yaml")
    sc = Scenario(seats=[(0, ["wren", "brask", "ilse", "corvin"])], content=content,
                  deck="t_deck", challengers=[ChallengerSetup("t_rally"),
                                              ChallengerSetup("t_grunt")])
    sc.hand(0, PLAIN[:5])
    sc.track("wren ilse t_rally corvin t_grunt brask |").set("brask", charge=3).run()
    sc.mark().declare("brask").run()
    sc.target("t_rally").decline_all()  # 6 damage: 8 -> 2 HP, the Rally phase
    assert sc.since(events.PHASE) == [(events.PHASE, sc.u("t_rally"), 1)]
    assert [e[3:5] for e in sc.since(events.MOVE)] == [(events.CLAMPED, 2),
                                                         (events.CLAMPED, 2)]
    assert sc.text() == "wren t_grunt t_rally ilse corvin | brask"
    assert sc.acting() == "wren"
