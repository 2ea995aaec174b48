"""The two GM trackers behind the engine contract (engine/contract.py): seats, legal
actions that always apply, refusals that change nothing, numbering, and per-seat views
that never carry another seat's secrets (OTHER-RULINGS 2d and FA-A14)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from initiative.engine.contract import GAME_MASTER, SPECTATOR, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.timing import cards_commands as C
from initiative.timing import ticks_commands as K
from initiative.timing.cards import GM
from initiative.timing.cards_content import sample_roster
from initiative.timing.cards_game import GM_SEAT, CardGame, CardState
from initiative.timing.ticks_game import TickGame, TickState
from initiative.timing.ticks_rules import CharacterSheet, TickRules

PROPS = settings(max_examples=40, deadline=None)
ROSTER = [
    CharacterSheet("Ryo", True, stamina=3, wits=3, awareness=2),
    CharacterSheet("Sela", True, stamina=2, wits=2, awareness=3),
    CharacterSheet("Brute", False, stamina=4, wits=1, awareness=1),
]


def tick_state(rules: TickRules | None = None, seed: int = 1) -> TickState:
    return TickGame(ROSTER, rules).new_initial_state(seed)


def fight(state: TickState) -> None:
    for cmd in (K.JoinBattle("Ryo", 5), K.JoinBattle("Sela", 1), K.JoinBattle("Brute", 4),
                K.StartCombat(), K.FreeAction("Ryo"), K.FreeAction("Brute"),
                K.FreeAction("Sela")):
        state.apply(cmd)


# ---------------------------------------------------------------- tick initiative


def test_tick_legal_actions_follow_the_phase() -> None:
    s = tick_state()
    assert s.current_seat() == GM_SEAT
    joins = {a for a in s.legal_actions() if isinstance(a, K.JoinBattle)}
    assert K.JoinBattle("Brute", None) in joins and K.JoinBattle("Ryo", 10) in joins
    assert not any(isinstance(a, K.Withering) for a in s.legal_actions())  # EX-2: no turns yet
    fight(s)
    legal = s.legal_actions()
    assert K.BeginTurn("Ryo") in legal and K.BeginTurn("Brute") not in legal  # EX-14
    s.apply(K.BeginTurn("Ryo"))
    legal = s.legal_actions()
    assert K.Withering("Ryo", "Brute", 4) in legal and K.Delay("Ryo") not in legal
    assert K.Decisive("Ryo", "Brute", hit=True) in legal
    assert s.legal_actions(seat=1) == []


def test_tick_refused_command_raises_illegal_action_and_changes_nothing() -> None:
    s = tick_state()
    before = s.tracker.to_dict()
    with pytest.raises(IllegalActionError):
        s.apply(K.Withering("Ryo", "Brute", 3))  # EX-2: Join Battle first
    assert s.tracker.to_dict() == before


def test_tick_end_combat_is_terminal() -> None:
    s = tick_state()
    fight(s)
    s.apply(K.EndCombat())
    assert s.is_terminal() and s.current_seat() == TERMINAL and s.legal_actions() == []
    assert s.returns() == [0.0]


def test_tick_action_numbering_round_trips_and_covers_legal_actions() -> None:
    game = TickGame(ROSTER)
    s = game.new_initial_state(3)
    fight(s)
    s.apply(K.BeginTurn("Ryo"))
    for a in s.legal_actions():
        assert game.action_from_index(game.action_index(a)) == a
    assert len({game.action_index(a) for a in s.legal_actions()}) == len(s.legal_actions())
    assert game.num_distinct_actions() > 100


def test_tick_commands_round_trip_through_json() -> None:
    cmds: list[K.TickCommand] = [
        K.AddCharacter(ROSTER[0]), K.JoinBattle("Ryo"), K.Withering("Ryo", "Brute", 4, 2),
        K.Decisive("Ryo", "Brute", hit=False), K.EndRound(force=True), K.Next(),
    ]
    for cmd in cmds:
        data = json.loads(json.dumps(K.tick_command_to_dict(cmd)))
        assert K.tick_command_from_dict(data) == cmd
    with pytest.raises(ValueError, match="unknown tick command type 'Bogus'"):
        K.tick_command_from_dict({"type": "Bogus"})
    with pytest.raises(ValueError, match="bad Withering command"):
        K.tick_command_from_dict({"type": "Withering", "attacker": "Ryo"})


@pytest.mark.parametrize("show", [True, False])
def test_tick_players_view_hides_npc_values_only_under_the_house_rule(show: bool) -> None:
    """Section 2d: `show_npc_initiative_to_players` (default true)."""
    s = tick_state(TickRules(show_npc_initiative_to_players=show))
    fight(s)
    s.apply(K.BeginTurn("Ryo"))
    s.apply(K.Withering("Ryo", "Brute", 3))
    gm, players = s.view(GAME_MASTER).to_dict(), s.view(SPECTATOR).to_dict()
    brute = next(r for r in players["rows"] if r["name"] == "Brute")
    assert next(r for r in gm["rows"] if r["name"] == "Brute")["initiative"] == 4
    assert brute["initiative"] == (4 if show else None)
    assert "ledger" in gm and "ledger" not in players
    text = "\n".join(players["log"])
    assert ("Brute -3i (withering by Ryo) -> 4i" in text) is show
    assert ("Brute +7i" in text) is show  # its Join Battle total
    if not show:
        assert "Brute loses Initiative (withering by Ryo)" in text
        assert "Round 1 begins; order: Ryo 8, Brute, Sela 4" in text
        assert "Stamina 4" not in text
    assert "Brute -3i (withering by Ryo) -> 4i" in "\n".join(gm["log"])


@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10_000), max_size=60))
@PROPS
def test_tick_every_listed_action_applies_and_nobody_acts_twice(
        seed: int, picks: list[int]) -> None:
    """EX-14/EX-16: a random walk over legal actions; no character starts two turns in a
    round (a held turn is the same turn, EX-17)."""
    s = tick_state(seed=seed)
    started: dict[int, list[str]] = {}
    for p in picks:
        legal = [a for a in s.legal_actions() if not isinstance(a, K.EndCombat)]
        if not legal:
            break
        seen = len(s.tracker.log)
        s.apply(legal[p % len(legal)])
        for e in s.tracker.log[seen:]:
            if e.kind == "turn_start" and "(held turn)" not in e.text:
                who = e.text.split(": ", 1)[1].split("'s turn", 1)[0]
                assert who not in started.setdefault(e.round, []), e.text
                started[e.round].append(who)


# ---------------------------------------------------------------- card rounds


def card_state(seed: int = 5) -> CardState:
    return CardGame(sample_roster()).new_initial_state(seed)


def test_card_seats_commit_their_own_cards_before_the_gm() -> None:
    """FA-4/FA-5: each player commits; the GM's NPC card and the reveal come last."""
    s = card_state()
    assert CardGame(sample_roster()).num_seats == 5
    s.apply(C.BeginRound(("Vessa", "Orrin", "Reeve")))
    assert s.current_seat() == s.seat_of("Vessa") == 1
    assert set(s.legal_actions()) == {C.Commit("Vessa", "hand", i) for i in range(3)} | {
        C.Commit("Vessa", "deck")}
    assert s.legal_actions(s.seat_of("Talwyn")) == []  # not in this round
    assert not any(isinstance(a, C.Reveal) for a in s.legal_actions(GM_SEAT))
    s.apply(C.Commit("Vessa", "hand", 0))
    assert s.current_seat() == s.seat_of("Orrin")
    s.apply(C.Commit("Orrin", "deck"))
    assert s.current_seat() == GM_SEAT
    assert C.Commit(GM, "deck") in s.legal_actions()
    s.apply(C.Commit(GM, "deck"))
    assert C.Reveal() in s.legal_actions()
    s.apply(C.Reveal())
    assert s.state.phase == "turns" and s.current_seat() == GM_SEAT
    nxt = s.state.up_next()
    assert C.Act(nxt) in s.legal_actions()


def test_card_refused_command_changes_nothing() -> None:
    s = card_state()
    before = s.state.to_dict()
    with pytest.raises(IllegalActionError):
        s.apply(C.Reveal())
    assert s.state.to_dict() == before


@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 10_000), max_size=50))
@PROPS
def test_card_views_never_show_another_seats_hand_or_face_down_card(
        seed: int, picks: list[int]) -> None:
    """FA-5/FA-A14: hands only to their owner; face-down cards only to the committing
    player (hand) and the GM, until the reveal."""
    s = card_state(seed)
    for p in picks:
        seat = s.current_seat()
        legal = [a for a in s.legal_actions(seat) if not isinstance(a, C.EndConflict)]
        if not legal:
            break
        s.apply(legal[p % len(legal)])
        for viewer_seat, name in enumerate(s.players(), start=1):
            v = s.view(viewer_seat).to_dict()
            assert v["viewer"] == name
            for owner, hand in v["hands"].items():
                assert isinstance(hand, list) == (owner == name)
            for entry in v["commitments"]:
                if "card" in entry and not s.state.revealed:
                    assert entry["slot"] == name or entry["slot"] in s.state.kept
        spectator = s.view(SPECTATOR).to_dict()
        assert all(isinstance(h, int) for h in spectator["hands"].values())
        if not s.state.revealed:
            assert all("card" not in e or e["slot"] in s.state.kept
                       for e in spectator["commitments"])
