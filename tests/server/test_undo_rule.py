"""The web table's undo rule, both readings (docs/rules-interpretations.md 3.1):
`safe` takes back a seat's last turn while it revealed no card or random result and
nobody acted since; `off` never takes back a confirmed turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from initiative.games.ib.actions import KEEP, Kind
from initiative.games.ib.notation import canonical_json
from initiative.server.ib import SITE
from initiative.server.ib.setup import SeatPlan, TableSetup
from initiative.server.table import Table, TableError
from initiative.store import Store


def _table(tmp_path: Path, undo: str) -> tuple[Store, Table]:
    store = Store(f"sqlite:///{tmp_path / 'undo.db'}")
    setup = TableSetup("undo", "1v1", (SeatPlan("North", "tideguard"),
                                       SeatPlan("South", "ashfall")))
    table, _, _ = Table.create(store, SITE, setup, 3, undo=undo)
    return store, table


def _commit(store: Store, table: Table, pending: object) -> None:
    from initiative.server.table import Pending

    assert isinstance(pending, Pending)
    store.append(table.id, table.head + 1, pending.event)
    table.apply(pending)
    table.head += 1


def test_safe_undo_restores_the_turn_that_revealed_nothing(tmp_path: Path) -> None:
    """IB 2.8.2: North's keep reveals nothing (South answers next), so it can be taken
    back; the game is exactly as before, and it stays so after reopening."""
    store, table = _table(tmp_path, "safe")
    before = canonical_json(table.state)
    _commit(store, table, table.check_act(0, [KEEP]))
    assert table.can_undo(0) and not table.can_undo(1)
    _commit(store, table, table.check_undo(0))
    assert canonical_json(table.state) == before
    assert table.actions == [] and table.state.current_seat() == 0
    reopened = Table.open(store, table.id)
    assert canonical_json(reopened.state) == before


def test_safe_undo_refuses_a_turn_that_drew_a_card(tmp_path: Path) -> None:
    """A turn after which a card left a deck (a Draw Step, IB 3.2.1) cannot be taken
    back, and the turn before it no longer can either: someone acted since."""
    store, table = _table(tmp_path, "safe")
    for _ in range(300):
        seat = table.state.current_seat()
        decks = sum(len(d) for d in table.state.decks)
        legal = table.state.legal_actions()  # free discards make room for draws
        choice = next((a for a in legal if a.kind == Kind.DISCARD), legal[0])
        pending = table.check_act(seat, [choice])
        assert pending.state is not None
        drew = sum(len(d) for d in pending.state.decks) < decks
        _commit(store, table, pending)
        if drew:
            break
    else:
        pytest.fail("no turn drew a card in 300 turns")
    assert not table.can_undo(seat)
    with pytest.raises(TableError, match="nothing to take back"):
        table.check_undo(seat)
    assert not any(table.can_undo(s) for s in (0, 1))


def test_safe_undo_takes_back_a_free_discard(tmp_path: Path) -> None:
    """IB 2.8.7: a free discard at the Action Step reveals nothing new to anyone."""
    store, table = _table(tmp_path, "safe")
    _commit(store, table, table.check_act(0, [KEEP]))
    _commit(store, table, table.check_act(1, [KEEP]))
    seat = table.state.current_seat()
    discard = next(a for a in table.state.legal_actions() if a.kind == Kind.DISCARD)
    before = canonical_json(table.state)
    _commit(store, table, table.check_act(seat, [discard]))
    assert table.can_undo(seat)
    _commit(store, table, table.check_undo(seat))
    assert canonical_json(table.state) == before


def test_off_never_takes_back_a_turn(tmp_path: Path) -> None:
    """Table rule undo=off: the same keep as above is final."""
    store, table = _table(tmp_path, "off")
    _commit(store, table, table.check_act(0, [KEEP]))
    assert not table.can_undo(0)
    with pytest.raises(TableError):
        table.check_undo(0)
