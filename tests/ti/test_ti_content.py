"""The shipped content of The Initiative (games/ti/data, compiled by games/ti/content.py)
and the setups the loader builds from it (`build_setup`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from initiative.engine.errors import ContentError, GameParamError
from initiative.games.ti.actions import PILES
from initiative.games.ti.content import default_content, default_sources, load_content_file
from initiative.games.ti.flags import TIRules
from initiative.games.ti.loader import build_setup
from initiative.games.ti.specs import FEATURE_KINDS, ICONS, TOKEN_KINDS
from tests.ti.content_kit import mission

CONTENT = default_content()
MISSIONS = [CONTENT.missions[key] for key in CONTENT.campaign]


def test_default_content_is_cached_package_data() -> None:
    """The shipped YAML is package data (pyproject), read in name order, loaded once."""
    assert default_content() is default_content()
    names = [where for _, where in default_sources()]
    assert names == sorted(names) and len(names) == 7
    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text("utf-8")
    assert '"initiative.games.ti" = ["data/*.yaml"]' in pyproject


def test_the_deck_is_36_resource_cards_and_four_time_cards() -> None:
    """TI-6, TI-51: three suits x 1..12, three single time cards and one double."""
    resource = [c for c in CONTENT.cards if c.time == 0]
    assert sorted((c.suit, c.value) for c in resource) == sorted(
        (s, v) for s in ("circle", "square", "triangle") for v in range(1, 13))
    assert sorted(c.time for c in CONTENT.cards if c.time) == [1, 1, 1, 2]
    assert all(c.suit is None and c.value == 0 for c in CONTENT.cards if c.time)


def test_glyphs_boards_characters_and_enemies() -> None:
    assert len(CONTENT.glyphs) >= 10
    assert all(g.mark and g.name for g in CONTENT.glyphs.values())
    assert len(CONTENT.boards) >= 2
    for board in CONTENT.boards.values():
        cells = {(r.col, r.row) for r in board.rooms}
        assert len(cells) == len(board.rooms)
        assert all(0 <= c < board.cols and 0 <= r < board.rows for c, r in cells)
    assert sorted(c.ability for c in CONTENT.characters.values()) == [
        "arrange_top_3", "disarm_nearby", "move_2", "reveal_here"]  # TI-13
    suits = sorted(len(e.suits) for e in CONTENT.enemies.values())
    assert suits == [1, 3]  # TI-46: one single-suit enemy and the three-suit one
    for enemy in CONTENT.enemies.values():  # TI-40: both icons do something
        assert sorted(a.icon for a in enemy.abilities) == sorted(ICONS)


def test_the_campaign_rises_in_difficulty() -> None:
    """TI-2, TI-57: mission 1 first, then harder ones."""
    assert len(MISSIONS) >= 3
    assert [m.number for m in MISSIONS] == sorted(m.number for m in MISSIONS)
    assert [m.difficulty for m in MISSIONS] == sorted({m.difficulty for m in MISSIONS})
    assert CONTENT.default_mission == MISSIONS[0].key == "clockmakers_word"


def test_every_mission_has_its_parts() -> None:
    for m in MISSIONS:
        assert m.question and m.story.intro and m.story.win and m.story.loss  # TI-16
        assert set(m.answer) <= set(m.alphabet)  # TI-A16
        assert len(m.alphabet) > len(set(m.answer))  # decoys
        assert sum(s.tan for s in m.stacks) == len(m.tan_pool)  # TI-3
        assert [f.kind for f in m.features].count("entrance") == 1  # TI-4


def test_first_mission_is_easy_and_the_later_ones_add_the_rest() -> None:
    first, second, third = MISSIONS[:3]
    assert not first.enemies and not first.doors
    kinds1 = {t.kind for t in first.tan_pool}
    assert kinds1 - {"glyph", "blank"} == {"camera", "gas"}  # the simple traps, TI-28, TI-29
    assert {f.kind for f in first.features} <= {"entrance", "laser_tripwire", "camera"}
    kinds2 = {t.kind for t in second.tan_pool}
    assert second.enemies and second.doors and {"keypad", "counter_intel", "alarm"} <= kinds2
    assert third.answer_area is not None  # TI-55
    assert any(len(w.symbols) == 2 for i, w in enumerate(third.windows)
               if i in third.answer_windows)
    blue = [t for s in third.stacks for t in s.extra]
    assert blue and all(t.blue for t in blue)  # TI-31
    assert any(t.glyph in third.glyph_keys for t in blue)
    assert any(len(CONTENT.enemies[p.enemy].suits) == 3 for p in third.enemies)
    assert {"safe", "laser_tripwire", "camera"} <= {f.kind for f in third.features}
    assert third.back_secret and third.face_secret  # TI-25


def test_every_token_kind_feature_icon_and_pile_is_used() -> None:
    tokens = [t for m in MISSIONS for t in (*m.tan_pool, *(x for s in m.stacks
                                                           for x in s.extra))]
    assert {t.kind for t in tokens} == set(TOKEN_KINDS)
    assert {f.kind for m in MISSIONS for f in m.features} == set(FEATURE_KINDS)
    assert {t.icon for t in tokens} >= set(ICONS)
    assert {t.pile for t in tokens if t.kind == "counter_intel"} <= set(range(len(PILES)))
    assert any(t.story for t in tokens)  # TI-16 hook on a token
    assert all(m.walls for m in MISSIONS[1:])


def test_a_content_file_is_laid_over_the_shipped_content(tmp_path: Path) -> None:
    extra = mission("clockmakers_word")
    extra.update(key="night_shift", number=4, name="Night Shift")
    path = tmp_path / "night.yaml"
    path.write_text(yaml.safe_dump({"missions": [extra]}), encoding="utf-8")
    content = load_content_file(path)
    assert content.campaign == CONTENT.campaign
    assert content.missions["night_shift"].name == "Night Shift"
    assert set(content.missions) == {*CONTENT.missions, "night_shift"}
    setup = build_setup(content=str(path), mission="night_shift")
    assert setup.mission.key == "night_shift"


def test_warnings_alone_do_not_refuse_content(tmp_path: Path) -> None:
    quiet = mission("clockmakers_word")
    quiet["story"] = {"intro": "Go."}
    path = tmp_path / "quiet.yaml"
    path.write_text(yaml.safe_dump({"missions": [quiet]}), encoding="utf-8")
    assert load_content_file(path).missions["clockmakers_word"].story.win == ""


def test_a_broken_content_file_is_refused_with_every_error(tmp_path: Path) -> None:
    bad = mission("clockmakers_word")
    bad.update(answer="BEL", board="castle")
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"missions": [bad]}), encoding="utf-8")
    with pytest.raises(ContentError) as error:
        load_content_file(path)
    assert str(error.value).splitlines() == [
        f"{path}: mission 'clockmakers_word', board: no board 'castle' (boards: "
        "observatory, workshop)",
        f"{path}: mission 'clockmakers_word', answer: 3 symbols, but the answer windows "
        "hide 4 ('BELL')"]
    with pytest.raises(ContentError, match="cannot read the content file"):
        load_content_file(tmp_path / "missing.yaml")


# --- build_setup ----------------------------------------------------------------------


def test_no_params_two_players_on_the_first_mission() -> None:
    """TI-1, TI-2, TI-4."""
    setup = build_setup()
    assert setup.mission.key == CONTENT.default_mission
    assert setup.num_seats == 2
    assert [s.character.key for s in setup.seats] == ["pip", "ada"]
    assert [s.name for s in setup.seats] == ["Player 1", "Player 2"]
    assert [s.label for s in setup.seats] == ["Pip Calloway (Player 1)", "Ada Quill (Player 2)"]
    assert setup.rules == TIRules()
    assert setup.board.rooms[setup.entrance].key == "hall"


def test_params_round_trip_through_to_params() -> None:
    setup = build_setup(players=3, mission="gallery_after_dark", characters="mina+rook+ada",
                        seat_names="Ann+Bo+Cy", answer_match="exact",
                        secrets=["ledger"], campaign="abc123")
    assert [s.name for s in setup.seats] == ["Ann", "Bo", "Cy"]
    assert setup.rules.answer_match == "exact"
    assert build_setup(**setup.to_params()) == setup


def test_the_back_secret_is_taken_at_setup() -> None:
    """TI-25: a secret on the mission's back is the group's before play."""
    setup = build_setup(mission="observatory_vault", secrets="ledger")
    assert setup.secrets == ("ledger", "star_chart")


def test_solo_with_two_characters() -> None:
    """TI-A17: characters_per_solo_player 2 gives one player two seats."""
    setup = build_setup(players=1, characters_per_solo_player=2)
    assert setup.num_seats == 2 and setup.players == 1
    assert setup.to_params()["players"] == 1
    assert build_setup(players=1).num_seats == 1


BAD: list[tuple[dict[str, Any], str]] = [
    ({"colour": "red"}, "unknown parameter 'colour' (parameters: players, mission"),
    ({"players": 5}, "players: expected 1 to 4, got 5"),
    ({"players": "two"}, "players: expected 1 to 4, got 'two'"),
    ({"mission": "moon_base"}, "mission: 'moon_base' is not one of clockmakers_word, "
                               "gallery_after_dark, observatory_vault"),
    ({"characters": "pip+zed"}, "characters: 'zed' is not one of pip, ada, rook, mina"),
    ({"characters": "pip+pip"}, "characters: a character is chosen twice"),
    ({"players": 3, "characters": "pip+ada"}, "characters: 2 given for 3 seats"),
    ({"seat_names": "A+B+C"}, "seat_names: 3 names for 2 seats"),
    ({"secrets": "gold"}, "secrets: 'gold' is not one of ledger, star_chart, last_letter"),
    ({"rules": 3}, "rules: expected TIRules or a mapping"),
    ({"answer_match": "fuzzy"}, "answer_match"),
    ({"explicit_chance": "maybe"}, "explicit_chance: expected true or false"),
    ({"content": 7}, "content: expected a content file path"),
    ({"campaign": ""}, "campaign: expected a campaign id"),
]


@pytest.mark.parametrize(("params", "message"), BAD, ids=[m for _, m in BAD])
def test_bad_params_name_the_param_and_the_valid_values(params: dict[str, Any],
                                                        message: str) -> None:
    with pytest.raises(GameParamError) as error:
        build_setup(**params)
    assert str(error.value).startswith("the_initiative: ")
    assert message in str(error.value)
