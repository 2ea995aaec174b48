"""Initiative Break's seat page in words a person reads (issue 25): no internal key and no
rule id in the main text (the ids sit in a tooltip), teams and seats numbered from 1 and
named as the terminal names them, a discard cost's prompt that says how many cards are
left to choose, a Break window that offers only what can be played (plus "No Break"),
a kept hand in one click with no track preview, and a preview that warns of a Move Up
that cannot happen (IB-3.4.3). Every page here is served by the app (`GET /t/<id>`) at
a real position reached through `POST /api/tables` with a seed and the actions before
it; drafts are built over the seat's socket as the page builds them."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from initiative.games.ib import events
from initiative.games.ib.actions import DECLINE, KEEP, MULLIGAN, Action, Kind
from initiative.games.ib.presets import DUEL_SEATS
from initiative.games.ib.state import IBState
from initiative.games.ib.text import describe
from initiative.server.ib.drafts import draft_state
from tests.cli.helpers import run_cli
from tests.cli.test_break_prompt import Window, active_can_break, first
from tests.server.test_app import Seat, join, running
from tests.web.support import Position, bot_line, build_match, find_position, replay

BODY: dict[str, Any] = {"mode": "1v1", "seat0_team": "tideguard", "seat1_team": "ashfall"}
"""The default names: the web's "Player 1" and "Player 2"."""
CONTROL = re.compile(r'<button[^>]*data-op="(\w+)"[^>]*data-action="(\d+)"')
TAG = re.compile(r"<[^>]+>")


def words(fragment: str) -> str:
    """What a person reads in an HTML fragment: its text, tags and attributes left out."""
    return " ".join(html.unescape(TAG.sub(" ", fragment)).split())


def region(page: str, name: str) -> str:
    """One region of a served page (`<section id="name">`), as HTML."""
    found = re.search(rf'<section id="{name}"[^>]*>(.*?)</section>', page, re.S)
    assert found is not None, name
    return found[1]


@contextmanager
def table_at(tmp_path: Path, body: dict[str, Any]) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    with running(tmp_path) as client:
        made = client.post("/api/tables", json={**BODY, **body})
        assert made.status_code == 201, made.text
        yield client, made.json()


def page(client: TestClient, made: dict[str, Any], seat: int) -> str:
    served = client.get(made["links"][seat])
    assert served.status_code == 200
    return served.text


@contextmanager
def seat_socket(client: TestClient, made: dict[str, Any], seat: int) -> Iterator[Seat]:
    with ExitStack() as stack:
        yield join(stack, client, made["id"], made["seats"][seat], claims=False)


def step(socket: Seat, action: Action) -> None:
    socket.send(op="step", action=action.index)
    assert socket.recv()["type"] == "state"


def controls(fragment: str) -> dict[int, str]:
    """Each control's action number and its op (step: into the draft; act: at once)."""
    return {int(index): op for op, index in CONTROL.findall(fragment)}


# --- item 1: texts -----------------------------------------------------------------------


def test_the_decision_names_the_unit_without_its_internal_key(tmp_path: Path) -> None:
    """`Wren Aldous (Player 1) acts`, never `... (wren) acts`: the label is the
    terminal's typing key, not a word for the page."""
    at = find_position(BODY, 0, lambda s, a: a.kind == Kind.BASIC)
    with table_at(tmp_path, at.body) as (client, made):
        actions = words(region(page(client, made, 0), "actions"))
    view = at.before.view(0)
    unit = view.units[describe.active_unit(view)]
    assert f"{unit.who} acts: choose an action" in actions
    assert f"({unit.label})" not in actions


def finished_line(seed: int) -> tuple[list[int], IBState]:
    """A whole game of random bots: its actions and its end."""
    match = build_match({**BODY, "seed": seed})
    actions = [index for _, index in bot_line(match, seed, "random")]
    return actions, replay(match, seed, actions)


def test_the_result_numbers_teams_from_1_and_names_them_as_the_log_does(
        tmp_path: Path) -> None:
    """`Team 2 (Player 2) wins.` on the winner's page, the loser's, the spectator's and in
    the log: the same words and the same numbers (from 1) as the terminal's."""
    actions, final = finished_line(5)
    assert final.result in (0, 1)
    winner = final.result
    name = f"Player {winner + 1}"
    with table_at(tmp_path, {"seed": 5, "prefix": actions}) as (client, made):
        won = words(region(page(client, made, winner), "status"))
        lost = words(region(page(client, made, 1 - winner), "status"))
        watched = client.get(f"/t/{made['id']}?k={made['spectator']}").text
        log = words(region(page(client, made, 0), "log"))
    said = f"Team {winner + 1} ({name}) wins."
    assert f"Result: you win! {said}" in won
    assert f"Result: you lose. {said}" in lost
    assert f"Result: {said}" in words(region(watched, "status"))
    assert log.endswith(said)
    assert f"Team {winner} (" not in won + lost + log


def test_rule_ids_are_in_tooltips_not_in_the_words(tmp_path: Path) -> None:
    """A Break window where the acting unit could break: the prompt says in words that
    breaking ends its activation; the rule (AMB-34) is the prompt's tooltip."""
    window: Window = first({}, active_can_break)
    seat = window.state.current_seat()
    with table_at(tmp_path, {"seed": window.seed, "prefix": list(window.actions)}) as (
            client, made):
        served = page(client, made, seat)
    actions, status = region(served, "actions"), region(served, "status")
    shown = words(actions) + " " + words(status)
    assert "is acting now: breaking with it ends its activation." in shown
    assert not describe.RULE_ID.search(shown), shown
    assert 'title="Rules: AMB-34"' in actions


def test_unavailable_actions_give_why_in_words_and_the_rule_in_a_tooltip(
        tmp_path: Path) -> None:
    """At an action choice the actions one cannot take are listed, each with why; the
    rule ids of the reasons are tooltips."""
    def weak(state: IBState, action: Action) -> bool:
        view = state.view(0)
        return action.kind == Kind.BASIC and view.units[describe.active_unit(view)].charge < 3

    at = find_position(BODY, 0, weak)
    with table_at(tmp_path, at.body) as (client, made):
        actions = region(page(client, made, 0), "actions")
    reasons = re.findall(r'<span class="why"([^>]*)>(.*?)</span>', actions)
    assert reasons, "the Break Art needs 3 Charge: it is listed as unavailable"
    assert all(not describe.RULE_ID.search(why) for _, why in reasons)
    assert any("Rules: IB 4.3" in attributes for attributes, _ in reasons)


def test_split_rules_keeps_the_words_of_an_aside() -> None:
    assert describe.split_rules("Answer the window first (break or decline, IB 3.7)") == (
        "Answer the window first (break or decline)", ("IB 3.7",))
    assert describe.split_rules("It costs 1 Charge; Wren has 0 (IB 4.5.6, 4.5.7)") == (
        "It costs 1 Charge; Wren has 0", ("IB 4.5.6, 4.5.7",))
    assert describe.split_rules("Wren (North) acts") == ("Wren (North) acts", ())


# --- item 2: controls --------------------------------------------------------------------


def costly(state: IBState, action: Action) -> bool:
    """Playing a card whose cost is 2 discards or more (IB 4.4)."""
    if action.kind != Kind.PLAY:
        return False
    card = state.hands[state.current_seat()][action.arg]
    return state.match.content.cards[card].cost >= 2


def test_a_discard_cost_prompt_says_how_many_cards_are_left(tmp_path: Path) -> None:
    """As the terminal does: `choose a card to discard for its cost (2 more)`, then
    `(1 more)` after the first discard."""
    at = find_position(BODY, 0, costly)
    cost = at.match.content.cards[at.before.hands[0][at.steps[0].arg]].cost
    with table_at(tmp_path, at.body) as (client, made), seat_socket(client, made, 0) as me:
        step(me, at.steps[0])
        first_prompt = words(region(page(client, made, 0), "actions"))
        step(me, at.steps[1])
        second_prompt = words(region(page(client, made, 0), "actions"))
    assert f"choose a card to discard for its cost ({cost} more)" in first_prompt
    assert f"choose a card to discard for its cost ({cost - 1} more)" in second_prompt


def test_the_break_window_offers_only_what_can_be_played(tmp_path: Path) -> None:
    """No greyed-out buttons in a Break window: a Break for each unit that may break,
    and one "No Break"."""
    window: Window = first({}, lambda v: any(a.kind == Kind.BREAK for a in v.legal))
    seat = window.state.current_seat()
    with table_at(tmp_path, {"seed": window.seed, "prefix": list(window.actions)}) as (
            client, made):
        actions = region(page(client, made, seat), "actions")
    assert "disabled" not in actions and 'class="unavailable"' not in actions
    offered = controls(actions)
    assert set(offered) == {a.index for a in window.view.legal}
    assert words(actions).count("No Break") == 1 and DECLINE.index in offered


def test_keeping_the_opening_hand_is_one_click(tmp_path: Path) -> None:
    """"Keep hand" plays at once (no draft, no Confirm, no track preview); the mulligan
    still asks for a Confirm, with no track preview either (it moves nothing)."""
    with table_at(tmp_path, {"seed": 3}) as (client, made):
        actions = region(page(client, made, 0), "actions")
        assert controls(actions) == {KEEP.index: "act", MULLIGAN.index: "step"}
        assert "disabled" not in actions  # no greyed-out attacks before the first turn
        with seat_socket(client, made, 0) as me:
            step(me, MULLIGAN)
            drafted = region(page(client, made, 0), "actions")
            assert 'data-op="confirm"' in drafted and 'class="preview"' not in drafted
            me.send(op="cancel")
            me.recv()
            me.send(op="act", actions=[KEEP.index])
            assert me.recv()["view"]["deciding"] == 1


def warned(state: IBState, seat: int, steps: tuple[Action, ...]) -> list[str]:
    drafted = draft_state(state, seat, steps)
    assert drafted.preview is not None
    return describe.preview_warnings(drafted.preview.added, state.match)


AHEAD = "only the Active slot is ahead"
"""Why a unit just behind the Active slot cannot Move Up (IB-3.4.3, AMB-04 at_limit)."""


def find_blocked_move_up() -> Position:
    """The first position of seeded random games where a complete action Moves Up a
    unit standing just behind the Active slot (IB-3.4.3: it cannot move)."""
    found: list[IBState] = []

    def first_step(state: IBState, action: Action) -> bool:
        found[:] = [state]
        return action.kind in (Kind.PLAY, Kind.BASIC, Kind.ADVANCED, Kind.BREAK_ART)

    def whole(steps: tuple[Action, ...]) -> bool:
        state = found[0]
        return any("cannot Move Up" in w and AHEAD in w
                   for w in warned(state, state.current_seat(), steps))

    return find_position(BODY, 0, first_step, whole, seeds=range(1, 80))


def test_a_move_up_that_cannot_happen_is_warned_in_the_preview(tmp_path: Path) -> None:
    at = find_blocked_move_up()
    expected = warned(replay(at.match, at.body["seed"], at.body["prefix"]), 0, at.steps)
    with table_at(tmp_path, at.body) as (client, made), seat_socket(client, made, 0) as me:
        for s in at.steps:
            step(me, s)
        actions = region(page(client, made, 0), "actions")
    assert 'data-op="confirm"' in actions
    warning = re.search(r'<ul class="warnings"[^>]*>(.*?)</ul>', actions, re.S)
    assert warning is not None
    assert [words(li) for li in re.findall(r"<li>(.*?)</li>", warning[1])] == expected
    assert any("cannot Move Up" in w and AHEAD in w for w in expected)
    before = replay(at.match, at.body["seed"], at.body["prefix"])
    after = before.clone()  # and the confirmed action does what the warning said
    for s in at.steps:
        after.apply(s)
    moves = [events.read(e) for e in after.events()[before.log_len:]]
    assert any(isinstance(m, events.Move) and m.outcome == events.AT_LIMIT for m in moves)


def test_a_duel_seats_the_same_default_names_in_the_terminal_and_on_the_web(
        tmp_path: Path) -> None:
    """Issue 25 item 4: a 1v1 nobody names seats "Player 1" and "Player 2" on both front
    ends (one source, `presets.DUEL_SEATS`), never North/South in one and Player N in
    the other: `initiative play` says so in its first lines, the web seat page too."""
    assert DUEL_SEATS == ("Player 1", "Player 2")
    done = run_cli(["play", "--seed", "5", "--bot", "random", "--seat", "2"], "1\n" * 3000)
    assert done.returncode == 0, done.stderr
    assert "you are Player 2 (seat 2, tideguard)" in done.stdout
    assert "Player 1: hand 5" in done.stdout
    assert "North" not in done.stdout and "South" not in done.stdout
    with table_at(tmp_path, {"seed": 5}) as (client, made):
        mine = words(page(client, made, 1))
    assert "Player 1" in mine and "Player 2" in mine
    assert "North" not in mine and "South" not in mine
