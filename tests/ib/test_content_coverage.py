"""Coverage of the shipped content: every rule that needs content to be exercised has at
least one shipped card or Character that exercises it (the minimum content list of
../shared/IB-RULINGS.md section 3, for the kinds the engine plays today)."""

from __future__ import annotations

from collections import Counter

from initiative.games.ib import statuses as st
from initiative.games.ib.content import (
    CLEANSE_ALL,
    CLEANSE_NONE,
    CLEANSE_ONE,
    CardSpec,
    CharacterSpec,
    Clause,
    core_content,
)
from initiative.timing.setup_order import SetupEntry, setup_order

CONTENT = core_content()
CHARACTERS = list(CONTENT.characters.values())
CARDS = CONTENT.cards


def _cards(kind: str) -> list[CardSpec]:
    return [c for c in CARDS if c.kind == kind]


def _applies(clauses: tuple[Clause, ...]) -> set[int]:
    return {s for c in clauses for s in c.apply}


def test_ib_2_1_every_sigil_type_is_printed_on_at_least_two_characters() -> None:
    counts = Counter(a for c in CHARACTERS for a in c.affinities)
    assert all(counts[t] >= 2 for t in ("fire", "water", "earth", "arcane", "wind")), counts


def test_ib_2_1_5_point_values_one_to_five_and_speeds_fast_and_slow() -> None:
    assert {c.points for c in CHARACTERS} == {1, 2, 3, 4, 5}
    speeds = {c.speed for c in CHARACTERS}
    assert speeds & {1, 2} and any(s >= 6 for s in speeds)  # acts twice / crosses the RM


def test_ib_2_1_4_a_name_shared_by_two_titles() -> None:
    names = Counter(c.name for c in CHARACTERS)
    assert any(n > 1 for n in names.values())


def test_ib_2_9_4_initiative_ties_are_broken_at_each_level() -> None:
    """Ties decided by Speed, by HP and by name all occur among the shipped Characters."""
    by_init: dict[int, list[CharacterSpec]] = {}
    for c in CHARACTERS:
        by_init.setdefault(c.initiative, []).append(c)
    levels = set()
    for group in by_init.values():
        for a in group:
            for b in group:
                if a is b:
                    continue
                if a.speed != b.speed:
                    levels.add("speed")
                elif a.hp != b.hp:
                    levels.add("hp")
                else:
                    levels.add("name")
    assert levels == {"speed", "hp", "name"}
    order = setup_order([SetupEntry(i, c.initiative, c.speed, c.hp, c.name, c.title)
                         for i, c in enumerate(CHARACTERS)])
    assert len(order) == len(CHARACTERS)


def test_ib_5_every_status_is_applied_by_some_advanced_attack() -> None:
    applied = set().union(*(_applies(c.advanced) for c in CHARACTERS))
    assert applied >= {st.BURN, st.INSIGHT, st.GUARD, st.WEAKEN, st.MUTE, st.SEAL, st.STUN}


def test_ib_4_3_break_arts_single_target_all_enemies_and_a_move() -> None:
    arts = [c.break_art for c in CHARACTERS]
    assert any(any(cl.target == "enemy" and cl.damage for cl in a) for a in arts)
    assert any(any(cl.target == "all_enemies" and cl.damage for cl in a) for a in arts)
    assert any(any(cl.move_up or cl.move_back for cl in a) for a in arts)


def test_ib_2_2_keystones_harmful_beneficial_charge_and_once_per_round() -> None:
    keys = list(CONTENT.keystones.values())
    assert any(any(cl.damage for cl in k.ability) for k in keys)
    assert any(any(cl.heal or cl.apply for cl in k.ability if cl.target != "enemy")
               for k in keys)
    assert any(any(cl.charge for cl in k.ability) for k in keys)
    assert any(k.passive_limit == "once_per_round" for k in keys)


def test_ib_4_5_sigils_every_type_three_tiers_and_two_of_one_type() -> None:
    sigils = _cards("sigil")
    assert {s.sigil_type for s in sigils} == {"fire", "water", "earth", "arcane", "wind"}
    assert all(len(s.tiers) == 3 for s in sigils)
    assert max(Counter(s.sigil_type for s in sigils).values()) >= 2


def test_ib_4_4_techniques_costs_zero_to_three_and_the_targeting_shapes() -> None:
    techniques = _cards("technique")
    assert {t.cost for t in techniques} >= {0, 1, 2, 3}
    effects = [t.effects for t in techniques]
    # self Move Up + damage (deferred move), Move Back an enemy, damage + status on one
    # target (IB 3.8.3), damage + an ally's move (IB 3.8.4)
    assert any(any(c.target == "self" and c.move_up for c in e) and any(c.damage for c in e)
               for e in effects)
    assert any(any(c.target == "enemy" and c.move_back for c in e) for e in effects)
    assert any(any(c.damage and c.apply for c in e) for e in effects)
    assert any(any(c.target == "ally" and c.move_up for c in e) and any(c.damage for c in e)
               for e in effects)


def test_ib_4_8_events_free_costed_draw_heal_and_every_cleanse() -> None:
    events_ = _cards("event")
    assert {0} <= {e.cost for e in events_} and any(e.cost for e in events_)
    clauses = [c for e in events_ for c in e.effects]
    assert any(c.draw for c in clauses)
    assert any(c.heal for c in clauses)
    cleanses = {c.cleanse for c in clauses if c.cleanse != CLEANSE_NONE}
    assert CLEANSE_ONE in cleanses and CLEANSE_ALL in cleanses
    assert any(c >= 0 for c in cleanses)  # a named Cleanse


def test_ib_2_7_5_a_signature_technique_and_a_signature_event_in_the_kits() -> None:
    signature = [c for c in CARDS if c.signature is not None]
    assert {c.kind for c in signature} >= {"technique", "event"}
    in_kits = Counter(k for key in ("tideguard_kit", "ashfall_kit") for k in CONTENT.decks[key])
    assert all(in_kits[c.key] == 1 for c in signature)
