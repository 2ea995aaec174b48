"""The tick console's commands beyond the basic turn loop: one-by-one free actions,
tie order, moves, adjustments, pending moves, timed effects, motes, removal, the ledger
and the rules listing (OTHER-RULINGS section 2)."""

from __future__ import annotations

import pytest

from initiative.timing.ticks import TickRules
from initiative.trackers.exalted import ExaltedConsole

ROSTER = ["add Ryo stamina=3 wits=3 awareness=2 motes=10",
          "add Sela stamina=2 wits=2 awareness=3",
          "add Brute npc stamina=4 wits=1 awareness=1",
          "join Ryo 5", "join Sela 1", "join Brute 4"]


def console(lines: list[str], rules: TickRules | None = None) -> tuple[ExaltedConsole, list[str]]:
    out: list[str] = []
    c = ExaltedConsole(out.append, rules)
    for line in lines:
        c.run(line)
    return c, out


def test_free_actions_one_by_one_then_the_rest_pass() -> None:
    """EX-12/EX-13: free actions in Initiative order; `next` passes the next one."""
    c, out = console([*ROSTER, "start free", "free Ryo draws a hidden blade"])
    assert out[-1] == "Ryo free action: draws a hidden blade"
    with pytest.raises(ValueError, match="Brute"):
        c.run("free Sela")  # Brute (7i) comes before Sela (4i)
    c.run("next")
    assert out[-1] == "Brute free action: passes"
    with pytest.raises(ValueError, match="free actions are under way"):
        c.run("start free")
    c.run("start")
    assert out[-2:] == ["Sela free action: passes", "Round 1 begins; order: Ryo 8, Brute 7, Sela 4"]


def test_tie_order_move_adjust_and_ledger() -> None:
    """EX-A5 tie order, EX-16 move, EX-5 other losses, every change in the ledger."""
    c, out = console([*ROSTER, "tie Sela Brute", "start", "next", "move"])
    assert "GM tie order: Sela, Brute" in out and out[-1] == "Ryo moves"
    with pytest.raises(ValueError, match="already took the reflexive move"):
        c.run("move")
    with pytest.raises(ValueError, match="the cause is required"):
        c.run("adjust Brute -2")
    c.run("adjust Brute -3 slips on loose scree")
    assert out[-1] == "Brute -3i (slips on loose scree) -> 4i, drops below Sela"  # tie: GM order
    out.clear()
    c.run("ledger Brute")
    assert out == ["  r0 +7i join_battle (Join Battle, 4 successes entered (Wits+Awareness)) -> 7i",
                   "  r1 -3i loss (slips on loose scree) -> 4i"]


def test_effects_expire_at_the_right_step() -> None:
    """EX-19 one-turn effects end at the anchor's next turn start; EX-22/EX-24 a
    next-turn effect with a start-of-turn gain ends at the end of that turn."""
    c, out = console([*ROSTER, "start", "next",
                      "effect Brute one_turn by=Ryo Rattled by a feint",
                      "effect Sela next_turn init=+1 Steadied"])
    assert out[-2] == "Rattled by a feint on Brute by Ryo (one turn, anchor Brute) [#1]"
    out.clear()
    c.run("effects")
    assert out == ["  #1 Rattled by a feint on Brute by Ryo: one turn, anchor Brute",
                   "  #2 Steadied on Sela: until end of next turn, anchor Sela"]
    c.run("end")  # Ryo, announced, passes
    c.run("begin")
    assert "Rattled by a feint on Brute ends (one turn, start of Brute's turn)" in out
    c.run("end")
    c.run("begin")
    assert "Sela +1i (Steadied, start of turn) -> 5i" in out
    c.run("end")
    assert "Steadied on Sela ends (end of Sela's turn)" in out
    assert c.tracker.effects == []
    with pytest.raises(ValueError, match="duration must be one_turn, next_turn"):
        c.run("effect Sela forever Blessed")
    with pytest.raises(ValueError, match="needs a label"):
        c.run("effect Sela one_turn by=Ryo")


def test_uneffect_removes_by_id() -> None:
    c, out = console([*ROSTER, "start", "effect Sela until_removed Warded", "uneffect #1"])
    assert out[-1] == "Warded on Sela removed by the GM"
    with pytest.raises(ValueError, match="no effect #1"):
        c.run("uneffect 1")


def test_motes_rush_remove_endcombat() -> None:
    """EX-25 adrenaline refills spent motes; EX-21 a pending move comes back at the next
    turn start; a removed character leaves the order; `endcombat` ends it."""
    c, out = console([*ROSTER, "start", "next", "motes Ryo 4 a warding charm", "rush Sela"])
    assert out[-2:] == ["Ryo spends 4m (a warding charm): 6m", "Sela has a pending move (Rush)"]
    with pytest.raises(ValueError, match="cannot spend 11m"):
        c.run("motes Ryo 11")
    c.run("end")
    assert "Ryo regains 4m from adrenaline: 10/10" in out
    c.run("remove Brute fled the field")
    assert out[-1] == "Brute leaves the combat (fled the field)"
    c.run("begin")
    assert out[-1] == "Sela may now make the move left over from a Rush or Disengage"
    c.run("endcombat")
    assert c.tracker.phase == "over"


def test_rules_lists_the_flags_in_force() -> None:
    c, out = console([], TickRules(flurry_penalty=2))
    c.run("rules")
    assert "  flurry_penalty = 2" in out and "  tie_break = gm_then_roster" in out


def test_delay_alone_holds_whoever_is_due() -> None:
    """EX-17: `delay` with no name is the character whose tick came up."""
    c, out = console([*ROSTER, "start", "delay"])
    assert out[-1] == "Ryo -1i (delay, holds the turn) -> 7i"
    assert c.tracker.holders() == ["Ryo"]
    with pytest.raises(ValueError, match="usage: delay"):
        c.run("delay Ryo Sela")


def test_effect_templates() -> None:
    """Original effect templates: a source-anchored one-turn effect ends when its
    source's next turn starts (EX-19, EX-A15); a start-of-turn change applies at step 4
    and ends with the turn (EX-22, EX-24)."""
    c, out = console([*ROSTER, "start", "templates"])
    assert any(line.startswith("  hounded   Hounded: ") for line in out)
    c.run("begin")  # applied during Ryo's turn: it lasts to Ryo's next turn start
    c.run("effect Brute hounded by=Ryo")
    assert out[-1] == "Hounded on Brute by Ryo (one turn, anchor Ryo) [#1]"
    c.run("effect Sela bleeding by=Brute")
    with pytest.raises(ValueError, match="give by=SOURCE"):
        c.run("effect Brute hounded")
    for line in ("end", "begin", "end", "begin"):
        c.run(line)
    assert "Sela -1i (Bleeding, start of turn) -> 3i" in out
    assert [e.label for e in c.tracker.effects] == ["Hounded", "Bleeding"]
    for line in ("end", "round", "begin"):
        c.run(line)
    assert "Hounded on Brute ends (one turn, start of Ryo's turn)" in out
    assert c.tracker.effects == []
