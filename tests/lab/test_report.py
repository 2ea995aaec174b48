"""`initiative report`: the statistics, the report's sections on hand-made rows with known
answers, the self-contained HTML page, and the command on a real run and on bad files."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from initiative.cli.main import app
from initiative.lab.ib.matchup import Matchup
from initiative.lab.ib.report import balance_point, render_html, render_text, summarize
from initiative.lab.ib.rows import COLUMNS
from initiative.lab.results import write_rows
from initiative.lab.simulate import run
from initiative.lab.stats import Proportion, describe, histogram, median, quantile, wilson
from tests.cli.helpers import run_cli

NORTH, SOUTH = ["wren", "odo"], ["brask", "sela"]


def row(seed: int, winner_team: int, characters: tuple[list[str], ...] = (NORTH, SOUTH),
        **figures: Any) -> dict[str, Any]:
    """A result row as `simulate` writes it: two sides North and South by default."""
    names = figures.pop("names", ["North", "South"])
    teams = range(len(names))
    sides = {str(t): name for t, name in enumerate(names)}
    units = {str(t): chars for t, chars in enumerate(characters)}
    base: dict[str, Any] = {
        "seed": seed, "format": "1v1", "param": "", "value": "", "sides": json.dumps(sides),
        "bots": json.dumps({str(t): ["random"] for t in teams if names[t] != "challenge_cards"}),
        "winner": names[winner_team] if winner_team >= 0 else "draw",
        "winner_team": winner_team, "first_team": 0, "rounds": 10, "activations": 40,
        "time_collapse": False, "collapse_round": -1, "collapse_activation": -1,
        "characters": json.dumps(units),
        "decks": json.dumps({t: ["quick_jab"] for t in units}),
        "damage_dealt": json.dumps({t: {c: 4 for c in chars} for t, chars in units.items()}),
        "damage_taken": json.dumps({t: {c: 2 for c in chars} for t, chars in units.items()}),
        "cards_played": 1, "plays": json.dumps({"0": {"quick_jab": 1}}),
        "deck_outs": "{}",
    }
    base.update(figures)
    assert set(base) == set(COLUMNS)
    return base


def test_wilson_interval_known_values() -> None:
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    p = Proportion(30, 40)
    assert p.rate == 0.75 and p.low < 0.75 < p.high and p.above(Proportion(5, 40))


def test_quantiles_and_histogram() -> None:
    assert median([3, 1, 4, 2]) == 2.5 and median([7]) == 7 and median([]) == 0
    assert quantile(list(range(1, 11)), 0.9) == pytest.approx(9.1)
    assert histogram([1, 1, 2, 5]) == [(1, 2, 2), (2, 3, 1), (3, 4, 0), (4, 5, 0), (5, 6, 1)]
    wide = histogram(list(range(100)), max_bins=10)
    assert len(wide) == 10 and all(count == 10 for _, _, count in wide)
    spread = describe([10, 20, 30])
    assert (spread.n, spread.mean, spread.median) == (3, 20, 20)


def test_summary_of_hand_made_rows() -> None:
    winners = [0, 0, 0, 0, 0, 0, 1, 1, 1, -1]
    rows = [row(seed, won, first_team=seed % 2, rounds=seed + 1,
                time_collapse=seed < 4, collapse_round=5 if seed < 4 else -1)
            for seed, won in enumerate(winners)]
    report = summarize(rows)
    assert report.overview.games == 10 and report.overview.seeds == (0, 9)
    assert report.overview.formats == {"1v1": 10} and report.overview.bots == {"random": 10}
    assert report.wins == {"North": Proportion(6, 10), "South": Proportion(3, 10)}
    assert report.overview.draws == Proportion(1, 10)
    assert report.seat == Proportion(6, 10)
    # the first side to activate is team 0 in even seeds: it won seeds 0, 2, 4, 7 (team 1)
    assert report.first_activation == Proportion(4, 10)
    assert report.rounds.mean == 5.5 and report.rounds.median == 5.5
    assert report.collapse.games == Proportion(4, 10)
    assert report.collapse.rounds.median == 5
    assert report.collapse.first_with == Proportion(4, 4)
    assert report.collapse.first_without == Proportion(2, 6)
    assert {d.key: (d.games, d.dealt, d.taken) for d in report.damage}["wren"] == (10, 4, 2)
    assert not report.characters.varies and not report.sweeps
    text = render_text(report)
    assert "Characters do not vary in this run" in text and "Draws count as games not won" in text
    assert re.search(r"North\s+10\s+6\s+60\.0%", text)


def test_a_character_that_always_wins_is_out_of_line() -> None:
    pool = ["ilse", "pim", "tove", "vossa", "corvin", "marta"]
    rows = []
    for seed in range(40):
        others = [pool[(seed + i) % len(pool)] for i in range(3)]
        hero_side = seed % 2
        teams = (["dara", *others[:1]], others[1:]) if hero_side == 0 else \
            (others[1:], ["dara", *others[:1]])
        rows.append(row(seed, hero_side, teams))
    table = summarize(rows).characters
    assert table.varies
    dara = table.rows[0]
    assert dara.key == "dara" and dara.fielded == Proportion(40, 40)
    assert dara.without == Proportion(0, 40) and dara.out_of_line == 1
    assert dara.difference == 1.0
    assert "dara (higher)" in render_text(summarize(rows))


def test_solo_rows_count_the_challenge_cards_as_a_side() -> None:
    solo = row(0, 1, (NORTH,), names=["North", "challenge_cards"], format="solo",
               damage_dealt=json.dumps({"0": {"wren": 3}, "1": {"hour_mite": 9}}),
               damage_taken="{}")
    report = summarize([solo, row(1, 0)])
    assert report.wins["challenge_cards"] == Proportion(1, 1)
    assert report.wins["North"] == Proportion(1, 2)
    assert report.seat == Proportion(1, 1)  # only the 1v1 has two player sides
    damage = {d.key: (d.games, d.dealt) for d in report.damage}
    assert damage["hour_mite"] == (1, 9) and damage["wren"] == (2, 3.5)
    assert "challenge_cards" in render_text(report)


def test_sweep_balance_point_is_interpolated_where_side_0_crosses_half() -> None:
    wins = {"12": 6, "4": 1, "8": 2}  # team 0 wins out of 10 per value
    rows = [row(seed, 0 if seed < wins[v] else 1, param="character.wren.hp", value=v)
            for v in wins for seed in range(10)]
    sweep = summarize(rows).sweeps[0]
    assert sweep.values == ("4", "8", "12") and sweep.numeric
    assert sweep.sides["North"] == (Proportion(1, 10), Proportion(2, 10), Proportion(6, 10))
    assert sweep.crosses and sweep.balance == pytest.approx(11.0)  # 8 + 0.3 / 0.4 * 4
    assert "character.wren.hp = 11" in render_text(summarize(rows))
    assert balance_point(["1", "2"], [0.2, 0.4], True) == (2.0, False)
    assert balance_point(["on", "off"], [0.7, 0.45], False) == ("off", False)
    assert balance_point(["3", "5"], [0.5, 0.9], True) == (3.0, True)
    assert balance_point([], [], True) == (None, False)


def test_deck_outs_are_counted_and_told_from_losses_to_damage() -> None:
    """IB 2.8.6: of four games, South decks out and loses one, North decks out in a draw
    (not won), two have none (one row written before the column existed); a side that
    decks out and still wins is not a loss to a deck-out."""
    rows = [row(0, 0, deck_outs='{"1":1}'), row(1, -1, deck_outs='{"0":1}'),
            row(2, 1), row(3, 0)]
    del rows[3]["deck_outs"]
    report = summarize(rows)
    assert report.deck_outs.games == Proportion(2, 4)
    assert report.deck_outs.decided == Proportion(2, 4)
    assert summarize([row(0, 1, deck_outs='{"1":1}')]).deck_outs.decided == Proportion(0, 1)
    text = render_text(report)
    assert "Deck-outs" in text and "games lost to a deck-out" in text


def test_a_real_run_records_its_deck_outs() -> None:
    """Random play decks out often: the rows say which side, and that side lost."""
    rows = run(Matchup(("random", "random")), 6)
    decked = [json.loads(r["deck_outs"]) for r in rows]
    assert any(decked)
    for r, teams in zip(rows, decked, strict=True):
        for team, seats in teams.items():
            assert seats == 1 and r["winner_team"] != int(team)


def test_html_is_one_self_contained_page() -> None:
    rows = [row(seed, seed % 2, names=["<North & co>", "South"], param="rules.flag",
                value=v) for v in ("true", "false") for seed in range(6)]
    page = render_html(summarize(rows))
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 4
    assert "http://" not in page and "https://" not in page
    assert "<script" not in page and "<link" not in page and "<img" not in page
    assert "&lt;North &amp; co&gt;" in page and "<North" not in page


def test_no_rows_give_a_short_report() -> None:
    report = summarize([])
    assert report.overview.games == 0 and report.wins == {}
    assert "No games" in render_text(report) and "<svg" not in render_html(report)


def test_the_command_reports_a_real_run(tmp_path: Path) -> None:
    results = write_rows(run(Matchup(("random", "random")), 20), tmp_path / "run.csv")
    page = tmp_path / "report.html"
    done = CliRunner().invoke(app, ["report", str(results), str(results), "--html", str(page)])
    assert done.exit_code == 0, done.output
    assert re.search(r"games\s+40\b", done.output) and "random A" in done.output
    assert "Win rates by side" in done.output and str(page) in done.output
    assert "<svg" in page.read_text(encoding="utf-8")
    quiet = CliRunner().invoke(app, ["report", str(results), "--no-html",
                                     "--html", str(tmp_path / "not.html")])
    assert quiet.exit_code == 0 and not (tmp_path / "not.html").exists()


def test_html_is_written_only_when_asked(tmp_path: Path) -> None:
    """`initiative report FILE` in a shell prints the report and writes no file; with
    `--html PATH` it writes the page there too and says so."""
    write_rows(run(Matchup(("random", "random")), 6), tmp_path / "run.csv")
    told = run_cli(["report", "run.csv"], cwd=tmp_path)
    assert told.returncode == 0, told.stderr
    assert told.stdout.startswith("Initiative Break balance report\n")
    assert "HTML report written" not in told.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.csv"]
    told = run_cli(["report", "run.csv", "--html", "page.html"], cwd=tmp_path)
    assert told.returncode == 0 and told.stdout.endswith("HTML report written to page.html\n")
    assert (tmp_path / "page.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert "--html PATH" in run_cli(["report", "--help"]).stdout


def test_bad_files_are_named_in_the_error(tmp_path: Path) -> None:
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n", encoding="utf-8")
    broken = write_rows([row(0, 0, sides="{oops")], tmp_path / "broken.csv")
    binary = tmp_path / "binary.csv"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    cases = {tmp_path / "missing.csv": "no such results file", other: "no column seed",
             broken: "not a JSON object", binary: "cannot read"}
    for path, problem in cases.items():
        done = CliRunner().invoke(app, ["report", str(path), "--no-html"])
        assert done.exit_code == 2, done.output
        assert str(path) in done.stderr and problem in done.stderr


def test_a_character_sweep_follows_the_sides_fielding_it() -> None:
    """With drafted teams the swept Character changes sides; the sweep tracks its side."""
    wins = {"6": 2, "10": 8}  # games of 10 won by the side with zed, per value
    rows = []
    for v, won in wins.items():
        for seed in range(10):
            zed_team = seed % 2
            teams = ([*NORTH[:3], "zed"], SOUTH) if zed_team == 0 else (NORTH, [*SOUTH[:3], "zed"])
            winner = zed_team if seed < won else 1 - zed_team
            rows.append(row(seed, winner, teams, param="character.zed.hp", value=v))
    sweep = summarize(rows).sweeps[0]
    assert sweep.first_name == "sides with zed"
    assert sweep.first == (Proportion(2, 10), Proportion(8, 10))
    assert sweep.crosses and sweep.balance == pytest.approx(8.0)  # 6 + 0.3 / 0.6 * 4
    assert "sides with zed win rate" in render_text(summarize(rows))
