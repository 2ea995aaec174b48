"""The hex table's regions, rendered from a hand-built seat view (COMMON18 section 6):
every legal action is offered on the page, those with a place on the board are clickable
there, the Style-card reach of each unit is drawn for hover and focus (HX-23), and the
card sections read in words (HX-14)."""

from __future__ import annotations

import random
import re

import pytest

from initiative.games import load_game
from initiative.games.hex import events as ev
from initiative.games.hex.actions import Kind
from initiative.games.hex.geometry import Hex, behind, neighbor, project
from initiative.server.hex import render as hr
from initiative.server.hex.dice import last_attack
from tests.server.hex_sample import sample_view

KINDS = ("move", "face", "target", "order", "turn")


def actions_in(html: str) -> set[int]:
    return {int(n) for n in re.findall(r'data-action="(\d+)"', html)}


@pytest.mark.parametrize("kind", KINDS)
def test_every_legal_action_is_a_button_of_the_list(kind: str) -> None:
    view = sample_view(kind)
    regions = hr.regions(hr.context(view))
    wanted = {a["index"] for a in view["legal"]}
    assert wanted
    assert actions_in(regions["hx-actions"]) == wanted
    for a in view["legal"]:
        assert a["label"] in regions["hx-actions"]


def test_steps_are_clickable_hexes_next_to_the_mover() -> None:
    view = sample_view("move")
    board = hr.board(view, hr._choices(view))
    mover = Hex(*view["units"][0]["hex"])
    by_index = {m["choice"].index: m for m in board["moves"]}
    for a in view["legal"]:
        x, y = hr.center(neighbor(mover, a["arg"]))
        assert (by_index[a["index"]]["x"], by_index[a["index"]]["y"]) == (x, y)
    html = hr.regions(hr.context(view))["hx-board"]
    assert actions_in(html) == {a["index"] for a in view["legal"]}


def test_each_facing_is_an_arrow_in_the_neighbouring_hex() -> None:
    view = sample_view("face")
    html = hr.regions(hr.context(view))["hx-board"]
    assert html.count('class="face"') == 6
    assert actions_in(html) == {a["index"] for a in view["legal"]}


@pytest.mark.parametrize("kind", ["target", "order"])
def test_a_target_or_the_next_to_react_is_its_unit_on_the_board(kind: str) -> None:
    view = sample_view(kind)
    html = hr.regions(hr.context(view))["hx-board"]
    target = view["legal"][0]["index"]
    assert re.search(rf'<g class="unit u1 [^"]*pick"[^>]*data-action="{target}"', html)
    assert f'data-action="{target}"' not in html.split('class="unit u1')[0]


def test_card_sections_are_buttons_in_the_hand() -> None:
    view = sample_view("turn")
    hand = hr.regions(hr.context(view))["hx-hand"]
    assert actions_in(hand) == {a["index"] for a in view["legal"]}
    words = re.sub(r"<[^>]+>", "", hand)
    assert "move 2" in words and "2 dice" in words and "push" in words and "power +1" in words
    assert "1 shield" in words


def test_each_icon_has_a_tooltip_and_a_spoken_explanation() -> None:
    """HX-14: every icon of a card reads as a word, with what it does in a title (hover)
    and in text for screen readers; none is shown by its sign alone. The rule id stays in
    the tooltip, the spoken text is words only (issue 25)."""
    view = sample_view("turn")
    view["cards"]["lunge"]["attack"].update(barrage=True, fumble=True)
    view["cards"]["lunge"]["move"].update(displace=True, power=-1)
    hand = hr.regions(hr.context(view))["hx-hand"]
    for kind in ("displace", "barrage", "fumble", "push", "shield", "power-up", "power-down"):
        icon = re.search(rf'<span class="ic ic-{kind}" title="([^"]+)">(.*?)</span></span>',
                         hand)
        assert icon, kind
        tip = icon.group(1)
        words = re.sub(r" \(HX-\w+\)$", "", tip)
        assert words != tip and f"({words})" in icon.group(2) and "HX-" not in icon.group(2)


def test_a_section_that_cannot_be_played_now_says_why() -> None:
    """HX-24: with no target in reach the Attack section has no button and says so;
    HX-A3 cost: a power-down section without a token says it needs one."""
    view = sample_view("turn")
    view["legal"] = [a for a in view["legal"] if a["kind"] != "attack"]
    hand = hr.regions(hr.context(view))["hx-hand"]
    assert 'class="attack blocked"' in hand and "not now: no target in reach" in hand
    assert 'class="move usable"' in hand
    view["cards"]["lunge"]["attack"]["power"] = -1
    view["units"][0]["power"] = 0
    assert "not now: needs a Power token" in hr.regions(hr.context(view))["hx-hand"]
    view["legal"] = []  # not this seat's turn: no reasons shown
    assert "not now" not in hr.regions(hr.context(view))["hx-hand"]


def test_reach_is_the_style_card_projected_from_position_and_facing() -> None:
    """HX-23: the Style card's hexes turn with the unit's facing; off-board ones are
    not drawn. Units are focusable, and the reach shows on hover and on focus (CSS)."""
    view = sample_view("move")
    board = hr.board(view, [])
    cells = {Hex(*h) for h in view["board"]["hexes"]}
    for unit, reach in zip(view["units"], board["reaches"], strict=True):
        at = Hex(*unit["hex"])
        expected = [project(at, unit["facing"], Hex(*s["offset"]))
                    for s in view["styles"][unit["style"]]["hexes"]]
        drawn = [(s["x"], s["y"]) for s in reach["spots"]]
        assert drawn == [hr.center(h) for h in expected if h in cells]
    html = hr.regions(hr.context(view))["hx-board"]
    assert html.count('tabindex="0" role="img" aria-label="Ann') == 1
    assert "reach-0" in html and "reach-1" in html
    assert "4+" in html and "3+" in html


def test_a_seat_without_a_decision_gets_no_action() -> None:
    view = sample_view("move")
    view["legal"] = []
    view["pending"]["seat"] = 1
    regions = hr.regions(hr.context(view))
    assert not any(actions_in(html) for html in regions.values())
    assert "Bea is deciding" in regions["hx-actions"]


def test_card_icons_name_every_icon() -> None:
    card = {"move": {"steps": 0, "displace": True, "power": -1},
            "attack": {"dice": 1, "barrage": True, "fumble": True, "push": False, "power": 0},
            "reaction": {"shields": 2, "steps": 0, "displace": True, "power": 1}}
    icons = hr.card_icons(card)
    assert {k: [i["word"] for i in v] for k, v in icons.items()} == {
        "move": ["turn only", "displace", "power -1"],
        "attack": ["1 die", "barrage", "fumble"],
        "reaction": ["2 shields", "turn", "displace", "power +1"]}
    assert [i["kind"] for i in icons["move"]] == ["turn", "displace", "power-down"]
    assert all(i["tip"] and i["sign"] for v in icons.values() for i in v)


def test_the_line_marks_the_current_card_and_hides_unrevealed_ones() -> None:
    html = hr.regions(hr.context(sample_view("move")))["hx-line"]
    assert re.search(r'class="current seat-1"[^>]*>▲ Bea', html)
    assert 'class="done seat-0"' in html and "hidden" in html and "Special" in html


def test_the_winner_is_announced() -> None:
    view = sample_view("move")
    view.update(winner=1, over=True, legal=[], phase="over")
    view["units"][0].update(alive=False, health=0, hex=None)
    ctx = hr.context(view)
    status = hr.regions(ctx)["hx-status"]
    assert "Bea wins — you lose." in status
    assert re.search(r"Ann</strong>: eliminated", status)
    assert re.search(r"Bea</strong>: 5/5 health, 0 power", status)
    assert hr.announcement(ctx) == "Game over: Bea wins."
    view["winner"] = None
    status = hr.regions(hr.context(view))["hx-status"]
    assert "the game ends in a draw" in status and "record" not in status


def test_the_dice_say_whose_attack_and_what_it_did() -> None:
    """The Dice panel reads the public log: attacker, target, faces against the hex's
    number (HX-26), hits, shields (HX-33) and damage (HX-A5); "This attack" while it is
    under way, "Last attack" after."""
    log = [(ev.TARGETS, 0, 0), (ev.TARGETS, 0, 1), (ev.ROLLED, 1, 4, 2, 5, 4),
           (ev.REACTED, 1, 3), (ev.SHIELDED, 1, 1, 1), (ev.DAMAGED, 1, 1, 3)]
    dice = last_attack(log)
    assert dice is not None and dice["attacker"] == 0
    view = sample_view("move")
    html = hr.regions(hr.context(view, {"dice": dice}))["hx-dice"]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "Last attack: Ann on Bea" in text
    assert "Ann on Bea — 5 4 vs 4+ → 2 hits, 1 shield, 1 damage (3 health left)" in text
    view["pending"]["attacker"] = 0
    under_way = last_attack(log[:3])
    html = hr.regions(hr.context(view, {"dice": under_way}))["hx-dice"]
    assert "This attack:" in html and "no damage" not in html
    note = hr.regions(hr.context(view, {"dice": under_way}))["hx-actions"]  # beside the choices
    assert "Ann on Bea: 5 4 vs 4+ → 2 hits." in note
    ended = last_attack([*log, (ev.PLAY, 0, 2, 1)])  # Ann's next attack: no target yet
    html = hr.regions(hr.context(view, {"dice": ended}))["hx-dice"]
    assert "Last attack:" in html and "You are choosing whom to attack" in html
    assert last_attack([(ev.ROUND, 1)]) is None
    later = last_attack([(ev.TARGETS, 0, 1), (ev.PLAY, 1, 0, 0), (ev.DAMAGED, 1, 2, 1)])
    assert later is not None and later["over"] and later["targets"][0]["damage"] == 0


def test_the_hex_directly_behind_shows_with_the_reach() -> None:
    """HX-31 / HX-A14: the one neighbouring hex opposite the facing is drawn with the
    unit's reach (hover and focus), and the facing side of the unit's hex is marked."""
    view = sample_view("move")
    board = hr.board(view, [])
    bea = view["units"][1]
    back = behind(Hex(*bea["hex"]), bea["facing"])
    rear = board["reaches"][1]["behind"]
    assert rear is not None and (rear["x"], rear["y"]) == hr.center(back)
    html = hr.regions(hr.context(view))["hx-board"]
    assert html.count('class="behind"') == 2 and "no reaction" in html
    assert html.count('class="facing-edge"') == 2


ON_BOARD = hr.HEX_MOVES | hr.UNIT_CHOICES | {Kind.FACE}


def test_every_decision_of_real_games_is_offered() -> None:
    """At every decision of seeded random games of 2, 3 and 4 seats, the deciding
    seat's page offers each legal action in the list; those with a place on the board
    (steps, displacements, pushes, facings, targets) there too, and card sections on
    the hand; no other seat's page offers anything. (A barrage order, rare in random
    play, is checked on the hand-built view.)"""
    seen: set[Kind] = set()
    for players, board in ((2, "three_stones"), (3, "the_breach"), (4, "three_stones")):
        game = load_game("hex_skirmish", players=players, board=board, round_limit=6)
        state = game.new_initial_state(players)
        rng = random.Random(players)
        while not state.is_terminal():
            seat = state.current_seat()
            for other in range(players):
                regions = hr.regions(hr.context(state.view(other).to_dict()))
                offered = {name: actions_in(html) for name, html in regions.items()}
                if other != seat:
                    assert not any(offered.values())
                    continue
                for action in state.legal_actions():
                    i = game.action_index(action)
                    seen.add(action.kind)
                    assert i in offered["hx-actions"]
                    if action.kind in ON_BOARD:
                        assert i in offered["hx-board"], action
                    if action.kind in hr.CARD_CHOICES:
                        assert i in offered["hx-hand"], action
            state.apply(rng.choice(state.legal_actions()))
    assert seen >= ON_BOARD - {Kind.ORDER} | set(hr.CARD_CHOICES)


def test_names_clear_every_facing_wedge_and_token_in_real_games() -> None:
    """Issue 25: a unit's name was drawn over a neighbour's facing wedge (the name went
    above or below whatever stood there). At every decision of seeded random games of 2,
    3 and 4 seats, no name label covers a facing wedge, a token or another name, and a
    step into another character's hex (a displace, HX-21) carries no word over it."""
    covering = 0
    for players, board in ((2, "three_stones"), (3, "the_breach"), (4, "three_stones")):
        game = load_game("hex_skirmish", players=players, board=board, round_limit=6)
        state = game.new_initial_state(players + 10)
        rng = random.Random(players + 10)
        while not state.is_terminal():
            view = state.view(state.current_seat()).to_dict()
            drawn = hr.board(view, hr._choices(view))
            things = [hr.points_shape(u["arrow"]) for u in drawn["units"]]
            things += [hr.box_shape(hr.token_box(u["x"], u["y"], hr.TOKEN_R))
                       for u in drawn["units"]]
            names = [hr.label_box(u["label_x"], u["label_y"], f"{u['mark']} {u['name']}")
                     for u in drawn["units"]]
            for n, name in enumerate(names):
                others = things + [hr.box_shape(b) for b in names[:n] + names[n + 1:]]
                covering += any(hr.overlap(name, thing) for thing in others)
            assert all(m["label_y"] == m["y"] + 5 for m in drawn["moves"])
            html = hr.regions(hr.context(view))["hx-board"]
            assert not re.search(r'class="move [a-z]+ occupied"[^>]*>(?:(?!</g>).)*<text',
                                 html, re.S)
            state.apply(rng.choice(state.legal_actions()))
    assert covering == 0
