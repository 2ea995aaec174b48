"""The mission validator (games/ti/validate.py): the shipped content passes, and each
check fails on a copy of a shipped mission broken in the way it is about, naming the
file, the mission and the field path. Messages cite the rule (TI-n) they enforce."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from initiative.engine.findings import Finding
from initiative.games.ti.content import default_sources
from initiative.games.ti.schema import ContentFile
from initiative.games.ti.validate import check, validate_sources
from tests.ti.content_kit import WHERE, Change, broken, mission, shipped, validate

M1, M2, M3 = "clockmakers_word", "gallery_after_dark", "observatory_vault"


def _at(key: str, path: str) -> str:
    return f"{WHERE}: mission {key!r}, {path}: "


def _set(path: tuple[Any, ...], value: Any) -> Change:
    """Set the field at `path` (keys and list indices) of a mission."""
    def change(m: dict[str, Any]) -> None:
        target = m
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value
    return change


def _swap_pool(i: int, token: dict[str, Any]) -> Change:
    return _set(("tan_pool", i), token)


def test_the_shipped_content_passes() -> None:
    assert validate_sources(default_sources()) == []


def test_every_shipped_mission_passes_as_a_standalone_file() -> None:
    for key in (M1, M2, M3):
        assert broken(key, lambda m: None) == []


CASES: list[tuple[str, str, Change, str]] = [
    ("TI-22 answer glyph collectable", M1,
     _swap_pool(2, {"kind": "blank"}),
     _at(M1, "windows[2].glyph") + "no 'moth' glyph token in the tan pool or a stack's "
     "extras: the window can never open (TI-22)"),
    ("TI-31 bonus glyph only on blue tokens", M3,
     _swap_pool(5, {"kind": "glyph", "glyph": "comet"}),
     _at(M3, "tan_pool[5].glyph") + "'comet' is a bonus glyph: only on blue tokens"),
    ("TI-36 locked door closed without a keypad", M2,
     lambda m: (m["tan_pool"].__setitem__(10, {"kind": "blank"}),
                m["walls"].append(["archive", "study"])),
     _at(M2, "features") + "rooms study, vault cannot be reached from the entrance 'porch' "
     "(locked doors count as closed: no keypad token)"),
    ("TI-17 wall tokens close passages", M1,
     _set(("walls",), [["stairs", "hall"], ["hall", "parlour"]]),
     _at(M1, "features") + "rooms attic, parlour, stairs, storeroom, workroom cannot be "
     "reached from the entrance 'hall'"),
    ("TI-3 stacks take the whole tan pool", M1, _set(("stacks", 0, "tan"), 6),
     _at(M1, "stacks") + "the stacks take 17 tan tokens but the tan pool holds 16"),
    ("stacks in real rooms", M1, _set(("stacks", 0, "room"), "ballroom"),
     _at(M1, "stacks[0].room") + "no room 'ballroom' on board 'workshop'"),
    ("one stack a room", M1, _set(("stacks", 1, "room"), "attic"),
     _at(M1, "stacks") + "room 'attic' has 2 stacks"),
    ("answer length matches the windows", M1, _set(("answer",), "BEL"),
     _at(M1, "answer") + "3 symbols, but the answer windows hide 4 ('BELL')"),
    ("answer matches the windows", M1, _set(("answer",), "BELT"),
     _at(M1, "answer") + "'BELT', but the answer windows hide 'BELL'"),
    ("TI-55 answer area in range", M3, _set(("answer_area",), [1, 4]),
     _at(M3, "answer_area") + "[1, 4] is not a range of the windows 0..3 (TI-55)"),
    ("TI-55 one symbol a window without an area", M1, _set(("windows", 0, "symbols"), "BB"),
     _at(M1, "windows[0].symbols") + "hides 2 symbols; without an answer_area each window "
     "hides exactly one (TI-55)"),
    ("TI-23 same glyph same symbols", M1, _set(("windows", 3, "symbols"), "K"),
     _at(M1, "windows[3].symbols") + "glyph 'moth' hides 'K' here but 'L' in windows[2] "
     "(TI-23"),
    ("TI-A16 answer symbols in the alphabet", M1, _set(("alphabet",), "ABCDEFGHIJK"),
     _at(M1, "answer[2]") + "'L' is not in the alphabet"),
    ("TI-A16 alphabet symbols distinct", M1, _set(("alphabet",), "ABELLb"),
     _at(M1, "alphabet") + "'b', 'l' listed twice"),
    ("TI-30 counter intel names a real pile", M2, _set(("tan_pool", 12, "pile"), "sneak"),
     _at(M2, "tan_pool[12].pile") + "counter intel names an action pile: run, intel, "
     "gather, regroup; got 'sneak' (TI-30)"),
    ("only counter intel names a pile", M2, _set(("tan_pool", 13, "pile"), "run"),
     _at(M2, "tan_pool[13].pile") + "only counter intel names a pile, not a alarm token"),
    ("glyph tokens name a real glyph", M1, _set(("tan_pool", 3, "glyph"), "anvil"),
     _at(M1, "tan_pool[3].glyph") + "no glyph 'anvil'"),
    ("window glyphs exist", M1, _set(("windows", 0, "glyph"), "anvil"),
     _at(M1, "windows[0].glyph") + "no glyph 'anvil'"),
    ("TI-25 secrets exist", M2, _set(("face_secret",), "diary"),
     _at(M2, "face_secret") + "no secret 'diary' (secrets: last_letter, ledger, star_chart)"),
    ("TI-39 enemies exist", M2, _set(("enemies", 0, "enemy"), "ghost"),
     _at(M2, "enemies[0].enemy") + "no enemy 'ghost' (enemies: gloam, warden)"),
    ("enemy rooms exist", M2, _set(("enemies", 0, "room"), "cellar"),
     _at(M2, "enemies[0].room") + "no room 'cellar' on board 'observatory'"),
    ("TI-2 board exists", M1, _set(("board",), "castle"),
     _at(M1, "board") + "no board 'castle' (boards: observatory, workshop)"),
    ("token count within MAX_TOKENS", M1,
     lambda m: (m["tan_pool"].append({"kind": "blank", "count": 50}),
                m["stacks"][0].update(tan=55)),
     _at(M1, "tan_pool") + "70 tokens with extras and features, more than 64"),
    ("enemies within MAX_ENEMIES", M2,
     _set(("enemies",), [{"enemy": "warden", "room": "dome"}] * 5),
     _at(M2, "enemies") + "5 enemies, more than 4"),
    ("TI-4 exactly one entrance (two)", M1,
     lambda m: m["features"].append({"kind": "entrance", "room": "attic"}),
     _at(M1, "features") + "2 entrances; a mission has exactly one (TI-4"),
    ("TI-4 exactly one entrance (none)", M1, _set(("features",), [
        {"kind": "laser_tripwire", "room": "attic"}]),
     _at(M1, "features") + "0 entrances; a mission has exactly one (TI-4"),
    ("TI-36 doors on printed passages", M2, _set(("doors",), [["dome", "vault"]]),
     _at(M2, "doors[0]") + "dome-vault is not a printed passage of board 'observatory'"),
    ("TI-17 walls on printed passages", M2, _set(("walls",), [["porch", "vault"]]),
     _at(M2, "walls[0]") + "porch-vault is not a printed passage"),
    ("a passage closed once", M2, _set(("walls",), [["study", "rotunda"]]),
     _at(M2, "walls[0]") + "study-rotunda is already closed by doors[0]"),
    ("doors within MAX_DOORS", M2, _set(("doors",), [["dome", "telescope"]] * 9),
     _at(M2, "doors") + "9 locked doors, more than 8"),
    ("glyph only on glyph tokens", M1, _set(("tan_pool", 4, "glyph"), "sun"),
     _at(M1, "tan_pool[4].glyph") + "a gas token shows no glyph"),
]


@pytest.mark.parametrize(("key", "change", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_each_check_fails_on_a_broken_mission(key: str, change: Change, expected: str
                                              ) -> None:
    messages = broken(key, change)
    assert any(m.startswith(expected) for m in messages), messages


def _doors_in_a_row(m: dict[str, Any]) -> None:
    """M3 with the cloakroom behind a locked door from the porch and the vault behind a
    second door from the cloakroom (walls close every other way in)."""
    m["doors"] = [["porch", "cloakroom"], ["cloakroom", "vault"]]
    m["walls"] = [["gallery", "rotunda"], ["rotunda", "cloakroom"], ["study", "vault"]]


def _two_keypads(m: dict[str, Any]) -> None:
    m["tan_pool"][10]["count"] = 2
    m["tan_pool"][18]["count"] = 1


def _doors_side_by_side(m: dict[str, Any]) -> None:
    """M3 with the cloakroom and the vault each behind its own door from the rest."""
    m["doors"] = [["porch", "cloakroom"], ["study", "vault"]]
    m["walls"] = [["gallery", "rotunda"], ["rotunda", "cloakroom"],
                  ["cloakroom", "vault"]]


def test_ti32_one_keypad_opens_one_door_so_two_doors_in_a_row_need_two() -> None:
    """TI-32, TI-36: a keypad token flips one locked door; with one keypad the room
    behind a second door in a row is out of reach. Two keypads reach it."""
    assert broken(M3, _doors_in_a_row) == [
        _at(M3, "features") + "room vault cannot be reached from the entrance 'porch' "
        "(TI-32: one keypad opens one door; 1 keypad)"]
    assert broken(M3, lambda m: (_doors_in_a_row(m), _two_keypads(m))) == []


def test_ti32_doors_side_by_side_need_a_keypad_each() -> None:
    """TI-32: two doors each one step from the entrance's rooms need two keypads
    between them; one keypad reaches either room but not both."""
    assert broken(M3, _doors_side_by_side) == [
        _at(M3, "features") + "rooms cloakroom, vault cannot be reached from the "
        "entrance 'porch' all at once: their locked doors need 2 keypads, the mission "
        "has 1 (TI-32: one keypad opens one door)"]
    assert broken(M3, lambda m: (_doors_side_by_side(m), _two_keypads(m))) == []


WARNINGS: list[tuple[str, str, Change, str]] = [
    ("TI-16 story text", M1, _set(("story", "win"), ""),
     _at(M1, "story.win") + "no text (TI-16"),
    ("TI-A16 decoys", M1, _set(("alphabet",), "BEL"),
     _at(M1, "alphabet") + "only the answer's own symbols"),
    ("TI-32 keypad without a door", M3, _set(("doors",), []),
     _at(M3, "doors") + "a keypad token but no locked door"),
    ("TI-32 door without a keypad", M2, _swap_pool(10, {"kind": "blank"}),
     _at(M2, "doors") + "locked doors but no keypad token: they never open"),
    ("TI-40 an ability no token fires", M2,
     lambda m: [t.pop("icon", None) for t in m["tan_pool"] if t.get("icon") == "spiral"],
     _at(M2, "enemies[0]") + "warden's spiral ability never fires"),
]


@pytest.mark.parametrize(("key", "change", "expected"), [c[1:] for c in WARNINGS],
                         ids=[c[0] for c in WARNINGS])
def test_each_slip_is_a_warning(key: str, change: Change, expected: str) -> None:
    copy = mission(key)
    change(copy)
    found = validate({"missions": [copy]})
    assert [(f.level, f.message[:len(expected)]) for f in found] == [("warning", expected)]


def test_every_problem_is_reported_at_once() -> None:
    def change(m: dict[str, Any]) -> None:
        m["stacks"][0]["room"] = "ballroom"
        m["answer"] = "BEL"
        m["board"] = "workshop"
        m["face_secret"] = "diary"
    messages = broken(M1, change)
    assert [m.split(": ")[1].split(", ")[1] for m in messages] == [
        "stacks[0].room", "answer", "face_secret"]


def test_a_secret_no_mission_gives_is_an_error() -> None:
    """TI-25: every secret card is reachable from some mission."""
    found = validate({"secrets": [{"key": "orphan", "title": "Orphan", "text": "Alone."}]})
    assert [f.message for f in found] == [
        f"{WHERE}: secret 'orphan': no mission gives it (TI-25: give it as a mission's "
        "back_secret or face_secret)"]


def test_a_campaign_names_real_missions_once() -> None:
    """TI-57: the campaign plays each mission once."""
    found = validate({"campaign": [M1, "lost_mission", M1]})
    assert [f.message for f in found] == [
        f"{WHERE}: campaign[1]: no mission 'lost_mission' (missions: {M1}, {M2}, {M3})",
        f"{WHERE}: campaign: mission {M1!r} is listed 2 times (TI-57: a mission is never "
        "replayed)"]


def test_boards_rooms_and_passages_are_checked() -> None:
    board = shipped("boards")[0]
    board["passages"].append(["stairs", "cellar"])
    board["rooms"][1]["col"] = 0
    found = [f.message for f in validate({"boards": [board]})]
    assert f"{WHERE}: board 'workshop', rooms[1]: cell (0, 0) is also room 'stairs'" in found
    assert any(m.startswith(f"{WHERE}: board 'workshop', passages[7]: no room 'cellar'")
               for m in found)


def test_enemies_use_deck_suits_and_whole_abilities() -> None:
    enemy = shipped("enemies")[0]
    enemy["suits"] = ["star"]
    enemy["abilities"][0]["rooms"] = 0
    found = [f.message for f in validate({"enemies": [enemy]})]
    assert found == [
        f"{WHERE}: enemy 'warden', suits[0]: no suit 'star' in the deck (suits: circle, "
        "square, triangle)",
        f"{WHERE}: enemy 'warden', abilities[0]: move_toward needs a target and rooms >= 1 "
        "(TI-42)"]


def test_content_needs_a_deck_four_characters_and_a_campaign() -> None:
    """TI-1 and TI-6 without the shipped content underneath."""
    found = check([("alone.yaml", ContentFile())])
    assert [f.message for f in found] == [
        "content: no deck section (TI-6: the resource deck)",
        "content: 0 characters, but 4 players need one each (TI-1)",
        "content: no campaign section (TI-57: the missions in order)"]


def test_time_card_keys_are_their_own() -> None:
    """TI-6, TI-49: every card of the deck has its own key."""
    deck = {"suits": ["circle", "square", "triangle"], "values": [1, 3],
            "time_cards": [{"key": "circle_2", "time": 1}, {"key": "sand", "time": 2},
                           {"key": "sand", "time": 1}]}
    found = [f.message for f in validate({"deck": deck})]
    assert found == [f"{WHERE}: deck.time_cards: key 'sand' is used twice",
                     f"{WHERE}: deck.time_cards: key 'circle_2' is also a resource card's"]


def test_a_key_twice_in_one_file_is_an_error() -> None:
    copy = mission(M1)
    found = [f.message for f in validate({"missions": [copy, copy]})]
    assert found == [f"{WHERE}: mission {M1!r} is defined 2 times in this file"]


def test_schema_errors_name_file_entry_and_field() -> None:
    copy = mission(M2)
    copy["tan_pool"][0]["kind"] = "trapdoor"
    found = [f.message for f in validate({"missions": [copy]})]
    assert len(found) == 1
    assert found[0].startswith(f"{WHERE} (mission {M2!r}), field missions[0].tan_pool[0]"
                               ".kind: Input should be 'glyph'")


def test_schema_errors_name_an_enemy_entry() -> None:
    enemy = shipped("enemies")[1]
    enemy["strength"] = 0
    found = [f.message for f in validate({"enemies": [enemy]})]
    assert found == [f"{WHERE} (enemy 'gloam'), field enemies[0].strength: Input should be "
                     "greater than or equal to 1"]


def test_a_standalone_mission_file_adds_to_the_shipped_content() -> None:
    """A new mission with its own secret, on a shipped board, checked and loaded."""
    copy = mission(M1)
    copy.update(key="night_shift", number=4, face_secret="night_note")
    document = {"secrets": [{"key": "night_note", "title": "A Note", "text": "Hi."}],
                "missions": [copy]}
    assert validate(document) == []


def test_the_documented_standalone_mission_file_passes() -> None:
    """docs/the-initiative-content.md: its example mission file validates as it is."""
    doc = Path(__file__).resolve().parents[2] / "docs" / "the-initiative-content.md"
    blocks = re.findall(r"```yaml\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    example = next(b for b in blocks if "night_shift" in b)
    assert validate_sources([(example, "night.yaml")], base=default_sources()) == []


def test_findings_are_errors() -> None:
    assert all(isinstance(f, Finding) and f.is_error for f in validate(
        {"missions": [dict(mission(M1), answer="X")]}))
