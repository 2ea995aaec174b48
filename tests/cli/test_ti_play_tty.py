"""`initiative play --game the_initiative` in a real pseudo-terminal (pexpect), played as
a person would: a whole seeded game against bots with questions and bad input, a
hotseat game where the keyboard is passed (also to vote on a solve, TI-56) and no screen
shows the other seat's hand, Ctrl-C and Ctrl-D."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from initiative.engine.contract import GAME_MASTER
from initiative.games import load_game
from initiative.games.ti.actions import from_index
from initiative.games.ti.content import default_content
from initiative.games.ti.game import TIGame
from initiative.games.ti.record import TIRecord, replay
from tests.cli.tty_kit import finish, spawn_play

PROMPT = r"Your choice \(number or move text, help, q to quit\): "
HANDOFF = r"Pass the keyboard to ([^\n]+? \(Player (\d)\))( to [^.]+)?\.\s+Press Enter when " \
    r"ready \(q to quit\): "
END = r"Mission (accomplished|lost): "
CARD = r"(\d+): (?:(\d+) (\w+)|time x\d)"


def _spawn(*args: str) -> Any:
    return spawn_play("the_initiative", args, timeout=60, dimensions=(80, 80))


def _widest(screen: str) -> int:
    return max((len(line.rstrip("\r")) for line in screen.split("\n")), default=0)


def test_a_person_plays_a_whole_seeded_game_against_the_bot(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    child = _spawn("--seed", "5", "--players", "3", "--bot", "heuristic",
                   "--record", str(path))
    child.expect("The Initiative, seed 5, mission 1")
    child.expect(PROMPT)
    screen = child.before
    assert "(Player 1)'s hand:" in screen and "Console:" in screen
    assert "Action piles:" in screen and "Deck " in screen
    assert _widest(screen) <= 80, "the screen fits 80 columns"
    child.sendline("help")
    child.expect("room NAME")
    child.expect(PROMPT)
    child.sendline("room 0")
    child.expect(r"Passages: ")
    child.expect(PROMPT)
    child.sendline("log")
    child.expect("-- The whole log --")
    child.expect(PROMPT)
    child.sendline("map")
    child.expect("Key: ")
    child.expect(PROMPT)
    child.sendline("99")
    child.expect("There is no choice 99")
    child.expect(PROMPT)
    child.sendline("fly away")
    child.expect("'fly away' is not a choice: unknown action 'fly'")
    decisions = 0
    while child.expect([PROMPT, END]) == 0:
        child.sendline("1")
        decisions += 1
    child.expect("The answer: ")
    child.expect(f"Record saved to {path}")
    finish(child)
    assert decisions > 5
    record = TIRecord.load(path)
    assert record.seed == 5 and replay(record).is_terminal(), "the record replays"


def test_a_solo_player_enters_the_answer_symbol_by_symbol_and_wins() -> None:
    """TI-54, TI-A16: `solve`, then one symbol per position typed as the symbol itself
    (lower case matches too), then `announce`; solo, nobody votes (TI-56); the right
    answer wins."""
    mission = default_content().missions[default_content().default_mission]
    child = _spawn("--seed", "2", "--players", "1")
    child.expect(PROMPT)
    child.sendline("solve")
    for n, symbol in enumerate(mission.answer, start=1):
        child.expect(rf"Answer: [^\r\n]*\(position {n} of {len(mission.answer)}\)")
        child.expect("Type a symbol or its number:")
        child.expect(PROMPT)
        if n == 1:
            child.sendline("#")
            child.expect("'#' is not a choice")
            child.expect(PROMPT)
        child.sendline(symbol.lower())
    child.expect(r"Answer: [^\r\n]*\(complete\)")
    child.expect(PROMPT)
    child.sendline("announce")
    child.expect("Mission accomplished: the answer was right.")
    child.expect("The answer: " + " ".join(mission.answer))
    finish(child)


def test_the_menu_speaks_words_and_a_slip_is_taken_back_before_the_vote() -> None:
    """Two people at one keyboard. Every menu line is in words (`Play circle 7 on
    RUN`, never a move text with a card's id); the proposer types a wrong first
    symbol, takes it back from the menu, enters the answer and announces it (TI-54);
    the other seat's vote says what it is about (TI-56) and a yes wins."""
    answer = default_content().missions[default_content().default_mission].answer
    slip = "Z" if answer[0] != "Z" else "Y"
    child = _spawn("--seed", "11", "--human", "1", "--human", "2")
    stage, entered, seen_play = "turns", 0, False
    while (index := child.expect([HANDOFF, PROMPT, END])) != 2:
        if index == 0:
            child.sendline("")
            continue
        screen = child.before
        assert not re.search(r"^ +\d+\. [a-z-]+ \S+ +- ", screen, re.M), "no move texts"
        seen_play = seen_play or bool(re.search(r"^ +\d+\. Play \w+ \d+ on RUN\r?$",
                                                screen, re.M))
        if stage == "turns":
            if "Propose to solve the mission" in screen and seen_play:
                child.sendline("solve")
                stage = "slip"
            else:
                child.sendline("1")
        elif stage == "slip":
            child.sendline(slip)
            stage = "erase"
        elif stage == "erase":
            assert f"Answer: {slip} " in screen
            erase = re.search(rf"^ +(\d+)\. Take back {slip}\r?$", screen, re.M)
            assert erase is not None, screen
            child.sendline(erase.group(1))
            stage = "answer"
        elif stage == "answer" and entered < len(answer):
            assert f"(position {entered + 1} of {len(answer)})" in screen
            child.sendline(answer[entered])
            entered += 1
        elif stage == "answer":
            assert "(complete)" in screen and "announce the answer, or take back" in screen
            assert re.search(rf"^ +1\. Announce the answer {' '.join(answer)}\r?$",
                             screen, re.M), screen
            child.sendline("1")
            stage = "vote"
        else:
            for word in ("yes", "no"):
                assert f"Vote {word} on the proposal to solve with {' '.join(answer)}" in screen
            child.sendline("yes")
            stage = "voted"
    child.expect("The answer: " + " ".join(answer))
    finish(child)
    assert stage == "voted" and seen_play


def _hand(screen: str, name: str) -> list[int]:
    """The card ids listed in `name`'s hand on one screen (the lines up to the blank
    line before the decision)."""
    section = screen.split(f"{name}'s hand:", 1)[1].split("\r\n\r\n", 1)[0]
    return [int(i) for i, *_ in re.findall(CARD, section.split("You know", 1)[0])]


def test_hotseat_passes_the_keyboard_and_shows_only_the_own_hand() -> None:
    """Two people at one keyboard: each decision's screen is that seat's alone (its hand
    is the game master's hand of that seat, the other's never shows); a solve is voted
    on by the other seat after the keyboard is passed (TI-56), and a `no` stops it."""
    game: TIGame = load_game("the_initiative", players=2)
    state = game.new_initial_state(11)
    names = [s.label for s in game.setup.seats]
    child = _spawn("--seed", "11", "--human", "1", "--human", "2")
    at: int | None = None
    proposed = voted = False
    while (index := child.expect([HANDOFF, PROMPT, END])) != 2:
        if index == 0:
            assert "\x1b[2J" in child.before, "the screen is cleared before a handoff"
            at = int(child.match.group(2)) - 1  # seats are shown from 1
            voted = voted or "to vote" in (child.match.group(3) or "")
            child.sendline("")
            continue
        screen = child.before
        assert at is not None and state.current_seat() == at
        view = state.view(at).to_dict()
        assert f"{names[1 - at]}'s hand" not in screen, "never the other seat's hand"
        hands = state.view(GAME_MASTER).to_dict()["hands"]
        assert _hand(screen, names[at]) == [c["id"] for c in hands[str(at)]]
        texts = [e["text"] for e in view["legal"]]
        kind = view["pending"]["kind"]
        choice = "solve" if not proposed and "solve" in texts else \
            "no" if kind == "vote" else texts[0]
        proposed = proposed or choice == "solve"
        child.sendline(choice)
        state.apply(from_index(view["legal"][texts.index(choice)]["index"]))
    end = child.before
    assert "\x1b[2J" in end and "'s hand" not in end, "the end shown over a cleared screen"
    finish(child)
    assert proposed and voted, "the vote went to the other seat through a handoff"
    assert state.is_terminal()


def test_ctrl_c_and_ctrl_d_end_the_game_cleanly(tmp_path: Path) -> None:
    for stop in ("intr", "eof"):
        path = tmp_path / f"{stop}.json"
        child = _spawn("--seed", "3", "--record", str(path))
        child.expect(PROMPT)
        child.sendline("1")
        child.expect(PROMPT)
        if stop == "intr":
            child.sendintr()
        else:
            child.sendeof()
        child.expect("Game abandoned.")
        child.expect("Record saved")
        finish(child)
        assert len(TIRecord.load(path).actions) >= 1, "what was played is kept"
