"""Game records: setup + seed + move texts, replayed bit for bit (the game's "PGN").

A record stores the match setup (`Match.to_dict`), the seed, every move as move text,
the result and a hash of the final position (sha256 of its canonical JSON), the
fingerprint of the content it was played with, and may carry the rendered log. `replay`
re-applies every move and checks result, hash and log, raising `NotationError` with the
move number at the first mismatch or illegal move. A record made with other content
(cards or Characters changed since) still replays if every move still fits: `replay`
then only warns (`ContentChangedWarning`); if it fails, the error says the content
changed.

Format ``initiative-record/2`` (FORMAT) keeps the rules as ``/1`` did, changed flags only;
a ``/1`` record was written before ``setup_copy_tiebreak`` existed (copies of one
Character on two sides were ordered by unit number at setup), so its game is built with
that flag at ``unit`` unless its rules name it (`OLDER_FORMATS`), and its final hash is
checked against the position as ``/1`` wrote it (the flag left out): it replays as it
was played. A record read is written back in its own format, unchanged.

``python -m initiative.games.ib.record --make-golden DIR`` writes the golden records the
test suite replays (tests/golden).
"""

from __future__ import annotations

import hashlib
import json
import warnings
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from initiative.engine.data_text import loads_json
from initiative.engine.errors import InitiativeError, NotationError
from initiative.engine.records import check_final_hash, check_log, record_main, write_golden
from initiative.engine.rng import Seed, SplitMix64, parse_seed
from initiative.games.ib import events
from initiative.games.ib.actions import Action
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import content_hash, core_content
from initiative.games.ib.match import Match, SeatSetup, fixture_match
from initiative.games.ib.modes import GameSetup, build_match
from initiative.games.ib.movetext import format_action, parse_action
from initiative.games.ib.notation import (
    canonical_json,
    canonical_text,
    position_to_dict,
    result_from_data,
    result_to_data,
)
from initiative.games.ib.presets import preset_setup
from initiative.games.ib.setup import new_game
from initiative.games.ib.specs import Content
from initiative.games.ib.state import IBState
from initiative.timing.setup_order import SetupTieError

FORMAT = "initiative-record/2"
OLDER_FORMATS: dict[str, dict[str, Any]] = {
    "initiative-record/1": {"setup_copy_tiebreak": "unit"},
}
"""Older format tags still read, with the rules their setups meant unless they say
otherwise (flags added since, whose defaults play differently)."""
_KEYS = ("format", "setup", "seed", "agreed_order", "actions", "result", "final_hash",
         "content_hash", "log")
SHORT_HASH = 12
"""Hex digits of a content hash shown in messages."""


class ContentChangedWarning(UserWarning):
    """A record replays, but was played with other content than it is replayed with."""


def position_hash(state: IBState, unwritten: Collection[str] = ()) -> str:
    """sha256 (hex) of the canonical JSON of the state's position; the rules flags in
    `unwritten` are left out of its setup (flags an older record did not write)."""
    if not unwritten:
        text = canonical_json(state)
    else:
        data = position_to_dict(state)
        rules = data["setup"]["rules"]
        data["setup"]["rules"] = {k: v for k, v in rules.items() if k not in unwritten}
        text = canonical_text(data)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def rendered_log(state: IBState) -> list[str]:
    """The full log as sentences (every card shown: a record is not a seat's view)."""
    return [events.render(e, state.match) for e in state.events()]


@dataclass
class GameRecord:
    """One game: enough to rebuild it (setup, seed, moves) and to check the replay."""

    setup: dict[str, Any]
    seed: Seed  # a whole number (splitmix64) or a keyed seed text (engine.rng)
    actions: list[str] = field(default_factory=list)
    result: int | None = None  # None: unfinished; -1: draw; else the winning team
    final_hash: str = ""
    agreed_order: list[str] | None = None  # unit labels, for setup ties (AMB-92)
    log: list[str] | None = None  # rendered sentences, checked on replay when present
    content_hash: str = ""  # Content.fingerprint() of the game's content; "" if unknown
    format: str = FORMAT  # or an older tag (OLDER_FORMATS) for a record read as written

    @property
    def unwritten(self) -> dict[str, Any]:
        """The rules flags an older record's game was played under that its setup does not
        name (none for a current record)."""
        rules = self.setup.get("rules") or {}
        return {flag: value for flag, value in OLDER_FORMATS.get(self.format, {}).items()
                if flag not in rules}

    def match(self, content: Content | None = None) -> Match:
        setup = self.setup
        if self.unwritten:
            setup = {**setup, "rules": {**(setup.get("rules") or {}), **self.unwritten}}
        try:
            return Match.from_dict(setup, content, "record.setup")
        except InitiativeError as exc:
            raise NotationError(str(exc)) from None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": self.format, "setup": self.setup, "seed": self.seed}
        if self.agreed_order is not None:
            data["agreed_order"] = self.agreed_order
        data.update(actions=self.actions, result=result_to_data(self.result),
                    final_hash=self.final_hash)
        if self.content_hash:
            data["content_hash"] = self.content_hash
        if self.log is not None:
            data["log"] = self.log
        return data

    @classmethod
    def from_dict(cls, data: Any, content: Content | None = None) -> GameRecord:
        if not isinstance(data, dict):
            raise NotationError(f"record: expected a JSON object, got {type(data).__name__}")
        for key in data:
            if key not in _KEYS:
                raise NotationError(f"record: unknown field {key!r} (known: {', '.join(_KEYS)})")
        tag = data.get("format")
        if tag != FORMAT and tag not in OLDER_FORMATS:
            older = ", ".join(map(repr, OLDER_FORMATS))
            raise NotationError(f"record.format: expected {FORMAT!r} (or an older {older}), "
                                f"got {tag!r}")
        try:
            seed = parse_seed(data.get("seed"), "record.seed")
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        for key in ("actions", "agreed_order", "log"):
            value = data.get(key)
            if value is not None and (not isinstance(value, list)
                                      or not all(isinstance(v, str) for v in value)):
                raise NotationError(f"record.{key}: expected a list of strings")
        if not isinstance(data.get("setup"), dict):
            raise NotationError("record.setup: expected a mapping")
        hashed = data.get("content_hash", "")
        if not isinstance(hashed, str):
            raise NotationError(f"record.content_hash: expected a hex string, got {hashed!r}")
        record = cls(data["setup"], seed, list(data.get("actions") or []),
                     final_hash=str(data.get("final_hash", "")),
                     agreed_order=data.get("agreed_order"), log=data.get("log"),
                     content_hash=hashed, format=str(tag))
        try:
            record.result = result_from_data(data.get("result"), "record.result",
                                             record.match(content))
        except NotationError as exc:
            change = content_change(record, content or core_content())
            if change is None:
                raise
            raise NotationError(f"{exc} ({change})") from None
        return record

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, content: Content | None = None) -> GameRecord:
        try:
            data = loads_json(text)
        except ValueError as exc:
            raise NotationError(f"record: not valid JSON: {exc}") from None
        return cls.from_dict(data, content)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path, content: Content | None = None) -> GameRecord:
        return cls.from_json(Path(path).read_text(encoding="utf-8"), content)


def _start(match: Match, seed: Seed, agreed_order: Sequence[str] | None) -> IBState:
    """A new game; `agreed_order` (unit labels) settles setup ties (AMB-92)."""
    units = None
    if agreed_order is not None:
        unknown = [label for label in agreed_order if label not in match.labels]
        if unknown:
            raise NotationError(f"record.agreed_order: unknown unit {unknown[0]!r} "
                                f"(units: {', '.join(match.labels)})")
        units = [match.labels.index(label) for label in agreed_order]
    try:
        return new_game(match, seed, units)
    except SetupTieError as exc:
        raise NotationError(f"record.agreed_order: {exc}") from None


class Recorder:
    """A new game that writes down every move applied to it (for the CLI and tools)."""

    def __init__(self, match: Match, seed: Seed, agreed_order: Sequence[str] | None = None):
        self.match = match
        self.seed = seed
        self.agreed_order = list(agreed_order) if agreed_order is not None else None
        self.state = _start(match, seed, agreed_order)
        self.moves: list[str] = []

    def apply(self, action: Action) -> None:
        """Apply a legal action (IllegalActionError otherwise) and note its move text."""
        text = format_action(self.state, action)
        self.state.apply(action)
        self.moves.append(text)

    def apply_text(self, text: str) -> Action:
        """Apply a move given as text; NotationError lists the legal moves if it is bad."""
        action = parse_action(self.state, text)
        self.apply(action)
        return action

    def record(self, with_log: bool = False) -> GameRecord:
        """The game so far, with the result and the hash of the current position."""
        state = self.state
        return GameRecord(self.match.to_dict(), self.seed, self.moves[:], state.result,
                          position_hash(state), self.agreed_order,
                          rendered_log(state) if with_log else None,
                          content_hash(self.match.content))


def record_game(match: Match, seed: Seed, actions: Sequence[Action | str],
                agreed_order: Sequence[str] | None = None,
                with_log: bool = False) -> GameRecord:
    """Play `actions` (objects or move texts) from a new game and record it."""
    recorder = Recorder(match, seed, agreed_order)
    for n, move in enumerate(actions, 1):
        try:
            if isinstance(move, str):
                recorder.apply_text(move)
            else:
                recorder.apply(move)
        except InitiativeError as exc:
            raise NotationError(f"move {n}: {exc}") from None
    return recorder.record(with_log)


def content_change(record: GameRecord, content: Content) -> str | None:
    """Why `content` may not be what `record` was played with, or None if it is (or the
    record does not say)."""
    found = content_hash(content)
    if not record.content_hash or record.content_hash == found:
        return None
    return (f"record was played with content {record.content_hash[:SHORT_HASH]}, this "
            f"content is {found[:SHORT_HASH]}: cards or characters changed since")


def replay(record: GameRecord, content: Content | None = None) -> IBState:
    """Rebuild the game and check its result, final position hash and (if kept) log.

    Played with other content (see `content_change`): a failure says so in its message;
    a replay that still matches issues a `ContentChangedWarning` and returns."""
    change = content_change(record, content or core_content())
    try:
        state = _replay(record, content)
    except NotationError as exc:
        if change is None:
            raise
        raise NotationError(f"{exc} ({change})") from None
    if change is not None:
        warnings.warn(ContentChangedWarning(f"{change}; the replay still matches"),
                      stacklevel=2)
    return state


def _replay(record: GameRecord, content: Content | None) -> IBState:
    match = record.match(content)
    state = _start(match, record.seed, record.agreed_order)
    for n, text in enumerate(record.actions, 1):
        try:
            state.apply(parse_action(state, text))
        except InitiativeError as exc:
            raise NotationError(f"record move {n}: {exc}") from None
    if state.result != record.result:
        raise NotationError(f"record: the replay ends with result "
                            f"{result_to_data(state.result)!r}, the record says "
                            f"{result_to_data(record.result)!r}")
    found = position_hash(state, record.unwritten)
    check_final_hash(found, record.final_hash)
    if record.log is not None:
        check_log(record.log, rendered_log(state))
    return state


# --- random games and the golden records -----------------------------------------


def play_random(state: IBState, rng: SplitMix64, max_moves: int | None = None) -> list[Action]:
    """Apply uniformly random legal actions until the game ends (or `max_moves`)."""
    played: list[Action] = []
    while not state.is_terminal() and (max_moves is None or len(played) < max_moves):
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        state.apply(action)
        played.append(action)
    return played


def _free_for_all() -> Match:
    content = core_content()
    seats = (SeatSetup("Amber", 0, ("wren", "brask", "odo"), content.deck("supply_a")),
             SeatSetup("Birch", 1, ("ilse", "corvin", "pim"), content.deck("supply_b")),
             SeatSetup("Cedar", 2, ("dara", "sela_courier", "marta"), content.deck("supply_a")))
    return Match(content, RulesConfig(), seats)


def _solo(encounter: str) -> Match:
    """Solo play (IB 6.3) of the tideguard party against a shipped encounter."""
    return build_match(GameSetup("solo", ("tideguard",), encounter), core_content())


def _preset(mode: str) -> Match:
    """A mode's default game: its preset teams (games/ib/presets.py)."""
    return build_match(preset_setup(mode), core_content())


_HOUSE_RULES = RulesConfig().with_flags({
    "out_of_round_rule": "passed_by_rm", "status_stacking": "stack",
    "orphaned_action": "retarget", "ib_end_position": "before_rm",
    "free_discards_per_activation": "unlimited", "damage_order": "guard_then_weaken",
})

GOLDEN: dict[str, tuple[Callable[[], Match], int]] = {
    "fixtures_vanguard_vs_harrow": (fixture_match, 11),
    "fixtures_tempest_vs_harrow": (lambda: fixture_match("fixture_tempest",
                                                          "fixture_harrow"), 22),
    "house_rules": (lambda: fixture_match(config=_HOUSE_RULES), 33),
    "free_for_all": (_free_for_all, 44),
    "solo_heart_of_the_rift": (lambda: _solo("heart_of_the_rift"), 55),
    "preset_2v2v2v2": (lambda: _preset("2v2v2v2"), 66),
}
"""Golden games: a match and a seed; moves are random, drawn from SplitMix64(seed + 1)."""


def golden_record(name: str) -> GameRecord:
    make, seed = GOLDEN[name]
    match = make()
    moves = play_random(new_game(match, seed), SplitMix64(seed + 1))
    return record_game(match, seed, moves, with_log=True)


def make_golden(directory: str | Path) -> list[Path]:
    """Write every golden record as DIR/<name>.json."""
    return write_golden(directory, GOLDEN, golden_record)


def _replay_file(name: str) -> list[str]:
    """Replay one record file: its content-changed warnings, then the result."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ContentChangedWarning)
        state = replay(GameRecord.load(name))
    return [*(f"{name}: warning: {warning.message}" for warning in caught),
            f"{name}: ok, {len(state.events())} events, result {result_to_data(state.result)}"]


def main(argv: Sequence[str] | None = None) -> int:
    return record_main(argv, prog="python -m initiative.games.ib.record",
                       description="Initiative Break game records.",
                       make_golden=make_golden, replay_file=_replay_file)


if __name__ == "__main__":
    raise SystemExit(main())
