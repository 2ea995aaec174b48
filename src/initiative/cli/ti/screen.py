"""What one seat of The Initiative sees at a prompt of `initiative play`.

Everything here reads one seat's view dict (`TIView.to_dict()`) and nothing else, so a
screen holds only what that seat may know: its own hand (the others' as counts), the
face-up tokens, the open windows, the piles and the public log. Plain text (no
styles), so a transcript, a pipe and a terminal read the same; within 80 columns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from initiative.games.ti.board_text import WIDTH, card_text, render_board

DECISIONS: Mapping[str, str] = {
    "first": "who takes the first turn (the group's volunteer)",
    "turn": "your turn",
    "run": "RUN: move to an adjacent room, or stop",
    "move_2": "special: move to an adjacent room, or stop",
    "intel_room": "INTEL: the room to reveal in, or stop",
    "intel": "INTEL: reveal another token there, or stop",
    "gather": "GATHER: collect a face-up token or reveal the top of your stack",
    "remove": "remove the revealed glyph that is not on the mission?",
    "collect": "collect the token just revealed?",
    "regroup": "REGROUP: the pile to clear",
    "keypad": "keypad: the door to unlock",
    "disarm": "the token to discard",
    "enemy_move": "where the enemy moves (tied rooms)",
    "discard": "special: a card to discard",
    "arrange": "put the top cards of the deck back, top first",
    "draw": "In Peril: draw a card, or stop",
    "forced_pass": "you cannot act: pass, or call a solve",
    "answer": "enter the answer, one symbol per position",
    "announce": "announce the answer, or take back the last symbol to correct it",
    "vote": "vote on the proposed answer",
}
"""What each pending decision (`view["pending"]["kind"]`) asks, in a few words
(`announce`: an answer step with every position entered)."""
LEFT_WORDS: Mapping[str, str] = {
    "run": "move", "move_2": "move", "intel": "reveal", "gather": "attempt",
    "discard": "discard", "intel_room": "reveal"}


def seat_name(view: Mapping[str, Any], seat: int) -> str:
    """The seat's one name, as every front end shows it (`SeatSetup.label`)."""
    return str(view["seat_names"][seat])


def wrap(text: str, indent: str = "  ") -> list[str]:
    """`text` in lines of at most 80 columns, continued under `indent`."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent) or [""]


def header_lines(view: Mapping[str, Any]) -> list[str]:
    """The mission and the turn: `== Mission 1: Eye - turn 4, Ann's turn ==`."""
    mission = view["mission"]
    active = view.get("active")
    whose = f"{seat_name(view, int(active))}'s turn" if active is not None else ""
    head = f"== Mission {mission['number']}: {mission['name']} - turn {view['turn']}"
    lines = [f"{head}, {whose} ==" if whose else f"{head} =="]
    if len(lines[0]) > WIDTH:  # a long mission and seat name: whose turn on a line of its own
        lines = [f"{head} ==", f"== {whose} =="]
    return [*lines, *wrap(f"Question: {mission['question']}")]


def secret_lines(view: Mapping[str, Any]) -> list[str]:
    """The secrets the group holds (TI-25)."""
    out: list[str] = []
    for secret in view.get("secrets") or ():
        out += wrap(f"  Secret {secret['title']}: {secret['text']}", "    ")
    return (["Secrets:", *out]) if out else []


def hand_lines(view: Mapping[str, Any]) -> list[str]:
    """This seat's own hand (card ids are what `play run 14` names) and, for a seat that
    has looked, the top of the deck; nothing for a spectator."""
    me = int(view["seat"])
    if me < 0:
        return []
    hand = [f"{c['id']}: {card_text(c)}" for c in view["hand"]]
    out = pack(f"{seat_name(view, me)}'s hand:", hand or ["empty"])
    top = view.get("deck_top")
    if top:
        out += pack("You know the top of the deck (top first):",
                    [f"{c['id']}: {card_text(c)}" for c in top])
    return out


def pack(head: str, items: Sequence[str]) -> list[str]:
    """`head` then the items, comma-separated, in lines of at most 80 columns; an item
    is never split across lines."""
    lines = [head]
    for n, item in enumerate(items):
        text = item + ("," if n + 1 < len(items) else "")
        if len(lines[-1]) + 1 + len(text) > WIDTH:
            lines.append("  " + text)
        else:
            lines[-1] += " " + text
    return lines


def answer_text(symbols: Sequence[str], positions: int) -> str:
    """`E Y _`: the symbols entered so far, `_` for the rest."""
    return " ".join([*symbols, *["_"] * max(0, positions - len(symbols))])


def decision_title(view: Mapping[str, Any]) -> list[str]:
    """`Kestrel (Player 1) decides: RUN: move ... (2 moves left)` and, in a solve, the answer
    so far and the votes given."""
    pending = view.get("pending") or {}
    kind = str(pending.get("kind", "turn"))
    positions = int(view["mission"]["answer_positions"])
    entered = list(pending.get("answer") or ())
    complete = kind == "answer" and len(entered) >= positions
    about = DECISIONS["announce" if complete else kind] if kind in DECISIONS else kind
    left = pending.get("left")
    if kind == "turn":
        about += f" ({view['actions_taken']} of 2 actions taken)"
    elif left is not None and kind in LEFT_WORDS:
        about += f" ({left} {LEFT_WORDS[kind]}{'' if left == 1 else 's'} left)"
    enemy = pending.get("enemy")
    if kind == "enemy_move" and enemy is not None:
        about = f"where {view['enemies'][int(enemy)]['name']} moves (tied rooms)"
    out = wrap(f"{seat_name(view, int(view['seat']))} decides: {about}")
    if kind in ("answer", "vote"):
        where = "" if kind == "vote" else "   (complete)" if complete else \
            f"   (position {len(entered) + 1} of {positions})"
        out.append(f"  Answer: {answer_text(entered, positions)}{where}")
        votes = pending.get("votes") or {}
        if votes:
            out.append("  Votes: " + ", ".join(
                f"{seat_name(view, int(s))} {'yes' if v else 'no'}"
                for s, v in sorted(votes.items(), key=lambda kv: int(kv[0]))))
    return out


def symbols_are_numbers(view: Mapping[str, Any]) -> bool:
    """Whether the mission's alphabet holds numbers (then a number typed at the answer
    step is that symbol, not a menu number)."""
    return any(str(s).isdigit() for s in view["mission"]["alphabet"])


def menu_lines(view: Mapping[str, Any]) -> list[str]:
    """The numbered legal actions in words: `   3. Move to the Archive`. At the answer
    step the symbols are listed in a few lines instead of one choice a line."""
    legal = view.get("legal") or []
    pending = view.get("pending") or {}
    if pending.get("kind") == "answer" and any(
            str(e["kind"]).lower() == "symbol" for e in legal):
        alphabet = view["mission"]["alphabet"]
        numbered = not symbols_are_numbers(view)
        cells = [f"{n}:{alphabet[int(e['arg'])]}" if numbered else
                 str(alphabet[int(e["arg"])]) for n, e in enumerate(legal, start=1)
                 if str(e["kind"]).lower() == "symbol"]
        others = [e for e in legal if str(e["kind"]).lower() != "symbol"]
        how = "Type a symbol" + (" or its number" if numbered else "") + ":"
        return [how, *wrap("  " + "  ".join(cells)), *_entries(others, len(legal) - len(
            others) + 1)]
    return _entries(legal, 1)


def _entries(legal: Sequence[Mapping[str, Any]], first: int) -> list[str]:
    """One numbered line per choice, in words (the label; its move text, which names
    cards and rooms by id, is typed by those who know it, see `help`)."""
    out: list[str] = []
    for n, e in enumerate(legal, start=first):
        out += wrap(f"  {n:>2}. {e['label']}", " " * 6)
    return out


def log_lines(view: Mapping[str, Any], start: int = 0) -> list[str]:
    """The log entries from `start` on, one sentence each."""
    out: list[str] = []
    for entry in view["log"][start:]:
        out += wrap(f"  {entry['text']}", "    ")
    return out


def board_text(view: Mapping[str, Any], legend: bool = False) -> str:
    """The shared board with the current choices marked."""
    return render_board(view, legend=legend)


def screen(view: Mapping[str, Any], log_start: int) -> str:
    """The whole prompt screen of the deciding seat."""
    news = log_lines(view, log_start)
    parts: list[str] = []
    if news:
        parts += ["-- Since your last decision --" if log_start else "-- The game so far --",
                  *news]
    parts += [*header_lines(view), board_text(view), *secret_lines(view), *hand_lines(view)]
    if view.get("legal"):
        parts += ["", *decision_title(view), *menu_lines(view)]
    return "\n".join(parts)


def result_text(view: Mapping[str, Any]) -> str:
    """How the game ended (TI-50, TI-54, TI-A14): won or lost and why, the answer, the
    answer entered, and the mission's closing story."""
    result = view.get("result")
    if not result:
        return "The game is not over."
    reasons = {"solved": "the answer was right",
               "wrong_answer": "the answer was wrong",
               "time": "three time cards reached the discard pile while In Peril",
               "stall": "nobody could act or draw for a whole round"}
    head = ("Mission accomplished: " if result["won"] else "Mission lost: ") \
        + reasons.get(str(result["reason"]), str(result["reason"])) + "."
    lines = [head, f"The answer: {' '.join(result['answer'])}"]
    if result.get("entered"):
        lines.append(f"Entered: {' '.join(result['entered'])}")
    if result.get("story"):
        lines += wrap(str(result["story"]), "")
    return "\n".join(lines)
