"""The fixed facts of one game: seats, teams, who controls which unit, decklists.

A `Match` is built once (IB 2.9 steps 1-2) and shared, never copied, by every state of
that game; states hold only what changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from initiative.engine.errors import ContentError
from initiative.games.ib.actions import MAX_SUPPORTS, MAX_UNITS
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import (
    AbilitySpec,
    CharacterSpec,
    Content,
    KeystoneSpec,
    core_content,
)
from initiative.timing.track_rules import TrackRules

CARD_PLAIN, CARD_TECHNIQUE, CARD_EVENT, CARD_SIGIL, CARD_SUPPORT = range(5)
_CARD_CODES = {"plain": CARD_PLAIN, "technique": CARD_TECHNIQUE, "event": CARD_EVENT,
               "sigil": CARD_SIGIL, "support": CARD_SUPPORT}

Hook = tuple[int, int, AbilitySpec]
"""(owner unit, ability index on that unit, ability)."""


@dataclass(frozen=True, slots=True)
class SeatSetup:
    """One player: a name, a team number, up to 4 Characters, a deck (card keys) and,
    optionally, one Keystone per Character in the same order (IB 2.2.1)."""

    name: str
    team: int
    characters: tuple[str, ...]
    deck: tuple[str, ...]
    keystones: tuple[str, ...] = ()


@dataclass(frozen=True)
class Match:
    """Units are numbered Characters first (`units`, the track units), then one slot per
    Support Character a seat can bring into play (IB 2.5: played from its deck or
    summoned). Support slots are never on the track; `unit_seat`, `unit_team`,
    `labels`, `max_hp` and `unit_abilities` cover every unit, Supports included."""

    content: Content
    config: RulesConfig
    seats: tuple[SeatSetup, ...]
    track_rules: TrackRules = field(init=False)
    units: tuple[CharacterSpec, ...] = field(init=False)
    unit_keystones: tuple[KeystoneSpec | None, ...] = field(init=False)
    unit_seat: tuple[int, ...] = field(init=False)
    unit_team: tuple[int, ...] = field(init=False)
    labels: tuple[str, ...] = field(init=False)
    decklists: tuple[tuple[int, ...], ...] = field(init=False)
    seat_team: tuple[int, ...] = field(init=False)
    seat_units: tuple[tuple[int, ...], ...] = field(init=False)
    card_codes: tuple[int, ...] = field(init=False)  # CARD_* per card id (hot-path lookups)
    card_costs: tuple[int, ...] = field(init=False)
    sigil_hosts: dict[tuple[int, str], tuple[int, ...]] = field(init=False)
    """(team, Sigil type) -> units of that team printing the type (IB 4.5.5)."""
    num_characters: int = field(init=False)
    support_cards: tuple[int, ...] = field(init=False)
    """Card id of each Support slot (unit `num_characters + i`)."""
    support_slot: dict[tuple[int, int], int] = field(init=False)
    """(seat, support card id) -> its unit."""
    support_mask: int = field(init=False)
    """Bit set of the Support units."""
    max_hp: tuple[int, ...] = field(init=False)
    unit_abilities: tuple[tuple[AbilitySpec, ...], ...] = field(init=False)
    """Keystone passive first (index 0), then the Character's or Support's abilities."""
    triggers: dict[str, tuple[Hook, ...]] = field(init=False)
    own_triggers: dict[str, dict[int, tuple[Hook, ...]]] = field(init=False)
    """trigger -> owner -> its `whose: self` hooks (looked up by the event's unit)."""
    wide_triggers: dict[str, tuple[Hook, ...]] = field(init=False)
    """trigger -> hooks with another `whose` (checked against every event)."""
    trigger_masks: dict[str, tuple[int, int]] = field(init=False)
    """trigger -> (bit set of the owners of its `whose: self` hooks, bit set of the owners
    of its other hooks): the hot path's early exits."""
    static_mask: int = field(init=False)
    """Bit set of the owners of static modifiers (they count only while in play)."""
    damage_mask: int = field(init=False)
    """Bit set of the owners of damage triggers."""
    statics: tuple[Hook, ...] = field(init=False)
    limits: frozenset[str] = field(init=False)
    """The usage limits some ability uses (none: no bookkeeping)."""

    def __post_init__(self) -> None:
        if len(self.seats) < 2:
            raise ContentError("a game needs at least two seats")
        units: list[CharacterSpec] = []
        keystones: list[KeystoneSpec | None] = []
        unit_seat: list[int] = []
        seat_units: list[tuple[int, ...]] = []
        for s, seat in enumerate(self.seats):
            where = f"seat {s} ({seat.name})"
            if not 1 <= len(seat.characters) <= 4:
                raise ContentError(f"{where}: controls 1 to 4 Characters (IB 8.2), not "
                                   f"{len(seat.characters)}")
            if seat.keystones and len(seat.keystones) != len(seat.characters):
                raise ContentError(f"{where}: one Keystone per Character (IB 2.2.1): "
                                   f"{len(seat.characters)} Characters, "
                                   f"{len(seat.keystones)} Keystones")
            mine = []
            for i, key in enumerate(seat.characters):
                mine.append(len(units))
                units.append(self.content.character(key, where))
                keystones.append(self._keystone(seat.keystones[i], where)
                                 if seat.keystones else None)
                unit_seat.append(s)
            seat_units.append(tuple(mine))
            for key in seat.deck:
                if key not in self.content.card_index:
                    raise ContentError(f"{where}: deck holds unknown card {key!r}")
        if len(units) > MAX_UNITS:
            raise ContentError(f"{len(units)} units on the track; at most {MAX_UNITS} (IB 8.2)")
        supports = self._support_slots()
        self._check_unique_characters()
        self._check_unique_keystones()
        teams = {seat.team for seat in self.seats}
        if len(teams) < 2:
            raise ContentError("every seat is on one team; a game needs two sides")
        set_ = object.__setattr__
        cards = self.content.cards
        n = len(units)
        set_(self, "track_rules", self.config.track_rules())
        set_(self, "units", tuple(units))
        set_(self, "num_characters", n)
        set_(self, "unit_keystones", tuple(keystones) + (None,) * len(supports))
        unit_seat += [seat for seat, _ in supports]
        set_(self, "unit_seat", tuple(unit_seat))
        set_(self, "seat_team", tuple(seat.team for seat in self.seats))
        set_(self, "unit_team", tuple(self.seats[s].team for s in unit_seat))
        set_(self, "seat_units", tuple(seat_units))
        set_(self, "support_cards", tuple(card for _, card in supports))
        set_(self, "support_slot", {key: n + i for i, key in enumerate(supports)})
        set_(self, "support_mask", ((1 << len(supports)) - 1) << n)
        set_(self, "labels", _labels([u.key for u in units]
                                     + [cards[c].key for _, c in supports]))
        set_(self, "max_hp", tuple(u.hp for u in units) + tuple(cards[c].hp for _, c in supports))
        abilities = [((k.passive,) if k and k.passive else ()) + u.abilities
                     for u, k in zip(units, keystones, strict=True)]
        abilities += [cards[c].abilities for _, c in supports]
        self._index_abilities(tuple(abilities))
        set_(self, "card_codes", tuple(_CARD_CODES[c.kind] for c in cards))
        set_(self, "card_costs", tuple(c.cost for c in cards))
        hosts: dict[tuple[int, str], tuple[int, ...]] = {}
        for u, spec in enumerate(units):
            for affinity in spec.affinities:
                host = (self.seats[unit_seat[u]].team, affinity)
                hosts[host] = (*hosts.get(host, ()), u)
        set_(self, "sigil_hosts", hosts)
        set_(self, "decklists", tuple(
            tuple(sorted(self.content.card_index[k] for k in seat.deck)) for seat in self.seats
        ))

    def _support_slots(self) -> list[tuple[int, int]]:
        """(seat, card): one slot per Support card of the content for every seat, so
        the slots say nothing about what a deck holds (hidden information). A deck
        holds at most 1 copy of a Support (IB 2.5.4)."""
        content = self.content
        supports = [i for i, card in enumerate(content.cards) if card.kind == "support"]
        for s, seat in enumerate(self.seats):
            for key in {k for k in seat.deck if k in content.card_index}:
                card = content.cards[content.card_index[key]]
                if card.kind == "support" and seat.deck.count(key) > 1:
                    raise ContentError(f"seat {s} ({seat.name}): deck holds {card.name} "
                                       "twice; at most 1 copy of a Support (IB 2.5.4)")
        slots = [(s, card) for s in range(len(self.seats)) for card in supports]
        if len(slots) > MAX_SUPPORTS:
            raise ContentError(f"{len(supports)} Support cards for {len(self.seats)} seats "
                               f"need {len(slots)} slots; at most {MAX_SUPPORTS}")
        return slots

    def _index_abilities(self, abilities: tuple[tuple[AbilitySpec, ...], ...]) -> None:
        triggers: dict[str, list[Hook]] = {}
        statics: list[Hook] = []
        for u, mine in enumerate(abilities):
            for j, ability in enumerate(mine):
                if ability.trigger:
                    triggers.setdefault(ability.trigger, []).append((u, j, ability))
                else:
                    statics.append((u, j, ability))
        set_ = object.__setattr__
        set_(self, "unit_abilities", abilities)
        set_(self, "triggers", {k: tuple(v) for k, v in triggers.items()})
        own, wide = _split_by_whose(triggers)
        set_(self, "own_triggers", own)
        set_(self, "wide_triggers", wide)
        set_(self, "trigger_masks", {
            k: (_mask(h[0] for by in own.get(k, {}).values() for h in by),
                _mask(h[0] for h in wide[k])) for k in triggers})
        set_(self, "statics", tuple(statics))
        set_(self, "static_mask", _mask(h[0] for h in statics))
        set_(self, "limits", frozenset(a.limit for mine in abilities for a in mine))
        set_(self, "damage_mask", _mask(u for k in ("damage_dealt", "damage_taken")
                                        for u, _, _ in triggers.get(k, ())))

    def is_support(self, unit: int) -> bool:
        return unit >= self.num_characters

    def _check_unique_characters(self) -> None:
        """IB 2.1.4 / AMB-94: no team fields the same Character twice."""
        by_team: dict[int, set[tuple[str, ...]]] = {}
        for s, seat in enumerate(self.seats):
            seen = by_team.setdefault(seat.team, set())
            for key in seat.characters:
                spec = self.content.characters[key]
                ident = (
                    (spec.name, spec.title)
                    if self.config.character_unique_by == "name_and_title"
                    else (spec.name,)
                )
                if ident in seen:
                    raise ContentError(
                        f"seat {s} ({seat.name}): team {seat.team} fields "
                        f"{' '.join(ident)} twice (IB 2.1.4)"
                    )
                seen.add(ident)

    def _keystone(self, key: str, where: str) -> KeystoneSpec:
        if key not in self.content.keystones:
            raise ContentError(f"{where}: unknown keystone {key!r} (known: "
                               f"{', '.join(sorted(self.content.keystones))})")
        return self.content.keystones[key]

    def _check_unique_keystones(self) -> None:
        """IB 2.2.2: no two Characters of one team carry the same Keystone."""
        by_team: dict[int, set[str]] = {}
        for s, seat in enumerate(self.seats):
            seen = by_team.setdefault(seat.team, set())
            for key in seat.keystones:
                if key in seen:
                    raise ContentError(f"seat {s} ({seat.name}): team {seat.team} assigns "
                                       f"Keystone {key!r} twice (IB 2.2.2)")
                seen.add(key)

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    def unit_name(self, unit: int) -> str:
        if unit >= self.num_characters:
            return self.content.cards[self.support_cards[unit - self.num_characters]].name
        return self.units[unit].name

    def card_name(self, card: int) -> str:
        return self.content.cards[card].name

    def to_dict(self) -> dict[str, Any]:
        """Plain data for records and positions."""
        return {
            "seats": [
                {"name": s.name, "team": s.team, "characters": list(s.characters),
                 "deck": list(s.deck), **({"keystones": list(s.keystones)} if s.keystones
                                         else {})}
                for s in self.seats
            ],
            "rules": self.config.to_dict(only_changed=True),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], content: Content | None = None,
                  where: str = "setup") -> Match:
        content = content or core_content()
        try:
            seats_raw = data["seats"]
            seats = tuple(
                SeatSetup(str(s["name"]), int(s["team"]), tuple(s["characters"]),
                          tuple(s["deck"]) if isinstance(s["deck"], list)
                          else content.deck(str(s["deck"]), f"{where}.seats[{i}].deck"),
                          tuple(s.get("keystones") or ()))
                for i, s in enumerate(seats_raw)
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ContentError(f"{where}: seats need name, team, characters and deck ({exc})")\
                from None
        config = RulesConfig.from_dict(dict(data.get("rules") or {}), f"{where}.rules")
        return cls(content, config, seats)


def _labels(keys: list[str]) -> tuple[str, ...]:
    """Short unique unit labels for move text: the key, numbered on repeats."""
    labels: list[str] = []
    for key in keys:
        label, n = key, 2
        while label in labels:
            label, n = f"{key}{n}", n + 1
        labels.append(label)
    return tuple(labels)


UNITLESS_TRIGGERS = ("round_end", "time_collapse")


def _mask(units: Iterable[int]) -> int:
    out = 0
    for unit in units:
        out |= 1 << unit
    return out


def _split_by_whose(triggers: dict[str, list[Hook]]
                    ) -> tuple[dict[str, dict[int, tuple[Hook, ...]]], dict[str, tuple[Hook, ...]]]:
    """`whose: self` hooks by owner (only the event's own unit can fire them), and the
    rest (round_end and time_collapse concern no unit, so theirs are all "wide")."""
    own: dict[str, dict[int, tuple[Hook, ...]]] = {}
    wide: dict[str, tuple[Hook, ...]] = {}
    for key, hooks in triggers.items():
        wide[key] = ()
        for hook in hooks:
            if hook[2].whose == "self" and key not in UNITLESS_TRIGGERS:
                by_owner = own.setdefault(key, {})
                by_owner[hook[0]] = (*by_owner.get(hook[0], ()), hook)
            else:
                wide[key] = (*wide[key], hook)
    return own, wide


def standard_match(team_a: str = "vanguard", team_b: str = "harrow",
                   config: RulesConfig | None = None, content: Content | None = None,
                   names: tuple[str, str] = ("North", "South")) -> Match:
    """Standard 1v1 (IB 1.0.1): two seats, four Characters and a deck each."""
    content = content or core_content()
    seats = []
    for i, key in enumerate((team_a, team_b)):
        if key not in content.teams:
            raise ContentError(f"unknown team {key!r} (known: {', '.join(sorted(content.teams))})")
        _, characters, deck = content.teams[key]
        seats.append(SeatSetup(names[i], i, characters, content.deck(deck),
                               content.team_keystones.get(key, ())))
    return Match(content, config or RulesConfig(), tuple(seats))
