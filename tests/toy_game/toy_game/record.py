"""Lantern race's game records (JSON tagged `"format": "toy-record/1"`, the entry's
`record_format`): setup params + seed + the action list, replayed bit for bit; and how
`initiative replay` tells them (the game's `records` part, `READER`).

A record holds `params` (`ToySetup.to_params()`), `seed` (a whole number, or a web
table's keyed seed text), `actions` (every action index in order), `winner` (a seat or
null), `final_hash` (sha256 of the final position's canonical JSON) and, optionally,
`log` (the sentences). The engine's record kit (engine/records.py) reads and checks
the fields every record has.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toy_game.actions import from_index
from toy_game.game import ToyGame, load_toy
from toy_game.state import ToyState
from toy_game.view import sentence

from initiative.engine import records
from initiative.engine.contract import SPECTATOR
from initiative.engine.errors import InitiativeError, NotationError
from initiative.engine.notation import canonical_text, pretty_json
from initiative.engine.records import (
    JsonRecord,
    apply_steps,
    check_end,
    position_after,
    record_data,
    sha256_text,
    steps_told,
)
from initiative.engine.rng import Seed
from initiative.games.parts import RecordReader

FORMAT = "toy-record/1"
KEYS = ("format", "params", "seed", "explicit_chance", "actions", "winner", "final_hash",
        "log", "final")


def position(state: ToyState) -> dict[str, Any]:
    """The whole position as JSON data: every hand, the deck in order, the generator."""
    keys = [card.key for card in state.setup.cards.cards]
    return {"positions": list(state.positions),
            "hands": [[keys[n] for n in hand] for hand in state.hands],
            "deck": [keys[n] for n in state.deck], "discard": [keys[n] for n in state.discard],
            "current": state.current, "round": state.round, "winner": state.winner,
            "rng": state.rng.to_data()}


def position_hash(state: ToyState) -> str:
    return sha256_text(canonical_text(position(state)))


@dataclass
class ToyRecord(JsonRecord):
    """One game: enough to rebuild it and to check the replay."""

    params: dict[str, Any]
    seed: Seed
    actions: list[int | str] = field(default_factory=list)
    winner: int | None = None
    final_hash: str = ""
    log: list[str] | None = None

    def game(self) -> ToyGame:
        """The game the record was played in (NotationError if its params are bad)."""
        try:
            return load_toy(**self.params)
        except InitiativeError as exc:
            raise NotationError(f"record.params: {exc}") from None

    def to_dict(self) -> dict[str, Any]:
        return record_data(FORMAT, self.params, self.seed, False, self.actions,
                           {"winner": self.winner}, self.final_hash, self.log, None)

    @classmethod
    def from_dict(cls, data: Any) -> ToyRecord:
        f = records.read_record_fields(data, FORMAT, KEYS, from_index)
        winner = data.get("winner")
        if winner not in (None, 0, 1) or isinstance(winner, bool):
            raise NotationError(f"record.winner: null, 0 or 1, got {winner!r}")
        return cls(f.params, f.seed, f.actions, winner, f.final_hash, f.log)


def record_of(state: ToyState, game: ToyGame, seed: Seed, *, with_log: bool = False
              ) -> ToyRecord:
    """The record of `state`, played in `game` from `game.new_initial_state(seed)`."""
    return ToyRecord(game.setup.to_params(), seed, list(state.history), state.winner,
                     position_hash(state), state.view(SPECTATOR).log() if with_log else None)


def replay_prefix(record: ToyRecord, count: int | None = None) -> ToyState:
    """The state after the record's first `count` actions (all by default)."""
    steps = [from_index(int(n)) for n in record.actions]
    return apply_steps(record.game().new_initial_state(record.seed), steps, count)


def replay(record: ToyRecord) -> ToyState:
    """The record replayed and checked: winner, log (if kept) and final hash;
    NotationError at the first mismatch."""
    state = replay_prefix(record)
    if state.winner != record.winner:
        raise NotationError(f"record: the replay ends with winner {state.winner!r}, the "
                            f"record says {record.winner!r}")
    check_end(record.log, lambda: state.view(SPECTATOR).log(), None, lambda: {},
              record.final_hash, position_hash(state))
    return state


def result_line(state: ToyState) -> str:
    names = state.setup.names
    if state.winner is not None:
        return f"Result: {names[state.winner]} (seat {state.winner + 1}) wins in round " \
               f"{state.round}."
    return f"Result: a draw after round {state.round}." if state.is_terminal() \
        else f"Result: unfinished in round {state.round}."


def story(record: ToyRecord, verbose: bool = False) -> list[str]:
    """What `initiative replay` prints: the checked replay's log (verbose: action by
    action, with what each added), the count of actions and the result."""
    state = replay(record)
    if verbose:
        start = record.game().new_initial_state(record.seed)
        lines = steps_told(start, [from_index(int(n)) for n in record.actions],
                           start.setup.names, [], lambda s: s.events,
                           lambda event: sentence(start.setup, event))
    else:
        lines = state.view(SPECTATOR).log()
    return [*lines, f"{len(record.actions)} actions replayed.", result_line(state)]


def position_text(record: ToyRecord, moves: int) -> str:
    """The position after the first `moves` actions (indented JSON); the record is
    checked in full first."""
    replay(record)
    return position_after(moves, len(record.actions),
                          lambda n: pretty_json(position(replay_prefix(record, n))))


READER = RecordReader(
    story=lambda data, verbose: story(ToyRecord.from_dict(data), verbose),
    position=lambda data, moves: position_text(ToyRecord.from_dict(data), moves))
"""How `initiative replay` reads Lantern race records."""
