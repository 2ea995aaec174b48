"""The Initiative's heuristic bot, decision by decision, on hand-made views of the
shape `TIView.to_dict()` gives (COMMON view shape): the answer it enters (TI-23,
TI-54, TI-55), its votes (TI-56), the token it collects (TI-21, TI-22), where it runs
(TI-17, TI-A23), its In Peril draws (TI-49..TI-52), REGROUP on counter intel (TI-30,
TI-A2), tucks (TI-44..TI-46) and when it calls a solve (TI-A15)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from initiative.bots.ti.heuristic import Reading, TIHeuristicBot, guess_answer
from initiative.games.ti.actions import (
    GATHER,
    INTEL,
    REGROUP,
    RUN,
    Kind,
    TIAction,
    act,
    play,
    tuck,
)

ALPHABET = list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def token(tid: int, kind: str = "glyph", glyph: str | None = None, **more: Any) -> dict[str, Any]:
    return {"id": tid, "kind": kind, "glyph": glyph, "icon": None, "blue": False,
            "pile": None, "on_mission": glyph in ("sun", "key", "moth"), **more}


def card(cid: int, value: int, suit: str = "circle") -> dict[str, Any]:
    return {"id": cid, "key": f"{suit}-{value}", "suit": suit, "value": value, "time": 0}


def room(stack: int = 0, face_up: Sequence[dict[str, Any]] = (),
         features: Sequence[dict[str, Any]] = (), characters: Sequence[int] = ()
         ) -> dict[str, Any]:
    return {"stack": stack, "face_up": list(face_up), "features": list(features),
            "characters": list(characters), "enemies": []}


def base_view(**changes: Any) -> dict[str, Any]:
    """Seat 0 of two in room 0 of a line of rooms 0-1-2-3 (a locked door 2-3), the
    mission's windows sun, key, moth, moth (answer BELL, TI-23)."""
    links = [{"a": 0, "b": 1, "kind": "open", "locked": False, "door": None},
             {"a": 1, "b": 2, "kind": "open", "locked": False, "door": None},
             {"a": 2, "b": 3, "kind": "door", "locked": True, "door": 0}]
    view: dict[str, Any] = {
        "game": "the_initiative", "seat": 0, "seat_names": ["A", "B"],
        "mission": {"key": "m", "number": 1, "name": "M", "question": "?", "intro": "",
                    "alphabet": ALPHABET, "answer_positions": 4, "answer_area": None,
                    "glyphs": ["sun", "key", "moth"]},
        "glyphs": {},
        "board": {"key": "b", "name": "B", "cols": 4, "rows": 1,
                  "rooms": [{"key": f"r{i}", "name": f"R{i}", "col": i, "row": 0}
                            for i in range(4)], "links": links},
        "rooms": [room(characters=[0, 1]), room(), room(), room()],
        "console": {"windows": [
            {"glyph": "sun", "open": True, "symbols": ["B"]},
            {"glyph": "key", "open": False, "symbols": None},
            {"glyph": "moth", "open": True, "symbols": ["L"]},
            {"glyph": "moth", "open": True, "symbols": ["L"]}]},
        "characters": [{"seat": 0, "key": "pip", "name": "Pip", "ability": "move_2",
                        "text": "", "room": 0},
                       {"seat": 1, "key": "ada", "name": "Ada", "ability": "reveal_here",
                        "text": "", "room": 0}],
        "enemies": [],
        "piles": [{"key": k, "top": None, "cards": [], "counter_intel": []}
                  for k in ("run", "intel", "gather", "regroup")],
        "hand": [card(1, 2), card(2, 5), card(3, 9), card(4, 11)],
        "hand_counts": [4, 4], "deck_count": 20, "discard": [], "discard_time": 0,
        "peril": False, "time_limit": 3, "turn": 3, "active": 0, "first": 0,
        "actions_taken": 0, "tucked": False, "proposals": 0, "phase": "actions",
        "pending": {"kind": "turn", "seat": 0, "left": None, "room": None, "enemy": None,
                    "token": None},
        "secrets": [], "log": [], "result": None, "over": False}
    view.update(changes)
    return view


@dataclass(frozen=True)
class FakeView:
    """A view as the bot meets it: a seat, legal actions and `to_dict()`."""

    data: dict[str, Any]
    legal: tuple[TIAction, ...]

    @property
    def seat(self) -> int:
        return int(self.data["seat"])

    def to_dict(self) -> dict[str, Any]:
        return self.data


def choose(data: dict[str, Any], legal: Sequence[TIAction]) -> TIAction:
    return TIHeuristicBot(7).choose(FakeView(data, tuple(legal)))


def main_step(data: dict[str, Any], solve: bool = False) -> list[TIAction]:
    """The main step's legal actions for `data`'s hand on empty piles."""
    out = [play(p, c["id"]) for p in (RUN, INTEL, GATHER, REGROUP) for c in data["hand"]]
    out.append(act(Kind.SPECIAL))
    if data["actions_taken"]:
        out.append(act(Kind.END))
    if solve:
        out.append(act(Kind.SOLVE))
    return out


def test_the_guess_uses_open_windows_and_same_glyph_same_symbol() -> None:
    """TI-23: the closed `key` window gets a plausible letter; the moth windows read L."""
    assert guess_answer(base_view()) == ["B", "E", "L", "L"]
    view = base_view()
    windows = view["console"]["windows"]
    windows[2] = {"glyph": "moth", "open": False, "symbols": None}
    assert guess_answer(view) == ["B", "E", "L", "L"]  # the open moth window shows L
    windows[3] = {"glyph": "moth", "open": False, "symbols": None}
    guessed = guess_answer(view)
    assert guessed[0] == "B" and guessed[2] == guessed[3] and guessed[1] != guessed[2]
    assert "B" not in guessed[1:]  # a letter already known is guessed last


def test_the_answer_area_counts_only_its_windows() -> None:
    """TI-55: windows 1-2 under the Answer area, one hiding two symbols."""
    view = base_view()
    view["mission"].update(answer_area=[1, 2], answer_positions=3,
                           alphabet=list("0123456789"))
    view["console"]["windows"] = [
        {"glyph": "sun", "open": False, "symbols": None},
        {"glyph": "key", "open": True, "symbols": ["4"]},
        {"glyph": "moth", "open": True, "symbols": ["2", "7"]}]
    assert guess_answer(view) == ["4", "2", "7"]
    view["console"]["windows"][2] = {"glyph": "moth", "open": False, "symbols": None}
    guessed = guess_answer(view)
    assert len(guessed) == 3 and guessed[0] == "4" and "4" not in guessed[1:]


def test_symbols_are_entered_one_position_at_a_time() -> None:
    view = base_view()
    for k, wanted in enumerate("BELL"):
        view["pending"] = {"kind": "answer", "seat": 0, "answer": list("BELL"[:k])}
        legal = [act(Kind.SYMBOL, i) for i in range(len(ALPHABET))]
        assert choose(view, legal) == act(Kind.SYMBOL, ALPHABET.index(wanted))


def test_it_proposes_only_when_every_answer_window_is_open_or_loss_is_imminent() -> None:
    view = base_view()
    view["rooms"][2]["stack"] = 2
    assert choose(view, main_step(view, solve=True)).kind is not Kind.SOLVE
    view["console"]["windows"][1] = {"glyph": "key", "open": True, "symbols": ["E"]}
    assert choose(view, main_step(view, solve=True)) == act(Kind.SOLVE)
    # In Peril, one time card from the limit (TI-50) with the hands nearly empty
    closed = base_view(peril=True, discard_time=2, hand_counts=[1, 1],
                       hand=[card(1, 2)])
    closed["rooms"][2]["stack"] = 2
    assert choose(closed, main_step(closed, solve=True)) == act(Kind.SOLVE)
    closed.update(discard_time=1)
    assert choose(closed, main_step(closed, solve=True)).kind is not Kind.SOLVE
    # no face-down token and no needed glyph face up: the window can never open
    stuck = base_view()
    assert choose(stuck, main_step(stuck, solve=True)) == act(Kind.SOLVE)


def test_the_complete_answer_is_announced() -> None:
    """TI-54: once every position holds its symbol the bot announces, never erases."""
    view = base_view()
    view["pending"] = {"kind": "answer", "seat": 0, "answer": list("BELL")}
    assert choose(view, [act(Kind.ANNOUNCE), act(Kind.ERASE)]) == act(Kind.ANNOUNCE)


def test_after_a_refusal_it_does_not_ask_again_that_turn() -> None:
    """TI-56, TI-A15: a refused proposal uses nothing up (`refused_proposal_counts`
    false), so the bot itself holds back: a turn that made a proposal and goes on had it
    refused, and the bot plays on (a forced pass: it passes) instead of asking again."""
    view = base_view(proposals=1)
    view["console"]["windows"][1] = {"glyph": "key", "open": True, "symbols": ["E"]}
    assert choose(view, main_step(view, solve=True)).kind is not Kind.SOLVE
    view["pending"] = {"kind": "forced_pass", "seat": 0}
    assert choose(view, [act(Kind.PASS), act(Kind.SOLVE)]) == act(Kind.PASS)
    view.update(proposals=0)
    assert choose(view, [act(Kind.PASS), act(Kind.SOLVE)]) == act(Kind.SOLVE)


def test_votes_yes_only_on_its_own_answer_when_it_would_propose() -> None:
    """TI-56: one NO stops the proposal."""
    view = base_view(seat=1)
    view["rooms"][2]["stack"] = 3
    votes = [act(Kind.YES), act(Kind.NO)]
    view["pending"] = {"kind": "vote", "seat": 1, "answer": list("BELL"), "votes": {}}
    assert choose(view, votes) == act(Kind.NO)  # a window is closed, tokens remain
    view["console"]["windows"][1] = {"glyph": "key", "open": True, "symbols": ["E"]}
    assert choose(view, votes) == act(Kind.YES)
    view["pending"]["answer"] = list("BALL")
    assert choose(view, votes) == act(Kind.NO)
    view["pending"]["answer"] = list("bell")  # TI-A16: case does not matter
    assert choose(view, votes) == act(Kind.YES)


def test_gather_collects_the_needed_glyph_before_revealing() -> None:
    """TI-21, TI-22: a face-up mission glyph whose window is closed is collected first;
    a glyph whose windows are all open is not worth an attempt."""
    view = base_view()
    view["rooms"][0] = room(stack=2, face_up=[token(5, glyph="sun"), token(6, glyph="key")],
                           characters=[0])
    view["pending"] = {"kind": "gather", "seat": 0, "left": 2}
    legal = [act(Kind.COLLECT, 5), act(Kind.COLLECT, 6), act(Kind.REVEAL), act(Kind.STOP)]
    assert choose(view, legal) == act(Kind.COLLECT, 6)
    assert choose(view, legal[:1] + legal[2:]) == act(Kind.REVEAL)


def test_the_first_action_gathers_here_with_the_lowest_card() -> None:
    view = base_view()
    view["rooms"][0]["stack"] = 3
    assert choose(view, main_step(view)) == play(GATHER, 1)


def test_it_runs_toward_the_stacks_and_never_through_a_locked_door() -> None:
    """TI-17, TI-36, TI-A23: rooms 2 (stack) and 3 (behind the locked door)."""
    view = base_view()
    view["rooms"][2]["stack"] = 2
    view["rooms"][3]["stack"] = 5
    assert choose(view, main_step(view)) == play(RUN, 1)
    view["pending"] = {"kind": "run", "seat": 0, "left": 3}
    assert choose(view, [act(Kind.MOVE, 1), act(Kind.STOP)]) == act(Kind.MOVE, 1)
    view["characters"][0]["room"] = 2
    view["rooms"][0]["characters"], view["rooms"][2]["characters"] = [1], [0]
    assert choose(view, [act(Kind.MOVE, 1), act(Kind.STOP)]) == act(Kind.STOP)


def test_intel_looks_farther_away_but_not_into_a_safe() -> None:
    """TI-19, TI-A20: INTEL on any room but one with a safe; a far room first."""
    view = base_view()
    view["rooms"][1]["stack"] = 2
    view["rooms"][2]["stack"] = 2
    view["pending"] = {"kind": "intel_room", "seat": 0}
    legal = [act(Kind.ROOM, 1), act(Kind.ROOM, 2), act(Kind.STOP)]
    assert choose(view, legal) == act(Kind.ROOM, 2)
    view["rooms"][2]["features"] = [token(9, kind="safe")]
    assert choose(view, legal) == act(Kind.ROOM, 1)


def test_regroup_clears_a_pile_blocked_by_counter_intel() -> None:
    """TI-30, TI-A2: the GATHER pile carries counter intel while a stack is here."""
    view = base_view()
    view["rooms"][0]["stack"] = 3
    view["piles"][GATHER]["counter_intel"] = [12]
    legal = [a for a in main_step(view) if a.kind is not Kind.PLAY or a.arg // 48 != GATHER]
    assert choose(view, legal) == play(REGROUP, 1)
    view["pending"] = {"kind": "regroup", "seat": 0}
    assert choose(view, [act(Kind.PILE, p) for p in (RUN, INTEL, GATHER)]) == \
        act(Kind.PILE, GATHER)


def test_in_peril_it_draws_only_what_it_needs() -> None:
    """TI-49..TI-52: drawing In Peril is optional, one card at a time."""
    legal = [act(Kind.DRAW), act(Kind.STOP)]
    draw = {"kind": "draw", "seat": 0, "left": 3}
    safe = base_view(peril=True, discard_time=0, hand=[card(1, 3)], pending=draw)
    assert choose(safe, legal) == act(Kind.DRAW)
    full = base_view(peril=True, discard_time=0, hand=[card(1, 3), card(2, 4), card(3, 8)],
                     pending=draw)
    assert choose(full, legal) == act(Kind.STOP)
    edge = base_view(peril=True, discard_time=2, hand=[card(1, 3)], pending=draw)
    assert choose(edge, legal) == act(Kind.STOP)  # one more time card loses (TI-50)
    for pile in edge["piles"]:
        pile["top"] = card(20, 12)
    assert choose(edge, legal) == act(Kind.DRAW)  # else a forced pass each turn (TI-53)
    empty = base_view(peril=True, discard_time=2, hand=[], pending=draw)
    assert choose(empty, legal) == act(Kind.DRAW)


def test_a_tuck_that_defeats_the_enemy_comes_first() -> None:
    """TI-44..TI-46: the same-suit total reaching the strength defeats the enemy."""
    view = base_view(enemies=[{"key": "w", "name": "W", "suits": ["circle"], "strength": 10,
                               "room": 0, "defeated": False, "tucked": [],
                               "totals": {"circle": 2}, "abilities": []}])
    view["rooms"][0]["stack"] = 2
    legal = [*main_step(view), *(tuck(0, c["id"]) for c in view["hand"])]
    assert choose(view, legal) in (tuck(0, 3), tuck(0, 4))  # 2 + 9 >= 10, 2 + 11 too
    view["hand"] = [card(1, 2), card(2, 5), card(3, 6, "square")]
    legal = [*main_step(view), *(tuck(0, c["id"]) for c in view["hand"][:2])]
    assert choose(view, legal).kind is Kind.PLAY  # 2 + 5 < 10: act first


def test_a_reading_of_the_board() -> None:
    r = Reading(base_view())
    assert r.adjacent[2] == [1] and r.dist == {0: 0, 1: 1, 2: 2}
    assert r.needed == {"key"} and r.locked and not r.all_open()
