"""The fixed facts of one game: seats, teams, who controls which unit, decklists.

A `Match` is built once (IB 2.9 steps 1-2) and shared, never copied, by every state of
that game; states hold only what changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any, Final

from initiative.engine.errors import ContentError
from initiative.games.ib import naming, statuses
from initiative.games.ib.actions import MAX_SUPPORTS, MAX_UNITS, Action
from initiative.games.ib.clauses import TRIGGERS
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_content
from initiative.games.ib.frames import DISCARD_MASK, DISCARD_UNIT, ActionFrame
from initiative.games.ib.specs import (  # the card codes re-exported
    CARD_EVENT,
    CARD_PLAIN,
    CARD_SIGIL,
    CARD_SUPPORT,
    CARD_TECHNIQUE,
    AbilitySpec,
    ChallengeSpec,
    CharacterSpec,
    Content,
    KeystoneSpec,
)
from initiative.timing.track_rules import TrackRules

_CARD_CODES = {"plain": CARD_PLAIN, "technique": CARD_TECHNIQUE, "event": CARD_EVENT,
               "sigil": CARD_SIGIL, "support": CARD_SUPPORT}

Hook = tuple[int, int, AbilitySpec]
"""(owner unit, ability index on that unit, ability)."""


@dataclass(frozen=True)
class SeatSetup:
    """One player: a name, a team number, up to 4 Characters, a deck (card keys) and,
    optionally, one Keystone per Character in the same order (IB 2.2.1)."""

    name: str
    team: int
    characters: tuple[str, ...]
    deck: tuple[str, ...]
    keystones: tuple[str, ...] = ()
    flux: int = 0
    """Flux Surge tokens brought from a campaign (IB 7.4), spent in battle."""


@dataclass(frozen=True)
class UnitStart:
    """How a track unit starts a battle other than fresh (a campaign's persistent state,
    IB 7.1; Elite modifiers, IB 7.7; instant battle modifiers, IB 7.9): its maximum HP
    changed by `max_hp`, its HP (None: the maximum), Charge, statuses, installed Sigils
    (card keys from its seat's deck list) and a bonus to all damage it deals (IB 7.3.4).
    """

    max_hp: int = 0
    hp: int | None = None
    charge: int = 0
    statuses: tuple[str, ...] = ()
    sigils: tuple[str, ...] = ()
    damage_bonus: int = 0


@dataclass(frozen=True)
class ChallengerSetup:
    """A Challenge Card in the game (IB 6.3.3): a CC of the content by key, or a Rival
    (IB 6.8.1): a Character key with the Keystone it was given (IB 6.8.2)."""

    key: str
    rival: bool = False
    keystone: str = ""


@dataclass
class _Roster:
    """The track units as `Match` builds them: their specs and Keystones, each unit's
    seat (-1: a CC or Rival) and each seat's units."""

    units: list[CharacterSpec] = field(default_factory=list)
    keystones: list[KeystoneSpec | None] = field(default_factory=list)
    unit_seat: list[int] = field(default_factory=list)
    seat_units: list[tuple[int, ...]] = field(default_factory=list)


SPAWN_RESERVE: Final = 2
"""Unit slots kept for each kind of CC that another can spawn: at most this many of it
are on the track at once (slots of defeated spawns are reused)."""


@dataclass(frozen=True)
class Match:
    """Units are numbered Characters first (`units`, the track units), then one slot per
    Support Character a seat can bring into play (IB 2.5: played from its deck or
    summoned). Support slots are never on the track; `unit_seat`, `unit_team`,
    `labels`, `max_hp` and `unit_abilities` cover every unit, Supports included."""

    content: Content
    config: RulesConfig
    seats: tuple[SeatSetup, ...]
    challengers: tuple[ChallengerSetup, ...] = ()
    """Challenge Cards and Rivals, played by the game (IB 6); one side of their own."""
    neutral: bool = False
    """IB 8.4: the CCs are a neutral third party in a player-vs-player game; they never
    win (AMB-119)."""
    starts: tuple[tuple[str, UnitStart], ...] = ()
    """(unit label, how it starts) for the units that do not start fresh."""
    track_rules: TrackRules = field(init=False)
    units: tuple[CharacterSpec, ...] = field(init=False)
    unit_keystones: tuple[KeystoneSpec | None, ...] = field(init=False)
    unit_seat: tuple[int, ...] = field(init=False)
    unit_team: tuple[int, ...] = field(init=False)
    labels: tuple[str, ...] = field(init=False)
    who_names: tuple[str, ...] = field(init=False)
    """Per unit: the distinct name it goes by wherever it is named (naming.py)."""
    decklists: tuple[tuple[int, ...], ...] = field(init=False)
    seat_team: tuple[int, ...] = field(init=False)
    seat_units: tuple[tuple[int, ...], ...] = field(init=False)
    card_codes: tuple[int, ...] = field(init=False)  # CARD_* per card id (hot-path lookups)
    card_costs: tuple[int, ...] = field(init=False)
    card_play_costs: tuple[int, ...] = field(init=False)
    """Per card id, for the action menu (activation.py): a Technique's or Event's discard
    cost; `NEVER_PLAYED` for a plain card; -1 for a Sigil or Support (more to check)."""
    sigil_hosts: dict[tuple[int, str], tuple[int, ...]] = field(init=False)
    """(team, Sigil type) -> units of that team printing the type (IB 4.5.5)."""
    card_hosts: tuple[dict[int, tuple[int, ...]], ...] = field(init=False)
    """Per card id: team -> `sigil_hosts` of the card's Sigil type (empty for a card that
    is no Sigil): the action menu's look-up, by ints."""
    install_hosts: tuple[tuple[int, ...], ...] = field(init=False)
    """Per card id, per unit: the bit set of units that unit may install the card on when
    they are in play (its team's `card_hosts`; none if it does not print the Sigil's
    type under `sigil_installer_needs_type`, IB 2.3.4): `sigils.can_install`, by ints."""
    num_characters: int = field(init=False)
    support_cards: tuple[int, ...] = field(init=False)
    """Card id of each Support slot (unit `num_characters + i`)."""
    support_slot: dict[tuple[int, int], int] = field(init=False)
    """(seat, support card id) -> its unit."""
    support_mask: int = field(init=False)
    """Bit set of the Support units."""
    character_mask: int = field(init=False)
    """Bit set of the Character units (every unit below `num_characters`)."""
    team_masks: dict[int, int] = field(init=False)
    """team -> bit set of its units, Characters and Supports (`unit_team`)."""
    max_hp: tuple[int, ...] = field(init=False)
    unit_abilities: tuple[tuple[AbilitySpec, ...], ...] = field(init=False)
    """Keystone passive first (index 0), then the Character's or Support's abilities."""
    triggers: dict[str, tuple[Hook, ...]] = field(init=False)
    trigger_hooks: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = field(init=False)
    """trigger -> per unit the event happens to, (owner, ability index) of each hook it
    may fire, whatever is in play: the unit's own `whose: self` hooks, then the others
    whose `whose` names it (ally, enemy, any); one entry more, last, for an event of no
    unit (so `[trigger][NO_UNIT]`, -1, reads it): every hook but `whose: self`. Whose
    is a matter of teams, which never change: judged once here, not at each event."""
    trigger_masks: dict[str, tuple[int, int]] = field(init=False)
    """trigger -> (bit set of the owners of its `whose: self` hooks, bit set of the owners
    of its other hooks): the hot path's early exits. Every trigger of `TRIGGERS` is a
    key, (0, 0) if no ability has it (`triggers` has only those some ability has), so
    the hot path subscripts it, without a method call or a test for a missing key."""
    static_mask: int = field(init=False)
    """Bit set of the owners of static modifiers (they count only while in play)."""
    damage_mask: int = field(init=False)
    """Bit set of the owners of damage triggers."""
    statics: tuple[Hook, ...] = field(init=False)
    limits: frozenset[str] = field(init=False)
    """The usage limits some ability uses (none: no bookkeeping)."""
    cc_team: int = field(init=False)
    """The CCs' side (one past the players' teams), -1 without CCs."""
    cc_specs: tuple[ChallengeSpec | None, ...] = field(init=False)
    """Per track unit: its Challenge Card (None for Characters and Rivals)."""
    cc_mask: int = field(init=False)
    """Bit set of the CC units (Rivals and spawn slots included)."""
    rival_mask: int = field(init=False)
    phase_mask: int = field(init=False)
    """Bit set of the CC units with more than one phase."""
    spawn_slots: dict[str, tuple[int, ...]] = field(init=False)
    """CC key -> the unit slots kept for spawning it (out of play until spawned)."""
    reserve_mask: int = field(init=False)
    unit_starts: tuple[UnitStart | None, ...] = field(init=False)
    """Per unit: how it starts (from `starts`), None when fresh."""
    # Flags read at every activation, copied from `config` (`_derive_flags`): a compiled
    # build (mypyc) reads a field of the pure `RulesConfig` by name, these natively.
    every_step: bool = field(init=False)
    """`ib_windows=every_step` (step_windows.py)."""
    discard_before_draw: bool = field(init=False)
    """`free_discard_timing=before_draw_too` (free_discard.py)."""
    free_discard_bits: int = field(init=False)
    """`free_discards_per_activation` as a bound on an activation frame's count of free
    discards (`flags & DISCARD_MASK`, frames.py): one is left while the count is below
    it (always, when unlimited)."""
    max_activations: int = field(init=False)
    """`max_activations`."""
    keystone_cost: str = field(init=False)
    """`keystone_ability_cost`."""
    own_signatures: bool = field(init=False)
    """`signature_play=own_character` (signatures.py)."""
    declared: dict[tuple[int, int, int, int, bool], ActionFrame] = \
        field(init=False, compare=False, repr=False)
    """(unit, kind, card, owed, via_ib) of an action declared in a game of this match ->
    its ACTION frame as declared (`attacks.declare`): made as each is first declared,
    the same in every game of the match, then shared (frames are immutable), not built
    again."""
    target_menus: dict[int, tuple[Action, ...]] = field(init=False, compare=False, repr=False)
    """Bit set of units -> the actions choosing each of them (`attacks.legal`'s menu):
    filled as each set is first offered as targets, then read, not built again."""

    def __post_init__(self) -> None:
        """Check the setup (IB 2.1, 2.2, 2.5, 6.3, 8) and derive the per-unit tables, one
        step at a time: the players' Characters, then the CCs and Rivals after them and
        the slots kept for spawns, then the Support slots; the per-unit tables follow."""
        if not self.seats or (len(self.seats) < 2 and not self.challengers):
            raise ContentError("a game needs two seats, or a seat and Challenge Cards")
        roster = self._player_units()
        n_players = len(roster.units)
        ccs = self._challenge_units(roster.units, roster.keystones)
        if len(roster.units) > MAX_UNITS:
            raise ContentError(f"{len(roster.units)} units on the track; at most {MAX_UNITS} "
                               "(IB 7.8, 8.2, 8.4)")
        reserves = self._spawn_slots(roster.units, roster.keystones, ccs)
        supports = self._support_slots()
        self._check_unique_characters()
        self._check_unique_keystones()
        self._check_sides()
        self._derive_challengers(n_players, ccs, reserves)
        roster.unit_seat += [-1] * (len(roster.units) - n_players)  # CCs and Rivals
        self._derive_units(roster, supports)
        self._derive_starts(roster, supports)
        self._derive_cards()
        self._derive_flags()
        object.__setattr__(self, "declared", {})
        object.__setattr__(self, "target_menus", {})

    def _derive_flags(self) -> None:
        """The copies of the flags read at every activation (the fields after
        `unit_starts`)."""
        config = self.config
        limit = config.free_discards_per_activation
        set_ = object.__setattr__
        set_(self, "every_step", config.ib_windows == "every_step")
        set_(self, "discard_before_draw", config.free_discard_timing == "before_draw_too")
        set_(self, "free_discard_bits", DISCARD_MASK + DISCARD_UNIT if limit == "unlimited"
             else limit * DISCARD_UNIT)
        set_(self, "max_activations", config.max_activations)
        set_(self, "keystone_cost", config.keystone_ability_cost)
        set_(self, "own_signatures", config.signature_play == "own_character")

    def _player_units(self) -> _Roster:
        """The players' Characters, seat by seat, with their Keystones (IB 2.2.1)."""
        roster = _Roster()
        for s, seat in enumerate(self.seats):
            where = f"seat {s} ({seat.name})"
            self._check_seat(seat, where)
            first = len(roster.units)
            for i, key in enumerate(seat.characters):
                roster.units.append(self.content.character(key, where))
                roster.keystones.append(self._keystone(seat.keystones[i], where)
                                        if seat.keystones else None)
            roster.unit_seat += [s] * len(seat.characters)
            roster.seat_units.append(tuple(range(first, len(roster.units))))
            unknown = next((k for k in seat.deck if k not in self.content.card_index), None)
            if unknown is not None:
                raise ContentError(f"{where}: deck holds unknown card {unknown!r}")
        return roster

    @staticmethod
    def _check_seat(seat: SeatSetup, where: str) -> None:
        """IB 8.2: 1 to 4 Characters; IB 2.2.1: one Keystone each, or none at all."""
        if not 1 <= len(seat.characters) <= 4:
            raise ContentError(f"{where}: controls 1 to 4 Characters (IB 8.2), not "
                               f"{len(seat.characters)}")
        if seat.keystones and len(seat.keystones) != len(seat.characters):
            raise ContentError(f"{where}: one Keystone per Character (IB 2.2.1): "
                               f"{len(seat.characters)} Characters, "
                               f"{len(seat.keystones)} Keystones")

    def _derive_challengers(self, n_players: int, ccs: list[ChallengeSpec | None],
                            reserves: dict[str, tuple[int, ...]]) -> None:
        """The CCs' side and bit sets: units `n_players` on are CCs, Rivals and spawn
        slots (IB 6.3.4, 6.8.1)."""
        total = n_players + len(ccs)
        set_ = object.__setattr__
        set_(self, "cc_team", max(seat.team for seat in self.seats) + 1
             if self.challengers else -1)
        set_(self, "cc_specs", (None,) * n_players + tuple(ccs))
        set_(self, "cc_mask", _mask(range(n_players, total)))
        set_(self, "rival_mask", _mask(n_players + i for i, c in enumerate(self.challengers)
                                       if c.rival))
        set_(self, "phase_mask", _mask(n_players + i for i, c in enumerate(ccs)
                                       if c is not None and len(c.phases) > 1))
        set_(self, "spawn_slots", reserves)
        set_(self, "reserve_mask", _mask(u for slots in reserves.values() for u in slots))

    def _derive_units(self, roster: _Roster, supports: list[tuple[int, int]]) -> None:
        """Who each unit is, whose it is and what it is called: the track units, then
        one slot per Support card and seat (IB 2.5)."""
        n = len(roster.units)
        unit_seat = roster.unit_seat + [seat for seat, _ in supports]
        set_ = object.__setattr__
        set_(self, "track_rules", self.config.track_rules())
        set_(self, "units", tuple(roster.units))
        set_(self, "num_characters", n)
        set_(self, "unit_keystones", tuple(roster.keystones) + (None,) * len(supports))
        set_(self, "unit_seat", tuple(unit_seat))
        set_(self, "seat_team", tuple(seat.team for seat in self.seats))
        set_(self, "unit_team", tuple(self.seats[s].team if s >= 0 else self.cc_team
                                      for s in unit_seat))
        set_(self, "seat_units", tuple(roster.seat_units))
        set_(self, "support_cards", tuple(card for _, card in supports))
        set_(self, "support_slot", {key: n + i for i, key in enumerate(supports)})
        set_(self, "support_mask", ((1 << len(supports)) - 1) << n)
        set_(self, "character_mask", (1 << n) - 1)
        set_(self, "team_masks", {team: _mask(u for u, t in enumerate(self.unit_team) if t == team)
                                  for team in set(self.unit_team)})
        cards = self.content.cards
        set_(self, "labels", _labels([u.key for u in roster.units]
                                     + [cards[c].key for _, c in supports]))
        set_(self, "who_names", naming.unit_names(
            [self._named(u, seat) for u, seat in enumerate(unit_seat)],
            [seat.name for seat in self.seats]))

    def _named(self, unit: int, seat: int) -> naming.Named:
        """What naming.py needs of a unit: its name, title, CC key (None for others)."""
        if unit >= self.num_characters:
            return naming.Named(self.unit_name(unit), "", None, seat)
        spec = self.units[unit]
        return naming.Named(spec.name, spec.title,
                            spec.key if self.cc_specs[unit] is not None else None, seat)

    def _derive_starts(self, roster: _Roster, supports: list[tuple[int, int]]) -> None:
        """How units start (`starts`, checked), their maximum HP and their abilities: a
        Keystone passive first, a start's damage bonus last (IB 7.3.4, 7.7.1)."""
        cards = self.content.cards
        starts = self._unit_starts(roster.units, len(supports))
        set_ = object.__setattr__
        set_(self, "unit_starts", starts)
        set_(self, "max_hp", tuple(u.hp + (st.max_hp if st else 0)
                                   for u, st in zip(roster.units, starts, strict=False))
             + tuple(cards[c].hp for _, c in supports))
        abilities = [((k.passive,) if k and k.passive else ()) + u.abilities
                     + ((AbilitySpec("", damage_dealt=st.damage_bonus),)
                        if st and st.damage_bonus else ())
                     for u, k, st in zip(roster.units, roster.keystones, starts, strict=False)]
        abilities += [cards[c].abilities for _, c in supports]
        self._index_abilities(tuple(abilities))

    def _derive_cards(self) -> None:
        """Card codes and costs by card id, who may host each Sigil type and each
        seat's deck list."""
        cards = self.content.cards
        set_ = object.__setattr__
        set_(self, "card_codes", tuple(_CARD_CODES[c.kind] for c in cards))
        set_(self, "card_costs", tuple(c.cost for c in cards))
        set_(self, "card_play_costs", tuple(_play_cost(code, c.cost) for code, c
                                            in zip(self.card_codes, cards, strict=True)))
        set_(self, "sigil_hosts", self._sigil_hosts())
        set_(self, "card_hosts", tuple(
            {team: units for (team, kind), units in self.sigil_hosts.items()
             if kind == c.sigil_type} if code == CARD_SIGIL else {}
            for code, c in zip(self.card_codes, cards, strict=True)))
        needs_type = self.config.sigil_installer_needs_type
        host_masks = [{team: sum(1 << u for u in units) for team, units in hosts.items()}
                      for hosts in self.card_hosts]
        set_(self, "install_hosts", tuple(
            tuple(0 if needs_type and not (masks.get(team, 0) >> unit) & 1
                  else masks.get(team, 0) for unit, team in enumerate(self.unit_team))
            for masks in host_masks))
        set_(self, "decklists", self._decklists())

    def _sigil_hosts(self) -> dict[tuple[int, str], tuple[int, ...]]:
        """(team, Sigil type) -> the players' Characters of that team printing the type
        (IB 4.5.5)."""
        hosts: dict[tuple[int, str], tuple[int, ...]] = {}
        for units in self.seat_units:
            for u in units:
                for affinity in self.units[u].affinities:
                    host = (self.unit_team[u], affinity)
                    hosts[host] = (*hosts.get(host, ()), u)
        return hosts

    def _decklists(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's card ids, sorted: its deck and the Sigils its units start with
        installed (theirs, though not in the deck)."""
        installed: list[list[str]] = [[] for _ in self.seats]
        for u, st in enumerate(self.unit_starts):
            if st is not None and st.sigils:
                installed[self.unit_seat[u]] += st.sigils
        index = self.content.card_index
        return tuple(tuple(sorted(index[k] for k in (*seat.deck, *installed[s])))
                     for s, seat in enumerate(self.seats))

    def _challenge_units(self, units: list[CharacterSpec],
                         keystones: list[KeystoneSpec | None]) -> list[ChallengeSpec | None]:
        """Append the CCs and Rivals to `units` (IB 6.3.4: they share the track)."""
        ccs: list[ChallengeSpec | None] = []
        fielded = {key for seat in self.seats for key in seat.characters}
        for i, cc in enumerate(self.challengers):
            where = f"challenger {i} ({cc.key})"
            if cc.rival:  # IB 6.8.1: an unused Character card
                if cc.key in fielded:
                    raise ContentError(f"{where}: a Rival is a Character no player fields "
                                       "(IB 6.8.1)")
                if not cc.keystone:
                    raise ContentError(f"{where}: a Rival needs its Keystone (IB 6.8.2)")
                units.append(self.content.character(cc.key, where))
                keystones.append(self._keystone(cc.keystone, where))
                ccs.append(None)
                continue
            spec = self._challenge(cc.key, where)
            units.append(challenge_unit(spec))
            keystones.append(None)
            ccs.append(spec)
        return ccs

    def _challenge(self, key: str, where: str) -> ChallengeSpec:
        if key not in self.content.challenges:
            raise ContentError(f"{where}: unknown challenge {key!r} (known: "
                               f"{', '.join(sorted(self.content.challenges)) or 'none'})")
        return self.content.challenges[key]

    def _spawn_slots(self, units: list[CharacterSpec], keystones: list[KeystoneSpec | None],
                     ccs: list[ChallengeSpec | None]) -> dict[str, tuple[int, ...]]:
        """Keep SPAWN_RESERVE unit slots for every CC some CC in play can spawn (IB
        6.0.1), spawns of spawns included; they count towards the unit numbering."""
        slots: dict[str, tuple[int, ...]] = {}
        todo = [key for spec in ccs if spec is not None for key in spec.spawns]
        while todo:
            key = todo.pop(0)
            if key in slots:
                continue
            spec = self._challenge(key, "spawn")
            if len(units) + SPAWN_RESERVE > MAX_UNITS:
                raise ContentError(f"no room to spawn {spec.name}: {len(units)} units and "
                                   f"{SPAWN_RESERVE} kept for each spawnable CC exceed "
                                   f"{MAX_UNITS} (IB 7.8)")
            slots[key] = tuple(range(len(units), len(units) + SPAWN_RESERVE))
            for _ in range(SPAWN_RESERVE):
                units.append(challenge_unit(spec))
                keystones.append(None)
                ccs.append(spec)
            todo += spec.spawns
        return slots

    def _unit_starts(self, units: list[CharacterSpec], supports: int
                     ) -> tuple[UnitStart | None, ...]:
        """`starts` by unit, checked: track units present at setup only, HP within the
        new maximum, Charge 0-3 (IB 3.7.3), known statuses, at most two Sigils (IB
        2.3.5) of types the unit prints (IB 4.5.2) from its seat's deck list."""
        out: list[UnitStart | None] = [None] * (len(units) + supports)
        labels = list(self.labels)
        for label, start in self.starts:
            where = f"starts.{label}"
            if label not in labels[:len(units)]:
                raise ContentError(f"{where}: no track unit {label!r} (units: "
                                   f"{', '.join(labels[:len(units)])})")
            u = labels.index(label)
            if (self.reserve_mask >> u) & 1 and (start.hp is not None or start.charge
                                                 or start.statuses or start.sigils):
                raise ContentError(f"{where}: a CC kept for spawning starts off the track; "
                                   "only its maximum HP and damage bonus can be set")
            top = units[u].hp + start.max_hp
            if top < 1 or not (start.hp is None or 1 <= start.hp <= top):
                raise ContentError(f"{where}: HP {start.hp} with a maximum of {top}; a unit "
                                   "starts with 1 HP or more, never above its maximum")
            if not 0 <= start.charge <= 3:
                raise ContentError(f"{where}: Charge {start.charge}; 0 to 3 (IB 3.7.3)")
            for name in start.statuses:
                if name not in statuses.BY_NAME:
                    raise ContentError(f"{where}: unknown status {name!r}")
            self._check_start_sigils(u, units[u], start, where)
            out[u] = start
        return tuple(out)

    def _check_start_sigils(self, unit: int, spec: CharacterSpec, start: UnitStart,
                            where: str) -> None:
        if not start.sigils:
            return
        seat = self.unit_seat[unit]
        if len(start.sigils) > 2:
            raise ContentError(f"{where}: at most two Sigils installed (IB 2.3.5)")
        for key in start.sigils:
            card = self.content.cards[self.content.card_index[key]] \
                if key in self.content.card_index else None
            if card is None or card.kind != "sigil":
                raise ContentError(f"{where}: {key!r} is not a Sigil card")
            if card.sigil_type not in spec.affinities:
                raise ContentError(f"{where}: {card.name} is a {card.sigil_type} Sigil; "
                                   f"{spec.name} prints {' and '.join(spec.affinities)} (IB 4.5.2)")
            if seat < 0:
                raise ContentError(f"{where}: only a player's Character starts with Sigils")
        if self.config.sigil_one_per_type and len({self.content.cards[
                self.content.card_index[k]].sigil_type for k in start.sigils}) < len(start.sigils):
            raise ContentError(f"{where}: two Sigils of one type (IB 4.5.5, AMB-43)")

    def _check_sides(self) -> None:
        """Two sides at least. Against CCs (IB 6.3) the players are one side; with
        neutral CCs (IB 8.4) at least two player sides remain."""
        teams = {seat.team for seat in self.seats}
        if self.challengers and not self.neutral:
            if len(teams) > 1:
                raise ContentError("against Challenge Cards every player is on one team "
                                   "(IB 6.9, 8.1); use neutral CCs for a mixed match (IB 8.4)")
        elif len(teams) < 2:
            raise ContentError("every seat is on one team; a game needs two sides")
        if self.neutral and not self.challengers:
            raise ContentError("a mixed match (IB 8.4) needs Challenge Cards")

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
        set_(self, "trigger_hooks", {k: self._hooks_by_actor(own.get(k, {}), wide[k])
                                     for k in triggers})
        set_(self, "trigger_masks", {k: (0, 0) for k in TRIGGERS} | {
            k: (_mask(h[0] for by in own.get(k, {}).values() for h in by),
                _mask(h[0] for h in wide[k])) for k in triggers})
        set_(self, "statics", tuple(statics))
        set_(self, "static_mask", _mask(h[0] for h in statics))
        set_(self, "limits", frozenset(a.limit for mine in abilities for a in mine))
        set_(self, "damage_mask", _mask(u for k in ("damage_dealt", "damage_taken")
                                        for u, _, _ in triggers.get(k, ())))

    def _hooks_by_actor(self, own: dict[int, tuple[Hook, ...]], wide: tuple[Hook, ...]
                        ) -> tuple[tuple[tuple[int, int], ...], ...]:
        """One trigger's `trigger_hooks` entry from its `whose: self` hooks by owner and
        its other hooks."""
        team = self.unit_team

        def concerns(whose: str, owner: int, actor: int) -> bool:
            if actor < 0 or whose == "any":
                return True
            if whose == "self":
                return owner == actor
            return (team[owner] == team[actor]) == (whose == "ally")

        return tuple(
            tuple([(owner, j) for owner, j, _ in own.get(actor, ())]
                  + [(owner, j) for owner, j, ability in wide
                     if concerns(ability.whose, owner, actor)])
            for actor in (*range(len(team)), -1))

    def is_support(self, unit: int) -> bool:
        return unit >= self.num_characters

    def is_challenge(self, unit: int) -> bool:
        """A Challenge Card (a Rival or spawned CC included, IB 6.8.1)."""
        return bool((self.cc_mask >> unit) & 1)

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
        """IB 2.2.2: no two Characters of one team carry the same Keystone; no two
        Rivals either (AMB-77)."""
        by_team: dict[int, set[str]] = {}
        for s, seat in enumerate(self.seats):
            seen = by_team.setdefault(seat.team, set())
            for key in seat.keystones:
                if key in seen:
                    raise ContentError(f"seat {s} ({seat.name}): team {seat.team} assigns "
                                       f"Keystone {key!r} twice (IB 2.2.2)")
                seen.add(key)
        rivals = [cc.keystone for cc in self.challengers if cc.rival]
        if len(rivals) != len(set(rivals)):
            raise ContentError("two Rivals carry the same Keystone (AMB-77)")

    @property
    def num_seats(self) -> int:
        return len(self.seats)

    def unit_name(self, unit: int) -> str:
        """The printed name (a CC's or a Support's card name)."""
        if unit >= self.num_characters:
            return self.content.cards[self.support_cards[unit - self.num_characters]].name
        return self.units[unit].name

    def who(self, unit: int) -> str:
        """The unit's name with its side where that matters (naming.py): the one name
        the log, previews, buttons and replays use."""
        return self.who_names[unit]

    def card_name(self, card: int) -> str:
        return self.content.cards[card].name

    def to_dict(self) -> dict[str, Any]:
        """Plain data for records and positions."""
        out: dict[str, Any] = {
            "seats": [
                {"name": s.name, "team": s.team, "characters": list(s.characters),
                 "deck": list(s.deck), **({"keystones": list(s.keystones)} if s.keystones
                                         else {})}
                for s in self.seats
            ],
            "rules": self.config.to_dict(only_changed=True),
        }
        for seat, data in zip(self.seats, out["seats"], strict=True):
            if seat.flux:
                data["flux"] = seat.flux
        if self.starts:
            out["starts"] = {label: _start_data(st) for label, st in self.starts}
        if self.challengers:
            out["challengers"] = [{"key": c.key, **({"rival": True, "keystone": c.keystone}
                                                    if c.rival else {})}
                                  for c in self.challengers]
            if self.neutral:
                out["neutral"] = True
        return out

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
                          tuple(s.get("keystones") or ()), int(s.get("flux", 0)))
                for i, s in enumerate(seats_raw)
            )
            challengers = tuple(
                ChallengerSetup(str(c["key"]), bool(c.get("rival", False)),
                                str(c.get("keystone", "")))
                for c in data.get("challengers") or ())
            starts = tuple((str(label), _start_from(st)) for label, st in
                           dict(data.get("starts") or {}).items())
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ContentError(f"{where}: seats need name, team, characters and deck; "
                               f"challengers need a key ({exc})") from None
        config = RulesConfig.from_dict(dict(data.get("rules") or {}), f"{where}.rules")
        return cls(content, config, seats, challengers, bool(data.get("neutral", False)), starts)

_START_FIELDS = tuple(f.name for f in fields(UnitStart))
"""UnitStart's field names (from the dataclass, not `__slots__`: mypyc)."""


def _start_data(start: UnitStart) -> dict[str, Any]:
    """A UnitStart as plain data, defaults left out."""
    default = UnitStart()
    return {f: list(v) if isinstance(v, tuple) else v
            for f in _START_FIELDS if (v := getattr(start, f)) != getattr(default, f)}


def _start_from(data: dict[str, Any]) -> UnitStart:
    unknown = set(data) - set(_START_FIELDS)
    if unknown:
        raise ValueError(f"unknown start fields {sorted(unknown)}")
    hp = data.get("hp")
    return UnitStart(int(data.get("max_hp", 0)), None if hp is None else int(hp),
                     int(data.get("charge", 0)), tuple(map(str, data.get("statuses", ()))),
                     tuple(map(str, data.get("sigils", ()))), int(data.get("damage_bonus", 0)))


def challenge_unit(spec: ChallengeSpec) -> CharacterSpec:
    """A CC's track facts as a unit (IB 6.1.1); its attacks are its moves, not these."""
    return CharacterSpec(spec.key, spec.name, spec.tier, 0, spec.initiative, spec.speed,
                         spec.hp, (), (), (), (), spec.abilities)


def _labels(keys: list[str]) -> tuple[str, ...]:
    """Short unique unit labels for move text: the key, numbered on repeats."""
    labels: list[str] = []
    for key in keys:
        label, n = key, 2
        while label in labels:
            label, n = f"{key}{n}", n + 1
        labels.append(label)
    return tuple(labels)


UNITLESS_TRIGGERS: Final = ("round_end", "time_collapse")


NEVER_PLAYED: Final = 1 << 30
"""`Match.card_play_costs` of a plain card: more than any hand can pay."""


def _play_cost(code: int, cost: int) -> int:
    """A card's entry in `Match.card_play_costs`."""
    if code == CARD_PLAIN:
        return NEVER_PLAYED
    return cost if code == CARD_TECHNIQUE or code == CARD_EVENT else -1


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


def fixture_match(team_a: str = "fixture_vanguard", team_b: str = "fixture_harrow",
                  config: RulesConfig | None = None, content: Content | None = None,
                  names: tuple[str, str] = ("North", "South")) -> Match:
    """A 1v1 (IB 1.0.1) of two shipped teams with no deck-building checks: for engine
    tests and golden games, whose `fixture_` teams have no Keystones (IB 2.2.1). Every
    path a player reaches uses `modes.standard_match`, which checks the rules first."""
    content = content or core_content()
    seats = []
    for i, key in enumerate((team_a, team_b)):
        if key not in content.teams:
            raise ContentError(f"unknown team {key!r} (known: {', '.join(sorted(content.teams))})")
        _, characters, deck = content.teams[key]
        seats.append(SeatSetup(names[i], i, characters, content.deck(deck),
                               content.team_keystones.get(key, ())))
    return Match(content, config or RulesConfig(), tuple(seats))
