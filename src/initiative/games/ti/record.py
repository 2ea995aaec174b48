"""The Initiative's game records: setup params + seed + the step list, replayed bit for bit.

A record (`TIRecord`, JSON with ``"format": "ti-record/1"``) holds:

- `params`: the `load_game("the_initiative", **params)` parameters that rebuild the
  setup (`TISetup.to_params()`: players, mission, characters, seat names, changed
  rules, secrets, campaign);
- `seed`: the seed the game started from: a whole number or a keyed seed text (a web
  table's secret seed, engine/rng.py); unused by an explicit-chance game;
- `explicit_chance`: whether the game ran with explicit chance nodes;
- `actions`: every step in order: a seat's action as its integer index
  (`actions.index`), a chance outcome (explicit games only) as ``"kind:value"``
  (``"draw:17"`` a deck card, ``"pick:2"`` a stack reveal or a gas card);
- `won` (true, false, or null while unfinished), `reason` (``solved``,
  ``wrong_answer``, ``time``, ``stall`` or null), `turn` (turns started);
- `final_hash` (sha256 of the canonical JSON of the final position, notation.py) and,
  optionally, `log` (every log sentence, as the game master sees them) and `final`
  (the final position itself).

    record = record_of(state, game, seed)    # or with_log=True, with_final=True
    record.save("game.json"); record = TIRecord.load("game.json")
    state = replay(record)                   # NotationError at the first mismatch
    state = replay_prefix(record, n)         # the state after the first n steps
    lines = story(record, verbose=False)     # what `initiative replay` prints
    text = position_text(record, n)          # `initiative replay --position-after n`

``python -m initiative.games.ti.record --make-golden tests/golden/ti`` writes the
golden records that tests/ti/test_ti_record_golden.py replays (random play that
holds back a solve for a while, `golden_step`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from initiative.engine import records
from initiative.engine.chance import Outcome
from initiative.engine.contract import GAME_MASTER, SPECTATOR
from initiative.engine.errors import InitiativeError, NotationError
from initiative.engine.notation import canonical_text, sample_outcome
from initiative.engine.records import (
    JsonRecord,
    apply_steps,
    check_end,
    position_after,
    record_data,
    record_main,
    sha256_text,
    steps_told,
    write_golden,
)
from initiative.engine.rng import Seed, SplitMix64
from initiative.games.parts import RecordReader
from initiative.games.ti import actions
from initiative.games.ti.actions import Kind, TIAction, act
from initiative.games.ti.frames import ANSWER
from initiative.games.ti.game import TIGame
from initiative.games.ti.loader import load_the_initiative
from initiative.games.ti.notation import position_json, position_of
from initiative.games.ti.positions import REASONS
from initiative.games.ti.state import TIState

FORMAT = "ti-record/1"
_KEYS = ("format", "params", "seed", "explicit_chance", "actions", "won", "reason", "turn",
         "final_hash", "log", "final")

Step = TIAction | Outcome
"""One entry of a game's history: a seat's action or a chance outcome."""


def position_hash(state: TIState) -> str:
    """sha256 (hex) of the canonical JSON of the state's position."""
    return sha256_text(canonical_text(position_of(state)))


def rendered_log(state: TIState, seat: int = GAME_MASTER) -> list[str]:
    """The log sentences `seat` sees; by default every one, as the game master sees
    them (a record holds the seed, so nothing in it is secret)."""
    return [entry["text"] for entry in state.view(seat).to_dict()["log"]]


def step_to_data(step: Step) -> int | str:
    """A history entry as record data: an action index, or ``"kind:value"``."""
    return records.step_to_data(step, actions.index)


def step_from_data(value: Any, path: str) -> Step:
    """A record entry back as an action or an outcome; NotationError naming `path`."""
    return records.step_from_data(value, path, actions.from_index)


def reason_of(state: TIState) -> str | None:
    """`solved`, the loss reason, or None while the game goes on."""
    if state.won is None:
        return None
    return "solved" if state.won else state.loss_reason


def _read_result(data: dict[str, Any]) -> tuple[bool | None, str | None, int]:
    won = data.get("won")
    if won is not None and not isinstance(won, bool):
        raise NotationError(f"record.won: expected true, false or null, got {won!r}")
    reason = data.get("reason")
    if reason is not None and reason not in REASONS:
        raise NotationError(f"record.reason: {reason!r} is not one of {', '.join(REASONS)} "
                            "(or null)")
    if (won is None) != (reason is None) or (won is True) != (reason == "solved"):
        raise NotationError(f"record.reason: {reason!r} does not fit won {won!r} (a won "
                            "game was solved, a lost one has a loss reason, an unfinished "
                            "one neither)")
    turn = data.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        raise NotationError(f"record.turn: expected a whole number >= 0, got {turn!r}")
    return won, reason, turn


@dataclass
class TIRecord(JsonRecord):
    """One game: enough to rebuild it (params, seed, steps) and to check the replay."""

    params: dict[str, Any]
    seed: Seed
    actions: list[int | str] = field(default_factory=list)
    explicit_chance: bool = False
    won: bool | None = None
    reason: str | None = None
    turn: int = 0
    final_hash: str = ""
    log: list[str] | None = None
    final: dict[str, Any] | None = None

    def game(self) -> TIGame:
        """The game the record was played in (NotationError if its params are bad)."""
        try:
            return load_the_initiative(**self.params, explicit_chance=self.explicit_chance)
        except InitiativeError as exc:
            raise NotationError(f"record.params: {exc}") from None

    def steps(self) -> list[Step]:
        return [step_from_data(v, f"record.actions[{i}]") for i, v in enumerate(self.actions)]

    def to_dict(self) -> dict[str, Any]:
        return record_data(FORMAT, self.params, self.seed, self.explicit_chance, self.actions,
                           {"won": self.won, "reason": self.reason, "turn": self.turn},
                           self.final_hash, self.log, self.final)

    @classmethod
    def from_dict(cls, data: Any) -> TIRecord:
        f = records.read_record_fields(data, FORMAT, _KEYS, actions.from_index)
        won, reason, turn = _read_result(data)
        return cls(f.params, f.seed, f.actions, f.explicit_chance, won, reason, turn,
                   f.final_hash, f.log, f.final)


def is_ti_record(data: Any) -> bool:
    """Whether `data` (parsed JSON) says it is a record of The Initiative."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def record_of(state: TIState, game: TIGame, seed: Seed, *, with_log: bool = False,
              with_final: bool = False) -> TIRecord:
    """The record of `state`, played in `game` from `game.new_initial_state(seed)`: its
    history, result and final hash (and, if asked, its log and final position)."""
    return TIRecord(game.setup.to_params(), seed,
                    [step_to_data(step) for step in state.history],
                    game.explicit_chance, state.won, reason_of(state), state.turn,
                    position_hash(state), rendered_log(state) if with_log else None,
                    position_of(state) if with_final else None)


def replay_prefix(record: TIRecord, count: int | None = None) -> TIState:
    """The state after the record's first `count` steps (all of them by default),
    without checking the end; NotationError naming the step that does not apply."""
    steps = record.steps()
    return apply_steps(record.game().new_initial_state(record.seed), steps, count)


def replay(record: TIRecord) -> TIState:
    """Rebuild the game and check its result, final hash, and (if kept) log and final
    position; NotationError at the first mismatch."""
    state = replay_prefix(record)
    found = (state.won, reason_of(state), state.turn)
    if found != (record.won, record.reason, record.turn):
        raise NotationError(f"record: the replay ends with won {found[0]!r}, reason "
                            f"{found[1]!r} in turn {found[2]}; the record says won "
                            f"{record.won!r}, reason {record.reason!r} in turn {record.turn}")
    check_end(record.log, lambda: rendered_log(state), record.final,
              lambda: position_of(state), record.final_hash, position_hash(state))
    return state


def result_line(state: TIState) -> str:
    """`Result: ...` for a won, lost or unfinished game."""
    if state.won:
        return f"Result: the group solves the mission in turn {state.turn}."
    if state.won is False:
        return f"Result: the group loses in turn {state.turn} ({state.loss_reason})."
    return f"Result: unfinished in turn {state.turn}."


def story(record: TIRecord, verbose: bool = False) -> list[str]:
    """What `initiative replay` prints for a record: the replay is checked in full, then
    its log as a spectator sees it (with `verbose`, step by step: each step, who took it,
    and the game master's log sentences it added), the step count and the result."""
    state = replay(record)
    lines = _steps_told(record) if verbose else rendered_log(state, SPECTATOR)
    lines.append(f"{len(record.actions)} steps replayed.")
    lines.append(result_line(state))
    return lines


def _steps_told(record: TIRecord) -> list[str]:
    state = record.game().new_initial_state(record.seed)
    return steps_told(state, record.steps(), [seat.label for seat in state.setup.seats],
                      rendered_log(state), rendered_log, str)


def position_text(record: TIRecord, count: int) -> str:
    """The position (indented JSON) after the record's first `count` steps; the record
    is checked in full first."""
    replay(record)
    return position_after(count, len(record.actions),
                          lambda n: position_json(replay_prefix(record, n)))



READER = RecordReader(
    story=lambda data, verbose: story(TIRecord.from_dict(data), verbose),
    position=lambda data, moves: position_text(TIRecord.from_dict(data), moves))
"""How `initiative replay` reads these records (the game's `records` part)."""

# --- the golden records ------------------------------------------------------------

SOLVE_FROM_TURN = 40
"""Golden play calls a solve only from this turn on (or once every window is open), so
the games run long enough to reach In Peril and the time loss (TI-47..TI-51)."""
GOLDEN_STEPS = 4000
"""A bound on a golden game's steps."""


def golden_step(state: TIState, rng: SplitMix64, oracle: bool = False) -> None:
    """One step of golden play: a chance outcome by its probability, else a uniformly
    random legal action, a solve left out (while other actions are legal) until every
    window is open or turn SOLVE_FROM_TURN. An `oracle` (a generator of test games, never
    a player) calls a solve from turn ORACLE_FROM_TURN, enters the true answer and votes
    yes: the game is won (TI-54..TI-56)."""
    outcomes = state.chance_outcomes()
    if outcomes:
        state.apply(sample_outcome(outcomes, rng))
        return
    legal = list(state.legal_actions())
    known = _oracle_choice(state, legal) if oracle else None
    if known is not None:
        state.apply(known)
        return
    if state.turn < SOLVE_FROM_TURN and not all(state.opened):
        calm = [a for a in legal if a.kind is not Kind.SOLVE]
        legal = calm or legal
    state.apply(legal[rng.below(len(legal))])


ORACLE_FROM_TURN = 4
"""The turn from which an oracle's golden game calls its solve."""


def _oracle_choice(state: TIState, legal: list[TIAction]) -> TIAction | None:
    """The oracle's step, if it has one here: SOLVE, the next true symbol, YES."""
    mission = state.setup.mission
    frame = state.stack[-1] if state.stack else None
    if frame is not None and frame.tag == ANSWER:
        if len(frame.items) == len(mission.answer):
            return act(Kind.ANNOUNCE)
        symbol = mission.answer[len(frame.items)]
        return act(Kind.SYMBOL, mission.alphabet.index(symbol))
    for wanted in (act(Kind.YES), act(Kind.SOLVE)):
        if wanted in legal and (wanted.kind is Kind.YES or state.turn >= ORACLE_FROM_TURN):
            return wanted
    return None


def play_golden(state: TIState, rng: SplitMix64, max_steps: int = GOLDEN_STEPS,
                oracle: bool = False) -> None:
    """`golden_step` until the game ends or `max_steps` were taken."""
    for _ in range(max_steps):
        if state.is_terminal():
            return
        golden_step(state, rng, oracle)


_HOUSE_RULES = {"peril_trigger": "draw_from_empty", "regroup_effect": "remove_counter_intel_only",
                "regroup_can_target_itself": True, "forced_pass_outside_peril": False,
                "camera_discards_continue_after_reshuffle": False,
                "tuck_limit": "per_turn_per_enemy", "tuck_on_forced_pass": True,
                "master_tokens_have_base_trap_effect": False,
                "gather_reveal_uses_attempt": False, "repeat_reshuffle": False,
                "stall_is_loss": False, "answer_match": "exact",
                "locked_door_blocks_adjacency": False, "solve_proposals_per_turn": 2,
                "refused_proposal_counts": True}
"""Every house-rule flag away from its recorded default (TI-A1..TI-A23)."""

GOLDEN: dict[str, tuple[Callable[[], dict[str, Any]], int, bool]] = {
    "solo_clockmakers_word": (lambda: {"players": 1, "mission": "clockmakers_word"}, 101,
                              False),
    "duo_gallery_after_dark": (lambda: {"players": 2, "mission": "gallery_after_dark"}, 202,
                               False),
    "trio_observatory_vault": (lambda: {"players": 3, "mission": "observatory_vault"}, 303,
                               False),
    "four_seats_gallery_after_dark": (lambda: {"players": 4,
                                               "mission": "gallery_after_dark"}, 404, False),
    "duo_house_rules": (lambda: {"players": 2, "mission": "observatory_vault",
                                 "rules": dict(_HOUSE_RULES)}, 505, False),
    "solo_two_characters": (lambda: {"players": 1, "characters": "ada+mina",
                                     "mission": "gallery_after_dark",
                                     "rules": {"characters_per_solo_player": 2}}, 606, False),
    "duo_explicit_chance": (lambda: {"players": 2, "mission": "observatory_vault"}, 707,
                            True),
    "trio_solved_by_an_oracle": (lambda: {"players": 3, "mission": "clockmakers_word"}, 808,
                                 False),
}
"""Golden games: load_game params, a seed, explicit chance or not. Their steps are
golden play (`golden_step`) drawn from SplitMix64(seed + 1); the oracle's game
(ORACLES) enters the true answer."""
ORACLES = frozenset({"trio_solved_by_an_oracle"})


def golden_record(name: str) -> TIRecord:
    """The golden game `name`, with its log and final position."""
    make, seed, explicit = GOLDEN[name]
    game = load_the_initiative(**make(), explicit_chance=explicit)
    state = game.new_initial_state(seed)
    play_golden(state, SplitMix64(seed + 1), oracle=name in ORACLES)
    return record_of(state, game, seed, with_log=True, with_final=True)


def make_golden(directory: str | Path) -> list[Path]:
    """Write every golden record as DIR/<name>.json."""
    return write_golden(directory, GOLDEN, golden_record)


def _replay_file(name: str) -> list[str]:
    state = replay(TIRecord.load(name))
    return [f"{name}: ok, {len(state.history)} steps, {result_line(state)}"]


def main(argv: Sequence[str] | None = None) -> int:
    return record_main(argv, prog="python -m initiative.games.ti.record",
                       description="The Initiative game records.",
                       make_golden=make_golden, replay_file=_replay_file)


if __name__ == "__main__":
    raise SystemExit(main())
