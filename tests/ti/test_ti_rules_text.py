"""Words: a sentence for every event and a label for every action (text.py), and
every rule id cited by the rules and by their tests."""

from __future__ import annotations

import random
import re
from pathlib import Path

from initiative.engine.contract import GAME_MASTER
from initiative.games.ti import events as ev
from initiative.games.ti import text
from initiative.games.ti.actions import ALL, Kind, act, play, tuck
from initiative.games.ti.frames import ANSWER, ENEMY_MOVE, VOTE, Frame
from tests.ti.build import card, position
from tests.ti.play import play_out
from tests.ti.sample import sample_game, sample_setup

ROOT = Path(__file__).resolve().parents[2]


def test_every_event_code_met_in_random_games_has_a_sentence() -> None:
    seen: set[int] = set()
    for mission in ("eye", "vault-2", "drill"):
        game = sample_game(mission, 2)
        for seed in range(25):
            state = play_out(game, seed)
            for event in state.events():
                sentence = text.describe(game.setup, event)
                assert sentence and sentence[0].isupper() and sentence.endswith((".", "!"))
                seen.add(event[0])
    assert len(seen) >= 30


def test_every_event_code_has_a_renderer() -> None:
    setup = sample_setup("drill", 2)
    samples = {ev.REGROUPED: (ev.REGROUPED, 0, 2), ev.SAW: (ev.SAW, 0, 1, 2, 3),
               ev.LOST: (ev.LOST, ev.TIME), ev.SECRET: (ev.SECRET, 0, ev.AT_SETUP),
               ev.BURNED: (ev.BURNED, 3, ev.BY_CAMERA), ev.WON: (ev.WON,),
               ev.STORY: (ev.STORY, 3), ev.WINDOW: (ev.WINDOW, 0), ev.UNLOCKED: (ev.UNLOCKED, 0)}
    for code in ev.CODES:
        event = samples.get(code, (code, 0, 1, 2))
        assert text.describe(setup, event)


def test_private_events_name_their_card_only_to_their_seat() -> None:
    state = sample_game("eye", 2).new_initial_state(4)
    own = [line["text"] for line in state.view(0).to_dict()["log"]]
    other = [line["text"] for line in state.view(1).to_dict()["log"]]
    assert sum("(Ada) drew" in t for t in own) == 4
    assert not any("(Ada) drew" in t for t in other)
    assert sum("(Ada) drew" in t for t in (line["text"] for line in
                                         state.view(GAME_MASTER).to_dict()["log"])) == 4


def test_labels_read_in_context() -> None:
    setup = sample_setup("vault-2", 2)
    assert text.label(setup, play(0, card("circle-7"))) == "Play circle 7 on RUN"
    assert text.label(setup, act(Kind.MOVE, 2)) == "Move to the Server Room"
    assert text.label(setup, act(Kind.COLLECT, 2)) == \
        "Collect the Lantern glyph token (spiral)"
    assert text.label(setup, tuck(0, card("square-3"))) == "Tuck square 3 under the Watchdog"
    vote = Frame(VOTE, 1, items=(4, 24, 4))
    assert text.label(setup, act(Kind.YES), vote) == \
        "Vote yes on the proposal to solve with E Y E"
    assert text.label(setup, act(Kind.NO), vote) == \
        "Vote no on the proposal to solve with E Y E"
    entering = Frame(ANSWER, 0, items=(4, 24, 4))
    assert text.label(setup, act(Kind.ERASE), entering) == "Take back E"
    assert text.label(setup, act(Kind.ANNOUNCE), entering) == "Announce the answer E Y E"
    assert text.label(setup, act(Kind.ENEMY_TO, 5), Frame(ENEMY_MOVE, 0, enemy=0)) == \
        "Move the Watchdog to the Vault Office"
    assert text.label(setup, act(Kind.PILE, 1)) == \
        "Regroup INTEL: clear its cards and counter intel"
    assert text.label(setup, act(Kind.DOOR, 0)) == \
        "Unlock the door between the Archive and the Server Room"


def test_every_action_has_a_label() -> None:
    setup = sample_setup("drill", 2)
    rng = random.Random(0)
    for action in rng.sample(ALL, 400):
        if action.kind in (Kind.PLAY, Kind.TUCK, Kind.DISCARD, Kind.ARRANGE) and \
                action.arg % 48 >= len(setup.content.cards):
            continue
        if action.kind in (Kind.COLLECT, Kind.REMOVE, Kind.DISARM) and \
                action.arg >= setup.num_tokens:
            continue
        if action.kind in (Kind.MOVE, Kind.ROOM, Kind.ENEMY_TO) and action.arg >= 6:
            continue
        if action.kind in (Kind.TUCK,) and action.arg // 48 >= 2:
            continue
        if action.kind in (Kind.FIRST,) and action.arg >= 2:
            continue
        if action.kind is Kind.DOOR and action.arg >= 1:
            continue
        assert text.label(setup, action)


def test_the_view_labels_every_legal_action() -> None:
    state = position(hands={0: ["circle-3", "square-5", "triangle-9", "circle-12"]})
    legal = state.view(0).to_dict()["legal"]
    assert {item["label"] for item in legal} >= {"Play circle 3 on RUN",
                                                 "Use the special action (discard 2 cards)",
                                                 "Propose to solve the mission"}


def test_every_rule_id_is_cited_in_the_rules_and_their_tests() -> None:
    """TI-1..TI-57 and TI-A1..TI-A23 each appear in games/ti and in tests/ti."""
    src = "".join(p.read_text() for p in (ROOT / "src/initiative/games/ti").glob("*.py"))
    tests = "".join(p.read_text() for p in (ROOT / "tests/ti").glob("test_ti_rules*.py"))
    ids = [f"TI-{i}" for i in range(1, 58)] + [f"TI-A{i}" for i in range(1, 24)]
    for rule in ids:
        pattern = re.compile(rf"{rule}\b")
        assert pattern.search(src), f"{rule} is not cited in games/ti"
        assert pattern.search(tests), f"{rule} is not cited in tests/ti"
