"""Content packs (games/ib/packs.py, docs/content-packs.md): a player's own content files
in a folder outside the repository, added to the shipped content and played by the full
engine; every error names the file, the entry, the field and the line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from initiative.engine.errors import ContentError
from initiative.engine.rng import SplitMix64
from initiative.games import load_game
from initiative.games.ib.content import core_content
from initiative.games.ib.lines import Lines, steps
from initiative.games.ib.lint import lint_pack
from initiative.games.ib.packs import (
    CONTENT_PATH_ENV,
    content_for,
    load_content_pack,
    load_content_packs,
    pack_files,
)
from initiative.games.ib.setup import IBGame, new_game
from initiative.games.ib.text.describe import log_sentences

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "packs" / "dusk-road"

HERO = """characters:
  - key: tamsin
    name: Tamsin Reed
    points: 3
    initiative: 4
    speed: 4
    hp: 10
    affinities: [fire, wind]
    basic: [{target: enemy, damage: 2}]
    advanced: [{target: enemy, damage: 3}]
    break_art: [{target: all_enemies, damage: 3}]
"""


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """The example pack copied to a folder outside the repository."""
    folder = tmp_path / "my-ib-cards"
    shutil.copytree(EXAMPLE, folder)
    assert not folder.resolve().is_relative_to(ROOT)
    return folder


def write(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_pack_adds_to_the_shipped_content(pack: Path) -> None:
    content = load_content_pack(pack)
    core = core_content()
    assert set(core.characters) < set(content.characters)
    kestrel = content.characters["kestrel"]
    assert (kestrel.name, kestrel.hp, kestrel.speed, kestrel.affinities) == (
        "Kestrel Vane", 11, 5, ("water", "arcane"))
    assert content.cards[content.card_index["paper_heron"]].kind == "support"
    assert "gutter_wisp" in content.challenges and "wick_shard" in content.keystones
    # a pack deck draws on shipped cards and on the pack's own
    assert {"falling_star_cut", "riptide_lunge"} <= set(content.decks["dusk_road_kit"])
    assert content.where == f"content pack {pack}"


def test_a_pack_team_plays_a_whole_game_in_the_engine(pack: Path) -> None:
    """The full engine plays the pack's Character, Keystone, Technique and Support: random
    games of the pack's team against a shipped one reach a result."""
    game = load_game("initiative_break", teams=["dusk_road", "ashfall"],
                     content=load_content_pack(pack))
    assert isinstance(game, IBGame)
    assert game.match.seats[0].characters[0] == "kestrel"
    told: list[str] = []
    for seed in range(8):
        state, rng = new_game(game.match, seed), SplitMix64(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        assert state.result is not None
        told += log_sentences(state.view(0), game.match, 0)
    assert any(s.startswith("Kestrel Vane (Dusk Road) declares a Basic Attack")
               for s in told), told[:40]
    assert any("plays Falling Star Cut" in s for s in told)
    assert "Paper Heron (Dusk Road) enters play." in told
    assert "Kestrel Vane (Dusk Road)'s Keystone Wick Shard takes effect." in told


def test_a_pack_encounter_faces_the_pack_challenge_card(pack: Path) -> None:
    game = load_game("initiative_break", mode="solo", teams=["dusk_road"],
                     encounter="lamps_gone_out", content=load_content_pack(pack))
    assert isinstance(game, IBGame)
    names = [game.match.unit_name(u) for u in range(game.match.num_characters)]
    assert names.count("Gutter Wisp") == 2


def test_a_pack_entry_replaces_the_shipped_entry_of_its_key(tmp_path: Path) -> None:
    folder = write(tmp_path / "fix", {"cards.yaml": (
        "cards:\n  - key: quick_jab\n    name: Quick Jab (house)\n    kind: technique\n"
        "    effects: [{target: enemy, damage: 9}]\n")})
    content = load_content_pack(folder)
    jab = content.cards[content.card_index["quick_jab"]]
    assert (jab.name, jab.effects[0].damage) == ("Quick Jab (house)", 9)
    assert len(content.cards) == len(core_content().cards)
    assert isinstance(load_game("initiative_break", teams=["tideguard", "ashfall"],
                                content=content), IBGame)  # shipped teams still play
    found = [str(f) for f in lint_pack([folder])]
    assert found == [f"warning: {folder / 'cards.yaml'} (card 'quick_jab'): replaces the "
                     "shipped card 'quick_jab' (meant? a new key adds one instead) (line 2)"]


def test_files_of_subfolders_load_in_path_order_and_refer_to_each_other(
        tmp_path: Path) -> None:
    folder = write(tmp_path / "p", {
        "b/team.yaml": "teams:\n  - {key: t, name: T, characters: [tamsin], deck: d}\n",
        "a/hero.yaml": HERO, "a/deck.yml": "decks:\n  - {key: d, name: D, cards: {quick_jab: 2}}\n",
        "notes.txt": "not content", ".git/config.yaml": "not: content",
        ".#hero.yaml": "an editor's lock file"})
    assert [p.relative_to(folder).as_posix() for p in pack_files(folder)] == [
        "a/deck.yml", "a/hero.yaml", "b/team.yaml"]
    content = load_content_pack(folder)
    assert content.teams["t"] == ("T", ("tamsin",), "d")


def test_schema_errors_name_file_entry_field_and_line(tmp_path: Path) -> None:
    folder = write(tmp_path / "bad", {
        "hero.yaml": HERO.replace("hp: 10", "hp: 120"),
        "cards.yaml": "cards:\n  - key: zap\n    name: Zap\n    kind: technique\n"
                      "    effects: [{target: enemy, damage: 1}]\n    colour: red\n"})
    with pytest.raises(ContentError) as raised:
        load_content_pack(folder)
    assert str(raised.value).splitlines() == [
        f"{folder / 'cards.yaml'} (entry 'zap'), field cards[0].colour: Extra inputs are not "
        "permitted (line 6)",
        f"{folder / 'hero.yaml'} (entry 'tamsin'), field characters[0].hp: Input should be "
        "less than or equal to 99 (line 7)"]


def test_a_key_no_file_defines_names_the_file_that_uses_it(tmp_path: Path) -> None:
    folder = write(tmp_path / "refs", {
        "hero.yaml": HERO,
        "teams.yaml": "# my team\nteams:\n  - key: t\n    name: T\n"
                      "    characters: [tamsin, ghost]\n    deck: tideguard_kit\n"})
    with pytest.raises(ContentError) as raised:
        load_content_pack(folder)
    assert str(raised.value) == (f"{folder / 'teams.yaml'} (team 't'), field characters: "
                                 "unknown character 'ghost' (line 5)")


def test_a_key_defined_in_two_pack_files_is_an_error_naming_both(tmp_path: Path) -> None:
    folder = write(tmp_path / "twice", {"a.yaml": HERO, "b.yaml": "\n" + HERO})
    with pytest.raises(ContentError) as raised:
        load_content_pack(folder)
    assert str(raised.value) == (
        f"{folder / 'b.yaml'} (character 'tamsin'), field key: defined again (first in "
        f"{folder / 'a.yaml'}, line 2); a key is defined once in the "
        "packs (a shipped key is replaced by using it) (line 3)")


@pytest.mark.parametrize(("files", "message"), [
    (None, "no such content pack"),
    ({}, "the content pack has no .yaml files"),
    ({"x.yaml": "characters: [\n"}, "x.yaml: not valid YAML"),
    ({"x.yaml": "- just a list\n"}, "x.yaml: expected a mapping"),
])
def test_a_missing_empty_or_unreadable_pack_is_a_clear_error(
        tmp_path: Path, files: dict[str, str] | None, message: str) -> None:
    folder = tmp_path / "pack"
    if files is not None:
        write(folder, files)
    with pytest.raises(ContentError, match=message):
        load_content_pack(folder)


def test_the_environment_names_packs_when_none_is_given(pack: Path, tmp_path: Path) -> None:
    other = write(tmp_path / "other", {"hero.yaml": HERO})
    both = content_for(environ={CONTENT_PATH_ENV: f"{pack}:{other}"})
    assert {"kestrel", "tamsin"} <= set(both.characters)
    assert "tamsin" not in content_for([pack], {CONTENT_PATH_ENV: str(other)}).characters
    assert content_for(environ={}) is core_content()
    assert load_content_packs([]) is core_content()


def test_lines_follow_the_path_named_in_a_message() -> None:
    text = "decks:\n  - key: kit\n    name: Kit\n    cards:\n      a: 1\n      b: 3\n"
    lines = Lines({"d.yaml": text})
    assert steps("cards[0].effects[1].apply") == ["cards", 0, "effects", 1, "apply"]
    assert lines.annotate("d.yaml (deck 'kit'), field cards.b: 3 copies") == \
        "d.yaml (deck 'kit'), field cards.b: 3 copies (line 6)"
    assert lines.annotate("d.yaml (entry 'kit'), field decks[0].nope: missing") == \
        "d.yaml (entry 'kit'), field decks[0].nope: missing (line 2)"
    assert lines.annotate("pack (deck 'nope'): x") == "pack (deck 'nope'): x"
    assert lines.annotate("pack (deck 'kit'), field name: bad") == \
        "d.yaml (deck 'kit'), field name: bad (line 3)"


def test_lint_of_a_pack_gives_one_finding_per_problem_with_its_line(tmp_path: Path) -> None:
    folder = write(tmp_path / "p", {
        "a.yaml": "cards:\n  - {key: a, name: A, kind: event, effects: [{target: self, "
                  "heal: 1}]}\n  - name: Nameless\n    kind: event\n",
        "b.yaml": "characters:\n  - key: x\n\tname: bad\n",
        "c.yaml": "cards:\n  - key: call\n    name: Call\n    kind: event\n    effects:\n"
                  "      - {target: self, summon: quick_jab}\n"})
    found = [str(f) for f in lint_pack([folder])]
    assert found[0] == f"error: {folder / 'a.yaml'}, field cards[1].key: Field required (line 3)"
    assert found[1].startswith(f"error: {folder / 'b.yaml'}: not valid YAML: ")
    assert found[1].endswith('line 3, column 1')  # YAML's own report, on one line
    assert len(found) == 2
    (folder / "a.yaml").unlink()
    (folder / "b.yaml").unlink()
    [summon] = [str(f) for f in lint_pack([folder])]
    assert summon.startswith(f"error: {folder / 'c.yaml'} (card 'call', field effects[0])"
                             ".summon: 'quick_jab' is not a support card (supports: ")
    assert summon.endswith(") (line 6)")
