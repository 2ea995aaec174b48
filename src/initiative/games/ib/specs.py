"""The compiled content a game reads: immutable specs of clauses, abilities, Characters,
cards, Keystones and Challenge Cards, shared by every state of a game.

Plain dataclasses and no loading: the rules import only this module for content, so
importing the rules (`initiative.games.ib.state`) loads no pydantic or YAML. The YAML
schema that compiles into these specs is in clauses.py, challenge_cards.py and
content.py.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import Any, Final

from initiative.engine.errors import ContentError
from initiative.games.ib import statuses

CHOSEN_TARGETS: Final = ("enemy", "ally")
"""Clause targets that ask the controller to pick one unit."""
PLAYABLE_KINDS: Final[tuple[str, ...]] = ("technique", "event", "support")
"""Card kinds played from hand as the action (IB 4.4, 4.7, 4.8)."""
# `Match.card_codes`: a card's kind as a small int (the hot path reads it).
CARD_PLAIN: Final = 0
CARD_TECHNIQUE: Final = 1
CARD_EVENT: Final = 2
CARD_SIGIL: Final = 3
CARD_SUPPORT: Final = 4


@dataclass(frozen=True)
class Condition:
    """`only_if` (statuses by name; checked per target, off the hot path)."""

    has_status: str | None = None
    lacks_status: str | None = None
    hp_at_most: int | None = None
    support: bool | None = None


@dataclass(frozen=True)
class Clause:
    target: str
    damage: int
    heal: int
    apply: tuple[int, ...]
    cleanse: int  # -1 none, -2 one of the controller's choice, -3 all, else a status id
    move_up: int
    move_back: int
    charge: int
    draw: int
    discard: int = 0
    remove_sigils: int = 0
    summon: str = ""  # support card key
    call: str = ""  # registered function (scripts.py)
    only_if: Condition | None = None
    rare: bool = False  # any of discard, remove_sigils, summon, spawn, call (hot-path shortcut)
    spawn: str = ""  # Challenge Card key (IB 6.0.1)
    rest: bool = True
    """Anything for `effects.rest_of_clause` to do (a named or every Cleanse, statuses,
    moves, Charge, a draw or a rare effect); False lets the hot path skip the call."""

    @property
    def chooses(self) -> bool:
        return self.target in CHOSEN_TARGETS


CLEANSE_NONE: Final = -1
CLEANSE_ONE: Final = -2
CLEANSE_ALL: Final = -3


@dataclass(frozen=True)
class AbilitySpec:
    """A compiled passive ability: `trigger` "" for a static modifier."""

    trigger: str
    whose: str = "self"
    limit: str = "none"
    effects: tuple[Clause, ...] = ()
    scope: str = "self"
    damage_dealt: int = 0
    damage_taken: int = 0
    floor: int = 0
    """A reduction never takes a hit below this (0: down to 0)."""



@dataclass(frozen=True)
class Move:
    name: str
    kind: str  # one of MOVE_KINDS
    effects: tuple[Clause, ...]


@dataclass(frozen=True)
class When:
    self_hp_at_most: int | None = None
    self_has_status: int | None = None  # status ids
    self_lacks_status: int | None = None
    enemy_hp_at_most: int | None = None
    alone: bool | None = None
    round_at_least: int | None = None


@dataclass(frozen=True)
class Phase:
    """One phase's behaviour; `table[f - 1]` is the move index for face f; `trigger`
    and `break_art` are move indices (-1: none)."""

    name: str
    at_hp: int
    speed: int
    table: tuple[int, ...]
    trigger: int = -1
    when: When | None = None
    break_art: int = -1
    on_enter: tuple[Clause, ...] = ()


@dataclass(frozen=True)
class ChallengeSpec:
    key: str
    name: str
    tier: str
    text: str
    initiative: int
    speed: int
    hp: int
    targeting: str
    targets_supports: bool
    abilities: tuple[AbilitySpec, ...]
    """Passives, then the on-death effect as a `defeat` ability of its own."""
    moves: tuple[Move, ...]
    phases: tuple[Phase, ...]
    """Phase 0 is the card's own behaviour; later ones by falling `at_hp`."""

    @property
    def spawns(self) -> tuple[str, ...]:
        """Keys of the CCs this card can spawn."""
        found = [c.spawn for m in self.moves for c in m.effects if c.spawn]
        found += [c.spawn for p in self.phases for c in p.on_enter if c.spawn]
        found += [c.spawn for a in self.abilities for c in a.effects if c.spawn]
        return tuple(dict.fromkeys(found))


@dataclass(frozen=True)
class EncounterSpec:
    key: str
    name: str
    difficulty: int
    text: str
    challengers: tuple[str, ...]
    rivals: tuple[str, ...]


@dataclass(frozen=True)
class CharacterSpec:
    key: str
    name: str
    title: str
    points: int
    initiative: int
    speed: int
    hp: int
    affinities: tuple[str, ...]  # two for a Character; none for a Challenge Card
    basic: tuple[Clause, ...]
    advanced: tuple[Clause, ...]
    break_art: tuple[Clause, ...]
    abilities: tuple[AbilitySpec, ...] = ()


@dataclass(frozen=True)
class CardSpec:
    key: str
    name: str
    kind: str = "plain"
    signature: str | None = None
    text: str = ""
    cost: int = 0
    effects: tuple[Clause, ...] = ()
    sigil_type: str = ""
    tiers: tuple[tuple[Clause, ...], ...] = ()
    hp: int = 0
    abilities: tuple[AbilitySpec, ...] = ()

    @property
    def playable(self) -> bool:
        return self.kind in PLAYABLE_KINDS


@dataclass(frozen=True)
class KeystoneSpec:
    key: str
    name: str
    text: str = ""
    ability: tuple[Clause, ...] = ()
    passive: AbilitySpec | None = None


@dataclass(frozen=True)
class Content:
    """Everything a game reads, compiled once and shared."""

    characters: dict[str, CharacterSpec]
    cards: tuple[CardSpec, ...]
    card_index: dict[str, int]
    decks: dict[str, tuple[str, ...]]
    teams: dict[str, tuple[str, tuple[str, ...], str]]  # key -> (name, characters, deck)
    keystones: dict[str, KeystoneSpec] = field(default_factory=dict)
    team_keystones: dict[str, tuple[str, ...]] = field(default_factory=dict)
    challenges: dict[str, ChallengeSpec] = field(default_factory=dict)
    encounters: dict[str, EncounterSpec] = field(default_factory=dict)
    where: str = field(default="", compare=False)
    """The file it was read from, for messages ("": built in code); not hashed."""
    _fingerprint: list[str] = field(default_factory=list, init=False, repr=False,
                                    compare=False)  # cache cell for fingerprint()

    def fingerprint(self) -> str:
        """sha256 (hex) of the canonical JSON of this content, computed once."""
        if not self._fingerprint:
            text = json.dumps(_canonical(self), sort_keys=True, separators=(",", ":"))
            self._fingerprint.append(hashlib.sha256(text.encode("utf-8")).hexdigest())
        return self._fingerprint[0]

    def character(self, key: str, where: str = "team") -> CharacterSpec:
        try:
            return self.characters[key]
        except KeyError:
            raise ContentError(
                f"{where}: unknown character {key!r} (known: {', '.join(sorted(self.characters))})"
            ) from None

    def deck(self, key: str, where: str = "team") -> tuple[str, ...]:
        try:
            return self.decks[key]
        except KeyError:
            raise ContentError(
                f"{where}: unknown deck {key!r} (known: {', '.join(sorted(self.decks))})"
            ) from None


_CLEANSE_WORDS = {CLEANSE_NONE: "none", CLEANSE_ONE: "one", CLEANSE_ALL: "all"}


def _clause_data(clause: Clause) -> dict[str, Any]:
    """A clause with statuses by name, so the hash ignores their internal numbering."""
    cleanse = _CLEANSE_WORDS.get(clause.cleanse) or statuses.NAMES[clause.cleanse]
    data = {**asdict(clause), "apply": [statuses.NAMES[s] for s in clause.apply],
            "cleanse": cleanse}
    del data["rare"], data["rest"]  # derived from the other fields
    return data


def _plain(value: Any) -> Any:
    """JSON-ready data: specs field by field, clauses with statuses by name."""
    if isinstance(value, Clause):
        return _clause_data(value)
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _canonical(content: Content) -> dict[str, Any]:
    """Plain data for everything a game reads; card order kept (it numbers the cards)."""
    return {f.name: _plain(getattr(content, f.name)) for f in fields(content)
            if f.name not in ("card_index", "where", "_fingerprint")}


