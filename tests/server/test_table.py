"""The web table as an event-sourced record (server/table.py), without HTTP: creating and
reopening, snapshots, undo, drafts on determinized copies, claims, chat and prefixes.

Tables are 1v1 duels (IB 8.2) of Tideguard (seat 0, "North") against Ashfall (seat 1,
"South"), seeded, stored in a SQLite file, with events stored exactly as the hub stores
them (`support.commit`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from initiative.engine.contract import GAME_MASTER, SPECTATOR
from initiative.engine.rng import SplitMix64
from initiative.games.ib import frames
from initiative.games.ib.actions import (
    ACTIONS,
    BASIC,
    DECLINE,
    KEEP,
    MULLIGAN,
    NUM_ACTIONS,
    PASS,
    TARGETS,
    Action,
    Kind,
)
from initiative.games.ib.notation import canonical_json
from initiative.games.ib.state import IBState
from initiative.server import table as table_module
from initiative.server import tokens
from initiative.server.ib.drafts import draft_state, played_copy
from initiative.server.table import MAX_CHAT, Pending, Table, TableData, TableError
from initiative.store import Store
from tests.server import support
from tests.server.support import commit, draft_turn, duel, play_turn, store_at

SEED = 3


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = store_at(tmp_path)
    yield opened
    opened.close()


def new_table(store: Store, seed: int = SEED, undo: str = "safe", **kwargs: object
              ) -> tuple[Table, list[str | None], str | None]:
    return support.new_table(store, duel(**kwargs), seed, undo=undo)  # type: ignore[arg-type]


def reopen(store: Store, table: Table) -> Table:
    return Table.open(store, table.id)


def assert_same_table(a: Table, b: Table) -> None:
    """Two tables hold the same game, history, chat, seats and head."""
    assert canonical_json(a.state) == canonical_json(b.state)
    assert a.state.rng.state == b.state.rng.state
    assert a.actions == b.actions
    assert [t.to_list() for t in a.turns] == [t.to_list() for t in b.turns]
    assert a.data.chat == b.data.chat
    assert a.data.seat_digests == b.data.seat_digests and a.data.claimed == b.data.claimed
    assert a.data.spectator_digest == b.data.spectator_digest
    assert (a.head, a.seed, a.data.series, a.rematch) == (b.head, b.seed, b.data.series,
                                                          b.rematch)
    assert a.snapshot() == b.snapshot()


def start(store: Store, table: Table) -> None:
    """Both seats keep their opening hands (IB 2.8.2); South's unit is then active."""
    commit(store, table, table.check_act(0, [KEEP]))
    commit(store, table, table.check_act(1, [KEEP]))
    assert table.state.current_seat() == 1


def deck_cards(state: IBState) -> int:
    return sum(len(d) for d in state.decks)


# --- creating and opening ---------------------------------------------------------------


def test_create_stores_seq_0_and_reopens_identical(store: Store) -> None:
    """A new table is one record at seq 0; reopening it gives the same opening position
    (IB 2.9: shuffled decks, opening hands of 5) from the seed alone (GUIDE 3)."""
    table, seat_tokens, spectator = new_table(store)
    info = store.info(table.id)
    assert (info.kind, info.head, info.status) == ("table", 0, "active")
    assert info.summary["seats"][0] == {"name": "North", "controller": "open", "open": True}
    assert all(isinstance(t, str) and len(t) >= 32 for t in seat_tokens)
    assert spectator and spectator not in seat_tokens
    assert table.data.series == table.id
    # Only digests are stored, never a token.
    exported = str(store.export(table.id))
    assert all(t not in exported for t in (*seat_tokens, spectator))
    assert_same_table(table, reopen(store, table))
    assert [len(h) for h in table.state.hands] == [5, 5]


def test_reopen_after_play_undo_chat_and_claim_is_identical(store: Store) -> None:
    """Every kind of event replays from the store into the same table."""
    table, _, _ = new_table(store)
    rng = random.Random(1)
    for _ in range(12):
        play_turn(store, table, rng)
    commit(store, table, table.check_chat(0, "good luck"))
    commit(store, table, table.check_claim(1, tokens.digest("fresh")))
    for _ in range(50):  # on to a turn its seat may take back (it revealed nothing)
        play_turn(store, table, rng)
        if table.can_undo(table.turns[-1].seat):
            break
    commit(store, table, table.check_undo(table.turns[-1].seat))
    for _ in range(5):
        play_turn(store, table, rng)
    again = reopen(store, table)
    assert_same_table(table, again)
    assert again.head == store.info(table.id).head == table.head
    # The reopened table plays on exactly like the live one.
    seat = table.state.current_seat()
    steps = draft_turn(table, seat, random.Random(9))
    assert draft_turn(again, seat, random.Random(9)) == steps
    live, copy = table.check_confirm(seat), again.check_confirm(seat)
    assert live.event == copy.event and live.state is not None and copy.state is not None
    assert canonical_json(live.state) == canonical_json(copy.state)


def test_game_replays_from_seed_and_actions(store: Store) -> None:
    """GUIDE 3: a game record is setup + seed + action list, and replays bit for bit."""
    table, _, _ = new_table(store)
    rng = random.Random(2)
    for _ in range(30):
        play_turn(store, table, rng)
    for step in (1, 7, len(table.actions)):
        replayed = support.new_table(store, duel(), SEED, prefix=table.actions[:step])[0]
        assert canonical_json(replayed.state) == canonical_json(table.state_at(step))
    assert canonical_json(table.state_at(len(table.actions))) == canonical_json(table.state)
    assert canonical_json(table.state_at(0)) == canonical_json(new_table(store)[0].state)


def test_catch_up_ignores_old_events_and_refuses_a_gap(store: Store) -> None:
    table, _, _ = new_table(store)
    start(store, table)
    other = reopen(store, table)
    commit(store, table, table.check_chat(0, "one"))
    commit(store, table, table.check_chat(1, "two"))
    events = store.events(table.id)
    assert other.catch_up(events) is True  # seqs 1-2 are old, 3-4 new
    assert_same_table(table, other)
    assert other.catch_up(events) is False
    stale = reopen(store, table)
    stale.head -= 2
    with pytest.raises(TableError, match="arrived after"):
        stale.catch_up(events[-1:])


# --- snapshots --------------------------------------------------------------------------


def test_snapshot_every_n_events_and_reopen_from_it(store: Store,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Every SNAPSHOT_EVERY-th event stores the whole table; reopening loads the latest
    snapshot plus the events after it, and every snapshot plus its later events gives
    the live table."""
    monkeypatch.setattr(table_module, "SNAPSHOT_EVERY", 5)
    table, _, _ = new_table(store)
    start(store, table)
    commit(store, table, table.check_chat(0, "hello"))
    commit(store, table, table.check_act(1, [PASS]))
    commit(store, table, table.check_undo(1))  # seq 5: the first snapshot is after an undo
    rng = random.Random(4)
    while table.head < 23:
        if table.head % 4 == 1:
            commit(store, table, table.check_chat(table.head % 2, f"event {table.head}"))
        else:
            play_turn(store, table, rng)
    assert [e["type"] for _, e in store.events(table.id)][:6] == [
        "act", "act", "chat", "act", "undo", "chat"]
    exported = store.export(table.id)
    assert [s["seq"] for s in exported["snapshots"]] == [0, 5, 10, 15, 20]
    loaded = store.load(table.id)
    assert loaded.snapshot_seq == 20 and [seq for seq, _ in loaded.events] == [21, 22, 23]
    assert_same_table(table, reopen(store, table))
    events = store.events(table.id)
    for snap in exported["snapshots"]:
        rebuilt = Table(table.id, TableData.from_json(snap["data"], "snapshot"), snap["seq"])
        rebuilt.catch_up(events)
        assert_same_table(table, rebuilt)


# --- undo (table rule `safe`, docs/rules-interpretations.md 3.1) ------------------------


def test_undo_takes_back_a_pass_that_revealed_nothing(store: Store) -> None:
    """IB 4.9: South passes with a full hand (IB 2.8.3: no Draw Step card next), so the
    pass revealed nothing; South takes it back and the game is exactly as before."""
    table, _, _ = new_table(store)
    start(store, table)
    before = canonical_json(table.state)
    before_views = [table.view(s).to_dict() for s in (0, 1, SPECTATOR)]
    actions, turns = list(table.actions), [t.to_list() for t in table.turns]
    pending = table.check_act(1, [PASS])
    assert pending.event["undoable"] is True
    commit(store, table, pending)
    assert table.can_undo(1) and not table.can_undo(0) and not table.can_undo(SPECTATOR)
    commit(store, table, table.check_undo(1))
    assert canonical_json(table.state) == before
    assert [table.view(s).to_dict() for s in (0, 1, SPECTATOR)] == before_views
    assert table.actions == actions and [t.to_list() for t in table.turns] == turns
    assert not table.can_undo(1)  # the turn before (South's keep) revealed North's answer
    assert_same_table(table, reopen(store, table))


def test_undo_takes_back_an_attack_that_revealed_nothing(store: Store) -> None:
    """IB 4.1: a Basic Attack (built through the draft: attack, then target) deals fixed
    damage and gains Charge; no card or random result is revealed, so it is undoable."""
    table, _, _ = new_table(store)
    start(store, table)
    before = canonical_json(table.state)
    table.step(1, BASIC.index)
    target = table.draft(1).next_steps[0]
    assert target.kind == Kind.TARGET
    table.step(1, target.index)
    pending = table.check_confirm(1)
    assert pending.state is not None and pending.state.rng.state == table.state.rng.state
    assert deck_cards(pending.state) == deck_cards(table.state)
    commit(store, table, pending)
    assert canonical_json(table.state) != before
    assert table.can_undo(1)
    commit(store, table, table.check_undo(1))
    assert canonical_json(table.state) == before
    assert table.state.current_seat() == 1 and table.drafts == {}


def test_undo_refused_for_a_turn_that_drew_a_card(store: Store) -> None:
    """IB 3.2 (Draw Step) / IB 2.8: a pass after which a card left a deck cannot be taken
    back: someone saw a hidden card."""
    table, _, _ = new_table(store)
    start(store, table)
    discard = next(a for a in table.state.legal_actions() if a.kind == Kind.DISCARD)
    commit(store, table, table.check_act(1, [discard]))  # IB 2.8.7: a free discard
    for _ in range(20):
        seat = table.state.current_seat()
        pending = table.check_act(seat, [PASS])
        assert pending.state is not None
        if deck_cards(pending.state) < deck_cards(table.state):
            break
        commit(store, table, pending)
    else:
        pytest.fail("no pass led to a Draw Step")
    assert pending.event["undoable"] is False
    commit(store, table, pending)
    assert not table.can_undo(seat)
    with pytest.raises(TableError, match="nothing to take back"):
        table.check_undo(seat)
    assert table.turns[-1].undoable is False


def test_undo_refused_after_another_seat_acted(store: Store) -> None:
    """Only the last turn can be taken back, and only by the seat that took it."""
    table, _, _ = new_table(store)
    start(store, table)
    commit(store, table, table.check_act(1, [PASS]))
    assert table.can_undo(1)
    with pytest.raises(TableError):
        table.check_undo(0)  # not North's turn to take back
    seat = table.state.current_seat()
    assert seat == 0
    commit(store, table, table.check_act(0, [PASS]))
    assert not table.can_undo(1)
    with pytest.raises(TableError, match="someone acted since"):
        table.check_undo(1)


def test_undo_refused_for_a_stand_in_or_bot_turn(store: Store) -> None:
    """A turn taken for the seat by a stand-in or a bot is never undoable by it."""
    table, _, _ = new_table(store)
    for by in ("stand-in", "bot"):
        pending = table.check_act(table.state.current_seat(), [KEEP], by=by)
        assert pending.event["undoable"] is False and pending.event["by"] == by
        commit(store, table, pending)
        assert not table.can_undo(table.turns[-1].seat)


def test_mulligan_and_reveal_of_other_answers_is_not_undoable(store: Store) -> None:
    """IB 2.8.2 / AMB-88: mulligan answers stay hidden until every seat has answered.
    North answers first (nothing revealed: undoable); South's answer reveals North's,
    so it is final even when neither took a mulligan; a mulligan (a shuffle) is final."""
    table, _, _ = new_table(store)
    pending = table.check_act(0, [KEEP])
    assert pending.event["undoable"] is True
    commit(store, table, pending)
    pending = table.check_act(1, [KEEP])
    assert pending.event["undoable"] is False
    other, _, _ = new_table(store)
    commit(store, other, other.check_act(0, [MULLIGAN]))  # hidden until South answers
    assert other.can_undo(0)
    assert other.check_act(1, [KEEP]).event["undoable"] is False


def test_break_window_answer_revealing_others_is_not_undoable(store: Store) -> None:
    """IB 3.7 (Initiative Break at any time): each seat's answer in a Break window stays
    hidden until the last seat answered. With a unit at 3 Charge on each side, South's
    pass opens a window asking North then South; North's decline reveals nothing (it is
    undoable), South's closing answer reveals North's, so it is final."""
    table, _, _ = new_table(store)
    start(store, table)
    for seat in (0, 1):
        table.state.charge[table.game.match.seat_units[seat][0]] = 3  # IB 3.7.1: full Charge
    table.state.invalidate()
    commit(store, table, table.check_act(1, [PASS]))
    assert table.state.stack[-1] == frames.WindowFrame(frames.W_BETWEEN, (0, 1), ())
    assert table.turns[-1].undoable
    pending = table.check_act(0, [DECLINE])
    assert pending.event["undoable"] is True
    commit(store, table, pending)
    assert table.can_undo(0)
    pending = table.check_act(1, [DECLINE])
    assert pending.event["undoable"] is False
    commit(store, table, pending)
    assert not table.can_undo(1)


def test_undoable_turns_never_reveal_anything(store: Store) -> None:
    """Whatever the rules engine does, a turn the table lets a seat take back is one
    whose result that seat could have computed from its own view: the same steps played
    on a determinized copy of that view (other hands and decks re-dealt, RNG reseeded)
    give exactly the seat's real view afterwards."""
    undoable = final = 0
    for seed in range(3):
        table, _, _ = new_table(store, seed=seed)
        rng = random.Random(seed)
        while not table.finished and len(table.turns) < 60:
            seat = table.state.current_seat()
            before = table.state
            seat, steps = play_turn(store, table, rng)
            if not table.turns[-1].undoable:
                final += 1
                continue
            undoable += 1
            copy = played_copy(before, seat)
            for step in steps:
                copy.apply(step)
            assert copy.view(seat).to_dict() == table.view(seat).to_dict(), (seed, steps)
    assert undoable > 20 and final > 20


# --- drafts (issue 7: steps before the confirm) -----------------------------------------


def test_draft_step_back_cancel_and_confirm(store: Store) -> None:
    """IB 4.1: a Basic Attack is two steps (the attack, then its target); steps can be
    taken back one at a time or all at once, and nothing is stored before the confirm."""
    table, _, _ = new_table(store)
    start(store, table)
    state_before = canonical_json(table.state)
    top = table.draft(1)
    assert top.steps == () and not top.ready and BASIC in top.next_steps
    assert PASS in top.next_steps and top.preview is None
    table.step(1, BASIC.index)
    draft = table.draft(1)
    assert draft.steps == (BASIC,) and not draft.ready
    assert draft.next_steps and all(a.kind == Kind.TARGET for a in draft.next_steps)
    table.back(1)
    assert table.draft(1).steps == () and table.draft(1).next_steps == top.next_steps
    table.back(1)  # nothing left to take back: no change
    assert table.draft(1).steps == ()
    table.step(1, BASIC.index)
    target = table.draft(1).next_steps[-1]
    table.step(1, target.index)
    ready = table.draft(1)
    assert ready.ready and ready.steps == (BASIC, target) and ready.next_steps == ()
    assert ready.preview is not None
    table.cancel(1)
    assert table.draft(1).steps == () and 1 not in table.drafts
    assert canonical_json(table.state) == state_before and table.head == 2
    assert store.info(table.id).head == 2
    # Confirm builds the very turn an API client would send as one `act`.
    table.step(1, BASIC.index)
    table.step(1, target.index)
    confirmed = table.check_confirm(1)
    direct = table.check_act(1, [BASIC, target])
    assert confirmed.event == direct.event
    assert confirmed.event["actions"] == [BASIC.index, target.index]
    assert confirmed.state is not None and direct.state is not None
    assert canonical_json(confirmed.state) == canonical_json(direct.state)
    commit(store, table, confirmed)
    assert table.drafts == {} and table.actions[-2:] == [BASIC.index, target.index]


def test_confirm_refuses_an_incomplete_or_empty_draft(store: Store) -> None:
    table, _, _ = new_table(store)
    start(store, table)
    with pytest.raises(TableError, match="choose an action first"):
        table.check_confirm(1)
    table.step(1, BASIC.index)
    with pytest.raises(TableError, match="not complete"):
        table.check_confirm(1)


@pytest.mark.parametrize("seat, index, message", [
    (1, TARGETS[0].index, "not available now"),  # a target before any attack (IB 3.8)
    (0, PASS.index, "not your decision"),  # North does not decide now
    (1, NUM_ACTIONS, "unknown action number"),
    (1, -1, "unknown action number"),
    (1, True, "unknown action number"),
    (1, "3", "unknown action number"),
])
def test_an_illegal_step_raises_and_changes_nothing(store: Store, seat: int, index: object,
                                                    message: str) -> None:
    table, _, _ = new_table(store)
    start(store, table)
    table.step(1, BASIC.index)
    table.back(1)
    before = (canonical_json(table.state), dict(table.drafts), table.draft(1).steps)
    with pytest.raises(TableError, match=message):
        table.step(seat, index)  # type: ignore[arg-type]
    assert (canonical_json(table.state), dict(table.drafts), table.draft(1).steps) == before


def test_a_step_after_a_complete_draft_is_refused(store: Store) -> None:
    table, _, _ = new_table(store)
    start(store, table)
    table.step(1, PASS.index)  # IB 4.9: one step, complete
    assert table.draft(1).ready
    with pytest.raises(TableError, match="complete"):
        table.step(1, PASS.index)
    assert table.draft(1).steps == (PASS,)


def _hide_differently(state: IBState, seat: int, salt: int) -> IBState:
    """`state` with `seat`'s hand and deck re-dealt (same cards, same counts) and another
    RNG: only what is hidden from the other seats differs."""
    other = state.clone()
    pool = [*other.hands[seat], *other.decks[seat]]
    random.Random(salt).shuffle(pool)
    size = len(other.hands[seat])
    other.hands[seat] = pool[:size]
    other.decks[seat] = pool[size:]
    other.rng = SplitMix64(0xC0FFEE + salt)
    other.invalidate()
    return other


def test_drafts_and_previews_never_depend_on_hidden_information(store: Store) -> None:
    """Issue 7 / GUIDE 2 (views are the only door): two live games that differ only in
    South's hand, South's deck order and the RNG give North identical drafts: the same
    next steps at every step and the same preview, for every first step North may take,
    at every decision North meets in a seeded game."""
    table, _, _ = new_table(store)
    rng = random.Random(5)
    checked = hands_differ = 0
    while not table.finished and checked < 12:
        seat = table.state.current_seat()
        if seat == 0:
            twin = _hide_differently(table.state, 1, checked)
            real = table.state
            assert (twin.hands[1], twin.decks[1]) != (real.hands[1], real.decks[1])
            hands_differ += twin.hands[1] != real.hands[1]
            assert twin.view(0).to_dict() == table.view(0).to_dict()
            south_sees = twin.view(1).to_dict() != table.view(1).to_dict()
            assert south_sees == (twin.hands[1] != real.hands[1])
            first = draft_state(table.state, 0, ())
            assert first.next_steps == draft_state(twin, 0, ()).next_steps
            for step in first.next_steps:
                steps: tuple[Action, ...] = (step,)
                while True:
                    a, b = draft_state(table.state, 0, steps), draft_state(twin, 0, steps)
                    assert (a.next_steps, a.ready) == (b.next_steps, b.ready)
                    assert a.state.view(0).to_dict() == b.state.view(0).to_dict()
                    if a.ready:
                        assert a.preview is not None and b.preview is not None
                        assert a.preview == b.preview
                        break
                    steps = (*steps, a.next_steps[0])
            checked += 1
        play_turn(store, table, rng)
    assert checked == 12 and hands_differ >= 8


def test_a_draft_is_played_on_a_copy_not_the_live_game(store: Store) -> None:
    """The draft's copy is determinized: it holds North's own hand but never South's."""
    table, _, _ = new_table(store)
    start(store, table)
    commit(store, table, table.check_act(1, [PASS]))
    assert table.state.current_seat() == 0
    draft = table.draft(0)
    assert draft.state is not table.state
    assert draft.state.hands[0] == table.state.hands[0]
    assert draft.state.decks[1] != table.state.decks[1]
    assert draft.state.rng.state != table.state.rng.state


# --- seats, tokens and claims -----------------------------------------------------------


def test_tokens_open_their_own_seat_only(store: Store) -> None:
    table, seat_tokens, spectator = new_table(store)
    _, other_tokens, other_spectator = new_table(store)
    assert [table.seat_for(t) for t in seat_tokens] == [0, 1]  # type: ignore[arg-type]
    assert table.seat_for(spectator) == SPECTATOR  # type: ignore[arg-type]
    for foreign in (*other_tokens, other_spectator):
        assert table.seat_for(foreign) is None  # type: ignore[arg-type]
    for bogus in ("", "x", "A" * 101, None, 3):
        assert table.seat_for(bogus) is None  # type: ignore[arg-type]
    with pytest.raises(TableError):
        table.view(GAME_MASTER)


def test_bot_seats_have_no_token_and_cannot_be_claimed(store: Store) -> None:
    table, seat_tokens, _ = new_table(store, controllers=("open", "easy"))
    assert seat_tokens[1] is None and table.data.claimed == [False, True]
    assert table.data.seat_digests[1] == ""
    with pytest.raises(TableError, match="no seat 2"):
        table.check_claim(1, tokens.digest("t"))
    for seat in (-1, 2):
        with pytest.raises(TableError, match="no seat"):
            table.check_claim(seat, tokens.digest("t"))


def test_claim_replaces_the_token_digest(store: Store) -> None:
    """Taking a seat from the lobby makes a new secret link; the old one stops working,
    and a taken seat cannot be taken again."""
    table, seat_tokens, _ = new_table(store)
    new = tokens.new_token()
    pending = table.check_claim(0, tokens.digest(new))
    assert table.summary_after(pending)["seats"][0]["open"] is False
    commit(store, table, pending)
    assert table.seat_for(new) == 0 and table.seat_for(seat_tokens[0]) is None  # type: ignore[arg-type]
    assert table.data.seat_digests[0] == tokens.digest(new) and table.data.claimed == [True, False]
    with pytest.raises(TableError, match="seat 1 is taken"):
        table.check_claim(0, tokens.digest("again"))
    assert store.info(table.id).summary["seats"][0]["open"] is False
    again = reopen(store, table)
    assert again.seat_for(new) == 0 and again.seat_for(seat_tokens[0]) is None  # type: ignore[arg-type]
    # A player joining by link claims with an empty digest: the link stays valid.
    commit(store, table, table.check_claim(1, ""))
    assert table.seat_for(seat_tokens[1]) == 1 and table.data.claimed == [True, True]  # type: ignore[arg-type]


# --- chat -------------------------------------------------------------------------------


def test_chat_is_checked_and_cleaned(store: Store) -> None:
    table, _, _ = new_table(store)
    for text, message in [("", "empty"), ("   \n\t ", "empty"), ("\x00\x07\u200b", "empty"),
                          ("x" * (MAX_CHAT + 1), "at most"), (None, "must be text"),
                          (42, "must be text")]:
        with pytest.raises(TableError, match=message):
            table.check_chat(0, text)  # type: ignore[arg-type]
    with pytest.raises(TableError, match="spectators"):
        table.check_chat(SPECTATOR, "hello")
    pending = table.check_chat(1, "  hi\x00 the\u200bre\r\nfriend\x1b[31m  ")
    assert pending.event == {"type": "chat", "seat": 1, "text": "hi therefriend[31m"}
    commit(store, table, pending)
    commit(store, table, table.check_chat(0, "y" * MAX_CHAT))
    assert [c["text"] for c in table.data.chat] == ["hi therefriend[31m", "y" * MAX_CHAT]
    assert reopen(store, table).data.chat == table.data.chat


def test_chat_keeps_the_latest_lines(store: Store) -> None:
    table, _, _ = new_table(store)
    for n in range(table_module.MAX_CHAT_LINES + 5):
        table.apply(Pending({"type": "chat", "seat": n % 2, "text": f"line {n}"}))
    assert len(table.data.chat) == table_module.MAX_CHAT_LINES
    assert table.data.chat[0]["text"] == "line 5"


def test_unknown_event_type_is_refused(store: Store) -> None:
    table, _, _ = new_table(store)
    with pytest.raises(TableError, match="unknown event type"):
        table.apply(Pending({"type": "teleport"}))


# --- prefixes ---------------------------------------------------------------------------


def test_a_table_created_from_a_prefix(store: Store) -> None:
    """A table may open at a position: the actions already played replay from the seed,
    count as one "setup" turn nobody can take back, and reopen identically."""
    played, _, _ = new_table(store)
    rng = random.Random(6)
    for _ in range(15):
        play_turn(store, played, rng)
    prefix = list(played.actions)
    table, _, _ = support.new_table(store, duel(), SEED, prefix=prefix)
    assert canonical_json(table.state) == canonical_json(played.state)
    assert table.actions == prefix and table.head == 0
    assert [t.to_list() for t in table.turns] == [[-1, 0, len(prefix), "setup", False]]
    assert not any(table.can_undo(s) for s in (0, 1, SPECTATOR))
    assert_same_table(table, reopen(store, table))


def test_an_illegal_prefix_names_the_action_number(store: Store) -> None:
    played, _, _ = new_table(store)
    start(store, played)
    legal = set(played.state.legal_actions())
    illegal = next(a for a in ACTIONS if a not in legal)
    tables_before = len(store.records("table"))
    with pytest.raises(TableError, match=r"^prefix action 3: "):
        support.new_table(store, duel(), SEED, prefix=[*played.actions, illegal.index])
    with pytest.raises(TableError, match=r"^prefix action 2: unknown action number 9999"):
        support.new_table(store, duel(), SEED, prefix=[KEEP.index, 9999])
    with pytest.raises(TableError, match=r"^prefix action 1: "):
        support.new_table(store, duel(), SEED, prefix=[PASS.index])
    assert len(store.records("table")) == tables_before  # nothing stored


def test_summary_is_public_and_tracks_the_game(store: Store) -> None:
    table, _, _ = new_table(store, controllers=("open", "normal"))
    summary = store.info(table.id).summary
    assert summary == {"game": "initiative_break", "detail": "Duel (1v1), round 1",
                       "finished": False, "rematch": None, "chosen_seed": True,
                       "seats": [{"name": "North", "controller": "open", "open": True},
                                 {"name": "South", "controller": "normal", "open": False}]}
    assert table.status == "active" and table.state.stack[-1].tag == frames.MULLIGAN
