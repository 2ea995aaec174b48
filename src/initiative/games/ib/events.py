"""The event log: small tuples recorded on the hot path, sentences rendered on reading.

Each event is `(code, ...)`. Every code has a NamedTuple schema below whose fields,
`code` first, are the stored tuple's layout; `read(event)` gives that record, and every
reader uses it (`match read(event): case Damage(target=t, total=n): ...`). Why not
record the NamedTuples themselves: building one costs about 5 times a tuple literal
(0.8 us, several per decision, over 10% of a decision), so the hot path keeps tuples.

`redact(event, seat)` hides what `seat` may not see (another seat's drawn card, a
face-down discard); every view and every log sent to a seat passes through it.
`render(event, match)` is the event's sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, NamedTuple, assert_never

from initiative.games.event_records import Event as Event
from initiative.games.event_records import EventReader, by_group, field_at, flat
from initiative.games.ib import frames, statuses
from initiative.games.ib.naming import team_name

if TYPE_CHECKING:
    from initiative.games.ib.match import Match

# One `Final` name a line: a compiled caller (mypyc) then inlines the code instead of
# looking the name up on this (pure) module at every event.
SETUP: Final = 0
SHUFFLE: Final = 1
DRAW: Final = 2
MULLIGAN: Final = 3
KEEP: Final = 4
ACT_START: Final = 5
BURN: Final = 6
STUNNED: Final = 7
SEALED: Final = 8
MUTED: Final = 9
DECLARE: Final = 10
PASS: Final = 11
DISCARD: Final = 12
DAMAGE: Final = 13
HEAL: Final = 14
STATUS: Final = 15
CLEANSE: Final = 16
MOVE: Final = 17
DEFER: Final = 18
CHARGE: Final = 19
MOVEMENT: Final = 20
RM_STEP: Final = 21
ROUND: Final = 22
IB_DECLARE: Final = 23
IB_CANCEL: Final = 24
IB_JUMP: Final = 25
IB_RETURN: Final = 26
DEFEAT: Final = 27
COLLAPSE: Final = 28
FIZZLE: Final = 29
DECK_OUT: Final = 30
RESULT: Final = 31
HAND_FULL: Final = 32
RM_RESTORED: Final = 33
PLAY: Final = 34
PASSIVE: Final = 35
INSTALL: Final = 36
UNINSTALL: Final = 37
SIGIL_USE: Final = 38
SUPPORT_IN: Final = 39
SUPPORT_OUT: Final = 40
CC_ROLL: Final = 41
CC_CHOICE: Final = 42
CC_ACTION: Final = 43
CC_RETARGET: Final = 44
PHASE: Final = 45
SPAWN: Final = 46
FLUX: Final = 47
DEFER_DROP: Final = 48
NO_SUMMON: Final = 49
SETUP_DRAW: Final = 50
CODES = range(51)

# DAMAGE parts (Damage.parts): one of these, or an index into `Match.statics` (a
# static modifier: an ability, a campaign Advancement IB 7.3.4, Elite IB 7.7.1).
PART_INSIGHT: Final = -1
PART_WEAKEN: Final = -2
PART_GUARD: Final = -3
PART_FLOOR: Final = -4

# MOVE outcomes
MOVED: Final = 0
CLAMPED: Final = 1
CROSSED: Final = 2
REJOINED: Final = 3
OUT_OF_ROUND: Final = 4
AT_LIMIT: Final = 5
FIZZLED: Final = 6

# DEFER_DROP reasons: why a deferred move (IB 3.4.6) never happened.
DROP_CROSSED: Final = 0
DROP_DEFEATED: Final = 1
DROP_BREAK: Final = 2

# NO_SUMMON reasons: why a `summon` brought nothing in (IB 2.5.4, 2.7.4).
SUMMON_IN_PLAY: Final = 0
SUMMON_SPENT: Final = 1

# CC_CHOICE reasons (IB 6.4.2): why a Challenge Card does what it does without a roll.
BY_BREAK_ART: Final = 0
BY_TRIGGER: Final = 1
BY_NOTHING: Final = 2

ATTACK_NAMES = {2: "Basic Attack", 3: "Advanced Attack", 4: "Break Art", 12: "Keystone ability"}
"""Names of the ACTION kinds that are not cards (actions.Kind values)."""

HIDDEN: Final = -1
"""A card a viewer may not see (`redact`)."""


# The schemas, in code order. A unit, seat, card or team is its number in the match.

class Setup(NamedTuple):
    """IB 2.9: the track is set, leftmost unit first."""

    code: int
    order: tuple[int, ...]


class SetupDraw(NamedTuple):
    """IB 2.9.4 (`setup_copy_tiebreak`: draw): copies of one Character on two sides tie
    at setup; a public draw puts them in `order`, leftmost first."""

    code: int
    order: tuple[int, ...]


class Shuffle(NamedTuple):
    """A seat shuffles its deck."""

    code: int
    seat: int


class Draw(NamedTuple):
    """A seat draws `card` (HIDDEN to a viewer who may not see it)."""

    code: int
    seat: int
    card: int


class Mulligan(NamedTuple):
    """A seat takes a mulligan."""

    code: int
    seat: int


class Keep(NamedTuple):
    """A seat keeps its opening hand."""

    code: int
    seat: int


class ActStart(NamedTuple):
    """IB 3.6.2: an activation begins (`round` 0: Time Collapse, no rounds)."""

    code: int
    unit: int
    round: int


class Burn(NamedTuple):
    """Burn flares on a unit."""

    code: int
    unit: int


class Stunned(NamedTuple):
    """IB 5.2.7: a Stunned unit misses its activation."""

    code: int
    unit: int


class Sealed(NamedTuple):
    """A unit is Sealed for this activation."""

    code: int
    unit: int


class Muted(NamedTuple):
    """A unit is Muted for this activation."""

    code: int
    unit: int


class Declare(NamedTuple):
    """A unit declares an attack (`kind`: a key of ATTACK_NAMES) at its targets."""

    code: int
    unit: int
    kind: int
    targets: tuple[int, ...]


class Pass(NamedTuple):
    """A unit passes its action."""

    code: int
    unit: int


class Discard(NamedTuple):
    """A seat discards `card` (HIDDEN to a viewer who may not see it)."""

    code: int
    seat: int
    card: int


class DamagePart(NamedTuple):
    """One step that changed a damage amount: a PART_* or a static modifier's index."""

    part: int
    amount: int


class Damage(NamedTuple):
    """`target` takes `total` damage from `source` (-1: no unit) and has `hp` left.
    `breakdown` is empty when nothing changed the printed amount, else the printed
    amount then (part, amount) pairs in the order damage.deal applied them (AMB-51)."""

    code: int
    source: int
    target: int
    total: int
    hp: int
    breakdown: tuple[int, ...]

    @property
    def base(self) -> int | None:
        """The printed amount, when anything changed it."""
        return self.breakdown[0] if self.breakdown else None

    @property
    def parts(self) -> tuple[DamagePart, ...]:
        """The steps that changed the printed amount, in order."""
        steps = self.breakdown[1:]
        return tuple(DamagePart(part, amount) for part, amount in zip(
            steps[::2], steps[1::2], strict=True))


class Heal(NamedTuple):
    """A unit heals `gained` HP to `hp` (0 gained: it was at full HP)."""

    code: int
    unit: int
    gained: int
    hp: int


class Status(NamedTuple):
    """A unit gains a status (statuses.NAMES index)."""

    code: int
    unit: int
    status: int


class Cleanse(NamedTuple):
    """A status is cleansed from a unit."""

    code: int
    unit: int
    status: int


class Move(NamedTuple):
    """A card's move (`amount` < 0: Move Up) and its `outcome` (MOVED, CLAMPED, ...),
    the unit's `slot` after it and whether it was `deferred` (IB 3.4.6)."""

    code: int
    unit: int
    amount: int
    outcome: int
    slot: int
    deferred: int


class Defer(NamedTuple):
    """IB 3.4.6: an acting unit's move waits until after its Movement Step."""

    code: int
    unit: int
    amount: int


class Charge(NamedTuple):
    """A unit's Charge changes by `amount` to `now`."""

    code: int
    unit: int
    amount: int
    now: int


class Movement(NamedTuple):
    """The Movement Step: a unit moves `speed` to the right, `crossed` the Round Marker."""

    code: int
    unit: int
    speed: int
    crossed: int


class RmStep(NamedTuple):
    """The Round Marker steps left, passing unit `passed` (-1: none)."""

    code: int
    passed: int


class Round(NamedTuple):
    """A round begins."""

    code: int
    round: int


class IbDeclare(NamedTuple):
    """A seat declares an Initiative Break with one of its units."""

    code: int
    seat: int
    unit: int


class IbCancel(NamedTuple):
    """A unit's Initiative Break is cancelled."""

    code: int
    unit: int


class IbJump(NamedTuple):
    """A unit breaks to the far left."""

    code: int
    unit: int


class IbReturn(NamedTuple):
    """A unit returns to the far right."""

    code: int
    unit: int


class Defeat(NamedTuple):
    """A unit is defeated and leaves the track."""

    code: int
    unit: int


class Collapse(NamedTuple):
    """Time Collapse: the Round Marker is removed."""

    code: int


class Fizzle(NamedTuple):
    """A unit's action of `kind` has no target left: `card` is its card (-1: none) or,
    for a Challenge Card (frames.K_CHALLENGE), its move."""

    code: int
    unit: int
    kind: int
    card: int


class DeckOut(NamedTuple):
    """A seat must draw from an empty deck and loses."""

    code: int
    seat: int


class Result(NamedTuple):
    """The game ends: the winning team (< 0: a draw; `Match.cc_team`: the CCs)."""

    code: int
    team: int


class HandFull(NamedTuple):
    """A seat holds 5 cards and does not draw."""

    code: int
    seat: int


class RmRestored(NamedTuple):
    """Time flows again: the Round Marker returns."""

    code: int


class Play(NamedTuple):
    """A unit plays a card at its targets."""

    code: int
    unit: int
    card: int
    targets: tuple[int, ...]


class Passive(NamedTuple):
    """A unit's ability `ability` (0 with a Keystone passive: the Keystone's) fires."""

    code: int
    unit: int
    ability: int


class Install(NamedTuple):
    """IB 4.5: a unit installs a Sigil card on `recipient`."""

    code: int
    unit: int
    card: int
    recipient: int


class Uninstall(NamedTuple):
    """A Sigil card is removed from a unit and discarded."""

    code: int
    unit: int
    card: int


class SigilUse(NamedTuple):
    """A unit uses a Sigil card at `tier` (its Discard cost) at its targets."""

    code: int
    unit: int
    card: int
    tier: int
    targets: tuple[int, ...]


class SupportIn(NamedTuple):
    """A Support Character enters play (`summoned`: 1 if summoned)."""

    code: int
    unit: int
    summoned: int


class NoSummon(NamedTuple):
    """A `summon` brings nothing in: the Support `unit` is in play already (IB 2.5.4) or
    its seat has summoned it once this game (`reason`: SUMMON_*)."""

    code: int
    unit: int
    reason: int


class SupportOut(NamedTuple):
    """A Support Character is defeated (`summoned`: it leaves the game)."""

    code: int
    unit: int
    summoned: int


class CcRoll(NamedTuple):
    """IB 6.4.2: a Challenge Card rolls `face`: its move (`kind`, `move`), `allowed`
    now or not."""

    code: int
    unit: int
    face: int
    kind: int
    move: int
    allowed: int


class CcChoice(NamedTuple):
    """IB 6.4.2: a Challenge Card acts without a roll (`reason`: BY_BREAK_ART,
    BY_TRIGGER, BY_NOTHING; `kind` -1: no move)."""

    code: int
    unit: int
    reason: int
    kind: int
    move: int


class CcAction(NamedTuple):
    """IB 6.4.2: a Challenge Card uses its move at its targets."""

    code: int
    unit: int
    move: int
    targets: tuple[int, ...]


class CcRetarget(NamedTuple):
    """A Challenge Card picks its targets again (none: none is left)."""

    code: int
    unit: int
    targets: tuple[int, ...]


class Phase(NamedTuple):
    """A Challenge Card enters a phase (from 0)."""

    code: int
    unit: int
    phase: int


class Spawn(NamedTuple):
    """A Challenge Card spawns `unit` (-1: every spawn it may have stands already)."""

    code: int
    spawner: int
    unit: int


class Flux(NamedTuple):
    """IB 7.4: a seat spends a Flux Surge token on a unit's activation (`option` 0-2)."""

    code: int
    seat: int
    unit: int
    option: int


class DeferDrop(NamedTuple):
    """IB 3.4.6: a deferred move never happened (`reason`: DROP_*)."""

    code: int
    unit: int
    amount: int
    reason: int


TrackEvent = (Setup | SetupDraw | ActStart | Move | Defer | DeferDrop | Movement | RmStep
              | Round | Collapse | RmRestored | IbDeclare | IbCancel | IbJump | IbReturn | Result)
"""Events of the track, rounds, Initiative Breaks and the game's end."""
CardEvent = (Shuffle | Draw | Mulligan | Keep | Discard | HandFull | DeckOut | Play | Install
             | Uninstall | SigilUse | Flux)
"""Events of decks, hands and played cards."""
UnitEvent = (Burn | Stunned | Sealed | Muted | Declare | Pass | Damage | Heal | Status
             | Cleanse | Charge | Defeat | Fizzle | Passive | SupportIn | SupportOut | NoSummon)
"""Events of one unit's activation, health, statuses and abilities."""
ChallengeEvent = CcRoll | CcChoice | CcAction | CcRetarget | Phase | Spawn
"""Events of Challenge Cards (IB 6)."""
EventRecord = TrackEvent | CardEvent | UnitEvent | ChallengeEvent
"""Any event, read."""

SCHEMAS: dict[int, type[EventRecord]] = {
    SETUP: Setup, SHUFFLE: Shuffle, DRAW: Draw, MULLIGAN: Mulligan, KEEP: Keep,
    ACT_START: ActStart, BURN: Burn, STUNNED: Stunned, SEALED: Sealed, MUTED: Muted,
    DECLARE: Declare, PASS: Pass, DISCARD: Discard, DAMAGE: Damage, HEAL: Heal,
    STATUS: Status, CLEANSE: Cleanse, MOVE: Move, DEFER: Defer, CHARGE: Charge,
    MOVEMENT: Movement, RM_STEP: RmStep, ROUND: Round, IB_DECLARE: IbDeclare,
    IB_CANCEL: IbCancel, IB_JUMP: IbJump, IB_RETURN: IbReturn, DEFEAT: Defeat,
    COLLAPSE: Collapse, FIZZLE: Fizzle, DECK_OUT: DeckOut, RESULT: Result,
    HAND_FULL: HandFull, RM_RESTORED: RmRestored, PLAY: Play, PASSIVE: Passive,
    INSTALL: Install, UNINSTALL: Uninstall, SIGIL_USE: SigilUse, SUPPORT_IN: SupportIn,
    SUPPORT_OUT: SupportOut, CC_ROLL: CcRoll, CC_CHOICE: CcChoice, CC_ACTION: CcAction,
    CC_RETARGET: CcRetarget, PHASE: Phase, SPAWN: Spawn, FLUX: Flux, DEFER_DROP: DeferDrop,
    NO_SUMMON: NoSummon, SETUP_DRAW: SetupDraw}
"""Code -> its schema."""

read: EventReader[EventRecord] = EventReader(SCHEMAS)
"""`read(event)`: the stored tuple as its schema's record."""


_SEAT_AT = field_at(SCHEMAS, (DRAW, DISCARD), "seat")
"""Where a drawn or discarded card's seat stands in the tuple (redact reads only it)."""


def redact(event: Event, hands_seen: frozenset[int], discards_public: bool) -> Event:
    """The event as a viewer who sees the hands of `hands_seen` may see it (its own
    seat, and its teammates' under `team_hands_visible`; nobody's for a spectator): a
    card drawn, or discarded face down, into another hand is HIDDEN."""
    code = event[0]
    if code == DRAW or (code == DISCARD and not discards_public):
        seat = event[_SEAT_AT[code]]
        if seat not in hands_seen:
            return flat((Draw if code == DRAW else Discard)(code, seat, HIDDEN))
    return event


def render(event: Event, match: Match) -> str:
    """One human-readable sentence."""
    return _SENTENCE[event[0]](read(event), match)


def _u(match: Match, unit: int) -> str:
    return match.who(unit)


def _s(match: Match, seat: int) -> str:
    return match.seats[seat].name


def _card(match: Match, card: int) -> str:
    return "a card" if card == HIDDEN else match.card_name(card)


def _track_sentence(record: TrackEvent, m: Match) -> str:
    match record:
        case Setup(order=order):
            return "The track is set: " + " > ".join(_u(m, u) for u in order) + " | RM."
        case SetupDraw(order=order):
            return (f"Copies of {m.units[order[0]].name} tie on Initiative, Speed, HP, name "
                    "and title; a public draw sets their order: "
                    + " > ".join(_u(m, u) for u in order) + ".")
        case ActStart(unit=unit, round=number):
            when = f"(round {number})." if number else "(Time Collapse: no rounds)."
            return f"{_u(m, unit)} begins an activation {when}"
        case Move():
            return _moved(record, m)
        case Defer(unit=unit, amount=amount):
            return (f"{_u(m, unit)} is acting: its {_card_move(amount)} waits until after "
                    "its Movement Step.")
        case DeferDrop(unit=unit, amount=amount, reason=reason):
            return f"{_u(m, unit)}'s deferred {_card_move(amount)} is dropped: {_DROPS[reason]}."
        case Movement(unit=unit, speed=speed, crossed=crossed):
            past = ", past the Round Marker to the far right: out of round." if crossed else "."
            return f"Movement Step: {_u(m, unit)} moves {speed} to the right (Speed){past}"
        case RmStep(passed=passed):
            return "The Round Marker steps left" + (
                f", passing {_u(m, passed)}." if passed >= 0 else ".")
        case Round(round=number):
            return f"Round {number} begins; the Round Marker returns to the far right."
        case Collapse():
            return "Time Collapse! The Round Marker is removed."
        case RmRestored():
            return "Time flows again: the Round Marker returns."
        case IbDeclare(seat=seat, unit=unit):
            return f"{_s(m, seat)} declares an Initiative Break with {_u(m, unit)}!"
        case IbCancel(unit=unit):
            return f"{_u(m, unit)}'s Initiative Break is cancelled."
        case IbJump(unit=unit):
            return f"{_u(m, unit)} breaks to the far left."
        case IbReturn(unit=unit):
            return f"{_u(m, unit)} returns to the far right."
        case Result(team=team):
            return _result(team, m)
    assert_never(record)


def _card_sentence(record: CardEvent, m: Match) -> str:
    match record:
        case Shuffle(seat=seat):
            return f"{_s(m, seat)} shuffles their deck."
        case Draw(seat=seat, card=card):
            return f"{_s(m, seat)} draws {_card(m, card)}."
        case Mulligan(seat=seat):
            return f"{_s(m, seat)} takes a mulligan, returning their hand to the deck."
        case Keep(seat=seat):
            return f"{_s(m, seat)} keeps their opening hand."
        case Discard(seat=seat, card=card):
            return f"{_s(m, seat)} discards {_card(m, card)}."
        case HandFull(seat=seat):
            return f"{_s(m, seat)} holds 5 cards and does not draw."
        case DeckOut(seat=seat):
            return f"{_s(m, seat)} must draw from an empty deck and loses."
        case Play(unit=unit, card=card, targets=targets):
            return f"{_u(m, unit)} plays {m.card_name(card)}{_targets(m, targets)}."
        case Install(unit=unit, card=card, recipient=recipient):
            return f"{_u(m, unit)} installs {m.card_name(card)} on {_u(m, recipient)}."
        case Uninstall(unit=unit, card=card):
            return f"{m.card_name(card)} is removed from {_u(m, unit)} and discarded."
        case SigilUse(unit=unit, card=card, tier=tier, targets=targets):
            return (f"{_u(m, unit)} uses {m.card_name(card)} (Discard {tier})"
                    f"{_targets(m, targets)}.")
        case Flux():
            return _flux(record, m)
    assert_never(record)


def _unit_sentence(record: UnitEvent, m: Match) -> str:
    match record:
        case Burn(unit=unit):
            return f"Burn flares on {_u(m, unit)}."
        case Stunned(unit=unit):
            return f"{_u(m, unit)} is Stunned and misses this activation."
        case Sealed(unit=unit):
            return f"{_u(m, unit)} is Sealed for this activation."
        case Muted(unit=unit):
            return f"{_u(m, unit)} is Muted for this activation."
        case Declare(unit=unit, kind=kind, targets=targets):
            return (f"{_u(m, unit)} declares {_article(ATTACK_NAMES[kind])}"
                    f"{_targets(m, targets)}.")
        case Pass(unit=unit):
            return f"{_u(m, unit)} passes."
        case Damage():
            return _damage(record, m)
        case Heal():
            return _heal(record, m)
        case Status(unit=unit, status=status):
            return f"{_u(m, unit)} gains {statuses.NAMES[status].title()}."
        case Cleanse(unit=unit, status=status):
            return f"{statuses.NAMES[status].title()} is cleansed from {_u(m, unit)}."
        case Charge(unit=unit, amount=amount, now=now):
            verb = "gains" if amount >= 0 else "loses"
            return f"{_u(m, unit)} {verb} {abs(amount)} Charge (now {now})."
        case Defeat(unit=unit):
            return f"{_u(m, unit)} is defeated and leaves the track."
        case Fizzle():
            return _fizzle(record, m)
        case Passive(unit=unit, ability=ability):
            return f"{_ability(m, unit, ability)} takes effect."
        case SupportIn(unit=unit, summoned=summoned):
            how = "is summoned" if summoned else "enters play"  # named with its seat alone
            whose = "." if m.num_seats > 1 else f" for {_s(m, m.unit_seat[unit])}."
            return f"{_u(m, unit)} {how}{whose}"
        case SupportOut(unit=unit, summoned=summoned):
            gone = "leaves the game." if summoned else "is discarded."
            return f"{_u(m, unit)} is defeated and {gone}"
        case NoSummon(unit=unit, reason=reason):
            why = ("it is in play already" if reason == SUMMON_IN_PLAY
                   else f"{_s(m, m.unit_seat[unit])} has summoned it once this game")
            return f"{_u(m, unit)} is not summoned: {why}."
    assert_never(record)


def _challenge_sentence(record: ChallengeEvent, m: Match) -> str:
    match record:
        case CcRoll(unit=unit, face=face, kind=kind, move=move, allowed=allowed):
            text = f"{_u(m, unit)} rolls {face}: {_move(m, unit, kind, move)}"
            return text + ("." if allowed else f", which {_u(m, unit)} may not use now.")
        case CcChoice(unit=unit, reason=reason, kind=kind, move=move):
            named = _move(m, unit, kind, move) if kind >= 0 else ""
            return f"{_u(m, unit)} {_CHOICE[reason].format(named)}"
        case CcAction(unit=unit, move=move, targets=targets):
            return (f"{_u(m, unit)} uses {_move(m, unit, frames.K_CHALLENGE, move)}"
                    f"{_targets(m, targets)}.")
        case CcRetarget(unit=unit, targets=targets):
            return (f"{_u(m, unit)} picks its target again"
                    f"{_targets(m, targets) or ': none is left'}.")
        case Phase(unit=unit, phase=phase):
            spec = m.cc_specs[unit]
            return f"{_u(m, unit)} enters phase {phase + 1}: " \
                   f"{spec.phases[phase].name if spec else ''}."
        case Spawn(spawner=spawner, unit=unit):
            if unit < 0:
                return f"{_u(m, spawner)} cannot spawn: every spawn it may have stands already."
            return f"{_u(m, spawner)} spawns {_u(m, unit)}."
    assert_never(record)


_SENTENCE: dict[int, Callable[[Any, Match], str]] = by_group(SCHEMAS, (
    (TrackEvent, _track_sentence), (CardEvent, _card_sentence),
    (UnitEvent, _unit_sentence), (ChallengeEvent, _challenge_sentence)))
"""Code -> the function giving its event's sentence."""


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


_CHOICE = {BY_BREAK_ART: "has 3 Charge and unleashes {}.", BY_TRIGGER: "is triggered: {}.",
           BY_NOTHING: "can do nothing this activation."}


def _fizzle(record: Fizzle, m: Match) -> str:
    unit, kind, card = record.unit, record.kind, record.card
    what = m.card_name(card) if card >= 0 and kind != frames.K_CHALLENGE \
        else _move(m, unit, kind, card)
    return f"{_u(m, unit)}'s {what} has no target left and fizzles."


_FLUX = ("draw 1 card.", "every Character of theirs heals 1 HP.", "{} heals 3 HP.")
"""What a Flux Surge token buys (IB 7.4), by option."""


def _flux(record: Flux, m: Match) -> str:
    unit = _u(m, record.unit)
    return (f"{_s(m, record.seat)} spends a Flux Surge token on {unit}'s activation: "
            + _FLUX[record.option].format(unit))


def _result(team: int, m: Match) -> str:
    if team < 0:
        return "The game is a draw."
    if team == m.cc_team:
        return "Every player loses: only Challenge Cards remain." if m.neutral \
            else "The Challenge Cards win."
    return f"{team_name(team, [s.name for s in m.seats if s.team == team])} wins."


def _damage(record: Damage, m: Match) -> str:
    """The total, and how it was reached when anything changed the printed amount."""
    text = f"{_u(m, record.target)} takes {record.total} damage"
    if record.base is not None:
        text += f" ({record.base}" + "".join(
            f" {'-' if step.amount < 0 else '+'} {abs(step.amount)} {_part(m, step.part)}"
            for step in record.parts) + ")"
    source = "" if record.source < 0 else f" from {_u(m, record.source)}"
    return f"{text}{source}: {record.hp} HP left."


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


def _heal(record: Heal, m: Match) -> str:
    """Nothing gained means it was at full HP already."""
    who = _u(m, record.unit)
    if record.gained == 0:
        return f"{who} is at full HP already ({record.hp} HP): nothing to heal."
    return f"{who} heals {record.gained} HP ({record.hp} HP)."


def _ordinal(slot: int) -> str:
    """Slot index 0 as `1st` (track positions, leftmost first)."""
    n = slot + 1
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _card_move(amount: int) -> str:
    """The cards' own words: `Move Up 2`, `Move Back 1`."""
    return f"Move {'Up' if amount < 0 else 'Back'} {abs(amount)}"


def _moved(record: Move, m: Match) -> str:
    """Where the unit went, or why it did not."""
    who, amount, outcome, slot = _u(m, record.unit), record.amount, record.outcome, record.slot
    verb = _card_move(amount).replace("Move", "Moves") + (" (deferred)" if record.deferred
                                                          else "")
    now = f"now {_ordinal(slot)}"
    if outcome == MOVED:
        return f"{who} {verb}: {now}."
    if outcome == CLAMPED:
        return f"{who} {verb} and stops {_clamped_at(amount, slot)}: {now}."
    if outcome == CROSSED:
        return f"{who} {verb} past the Round Marker to the far right: out of round, {now}."
    if outcome == REJOINED:
        return f"{who} {verb} back across the Round Marker: in round, {now}."
    if outcome == FIZZLED:
        return (f"{who}'s {_card_move(amount)} is lost: it would "
                + ("enter the Active slot." if amount < 0 else "pass the end of the track."))
    return f"{who} cannot {_card_move(amount)}: {_why_not(outcome, amount, slot)} " \
           f"({_ordinal(slot)})."


def _clamped_at(amount: int, slot: int) -> str:
    """Where a clamped move stopped (a Break holds slot 0)."""
    if amount >= 0:
        return "at the end of the track"
    return "short of the Active slot" if slot <= 1 else "behind the Active Character"


def _why_not(outcome: int, amount: int, slot: int) -> str:
    """Why a move did not happen (OUT_OF_ROUND or AT_LIMIT)."""
    if outcome == OUT_OF_ROUND:
        return "it is out of round"
    if amount >= 0:
        return "it is at the end of the track already"
    if slot == 0:
        return "it stands in the Active slot"
    return "only the Active slot is ahead" if slot == 1 else \
        "only a Break and the Active Character are ahead"


_DROPS = {DROP_CROSSED: "its Movement Step took it past the Round Marker, out of round",
          DROP_DEFEATED: "it was defeated",
          DROP_BREAK: "its own Initiative Break ended its activation"}


def _article(noun: str) -> str:
    return f"{'an' if noun[0] in 'AEIOU' else 'a'} {noun}"


def _targets(match: Match, targets: tuple[int, ...]) -> str:
    names = [_u(match, t) for t in targets if t >= 0]
    return f" targeting {', '.join(names)}" if names else ""
