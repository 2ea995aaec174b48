"""The Initiative table's regions from a hand-built seat view (tests/server/ti_sample.py):
every legal action is a control, board choices sit on their room, token or door, cards
no pile takes say why (TI-12, TI-30, TI-34), the console shows only open windows'
symbols (TI-5, TI-22), the answer entry and the vote (TI-54..TI-56), and the end
banner with the true answer and the story (TI-16)."""

from __future__ import annotations

import html
import random
import re

import pytest

from initiative.games import load_game
from initiative.games.ti.actions import Kind, act, index, play
from initiative.server.ti import render as ti_render
from tests.server.ti_sample import card, choice, finished_view, sample_view, token

KINDS = ("turn", "run", "gather", "keypad", "disarm", "answer", "vote", "enemy_move",
         "discard", "arrange")


def rendered(view: dict[str, object]) -> dict[str, str]:
    return ti_render.regions(ti_render.context(view))


def offered(regions: dict[str, str]) -> set[int]:
    return {int(i) for html in regions.values() for i in re.findall(r'data-action="(\d+)"',
                                                                     html)}


@pytest.mark.parametrize("kind", KINDS)
def test_every_legal_action_is_a_button_of_the_list(kind: str) -> None:
    view = sample_view(kind, seat=1 if kind == "vote" else 0)
    regions = rendered(view)
    listed = {int(i) for i in re.findall(r'data-action="(\d+)"', regions["ti-actions"])}
    assert listed == {a["index"] for a in view["legal"]}
    for a in view["legal"]:
        assert a["label"] in html.unescape(regions["ti-actions"])


def test_board_choices_sit_where_they_belong() -> None:
    run = rendered(sample_view("run"))["ti-board"]
    hall = run.split('data-room="1"')[1].split("</g>")[0]
    assert f'data-action="{index(act(Kind.MOVE, 1))}"' in hall  # TI-17: a room to move to
    gather = rendered(sample_view("gather"))["ti-board"]
    alpha = gather.split('data-token="2"')[1].split("</g>")[0]
    assert f'data-action="{index(act(Kind.COLLECT, 2))}"' in alpha  # TI-21
    keypad = rendered(sample_view("keypad"))["ti-board"]
    assert re.search(r'class="link locked pick"[^>]*data-action="'
                     f'{index(act(Kind.DOOR, 0))}"', keypad)  # TI-32
    disarm = rendered(sample_view("disarm"))
    assert f'data-action="{index(act(Kind.DISARM, 5))}"' in disarm["ti-board"]  # TI-33
    assert f'data-action="{index(act(Kind.DISARM, 9))}"' in disarm["ti-piles"]  # TI-30


def test_the_board_draws_walls_doors_stacks_and_standees() -> None:
    board = rendered(sample_view("turn"))["ti-board"]
    assert board.count('class="room"') == 4
    assert 'class="link wall"' in board and 'class="link locked"' in board  # TI-17, TI-36
    assert "▦2" in board and "▦3" in board  # face-down counts only
    assert "o-+" in board and "γ" in board and "(not on the mission)" in board  # TI-20
    assert board.count('class="standee') == 2 and 'class="foe"' in board


def test_cards_no_pile_takes_are_greyed_with_the_reason() -> None:
    view = sample_view("turn")
    hand = rendered(view)["ti-hand"]
    low = hand.split('data-card="3"')[1].split("</li>")[0]
    assert "greyed" in hand.split('data-card="3"')[0].rsplit("<li", 1)[1]
    assert "INTEL: blocked by counter intel" in low and "not higher than the top (8■)" in low
    view["piles"][1]["counter_intel"] = []
    view["piles"][1]["top"] = card(40, "square", 11)
    view["rooms"][0]["face_up"] = []
    assert "lower than every pile top" in rendered(view)["ti-hand"]
    view["rooms"][0]["face_up"] = [token(8, "alarm")]
    view["piles"][1]["top"] = None
    assert "alarm: must use your highest card" in rendered(view)["ti-hand"]  # TI-34
    twelve = rendered(sample_view("turn"))["ti-hand"].split('data-card="33"')[1]
    assert f'data-action="{index(play(2, 33))}"' in twelve.split("</li>")[0]


def test_the_console_shows_only_open_windows() -> None:
    console = rendered(sample_view("turn"))["ti-console"]
    assert console.count('class="window open') == 2 and "closed" in console
    assert "Which three-letter word" in console


def test_the_answer_entry_and_the_vote() -> None:
    answer = rendered(sample_view("answer"))["ti-console"]
    rows = re.findall(r"<li><span class=\"pos\">(\d)\.", answer)
    assert rows == ["1", "2", "3"] and 'class="entered">E<' in answer
    second = answer.split('<span class="pos">2.</span>')[1].split("</li>")[0]
    assert second.count('class="sym"') == 3  # the mission's alphabet, position 2
    vote = rendered(sample_view("vote", seat=1))["ti-console"]
    assert "Ann: proposed" in vote and "Bea: waiting" in vote
    assert vote.count("data-action") == 2  # Bea's yes and no
    watching = rendered(sample_view("vote", seat=0))["ti-console"]
    assert "data-action" not in watching and "Bea: waiting" in watching


def test_the_end_banner_tells_the_answer_and_the_story() -> None:
    for won in (True, False):
        ctx = ti_render.context(finished_view(won))
        status = ti_render.regions(ctx)["ti-status"]
        assert ("Mission accomplished" in status) is won
        assert 'class="true-answer">EYE<' in status
        assert ("The vault opens." if won else "The guards arrive.") in status
        assert ("wins" if won else "loses") in ti_render.announcement(ctx)


def test_a_spectator_sees_no_hand_and_no_control() -> None:
    view = sample_view("turn", seat=-1)
    regions = rendered(view)
    assert "Spectators see no hand" in regions["ti-hand"] and not offered(regions)


def test_choice_labels_name_the_action() -> None:
    entry = choice(play(0, 20), "Play 9 of triangle on RUN")
    assert entry["kind"] == "play" and entry["text"] == "play run 20"


def test_enemy_ties_discards_and_the_lookouts_cards() -> None:
    """TI-42: a tied enemy destination is a room to click (drawn in red); TI-13: each
    card pays for a special with its own Discard button; the Lookout's top cards are
    shown to that seat with a button each (deck_top is in its view only)."""
    board = rendered(sample_view("enemy_move"))["ti-board"]
    lab = board.split('data-room="3"')[1].split("</g>")[0]
    assert 'class="pick enemy-to"' in lab
    assert f'data-action="{index(act(Kind.ENEMY_TO, 3))}"' in lab
    hand = rendered(sample_view("discard"))["ti-hand"]
    assert hand.count(">Discard</button>") == 4
    actions = rendered(sample_view("arrange"))["ti-actions"]
    assert "only you see these" in actions and ">7●</button>" in actions
    assert "only you see" not in rendered(sample_view("turn"))["ti-actions"]


def test_the_sample_has_the_shape_of_a_real_view() -> None:
    """The hand-built view keeps the keys the game's views have (no drift)."""
    real = load_game("the_initiative").new_initial_state(1).view(0).to_dict()
    sample = sample_view("turn")
    assert set(real) == set(sample)
    assert set(real["pending"]) <= set(sample_view("vote")["pending"])
    for key in ("mission", "board"):
        assert set(real[key]) == set(sample[key])
    for key in ("characters", "piles", "rooms"):
        assert set(real[key][0]) == set(sample[key][0])


@pytest.mark.parametrize("mission", ["clockmakers_word", "gallery_after_dark",
                                     "observatory_vault"])
def test_every_decision_of_real_games_is_offered(mission: str) -> None:
    """Seeded random games of each shipped mission (seeds 1-6: on mission 1 only seed 6's
    game reaches a GATHER; an answer proposed now and then): at every decision every
    legal action of the deciding seat is a control of its regions, the other seat's
    regions offer none, and each seat's hand region lists its own cards."""
    game = load_game("the_initiative", mission=mission)
    kinds: set[str] = set()
    for seed in range(1, 7):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            mover = state.current_seat()
            for seat in range(game.num_seats):
                view = state.view(seat).to_dict()
                regions = rendered(view)
                legal = {a["index"] for a in view["legal"]}
                assert legal <= offered(regions), (view["pending"], legal - offered(regions))
                if seat != mover:
                    assert not offered(regions)
                shown = re.findall(r'data-card="(\d+)"', regions["ti-hand"])
                assert shown == [str(c["id"]) for c in view["hand"]]
            kinds.add(str(state.view(mover).to_dict()["pending"]["kind"]))
            legal_now = list(state.legal_actions())
            if rng.random() > 0.04:  # an answer proposed now and then (answer, vote)
                legal_now = [a for a in legal_now if a.kind is not Kind.SOLVE] or legal_now
            state.apply(rng.choice(legal_now))
    assert {"first", "turn", "run", "intel_room", "gather", "answer", "vote"} <= kinds, kinds
