"""Rule tests for card initiative rounds (seed 004; OTHER-RULINGS FA-1..FA-23, FA-A1..A15).

Decks are custom (``deck_spec="custom"``) so every card value is known; each test cites
the register id it checks, and every flag is tested under both readings.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from initiative.engine import GAME_MASTER, SPECTATOR, IllegalActionError
from initiative.timing import cards_commands as C
from initiative.timing.cards import GM, CardLimitError, CardRoundError, CardRoundState
from initiative.timing.cards_content import Card, sample_40, sample_roster
from initiative.timing.cards_rules import CardRoundRules

OWNERS = ("GM", "Vessa", "Orrin", "Talwyn", "Marek")


def deck(*values: int) -> list[Card]:
    """A deck whose top cards have ``values`` (then filler 1s)."""
    return [Card("ember", v) for v in values] + [Card("gale", 1) for _ in range(10)]


def table(top: dict[str, int] | None = None, hand_size: int = 0, **flags: Any) -> CardRoundState:
    top = top or {}
    rules = CardRoundRules(deck_spec="custom", **flags)
    decks = {o: deck(*([top[o]] if o in top else [])) for o in OWNERS}
    return CardRoundState.new(sample_roster(), rules, seed=7, hand_size=hand_size, decks=decks)


def revealed(cards: dict[str, int], who: tuple[str, ...], **flags: Any) -> CardRoundState:
    """Begin a round with ``who``, commit every slot from its deck top, reveal."""
    s = table(cards, **flags)
    s.apply(C.BeginRound(who))
    for slot in s.needed_slots():
        s.apply(C.Commit(slot, "deck"))
    s.apply(C.Reveal())
    return s


def turn(s: CardRoundState, who: str, **kw: Any) -> None:
    s.apply(C.Act(who, **kw))
    s.apply(C.EndTurn())


def unchanged(s: CardRoundState, cmd: C.Command, match: str) -> None:
    before = s.to_dict()
    with pytest.raises(CardRoundError, match=match):
        s.apply(cmd)
    assert s.to_dict() == before


# ------------------------------------------------------------------ commit and reveal


def test_fa_1_fa_a13_round_needs_two_participants_default() -> None:
    s = table()
    unchanged(s, C.BeginRound(("Vessa",)), "2 or more")
    s.apply(C.BeginRound(("Vessa", "Orrin")))
    assert s.phase == "commit" and s.round == 1


def test_fa_a13_min_participants_flag_one() -> None:
    s = table(min_participants_for_round=1)
    s.apply(C.BeginRound(("Vessa",)))
    assert s.participants == ["Vessa"]


def test_fa_2_fa_3_commit_from_hand_or_deck_top() -> None:
    s = table({"Orrin": 9}, hand_size=2)
    s.apply(C.BeginRound(("Vessa", "Orrin")))
    hand_card, top = s.hands["Vessa"][1], s.decks["Orrin"][0]
    s.apply(C.Commit("Vessa", "hand", 1))
    s.apply(C.Commit("Orrin", "deck"))
    assert s.commitments["Vessa"] == (hand_card, "hand")
    assert s.commitments["Orrin"] == (top, "deck")
    assert len(s.hands["Vessa"]) == 1


def test_fa_2_one_card_each_and_bad_inputs_change_nothing() -> None:
    s = table(hand_size=1)
    s.apply(C.BeginRound(("Vessa", "Orrin")))
    s.apply(C.Commit("Vessa"))
    unchanged(s, C.Commit("Vessa"), "already committed")
    unchanged(s, C.Commit("Talwyn"), "no initiative card")
    unchanged(s, C.Commit("Orrin", "hand", 5), "no card at index 5")
    unchanged(s, C.Reveal(), "Orrin")
    assert issubclass(CardRoundError, ValueError) and issubclass(CardRoundError, IllegalActionError)


def test_fa_5_fa_a1_shared_gm_card_for_all_npcs() -> None:
    s = revealed({"Vessa": 4, "GM": 6}, ("Vessa", "Reeve", "Bailiff"))
    assert s.needed_slots() == ["Vessa", GM]
    assert s.totals == {"Vessa": 7, "Reeve": 10, "Bailiff": 8}  # FA-7


def test_fa_a1_per_npc_cards_flag() -> None:
    s = table({"GM": 6}, npc_initiative_card="per_npc")
    s.apply(C.BeginRound(("Vessa", "Reeve", "Bailiff")))
    assert s.needed_slots() == ["Vessa", "Bailiff", "Reeve"]
    for slot in s.needed_slots():
        s.apply(C.Commit(slot))
    s.apply(C.Reveal())
    assert s.totals["Bailiff"] == 2 + 6 and s.totals["Reeve"] == 4 + 1  # second GM card


def test_fa_4_initiative_card_effects_not_triggered() -> None:
    rules = CardRoundRules(deck_spec="custom")
    decks = {o: deck() for o in OWNERS}
    decks["Vessa"] = [Card("loam", 7, "ambience"), *deck()]
    s = CardRoundState.new(sample_roster(), rules, hand_size=0, decks=decks)
    s.apply(C.BeginRound(("Vessa", "Orrin")))
    s.apply(C.Commit("Vessa"))
    s.apply(C.Commit("Orrin"))
    s.apply(C.Reveal())
    assert any("trigger no effects (FA-4)" in t and "ambience" in t for t in s.log_text())
    assert s.totals["Vessa"] == 10


def test_fa_6_fa_7_fa_8_totals_and_order_highest_first() -> None:
    s = revealed({"Vessa": 9, "Orrin": 2, "Talwyn": 5}, ("Vessa", "Orrin", "Talwyn"))
    assert s.totals == {"Vessa": 12, "Orrin": 7, "Talwyn": 6}
    assert s.queue == ["Vessa", "Orrin", "Talwyn"]
    assert s.up_next() == "Vessa"
    assert "order (FA-8, FA-9): Vessa > Orrin > Talwyn" in s.log_text()[-1]


# ------------------------------------------------------------------ ties


def test_fa_9_pcs_before_npcs_on_equal_totals() -> None:
    s = revealed({"Marek": 5, "GM": 5}, ("Marek", "Bailiff"))  # both 7
    assert s.queue == ["Marek", "Bailiff"]
    s = revealed({"Talwyn": 3, "GM": 2}, ("Talwyn", "Bailiff"))  # 4 v 4
    assert s.queue == ["Talwyn", "Bailiff"]


def test_fa_10_gm_orders_tied_npcs() -> None:
    s = revealed({"Vessa": 1, "GM": 3}, ("Vessa", "Bailiff", "Bailiff2"))
    assert s.queue == ["Bailiff", "Bailiff2", "Vessa"]
    unchanged(s, C.OrderTie(("Bailiff2", "Bailiff"), "players"), "GM, not the players")
    s.apply(C.OrderTie(("Bailiff2", "Bailiff"), "gm"))
    assert s.queue == ["Bailiff2", "Bailiff", "Vessa"]
    assert "Tie at 5 ordered" in s.log_text()[-1]


def test_fa_11_tied_pcs_agree() -> None:
    s = revealed({"Vessa": 2, "Marek": 3}, ("Vessa", "Marek"))  # 5 v 5
    s.apply(C.OrderTie(("Marek", "Vessa"), "players"))
    assert s.queue == ["Marek", "Vessa"]


def test_fa_11_gm_rules_pc_tie_after_secret_declarations() -> None:
    s = revealed({"Vessa": 2, "Marek": 3}, ("Vessa", "Marek"))
    unchanged(s, C.OrderTie(("Marek", "Vessa"), "gm"), "missing: Marek, Vessa")
    s.apply(C.DeclareToGM("Vessa", "pick the lock"))
    s.apply(C.DeclareToGM("Marek", "bar the door"))
    s.apply(C.OrderTie(("Marek", "Vessa"), "gm"))
    assert s.queue == ["Marek", "Vessa"]
    assert s.view(GM)["declarations"] == {"Vessa": "pick the lock", "Marek": "bar the door"}
    assert s.view("Vessa")["declarations"] == {"Vessa": "pick the lock"}
    assert not any("bar the door" in line for line in s.view("Vessa")["log"])
    assert not any("pick the lock" in line for line in s.view(SPECTATOR)["log"])


def test_fa_a15_mixed_tie_pcs_then_npcs() -> None:
    s = revealed(
        {"Vessa": 3, "Marek": 4, "GM": 4}, ("Vessa", "Marek", "Bailiff", "Bailiff2")
    )  # all 6
    assert s.queue == ["Vessa", "Marek", "Bailiff", "Bailiff2"]
    assert [t[0] for t in s.ties] == ["pc", "npc"]


def test_fa_a8_unresolved_tie_falls_back_to_roster_order() -> None:
    s = revealed({"Vessa": 2, "Marek": 3}, ("Vessa", "Marek"))
    s.apply(C.Wait("Vessa"))
    assert s.ties[0][3] == "roster_order" and s.locked
    unchanged(s, C.OrderTie(("Marek", "Vessa"), "players"), "before the first turn")


def test_fa_a8_require_decision_flag() -> None:
    s = revealed(
        {"Vessa": 2, "Marek": 3}, ("Vessa", "Marek"), unresolved_tie_fallback="require_decision"
    )
    unchanged(s, C.Act("Vessa"), "order the tie")
    s.apply(C.OrderTie(("Vessa", "Marek"), "players"))
    s.apply(C.Act("Vessa"))
    assert s.acting == "Vessa"


# ------------------------------------------------------------------ turns


def test_fa_12_fa_13_fa_14_turn_discards_card_then_next() -> None:
    s = revealed({"Vessa": 9, "Orrin": 1}, ("Vessa", "Orrin"))
    unchanged(s, C.Act("Orrin"), "not Orrin's turn")
    s.apply(C.Act("Vessa", "vault the table"))
    assert "Vessa" not in s.commitments and s.discards["Vessa"] == [Card("ember", 9)]
    unchanged(s, C.Act("Orrin"), "still acting")
    s.apply(C.EndTurn())
    assert s.up_next() == "Orrin"
    turn(s, "Orrin")
    assert s.phase == "maintenance"
    unchanged(s, C.EndTurn(), "not allowed in phase")


def test_fa_a2_shared_gm_card_discarded_at_first_npc_turn() -> None:
    s = revealed({"GM": 5, "Vessa": 1}, ("Vessa", "Reeve", "Bailiff"))
    s.apply(C.Act("Reeve"))
    assert GM not in s.commitments and s.discards[GM] == [Card("ember", 5)]


def test_fa_a2_last_npc_turn_flag() -> None:
    s = revealed(
        {"GM": 5, "Vessa": 1}, ("Vessa", "Reeve", "Bailiff"), gm_card_discard="last_npc_turn"
    )
    turn(s, "Reeve")
    assert GM in s.commitments
    turn(s, "Bailiff")
    assert GM not in s.commitments and s.discards[GM] == [Card("ember", 5)]


def test_fa_a5_pass_is_turn_over_and_flag_off() -> None:
    s = revealed({"Vessa": 9, "Orrin": 1}, ("Vessa", "Orrin"))
    s.apply(C.Pass("Vessa"))
    assert s.status["Vessa"] == "passed" and "Vessa" not in s.commitments  # FA-A6
    s = revealed({"Vessa": 9, "Orrin": 1}, ("Vessa", "Orrin"), allow_pass=False)
    unchanged(s, C.Pass("Vessa"), "allow_pass")


# ------------------------------------------------------------------ confronting


def test_fa_15_fa_16_confront_before_turn_loses_it() -> None:
    s = revealed({"Vessa": 9, "Orrin": 2, "Talwyn": 1}, ("Vessa", "Orrin", "Talwyn"))
    s.apply(C.Act("Vessa", "shove Orrin"))
    s.apply(C.Confront("Orrin", "strength", 1))
    assert s.status["Orrin"] == "forfeited" and s.queue == ["Talwyn"]
    assert "loses its turn this round (FA-16)" in s.log_text()[-2]
    s.apply(C.EndTurn())
    turn(s, "Talwyn")
    assert s.phase == "maintenance"


def test_fa_17_more_confrontations_cost_nothing_and_after_turn_none() -> None:
    s = revealed({"Vessa": 9, "Orrin": 2, "Talwyn": 1}, ("Vessa", "Orrin", "Talwyn"))
    s.apply(C.Act("Vessa"))
    s.apply(C.Confront("Talwyn"))
    s.apply(C.Confront("Talwyn"))  # more cards in the same confrontation
    assert "again" in s.log_text()[-1]
    s.apply(C.EndTurn())
    s.apply(C.Act("Orrin"))
    s.apply(C.Confront("Talwyn"))  # a second action this round: no further turn lost
    assert "no turn lost" in s.log_text()[-1]
    s.apply(C.Confront("Vessa"))  # Vessa already acted: no turn lost
    assert s.status["Vessa"] == "acted" and s.status["Talwyn"] == "forfeited"
    assert "no turn lost" in s.log_text()[-1]
    unchanged(s, C.Confront("Orrin"), "its own action")


def test_fa_15_confront_needs_an_action() -> None:
    s = revealed({"Vessa": 9}, ("Vessa", "Orrin"))
    unchanged(s, C.Confront("Orrin"), "nobody is acting")


def test_fa_a9_non_participant_confronts_both_readings() -> None:
    s = revealed({"Vessa": 9}, ("Vessa", "Orrin"))
    s.apply(C.Act("Vessa"))
    s.apply(C.Confront("Talwyn"))
    assert "took no part" in s.log_text()[-1]
    s = revealed({"Vessa": 9}, ("Vessa", "Orrin"), non_participants_may_confront=False)
    s.apply(C.Act("Vessa"))
    unchanged(s, C.Confront("Talwyn"), "non_participants_may_confront")


def test_fa_a6_forfeit_card_discard_both_readings() -> None:
    s = revealed({"Vessa": 9, "Orrin": 2}, ("Vessa", "Orrin"))
    s.apply(C.Act("Vessa"))
    s.apply(C.Confront("Orrin"))
    assert "Orrin" not in s.commitments
    s = revealed({"Vessa": 9, "Orrin": 2}, ("Vessa", "Orrin"), forfeit_card_discard="end_of_round")
    s.apply(C.Act("Vessa"))
    s.apply(C.Confront("Orrin"))
    assert "Orrin" in s.commitments
    s.apply(C.EndTurn())
    s.apply(C.RunMaintenance())
    assert "Orrin" not in s.commitments and s.discards["Orrin"] == [Card("ember", 2)]


# ------------------------------------------------------------------ card limit


def test_fa_18_attribute_limit_refuses_extra_cards() -> None:
    s = revealed({"Vessa": 9, "Orrin": 2}, ("Vessa", "Orrin"))  # Vessa strength 2
    s.apply(C.Act("Vessa", "grapple", "strength", 1))
    s.apply(C.EndTurn())
    s.apply(C.Act("Orrin"))
    unchanged(s, C.Confront("Vessa", "strength", 2), "above the limit 2")
    s.apply(C.Confront("Vessa", "strength", 1))
    assert s.played["Vessa"] == {"strength": 2}
    with pytest.raises(CardLimitError):
        s.apply(C.Confront("Vessa", "strength", 1))
    unchanged(s, C.Confront("Vessa", "charm", 1), "no Attribute 'charm'")


def test_fa_18_effect_raises_limit() -> None:
    s = revealed({"Vessa": 9, "Orrin": 2}, ("Vessa", "Orrin"))
    s.apply(C.GrantLimitBonus("Vessa", "strength", 1, "Adrenaline"))
    s.apply(C.Act("Vessa", "", "strength", 3))
    assert s.played["Vessa"]["strength"] == 3


def test_fa_a7_scope_round_resets_scene_does_not() -> None:
    for scope, left in (("round", {}), ("scene", {"strength": 2})):
        s = revealed({"Vessa": 9}, ("Vessa", "Orrin"), attribute_limit_scope=scope)
        turn(s, "Vessa", attribute="strength", cards=2)
        turn(s, "Orrin")
        s.apply(C.RunMaintenance())
        s.apply(C.BeginRound(("Vessa", "Orrin")))
        assert s.played["Vessa"] == left


def test_fa_a7_initiative_card_counts_flag() -> None:
    s = revealed({"Vessa": 9}, ("Vessa", "Orrin"))
    s.apply(C.Act("Vessa", "", "strength", 2))
    assert s.played["Vessa"]["strength"] == 2
    s = revealed({"Vessa": 9}, ("Vessa", "Orrin"), initiative_card_counts_toward_limit=True)
    unchanged(s, C.Act("Vessa", "", "strength", 2), "would play 3")
    s.apply(C.Act("Vessa", "", "strength", 1))
    assert s.played["Vessa"]["strength"] == 2


# ------------------------------------------------------------------ waiting


def test_fa_19_fa_a3_chain_wait_order_c_b_a() -> None:
    s = revealed({"Vessa": 9, "Orrin": 4, "Talwyn": 2}, ("Vessa", "Orrin", "Talwyn"))
    assert s.queue == ["Vessa", "Orrin", "Talwyn"]  # 12, 9, 3
    s.apply(C.Wait("Vessa"))
    assert "Vessa waits (card kept) -> acts after Orrin" in s.log_text()[-1]
    assert "Vessa" in s.commitments
    s.apply(C.Wait("Orrin"))
    assert s.queue == ["Talwyn"] and s.waiting_on == {"Vessa": "Orrin", "Orrin": "Talwyn"}
    order = []
    while s.phase == "turns":
        who = s.up_next()
        assert who is not None
        order.append(who)
        turn(s, who)
    assert order == ["Talwyn", "Orrin", "Vessa"]


def test_fa_19_waiter_may_wait_again_letting_many_go_first() -> None:
    s = revealed({"Vessa": 9, "Orrin": 4, "Talwyn": 2}, ("Vessa", "Orrin", "Talwyn"))
    s.apply(C.Wait("Vessa"))
    turn(s, "Orrin")
    assert s.up_next() == "Vessa"
    s.apply(C.Wait("Vessa"))
    turn(s, "Talwyn")
    unchanged(s, C.Wait("Vessa"), "nobody left to wait on")
    turn(s, "Vessa")
    assert s.phase == "maintenance"


def test_fa_a3_forfeit_releases_waiters() -> None:
    s = revealed(
        {"Vessa": 9, "Orrin": 4, "Talwyn": 2, "Marek": 1}, ("Vessa", "Orrin", "Talwyn", "Marek")
    )  # 12, 9, 3, 3 -> Talwyn then Marek (roster order)
    s.apply(C.Wait("Vessa"))  # on Orrin
    s.apply(C.Wait("Orrin"))  # on Talwyn
    s.apply(C.Act("Talwyn"))
    s.apply(C.Confront("Orrin"))  # Orrin forfeits -> Vessa released
    assert s.queue == ["Vessa", "Marek"] and s.waiting_on == {}
    assert "Vessa stop(s) waiting" in s.log_text()[-1] or "Vessa stop(s) waiting" in "".join(
        s.log_text()[-3:]
    )


def test_fa_a3_reinsert_after_next_flag() -> None:
    s = revealed(
        {"Vessa": 9, "Orrin": 4, "Talwyn": 2},
        ("Vessa", "Orrin", "Talwyn"),
        wait_model="reinsert_after_next",
    )
    s.apply(C.Wait("Vessa"))
    assert s.queue == ["Orrin", "Vessa", "Talwyn"] and s.waiting_on == {}
    s.apply(C.Wait("Orrin"))
    assert s.queue == ["Vessa", "Orrin", "Talwyn"]
    turn(s, "Vessa")
    s.apply(C.Wait("Orrin"))
    assert s.queue == ["Talwyn", "Orrin"]


@pytest.mark.parametrize("model", ["chain", "reinsert_after_next"])
def test_fa_20_fa_a4_all_wait_keeps_cards_reuse(model: str) -> None:
    s = revealed({"Vessa": 9, "Orrin": 4}, ("Vessa", "Orrin"), wait_model=model)
    s.apply(C.Wait("Vessa"))
    s.apply(C.Wait("Orrin"))
    assert s.phase == "maintenance" and s.kept == ["Vessa", "Orrin"]
    s.apply(C.RunMaintenance())  # FA-A4: time passes
    assert s.commitments["Vessa"][0] == Card("ember", 9)
    s.apply(C.BeginRound(("Vessa", "Orrin")))
    assert s.view(SPECTATOR)["commitments"][0]["card"] == ["ember", 9, None]  # face up
    # Every card is kept: straight to the order, no commitment and no reveal (FA-A4).
    assert s.phase == "turns" and s.totals == {"Vessa": 12, "Orrin": 9}
    unchanged(s, C.Reveal(), "needs commit")


def test_fa_a4_all_wait_return_to_hand_and_no_maintenance_flags() -> None:
    s = revealed(
        {"Vessa": 9, "Orrin": 4},
        ("Vessa", "Orrin"),
        all_wait_cards="return_to_hand",
        maintenance_after_all_wait=False,
    )
    s.apply(C.Wait("Vessa"))
    s.apply(C.Wait("Orrin"))
    assert s.phase == "idle" and s.commitments == {} and s.elapsed_rounds == 1
    assert s.hands["Vessa"] == [Card("ember", 9)]


def test_fa_a4_no_all_wait_once_someone_acted() -> None:
    s = revealed({"Vessa": 9, "Orrin": 4}, ("Vessa", "Orrin"))
    turn(s, "Vessa")
    unchanged(s, C.Wait("Orrin"), "nobody left")


# ------------------------------------------------------------------ maintenance, rounds


def test_fa_21_maintenance_resolves_regeneration_then_fa_23_new_round() -> None:
    s = revealed({"Vessa": 9}, ("Vessa", "Orrin"))
    s.apply(C.RecordDamage("Orrin", 2, "Bailiff's club"))
    s.apply(C.AddEffect("Orrin"))
    unchanged(s, C.RunMaintenance(), "phase 'turns'")
    turn(s, "Vessa")
    turn(s, "Orrin")
    s.apply(C.RunMaintenance())
    assert s.damage["Orrin"] == 1 and s.phase == "idle"
    assert s.view("Orrin")["elapsed_seconds"] == [3, 5]
    s.apply(C.BeginRound(("Vessa", "Orrin")))
    assert s.round == 2 and s.phase == "commit"


def test_fa_22_maintenance_outside_rounds() -> None:
    s = table()
    s.apply(C.RecordDamage("Orrin", 3))
    s.apply(C.AddEffect("Orrin"))
    s.apply(C.MaintenanceOutside(2))
    assert s.damage["Orrin"] == 1


def test_fa_23_end_conflict() -> None:
    s = table()
    s.apply(C.EndConflict())
    assert "conflict ends" in s.log_text()[-1]


def test_fa_a10_stat_change_after_reveal_both_readings() -> None:
    s = revealed({"Vessa": 9, "Orrin": 4, "Talwyn": 2}, ("Vessa", "Orrin", "Talwyn"))
    s.apply(C.SetInitiative("Talwyn", 20, "battle cry"))
    assert s.queue == ["Vessa", "Orrin", "Talwyn"] and "FA-A10" in s.log_text()[-1]
    s = revealed(
        {"Vessa": 9, "Orrin": 4, "Talwyn": 2},
        ("Vessa", "Orrin", "Talwyn"),
        reorder_on_stat_change=True,
    )
    s.apply(C.SetInitiative("Talwyn", 8, "battle cry"))  # 10: between 12 and 9
    assert s.queue == ["Vessa", "Talwyn", "Orrin"] and s.totals["Talwyn"] == 10
    assert "Vessa > Talwyn > Orrin" in s.log_text()[-1]


def test_fa_a11_newcomers_both_readings() -> None:
    from initiative.timing.cards_content import npc

    s = table()
    s.apply(C.BeginRound(("Vessa", "Orrin")))
    s.apply(C.AddCharacter(npc("Heron", 3, agility=2)))
    assert "Heron" not in s.participants
    s = table(newcomers_join="before_reveal")
    s.apply(C.BeginRound(("Vessa", "Orrin")))
    s.apply(C.AddCharacter(npc("Heron", 3, agility=2)))
    assert "Heron" in s.participants and GM in s.needed_slots()


def test_fa_a12_sample_40_deck_and_seeded_shuffle() -> None:
    d = sample_40()
    assert len(d) == 40 and {c.value for c in d} == set(range(1, 11))
    assert any(c.effect == "ambience" for c in d) and any(c.effect == "proficiency" for c in d)
    a = CardRoundState.new(sample_roster(), seed=3)
    b = CardRoundState.new(sample_roster(), seed=3)
    c = CardRoundState.new(sample_roster(), seed=4)
    assert a.to_dict() == b.to_dict() and a.decks != c.decks
    assert sorted(map(repr, a.decks["Vessa"] + a.hands["Vessa"])) == sorted(map(repr, d))
    with pytest.raises(CardRoundError, match="custom"):
        CardRoundState.new(sample_roster(), CardRoundRules(deck_spec="custom"))


# ------------------------------------------------------------------ views, data


def test_hidden_commitments_views_fa_a14() -> None:
    s = table(hand_size=2)
    s.apply(C.BeginRound(("Vessa", "Orrin", "Reeve")))
    s.apply(C.Commit("Vessa", "hand", 0))
    s.apply(C.Commit("Orrin", "deck"))
    s.apply(C.Commit(GM, "hand", 0))

    def cards(viewer: str | int) -> dict[str, Any]:
        return {e["slot"]: e.get("card") for e in s.view(viewer)["commitments"]}

    vessa_card = s.commitments["Vessa"][0].to_list()
    gm_card = s.commitments[GM][0].to_list()
    assert cards("Vessa") == {"Vessa": vessa_card, "Orrin": None, GM: None}
    assert cards("Orrin") == {"Vessa": None, "Orrin": None, GM: None}  # blind deck top
    assert cards(GAME_MASTER) == {"Vessa": vessa_card, "Orrin": None, GM: gm_card}
    assert cards(SPECTATOR) == {"Vessa": None, "Orrin": None, GM: None}
    assert s.view("Orrin")["hands"]["Vessa"] == 1 and isinstance(s.view(GM)["hands"]["Vessa"], list)
    s.apply(C.Reveal())
    assert cards(SPECTATOR)["Orrin"] == ["gale", 1, None]
    with pytest.raises(CardRoundError):
        s.view("Reeve")  # NPCs have no player


def test_gm_sees_deck_top_flag_shows_it_to_the_gm_only() -> None:
    """FA-A14 with `gm_sees_deck_top=True` (our reading): the GM's view shows a deck-top
    commitment before the reveal; its owner and everybody else still do not see it."""
    s = table(hand_size=2, gm_sees_deck_top=True)
    s.apply(C.BeginRound(("Vessa", "Orrin", "Reeve")))
    s.apply(C.Commit("Orrin", "deck"))
    orrin_card = s.commitments["Orrin"][0].to_list()
    assert next(e for e in s.view(GAME_MASTER)["commitments"]
                if e["slot"] == "Orrin")["card"] == orrin_card
    for viewer in ("Orrin", "Vessa", SPECTATOR):
        assert all("card" not in e for e in s.view(viewer)["commitments"]), viewer


def test_clone_is_independent_and_json_round_trip() -> None:
    s = revealed({"Vessa": 9}, ("Vessa", "Orrin"))
    c = s.clone()
    s.apply(C.Wait("Vessa"))
    assert c.queue == ["Vessa", "Orrin"] and c.waiting_on == {}
    d = s.to_dict()
    back = CardRoundState.from_dict(json.loads(json.dumps(d)))
    assert back.to_dict() == d
    turn(back, "Orrin")
    assert back.up_next() == "Vessa"


def test_log_explains_every_order_change() -> None:
    s = revealed({"Vessa": 9, "Orrin": 4}, ("Vessa", "Orrin"))
    n = len(s.log)
    s.apply(C.Wait("Vessa"))
    assert len(s.log) == n + 1 and "->" in s.log_text()[-1]


def test_command_records_are_plain_data() -> None:
    from initiative.timing.cards_commands import command_to_dict
    from initiative.timing.cards_content import pc

    assert command_to_dict(C.Wait("Vessa")) == {"type": "Wait", "who": "Vessa"}
    d = command_to_dict(C.AddCharacter(pc("Quill", 2)))
    assert json.loads(json.dumps(d))["character"]["name"] == "Quill"


# ------------------------------------------------------------------ issue 26


def test_fa_3_fa_23_newcomer_pc_is_dealt_the_starting_hand() -> None:
    from initiative.timing.cards_content import npc, pc

    s = CardRoundState.new(sample_roster(), CardRoundRules(), seed=3, hand_size=3)
    s.apply(C.AddCharacter(pc("Ysolde", 2, agility=2)))
    s.apply(C.AddCharacter(npc("Heron", 3, agility=2)))
    assert len(s.hands["Ysolde"]) == 3 == len(s.hands["Vessa"])  # FA-3: hand or deck top
    assert "Heron" not in s.hands  # NPCs play from the GM's hand (FA-5)
    public = s.view(SPECTATOR)["log"]
    assert any("Ysolde is dealt a starting hand of 3 card(s)" in line for line in public)
    labels = [c.label() for c in s.hands["Ysolde"]]
    assert not any(label in line for label in labels for line in public
                   if "Ysolde is dealt" in line)  # hidden from the table
    assert any(labels[0] in line for line in s.view("Ysolde")["log"])
    s = CardRoundState.new(sample_roster(), CardRoundRules(newcomer_hand="empty"), seed=3)
    s.apply(C.AddCharacter(pc("Ysolde", 2)))
    assert s.hands["Ysolde"] == []
    round_trip = CardRoundState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert round_trip.to_dict() == s.to_dict()


def test_fa_20_after_an_all_wait_the_next_round_needs_no_reveal() -> None:
    s = revealed({"Vessa": 9, "Orrin": 4}, ("Vessa", "Orrin"))
    s.apply(C.Wait("Vessa"))
    s.apply(C.Wait("Orrin"))
    assert s.participants == ["Vessa", "Orrin"]  # still wanting to act (FA-20)
    s.apply(C.RunMaintenance())
    s.apply(C.BeginRound(("Vessa", "Orrin")))
    assert s.phase == "turns" and s.queue == ["Vessa", "Orrin"]
    assert any("no reveal" in line for line in s.log_text()[-3:])
    # A character without a kept card must commit, and the new card is revealed (FA-6).
    s = revealed({"Vessa": 9, "Orrin": 4, "Talwyn": 5}, ("Vessa", "Orrin"))
    s.apply(C.Wait("Vessa"))
    s.apply(C.Wait("Orrin"))
    s.apply(C.RunMaintenance())
    s.apply(C.BeginRound(("Vessa", "Orrin", "Talwyn")))
    assert s.phase == "commit"
    s.apply(C.Commit("Talwyn"))
    s.apply(C.Reveal())
    assert s.totals["Talwyn"] == 5 + 1 and s.totals["Vessa"] == 12


def test_fa_15_only_affected_characters_confront() -> None:
    s = revealed({"Vessa": 9, "Orrin": 2, "Talwyn": 1}, ("Vessa", "Orrin", "Talwyn"))
    s.apply(C.Act("Vessa", "shove", affects=("Orrin",)))
    assert "affects Orrin (FA-15)" in s.log_text()[-2]
    unchanged(s, C.Confront("Talwyn"), r"Talwyn is not affected by Vessa's action .*FA-15")
    unchanged(s, C.Affects(("Vessa",)), "its own action")
    unchanged(s, C.Affects(("Orrin",)), "already affects Orrin")
    s.apply(C.Confront("Orrin"))
    assert s.status["Orrin"] == "forfeited"  # FA-16
    s.apply(C.Affects(("Talwyn",)))
    s.apply(C.Confront("Talwyn"))
    assert s.status["Talwyn"] == "forfeited"
    s.apply(C.EndTurn())
    assert s.affected == [] and s.confronted == []


def test_fa_15_undeclared_affected_flag() -> None:
    s = revealed({"Vessa": 9, "Orrin": 2}, ("Vessa", "Orrin"))
    s.apply(C.Act("Vessa"))
    s.apply(C.Confront("Orrin"))
    assert "not declared as affected: Orrin counts as affected (FA-15)" in s.log_text()[-2]
    s = revealed({"Vessa": 9, "Orrin": 2}, ("Vessa", "Orrin"), undeclared_affected="refuse")
    s.apply(C.Act("Vessa"))
    unchanged(s, C.Confront("Orrin"), "undeclared_affected=refuse")
    s.apply(C.Affects(("Orrin",)))
    s.apply(C.Confront("Orrin"))


def test_fa_12_a_begun_turn_names_one_action() -> None:
    s = revealed({"Vessa": 9, "Orrin": 2}, ("Vessa", "Orrin"))
    s.apply(C.Act("Vessa"))  # begun with no action named
    unchanged(s, C.Wait("Vessa"), "under way")  # FA-19: waiting comes before the turn
    s.apply(C.Act("Vessa", "climb", affects=("Orrin",)))
    assert s.action == "climb" and s.affected == ["Orrin"]
    unchanged(s, C.Act("Vessa", "climb again"), r"a turn is one action \(FA-12\)")


def test_fa_8_fa_19_table_order_done_by_total_then_queue_with_waiters() -> None:
    s = revealed({"Vessa": 9, "Orrin": 4, "Talwyn": 10}, ("Vessa", "Orrin", "Talwyn"))
    assert s.table_order() == ["Vessa", "Talwyn", "Orrin"]  # FA-8: 12, 11, 9
    s.apply(C.Wait("Vessa"))
    assert s.table_order() == ["Talwyn", "Vessa", "Orrin"]  # Vessa after Talwyn (FA-19)
    turn(s, "Talwyn")
    assert s.table_order() == ["Talwyn", "Vessa", "Orrin"]
