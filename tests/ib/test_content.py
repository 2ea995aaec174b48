"""Content files (IB 2.1, 2.7): the schema names file, entry and field on error."""

from __future__ import annotations

import pytest

from initiative.engine.errors import ConfigError, ContentError
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content, load_content_text
from initiative.games.ib.match import Match, SeatSetup, fixture_match

GOOD_CHARACTER = """
characters:
  - key: alda
    name: Alda
    points: 2
    initiative: 3
    speed: 4
    hp: 10
    affinities: [fire, wind]
    basic: [{target: enemy, damage: 2}]
    advanced: [{target: enemy, damage: 1, apply: [burn]}]
    break_art: [{target: all_enemies, damage: 3}]
"""


def test_shipped_content_loads_with_two_legal_teams() -> None:
    content = core_content()
    assert len(content.characters) >= 8
    for key in ("fixture_vanguard", "fixture_harrow"):
        _, characters, deck = content.teams[key]
        assert len(characters) == 4
        assert sum(content.characters[c].points for c in characters) <= 12  # IB 2.7.6
        assert 32 <= len(content.decks[deck]) <= 40  # IB 2.7.1


def test_a_valid_document_compiles() -> None:
    content = load_content_text(GOOD_CHARACTER, "test.yaml")
    spec = content.characters["alda"]
    assert spec.advanced[0].apply == (0,)  # burn
    assert spec.break_art[0].target == "all_enemies"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("speed: 4", "speed: 0"),
        ("[fire, wind]", "[fire, fire]"),
        ("apply: [burn]", "apply: [blaze]"),
        ("target: enemy, damage: 2", "target: foe, damage: 2"),
    ],
)
def test_errors_name_file_entry_and_field(change: str, message: str) -> None:
    bad = GOOD_CHARACTER.replace(change, message)
    with pytest.raises(ContentError) as err:
        load_content_text(bad, "test.yaml")
    text = str(err.value)
    assert "test.yaml" in text and "'alda'" in text and "characters[0]" in text


def test_unknown_field_and_bad_yaml_are_reported() -> None:
    with pytest.raises(ContentError, match="hp_max"):
        load_content_text(GOOD_CHARACTER.replace("hp: 10", "hp_max: 10"), "x.yaml")
    with pytest.raises(ContentError, match="not valid YAML"):
        load_content_text("characters: [", "x.yaml")


def test_same_clause_needs_an_earlier_clause() -> None:
    bad = GOOD_CHARACTER.replace("basic: [{target: enemy, damage: 2}]",
                                 "basic: [{target: same, damage: 2}]")
    with pytest.raises(ContentError, match="'same' needs an earlier clause"):
        load_content_text(bad, "x.yaml")


def test_match_rejects_duplicate_characters_on_a_team() -> None:
    content = core_content()
    deck = content.decks["supply_a"]
    seats = (SeatSetup("A", 0, ("wren", "wren"), deck), SeatSetup("B", 1, ("pim",), deck))
    with pytest.raises(ContentError, match=r"IB 2\.1\.4"):
        Match(content, RulesConfig(), seats)


def test_same_name_other_title_allowed_unless_flag_says_name() -> None:
    """AMB-94: uniqueness by name and title (default) or by name alone."""
    content = core_content()
    deck = content.decks["supply_a"]
    seats = (SeatSetup("A", 0, ("sela", "sela_courier"), deck), SeatSetup("B", 1, ("pim",), deck))
    Match(content, RulesConfig(), seats)
    with pytest.raises(ContentError, match="Sela Marchetti"):
        Match(content, RulesConfig(character_unique_by="name"), seats)


def test_config_flags_are_validated() -> None:
    assert RulesConfig.from_dict({"ib_moves_rm": True}).ib_moves_rm
    with pytest.raises(ConfigError, match="unknown house-rule flag 'ib_move_rm'"):
        RulesConfig.from_dict({"ib_move_rm": True})
    with pytest.raises(ConfigError, match="pass_rm_destination"):
        RulesConfig.from_dict({"pass_rm_destination": "nowhere"})
    with pytest.raises(ConfigError, match="expected true or false"):
        RulesConfig.from_dict({"rm_counts_as_space": 1})
    with pytest.raises(ConfigError, match="whole number"):
        RulesConfig.from_dict({"max_activations": "many"})


def test_fixture_match_names_unknown_team() -> None:
    with pytest.raises(ContentError, match="unknown team 'blue'"):
        fixture_match("blue", "fixture_harrow")
