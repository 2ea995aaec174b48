"""The decisions a house-rule flag adds are controls of the web table too (issue 17):
seeded games played as in test_every_action_offered (every decision's controls are
exactly the engine's legal actions), with the flag set at table creation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from initiative.games.ib import frames
from initiative.games.ib.actions import Action
from initiative.server.table import Table
from tests.server import test_every_action_offered as offered
from tests.server.every_mode import api_body
from tests.server.test_app import running


def _with_rules(rules: str) -> Any:
    def body(name: str, seed: int) -> dict[str, Any]:
        return {**api_body(name, seed), "rules": rules}
    return body


def test_ib_2_8_7_the_discard_before_the_draw_step_is_offered_on_the_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`free_discard_timing=before_draw_too`: besides the two mulligan answers, a seat
    with a full hand is asked before its Draw Step (keep, or a free discard)."""
    monkeypatch.setattr(offered, "api_body", _with_rules("free_discard_timing=before_draw_too"))
    kinds: Counter[str] = Counter()
    with running(tmp_path) as client:
        offered.play_checked(client, "1v1", 1000, kinds)
    assert kinds["keep"] > 2, dict(kinds)


def test_ib_3_7_5_step_windows_are_offered_on_the_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`ib_windows=every_step`: the Initiative Break windows between the steps of an
    activation show their Break and decline controls like any other window."""
    monkeypatch.setattr(offered, "api_body", _with_rules("ib_windows=every_step"))
    plain = offered.kind_name

    def kind_name(table: Table, seat: int, action: Action) -> str:
        top = table.state.stack[-1]
        step = top.tag == frames.WINDOW and top.kind == frames.W_STEP
        return plain(table, seat, action) + ("@step" if step else "")

    monkeypatch.setattr(offered, "kind_name", kind_name)
    kinds: Counter[str] = Counter()
    with running(tmp_path) as client:
        offered.play_checked(client, "1v1", 1000, kinds)
    assert kinds["decline@step"] > 0 and kinds["break@step"] > 0, dict(kinds)
