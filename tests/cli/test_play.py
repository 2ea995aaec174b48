"""`initiative play` end to end with piped stdin: rendering, bad input, records, leaks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from initiative.cli.menu_choice import PROMPT
from initiative.games.ib.record import GameRecord, replay
from initiative.games.ib.story import result_line
from tests.cli.helpers import human_decisions, run_cli, screens


def test_full_game_choosing_first_option(answers_first: str) -> None:
    done = run_cli(["play", "--seed", "5", "--bot", "random"], answers_first)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Traceback" not in out + done.stderr
    assert "seed 5: you are Player 1 (seat 1, tideguard)" in out
    assert "Track (left acts first):" in out
    assert "[RM]" in out and "Round Marker" in out
    assert "(out)" in out, "units past the Round Marker are marked"
    assert "Your hand (5):" in out
    assert "Player 2: hand 5, deck" in out
    flat = " ".join(out.split())
    assert "1. keep — keep your opening hand" in flat and "2. mulligan" in flat
    assert "Game over" in out
    assert any(r in out for r in ("Result: you win!", "Result: you lose.", "Result: draw"))


def test_track_shows_active_unit_and_targets(answers_first: str) -> None:
    out = run_cli(["play", "--seed", "5", "--max-activations", "20", "--bot", "random"],
                  answers_first).stdout
    assert "Track (left acts first): >" in out, "the active unit leads the track, marked"
    assert "acts: choose an action" in out
    assert "basic — Basic Attack (free, +1 Charge): enemy:" in " ".join(out.split())
    # a target choice names the label, the unit, its HP and its side
    assert "target " in out and " HP" in out and "enemy (Player 2)" in out
    assert "Result: draw (activation limit 20 reached)." in out


def test_bad_input_gets_a_clear_message_and_a_new_prompt() -> None:
    done = run_cli(["play", "--seed", "3", "--max-activations", "5"],
                   "banana\n99\n0\n\n-2\nkeep\nq\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "'banana' is not a legal move here: move 'banana' is not legal now (legal: keep, " \
           "mulligan)" in out
    assert "There is no choice 99: enter a number from 1 to 2." in out
    assert "There is no choice 0: enter a number from 1 to 2." in out
    assert "Please enter a number from 1 to 2 or a move text." in out
    assert "There is no choice -2" in out
    assert out.count(PROMPT) == 7, "each bad answer is asked again"
    assert "Player 1 keeps their opening hand." in out, "move text is accepted"
    assert "Game abandoned." in out
    assert "Traceback" not in done.stderr


def test_end_of_input_exits_cleanly() -> None:
    done = run_cli(["play", "--seed", "3"], "")
    assert done.returncode == 0
    assert "Game abandoned." in done.stdout
    assert done.stderr == ""


def test_seat_two_plays_south() -> None:
    """Seats are counted from 1 on every front end: `--seat 2` is Player 2."""
    done = run_cli(["play", "--seed", "8", "--seat", "2", "--team", "lanternwatch",
                    "--max-activations", "10"], "1\n" * 500)
    assert done.returncode == 0, done.stderr
    # the default opponent plays to win (issue 25): the game's default bot, hard
    assert "you are Player 2 (seat 2, lanternwatch) against the hard bot (ashfall)" in done.stdout
    assert "you (Player 2)" in done.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--rule", "no_such_flag=1"], "unknown house-rule flag 'no_such_flag'"),
    (["--rule", "heal_cap=sometimes"], "'sometimes' is not one of 'max_hp', 'none'"),
    (["--rule", "heal_cap"], "--rule expects flag=value"),
    (["--team", "nobody"], "unknown team 'nobody'"),
    (["--record", "/no/such/folder/game.json"], "--record: folder /no/such/folder does not"),
])
def test_bad_options_fail_cleanly(args: list[str], message: str) -> None:
    done = run_cli(["play", "--seed", "1", *args], "")
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_house_rules_reach_the_game() -> None:
    done = run_cli(["play", "--seed", "1", "--rule", "discards_public=false",
                    "--rule", "free_discards_per_activation=unlimited",
                    "--max-activations", "3"], "1\n" * 100)
    assert done.returncode == 0, done.stderr
    assert "Result: draw (activation limit 3 reached)." in done.stdout


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A record written by `initiative play --record` (first option every time)."""
    path = tmp_path_factory.mktemp("played") / "game.json"
    done = run_cli(["play", "--seed", "11", "--max-activations", "40", "--record", str(path)],
                   "1\n" * 3000)
    assert done.returncode == 0, done.stderr
    assert f"Record saved to {path}" in done.stdout
    return path


def test_record_replays(played: Path) -> None:
    record = GameRecord.load(played)
    state = replay(record)
    assert state.is_terminal() and record.result == state.result
    again = run_cli(["replay", str(played)])
    assert again.returncode == 0, again.stderr
    assert again.stdout.endswith(result_line(state) + "\n")
    assert f"{len(record.actions)} moves replayed." in again.stdout
    assert "Player 1 draws a card." in again.stdout, "the default log is the public one"


def test_verbose_replay_shows_moves_and_cards(played: Path) -> None:
    verbose = run_cli(["replay", "--verbose", str(played)])
    assert verbose.returncode == 0
    assert "[1] Player 1: keep" in verbose.stdout
    assert "Player 1 draws a card." not in verbose.stdout, "verbose names every card"


def _swap_first_basic(data: dict[str, Any]) -> tuple[dict[str, Any], str]:
    n = data["actions"].index("basic")
    actions = [*data["actions"][:n], "breakart", *data["actions"][n + 1:]]
    return {**data, "actions": actions}, f"record move {n + 1}: move 'breakart' is not legal now"


@pytest.mark.parametrize("tamper", [
    _swap_first_basic,
    lambda d: ({**d, "actions": d["actions"][:-3]},
               "record: the replay ends with result None, the record says"),
    lambda d: ({**d, "seed": d["seed"] + 1}, "record"),
    lambda d: ({**d, "final_hash": "0" * 64}, "record: final position hash"),
], ids=["move", "truncated", "seed", "hash"])
def test_tampered_record_fails_with_a_clear_error(played: Path, tmp_path: Path,
                                                  tamper: Any) -> None:
    data, message = tamper(json.loads(played.read_text()))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    failed = run_cli(["replay", str(bad)])
    assert failed.returncode == 1
    assert failed.stderr.startswith("error: ") and message in failed.stderr
    assert "Traceback" not in failed.stderr and failed.stdout == ""


@pytest.mark.parametrize(("content", "message"), [
    ("not json", "record: not valid JSON"),
    ('{"format": "initiative-record/1", "seed": -1}', "record.seed"),
])
def test_unreadable_record_fails_cleanly(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(content)
    done = run_cli(["replay", str(path)])
    assert done.returncode == 1
    assert message in done.stderr and "Traceback" not in done.stderr
    missing = run_cli(["replay", str(tmp_path / "missing.json")])
    assert missing.returncode == 1 and "No such file" in missing.stderr


def test_quitting_saves_an_unfinished_record(tmp_path: Path) -> None:
    path = tmp_path / "part.json"
    done = run_cli(["play", "--seed", "2", "--record", str(path)], "1\n1\n1\nq\n")
    assert done.returncode == 0
    record = GameRecord.load(path)
    assert record.result is None and len(record.actions) >= 3
    again = run_cli(["replay", str(path)])
    assert again.returncode == 0 and "Result: unfinished" in again.stdout


def _names(state_cards: list[int], record: GameRecord) -> set[str]:
    match = record.match()
    return {match.card_name(c) for c in state_cards}


@pytest.mark.parametrize(("seed", "seat"), [(21, 0), (22, 1)])
def test_screen_never_shows_the_opponents_hand(tmp_path: Path, seed: int, seat: int,
                                                answers_first: str) -> None:
    path = tmp_path / "leak.json"
    # Two decks that mostly differ by name, so many of the bot's cards are ones the
    # human could not know of.
    done = run_cli(["play", "--seed", str(seed), "--seat", str(seat + 1), "--team", "ashfall",
                    "--opponent-team", "lanternwatch", "--max-activations", "60",
                    "--bot", "random", "--record", str(path)], answers_first)
    assert done.returncode == 0, done.stderr
    record = GameRecord.load(path)
    decisions = human_decisions(record, seat)
    shown = screens(done.stdout)
    assert len(shown) == len(decisions)
    checked = 0
    for screen, decision in zip(shown, decisions, strict=True):
        state, other = decision.state, 1 - seat
        visible = _names(state.hands[seat] + state.discards[seat] + state.discards[other],
                         record)
        secret = _names(state.hands[other], record) - visible
        for name in secret:
            assert name not in screen, f"{name} in the opponent's hand is on screen"
        checked += len(secret)
    assert checked > 20, "the opponent held cards the human could not know"


def test_hidden_discards_never_name_opponent_only_cards(tmp_path: Path,
                                                        answers_first: str) -> None:
    """With face-down discards, cards only the bot's deck holds are never named, except
    the ones it plays or installs (shown to all as they happen)."""
    path = tmp_path / "hidden.json"
    done = run_cli(["play", "--seed", "4", "--team", "ashfall",
                    "--opponent-team", "lanternwatch",
                    "--rule", "discards_public=false", "--max-activations", "60",
                    "--bot", "random", "--record", str(path)], answers_first)
    assert done.returncode == 0, done.stderr
    record = GameRecord.load(path)
    match = record.match()
    bot_only = ({match.card_name(c) for c in match.decklists[1]}
                - {match.card_name(c) for c in match.decklists[0]})
    assert bot_only
    text = " ".join(done.stdout.split())
    unplayed = {name for name in bot_only if f"(Player 2) plays {name}" not in text
                and f"(Player 2) installs {name}" not in text
                and f"{name} (Player 2) is summoned" not in text}  # from outside the game
    held = set()
    for decision in human_decisions(record, 0):
        held |= _names(decision.state.hands[1] + decision.state.discards[1], record)
    assert held & unplayed, "the bot really held some it never played"
    for name in unplayed:
        assert name not in text


def test_watch_plays_every_seat_with_bots_to_the_end_and_prints_the_log() -> None:
    done = run_cli(["play", "--watch", "--seed", "2", "--format", "1v1", "--bot", "random",
                    "--player", "tideguard", "--player", "lanternwatch"], "")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "every seat is a random bot" in out and PROMPT not in out
    assert "Game over" in out
    assert out.rstrip().splitlines()[-1].startswith("Result: ")
    assert "draws a card" in out  # a spectator's log: every drawn card stays hidden


def test_a_format_seats_shipped_teams_and_team_files_on_their_sides() -> None:
    done = run_cli(["play", "--watch", "--seed", "7", "--format", "1v3", "--bot", "random",
                    "--player", "tideguard", "--player", "lone_warden",
                    "--player", "kettle_and_kite",
                    "--player", "examples/teams/hourglass_trio.yaml"], "")
    assert done.returncode == 0, done.stderr
    flat = " ".join(done.stdout.split())
    assert "Tideguard (team 1): wren, brask, sela, odo" in flat
    assert "Lone Warden (team 2): odo" in flat and "Hourglass Trio (team 2)" in flat


def test_a_wrong_format_setup_is_refused_with_the_reason() -> None:
    done = run_cli(["play", "--format", "2v2", "--player", "tideguard",
                    "--player", "ashfall"], "")
    assert done.returncode == 2 and "2v2: 4 players, not 2" in done.stderr
    done = run_cli(["play", "--seat", "5"], "")
    assert done.returncode == 2
    assert "--seat/--human: 5, but the game has seats 1 to 2" in done.stderr


def test_hotseat_hands_the_game_over_between_human_seats(answers_first: str) -> None:
    done = run_cli(["play", "--seed", "3", "--human", "1", "--human", "2",
                    "--max-activations", "6"], answers_first)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "hotseat: seats 1, 2 are played here" in out
    south = out.index("Pass the game to Player 2 (seat 2), then press Enter:")
    north = out.index("Pass the game to Player 1 (seat 1), then press Enter:")
    assert north < south  # Player 1 keeps or mulligans first, then hands over
    after = out[south:]
    assert after.index("You (Player 2):") < after.index(PROMPT)  # Player 2's own screen
    assert "Player 1: hand 5" in after.split(PROMPT)[0]  # Player 1's hand only as a count
    assert "Result: " in out and "Game over" in out
