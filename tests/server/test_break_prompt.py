"""The web table's Initiative Break prompt (issue 16, item 8): the seat page as served,
at a real Break window reached through `POST /api/tables` with the game's seed and the
actions before it (`prefix`), says what breaking does to the Breaker under the rules of
the table: far left, Break Art, far right and out of round (IB-3.7.6, AMB-29), or just
left of the Round Marker (`ib_end_position=before_rm`); and that a Break by the unit
acting now ends its activation (AMB-34), on the prompt and on that unit's control."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from initiative.games.ib.text import describe
from tests.cli.test_break_prompt import JUMP, Window, active_can_break, breakers, first
from tests.server.test_app import running

CONTROL = re.compile(r'<button[^>]*data-action="(\d+)"[^>]*title="([^"]*)"')


def served(tmp_path: Path, window: Window, rules: str = "") -> tuple[str, dict[int, str]]:
    """The deciding seat's page at the window: its text and each control's title."""
    body: dict[str, Any] = {"mode": "1v1", "seed": window.seed, "prefix": list(window.actions),
                            "seat0_team": "tideguard", "seat1_team": "ashfall",
                            "seat0_name": "North", "seat1_name": "South", "rules": rules}
    with running(tmp_path) as client:
        created = client.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        seat = window.state.current_seat()
        page = client.get(created.json()["links"][seat])
        assert page.status_code == 200
    controls = {int(i): html.unescape(t) for i, t in CONTROL.findall(page.text)}
    return " ".join(html.unescape(page.text).split()), controls


def test_the_break_prompt_and_control_say_what_breaking_does(tmp_path: Path) -> None:
    window = first({}, active_can_break)
    text, controls = served(tmp_path, window)
    view = window.view
    active = describe.active_unit(view)
    assert f"A Breaker {JUMP}, then goes to the far right, past the Round Marker, out of " \
           "round." in text
    assert f"{view.units[active].name} is acting now: breaking with it ends its " \
           "activation." in text and 'title="Rules: AMB-34"' in text  # the id: a tooltip
    own = next(a.index for a in view.legal if a.kind.name == "BREAK" and a.arg == active)
    assert "it is acting now, so breaking ends its activation" in controls[own]
    assert set(controls) == {a.index for a in view.legal}


def test_before_rm_is_worded_on_the_page(tmp_path: Path) -> None:
    rules = {"ib_end_position": "before_rm"}
    window = first(rules, lambda v: v.rm is not None and any(
        not describe.out_of_round(v, v.order.index(u), u) for u in breakers(v)))
    text, _ = served(tmp_path, window, "ib_end_position=before_rm")
    prompt = re.search(r'<p class="decision"[^>]*>(.*?)</p>', text)
    assert prompt is not None
    assert "then goes back just left of the Round Marker, still in the round" in prompt[1]
    assert "out of round" not in prompt[1]
