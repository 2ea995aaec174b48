"""Hex skirmish game records: setup params + seed + the action list, replayed bit for bit.

A record (`HexRecord`, JSON with ``"format": "hex-record/1"``) holds:

- `params`: the `load_game("hex_skirmish", **params)` parameters that rebuild the setup
  (`HexSetup.to_params()`: board, characters, seat names, changed rules);
- `seed`: the seed the game started from: a whole number (`HexGame.new_initial_state`)
  or a keyed seed text (`game.new_state`, as a web table game's);
- `explicit_chance`: whether the game ran with explicit chance nodes;
- `actions`: every step in order: a seat's action as its integer index
  (`actions.index`), a chance outcome (explicit games only) as ``"kind:value"``
  (e.g. ``"roll:4"``, ``"draw:7"``, ``"pick:0"``, engine/chance.py);
- `winner` (seat or null), `final_hash` (sha256 of the canonical JSON of the final
  position, notation.py) and, optionally, `log` (the rendered log sentences, as the
  game master sees them) and `final` (the final position itself).

API (the CLI and the web table use these):

    state = game.new_initial_state(seed); ...play...
    record = record_of(state, game, seed)    # or with_log=True, with_final=True
    record.save("game.json"); record = HexRecord.load("game.json")
    state = replay(record)                   # NotationError at the first mismatch
    state = replay_prefix(record, n)         # the state after the first n actions
    lines = story(record, verbose=False)     # what `initiative replay` prints
    text = position_text(record, n)          # `initiative replay --position-after n`
    is_hex_record(data)                      # parsed JSON with the hex record's tag

`record_of` takes the seed the state was started with (a state does not keep it) and
reads the steps it went through (`state.history`); `replay` rebuilds the game, applies
every step and checks the winner, the final hash and, when present, the log and the
final position.

``python -m initiative.games.hex.record --make-golden tests/golden/hex`` writes the
golden records that tests/hex/test_golden.py replays.
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
from initiative.engine.notation import play_random
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
from initiative.games.hex import actions, text
from initiative.games.hex.actions import HexAction
from initiative.games.hex.game import HexGame, new_state
from initiative.games.hex.loader import load_hex_skirmish
from initiative.games.hex.notation import canonical_json, position_json, position_of
from initiative.games.hex.state import HexState
from initiative.games.parts import RecordReader

FORMAT = "hex-record/1"
_KEYS = ("format", "params", "seed", "explicit_chance", "actions", "winner", "final_hash",
         "log", "final")

Step = HexAction | Outcome
"""One entry of a game's history: a seat's action or a chance outcome."""


def position_hash(state: HexState) -> str:
    """sha256 (hex) of the canonical JSON of the state's position."""
    return sha256_text(canonical_json(state))


def rendered_log(state: HexState, seat: int = GAME_MASTER) -> list[str]:
    """The log sentences `seat` sees; by default every one, as the game master sees
    them (a record holds the seed, so nothing in it is secret)."""
    return [entry["text"] for entry in state.view(seat).to_dict()["log"]]


def step_to_data(step: Step) -> int | str:
    """A history entry as record data: an action index, or ``"kind:value"``."""
    return records.step_to_data(step, actions.index)


def step_from_data(value: Any, path: str) -> Step:
    """A record entry back as an action or an outcome; NotationError naming `path`."""
    return records.step_from_data(value, path, actions.from_index)


def _seat_or_none(value: Any, path: str) -> int | None:
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    raise NotationError(f"{path}: expected null or a seat number, got {value!r}")


@dataclass
class HexRecord(JsonRecord):
    """One game: enough to rebuild it (params, seed, steps) and to check the replay."""

    params: dict[str, Any]
    seed: Seed  # a whole number (SplitMix64) or a keyed seed text (engine.rng)
    actions: list[int | str] = field(default_factory=list)
    explicit_chance: bool = False
    winner: int | None = None
    final_hash: str = ""
    log: list[str] | None = None
    final: dict[str, Any] | None = None

    def game(self) -> HexGame:
        """The game the record was played in (NotationError if its params are bad)."""
        try:
            return load_hex_skirmish(**self.params, explicit_chance=self.explicit_chance)
        except InitiativeError as exc:
            raise NotationError(f"record.params: {exc}") from None

    def steps(self) -> list[Step]:
        return [step_from_data(v, f"record.actions[{i}]") for i, v in enumerate(self.actions)]

    def to_dict(self) -> dict[str, Any]:
        return record_data(FORMAT, self.params, self.seed, self.explicit_chance, self.actions,
                           {"winner": self.winner}, self.final_hash, self.log, self.final)

    @classmethod
    def from_dict(cls, data: Any) -> HexRecord:
        f = records.read_record_fields(data, FORMAT, _KEYS, actions.from_index)
        return cls(f.params, f.seed, f.actions, f.explicit_chance,
                   _seat_or_none(data.get("winner"), "record.winner"), f.final_hash, f.log,
                   f.final)


def is_hex_record(data: Any) -> bool:
    """Whether `data` (parsed JSON) says it is a hex record (by its format tag)."""
    return isinstance(data, dict) and data.get("format") == FORMAT


def record_of(state: HexState, game: HexGame, seed: Seed, *, with_log: bool = False,
              with_final: bool = False) -> HexRecord:
    """The record of `state`, played in `game` from `game.new_initial_state(seed)`: its
    history, winner and final hash (and, if asked, its log and final position)."""
    return HexRecord(game.setup.to_params(), seed,
                     [step_to_data(step) for step in state.history],
                     game.explicit_chance, state.winner, position_hash(state),
                     rendered_log(state) if with_log else None,
                     position_of(state) if with_final else None)


def replay_prefix(record: HexRecord, count: int | None = None) -> HexState:
    """The state after the record's first `count` steps (all of them by default),
    without checking the end; NotationError naming the step that does not apply."""
    steps = record.steps()
    return apply_steps(new_state(record.game().setup, record.seed,
                                 explicit_chance=record.explicit_chance), steps, count)


def replay(record: HexRecord) -> HexState:
    """Rebuild the game and check its winner, final hash, and (if kept) log and final
    position; NotationError at the first mismatch."""
    state = replay_prefix(record)
    if state.winner != record.winner:
        raise NotationError(f"record: the replay ends with winner {state.winner!r}, the "
                            f"record says {record.winner!r}")
    check_end(record.log, lambda: rendered_log(state), record.final,
              lambda: position_of(state), record.final_hash, position_hash(state))
    return state


def result_line(state: HexState) -> str:
    """`Result: ...` for a won, drawn (HX-A5: tied leaders at the round limit) or
    unfinished game."""
    names = [seat.label for seat in state.setup.seats]
    if state.winner is not None:
        return f"Result: {names[state.winner]} wins in round {state.round}."
    if state.is_terminal():
        if state.leaders:
            tied = ", ".join(names[s] for s in state.leaders)
            return f"Result: draw between {tied} after round {state.round}."
        return f"Result: no winner after round {state.round}."
    return f"Result: unfinished in round {state.round}."


def story(record: HexRecord, verbose: bool = False) -> list[str]:
    """What `initiative replay` prints for a hex record: the replay is checked in full,
    then its log as a spectator sees it (with `verbose`, step by step: each step, who
    took it, and every sentence it added), the step count and the result."""
    state = replay(record)
    lines = _steps_told(record) if verbose else rendered_log(state, SPECTATOR)
    lines.append(f"{len(record.actions)} steps replayed.")
    lines.append(result_line(state))
    return lines


def _steps_told(record: HexRecord) -> list[str]:
    state = new_state(record.game().setup, record.seed,
                      explicit_chance=record.explicit_chance)
    setup = state.setup
    return steps_told(state, record.steps(), [seat.label for seat in setup.seats],
                      rendered_log(state), HexState.events,
                      lambda event: text.describe(setup, event))


def position_text(record: HexRecord, count: int) -> str:
    """The position (indented JSON) after the record's first `count` steps; the record
    is checked in full first."""
    replay(record)
    return position_after(count, len(record.actions),
                          lambda n: position_json(replay_prefix(record, n)))



READER = RecordReader(
    story=lambda data, verbose: story(HexRecord.from_dict(data), verbose),
    position=lambda data, moves: position_text(HexRecord.from_dict(data), moves))
"""How `initiative replay` reads these records (the game's `records` part)."""

# --- random games and the golden records -----------------------------------------


GOLDEN: dict[str, tuple[Callable[[], dict[str, Any]], int, bool]] = {
    "duel_three_stones": (lambda: {}, 101, False),
    "three_seats_the_breach": (lambda: {"players": 3, "board": "the_breach",
                                        "rules": {"round_limit": 12}}, 202, False),
    "four_seats_three_stones": (lambda: {"players": 4}, 303, False),
    "four_seats_the_breach": (lambda: {"players": 4, "board": "the_breach",
                                       "rules": {"round_limit": 12}}, 404, False),
    "duel_house_rules": (lambda: {"board": "the_breach", "rules": {
        "initiative_reveal": "one_per_turn", "victory": "most_power_after_rounds",
        "round_limit": 4, "barrage_dice": "shared_roll",
        "push_direction": "away_from_attacker"}}, 505, False),
    "duel_explicit_chance": (lambda: {}, 606, True),
}
"""Golden games: load_game params, a seed, explicit chance or not. The actions are
random, drawn from SplitMix64(seed + 1) (outcomes too, by their probabilities). The
games on The Breach stop at a round limit (HX-A5) to keep their files short."""


def golden_record(name: str) -> HexRecord:
    make, seed, explicit = GOLDEN[name]
    game = load_hex_skirmish(**make(), explicit_chance=explicit)
    state = game.new_initial_state(seed)
    play_random(state, SplitMix64(seed + 1))
    return record_of(state, game, seed, with_log=True, with_final=True)


def make_golden(directory: str | Path) -> list[Path]:
    """Write every golden record as DIR/<name>.json."""
    return write_golden(directory, GOLDEN, golden_record)


def _replay_file(name: str) -> list[str]:
    state = replay(HexRecord.load(name))
    return [f"{name}: ok, {len(state.history)} steps, {result_line(state)}"]


def main(argv: Sequence[str] | None = None) -> int:
    return record_main(argv, prog="python -m initiative.games.hex.record",
                       description="Hex skirmish game records.",
                       make_golden=make_golden, replay_file=_replay_file)


if __name__ == "__main__":
    raise SystemExit(main())
