"""Every recorded event reads as its code's schema (games/event_records.py): over many
random games of every game, in several modes and rule mixes, and every golden game,
each event has exactly its schema's length (a rest field takes one or more of the
rest), reads as that schema's class and flattens back to the same tuple. The recorders
(plain tuples on the hot path) and the schemas cannot drift apart."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import pytest

from initiative.engine.contract import CHANCE
from initiative.games import load_game
from initiative.games.event_records import Event, EventReader, by_group, flat, rest_field
from initiative.games.hex import events as hex_events
from initiative.games.hex.record import HexRecord
from initiative.games.hex.record import replay as replay_hex
from initiative.games.ib import events as ib_events
from initiative.games.ib.record import GameRecord
from initiative.games.ib.record import replay as replay_ib
from initiative.games.ti import events as ti_events
from initiative.games.ti import text as ti_text
from initiative.games.ti.record import TIRecord
from initiative.games.ti.record import replay as replay_ti

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
MODULES = {"initiative_break": ib_events, "hex_skirmish": hex_events,
           "the_initiative": ti_events}

SETUPS: dict[str, tuple[dict[str, Any], ...]] = {
    "initiative_break": (
        {}, {"mode": "2v2"}, {"mode": "ffa", "players": 4}, {"mode": "solo"},
        {"mode": "coop", "players": 3}, {"mode": "2v2v2v2"},
        {"teams": ["tideguard", "ashfall"]}),
    "hex_skirmish": (
        {}, {"players": 3}, {"players": 4},
        {"rules": {"initiative_reveal": "one_per_turn", "move_exact": False,
                   "allow_voluntary_pass": True, "power_tokens_reset_each_round": True,
                   "walls_block_attacks": True, "starting_health": 2}}),
    "the_initiative": ({}, {"players": 1}, {"players": 3}, {"players": 4}),
}
GAMES_PER_SETUP = 12
MAX_STEPS = 20_000


def _random_events(name: str, params: dict[str, Any], seed: int) -> Sequence[Event]:
    game = load_game(name, **params)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            break
        if state.current_seat() == CHANCE:  # sampled inside apply unless explicit
            break
        state.apply(rng.choice(state.legal_actions()))
    events: Sequence[Event] = state.events()
    return events


def _replayed(directory: Path, load: Callable[[Path], Any],
              replay: Callable[[Any], Any]) -> Callable[[], Iterator[Event]]:
    def events() -> Iterator[Event]:
        for path in sorted(directory.glob("*.json")):
            yield from replay(load(path)).events()
    return events


GOLDEN_EVENTS = {
    "initiative_break": _replayed(GOLDEN, GameRecord.load, replay_ib),
    "hex_skirmish": _replayed(GOLDEN / "hex", HexRecord.load, replay_hex),
    "the_initiative": _replayed(GOLDEN / "ti", TIRecord.load, replay_ti),
}
"""The events of every golden game, per game."""


def _check(module: ModuleType, event: Event) -> None:
    read: EventReader[Any] = module.read
    schema = module.SCHEMAS[event[0]]
    fields = schema._fields
    if rest_field(schema):
        assert len(event) >= len(fields) - 1, (schema.__name__, event)
    else:
        assert len(event) == len(fields), (schema.__name__, event)
    record = read(event)
    assert type(record) is schema
    assert flat(record) == event
    assert all(isinstance(value, int) for value in event), event


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_code_has_a_schema_laid_out_code_first(name: str) -> None:
    module = MODULES[name]
    assert set(module.SCHEMAS) == set(module.CODES)
    for schema in module.SCHEMAS.values():
        assert schema._fields[0] == "code"
        assert "code" not in schema._fields[1:]


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_recorded_event_reads_as_its_schema(name: str) -> None:
    module = MODULES[name]
    seen: set[int] = set()
    checked = 0
    for params in SETUPS[name]:
        for seed in range(GAMES_PER_SETUP):
            for event in _random_events(name, params, seed):
                _check(module, event)
                seen.add(event[0])
                checked += 1
    for event in GOLDEN_EVENTS[name]():
        _check(module, event)
        seen.add(event[0])
        checked += 1
    assert checked > 5_000
    assert len(seen) >= 0.75 * len(module.CODES), sorted(set(module.CODES) - seen)


@pytest.mark.parametrize(("module", "event"), [
    (hex_events, (hex_events.ROUND,)),
    (ti_events, (ti_events.TUCKED, 0, 1)),
    (ib_events, (ib_events.DAMAGE, 0, 1, 2)),
])
def test_a_tuple_short_of_its_schema_does_not_read(module: ModuleType, event: Event) -> None:
    with pytest.raises(TypeError):
        module.read(event)


def test_records_name_the_fields_of_the_stored_tuple() -> None:
    rolled = hex_events.read((hex_events.ROLLED, 2, 4, 1, 6, 3))
    assert rolled == hex_events.Rolled(hex_events.ROLLED, target=2, needs=4, hits=1,
                                       faces=(6, 3))
    damage = ib_events.read((ib_events.DAMAGE, 0, 1, 3, 5, 4, ib_events.PART_GUARD, -2,
                             ib_events.PART_INSIGHT, 1))
    assert isinstance(damage, ib_events.Damage)
    assert (damage.total, damage.hp, damage.base) == (3, 5, 4)
    assert damage.parts == (ib_events.DamagePart(ib_events.PART_GUARD, -2),
                            ib_events.DamagePart(ib_events.PART_INSIGHT, 1))
    plain = ib_events.read((ib_events.DAMAGE, -1, 1, 3, 5))
    assert isinstance(plain, ib_events.Damage)
    assert plain.base is None and plain.parts == ()
    assert ti_events.read((ti_events.WON,)) == ti_events.Won(ti_events.WON)


class _One(NamedTuple):
    code: int


class _Two(NamedTuple):
    code: int
    seat: int


def test_by_group_finds_each_codes_group_and_names_a_code_in_none_or_two() -> None:
    assert by_group({0: _One, 1: _Two}, ((_One, "one"), (_Two, "two"))) == {0: "one", 1: "two"}
    assert by_group({0: _One, 1: _Two}, ((_One | _Two, "both"),)) == {0: "both", 1: "both"}
    with pytest.raises(ValueError, match=r"event _One \(code 0\) is in 2 groups, not 1"):
        by_group({0: _One}, ((_One | _Two, "a"), (_One, "b")))
    with pytest.raises(ValueError, match=r"event _Two \(code 1\) is in 0 groups, not 1"):
        by_group({0: _One, 1: _Two}, ((_One, "a"),))


def test_every_code_of_a_grouped_reader_has_its_sentence() -> None:
    """The games whose sentences go by group: every code has its sentence function."""
    assert set(ib_events._SENTENCE) == set(ib_events.SCHEMAS)
    assert set(ti_text._SENTENCE) == set(ti_events.SCHEMAS)
