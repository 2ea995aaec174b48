"""House rule `cc_aoe_hits_supports` (IB 6.5.3 against AMB-63): does a Challenge Card's
"all enemies" clause reach the Support Characters in play when its card does not print
`targets_supports`?"""

from __future__ import annotations

from initiative.games.ib import events
from tests.ib.challenge_content import cc_game
from tests.ib.scenario import Scenario
from tests.ib.test_flags_supports import _blast


def _quake(rules: dict[str, object]) -> Scenario:
    """t_brute (3 Charge) opens its turn with Quake: all enemies take 3 damage; seat 0's
    Test Wall (6 HP) is in play. t_brute does not print `targets_supports`."""
    sc = cc_game(["t_brute"], rules, track="t_brute wren brask ilse corvin |")
    sc.set("t_brute", charge=3).support("t_wall")
    return sc.mark().run()


def _hit(sc: Scenario) -> set[str]:
    return {sc.key(e[2]) for e in sc.since(events.DAMAGE) if e[1] == sc.u("t_brute")}


def test_ib_6_5_3_default_as_any_card_a_cc_area_attack_hits_supports() -> None:
    sc = _quake({"cc_aoe_hits_supports": "as_any_card"})
    assert _hit(sc) == {"wren", "brask", "ilse", "corvin", "t_wall"}
    assert sc.hp("t_wall") == 4  # 3 damage, 1 less by its own static (Test Wall)


def test_ib_6_5_3_if_printed_a_cc_area_attack_spares_supports() -> None:
    sc = _quake({"cc_aoe_hits_supports": "if_printed"})
    assert _hit(sc) == {"wren", "brask", "ilse", "corvin"}
    assert sc.hp("t_wall") == 6


def test_ib_6_5_3_if_printed_leaves_a_player_area_attack_alone() -> None:
    """The flag reads IB 6.5 (Challenge Cards only): a player's all-enemies still hits."""
    sc = _blast({"cc_aoe_hits_supports": "if_printed"})
    assert sc.hp("t_medic2") == 4
