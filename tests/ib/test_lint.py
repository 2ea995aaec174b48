"""The content linter (lint.py): every shipped file is clean, and each check fires on
the content it is about, naming file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.engine.errors import ContentError
from initiative.games.ib import lint
from initiative.games.ib.lint import Finding, lint_content

ROOT = Path(__file__).resolve().parents[2]
CAMPAIGN_FILES = {"campaigns.yaml"}  # campaign tables and stories (tests/ib/campaign)
SHIPPED = sorted([*(p for p in (ROOT / "src" / "initiative" / "games" / "ib" / "data").glob(
    "*.yaml") if p.name not in CAMPAIGN_FILES),
                  *(ROOT / "examples" / "content").glob("*.yaml")])

HERO = """\
  - key: {key}
    name: {name}
    points: 3
    initiative: 3
    speed: 4
    hp: 10
    affinities: [fire, wind]
    basic: {basic}
    advanced: [{{target: enemy, damage: 2}}]
    break_art: {break_art}
"""


def hero(key: str, name: str = "", basic: str = "[{target: enemy, damage: 1}]",
         break_art: str = "[{target: all_enemies, damage: 2}]") -> str:
    return HERO.format(key=key, name=name or key.title(), basic=basic, break_art=break_art)


def deck(key: str, cards: dict[str, int]) -> str:
    rows = "".join(f"      {card}: {n}\n" for card, n in cards.items())
    return f"  - key: {key}\n    name: {key}\n    cards:\n{rows}"


def messages(found: list[Finding], level: str) -> list[str]:
    return [f.message for f in found if f.level == level]


def test_the_shipped_files_are_found() -> None:
    names = {p.name for p in SHIPPED}
    assert {"core.yaml", "example_cards.yaml"} <= names


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_content_file_lints_without_errors(path: Path) -> None:
    found = lint_content(path.read_text(encoding="utf-8"), str(path))
    assert [str(f) for f in found if f.is_error] == []


CORE = ROOT / "src/initiative/games/ib/data/core.yaml"
EXAMPLE = ROOT / "examples/content/example_cards.yaml"


def test_the_core_content_has_no_errors_and_every_card_kind_is_played() -> None:
    found = lint_content(CORE.read_text(encoding="utf-8"), "core.yaml")
    assert [f for f in found if f.is_error or "not playable" in f.message] == []


def test_the_core_content_is_clean() -> None:
    assert lint_content(CORE.read_text(encoding="utf-8"), "core.yaml") == []


def test_the_examples_including_their_support_cards_are_clean() -> None:
    assert lint_content(EXAMPLE.read_text(encoding="utf-8"), "ex.yaml") == []


def test_every_card_kind_is_played_so_none_warns_about_its_kind() -> None:
    text = ("cards:\n"
            "  - {key: kiln, name: Kiln Sigil, kind: sigil, sigil_type: fire,"
            " tiers: [[{target: enemy, damage: 1}], [{target: enemy, damage: 2}]]}\n"
            "  - {key: jab, name: Jab, kind: technique, effects: [{target: enemy, damage: 1}]}\n"
            "  - {key: lamp, name: Lamp, kind: support, hp: 3,"
            " abilities: [{static: {scope: allies, damage_dealt: 1}}]}\n")
    assert lint_content(text, "s.yaml") == []


def test_a_support_without_hp_is_refused_with_file_entry_and_field() -> None:
    text = ("cards:\n  - {key: lamp, name: Lamp, kind: support,"
            " effects: [{target: self, draw: 1}]}\n")
    assert [str(f) for f in lint_content(text, "s.yaml")] == [
        "error: s.yaml (entry 'lamp'), field cards[0]: Value error, a support needs hp "
        "(1 or more) (line 2)"]


def test_abilities_are_checked_like_attacks_and_for_targets_that_never_exist() -> None:
    text = ("cards:\n"
            "  - {key: lamp, name: Lamp, kind: support, hp: 3, abilities: ["
            "{trigger: round_end, whose: ally, effects: [{target: trigger_unit, heal: 1}]},"
            " {trigger: defeat, effects: [{target: all_enemies}]}]}\n")
    assert [str(f) for f in lint_content(text, "a.yaml")] == [
        "error: a.yaml (card 'lamp'), field abilities[1].effects[0]: the clause does "
        "nothing (no damage, heal, status, cleanse, move, charge or draw) (line 2)",
        "error: a.yaml (card 'lamp'), field abilities[0]: round_end concerns no unit, so "
        "trigger_unit targets nothing (line 2)",
        "warning: a.yaml (card 'lamp'), field abilities[0].whose: round_end fires for "
        "everyone; whose is ignored (line 2)",
    ]


def test_sigil_tiers_are_checked_like_attacks() -> None:
    text = ("cards:\n"
            "  - {key: kiln, name: Kiln Sigil, kind: sigil, sigil_type: fire,"
            " tiers: [[{target: enemy, damage: 1}], [{target: all_enemies, cleanse: one}]]}\n")
    errors = messages(lint_content(text, "t.yaml"), "error")
    assert [e.split(":")[0] for e in errors] == ["t.yaml (card 'kiln'), field tiers[1][0].cleanse"]


def test_attacks_that_do_nothing_or_misuse_same_and_cleanse_are_errors() -> None:
    text = "characters:\n" + hero(
        "alda",
        basic="[{target: same, damage: 1}]",
        break_art="[{target: all_allies, heal: 1}, {target: same, cleanse: one},"
                  " {target: enemy}]",
    ) + hero("bryn", basic="[{target: all_allies, cleanse: one}]",
             break_art="[{target: all_enemies, move_back: 2}, {target: all_allies, move_up: 1}]")
    errors = messages(lint_content(text, "t.yaml"), "error")
    assert errors == [
        "t.yaml (character 'alda'), field basic[0].target: 'same' needs an earlier clause "
        "to take its targets from (line 9)",
        "t.yaml (character 'alda'), field break_art[1].cleanse: 'one' asks for a choice on a "
        "single unit; the engine cleanses only the first of all_allies (name the status, "
        "or use 'all') (line 11)",
        "t.yaml (character 'alda'), field break_art[2]: the clause does nothing (no damage, "
        "heal, status, cleanse, move, charge or draw) (line 11)",
        "t.yaml (character 'bryn'), field basic[0].cleanse: 'one' asks for a choice on a "
        "single unit; the engine cleanses only the first of all_allies (name the status, "
        "or use 'all') (line 19)",
    ]  # Move Up / Move Back on all_* targets (bryn's Break Art) are fine


def test_card_effects_are_checked_like_attacks() -> None:
    text = ("cards:\n"
            "  - {key: fog, name: Fog, kind: event, effects: [{target: enemy}]}\n"
            "  - {key: purge, name: Purge, kind: event,"
            " effects: [{target: all_enemies, cleanse: one}]}\n"
            "  - {key: mend, name: Mend, kind: event, effects: [{target: ally, cleanse: one}]}\n")
    errors = messages(lint_content(text, "c.yaml"), "error")
    assert len(errors) == 2
    assert errors[0].startswith("c.yaml (card 'fog'), field effects[0]: the clause does nothing")
    assert errors[1].startswith("c.yaml (card 'purge'), field effects[0].cleanse: 'one'")


def test_decks_and_teams_with_unknown_keys_are_errors_listed_together() -> None:
    text = ("characters:\n" + hero("alda") + "cards:\n  - {key: rope, name: Rope}\n"
            "decks:\n" + deck("kit", {"rope": 3, "ghost": 1})
            + "teams:\n  - {key: blue, name: Blue, characters: [alda, nobody], deck: nodeck,"
            " keystones: [lens]}\n")
    errors = messages(lint_content(text, "d.yaml"), "error")
    assert errors == [
        "d.yaml (deck 'kit'), field cards.rope: 3 copies; a deck holds 1 or 2 of a card "
        "(IB 2.7) (line 18)",
        "d.yaml (deck 'kit'), field cards.ghost: unknown card (line 19)",
        "d.yaml (team 'blue'), field characters: unknown character 'nobody' (line 21)",
        "d.yaml (team 'blue'), field deck: unknown deck 'nodeck' (line 21)",
        "d.yaml (team 'blue'), field keystones: one per Character, in the same order "
        "(IB 2.2.1) (line 21)",
        "d.yaml (team 'blue'), field keystones: unknown keystone 'lens' (line 21)",
    ]


def test_warnings_unused_cards_small_decks_unplayable_kinds_and_shared_names() -> None:
    cards = {f"c{n}": 2 for n in range(10)}
    text = ("characters:\n" + "".join(hero(k) for k in ("a", "b", "c"))
            + hero("d", name="A")
            + "cards:\n" + "".join(f"  - {{key: {k}, name: Card {k}}}\n" for k in cards)
            + "  - {key: spare, name: Card c0}\n"
            + "  - {key: lamp, name: Lamp, kind: support, hp: 2,"
            " effects: [{target: self, draw: 1}]}\n"
            + "decks:\n" + deck("kit", cards) + deck("small", {"c0": 1})
            + "teams:\n  - {key: four, name: Four, characters: [a, b, c, d], deck: kit}\n"
            + "  - {key: two, name: Two, characters: [a, b], deck: small}\n")
    found = lint_content(text, "w.yaml")
    assert messages(found, "error") == []
    assert messages(found, "warning") == [
        "w.yaml (card 'spare'): no deck of this file uses it (line 53)",
        "w.yaml (card 'lamp'): no deck of this file uses it (line 54)",
        "w.yaml (deck 'kit'): 20 cards; a 4-Character team plays 32 to 40 (IB 2.7.1) (line 56)",
        "w.yaml: characters 'a', 'd' share one name",
        "w.yaml: cards 'c0', 'spare' share one name",
    ]  # the 1-card deck of a 2-Character team is not a standard deck: no warning


def test_a_file_without_decks_reports_no_unused_cards() -> None:
    text = "cards:\n  - {key: rope, name: Rope}\n  - {key: oil, name: Oil}\n"
    assert lint_content(text, "n.yaml") == []


def test_duplicate_keys_are_errors() -> None:
    text = "characters:\n" + hero("alda") + hero("alda", name="Other")
    found = lint_content(text, "k.yaml")
    assert messages(found, "error") == ["k.yaml: character key 'alda' is defined 2 times (line 2)"]


@pytest.mark.parametrize(("text", "message"), [
    ("characters: [", "x.yaml: not valid YAML"),
    ("- 1\n", "x.yaml: expected a mapping"),
    ("cards:\n  - {key: fog, name: Fog, kind: spell}\n",
     "x.yaml (entry 'fog'), field cards[0].kind: Input should be"),
    ("cards:\n  - {key: fog, name: Fog, kind: event, effects: [{target: same, damage: 1}]}\n",
     "x.yaml (entry 'fog'), field cards[0]: Value error, effects[0].target: 'same'"),
    ("characters:\n" + hero("alda").replace("hp: 10", "hp_max: 10"),
     "x.yaml (entry 'alda'), field characters[0].hp"),
])
def test_schema_errors_use_the_loader_messages(text: str, message: str) -> None:
    found = lint_content(text, "x.yaml")
    assert found and all(f.is_error for f in found)
    assert any(f.message.startswith(message) for f in found), [str(f) for f in found]
    assert str(found[0]).startswith("error: x.yaml")


def test_keystone_effects_are_checked_like_attacks() -> None:
    text = ("keystones:\n  - {key: lens, name: Lens, ability: [{target: all_allies, cleanse: one}],"
            " passive: {trigger: start_of_activation, effects: [{target: self}]}}\n")
    errors = messages(lint_content(text, "s.yaml"), "error")
    assert [e.split(":")[0] for e in errors] == [
        "s.yaml (keystone 'lens'), field ability[0].cleanse",
        "s.yaml (keystone 'lens'), field passive.effects[0]",
    ]


def test_what_the_loader_refuses_is_an_error_even_if_no_check_covers_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str, where: str) -> None:
        raise ContentError(f"{where} (team 'blue'), field keystones: a new rule")

    monkeypatch.setattr(lint, "load_content_text", refuse)
    found = lint_content("cards: []\n", "r.yaml")
    assert [str(f) for f in found] == ["error: r.yaml (team 'blue'), field keystones: a new rule"]


def test_a_support_ability_waiting_for_its_own_activation_is_a_warning() -> None:
    text = ("cards:\n  - {key: lamp, name: Lamp, kind: support, hp: 3, abilities: ["
            "{trigger: start_of_activation, effects: [{target: self, heal: 1}]},"
            " {trigger: start_of_activation, whose: ally,"
            " effects: [{target: trigger_unit, heal: 1}]}]}\n")
    assert [str(f) for f in lint_content(text, "s.yaml")] == [
        "warning: s.yaml (card 'lamp'), field abilities[0]: a Support never activates or "
        "takes a Sigil, so its own start_of_activation never comes (use whose: ally) "
        "(line 2)"]
