"""The Initiative in the lab: how a seed of a `TIMatchup` is played, and its result row.

Game i of a run is played from seed `first_seed + i` and its bots are seeded from it,
so a row depends only on its seed. The game is co-operative (TI-54): a row says whether
the group won, how it lost (a wrong answer, time, a stall: TI-50, TI-54, TI-A14) and how
far it got (turns, windows opened, cards left, when it went In Peril). Figures come from
the actions the seats took and the final public (spectator) view, never a hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from initiative.bots.play import ask
from initiative.engine.contract import SPECTATOR
from initiative.games.ti import events as ev
from initiative.games.ti.actions import PILES, Kind, TIAction, parts
from initiative.games.ti.state import TIState
from initiative.lab.adapter import GAME_COLUMN, LabAdapter, Row, json_text, seat_players
from initiative.lab.ti.matchup import GAME, TIMatchup

__all__ = ["ADAPTER", "TI_COLUMNS", "outcome", "play_ti", "ti_row"]

SOLVED: Final = "solved"
"""The `result` of a won game; a lost one names its loss reason (TIState.loss_reason)."""

TI_COLUMNS = (GAME_COLUMN, "seed", "param", "value", "mission", "players", "characters",
              "bots", "won", "result", "turns", "turns_to_solve", "proposals",
              "rejected", "windows_opened", "windows", "answer_windows_open",
              "answer_windows", "tokens_left", "cards_left", "peril", "peril_turn",
              "time_in_discard", "enemies_defeated", "actions", "tucks", "draws_in_peril")
"""The columns of a result row of The Initiative (JSON objects are keyed by seat or
pile):
- game ("the_initiative"), seed; param/value: a swept parameter ("" if none)
- mission (key), players (seats), characters {seat: key}, bots {seat: bot name}
- won (TI-54, the whole group); result: `solved`, or how the game was lost:
  `wrong_answer` (TI-54), `time` (TI-50) or `stall` (TI-A14)
- turns (turns started, TI-9); turns_to_solve: the turn of the winning solve (-1 if
  lost); proposals: solves called (TI-A15); rejected: proposals a NO vote stopped (TI-56)
- windows_opened / windows: console windows open at the end of the game (TI-22);
  answer_windows_open / answer_windows: the same under the Answer area (TI-55)
- tokens_left: face-down clue tokens still in the stacks at the end (TI-19, TI-21)
- cards_left: the resource deck at the end (TI-47); peril (bool): whether the deck ran
  out (TI-47); peril_turn: the first turn started In Peril (the last turn when the deck
  ran out in it; -1 if never); time_in_discard at the end (TI-50, TI-51)
- enemies_defeated (TI-45); actions {pile or "special": times taken, TI-10, TI-13};
  tucks (TI-44); draws_in_peril (optional draws taken, TI-52)"""
TI_INTS = ("seed", "players", "turns", "turns_to_solve", "proposals", "rejected",
           "windows_opened", "windows", "answer_windows_open", "answer_windows",
           "tokens_left", "cards_left", "peril_turn", "time_in_discard",
           "enemies_defeated", "tucks", "draws_in_peril")
TI_BOOLS = ("won", "peril")


@dataclass
class _Tally:
    """What the seats did, counted action by action while the game is played."""

    actions: Counter[str] = field(default_factory=Counter)
    proposals: int = 0
    rejected: int = 0
    tucks: int = 0
    draws: int = 0
    peril_turn: int = -1

    def count(self, action: TIAction) -> None:
        kind = action.kind
        if kind is Kind.PLAY:  # TI-10
            self.actions[PILES[parts(action)[0]]] += 1
        elif kind is Kind.SPECIAL:  # TI-13
            self.actions["special"] += 1
        elif kind is Kind.TUCK:  # TI-44
            self.tucks += 1
        elif kind is Kind.DRAW:  # TI-52
            self.draws += 1
        elif kind is Kind.SOLVE:  # TI-A15
            self.proposals += 1
        elif kind is Kind.NO:  # TI-56: one NO stops the proposal
            self.rejected += 1


BOTS_READ: Final = frozenset((ev.STORY,))
"""The events a bot reads from its view's log: the story texts told (TI-16), which the
tree search's worlds carry (games/ti/determinize.py). The row reads none."""


def play_ti(matchup: TIMatchup, seed: int, param: str = "", value: Any = "", *,
            log: bool = False) -> Row:
    """One game from `seed`, played by the matchup's bots (each given its own seat's
    view); its result row. Without `log` the game stores only the events the bots read
    (`BOTS_READ`): the same row."""
    game = matchup.game(seed)
    state = game.new_initial_state(seed)
    if not log:
        state.drop_log(keep=BOTS_READ)
    names, bots = seat_players(matchup.bots, game, seed)
    tally = _Tally()
    turn = 0
    while not state.is_terminal():
        seat = state.current_seat()
        action = ask(bots[seat], state, seat)
        state.apply(action)
        tally.count(action)
        if tally.peril_turn < 0 and state.turn != turn:
            turn = state.turn
            if state.view(SPECTATOR).to_dict()["peril"]:
                tally.peril_turn = turn
    return ti_row(state, names, seed, tally, param, value)


def ti_row(state: TIState, bot_names: list[str], seed: int, tally: _Tally | None = None,
           param: str = "", value: Any = "") -> Row:
    """The row of a finished game (see `TI_COLUMNS`)."""
    tally = tally or _Tally()
    setup = state.setup
    view = state.view(SPECTATOR).to_dict()
    windows = view["console"]["windows"]
    chosen = setup.mission.answer_windows
    won = bool(state.won)
    peril = bool(view["peril"])
    return {
        GAME_COLUMN: GAME, "seed": seed, "param": param, "value": str(value),
        "mission": setup.mission.key, "players": setup.num_seats,
        "characters": json_text({s: seat.character.key for s, seat in enumerate(setup.seats)}),
        "bots": json_text(dict(enumerate(bot_names))),
        "won": won, "result": SOLVED if won else str(state.loss_reason),
        "turns": state.turn, "turns_to_solve": state.turn if won else -1,
        "proposals": tally.proposals, "rejected": tally.rejected,
        "windows_opened": sum(bool(w["open"]) for w in windows), "windows": len(windows),
        "answer_windows_open": sum(bool(windows[i]["open"]) for i in chosen),
        "answer_windows": len(chosen),
        "tokens_left": sum(int(room["stack"]) for room in view["rooms"]),
        "cards_left": int(view["deck_count"]), "peril": peril,
        "peril_turn": tally.peril_turn if tally.peril_turn >= 0 or not peril else state.turn,
        "time_in_discard": int(view["discard_time"]),
        "enemies_defeated": sum(bool(e["defeated"]) for e in view["enemies"]),
        "actions": json_text({key: tally.actions.get(key, 0)
                              for key in (*PILES, "special")}),
        "tucks": tally.tucks, "draws_in_peril": tally.draws,
    }


def outcome(row: Row) -> str:
    """`solved`, or how the game was lost (the closing line's count)."""
    return str(row["result"])


ADAPTER = LabAdapter(GAME, TI_COLUMNS, TI_INTS, TI_BOOLS, play_ti, outcome)
"""How the lab plays The Initiative and files its rows."""
