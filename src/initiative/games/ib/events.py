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
 SUPPORT_OUT, CC_ROLL, CC_CHOICE, CC_ACTION, CC_RETARGET, PHASE, SPAWN, FLUX) = range(48)

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
    return match.unit_name(unit)


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
    ACT_START: lambda e, m: f"{_u(m, e[1])} begins an activation (round {e[2]}).",
    BURN: lambda e, m: f"Burn flares on {_u(m, e[1])}.",
    STUNNED: lambda e, m: f"{_u(m, e[1])} is Stunned and misses this activation.",
    SEALED: lambda e, m: f"{_u(m, e[1])} is Sealed for this activation.",
    MUTED: lambda e, m: f"{_u(m, e[1])} is Muted for this activation.",
    DECLARE: lambda e, m: f"{_u(m, e[1])} declares {_article(ATTACK_NAMES[e[2]])}"
    + _targets(m, e[3:]) + ".",
    PASS: lambda e, m: f"{_u(m, e[1])} passes.",
    DISCARD: lambda e, m: f"{_s(m, e[1])} discards {_card(m, e[2])}.",
    DAMAGE: lambda e, m: f"{_u(m, e[2])} takes {e[3]} damage"
    + ("" if e[1] < 0 else f" from {_u(m, e[1])}") + f" ({e[4]} HP left).",
    HEAL: lambda e, m: f"{_u(m, e[1])} heals {e[2]} HP ({e[3]} HP).",
    STATUS: lambda e, m: f"{_u(m, e[1])} gains {statuses.NAMES[e[2]].title()}.",
    CLEANSE: lambda e, m: f"{statuses.NAMES[e[2]].title()} is cleansed from {_u(m, e[1])}.",
    MOVE: lambda e, m: f"{_u(m, e[1])} moves {'up' if e[2] < 0 else 'back'} {abs(e[2])}"
    + ("." if e[3] else ", but cannot move."),
    DEFER: lambda e, m: f"{_u(m, e[1])} will move {'up' if e[2] < 0 else 'back'} "
    f"{abs(e[2])} after its Speed move.",
    CHARGE: lambda e, m: f"{_u(m, e[1])} {'gains' if e[2] >= 0 else 'loses'} {abs(e[2])} "
    f"Charge (now {e[3]}).",
    MOVEMENT: lambda e, m: f"{_u(m, e[1])} moves right by Speed {e[2]}"
    + (" past the Round Marker and is out of round." if e[3] else "."),
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
    + f" for {_s(m, m.unit_seat[e[1]])}.",
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
