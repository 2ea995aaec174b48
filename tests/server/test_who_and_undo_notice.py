"""Who is who on the web table (every unit named with its side in the log, the buttons,
the previews and the defeated list) and the undo notice every seat reads in its log
(server/table.py, server/log_lines.py, server/ib/render.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from initiative.engine.contract import SPECTATOR
from initiative.engine.rng import SplitMix64
from initiative.games.ib.actions import ACTIONS, BASIC, KEEP, PASS
from initiative.games.ib.setup import new_game
from initiative.server import seat_frames
from initiative.server.ib import render
from initiative.server.log_lines import with_notices
from initiative.server.table import Notice, Table
from initiative.store import Store
from tests.server.support import commit, context_of, duel, new_table, store_at

SAME = ("tideguard", "lanternwatch")
"""Both sides field Wren Aldous and Sela Marchetti (the issue's default match)."""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = store_at(tmp_path)
    yield opened
    opened.close()


def started(store: Store, teams: tuple[str, str] = SAME, seed: int = 3) -> Table:
    table, _, _ = new_table(store, duel(teams=teams), seed)
    commit(store, table, table.check_act(0, [KEEP]))
    commit(store, table, table.check_act(1, [KEEP]))
    return table


def test_both_wrens_are_told_apart_everywhere(store: Store) -> None:
    """The same Character on both sides: the log, the target buttons and the preview
    name each with its seat, and no two units share a name."""
    table = started(store)
    match = table.game.match
    wrens = [u for u in range(match.num_characters) if match.units[u].key == "wren"]
    assert [match.who(u) for u in wrens] == ["Wren Aldous (North)", "Wren Aldous (South)"]
    assert len(set(match.who_names)) == len(match.who_names)
    seat = table.state.current_seat()
    table.step(seat, BASIC.index)
    ctx = context_of(table, seat)
    steps = [step for t in ctx["track"] for step in t["steps"]]
    assert steps and len({s.label for s in steps}) == len(steps)
    assert all(s.label.startswith("Target ") and s.label.endswith(("(North)", "(South)"))
               for s in steps)
    table.step(seat, table.draft(seat).next_steps[0].index)
    ctx = context_of(table, seat)
    assert ctx["preview"] and all(r["name"] in match.who_names for r in ctx["preview"])
    assert "(North)" in ctx["draft"][-1] or "(South)" in ctx["draft"][-1]
    commit(store, table, table.check_confirm(seat))
    log = context_of(table, SPECTATOR)["log"]
    declare = [line for line in log if " declares a Basic Attack targeting " in line]
    assert declare and all(line.count("(North)") + line.count("(South)") == 2
                           for line in declare)


def test_an_undo_is_told_to_every_seat(store: Store) -> None:
    """South takes back a pass (it revealed nothing): both seats and spectators read
    "South took back their last turn." where the log now ends; the JSON clients get it
    as a notice; it survives a reopen, and play goes on after it."""
    table = started(store, ("tideguard", "ashfall"))
    commit(store, table, table.check_act(1, [PASS]))
    commit(store, table, table.check_undo(1))
    at = table.state.log_len
    assert table.data.notices == [Notice(1, at)]
    for seat in (0, 1, SPECTATOR):
        log = context_of(table, seat)["log"]
        assert log[-1] == "South took back their last turn."
        assert log.count("South took back their last turn.") == 1
        notices = seat_frames.json_frame(table, seat, 0)["notices"]
        assert notices == [{"seat": 1, "at": at, "kind": "undo",
                            "text": "South took back their last turn."}]
    again = Table.open(store, table.id)
    assert again.data.notices == table.data.notices and again.snapshot() == table.snapshot()
    commit(store, table, table.check_act(1, [PASS]))
    log = context_of(table, 0)["log"]
    i = log.index("South took back their last turn.")
    assert log[i + 1].endswith("passes.")  # the pass played again comes after it


def test_notices_sit_between_the_sentences_they_came_between() -> None:
    """A notice at log position n comes before sentence n; one before the first line
    shown is left out with the sentences scrolled away, and one after the last (a
    replay's earlier step) too."""
    notices, at = ("North took back.", "South took back."), (2, 5)

    def lines(sentences: list[str], first: int) -> list[str]:
        return with_notices(sentences, first, notices, at)

    assert lines(["a", "b", "c", "d", "e", "f"], 0) == [
        "a", "b", "North took back.", "c", "d", "e", "South took back.", "f"]
    assert lines(["e", "f"], 4) == ["e", "South took back.", "f"]
    assert lines(["c"], 2) == ["North took back.", "c"]
    assert lines(["c", "d", "e"], 2) == ["North took back.", "c", "d", "e",
                                         "South took back."]


def test_time_collapse_shows_no_round_number(store: Store) -> None:
    """IB 3.6.2: in a Time Collapse the status says so instead of a round number, and no
    log line after the collapse names a round."""
    teams = ("tideguard", "ashfall")
    match = new_table(store, duel(teams=teams), 5)[0].game.match
    for seed in range(40):
        state, rng, actions = new_game(match, seed), SplitMix64(seed), []
        while not state.is_terminal() and (state.track.rm is not None
                                           or state.current_seat() < 0):
            legal = state.legal_actions()
            actions.append(legal[rng.below(len(legal))].index)
            state.apply(ACTIONS[actions[-1]])
        if not state.is_terminal():
            break
    else:
        pytest.fail("no seeded game reached a Time Collapse with a decision left")
    table = new_table(store, duel(teams=teams), seed, prefix=actions)[0]
    ctx = context_of(table, SPECTATOR)
    status = render.regions(ctx)["status"]
    assert "Time Collapse: no rounds" in status and 'class="round"' not in status
    log = ctx["log"]
    after = log[max(i for i, line in enumerate(log) if line.startswith("Time Collapse!")):]
    assert not any("(round" in line for line in after), after
