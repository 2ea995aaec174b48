"""The play loop in process: the bot is handed its own view, never the state."""

from __future__ import annotations

import io
from typing import Any, ClassVar

import pytest
from rich.console import Console

from initiative.bots import RandomBot
from initiative.cli.ib import play as play_module
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.match import fixture_match
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView


class SpyBot(RandomBot):
    seen: ClassVar[list[object]] = []

    def choose(self, view: Any) -> Any:
        SpyBot.seen.append(view)
        return super().choose(view)


def test_bot_in_the_play_loop_sees_only_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    SpyBot.seen = []
    monkeypatch.setattr(play_module, "make_bot", lambda name, match, seed: SpyBot(seed))
    match = fixture_match(config=RulesConfig(max_activations=8))
    out = io.StringIO()
    code = play_module.play(match, 3, 0, Console(file=out, width=120), lambda _: "1")
    assert code == 0
    assert "Result: draw (activation limit 8 reached)." in out.getvalue()
    assert SpyBot.seen
    for view in SpyBot.seen:
        assert isinstance(view, IBView) and not isinstance(view, IBState)
        assert view.seat == 1 and view.hands[0] is None and view.legal
