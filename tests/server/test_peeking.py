"""No peeking past chance (issue 16, item 6): a multi-step `act` is tried on a real copy
of the game, so a step after a chance event (a mulligan's new hand, IB 2.8.2) must not be
tried at all: the turn is refused with the same words whatever the next step and the
outcome are, nothing is played, and the error names no card."""

from __future__ import annotations

from pathlib import Path

from initiative.games.ib.actions import ACTIONS, KEEP, MULLIGAN, PASS
from initiative.games.ib.notation import canonical_json
from initiative.server.table import Table, TableError
from tests.server.support import commit, content, duel, new_table, store_at
from tests.server.test_app import create, duel_seats, running

SEED = 4
"""North keeps, South mulligans and then decides again (checked below)."""


def south_to_mulligan(tmp_path: Path, seed: int | None = SEED) -> Table:
    store = store_at(tmp_path)
    table, _, _ = new_table(store, duel(), seed)
    commit(store, table, table.check_act(0, [KEEP]))
    assert table.state.current_seat() == 1 and MULLIGAN in table.state.legal_actions()
    return table


def refusal(table: Table, second: int) -> str:
    try:
        table.check_act(1, [MULLIGAN, ACTIONS[second]])
    except TableError as exc:
        return str(exc)
    raise AssertionError(f"[MULLIGAN, {ACTIONS[second]!r}] was accepted")


def card_names() -> set[str]:
    return {card.name for card in content().cards}


def test_after_a_mulligan_every_next_step_gets_the_same_refusal(tmp_path: Path) -> None:
    for seed in (SEED, None):  # a chosen seed (splitmix64) and a secret one
        table = south_to_mulligan(tmp_path / str(seed), seed)
        copy = table.state.clone()
        copy.apply(MULLIGAN)
        assert copy.current_seat() == 1  # South decides again, on a new hand
        legal_after = {a.index for a in copy.legal_actions()}
        before = canonical_json(table.state)
        answers = {refusal(table, i) for i in range(len(ACTIONS))}
        assert len(answers) == 1, answers  # legal or not after the new hand: same words
        (answer,) = answers
        assert answer.startswith("step 1 meets chance")
        assert "legal" not in answer and not any(name in answer for name in card_names())
        assert not any(f"({ACTIONS[i]!r})" in answer for i in legal_after)
        assert canonical_json(table.state) == before and table.actions == [KEEP.index]


def test_the_mulligan_alone_is_a_turn(tmp_path: Path) -> None:
    table = south_to_mulligan(tmp_path)
    pending = table.check_act(1, [MULLIGAN])
    assert pending.state is not None and pending.event["actions"] == [MULLIGAN.index]


def test_an_illegal_first_step_lists_no_legal_actions(tmp_path: Path) -> None:
    table = south_to_mulligan(tmp_path)
    illegal = next(a for a in ACTIONS if a not in table.state.legal_actions())
    try:
        table.check_act(1, [illegal])
    except TableError as exc:
        assert str(exc) == (f"action {illegal.index} is not a legal choice now (the table "
                            "may have moved on): choose again")
    else:
        raise AssertionError("an illegal step was accepted")


def test_over_the_socket_the_error_carries_nothing_and_the_hand_stays(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        made = create(client, seed=SEED)
        with duel_seats(client, made) as (north, south):
            north.send(op="act", actions=[KEEP.index])
            north.recv()
            south.recv()
            hand, seq = south.last["view"]["hands"][1], south.last["seq"]
            assert hand  # South's own hand, as the frame shows it
            error, after = south.error(op="act", actions=[MULLIGAN.index, PASS.index])
            assert error["message"].startswith("step 1 meets chance")
            assert not any(name in error["message"] for name in card_names())
            assert after["view"]["hands"][1] == hand and after["seq"] == seq  # nothing played
