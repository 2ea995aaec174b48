"""The event log: small tuples recorded on the hot path, sentences rendered on reading.

`redact(event, seat)` hides what `seat` may not see (another seat's drawn card, a
face-down discard); every view and every log sent to a seat passes through it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from initiative.games.ib import frames, statuses

if TYPE_CHECKING:
    from initiative.games.ib.match import Match

Event = tuple[int, ...]

(SETUP, SHUFFLE, DRAW, MULLIGAN, KEEP, ACT_START, BURN, STUNNED, SEALED, MUTED, DECLARE,
 PASS, DISCARD, DAMAGE, HEAL, STATUS, CLEANSE, MOVE, DEFER, CHARGE, MOVEMENT, RM_STEP,
 ROUND, IB_DECLARE, IB_CANCEL, IB_JUMP, IB_RETURN, DEFEAT, COLLAPSE, FIZZLE, DECK_OUT,
 RESULT, HAND_FULL, RM_RESTORED, PLAY, PASSIVE, INSTALL, UNINSTALL, SIGIL_USE, SUPPORT_IN,
 SUPPORT_OUT, CC_ROLL, CC_CHOICE, CC_ACTION, CC_RETARGET, PHASE, SPAWN, FLUX,
 DEFER_DROP) = CODES = range(49)

# DAMAGE (code, source, target, total, hp) gains (base, part, amount, part, amount, ...)
# when anything changed the printed amount, in the order the damage pipeline applied it
# (damage.deal, AMB-51): a part is one of these, or an index into `Match.statics` (a
# static modifier: an ability, a campaign Advancement IB 7.3.4, Elite IB 7.7.1).
PART_INSIGHT, PART_WEAKEN, PART_GUARD, PART_FLOOR = -1, -2, -3, -4

# MOVE (code, unit, amount, outcome, slot after, deferred): amount < 0 is a Move Up.
(MOVED, CLAMPED, CROSSED, REJOINED, OUT_OF_ROUND, AT_LIMIT, FIZZLED) = range(7)

# DEFER_DROP (code, unit, amount, reason): why a deferred move (IB 3.4.6) never happened.
DROP_CROSSED, DROP_DEFEATED, DROP_BREAK = range(3)

# CC_CHOICE reasons (IB 6.4.2): why a Challenge Card does what it does without a roll.
BY_BREAK_ART, BY_TRIGGER, BY_NOTHING = range(3)

ATTACK_NAMES = {2: "Basic Attack", 3: "Advanced Attack", 4: "Break Art", 12: "Keystone ability"}
"""Names of the ACTION kinds that are not cards (actions.Kind values)."""

HIDDEN = -1


def redact(event: Event, hands_seen: frozenset[int], discards_public: bool) -> Event:
    """The event as a viewer who sees the hands of `hands_seen` may see it (its own
    seat, and its teammates' under `team_hands_visible`; nobody's for a spectator)."""
    code = event[0]
    if code == DRAW and event[1] not in hands_seen:
        return (DRAW, event[1], HIDDEN)
    if code == DISCARD and not discards_public and event[1] not in hands_seen:
        return (DISCARD, event[1], HIDDEN)
    return event


def render(event: Event, match: Match) -> str:
    """One human-readable sentence."""
    return _RENDER[event[0]](event, match)


def _u(match: Match, unit: int) -> str:
    return match.who(unit)


def _s(match: Match, seat: int) -> str:
    return match.seats[seat].name


def _card(match: Match, card: int) -> str:
    return "a card" if card == HIDDEN else match.card_name(card)


def _ability(match: Match, unit: int, index: int) -> str:
    """Whose ability fired: a Keystone's passive (index 0) or the unit's own."""
    keystone = match.unit_keystones[unit]
    if keystone is not None and keystone.passive is not None and index == 0:
        return f"{_u(match, unit)}'s Keystone {keystone.name}"
    return f"{_u(match, unit)}'s ability"


def _move(match: Match, unit: int, kind: int, move: int) -> str:
    """A CC's move by name, or an attack kind (a Rival's moves are its attacks)."""
    if kind == frames.K_CHALLENGE:
        spec = match.cc_specs[unit]
        return spec.moves[move].name if spec is not None else "move"
    return ATTACK_NAMES[kind]


def _roll(e: Event, m: Match) -> str:
    """(CC_ROLL, unit, face, kind, move, allowed)."""
    text = f"{_u(m, e[1])} rolls {e[2]}: {_move(m, e[1], e[3], e[4])}"
    return text + ("." if e[5] else f", which {_u(m, e[1])} may not use now.")


_CHOICE = {BY_BREAK_ART: "has 3 Charge and unleashes {}.", BY_TRIGGER: "is triggered: {}.",
           BY_NOTHING: "can do nothing this activation."}


def _result(e: Event, m: Match) -> str:
    if e[1] < 0:
        return "The game is a draw."
    if e[1] == m.cc_team:
        return "Every player loses: only Challenge Cards remain." if m.neutral \
            else "The Challenge Cards win."
    return f"Team {e[1]} ({', '.join(s.name for s in m.seats if s.team == e[1])}) wins."


def _damage(e: Event, m: Match) -> str:
    """(DAMAGE, source, target, total, hp[, base, part, amount, ...]): the total, and
    how it was reached when anything changed the printed amount."""
    text = f"{_u(m, e[2])} takes {e[3]} damage"
    if len(e) > 5:
        text += f" ({e[5]}" + "".join(
            f" {'-' if e[i + 1] < 0 else '+'} {abs(e[i + 1])} {_part(m, e[i])}"
            for i in range(6, len(e), 2)) + ")"
    return text + ("" if e[1] < 0 else f" from {_u(m, e[1])}") + f": {e[4]} HP left."


_PARTS = {PART_INSIGHT: "Insight", PART_WEAKEN: "Weaken", PART_GUARD: "Guard (half)",
          PART_FLOOR: "(never below 0)"}


def _part(m: Match, part: int) -> str:
    """A damage part's name; a static modifier by what grants it (its printed name:
    the damage line names the units concerned already)."""
    if part < 0:
        return _PARTS[part]
    owner, index, ability = m.statics[part]
    start = m.unit_starts[owner]
    if (start is not None and start.damage_bonus and not ability.trigger
            and index == len(m.unit_abilities[owner]) - 1):
        return "Elite" if m.is_challenge(owner) else "Advancement"  # IB 7.7.1, 7.3.4
    keystone = m.unit_keystones[owner]
    if index == 0 and keystone is not None and keystone.passive is not None:
        return keystone.name
    return m.unit_name(owner)


def _heal(e: Event, m: Match) -> str:
    """(HEAL, unit, gained, hp): nothing gained means it was at full HP already."""
    if e[2] == 0:
        return f"{_u(m, e[1])} is at full HP already ({e[3]} HP): nothing to heal."
    return f"{_u(m, e[1])} heals {e[2]} HP ({e[3]} HP)."


def _ordinal(slot: int) -> str:
    """Slot index 0 as `1st` (track positions, leftmost first)."""
    n = slot + 1
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _card_move(amount: int) -> str:
    """The cards' own words: `Move Up 2`, `Move Back 1`."""
    return f"Move {'Up' if amount < 0 else 'Back'} {abs(amount)}"


def _moved(e: Event, m: Match) -> str:
    """(MOVE, unit, amount, outcome, slot, deferred): where it went, or why it did not."""
    who, amount, outcome, slot = _u(m, e[1]), e[2], e[3], e[4]
    up = amount < 0
    verb = f"{_card_move(amount).replace('Move', 'Moves')}" + (" (deferred)" if e[5] else "")
    now = f"now {_ordinal(slot)}"
    if outcome == MOVED:
        return f"{who} {verb}: {now}."
    if outcome == CLAMPED:
        limit = ("at the end of the track" if not up else "short of the Active slot"
                 if slot <= 1 else "behind the Active Character")  # a Break holds slot 0
        return f"{who} {verb} and stops {limit}: {now}."
    if outcome == CROSSED:
        return f"{who} {verb} past the Round Marker to the far right: out of round, {now}."
    if outcome == REJOINED:
        return f"{who} {verb} back across the Round Marker: in round, {now}."
    if outcome == OUT_OF_ROUND:
        why = "it is out of round"
    elif outcome == FIZZLED:
        return (f"{who}'s {_card_move(amount)} is lost: it would "
                + ("enter the Active slot." if up else "pass the end of the track."))
    elif up:
        why = ("it stands in the Active slot" if slot == 0 else "only the Active slot is ahead"
               if slot == 1 else "only a Break and the Active Character are ahead")
    else:
        why = "it is at the end of the track already"
    return f"{who} cannot {_card_move(amount)}: {why} ({_ordinal(slot)})."


_DROPS = {DROP_CROSSED: "its Movement Step took it past the Round Marker, out of round",
          DROP_DEFEATED: "it was defeated",
          DROP_BREAK: "its own Initiative Break ended its activation"}


def _article(noun: str) -> str:
    return f"{'an' if noun[0] in 'AEIOU' else 'a'} {noun}"


def _targets(match: Match, targets: tuple[int, ...]) -> str:
    names = [_u(match, t) for t in targets if t >= 0]
    return f" targeting {', '.join(names)}" if names else ""


_R = Callable[[Event, "Match"], str]
_RENDER: dict[int, _R] = {
    SETUP: lambda e, m: "The track is set: " + " > ".join(_u(m, u) for u in e[1:]) + " | RM.",
    SHUFFLE: lambda e, m: f"{_s(m, e[1])} shuffles their deck.",
    DRAW: lambda e, m: f"{_s(m, e[1])} draws {_card(m, e[2])}.",
    MULLIGAN: lambda e, m: f"{_s(m, e[1])} takes a mulligan, returning their hand to the deck.",
    KEEP: lambda e, m: f"{_s(m, e[1])} keeps their opening hand.",
    ACT_START: lambda e, m: f"{_u(m, e[1])} begins an activation "
    + (f"(round {e[2]})." if e[2] else "(Time Collapse: no rounds)."),
    BURN: lambda e, m: f"Burn flares on {_u(m, e[1])}.",
    STUNNED: lambda e, m: f"{_u(m, e[1])} is Stunned and misses this activation.",
    SEALED: lambda e, m: f"{_u(m, e[1])} is Sealed for this activation.",
    MUTED: lambda e, m: f"{_u(m, e[1])} is Muted for this activation.",
    DECLARE: lambda e, m: f"{_u(m, e[1])} declares {_article(ATTACK_NAMES[e[2]])}"
    + _targets(m, e[3:]) + ".",
    PASS: lambda e, m: f"{_u(m, e[1])} passes.",
    DISCARD: lambda e, m: f"{_s(m, e[1])} discards {_card(m, e[2])}.",
    DAMAGE: _damage,
    HEAL: _heal,
    STATUS: lambda e, m: f"{_u(m, e[1])} gains {statuses.NAMES[e[2]].title()}.",
    CLEANSE: lambda e, m: f"{statuses.NAMES[e[2]].title()} is cleansed from {_u(m, e[1])}.",
    MOVE: _moved,
    DEFER: lambda e, m: f"{_u(m, e[1])} is acting: its {_card_move(e[2])} waits until "
    "after its Movement Step.",
    DEFER_DROP: lambda e, m: f"{_u(m, e[1])}'s deferred {_card_move(e[2])} is dropped: "
    f"{_DROPS[e[3]]}.",
    CHARGE: lambda e, m: f"{_u(m, e[1])} {'gains' if e[2] >= 0 else 'loses'} {abs(e[2])} "
    f"Charge (now {e[3]}).",
    MOVEMENT: lambda e, m: f"Movement Step: {_u(m, e[1])} moves {e[2]} to the right (Speed)"
    + (", past the Round Marker to the far right: out of round." if e[3] else "."),
    RM_STEP: lambda e, m: "The Round Marker steps left"
    + (f", passing {_u(m, e[1])}." if e[1] >= 0 else "."),
    ROUND: lambda e, m: f"Round {e[1]} begins; the Round Marker returns to the far right.",
    IB_DECLARE: lambda e, m: f"{_s(m, e[1])} declares an Initiative Break with {_u(m, e[2])}!",
    IB_CANCEL: lambda e, m: f"{_u(m, e[1])}'s Initiative Break is cancelled.",
    IB_JUMP: lambda e, m: f"{_u(m, e[1])} breaks to the far left.",
    IB_RETURN: lambda e, m: f"{_u(m, e[1])} returns to the far right.",
    DEFEAT: lambda e, m: f"{_u(m, e[1])} is defeated and leaves the track.",
    COLLAPSE: lambda e, m: "Time Collapse! The Round Marker is removed.",
    FIZZLE: lambda e, m: f"{_u(m, e[1])}'s "
    + (m.card_name(e[3]) if e[3] >= 0 and e[2] != frames.K_CHALLENGE
       else _move(m, e[1], e[2], e[3]))
    + " has no target left and fizzles.",
    DECK_OUT: lambda e, m: f"{_s(m, e[1])} must draw from an empty deck and loses.",
    RESULT: _result,
    HAND_FULL: lambda e, m: f"{_s(m, e[1])} holds 5 cards and does not draw.",
    RM_RESTORED: lambda e, m: "Time flows again: the Round Marker returns.",
    PLAY: lambda e, m: f"{_u(m, e[1])} plays {m.card_name(e[2])}" + _targets(m, e[3:]) + ".",
    INSTALL: lambda e, m: f"{_u(m, e[1])} installs {m.card_name(e[2])} on {_u(m, e[3])}.",
    UNINSTALL: lambda e, m: f"{m.card_name(e[2])} is removed from {_u(m, e[1])} and discarded.",
    SIGIL_USE: lambda e, m: f"{_u(m, e[1])} uses {m.card_name(e[2])} (Discard {e[3]})"
    + _targets(m, e[4:]) + ".",
    PASSIVE: lambda e, m: f"{_ability(m, e[1], e[2] if len(e) > 2 else 0)} takes effect.",
    SUPPORT_IN: lambda e, m: f"{_u(m, e[1])} " + ("is summoned" if e[2] else "enters play")
    + ("." if m.num_seats > 1 else f" for {_s(m, m.unit_seat[e[1]])}."),  # named with it
    SUPPORT_OUT: lambda e, m: f"{_u(m, e[1])} is defeated and "
    + ("leaves the game." if e[2] else "is discarded."),
    CC_ROLL: _roll,
    CC_CHOICE: lambda e, m: f"{_u(m, e[1])} "
    + _CHOICE[e[2]].format(_move(m, e[1], e[3], e[4]) if e[3] >= 0 else ""),
    CC_ACTION: lambda e, m: f"{_u(m, e[1])} uses {_move(m, e[1], frames.K_CHALLENGE, e[2])}"
    + _targets(m, e[3:]) + ".",
    CC_RETARGET: lambda e, m: f"{_u(m, e[1])} picks its target again"
    + (_targets(m, e[2:]) or ": none is left") + ".",
    PHASE: lambda e, m: f"{_u(m, e[1])} enters phase {e[2] + 1}: "
    + (s.phases[e[2]].name if (s := m.cc_specs[e[1]]) else "") + ".",
    FLUX: lambda e, m: f"{_s(m, e[1])} spends a Flux Surge token on {_u(m, e[2])}'s "
    f"activation: " + ("draw 1 card.", "every Character of theirs heals 1 HP.",
                       f"{_u(m, e[2])} heals 3 HP.")[e[3]],
    SPAWN: lambda e, m: f"{_u(m, e[1])} spawns {_u(m, e[2])}." if e[2] >= 0
    else f"{_u(m, e[1])} cannot spawn: every spawn it may have stands already.",
}
