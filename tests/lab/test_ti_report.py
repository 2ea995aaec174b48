"""The Initiative's report on hand-made rows with known answers: the group's win rate
(TI-54) per mission, player count and bots with Wilson intervals, turns to solve, how
games were lost (TI-50, TI-54, TI-A14) and the page."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from initiative.lab.stats import Proportion, wilson
from initiative.lab.ti.report import parse_ti_row, render_ti_html, render_ti_text, summarize_ti
from initiative.lab.ti.rows import TI_COLUMNS


def ti_row(seed: int, result: str, mission: str = "first", players: int = 2,
           **figures: Any) -> dict[str, Any]:
    """A result row as `simulate` writes it."""
    won = result == "solved"
    base: dict[str, Any] = {
        "game": "the_initiative", "seed": seed, "param": "", "value": "",
        "mission": mission, "players": players,
        "characters": json.dumps({str(s): k for s, k in enumerate(["pip", "ada", "rook",
                                                                   "mina"][:players])}),
        "bots": json.dumps({str(s): "heuristic" for s in range(players)}),
        "won": won, "result": result, "turns": 20 + seed, "turns_to_solve":
            20 + seed if won else -1, "proposals": 1 if result != "time" else 0,
        "rejected": 0, "windows_opened": 4 if won else 2, "windows": 4,
        "answer_windows_open": 4 if won else 2, "answer_windows": 4, "tokens_left": 3,
        "cards_left": 5, "peril": result == "time", "peril_turn": 15 if result == "time"
        else -1, "time_in_discard": 3 if result == "time" else 0, "enemies_defeated": 0,
        "actions": json.dumps({"run": 5, "intel": 1, "gather": 6, "regroup": 2,
                               "special": 0}),
        "tucks": 0, "draws_in_peril": 0}
    base.update(figures)
    assert set(base) == set(TI_COLUMNS)
    return base


def test_win_rates_turns_to_solve_and_losses() -> None:
    rows = [ti_row(s, r) for s, r in enumerate(
        ["solved", "solved", "solved", "wrong_answer", "time", "time"])]
    rows += [ti_row(10 + s, r, mission="second", players=3) for s, r in enumerate(
        ["solved", "stall"])]
    report = summarize_ti(rows)
    assert report.games == 8 and report.seeds == (0, 11)
    assert report.all.wins == Proportion(4, 8)
    assert [(g.name, g.wins) for g in report.missions] == [
        ("first", Proportion(3, 6)), ("second", Proportion(1, 2))]
    assert [(g.name, g.wins) for g in report.players] == [
        ("2", Proportion(3, 6)), ("3", Proportion(1, 2))]
    assert [g.name for g in report.lineups] == ["heuristic+heuristic",
                                                "heuristic+heuristic+heuristic"]
    # turns to solve of the won games: 20, 21, 22 and 30
    assert report.all.solve.n == 4 and report.all.solve.mean == pytest.approx(23.25)
    assert dict(report.quantiles)[0.5] == pytest.approx(21.5)
    assert report.all.losses.counts == {"wrong_answer": 1, "time": 2, "stall": 1}
    assert report.missions[0].losses.share("time") == Proportion(2, 6)
    assert report.missions[0].peril == Proportion(2, 6)
    text = render_ti_text(report)
    low, high = wilson(4, 8)
    assert f"{low:.1%} - {high:.1%}" in text
    assert re.search(r"first\s+6\s+3\s+50\.0%", text)
    assert "How games were lost" in text and "3 players" in text
    page = render_ti_html(report)
    assert page.count("<svg") >= 4 and "Turns to solve" in page


def test_no_games_and_bad_rows() -> None:
    assert "No games" in render_ti_text(summarize_ti([]))
    with pytest.raises(ValueError, match="seed 3: no column 'turns'"):
        parse_ti_row({k: v for k, v in ti_row(3, "solved").items() if k != "turns"})
    with pytest.raises(ValueError, match="seed 4: column 'result' is 'solved' with won False"):
        parse_ti_row(ti_row(4, "solved", won=False))
    with pytest.raises(ValueError, match="seed 5: column 'bots' is not a JSON object"):
        parse_ti_row(ti_row(5, "time", bots="[1]"))
    assert parse_ti_row(ti_row(6, "solved", won="True", peril="False")).won


def test_a_sweep_has_a_row_per_value() -> None:
    rows = [ti_row(s, "solved" if v == "true" else "time", param="rules.stall_is_loss",
                   value=v) for v in ("true", "false") for s in range(3)]
    report = summarize_ti(rows)
    assert [(p, g.name, g.wins) for p, g in report.sweeps] == [
        ("rules.stall_is_loss", "true", Proportion(3, 3)),
        ("rules.stall_is_loss", "false", Proportion(0, 3))]
    assert "Sweep" in render_ti_text(report)
