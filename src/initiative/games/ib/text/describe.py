"""Text from one seat's view of Initiative Break, front-end neutral: what an action
means, a clause, card, attack or ability in words, a unit's brief, the decision being
asked, the log's sentences and the game's result.

Everything here reads an `IBView` (plus the public `Match` for character cards and
log sentences), never the state: a sentence names only what that seat may know. The
terminal (cli/render.py) and the web table (server/render.py) both word the game with
these; neither imports the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from initiative.engine.view_cache import ViewCache
from initiative.games.ib import events, frames
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import Action, Kind
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.events import Event
from initiative.games.ib.match import Match
from initiative.games.ib.naming import team_name
from initiative.games.ib.specs import (
    CLEANSE_ALL,
    CLEANSE_NONE,
    CLEANSE_ONE,
    AbilitySpec,
    Clause,
    Content,
    KeystoneSpec,
    When,
)
from initiative.games.ib.view import IBView, UnitView
from initiative.games.rule_ids import RULE_ID as RULE_ID
from initiative.games.rule_ids import split_rules as split_rules

ATTACKS = {Kind.BASIC: "Basic Attack", Kind.ADVANCED: "Advanced Attack",
           Kind.BREAK_ART: "Break Art", Kind.KEYSTONE: "Keystone ability"}
COSTS = {Kind.BASIC: "free, +1 Charge", Kind.ADVANCED: "1 Charge", Kind.BREAK_ART: "3 Charge"}
KEYSTONE_COSTS = {"one_charge": "1 Charge", "free": "free", "discard_by_tier": "discard 1"}
_DEFAULT_RULES = RulesConfig()
WINDOWS = ("after an action was declared", "after an action resolved", "between activations",
           "between two steps of an activation")


# --- facts read from the view ---------------------------------------------------


def active_unit(view: IBView) -> int:
    """The unit whose activation is running, or -1 (mulligan, between activations, or
    the game is over: nobody acts after IB 3.6.5's end)."""
    if view.result is not None:
        return -1
    if view.stack:
        base = view.stack[0]
        if base.tag == frames.ACTIVATION and not base.flags & frames.F_ENDED:
            return base.unit
    return -1


def out_of_round(view: IBView, slot: int, unit: int) -> bool:
    """IB 3.5.3 / AMB-03: past the Round Marker (or passed by it); never in a collapse."""
    if view.rm is None:
        return False
    if view.rules.get("out_of_round_rule", _DEFAULT_RULES.out_of_round_rule) == "positional":
        return slot >= view.rm
    return bool(view.passed >> unit & 1)


def side(view: IBView, unit: UnitView) -> str:
    """`you`, `ally` or `enemy`, with the seat's name; a Challenge Card's tier."""
    if unit.seat < 0:
        phase = f", phase {unit.phase + 1}" if unit.phase else ""
        return f"challenge ({unit.tier}{phase})"
    name = view.seat_names[unit.seat]
    if unit.seat == view.seat:
        return f"you ({name})"
    if view.seat < 0:  # a spectator's view (SPECTATOR, -3) sits on no side
        return name
    if unit.team == view.seat_teams[view.seat]:
        return f"ally ({name})"
    return f"enemy ({name})"


def relation(view: IBView, unit: UnitView) -> str:
    """`side`, leaving out the seat's name when the unit's own name carries it already
    (Match.who): `Wren Aldous (South): 12/12 HP, enemy`."""
    full = side(view, unit)
    if unit.seat >= 0 and unit.who.endswith(f"({view.seat_names[unit.seat]})"):
        return full.split(" (")[0] if view.seat >= 0 else ""
    return full


def brief_with_relation(view: IBView, unit: UnitView, *extra: str) -> str:
    return ", ".join(p for p in (unit_brief(unit), *extra, relation(view, unit)) if p)


def defeated_units(view: IBView) -> list[UnitView]:
    """Units out of the battle: player Characters off the track (defeated, or eliminated
    by a deck-out, AMB-83) and Challenge Cards at 0 HP (IB 6.7.1). A Challenge Card off
    the track with HP left is a spawn that has not entered play yet, not a defeat."""
    return [u for u in view.units if not u.on_track and not u.is_support
            and (not u.is_challenge or u.hp <= 0)]


def pending_text(pending: Sequence[int]) -> str:
    """Deferred moves (IB 3.4.6): negative Move Up, positive Move Back."""
    return ", ".join(f"{'up' if p < 0 else 'back'} {abs(p)}" for p in pending) or "-"


def unit_brief(unit: UnitView) -> str:
    """`Brask Holloway (South): 16/16 HP, burn`: its name with its side (Match.who)."""
    extra = "".join(f", {s}" for s in st.names(unit.statuses))
    return f"{unit.who}: {unit.hp}/{unit.max_hp} HP{extra}"


_AMOUNT_WORDS = (("move_up", "move up {}"), ("move_back", "move back {}"),
                 ("charge", "{:+d} Charge"), ("draw", "draw {}"),
                 ("discard", "discards {} at random"), ("remove_sigils", "remove {} Sigil(s)"),
                 ("summon", "summon {}"), ("spawn", "spawn {}"), ("call", "special effect: {}"))
"""Clause fields after the statuses, in resolution order, as words."""
_KEYED = ("summon", "spawn", "call")
"""Clause fields that hold a content key (a card, a Challenge Card, a script): said in
words (`spark_wisp` as Spark Wisp, `siphon_charge` as siphon charge), never as a key."""


def _key_words(attr: str, key: str) -> str:
    words = key.replace("_", " ")
    return words.title() if attr != "call" else words


def clause_text(clause: Clause) -> str:
    """One attack clause as `enemy: 3 damage, burn`."""
    parts = []
    if clause.damage:
        parts.append(f"{clause.damage} damage")
    if clause.heal:
        parts.append(f"heal {clause.heal}")
    if clause.cleanse == CLEANSE_ONE:
        parts.append("cleanse one status")
    elif clause.cleanse == CLEANSE_ALL:
        parts.append("cleanse all statuses")
    elif clause.cleanse != CLEANSE_NONE:
        parts.append(f"cleanse {st.NAMES[clause.cleanse]}")
    parts.extend(st.NAMES[s] for s in clause.apply)
    parts.extend(words.format(_key_words(attr, value) if attr in _KEYED else value)
                 for attr, words in _AMOUNT_WORDS if (value := getattr(clause, attr)))
    target = clause.target.replace("_", " ")
    condition = clause.only_if
    if condition is not None:
        tests = [f"with {condition.has_status}" if condition.has_status else "",
                 f"without {condition.lacks_status}" if condition.lacks_status else "",
                 f"at {condition.hp_at_most} HP or less"
                 if condition.hp_at_most is not None else "",
                 ("a Support" if condition.support else "not a Support")
                 if condition.support is not None else ""]
        target += " (if " + ", ".join(t for t in tests if t) + ")"
    return f"{target}: {', '.join(parts) or 'no effect'}"


def ability_text(ability: AbilitySpec) -> str:
    """A passive ability as `(end of activation, once per round): self: heal 1`."""
    if not ability.trigger:
        changes = [f"{what.replace('_', ' ')} {amount:+d}" for what, amount in
                   (("damage_dealt", ability.damage_dealt),
                    ("damage_taken", ability.damage_taken)) if amount]
        floor = f" (a reduction never below {ability.floor})" if ability.floor else ""
        return f"(static, {ability.scope}): {', '.join(changes)}{floor}"
    when = ability.trigger.replace("_", " ")
    if ability.whose != "self" and ability.trigger not in ("round_end", "time_collapse"):
        when += f" ({ability.whose})"
    if ability.limit != "none":
        when += f", {ability.limit.replace('_', ' ')}"
    return f"({when}): " + "; ".join(clause_text(c) for c in ability.effects)


def attack_clauses(match: Match, unit: int, kind: Kind) -> tuple[Clause, ...]:
    """A Character's attack, Break Art or Keystone ability (none for any other unit)."""
    if kind == Kind.KEYSTONE:
        keystone = _keystone(match, unit)
        return keystone.ability if keystone else ()
    if not 0 <= unit < len(match.units):
        return ()
    spec = match.units[unit]
    return spec.basic if kind == Kind.BASIC else (
        spec.advanced if kind == Kind.ADVANCED else spec.break_art)


def _keystone(match: Match, unit: int) -> KeystoneSpec | None:
    return match.unit_keystones[unit] if 0 <= unit < len(match.unit_keystones) else None


def card_text(content: Content, card: int) -> str:
    """Any card in one line: a Technique, Event or Support with its cost and effects
    (a Support's passive too), a Sigil with its tiers, a plain card as a supply."""
    spec = content.cards[card]
    if spec.kind == "sigil":  # IB 2.3, 4.5: "Discard N" tiers
        tiers = "; ".join(f"Discard {n}: " + ", ".join(clause_text(c) for c in tier)
                          for n, tier in enumerate(spec.tiers, 1))
        return f"{spec.name} (sigil, {spec.sigil_type}): {tiers}"
    if not spec.playable:
        return f"{spec.name} (supply card: no effect, discard it to pay costs)"
    effects = "; ".join(clause_text(c) for c in spec.effects)
    cost = f"discard {spec.cost}" if spec.cost else "free"
    kind = f"support, {spec.hp} HP" if spec.kind == "support" else spec.kind
    passive = "".join(f" Passive {ability_text(a)}" for a in spec.abilities
                      if not spec.text)
    return f"{spec.name} ({kind}, {cost}): {spec.text or effects}{passive}"


def attack_text(match: Match, unit: int, kind: Kind) -> str:
    clauses = "; ".join(clause_text(c) for c in attack_clauses(match, unit, kind))
    if kind == Kind.KEYSTONE:
        keystone = _keystone(match, unit)
        cost = KEYSTONE_COSTS[match.config.keystone_ability_cost]
        return f"{keystone.name if keystone else '?'} Keystone ability ({cost}): {clauses}"
    return f"{ATTACKS[kind]} ({COSTS[kind]}): {clauses}"


# --- the decision and the log --------------------------------------------------


def _no_parts(match: Match) -> None:
    return None


def _sentence(match: Match, event: Event) -> str:
    return events.render(event, match)


_SENTENCES: ViewCache[Match, Event, None] = ViewCache(_no_parts, _sentence)
"""Each match's sentences met so far (a page shows the same log lines again and again)."""


def log_sentences(view: IBView, match: Match, start: int) -> list[str]:
    """Sentences of this view's log from event `start` on."""
    _, known = _SENTENCES.parts(match)
    return _SENTENCES.sentences(match, view.log[start:], known)


def preview_warnings(added: Sequence[Event], match: Match) -> list[str]:
    """What a previewed action would try and fail (`added`: the events its steps add): a
    Move Up or Move Back that cannot happen (IB-3.4.3, 3.4.5, AMB-04), a deferred move
    that is dropped (IB-3.4.6), an action left with no target, a summon refused (IB
    2.5.4). Said before the confirm, so a choice that does nothing is never a surprise."""
    return [events.render(event, match) for event in added
            if _did_not_happen(events.read(event))]


_BLOCKED = (events.AT_LIMIT, events.FIZZLED, events.OUT_OF_ROUND)


def _did_not_happen(record: object) -> bool:
    """A move that stayed put, a deferred move dropped, an action with no target left, a
    summon that brings nothing in."""
    if isinstance(record, events.Move):
        return record.outcome in _BLOCKED
    return isinstance(record, events.Fizzle | events.DeferDrop | events.NoSummon)


def decision_title(view: IBView, match: Match) -> str:
    """What the deciding seat is asked, from the top of the decision stack."""
    if not view.stack:
        return "Choose an action"
    frame = view.stack[-1]
    if frame.tag == frames.MULLIGAN:
        return "Opening hand: keep it, or take your one mulligan (5 new cards)"
    if frame.tag == frames.ACTIVATION:
        unit = view.units[frame.unit]
        if frame.step == frames.ST_DRAW:  # IB 2.8.7 under free_discard_timing
            return (f"{unit.who} is about to draw with a full hand: "
                    "discard a card first (free) to draw, or keep your hand")
        return f"{unit.who} acts: choose an action"
    if frame.tag == frames.ACTION:
        unit, targets, card = view.units[frame.unit], frame.targets, frame.card
        what = match.content.cards[card].name if card >= 0 else ATTACKS[Kind(frame.kind)]
        stage = frame.stage
        if stage == frames.AS_COST:
            return (f"{unit.who} plays {what}: choose a card to discard for its cost "
                    f"({frame.owed} more)")
        if stage == frames.AS_CLEANSE:
            return f"{unit.who}'s {what}: choose the status to cleanse"
        if stage == frames.AS_TIER:
            return f"{unit.who} uses {what}: choose the tier (Discard N)"
        if stage == frames.AS_RECIPIENT:
            return f"{unit.who} installs {what}: choose the Character to receive it"
        if stage == frames.AS_REPLACE:
            return f"{unit.who} installs {what}: choose the installed Sigil to discard"
        clauses = frame.clauses
        if frames.PENDING not in targets or not clauses:
            return f"{unit.who}'s {what}"
        i = targets.index(frames.PENDING)
        return (f"{unit.who}'s {what}: choose the target of clause {i + 1} "
                f"({clause_text(clauses[i])})")
    if frame.tag == frames.WINDOW:
        when = WINDOWS[frame.kind] if 0 <= frame.kind < len(WINDOWS) else "now"
        return (f"Initiative Break window ({when}): break with a unit at 3 Charge, or "
                f"decline. {break_prompt(view)}")
    return "Choose an action"


def break_effect(view: IBView, unit: int) -> str:
    """What an Initiative Break does to `unit` if it breaks, worded from the rules in
    force: where it lands (IB-3.7.6, AMB-29 `ib_end_position`; Time Collapse: no Round
    Marker) and, for the unit acting now, the end of its activation (AMB-34
    `active_unit_ib`)."""
    words = f"it jumps to the far left, does its Break Art, {_landing(view, unit)}"
    if unit == active_unit(view) and _ends_activation(view):
        words += "; it is acting now, so breaking ends its activation"
    return words


def _landing(view: IBView, unit: int) -> str:
    """Where a Breaker goes after its Break Art (IB-3.7.6, AMB-29, track rule R2)."""
    if view.rm is None:
        return "then goes to the far right (Time Collapse: no Round Marker)"
    slot = view.order.index(unit) if unit in view.order else len(view.order)
    if view.rules.get("ib_end_position", _DEFAULT_RULES.ib_end_position) == "before_rm" \
            and not out_of_round(view, slot, unit):
        return "then goes back just left of the Round Marker, still in the round"
    positional = view.rules.get("out_of_round_rule",
                                _DEFAULT_RULES.out_of_round_rule) == "positional"
    return "then goes to the far right, past the Round Marker" + (
        ", out of round" if positional else "")


def _ends_activation(view: IBView) -> bool:
    return bool(view.rules.get("active_unit_ib",
                               _DEFAULT_RULES.active_unit_ib) == "ends_activation")


def break_prompt(view: IBView) -> str:
    """The Break window's reminder of what breaking does to the Breaker (IB-3.7.6,
    AMB-29) and to the activation running (AMB-34)."""
    breakers = [a.arg for a in view.legal if a.kind == Kind.BREAK]
    active = active_unit(view)
    others = [u for u in breakers if u != active]
    words = "A Breaker " + (f"jumps to the far left, does its Break Art, "
                            f"{_landing(view, others[0] if others else active)}.")
    if active < 0:
        return words
    name = view.units[active].name
    if active in breakers:
        words += f" {name} is acting now: breaking with it ends its activation (AMB-34)."
    elif not _ends_activation(view) and view.units[active].seat == view.seat \
            and view.units[active].charge >= 3:
        words += f" {name} is acting now and may not break during its activation (AMB-34)."
    return words


def describe_action(view: IBView, match: Match, action: Action) -> str:
    """What choosing `action` means, e.g. `Brask Holloway (South): 16/16 HP, enemy`."""
    kind = action.kind
    if kind == Kind.KEEP:
        if _before_draw(view):
            return "keep your hand: no discard now, and a full hand draws nothing"
        return "keep your opening hand"
    if kind == Kind.MULLIGAN:
        return "shuffle your hand into your deck and draw 5 new cards (once)"
    if kind in ATTACKS:
        active = active_unit(view)
        return attack_text(match, active, kind) if active >= 0 else ATTACKS[kind]
    if kind == Kind.PASS:
        return "pass: take no action"
    if kind == Kind.DECLINE:
        return "declare no Initiative Break now"
    if kind in (Kind.DISCARD, Kind.PLAY, Kind.INSTALL):
        hand = view.hand
        card = hand[action.arg] if action.arg < len(hand) else -1
        name = view.card_name(card) if card >= 0 else "?"
        if kind == Kind.PLAY:
            return "play " + (card_text(match.content, card) if card >= 0 else name)
        if kind == Kind.INSTALL:
            return f"install {name} on a Character with its type (the whole action)"
        paying = bool(view.stack) and view.stack[-1].tag == frames.ACTION
        if _before_draw(view):
            return f"discard {name} (free action), then draw in the Draw Step"
        return f"discard {name} " + ("to pay the cost" if paying else "(free action)")
    if kind in (Kind.TARGET, Kind.BREAK, Kind.TARGET_SUPPORT):
        slot = action.arg + (match.num_characters if kind == Kind.TARGET_SUPPORT else 0)
        if not 0 <= slot < len(view.units):
            return f"{kind.name.lower()} unit {slot + 1}"
        unit = view.units[slot]
        if kind == Kind.TARGET:
            return brief_with_relation(view, unit)
        if kind == Kind.TARGET_SUPPORT:
            return brief_with_relation(view, unit, "Support")
        return (f"Initiative Break with {brief_with_relation(view, unit)}: "
                f"{break_effect(view, slot)}. " + attack_text(match, slot, Kind.BREAK_ART))
    if kind == Kind.CLEANSE:
        return f"cleanse {st.NAMES[action.arg]}" if action.arg < len(st.NAMES) else "cleanse"
    if kind == Kind.FLUX:  # IB 7.4.2
        return "spend a Flux Surge token (free): " + (
            FLUX_WORDS[action.arg] if action.arg < len(FLUX_WORDS) else "?")
    return _describe_sigil(view, match, action)


def _before_draw(view: IBView) -> bool:
    """The decision before the Draw Step (IB 2.8.7, `free_discard_timing`)."""
    top = view.stack[-1] if view.stack else None
    return top is not None and top.tag == frames.ACTIVATION and top.step == frames.ST_DRAW


FLUX_WORDS = ("draw 1 card", "heal every Character of yours 1 HP", "heal this Character 3 HP")


def _describe_sigil(view: IBView, match: Match, action: Action) -> str:
    """SIGIL (which installed Sigil), TIER and REPLACE (IB 4.5). Total: described from
    any view, even one where the action is not legal, it names what it can."""
    kind = action.kind
    top = view.stack[-1] if view.stack else None
    frame = top if top is not None and top.tag == frames.ACTION else None
    if kind == Kind.TIER:
        card = frame.card if frame is not None else -1
        tiers = match.content.cards[card].tiers if 0 <= card < len(match.content.cards) else ()
        if action.arg >= len(tiers):
            return f"Discard {action.arg + 1}"
        return f"Discard {action.arg + 1}: " + "; ".join(
            clause_text(c) for c in tiers[action.arg])
    unit = active_unit(view) if kind == Kind.SIGIL else (frame.recipient if frame else -1)
    installed = view.units[unit].sigils if 0 <= unit < len(view.units) else ()
    name = view.card_name(installed[action.arg][0]) if action.arg < len(installed) else "?"
    if kind == Kind.SIGIL:
        return f"use {name} (choose a tier next)"
    return f"discard the installed {name} to make room"


Tone = Literal["open", "draw", "plain", "win", "lose"]
"""How a result reads for the seat: `plain` for a spectator or a loss shared by all."""


@dataclass(frozen=True, slots=True)
class Result:
    """The end of the game in one sentence, and how it reads for the seat."""

    sentence: str
    tone: Tone


def result(view: IBView, match: Match) -> Result:
    """The end of the game from this seat's side."""
    if view.result is None:
        return Result("The game is not finished.", "open")
    if view.result < 0:
        reason = ""
        if view.activations >= match.config.max_activations:
            reason = f" (activation limit {match.config.max_activations} reached)"
        return Result(f"Result: draw{reason}.", "draw")
    if view.result == match.cc_team:  # IB 6.7 / AMB-80, AMB-119
        lost = "every player loses" if match.neutral else "the Challenge Cards win"
        return Result(f"Result: {lost}.", "plain" if view.seat < 0 else "lose")
    winners = team_name(view.result, [s.name for s in match.seats if s.team == view.result])
    if not 0 <= view.seat < len(view.seat_teams):  # a spectator (every seat a bot)
        return Result(f"Result: {winners} wins.", "plain")
    if view.result == view.seat_teams[view.seat]:
        return Result(f"Result: you win! {winners} wins.", "win")
    return Result(f"Result: you lose. {winners} wins.", "lose")

def when_text(when: When) -> str:
    """A trigger condition (IB 6.4.2) in words; every part must hold."""
    parts = []
    if when.self_hp_at_most is not None:
        parts.append(f"it has {when.self_hp_at_most} HP or less")
    if when.self_has_status is not None:
        parts.append(f"it has {st.NAMES[when.self_has_status]}")
    if when.self_lacks_status is not None:
        parts.append(f"it has no {st.NAMES[when.self_lacks_status]}")
    if when.enemy_hp_at_most is not None:
        parts.append(f"an enemy on the track has {when.enemy_hp_at_most} HP or less")
    if when.alone is not None:
        parts.append("no other Challenge Card is on the track" if when.alone else
                     "another Challenge Card is on the track")
    if when.round_at_least is not None:
        parts.append(f"it is round {when.round_at_least} or later")
    return " and ".join(parts)
