"""The full text of every unit and card one seat can see, front-end neutral.

The web table shows these entries in a dialog (server/details.py) and the terminal game
prints them for `unit NAME` and `card NAME` (cli/play.py). Everything is read from the
seat's `IBView` and the public `Match` and content, never the state: an entry names
only cards the seat may know (its hand, a teammate's shown hand, Sigils and Supports in
play, public discards), so no entry can leak another seat's hand (issue 7, security).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from initiative.games.ib import statuses as st
from initiative.games.ib.actions import Kind
from initiative.games.ib.match import Match
from initiative.games.ib.specs import CardSpec, ChallengeSpec, Content, Move, Phase
from initiative.games.ib.text.describe import (
    ability_text,
    active_unit,
    attack_text,
    clause_text,
    defeated_units,
    out_of_round,
    pending_text,
    side,
    when_text,
)
from initiative.games.ib.view import IBView, UnitView

STATUS_TEXT = {
    "burn": "it takes 1 damage at the start of its next activation, then Burn ends "
            "(IB-5.2.1)",
    "stun": "it misses its next activation: no action, only its Speed move; then Stun ends "
            "(IB-5.2.7)",
    "seal": "during its next activation it makes no Basic or Advanced Attack, Break Art or "
            "Technique, and no Initiative Break until that activation is over; Seal ends "
            "with it (IB-5.2.5)",
    "mute": "during its next activation it uses no Sigil or Keystone ability and installs "
            "no Sigil; Mute ends with it (IB-5.2.4)",
    "guard": "the next damage it would take is halved, rounded down; then Guard ends "
             "(IB-5.2.3)",
    "weaken": "the next damage it takes is 2 more; then Weaken ends (IB-5.2.6)",
    "insight": "the next damage it deals is 1 more; then Insight ends (IB-5.2.2)",
}
"""What each status does and when it ends, in the project's own words."""
SIGIL_COSTS = {"discard_by_tier": "discard as many cards as the tier",
               "one_charge": "1 Charge", "both": "1 Charge and as many discards as the tier"}
"""The cost of using an installed Sigil per `sigil_activation_cost` (AMB-40)."""
PLAIN_TEXT = ("A supply card with no effect of its own: discard it to pay a card's cost, "
              "a Sigil tier, or as your free discard (IB 2.7, 4.4).")
TARGETING = {"lowest_hp": "the enemy Character with the lowest HP (IB-6.5.1)",
             "highest_hp": "the enemy Character with the highest HP",
             "most_charge": "the enemy Character with the most Charge (ties: lowest HP)"}
T = TypeVar("T")
MOVE_KINDS = {"basic": "attack", "advanced": "advanced attack", "break_art": "Break Art",
              "ability": "ability"}


@dataclass(frozen=True, slots=True)
class Section:
    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Details:
    """One unit's or card's full text: `key` names it on a page (`unit-3`, `card-12`)."""

    key: str
    title: str
    summary: str
    sections: tuple[Section, ...]

    def plain(self) -> str:
        """The entry as plain lines (the terminal)."""
        lines = [f"{self.title}: {self.summary}"]
        for section in self.sections:
            lines.append(f"  {section.heading}:")
            lines.extend(f"    {line}" for line in section.lines)
        return "\n".join(lines)


def unit_key(unit: int) -> str:
    return f"unit-{unit}"


def card_key(card: int) -> str:
    return f"card-{card}"


# --- statuses and the track ----------------------------------------------------------


def status_lines(bits: int, rules: dict[str, object]) -> tuple[str, ...]:
    """One line per status the unit has: what it does and when it ends."""
    lines = []
    for status, name in enumerate(st.NAMES):
        n = st.count(bits, status)
        if n:
            times = f" x{n} (stacked, AMB-54)" if n > 1 else ""
            lines.append(f"{name.capitalize()}{times}: {STATUS_TEXT[name]}")
    if lines and rules.get("status_stacking") == "stack":
        lines.append("Statuses stack under this table's rules: every instance triggers "
                     "together (AMB-54).")
    return tuple(lines)


def _place_lines(view: IBView, unit: UnitView, acting: int) -> tuple[str, ...]:
    """Where the unit stands on the track and what that means (IB 3.1, 3.5, 3.6)."""
    if unit.is_support:
        place = "Off the track: a Support Character never activates; it can be targeted " \
            "and leaves play at 0 HP (IB-4.7.1)."
        if unit.summoned:
            return (place, "Summoned from outside the game: at 0 HP it leaves the game, and "
                    "no summon brings it again this game (IB-2.5.4).")
        return (place,)
    if not unit.on_track:
        return ("Not on the track (defeated, or not in play yet).",)
    slot = view.order.index(unit.unit)
    lines = [f"Slot {slot + 1} of {len(view.order)} on the track (left acts first, "
             "IB-3.1.1)."]
    if unit.unit == acting:
        lines.append("Acting now: the leftmost unit is the Active Character (IB-3.1.2).")
    if view.rm is None:
        lines.append("Time Collapse: there is no Round Marker and no rounds; units keep "
                     "acting in track order (IB-3.6).")
    elif out_of_round(view, slot, unit.unit):
        lines.append("Out of round: it is past the Round Marker, so it does not act again "
                     "this round and Move Up / Move Back do not affect it; it can still be "
                     "targeted (IB-3.5.3, AMB-03).")
    else:
        lines.append("In round: it is left of the Round Marker and acts when it reaches "
                     "the leftmost slot.")
    if unit.pending:
        lines.append(f"Pending moves: {pending_text(unit.pending)}; they wait for its "
                     "Speed move (IB-3.4.6).")
    return tuple(lines)


# --- units ---------------------------------------------------------------------------


def _stats(unit: UnitView) -> str:
    if unit.is_support:
        return f"HP {unit.hp}/{unit.max_hp}"
    return (f"Initiative {unit.initiative}, Speed {unit.speed}, HP {unit.hp}/{unit.max_hp}, "
            f"Charge {unit.charge}/3")


def _sigil_lines(view: IBView, match: Match, unit: UnitView) -> tuple[str, ...]:
    cost = SIGIL_COSTS.get(str(view.rules.get("sigil_activation_cost", "discard_by_tier")),
                           SIGIL_COSTS["discard_by_tier"])
    lines = []
    for card, owner in unit.sigils:
        spec = match.content.cards[card]
        lines.append(f"{spec.name} ({spec.sigil_type}, installed by "
                     f"{view.seat_names[owner]}): " + "; ".join(_tier_texts(spec)))
    if lines:
        lines.append(f"Each installed Sigil can be used once per activation, as the action; "
                     f"a use costs {cost} (IB-4.5.6, 4.5.7, AMB-40).")
    return tuple(lines)


def _tier_texts(spec: CardSpec) -> list[str]:
    return [f"Discard {n}: " + "; ".join(clause_text(c) for c in tier)
            for n, tier in enumerate(spec.tiers, 1)]


def _character_sections(match: Match, u: int) -> tuple[Section, ...]:
    spec = match.units[u]
    attacks = [attack_text(match, u, kind) for kind in (Kind.BASIC, Kind.ADVANCED)]
    attacks.append(attack_text(match, u, Kind.BREAK_ART)
                   + " — or, at 3 Charge, at any moment as an Initiative Break (IB-3.7.5)")
    sections = [Section("Attacks (IB 4.1-4.3)", tuple(attacks))]
    if spec.affinities:
        sections.append(Section("Sigil types", (
            f"{' and '.join(spec.affinities)}: it can receive one Sigil of each, two at most "
            "(IB-4.5.5)",)))
    keystone = match.unit_keystones[u]
    if keystone is not None:
        lines = [attack_text(match, u, Kind.KEYSTONE) + " — used as the action (IB-4.6.2)"]
        if keystone.passive is not None:
            lines.append("Passive " + ability_text(keystone.passive))
        if keystone.text:
            lines.append(f"Card text: {keystone.text}")
        sections.append(Section(f"Keystone: {keystone.name} (IB 2.2, 4.6)", tuple(lines)))
    if spec.abilities:
        sections.append(Section("Passive abilities",
                                tuple(ability_text(a) for a in spec.abilities)))
    if match.is_challenge(u):
        sections.append(Section("Rival (IB 6.8)", (
            "Played by the game: it rolls a d6 each activation for its Basic Attack, "
            "Keystone ability, Advanced Attack or Break Art (IB-6.8.6, AMB-72).",)))
    return tuple(sections)


def _faces(phase: Phase) -> Iterator[tuple[str, int]]:
    """(`1-3`, move index) for each run of d6 faces giving the same move."""
    start = 0
    for face in range(1, 7):
        if face == 6 or phase.table[face] != phase.table[start]:
            faces = str(start + 1) if start + 1 == face else f"{start + 1}-{face}"
            yield faces, phase.table[start]
            start = face


def _move_text(move: Move) -> str:
    return (f"{move.name} ({MOVE_KINDS.get(move.kind, move.kind)}): "
            + "; ".join(clause_text(c) for c in move.effects))




def _challenge_sections(spec: ChallengeSpec, phase_now: int) -> tuple[Section, ...]:
    how = [f"Played by the game (IB-6.4.2): at 3 Charge it uses its Break Art; else, if "
           f"its trigger holds, the trigger's action; else it rolls a d6 on its table. "
           f"It targets {TARGETING.get(spec.targeting, spec.targeting)}"
           + (", Supports too (IB-6.5.3)." if spec.targets_supports else "."),
           "It draws no cards and installs no Sigils (IB-6.4.1); one that prints a Break Art "
           "gains 1 Charge at the end of each activation (IB-6.4.3)."]
    if spec.text:
        how.append(f"Card text: {spec.text}")
    sections = [Section(f"Challenge Card, {spec.tier} (IB 6)", tuple(how))]
    for n, phase in enumerate(spec.phases):
        lines = [f"d6 {faces}: {_move_text(spec.moves[move])}" for faces, move in _faces(phase)]
        if phase.trigger >= 0 and phase.when is not None:
            lines.append(f"Trigger, when {when_text(phase.when)}: "
                         + _move_text(spec.moves[phase.trigger]))
        if phase.break_art >= 0:
            lines.append("Break Art (3 Charge): " + _move_text(spec.moves[phase.break_art]))
        if phase.on_enter:
            lines.append("As the phase begins: "
                         + "; ".join(clause_text(c) for c in phase.on_enter))
        heading = (f"Phase {n + 1}: {phase.name}" if len(spec.phases) > 1 else "Behaviour")
        if n:
            heading += f" (from {phase.at_hp} HP or less, Speed {phase.speed}; AMB-82)"
        if len(spec.phases) > 1 and n == phase_now:
            heading += " — current"
        sections.append(Section(heading, tuple(lines)))
    if spec.abilities:
        sections.append(Section("Passive abilities (and on defeat, IB-6.7.1)",
                                tuple(ability_text(a) for a in spec.abilities)))
    return tuple(sections)


def unit_details(view: IBView, match: Match, unit: UnitView) -> Details:
    """A unit's full text: stats, place on the track, attacks, Keystone, Sigils,
    statuses (or a Challenge Card's table, or a Support's card)."""
    acting = active_unit(view)
    who = "played by the game" if unit.is_challenge else side(view, unit)
    summary = f"{_kind_word(unit)}, {who}. {_stats(unit)}"
    sections = [Section("Where it stands", _place_lines(view, unit, acting))]
    cc = match.cc_specs[unit.unit] if unit.unit < len(match.cc_specs) else None
    if not unit.is_support and cc is None:
        sections.append(Section("Charge (IB 3.7)", (
            f"{unit.charge}/3: a Basic Attack gives +1; at 3 it may use its Break Art as its "
            "action or declare an Initiative Break.",)))
    statuses = status_lines(unit.statuses, view.rules)
    if statuses:
        sections.append(Section("Statuses (IB 5.2)", statuses))
    if unit.is_support:
        sections.extend(_card_sections(match.content.cards[unit.card]))
    else:
        sections.extend(_printed(match, unit.unit, unit.phase if cc is not None else 0))
    sigils = _sigil_lines(view, match, unit)
    if sigils:
        sections.append(Section("Installed Sigils (IB 4.5)", sigils))
    title = unit.name + (f", {unit.title}" if unit.title and unit.title != unit.tier else "")
    return Details(unit_key(unit.unit), title, summary, tuple(sections))


_PRINTED: dict[int, tuple[Match, dict[tuple[int, int], tuple[Section, ...]]]] = {}
"""Per match (by id, the match kept to check it): the sections of a unit's printed text,
by (unit, Challenge Card phase). They never change during a game; the table pages of a
busy server ask for them at every render."""


def _printed(match: Match, unit: int, phase: int) -> tuple[Section, ...]:
    """The unit's card: a Character's attacks and Keystone, a Challenge Card's table."""
    entry = _PRINTED.get(id(match))
    if entry is None or entry[0] is not match:
        if len(_PRINTED) >= 512:
            _PRINTED.clear()
        entry = _PRINTED[id(match)] = (match, {})
    known = entry[1]
    found = known.get((unit, phase))
    if found is None:
        cc = match.cc_specs[unit] if unit < len(match.cc_specs) else None
        found = known[(unit, phase)] = (_challenge_sections(cc, phase) if cc is not None
                                        else _character_sections(match, unit))
    return found


def _kind_word(unit: UnitView) -> str:
    if unit.is_support:
        return "Support Character"
    if unit.tier == "rival":
        return "Rival"
    if unit.is_challenge:
        return f"Challenge Card ({unit.tier})"
    return "Character"


# --- cards ---------------------------------------------------------------------------


def _card_sections(spec: CardSpec) -> list[Section]:
    if spec.kind == "sigil":
        return [Section(f"Sigil, {spec.sigil_type} (IB 2.3, 4.5)", (
            f"Install it as your action on your acting Character or an ally that prints "
            f"the {spec.sigil_type} type; installing resolves Discard 1 for free "
            "(IB-4.5.2, 4.5.3).", *_tier_texts(spec)))]
    if spec.kind == "plain":
        return [Section("Supply card", (PLAIN_TEXT,))]
    cost = (f"discard {spec.cost} other card{'s' if spec.cost > 1 else ''} from your hand"
            if spec.cost else "free")
    lines = [f"Card text: {spec.text}"] if spec.text else []
    lines.append(f"Played from your hand as your acting Character's action; cost: {cost}.")
    if spec.kind == "support":
        lines.append(f"Enters play with {spec.hp} HP off the track; at 0 HP it is discarded "
                     "(IB-4.7.1).")
        if spec.effects:
            lines.append("On play: " + "; ".join(clause_text(c) for c in spec.effects))
        lines.extend("Passive " + ability_text(a) for a in spec.abilities)
    else:
        lines.append("Effects: " + "; ".join(clause_text(c) for c in spec.effects))
    heading = {"technique": "Technique (IB 4.4)", "event": "Event (IB 4.8)",
               "support": "Support Character (IB 2.5, 4.7)"}[spec.kind]
    return [Section(heading, tuple(lines))]


def _card_summary(spec: CardSpec) -> str:
    """`Technique, discard 2`, `Support Character, free, 5 HP`, `Sigil, fire type`."""
    if spec.kind == "sigil":
        return f"Sigil, {spec.sigil_type} type"
    if spec.kind == "plain":
        return "Supply card (no effect of its own)"
    kind = "Support Character" if spec.kind == "support" else spec.kind.capitalize()
    cost = f"discard {spec.cost}" if spec.cost else "free"
    return f"{kind}, {cost}" + (f", {spec.hp} HP" if spec.kind == "support" else "")


def card_details(content: Content, card: int) -> Details:
    """A card's full text (public content: any card of the game may be read)."""
    spec = content.cards[card]
    owner = content.characters.get(spec.signature or "")
    return _card_details(card, spec, owner.name if owner else "")


@lru_cache(maxsize=2048)
def _card_details(card: int, spec: CardSpec, signature: str) -> Details:
    sections = _card_sections(spec)
    summary = _card_summary(spec)
    if spec.signature:
        sections.append(Section("Signature card (IB 2.7.5)", (
            f"Only a deck with {signature or spec.signature} may hold it.",)))
    return Details(card_key(card), spec.name, summary, tuple(sections))


# --- what a seat sees ----------------------------------------------------------------


def shown_units(view: IBView) -> list[UnitView]:
    """The units a table page shows: the track, Supports in play, the defeated."""
    supports = [u for u in view.units if u.is_support and u.on_track]
    return [view.units[u] for u in view.order] + supports + defeated_units(view)


def visible_cards(view: IBView) -> list[int]:
    """Every card id this seat may know is somewhere now, each once: its hand, shown
    hands, installed Sigils, Supports in play, visible discard piles."""
    found: dict[int, None] = {}
    for hand in view.hands:
        found.update(dict.fromkeys(hand or ()))
    for unit in view.units:
        found.update(dict.fromkeys(card for card, _ in unit.sigils))
        if unit.is_support and unit.on_track:
            found[unit.card] = None
    for pile in view.discards:
        found.update(dict.fromkeys(pile or ()))
    return list(found)


def seat_details(view: IBView, match: Match) -> list[Details]:
    """Every entry a seat's page holds: its shown units, then the cards it may see."""
    return ([unit_details(view, match, u) for u in shown_units(view)]
            + [card_details(view.content, c) for c in visible_cards(view)])


def find_unit(view: IBView, name: str) -> list[UnitView]:
    """Shown units whose label or name starts with `name` (case-insensitive); an exact
    match alone when there is one."""
    return _pick(shown_units(view), name, lambda u: (u.label, u.name))


def find_card(view: IBView, name: str) -> list[int]:
    """Cards by name or prefix: those the seat sees first, else any card of the content
    (the card texts are public; which cards a seat holds is not)."""
    seen = _pick(visible_cards(view), name, lambda c: (view.card_name(c),))
    if seen:
        return seen
    names: dict[str, int] = {}
    for card, spec in enumerate(view.content.cards):
        names.setdefault(spec.name, card)
    return _pick(list(names.values()), name, lambda c: (view.card_name(c),))


def _pick(items: list[T], name: str, names: Callable[[T], tuple[str, ...]]) -> list[T]:
    wanted = " ".join(name.lower().split())
    if not wanted:
        return []
    exact = [i for i in items if any(n.lower() == wanted for n in names(i))]
    return exact or [i for i in items if any(n.lower().startswith(wanted) for n in names(i))]
