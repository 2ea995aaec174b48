"""Deck building (IB 2.1.4, 2.2, 2.7, 6.9, 8.1-8.3; AMB-94 to AMB-99): team files, one
test per rule, both readings of every flag, and the shipped example teams."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from initiative.engine.errors import ConfigError, ContentError
from initiative.games import load_game
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content, load_content_file, load_content_text
from initiative.games.ib.deckbuilding import (
    UNKNOWN,
    DeckFormat,
    DeckRules,
    TeamFile,
    TeamMember,
    Violation,
    deck_size_bounds,
    load_team_file,
    load_team_text,
    point_cap,
    rules_from_items,
    validate_side,
    validate_team,
)
from initiative.games.ib.match import Match
from initiative.games.ib.specs import Content

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def _character(key: str, name: str, title: str, points: int) -> str:
    return f"""
  - key: {key}
    name: {name}
    title: "{title}"
    points: {points}
    initiative: 3
    speed: 3
    hp: 10
    affinities: [fire, wind]
    basic: [{{target: enemy, damage: 1}}]
    advanced: [{{target: enemy, damage: 2}}]
    break_art: [{{target: enemy, damage: 3}}]"""


FILLERS = [f"sig{i:02d}" for i in range(1, 26)]  # 25 plain Sigils: up to 50 cards at 2 each

CONTENT_TEXT = (
    "characters:"
    + _character("ada", "Ada Vell", "Scout", 3)
    + _character("bram", "Bram Oake", "Warden", 3)
    + _character("cora", "Cora Lune", "Seer", 3)
    + _character("dax", "Dax Rime", "Smith", 3)
    + _character("ada_captain", "Ada Vell", "Captain", 2)
    + _character("fen", "Fen Holt", "Ranger", 4)
    + _character("gil", "Gil Ash", "", 1)
    + _character("hal", "Hal Brun", "Titan", 5)
    + """
keystones:
  - {key: k_one, name: Key One}
  - {key: k_two, name: Key Two}
  - {key: k_three, name: Key Three}
  - {key: k_four, name: Key Four}
  - {key: k_five, name: Key Five}
  - {key: k_six, name: Key Six}
cards:
  - {key: tech, name: Tech, kind: technique, effects: [{target: enemy, damage: 1}]}
  - {key: event, name: Event, kind: event, effects: [{target: self, charge: 1}]}
  - {key: support, name: Support, kind: support, hp: 4, effects: [{target: self, heal: 1}]}
  - {key: sigil, name: Sigil, kind: sigil, sigil_type: fire,
     tiers: [[{target: enemy, damage: 1}]]}
  - {key: plain, name: Plain}
  - {key: ada_tech, name: Ada's Tech, kind: technique, signature: ada,
     effects: [{target: enemy, damage: 2}]}
  - {key: bram_event, name: Bram's Event, kind: event, signature: bram,
     effects: [{target: self, charge: 1}]}
  - {key: fen_sigil, name: Fen's Sigil, kind: sigil, sigil_type: fire, signature: fen,
     tiers: [[{target: enemy, damage: 1}]]}
"""
    + "".join(f"  - {{key: {k}, name: Filler {k}, kind: sigil, sigil_type: fire, "
              "tiers: [[{target: enemy, damage: 1}]]}\n" for k in FILLERS)
)
CONTENT = load_content_text(CONTENT_TEXT, "test-content.yaml")
FOUR = ("ada", "bram", "cora", "dax")  # 12 points
KEYSTONES = ("k_one", "k_two", "k_three", "k_four", "k_five", "k_six")


def filler(size: int) -> list[tuple[str, int]]:
    """`size` filler cards, 2 copies of each (1 of the last if `size` is odd)."""
    deck = [(FILLERS[i], 2) for i in range(size // 2)]
    return [*deck, (FILLERS[size // 2], 1)] if size % 2 else deck


def team(characters: tuple[str, ...] = FOUR, deck: list[tuple[str, int]] | None = None,
         size: int = 36, keystones: tuple[str | None, ...] | None = None,
         controls: int | None = None, name: str = "Testers") -> TeamFile:
    """A team with one Keystone per Character and `deck` on top of `size` filler cards."""
    keys = keystones if keystones is not None else KEYSTONES[:len(characters)]
    extra = deck or []
    return TeamFile(name, tuple(TeamMember(c, k) for c, k in zip(characters, keys, strict=True)),
                    tuple(extra + filler(size - sum(n for _, n in extra))), controls)


def check(t: TeamFile, format: DeckFormat = "standard", content: Content = CONTENT,
          **flags: object) -> list[tuple[str, str]]:
    """(rule, subject) of every violation, with RulesConfig or DeckRules flags set."""
    deck_flags = {k: v for k, v in flags.items() if k in DeckRules.__dataclass_fields__}
    game_flags = {k: v for k, v in flags.items() if k not in deck_flags}
    found = validate_team(t, content, RulesConfig().with_flags(game_flags), format=format,
                          deck_rules=DeckRules().with_flags(deck_flags))
    assert all(isinstance(v, Violation) and v.message for v in found)
    return [(v.rule, v.subject) for v in found]


def test_a_legal_standard_team_has_no_violations() -> None:
    assert check(team()) == []


# --- deck size (IB-2.7.1, IB-8.2.3, AMB-98, AMB-99) ------------------------------------


@pytest.mark.parametrize(("size", "legal"), [(31, False), (32, True), (40, True), (41, False)])
def test_standard_deck_holds_32_to_40_cards_ib_2_7_1(size: int, legal: bool) -> None:
    assert check(team(size=size)) == ([] if legal else [("IB-2.7.1", "")])


@pytest.mark.parametrize(("controls", "maximum"), [(1, 15), (2, 20), (3, 30), (4, 40)])
def test_scaled_maximum_by_characters_controlled_ib_8_2_3(controls: int, maximum: int) -> None:
    members = ("gil", "ada_captain", "cora", "dax")[:controls]  # 1, 3, 6, 9 points
    assert check(team(members, size=maximum), "duel") == []
    assert check(team(members, size=maximum + 1), "duel") == [("IB-8.2.3", "")]


@pytest.mark.parametrize(("reading", "smallest"), [("proportional", 16), ("exact", 20),
                                                   ("none", 0)])
def test_scaled_deck_minimum_amb_98(reading: str, smallest: int) -> None:
    pair = ("ada", "gil")
    rules = DeckRules().with_flags({"scaled_deck_minimum": reading})
    assert deck_size_bounds("duel", 2, rules) == (smallest, 20)
    assert check(team(pair, size=smallest), "duel", scaled_deck_minimum=reading) == []
    if smallest:
        assert check(team(pair, size=smallest - 1), "duel", scaled_deck_minimum=reading) == [
            ("IB-8.2.3", "")]


def test_proportional_minimum_reproduces_32_at_four_characters_amb_98() -> None:
    assert deck_size_bounds("duel", 4) == (32, 40) == deck_size_bounds("standard", 4)
    assert [deck_size_bounds("duel", n)[0] for n in (1, 2, 3)] == [12, 16, 24]


def test_coop_deck_size_table_amb_99() -> None:
    assert deck_size_bounds("coop", 1) == (12, 15)
    assert check(team(("gil",), size=15), "coop") == []
    assert check(team(("gil",), size=11), "coop") == [("IB-8.2.3", "")]


def test_coop_deck_size_ten_per_character_amb_99() -> None:
    rules = DeckRules(coop_deck_size="ten_per_character")
    assert [deck_size_bounds("coop", n, rules) for n in (1, 2, 4)] == [(8, 10), (16, 20),
                                                                      (32, 40)]
    assert check(team(("gil",), size=15), "coop", coop_deck_size="ten_per_character") == [
        ("IB-6.9.1", "")]
    assert check(team(("gil",), size=8), "coop", coop_deck_size="ten_per_character") == []
    # the duel table is unaffected by the co-op flag
    assert check(team(("gil",), size=15), "duel", coop_deck_size="ten_per_character") == []


def test_only_real_cards_count_towards_the_deck_size_ib_2_7_2() -> None:
    t = team(deck=[("ada", 1), ("k_one", 1), ("nonsense", 1)], size=33)
    assert check(t) == [("IB-2.7.2", "ada"), ("IB-2.7.2", "k_one"), (UNKNOWN, "nonsense"),
                        ("IB-2.7.1", "")]


# --- copy limits (IB-2.7.3 to IB-2.7.5, AMB-95) -------------------------------------------


@pytest.mark.parametrize("card", ["tech", "sigil", "event"])
def test_at_most_two_copies_of_techniques_sigils_and_events_ib_2_7_3(card: str) -> None:
    assert check(team(deck=[(card, 2)])) == []
    assert check(team(deck=[(card, 3)])) == [("IB-2.7.3", card)]


# --- card types (IB-2.0.1, IB 2.7): no supply card in a competitive deck ----------------


@pytest.mark.parametrize("format", ["standard", "duel"])
def test_a_competitive_deck_holds_no_supply_card_ib_2_0_1(format: DeckFormat) -> None:
    t = team(deck=[("plain", 1)]) if format == "standard" else \
        team(("ada",), deck=[("plain", 1)], size=15)
    assert check(t, format) == [("IB-2.0.1", "plain")]
    [found] = validate_team(t, CONTENT, format=format)
    assert str(found) == ("IB-2.0.1 plain: Plain is a supply card with no play; a "
                          "competitive deck holds only Techniques, Sigils, Events and "
                          "Support Characters (IB 2.0.1, 2.7)")


def test_solo_and_coop_decks_may_hold_supply_cards_up_to_two_copies() -> None:
    assert check(team(("ada", "bram"), deck=[("plain", 2)], size=20), "coop") == []
    assert check(team(("ada", "bram"), deck=[("plain", 3)], size=20), "coop") == \
        [("IB-2.7.3", "plain")]
    solo = team(deck=[("plain", 2)])  # a standard party facing Challenge Cards
    assert validate_team(solo, CONTENT, competitive=False) == []


def test_at_most_one_support_character_ib_2_7_4() -> None:
    assert check(team(deck=[("support", 1)])) == []
    assert check(team(deck=[("support", 2)])) == [("IB-2.7.4", "support")]


@pytest.mark.parametrize("card", ["ada_tech", "bram_event", "fen_sigil"])
def test_signature_cards_are_limited_to_one_copy_ib_2_7_5(card: str) -> None:
    members = ("ada", "bram", "cora", "gil")  # fen is not needed by default (AMB-95)
    assert check(team(members, deck=[(card, 1)])) == []
    assert check(team(members, deck=[(card, 2)])) == [("IB-2.7.5", card)]


def test_signature_requires_character_false_by_default_amb_95() -> None:
    t = team(("cora", "dax", "gil", "ada_captain"), deck=[("ada_tech", 1)])
    assert check(t) == []
    assert check(t, signature_requires_character=False) == []


def test_signature_requires_character_true_amb_95() -> None:
    absent = team(("cora", "dax", "gil", "ada_captain"), deck=[("ada_tech", 1)])
    assert check(absent, signature_requires_character=True) == [("IB-2.7.5", "ada_tech")]
    present = team(FOUR, deck=[("ada_tech", 1), ("bram_event", 1)])
    assert check(present, signature_requires_character=True) == []


def test_characters_and_keystones_are_never_in_the_deck_ib_2_7_2() -> None:
    assert check(team(deck=[("cora", 1), ("k_five", 2)], size=39)) == [
        ("IB-2.7.2", "cora"), ("IB-2.7.2", "k_five")]


def test_unknown_keys_are_reported() -> None:
    t = team(("ada", "zed", "cora", "dax"), keystones=("k_one", "k_two", "k_zed", "k_four"),
             deck=[("mystery", 1)], size=37)
    assert check(t) == [(UNKNOWN, "zed"), (UNKNOWN, "k_zed"), (UNKNOWN, "mystery")]


# --- Characters and Keystones (IB-2.1.4, AMB-94, IB-2.2.1, IB-2.2.2) ------------------------


def test_same_name_other_title_is_allowed_by_default_amb_94() -> None:
    t = team(("ada", "ada_captain", "cora", "gil"))
    assert check(t) == []
    assert check(t, character_unique_by="name_and_title") == []


def test_same_name_is_a_duplicate_when_unique_by_name_amb_94() -> None:
    t = team(("ada", "ada_captain", "cora", "gil"))
    assert check(t, character_unique_by="name") == [("IB-2.1.4", "ada_captain")]


@pytest.mark.parametrize("unique_by", ["name_and_title", "name"])
def test_a_character_may_not_be_fielded_twice_ib_2_1_4(unique_by: str) -> None:
    t = team(("ada", "bram", "ada", "gil"))
    assert check(t, character_unique_by=unique_by) == [("IB-2.1.4", "ada")]


def test_every_character_carries_a_keystone_ib_2_2_1() -> None:
    t = team(keystones=("k_one", None, "k_three", None))
    assert check(t) == [("IB-2.2.1", "bram"), ("IB-2.2.1", "dax")]


BARE_CONTENT = (
    "# A designer's first set: four Characters, their cards and a starter team each,\n"
    "# but no keystones: section yet.\n"
    "characters:" + "".join(_character(k, n, t, 3) for k, n, t in (
        ("ada", "Ada Vell", "Scout"), ("bram", "Bram Oake", "Warden"),
        ("cora", "Cora Lune", "Seer"), ("dax", "Dax Rime", "Smith")))
    + "\ncards:\n" + "".join(f"  - {{key: {k}, name: Filler {k}, kind: sigil, sigil_type: "
                              "fire, tiers: [[{target: enemy, damage: 1}]]}\n"
                              for k in FILLERS[:9])
    + "decks:\n  - key: starter\n    name: Starter\n    cards: {"
    + ", ".join(f"{k}: 2" for k in FILLERS[:9]) + "}\n"
    + "teams:\n"
    "  - {key: north, name: North Star, characters: [ada, bram], deck: starter}\n"
    "  - {key: south, name: South Wind, characters: [cora, dax], deck: starter}\n"
)


def test_content_without_keystones_starts_no_battle_ib_2_2_1_ib_2_9(tmp_path: Path) -> None:
    """IB 2.2 and IB 2.9 step 2 give every Character a Keystone before the battle, so
    content that defines none cannot field a team: a team on it breaks IB-2.2.1, and the
    message names the content file and the Characters left without one."""
    path = tmp_path / "my_set.yaml"
    path.write_text(BARE_CONTENT, encoding="utf-8")
    bare = load_content_file(path)
    assert not bare.keystones
    t = TeamFile("Bare", (TeamMember("ada", None), TeamMember("bram", None)),
                 (("sig01", 2), ("sig02", 2)))
    found = validate_team(t, bare, format="duel", deck_rules=DeckRules(
        scaled_deck_minimum="none"))
    assert [(v.rule, v.subject) for v in found] == [("IB-2.2.1", "")]
    assert f"the content ({path}) defines no Keystone, so ada, bram cannot be given one" \
        in str(found[0])
    assert "add a `keystones:` list to the content file, then give each" in str(found[0])
    with pytest.raises(ContentError) as refused:  # the content's own teams, as played
        load_game("initiative_break", content=str(path), mode="1v1", teams=["north", "south"])
    message = str(refused.value)
    assert message.startswith("1v1: North Star (north): IB-2.2.1 the content")
    assert message.count("IB-") == 2  # nothing else is wrong with the designer's set
    assert f"({path}) defines no Keystone, so ada, bram cannot be given one" in message
    assert "South Wind (south): IB-2.2.1" in message


def test_no_two_characters_share_a_keystone_ib_2_2_2() -> None:
    t = team(keystones=("k_one", "k_two", "k_one", "k_two"))
    assert check(t) == [("IB-2.2.2", "k_one"), ("IB-2.2.2", "k_two")]


# --- team size and points (IB-2.0.1, IB-8.2.2, IB-2.7.6, IB-8.3.1, AMB-97) ------------------


def test_standard_play_fields_four_characters_ib_2_0_1() -> None:
    assert check(team(("ada", "bram", "cora"))) == [("IB-2.0.1", "")]


def test_a_player_controls_one_to_four_characters_ib_8_2_2() -> None:
    five = team(("ada", "bram", "cora", "dax", "gil"), keystones=KEYSTONES[:5], size=40)
    assert ("IB-8.2.2", "") in check(five, "duel")
    assert check(team((), size=0), "coop") == [("IB-8.2.2", "")]


def test_declared_controls_must_match_the_characters_listed() -> None:
    assert check(team(controls=4)) == []
    assert check(team(controls=3)) == [("IB-8.2.3", "")]


@pytest.mark.parametrize(("members", "legal"), [(FOUR, True), (("ada", "bram", "cora", "fen"),
                                                                False)])
def test_four_characters_total_at_most_12_points_ib_2_7_6(members: tuple[str, ...],
                                                          legal: bool) -> None:
    assert check(team(members)) == ([] if legal else [("IB-2.7.6", "")])


@pytest.mark.parametrize(("members", "legal"), [
    (("fen",), True), (("hal",), False),  # cap 4
    (("fen", "cora"), True), (("fen", "hal"), False),  # cap 7
    (("ada", "bram", "cora"), True), (("ada", "bram", "fen"), False),  # cap 9
    (FOUR, True), (("ada", "bram", "cora", "fen"), False),  # cap 12
])
def test_point_caps_by_characters_controlled_ib_8_3_1(members: tuple[str, ...],
                                                      legal: bool) -> None:
    cap = {1: 4, 2: 7, 3: 9, 4: 12}[len(members)]
    assert point_cap("duel", len(members)) == cap
    assert (sum(CONTENT.characters[k].points for k in members) <= cap) == legal
    t = team(members, size=deck_size_bounds("duel", len(members))[1])
    assert check(t, "duel") == ([] if legal else [("IB-8.3.1", "")])


PAIR_A = ("fen", "cora")  # 7 points
PAIR_B = ("bram", "dax")  # 6 points


def test_coop_point_cap_party_checks_the_whole_party_amb_97() -> None:
    a = team(PAIR_A, size=20, name="A")
    b = team(PAIR_B, size=20, keystones=("k_three", "k_four"), name="B")
    assert point_cap("coop", 2) is None
    assert check(a, "coop") == check(b, "coop") == []
    assert [(v.rule, v.subject) for v in validate_side([a, b], CONTENT, format="coop")] == [
        ("IB-8.3.1", "")]  # 13 points > 12 for the party's 4 Characters
    c = team(("gil", "dax"), size=20, keystones=("k_three", "k_four"), name="C")
    assert validate_side([a, c], CONTENT, format="coop") == []  # 11 points
    # a smaller party shares the cap of its size: 2 Characters, 7 points
    solo_a = team(("fen",), size=15, name="D")
    solo_b = team(("hal",), size=15, keystones=("k_two",), name="E")
    assert check(solo_a, "coop") == check(solo_b, "coop") == []
    found = validate_side([solo_a, solo_b], CONTENT, format="coop")
    assert [(v.rule, v.subject) for v in found] == [("IB-8.3.1", "")]
    assert "9 points" in found[0].message and "cap is 7" in found[0].message


def test_coop_point_cap_per_player_amb_97() -> None:
    rules = DeckRules(coop_point_cap="per_player")
    a = team(PAIR_A, size=20, name="A")
    b = team(PAIR_B, size=20, keystones=("k_three", "k_four"), name="B")
    assert point_cap("coop", 2, rules) == 7
    assert validate_side([a, b], CONTENT, format="coop", deck_rules=rules) == []
    over = team(("fen", "hal"), size=20)
    assert check(over, "coop", coop_point_cap="per_player") == [("IB-8.3.1", "")]
    assert check(over, "coop", coop_point_cap="party") == []  # left to validate_side


# --- several players on one side (IB-2.1.4, IB-2.2.2, IB-6.9.1, IB-8.2.2) -----------------


def test_keystones_and_characters_are_unique_across_a_side() -> None:
    a = team(("ada", "bram"), size=20, name="A")  # k_one, k_two
    b = team(("ada", "cora"), size=20, keystones=("k_three", "k_two"), name="B")
    found = validate_side([a, b], CONTENT, format="duel")
    assert [(v.rule, v.subject) for v in found] == [("IB-2.1.4", "ada"), ("IB-2.2.2", "k_two")]
    assert "A" in found[0].message and "B" in found[0].message


def test_a_coop_party_splits_at_most_four_characters_ib_6_9_1() -> None:
    a = team(("ada", "bram"), size=20, name="A")
    b = team(("cora", "gil", "dax"), size=30, keystones=KEYSTONES[2:5], name="B")
    rules = DeckRules(coop_point_cap="per_player")
    assert [v.rule for v in validate_side([a, b], CONTENT, format="coop",
                                          deck_rules=rules)] == ["IB-6.9.1"]


def test_at_most_ten_characters_on_the_track_ib_8_2_2() -> None:
    members = ("ada", "bram", "cora", "dax")
    sides = [team(members, name=f"P{i}", keystones=(None,) * 4) for i in range(3)]
    found = validate_side(sides, CONTENT, format="duel", config=RulesConfig())
    assert ("IB-8.2.2", "") in [(v.rule, v.subject) for v in found]


def test_standard_play_gives_a_side_one_player() -> None:
    other = team(("fen", "gil", "ada_captain", "hal"), keystones=(None,) * 4, name="B")
    found = validate_side([team(name="A"), other], CONTENT, format="standard")
    assert [(v.rule, v.subject) for v in found] == [("IB-2.0.1", "")]


# --- every violation at once -----------------------------------------------------------------

MANY_PROBLEMS = """
name: Broken
controls: 3
characters:
  - {character: ada, keystone: k_one}
  - {character: ada_captain, keystone: k_one}
  - {character: fen}
  - {character: hal, keystone: k_nope}
deck:
  tech: 3
  support: 2
  ada_tech: 2
  fen: 1
  k_two: 1
  mystery: 2
  sig01: 2
"""


def test_every_violation_is_reported_at_once() -> None:
    t = load_team_text(MANY_PROBLEMS, "broken.yaml")
    found = validate_team(t, CONTENT, RulesConfig(character_unique_by="name"),
                          deck_rules=DeckRules(signature_requires_character=False))
    assert [(v.rule, v.subject) for v in found] == [
        ("IB-8.2.3", ""),  # controls: 3 but 4 listed
        ("IB-2.1.4", "ada_captain"),
        ("IB-2.2.2", "k_one"),
        ("IB-2.2.1", "fen"),
        (UNKNOWN, "k_nope"),
        ("IB-2.7.3", "tech"),
        ("IB-2.7.4", "support"),
        ("IB-2.7.5", "ada_tech"),
        ("IB-2.7.2", "fen"),
        ("IB-2.7.2", "k_two"),
        (UNKNOWN, "mystery"),
        ("IB-2.7.1", ""),  # 9 real cards
        ("IB-2.7.6", ""),  # 3 + 2 + 4 + 5 = 14 points
    ]
    assert "3 copies" in found[5].message and "at most 2" in found[5].message


# --- the file format ---------------------------------------------------------------------------


def test_a_team_file_loads() -> None:
    t = load_team_text("name: T\ncharacters:\n  - {character: ada, keystone: k_one}\n"
                       "deck: {tech: 2, support: 1}\n", "t.yaml")
    assert t.name == "T" and t.where == "t.yaml" and t.controls == 1
    assert t.characters == (TeamMember("ada", "k_one"),)
    assert t.cards() == ("tech", "tech", "support")
    assert t.declared_controls is None


@pytest.mark.parametrize(("text", "expected"), [
    ("name: T\ncharacters: [{character: ada, keystone: 3}]\ndeck: {}\n",
     "t.yaml (entry 'ada'), field characters[0].keystone"),
    ("name: T\ncharacters: [{character: ada, keystone: k_one, extra: 1}]\ndeck: {}\n",
     "t.yaml (entry 'ada'), field characters[0].extra"),
    ("name: T\ncharacters: [{keystone: k_one}]\ndeck: {}\n",
     "t.yaml, field characters[0].character"),
    ("name: T\ncharacters: [{character: ada}]\ndeck: {tech: 0}\n", "t.yaml, field deck.tech"),
    ("name: T\ncharacters: [{character: ada}]\ndeck: {tech: two}\n",
     "t.yaml, field deck.tech"),
    ("name: T\ncharacters: [{character: ada}]\ndeck: {tech: true}\n",
     "t.yaml, field deck.tech"),
    ("name: T\ncontrols: 5\ncharacters: [{character: ada}]\ndeck: {}\n",
     "t.yaml, field controls"),
    ("characters: [{character: ada}]\ndeck: {}\n", "t.yaml, field name"),
    ("name: T\ncharacters: [{character: ada}]\n", "t.yaml, field deck"),
    ("name: T\ncharacters: [{character: ada}]\ndeck: {tech: 1, tech: 2}\n",
     "'tech' is written twice"),
    ("- just\n- a list\n", "t.yaml: expected a mapping"),
    ("name: [unclosed\n", "t.yaml: not valid YAML"),
])
def test_format_errors_name_file_entry_and_field(text: str, expected: str) -> None:
    with pytest.raises(ContentError) as err:
        load_team_text(text, "t.yaml")
    assert expected in str(err.value)


def test_every_format_error_is_listed() -> None:
    text = "name: T\ncharacters: [{character: ada, keystone: 3}, {}]\ndeck: {tech: 0}\n"
    with pytest.raises(ContentError) as err:
        load_team_text(text, "t.yaml")
    assert len(str(err.value).splitlines()) == 3


def test_an_unreadable_file_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read"):
        load_team_file(tmp_path / "missing.yaml")
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ContentError, match="UTF-8"):
        load_team_file(binary)


# --- the flags --------------------------------------------------------------------------------


def test_deck_rules_defaults_follow_the_register() -> None:
    assert DeckRules() == DeckRules(signature_requires_character=False, coop_point_cap="party",
                                    scaled_deck_minimum="proportional", coop_deck_size="table")


@pytest.mark.parametrize("flags", [{"coop_deck_size": "twelve"}, {"deck_size": "table"},
                                   {"signature_requires_character": 1},
                                   {"signature_requires_character": "true"}])
def test_deck_rules_reject_unknown_flags_and_values(flags: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        DeckRules().with_flags(flags)


def test_rule_items_go_to_the_object_that_reads_them() -> None:
    config, rules = rules_from_items(["character_unique_by=name",
                                      "signature_requires_character=true",
                                      "scaled_deck_minimum=exact"])
    assert config.character_unique_by == "name"
    assert rules == DeckRules(signature_requires_character=True, scaled_deck_minimum="exact")
    with pytest.raises(ConfigError):
        rules_from_items(["no_such_flag=1"])
    with pytest.raises(ConfigError):
        rules_from_items(["missing_equals"])


# --- the shipped examples ---------------------------------------------------------------------


def _examples() -> tuple[Content, TeamFile, TeamFile]:
    content = load_content_file(EXAMPLES / "content" / "example_cards.yaml")
    teams = EXAMPLES / "content" / "teams"
    return content, load_team_file(teams / "lantern_company.yaml"), load_team_file(
        teams / "cinder_pair.yaml")


def test_example_teams_are_legal() -> None:
    content, tideguard, pair = _examples()
    assert validate_team(tideguard, content) == []
    for format in ("duel", "coop"):
        assert validate_team(pair, content, format=format) == []
    assert validate_side([pair], content, format="coop") == []
    assert pair.declared_controls == 2


def test_example_teams_are_legal_under_strict_readings() -> None:
    content, tideguard, pair = _examples()
    strict = DeckRules(signature_requires_character=True, coop_point_cap="per_player")
    assert validate_team(tideguard, content, deck_rules=strict) == []
    assert validate_team(pair, content, format="coop", deck_rules=strict) == []


def test_example_teams_seat_a_match() -> None:
    content, tideguard, pair = _examples()
    match = Match(content, RulesConfig(), (tideguard.seat(0), pair.seat(1, "South")))
    assert match.seats[0].name == "Lantern Company" and match.seats[1].name == "South"
    assert len(match.decklists[0]) == 37 and len(match.units) == 6


def test_the_shipped_core_teams_are_legal_standard_teams() -> None:
    """Teams with Keystones are fully legal, no supply card in their decks (IB 2.0.1);
    the engine's test fixtures (fixture_vanguard, fixture_harrow, fixture_tempest) carry
    no Keystone (IB 2.2.1) and play supply decks (IB 2.0.1), their only violations.
    Teams of fewer than 4 Characters are the scaled multiplayer teams (IB 8.2.3, 8.3.1)."""
    core = core_content()
    for key, (name, characters, deck) in core.teams.items():
        keystones = core.team_keystones.get(key, (None,) * len(characters))
        t = TeamFile(name, tuple(TeamMember(c, k) for c, k in zip(characters, keystones,
                                                                   strict=True)),
                     tuple(Counter(core.decks[deck]).items()), where=key)
        found = validate_team(t, core, format="standard" if len(characters) == 4 else "duel")
        if key in core.team_keystones:
            assert found == [], key
            assert all(core.cards[core.card_index[c]].kind != "plain" for c in core.decks[deck])
        else:
            assert {v.rule for v in found} == {"IB-2.2.1", "IB-2.0.1"}, key
