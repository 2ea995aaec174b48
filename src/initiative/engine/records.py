"""What every game's record module shares: steps as record data (an action index or
a chance outcome ``kind:value``), the reading and checking of the fields every step
record has, the checks of a replay against the record (its log, its final position
hash), and the command line that writes the golden records (one JSON file per named
game) and replays record files to check them.

Game-neutral: a game passes its golden names, how to build one record, and how to
replay one file into report lines."""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Protocol, TypeVar

from initiative.engine.chance import Outcome
from initiative.engine.data_text import loads_json
from initiative.engine.errors import InitiativeError, NotationError
from initiative.engine.notation import outcome_from_text, outcome_text, pretty_json
from initiative.engine.rng import Seed, parse_seed

A = TypeVar("A")


def check_log(stored: list[str], found: list[str]) -> None:
    """NotationError at the first sentence of the replay's log (`found`) that differs
    from the record's (`stored`), or if one log is longer."""
    for i, (a, b) in enumerate(zip(stored, found, strict=False)):
        if a != b:
            raise NotationError(f"record.log[{i}]: the replay says {b!r}, the record {a!r}")
    if len(stored) != len(found):
        raise NotationError(f"record.log: the replay has {len(found)} sentences, the record "
                            f"{len(stored)}")


def check_final_hash(found: str, stored: str) -> None:
    """NotationError if the replay's final position hash is not the record's."""
    if found != stored:
        raise NotationError(f"record: final position hash {found} differs from the stored "
                            f"{stored or '(none)'}")


def step_to_data(step: A | Outcome, index: Callable[[A], int]) -> int | str:
    """A history entry as record data: an action's index, or ``"kind:value"``."""
    if isinstance(step, Outcome):
        return outcome_text(step)
    return index(step)


def step_from_data(value: Any, path: str, from_index: Callable[[int], A]) -> A | Outcome:
    """A record entry back as an action or an outcome; NotationError naming `path`."""
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            return from_index(value)
        except IndexError as exc:
            raise NotationError(f"{path}: {exc}") from None
    if isinstance(value, str):
        return outcome_from_text(value, path)
    raise NotationError(f"{path}: expected an action index or a chance outcome "
                        f"'kind:value', got {value!r}")


class RecordFields(NamedTuple):
    """The fields every step record has, read and checked (`read_record_fields`)."""

    params: dict[str, Any]
    seed: Seed
    explicit_chance: bool
    actions: list[int | str]
    final_hash: str
    log: list[str] | None
    final: dict[str, Any] | None


def read_record_json(text: str) -> Any:
    """A record's JSON text as data; NotationError if it is not JSON."""
    try:
        return loads_json(text)
    except ValueError as exc:
        raise NotationError(f"record: not valid JSON: {exc}") from None


def read_record_fields(data: Any, fmt: str, keys: Sequence[str],
                       from_index: Callable[[int], Any]) -> RecordFields:
    """Check a record's shared fields (only `keys` known, `format` equal to `fmt`;
    params, seed, explicit_chance, actions, final_hash, log, final); NotationError
    naming the first bad one. A chance outcome among the steps of a sampled game is
    refused."""
    if not isinstance(data, dict):
        raise NotationError(f"record: expected a JSON object, got {type(data).__name__}")
    for key in data:
        if key not in keys:
            raise NotationError(f"record: unknown field {key!r} (known: {', '.join(keys)})")
    if data.get("format") != fmt:
        raise NotationError(f"record.format: expected {fmt!r}, got {data.get('format')!r}")
    params = data.get("params")
    if not isinstance(params, dict):
        raise NotationError(f"record.params: expected a mapping, got {params!r}")
    if "explicit_chance" in params:
        raise NotationError("record.params: explicit_chance belongs at the top level")
    try:
        seed = parse_seed(data.get("seed"), "record.seed")
    except ValueError as exc:
        raise NotationError(str(exc)) from None
    explicit = data.get("explicit_chance", False)
    if not isinstance(explicit, bool):
        raise NotationError(f"record.explicit_chance: expected true or false, got {explicit!r}")
    steps = data.get("actions", [])
    if not isinstance(steps, list):
        raise NotationError(f"record.actions: expected a list, got {steps!r}")
    for i, value in enumerate(steps):
        step = step_from_data(value, f"record.actions[{i}]", from_index)
        if isinstance(step, Outcome) and not explicit:
            raise NotationError(f"record.actions[{i}]: a chance outcome {value!r} in a game "
                                "whose chance was sampled (explicit_chance false)")
    log = data.get("log")
    if log is not None and (not isinstance(log, list)
                            or not all(isinstance(s, str) for s in log)):
        raise NotationError("record.log: expected a list of sentences")
    final_hash = data.get("final_hash", "")
    if not isinstance(final_hash, str):
        raise NotationError(f"record.final_hash: expected a hex string, got {final_hash!r}")
    final = data.get("final")
    if final is not None and not isinstance(final, dict):
        raise NotationError(f"record.final: expected a position (a mapping), got {final!r}")
    return RecordFields(dict(params), seed, explicit, list(steps), final_hash, log, final)


class SavedRecord(Protocol):
    """A game record that writes itself as a JSON file."""

    def save(self, path: str | Path) -> None:
        """Write the record to `path`."""


def write_golden(directory: str | Path, names: Iterable[str],
                 record: Callable[[str], SavedRecord]) -> list[Path]:
    """Write `record(name)` as DIR/<name>.json for every name; the paths written."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in names:
        path = out / f"{name}.json"
        record(name).save(path)
        paths.append(path)
    return paths


def record_main(argv: Sequence[str] | None, *, prog: str, description: str,
                make_golden: Callable[[str], list[Path]],
                replay_file: Callable[[str], Iterable[str]]) -> int:
    """`--make-golden DIR` writes the golden records, `--replay FILE...` replays each
    file and prints the lines `replay_file` reports for it."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--make-golden", metavar="DIR", help="write the golden records")
    parser.add_argument("--replay", metavar="FILE", nargs="*", default=[],
                        help="replay and check records")
    args = parser.parse_args(argv)
    if args.make_golden:
        for path in make_golden(args.make_golden):
            print(f"wrote {path}")
    for name in args.replay:
        for line in replay_file(name):
            print(line)
    return 0


# --- the replay side every step record shares ----------------------------------------

class Steppable(Protocol):
    """A state a record's steps are applied to."""

    def apply(self, action: Any) -> None:
        """Apply one action or chance outcome."""

    def current_seat(self) -> int:
        """The seat to act (negative: chance or the end)."""


S = TypeVar("S", bound=Steppable)
E = TypeVar("E")
R = TypeVar("R", bound="JsonRecord")


def sha256_text(text: str) -> str:
    """sha256 (hex) of `text` as UTF-8: a position hash from its canonical JSON."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def step_text(step: object) -> str:
    """A step as short text: the move text of an action, ``kind:value`` of an outcome."""
    return repr(step) if isinstance(step, Outcome) else str(step)


def record_data(fmt: str, params: dict[str, Any], seed: Seed, explicit_chance: bool,
                actions: list[int | str], result: dict[str, Any], final_hash: str,
                log: list[str] | None, final: dict[str, Any] | None) -> dict[str, Any]:
    """A record as JSON data, its keys in the written order: the shared fields, the
    game's `result` fields, the final hash, then the log and final position if kept."""
    data: dict[str, Any] = {"format": fmt, "params": params, "seed": seed,
                            "explicit_chance": explicit_chance, "actions": actions,
                            **result, "final_hash": final_hash}
    if log is not None:
        data["log"] = log
    if final is not None:
        data["final"] = final
    return data


class JsonRecord:
    """JSON text and file round trips of a record class with `to_dict` / `from_dict`."""

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON data."""
        raise NotImplementedError

    @classmethod
    def from_dict(cls: type[R], data: Any) -> R:
        """The record from JSON data; NotationError naming the first bad field."""
        raise NotImplementedError

    def to_json(self) -> str:
        return pretty_json(self.to_dict())

    @classmethod
    def from_json(cls: type[R], text: str) -> R:
        return cls.from_dict(read_record_json(text))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls: type[R], path: str | Path) -> R:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))


def apply_steps(state: S, steps: Sequence[Any], count: int | None = None) -> S:
    """`state` after the first `count` of `steps` (all by default) are applied to it;
    NotationError naming the step that does not apply, or a count out of range."""
    if count is None:
        count = len(steps)
    if not 0 <= count <= len(steps):
        raise NotationError(f"record: {count} steps asked for, the record has {len(steps)}")
    for n, step in enumerate(steps[:count], 1):
        try:
            state.apply(step)
        except InitiativeError as exc:
            raise NotationError(f"record step {n} ({step_text(step)}): {exc}") from None
    return state


def check_end(stored_log: list[str] | None, log: Callable[[], list[str]],
              stored_final: dict[str, Any] | None, final: Callable[[], dict[str, Any]],
              stored_hash: str, found_hash: str) -> None:
    """A replay's end against its record: the log and the final position when the
    record keeps them, then the final hash; NotationError at the first mismatch."""
    if stored_log is not None:
        check_log(stored_log, log())
    if stored_final is not None and final() != stored_final:
        raise NotationError("record.final: the replay ends in another position than the "
                            "one stored")
    check_final_hash(found_hash, stored_hash)


def steps_told(state: S, steps: Sequence[Any], names: Sequence[str], first: list[str],
               entries: Callable[[S], Sequence[E]], say: Callable[[E], str]) -> list[str]:
    """A verbose replay: the `first` lines, then for each step applied to `state` who
    took it (a seat name or chance) and, indented, what it added to `entries(state)`,
    each entry told by `say`."""
    lines = list(first)
    seen = len(entries(state))
    for n, step in enumerate(steps, 1):
        seat = state.current_seat()
        who = names[seat] if 0 <= seat < len(names) else "chance"
        state.apply(step)
        found = entries(state)
        lines.append(f"[{n}] {who}: {step_text(step)}")
        lines.extend(f"    {say(entry)}" for entry in found[seen:])
        seen = len(found)
    return lines


def position_after(count: int, total: int, position: Callable[[int], str]) -> str:
    """`position(count)` (the position text after the first `count` of a record's
    `total` steps); NotationError if the record is shorter."""
    if not 0 <= count <= total:
        raise NotationError(f"record: --position-after {count}: the record has "
                            f"{total} steps")
    return position(count)
