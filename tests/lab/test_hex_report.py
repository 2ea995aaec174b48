"""The hex skirmish report on hand-made rows with known answers: win rates per seat,
character and bot, the first player's advantage (HX-9, HX-11), card usage by section
(HX-12, HX-30), damage, the Special Initiative card's turns (HX-10) and the page."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from initiative.lab.hex.report import (
    parse_hex_row,
    render_hex_html,
    render_hex_text,
    summarize_hex,
)
from initiative.lab.hex.rows import HEX_COLUMNS
from initiative.lab.stats import Proportion


def hex_row(seed: int, winner: int, first_seat: int = 0, **figures: Any) -> dict[str, Any]:
    """A two-seat result row as `simulate` writes it: brannoc (seat 0) against ysolde."""
    base: dict[str, Any] = {
        "game": "hex_skirmish", "seed": seed, "param": "", "value": "", "board": "ring",
        "players": 2, "characters": json.dumps({"0": "brannoc", "1": "ysolde"}),
        "bots": json.dumps({"0": "random", "1": "random"}), "winner": winner,
        "first_seat": first_seat, "rounds": 4, "turns": 16,
        "special_turns": json.dumps({"0": 0, "1": 0}),
        "ended": "last_standing" if winner >= 0 else "round_limit",
        "eliminations": json.dumps([1 - winner] if winner >= 0 else []),
        "damage_dealt": json.dumps({"0": 3, "1": 5}),
        "damage_taken": json.dumps({"0": 5, "1": 3}),
        "cards_played": json.dumps({"0": 8, "1": 8}),
        "move_plays": json.dumps({"0": {"dash": 2}, "1": {"dash": 1}}),
        "attack_plays": json.dumps({"0": {"all_in": 1}, "1": {}}),
        "reactions": json.dumps({"0": {}, "1": {"hold_fast": 1}}),
    }
    base.update(figures)
    assert set(base) == set(HEX_COLUMNS)
    return base


def test_win_rates_and_the_first_players_advantage() -> None:
    # seat 0 wins seeds 0-5, seat 1 seeds 6-8, seed 9 is a draw; seat 0 goes first in
    # even seeds, so the first player won seeds 0, 2, 4 and 7
    rows = [hex_row(seed, w, first_seat=seed % 2)
            for seed, w in enumerate([0, 0, 0, 0, 0, 0, 1, 1, 1, -1])]
    report = summarize_hex(rows)
    assert report.games == 10 and report.seeds == (0, 9) and report.boards == {"ring": 10}
    assert report.seats == {0: Proportion(6, 10), 1: Proportion(3, 10)}
    assert report.characters == {"brannoc": Proportion(6, 10), "ysolde": Proportion(3, 10)}
    assert report.by_bot == {"random": Proportion(9, 20)}
    assert report.draws == Proportion(1, 10)
    assert report.first == Proportion(4, 10) and report.fair_share == 0.5
    assert report.first_seats == {0: 5, 1: 5}
    assert report.ended == {"last_standing": 9, "round_limit": 1}
    assert report.first_out == {"brannoc": 3, "ysolde": 6}
    text = render_hex_text(report)
    assert re.search(r"seat 1\s+10\s+6\s+60\.0%\s+31\.3% - 83\.2%", text)
    assert "First-player advantage" in text and "no advantage shown" in text
    assert "against a fair share of 50.0%" in text


def test_an_advantage_is_named_only_when_the_interval_clears_the_fair_share() -> None:
    always = summarize_hex([hex_row(seed, 0, first_seat=0) for seed in range(30)])
    assert always.first == Proportion(30, 30)
    assert "an advantage (the interval lies above" in render_hex_text(always)
    never = summarize_hex([hex_row(seed, 1, first_seat=0) for seed in range(30)])
    assert "a disadvantage" in render_hex_text(never)


def test_card_usage_damage_and_special_turns() -> None:
    rows = [hex_row(0, 0, special_turns=json.dumps({"0": 2, "1": 0})),
            hex_row(1, 1, attack_plays=json.dumps({"0": {}, "1": {}}))]
    report = summarize_hex(rows)
    uses = {u.key: (u.move, u.attack, u.reaction) for u in report.cards}
    assert uses == {"dash": (3, 0, 0), "all_in": (0, 0.5, 0), "hold_fast": (0, 0, 1)}
    assert report.cards[0].key == "dash"  # most used first
    damage = {d.key: (d.games, d.dealt, d.taken) for d in report.damage}
    assert damage == {"brannoc": (2, 3, 5), "ysolde": (2, 5, 3)}
    assert report.special == Proportion(1, 2) and report.special_per_game == 1.0
    assert "1.00 such turns per game" in render_hex_text(report)


def test_four_player_rows_share_out_the_seats() -> None:
    four = hex_row(0, 3, first_seat=2, players=4,
                   characters=json.dumps({str(s): "tamsin" for s in range(4)}),
                   bots=json.dumps({str(s): "random" for s in range(4)}))
    report = summarize_hex([four, hex_row(1, 0)])
    assert report.seats[3] == Proportion(1, 1) and report.seats[0] == Proportion(1, 2)
    assert report.fair_share == pytest.approx((1 / 4 + 1 / 2) / 2)
    assert report.characters["tamsin"] == Proportion(1, 4)
    assert report.character_shares == {"brannoc": 0.5, "tamsin": 0.25, "ysolde": 0.5}


def test_a_character_winning_beyond_its_share_is_out_of_line() -> None:
    rows = [hex_row(seed, 0) for seed in range(20)]  # brannoc (seat 0) always wins
    text = render_hex_text(summarize_hex(rows))
    assert "players): brannoc (higher), ysolde (lower)." in text
    even = render_hex_text(summarize_hex([hex_row(seed, seed % 2) for seed in range(20)]))
    assert "players): none." in even


def test_the_page_is_self_contained_and_bad_rows_are_named() -> None:
    page = render_hex_html(summarize_hex([hex_row(s, s % 2) for s in range(6)]))
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 4
    assert "<script" not in page and "http://" not in page
    assert "No games" in render_hex_text(summarize_hex([]))
    with pytest.raises(ValueError, match="seed 3: column 'damage_dealt' is not a JSON"):
        parse_hex_row(hex_row(3, 0, damage_dealt="[1,"))
    with pytest.raises(ValueError, match="seed 4: no column 'turns'"):
        parse_hex_row({k: v for k, v in hex_row(4, 0).items() if k != "turns"})
