"""Coverage of the shipped content: every rule that needs content to be exercised has at
least one shipped card or Character that exercises it (the minimum content list of
../shared/IB-RULINGS.md section 3, for the kinds the engine plays today)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from initiative.games.ib import statuses as st
from initiative.games.ib.content import core_content
from initiative.games.ib.deckbuilding import (
    POINT_CAP,
    SCALED_DECK_MAXIMUM,
    STANDARD_DECK,
    DeckRules,
    TeamFile,
    TeamMember,
    load_team_file,
    team_points,
    validate_side,
    validate_team,
)
from initiative.games.ib.specs import (
    CLEANSE_ALL,
    CLEANSE_NONE,
    CLEANSE_ONE,
    AbilitySpec,
    CardSpec,
    CharacterSpec,
    Clause,
)
from initiative.timing.setup_order import SetupEntry, setup_order

CONTENT = core_content()
CHARACTERS = list(CONTENT.characters.values())
CARDS = CONTENT.cards


def _cards(kind: str) -> list[CardSpec]:
    return [c for c in CARDS if c.kind == kind]


def _team(key: str) -> TeamFile:
    """A shipped team as a team file: its Characters, Keystones and deck counts."""
    name, characters, deck = CONTENT.teams[key]
    keystones = CONTENT.team_keystones.get(key, (None,) * len(characters))
    return TeamFile(name, tuple(TeamMember(c, k) for c, k in zip(characters, keystones,
                                                                 strict=True)),
                    tuple(Counter(CONTENT.decks[deck]).items()), where=key)


def _applies(clauses: tuple[Clause, ...]) -> set[int]:
    return {s for c in clauses for s in c.apply}


def test_ib_2_1_every_sigil_type_is_printed_on_at_least_two_characters() -> None:
    counts = Counter(a for c in CHARACTERS for a in c.affinities)
    assert all(counts[t] >= 2 for t in ("fire", "water", "earth", "arcane", "wind")), counts


def test_ib_2_1_5_point_values_one_to_five_and_speeds_fast_and_slow() -> None:
    assert {c.points for c in CHARACTERS} == {1, 2, 3, 4, 5}
    # Some unit on the track acts twice in a round (IB 3.1.4) and some crosses the RM.
    # The balance pass (docs/balance.md) took the Characters' Speeds to 3 and up, so
    # the fast cycler is a Challenge Card.
    speeds = {c.speed for c in CHARACTERS} | {c.speed for c in CONTENT.challenges.values()}
    assert speeds & {1, 2} and any(s >= 6 for s in speeds)


def test_ib_2_1_4_a_name_shared_by_two_titles() -> None:
    names = Counter(c.name for c in CHARACTERS)
    assert any(n > 1 for n in names.values())


def test_ib_2_9_4_initiative_ties_are_broken_at_each_level() -> None:
    """Ties decided by Speed and by HP occur among the shipped Characters. A tie down
    to the name (AMB-92) no longer does since the good-player pass (docs/balance.md:
    Sela and Dara, its last pair, now differ in HP); the rules tests' Characters keep
    it (test_record's agreed setup order)."""
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
    assert levels == {"speed", "hp"}
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
    assert any(k.passive and k.passive.limit == "once_per_round" for k in keys)


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



def test_section_3_the_starter_set_has_the_minimum_sizes() -> None:
    """12 Characters, 6 Keystones, 7 Sigils, 10 Techniques and 8 Events (signature cards
    count with their kind)."""
    assert len(CHARACTERS) >= 12
    assert len(CONTENT.keystones) >= 6
    assert len(_cards("sigil")) >= 7
    assert len(_cards("technique")) >= 10
    assert len(_cards("event")) >= 8


def test_every_played_card_is_in_some_shipped_deck() -> None:
    in_decks = {k for deck in CONTENT.decks.values() for k in deck}
    assert [c.key for c in CARDS if c.kind != "plain" and c.key not in in_decks] == []


def test_ib_2_7_two_preset_decks_of_32_to_40_cards_are_legal_for_their_teams() -> None:
    low, high = STANDARD_DECK
    legal = {CONTENT.teams[key][2] for key in CONTENT.team_keystones
             if len(CONTENT.teams[key][1]) == 4 and validate_team(_team(key), CONTENT) == []}
    assert len(legal) >= 2
    assert all(low <= len(CONTENT.decks[deck]) <= high for deck in legal)


EXACT = DeckRules(scaled_deck_minimum="exact", signature_requires_character=True,
                  coop_point_cap="per_player")


@pytest.mark.parametrize("controls", [1, 2, 3])
def test_ib_8_2_3_a_scaled_team_and_deck_for_1_2_and_3_characters(controls: int) -> None:
    """A team of `controls` Characters with Keystones and a deck of exactly 15, 20 or 30
    cards, within the 4 / 7 / 9 point cap, legal for duels and co-op (IB 8.1-8.3)."""
    keys = [k for k in CONTENT.team_keystones if len(CONTENT.teams[k][1]) == controls]
    assert keys
    for key in keys:
        team = _team(key)
        assert len(team.cards()) == SCALED_DECK_MAXIMUM[controls], key
        assert team_points(team, CONTENT) <= POINT_CAP[controls], key
        for format in ("duel", "coop"):
            assert validate_team(team, CONTENT, format=format) == [], (key, format)
            assert validate_team(team, CONTENT, format=format, deck_rules=EXACT) == []
        assert validate_side([team], CONTENT, format="coop") == [], key


def test_ib_8_2_the_scaled_teams_can_share_one_side() -> None:
    """No Character or Keystone repeats across the first 1-, 2- and 3-Character teams
    (the presets of every format share sides too: tests/ib/test_presets.py)."""
    teams = [_team(k) for k in ("lone_warden", "kettle_and_kite", "hourglass_trio")]
    assert validate_side(teams, CONTENT, format="duel") == []


EXAMPLE_TEAMS = Path(__file__).resolve().parents[2] / "examples" / "teams"


@pytest.mark.parametrize("key", ["lone_warden", "kettle_and_kite", "hourglass_trio"])
def test_the_example_team_files_match_the_shipped_scaled_teams(key: str) -> None:
    """examples/teams/<key>.yaml is the core team, for `initiative deck validate`."""
    written = load_team_file(EXAMPLE_TEAMS / f"{key}.yaml")
    shipped = _team(key)
    assert written.characters == shipped.characters
    assert sorted(written.deck) == sorted(shipped.deck)
    assert written.declared_controls == len(shipped.characters)
    assert validate_team(written, CONTENT, format="duel") == []


# --- Support Characters (IB 2.5, 4.7) and the ability system --------------------------


def _abilities() -> list[tuple[str, AbilitySpec]]:
    """(owner, ability) for every passive the shipped set prints."""
    found = [(f"card {c.key}", a) for c in CARDS for a in c.abilities]
    found += [(f"character {c.key}", a) for c in CHARACTERS for a in c.abilities]
    found += [(f"keystone {k.key}", k.passive) for k in CONTENT.keystones.values()
              if k.passive is not None]
    return found


def _all_clauses() -> list[Clause]:
    clauses = [cl for c in CARDS for cl in (*c.effects, *(x for t in c.tiers for x in t))]
    clauses += [cl for c in CHARACTERS for cl in (*c.basic, *c.advanced, *c.break_art)]
    clauses += [cl for k in CONTENT.keystones.values() for cl in k.ability]
    clauses += [cl for _, a in _abilities() for cl in a.effects]
    return clauses


def test_section_3_c_06_four_supports_with_hp_an_on_play_heal_and_a_passive() -> None:
    """C-06 asks for 2 (one on-play Heal, one passive); the set ships at least 4."""
    supports = _cards("support")
    assert len(supports) >= 4
    assert all(s.hp >= 1 for s in supports)
    assert any(any(cl.heal for cl in s.effects) for s in supports)
    assert any(s.abilities for s in supports)
    assert all(s.effects and s.abilities for s in supports)  # IB 2.5.1: both, and HP


def test_ib_2_7_4_a_standard_deck_holds_every_support_once() -> None:
    supports = {s.key for s in _cards("support")}
    decks = [Counter(CONTENT.decks[CONTENT.teams[key][2]]) for key in CONTENT.team_keystones
             if len(CONTENT.teams[key][1]) == 4 and validate_team(_team(key), CONTENT) == []]
    assert any(all(deck[s] == 1 for s in supports) for deck in decks)
    assert all(deck[s] <= 1 for deck in decks for s in supports)


def test_the_shipped_abilities_use_every_kind_of_trigger_limit_and_a_static() -> None:
    abilities = [a for _, a in _abilities()]
    triggers = {a.trigger for a in abilities if a.trigger}
    assert triggers >= {"round_end", "start_of_activation", "end_of_activation",
                        "damage_dealt", "damage_taken", "defeat", "time_collapse"}
    assert {a.limit for a in abilities} >= {"none", "once_per_round", "once_per_game"}
    assert {a.whose for a in abilities} >= {"self", "ally"}
    statics = [a for a in abilities if not a.trigger]
    assert any(a.damage_taken < 0 and a.scope == "allies" for a in statics)
    assert any(any(cl.target == "trigger_unit" for cl in a.effects) for a in abilities)


def test_the_shipped_cards_use_every_newer_clause_field() -> None:
    clauses = _all_clauses()
    conditions = [cl.only_if for cl in clauses if cl.only_if is not None]
    assert any(c.hp_at_most is not None for c in conditions)
    assert any(c.has_status for c in conditions) and any(c.lacks_status for c in conditions)
    assert any(c.support for c in conditions)
    assert any(cl.target == "same" and cl.only_if for cl in clauses)  # a follow-up
    assert any(cl.charge < 0 for cl in clauses)
    assert any(cl.discard for cl in clauses)
    assert any(cl.remove_sigils for cl in clauses)
    assert any(cl.call == "siphon_charge" for cl in clauses)
    summoned = {cl.summon for cl in clauses if cl.summon}
    assert summoned and summoned <= {s.key for s in _cards("support")}


def test_the_lanternwatch_example_file_is_the_shipped_standard_team() -> None:
    written = load_team_file(EXAMPLE_TEAMS / "lanternwatch.yaml")
    shipped = _team("lanternwatch")
    assert written.characters == shipped.characters
    assert sorted(written.deck) == sorted(shipped.deck)
    assert validate_team(written, CONTENT) == []
    assert team_points(written, CONTENT) <= POINT_CAP[4]
    low, high = STANDARD_DECK
    assert low <= len(written.cards()) <= high
