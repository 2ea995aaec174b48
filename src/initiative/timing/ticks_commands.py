"""The game master's steps in a tick-initiative combat as plain, hashable commands.

One frozen dataclass per step, :func:`apply_tick_command` to run one on a
:class:`~initiative.timing.ticks.TickTracker` (atomically: a refused command raises a
``TickError`` and changes nothing), and a JSON round trip for records. These are the
actions of the engine-contract adapter (:mod:`initiative.timing.ticks_game`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from initiative.timing.ticks import TickTracker
from initiative.timing.ticks_rules import CharacterSheet, TickError

__all__ = [
    "Act", "AddCharacter", "BeginTurn", "Decisive", "DeclareHeld", "Delay", "EndCombat",
    "EndRound", "EndTurn", "FreeAction", "JoinBattle", "Next", "Spend", "StartCombat",
    "TickCommand", "Withering", "apply_tick_command", "tick_command_from_dict",
    "tick_command_to_dict",
]


@dataclass(frozen=True, slots=True)
class AddCharacter:
    """Section 2d roster entry (a late joiner during combat, EX-A16)."""

    sheet: CharacterSheet


@dataclass(frozen=True, slots=True)
class JoinBattle:
    """EX-2/EX-8: ``successes`` entered, or None to roll with the seeded dice (EX-A13)."""

    name: str
    successes: int | None = None


@dataclass(frozen=True, slots=True)
class StartCombat:
    """EX-12: Join Battle ends; free actions follow in Initiative order."""


@dataclass(frozen=True, slots=True)
class FreeAction:
    """EX-13: ``name``'s Join Battle free action (None: passes)."""

    name: str
    action: str | None = None


@dataclass(frozen=True, slots=True)
class BeginTurn:
    """EX-15/EX-19: ``name``'s tick comes up and its turn begins."""

    name: str


@dataclass(frozen=True, slots=True)
class Delay:
    """EX-17: pay 1i and hold the turn."""

    name: str


@dataclass(frozen=True, slots=True)
class DeclareHeld:
    """EX-17: a holder takes its held turn now."""

    name: str


@dataclass(frozen=True, slots=True)
class Act:
    """EX-16: the active character's combat action; ``flurry`` for the second (EX-18)."""

    name: str
    label: str = "acts"
    flurry: bool = False


@dataclass(frozen=True, slots=True)
class Withering:
    """EX-4/EX-5, EX-A10: ``target`` loses ``loss`` (entered by the GM), ``attacker``
    gains ``gain`` (default: the same)."""

    attacker: str
    target: str
    loss: int
    gain: int | None = None


@dataclass(frozen=True, slots=True)
class Decisive:
    """EX-5/EX-7: a decisive attack; the attacker resets to base, 2 + half Stamina rounded
    up (EX-6); a miss resets too unless ``decisive_reset_on_miss`` is off (EX-A10)."""

    attacker: str
    target: str
    hit: bool = True


@dataclass(frozen=True, slots=True)
class Spend:
    """An Initiative cost "Ni" (EX-3, EX-5); it may cause Crash (EX-A7)."""

    name: str
    amount: int
    cause: str = "spent by the GM"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """EX-23..EX-26: the end-of-turn steps of the active character."""


@dataclass(frozen=True, slots=True)
class Next:
    """End the current turn, else begin the next one, else begin the next round."""


@dataclass(frozen=True, slots=True)
class EndRound:
    """EX-14: a new round; ``force`` lapses turns not taken (EX-A6)."""

    force: bool = False


@dataclass(frozen=True, slots=True)
class EndCombat:
    """The game master ends the combat."""


TickCommand = (
    AddCharacter | JoinBattle | StartCombat | FreeAction | BeginTurn | Delay | DeclareHeld
    | Act | Withering | Decisive | Spend | EndTurn | Next | EndRound | EndCombat
)
_TYPES: dict[str, type[Any]] = {
    t.__name__: t for t in (
        AddCharacter, JoinBattle, StartCombat, FreeAction, BeginTurn, Delay, DeclareHeld,
        Act, Withering, Decisive, Spend, EndTurn, Next, EndRound, EndCombat,
    )
}


def apply_tick_command(tracker: TickTracker, cmd: TickCommand) -> None:
    """Run ``cmd``; TickError (state unchanged) when the rules refuse it."""
    match cmd:
        case AddCharacter(sheet):
            tracker.add_character(sheet)
        case JoinBattle(name, successes):
            tracker.join_battle(name, successes)
        case StartCombat():
            tracker.start_combat()
        case FreeAction(name, action):
            tracker.free_action(name, action)
        case BeginTurn(name):
            tracker.begin_turn(name)
        case Delay(name):
            tracker.delay(name)
        case DeclareHeld(name):
            tracker.declare_held(name)
        case Act(name, label, flurry):
            tracker.act(label, name=name, flurry=flurry)
        case Withering(attacker, target, loss, gain):
            tracker.withering(attacker, target, loss if gain is None else gain, loss)
        case Decisive(attacker, target, hit):
            tracker.decisive(attacker, target, hit=hit)
        case Spend(name, amount, cause):
            tracker.spend(name, amount, cause)
        case EndTurn():
            tracker.end_turn()
        case Next():
            tracker.advance()
        case EndRound(force):
            tracker.end_round(force=force)
        case EndCombat():
            tracker.end_combat()
        case _:
            raise TickError(f"not a tick command: {cmd!r}")


def tick_command_to_dict(cmd: TickCommand) -> dict[str, Any]:
    """Plain data: ``{"type": ClassName, ...fields}``."""
    return {"type": type(cmd).__name__, **asdict(cmd)}


def tick_command_from_dict(data: dict[str, Any]) -> TickCommand:
    """Inverse of :func:`tick_command_to_dict`; TickError names what is wrong."""
    fields = dict(data)
    kind = fields.pop("type", None)
    cls = _TYPES.get(str(kind))
    if cls is None:
        raise TickError(f"unknown tick command type {kind!r}")
    try:
        if cls is AddCharacter:
            return AddCharacter(CharacterSheet(**fields["sheet"]))
        made: TickCommand = cls(**fields)
    except (TypeError, KeyError) as exc:
        raise TickError(f"bad {kind} command {data!r}: {exc}") from None
    return made
