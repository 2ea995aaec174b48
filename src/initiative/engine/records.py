"""What every game's record module shares: the checks of a replay against the record
(its log, its final position hash), and the command line that writes the golden
records (one JSON file per named game) and replays record files to check them.

Game-neutral: a game passes its golden names, how to build one record, and how to
replay one file into report lines."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Protocol

from initiative.engine.errors import NotationError


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
