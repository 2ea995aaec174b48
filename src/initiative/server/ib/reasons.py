"""Why a top-level action button of the web table is disabled: one true sentence.

The table shows the viewing seat a fixed set of buttons for the active unit (Basic
attack, Advanced attack, Break Art, Keystone ability, Pass, Play / Install for each
card in hand, and each installed Sigil). For every button whose action is not in
`view.legal`, `unavailable_reason` says why, from what that seat may know: the view
(never the state) and the public `Match`. The checks mirror how the engine decides
legality (activation.legal, sigils.usable, supports.can_enter, breaks.eligible); when
no specific reason can be told, a generic but true sentence is given instead.
"""

from __future__ import annotations

from initiative.games.ib import frames
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import (
    ADVANCED,
    BASIC,
    BREAK_ART,
    INSTALLS,
    KEYSTONE,
    PASS,
    PLAYS,
    SIGILS,
    Action,
    Kind,
)
from initiative.games.ib.match import Match
from initiative.games.ib.text.describe import active_unit
from initiative.games.ib.view import IBView, UnitView

__all__ = ["top_level_options", "unavailable_reason"]

ADVANCED_COST = 1
"""IB 4.2.1: an Advanced Attack spends 1 Charge (attacks.COST)."""
BREAK_ART_COST = 3
"""IB 4.3.1 / 3.7: a Break Art needs (and spends) all 3 Charge."""

_STAGE_WORDS = {
    frames.AS_TARGET: "choose its target",
    frames.AS_RETARGET: "choose its new target",
    frames.AS_COST: "pay its discard cost",
    frames.AS_CLEANSE: "choose the status to cleanse",
    frames.AS_TIER: "choose the Sigil tier",
    frames.AS_RECIPIENT: "choose who receives the Sigil",
    frames.AS_REPLACE: "choose the installed Sigil to discard",
}
"""What a seat still has to answer in a compound choice (the ACTION frame's stage)."""


def top_level_options(view: IBView, match: Match) -> list[Action]:
    """The candidate top-level actions to show as buttons for the viewing seat's active
    unit: BASIC, ADVANCED, BREAK_ART, KEYSTONE (only if the active unit has a Keystone),
    PASS, PLAY/INSTALL for each hand slot (PLAY for techniques/events/supports, INSTALL
    for sigils, whichever kind matches the card), SIGIL i for each installed sigil.
    Empty list for a spectator (view.seat < 0).

    When no unit of the viewing seat is activating, the Keystone and Sigil buttons
    (which belong to one unit) are left out; the others are still listed so the table
    can show them disabled with a reason. A plain card (no play effect) gets a PLAY
    button too, which is never legal (it can only be discarded, IB 2.8.7)."""
    if view.seat < 0:
        return []
    options = [BASIC, ADVANCED, BREAK_ART]
    unit = _own_active(view)
    if unit >= 0 and match.unit_keystones[unit] is not None:
        options.append(KEYSTONE)
    options.append(PASS)
    for slot, card in enumerate(view.hand[: len(PLAYS)]):
        is_sigil = view.content.cards[card].kind == "sigil"
        options.append(INSTALLS[slot] if is_sigil else PLAYS[slot])
    if unit >= 0:
        options.extend(SIGILS[i] for i in range(min(len(view.units[unit].sigils),
                                                    len(SIGILS))))
    return options


def unavailable_reason(view: IBView, match: Match, action: Action) -> str | None:
    """None if `action` is legal for the viewing seat now (it is in view.legal); else why
    not, one sentence."""
    if action in view.legal:
        return None
    if view.seat < 0:
        return "Spectators cannot act"
    if view.result is not None:  # IB 3.6.5 / 8.2: the battle is decided
        return "The game is over"
    if not view.stack:
        return "Nothing can be done now"
    top = view.stack[-1]
    active = active_unit(view)
    if active < 0:
        return _no_activation(view, top)
    unit = view.units[active]
    if unit.seat != view.seat:  # IB 3.2: only the active Character acts
        return f"It is {unit.name}'s activation ({_owner(view, unit)}), not yours"
    base = view.stack[0]
    assert base.tag == frames.ACTIVATION  # an activation runs: `active_unit` found it
    if base.flags & frames.F_STUNNED:  # IB 5.2.7 (Stun), AMB-09: the action is skipped
        return f"{unit.name} is Stunned: no action this activation (IB 5.2.7)"
    if view.deciding != view.seat:
        return _waiting(view, top)
    if top.tag == frames.ACTION:  # IB 3.2.5: the declared action resolves first
        return _finish_first(top)
    if top.tag == frames.WINDOW:
        if base.step > frames.ST_ACTION:  # IB 3.2: one action per activation
            return f"{unit.name} has already taken its action this activation (IB 3.2)"
        # IB 3.7 / AMB-32: every seat asked answers the response window first
        return "Answer the Initiative Break window first (break or decline, IB 3.7)"
    if top.tag != frames.ACTIVATION or top.unit != active:
        return _generic(unit)
    stage = top.step
    if stage > frames.ST_ACTION:  # IB 3.2: one action per activation
        return f"{unit.name} has already taken its action this activation (IB 3.2)"
    if stage < frames.ST_ACTION:  # IB 3.2.1: status check, start window, draw come first
        return f"{unit.name}'s Action Step has not begun yet (IB 3.2)"
    return _action_step_reason(view, match, unit, top.flags, action)


def _own_active(view: IBView) -> int:
    """The active unit (IB 3.2) if the viewing seat controls it, else -1."""
    unit = active_unit(view)
    return unit if unit >= 0 and view.units[unit].seat == view.seat else -1


# --- outside the viewing seat's Action Step ------------------------------------------


def _no_activation(view: IBView, top: frames.Frame) -> str:
    """No activation is running: the mulligans, or between activations."""
    if top.tag == frames.MULLIGAN:  # IB 2.8.2 / 2.9: opening hands come first
        if view.deciding == view.seat:
            return "Keep or mulligan your opening hand first (IB 2.8.2)"
        return f"Waiting for {_seat_name(view, view.deciding)} to keep or mulligan (IB 2.8.2)"
    if view.deciding != view.seat:
        return _waiting(view, top)
    # IB 3.2 / 3.7: actions are taken in an activation; between two, only a Break
    return "No Character is activating now; actions wait for your Character's activation"


def _waiting(view: IBView, top: frames.Frame) -> str:
    """Another seat owns the current decision."""
    who = _seat_name(view, view.deciding)
    if top.tag == frames.WINDOW:  # IB 3.7: a response window asks each seat in turn
        return f"Waiting for {who} to decide on an Initiative Break (IB 3.7)"
    return f"Waiting for {who} to decide"


def _finish_first(top: frames.ActionFrame) -> str:
    """IB 3.2.5 / 3.8: a compound choice (targets, cost, tier...) is under way."""
    what = _STAGE_WORDS.get(top.stage)
    return "Finish the current action first" + (f" ({what})" if what else "")


# --- the viewing seat's own Action Step (activation.legal) ---------------------------


def _action_step_reason(view: IBView, match: Match, unit: UnitView, flags: int,
                        action: Action) -> str:
    """Why `action` is not on the Action Step menu of the seat's own active unit."""
    kind = action.kind
    sealed = _restricted(unit, flags, frames.F_SEALED)
    muted = _restricted(unit, flags, frames.F_MUTED)
    name = unit.name
    if kind in (Kind.BASIC, Kind.ADVANCED, Kind.BREAK_ART):
        if sealed:  # IB 5.2.5: no Basic, Advanced Attacks or Break Arts
            return f"{name} is Sealed: no attacks or Break Art this activation (IB 5.2.5)"
        if kind == Kind.ADVANCED and unit.charge < ADVANCED_COST:  # IB 4.2.1
            return (f"Advanced attack needs {ADVANCED_COST} Charge; {name} has "
                    f"{unit.charge} (IB 4.2)")
        if kind == Kind.BREAK_ART and unit.charge < BREAK_ART_COST:  # IB 4.3.1 / 3.7
            return (f"Break Art needs {BREAK_ART_COST} Charge; {name} has "
                    f"{unit.charge} (IB 4.3)")
        return _generic(unit)
    if kind == Kind.KEYSTONE:
        return _keystone_reason(view, match, unit, muted) or _generic(unit)
    if kind in (Kind.PLAY, Kind.INSTALL):
        return _card_reason(view, match, unit, sealed, muted, action) or _generic(unit)
    if kind == Kind.SIGIL:
        return _sigil_reason(view, match, unit, flags, muted, action.arg) or _generic(unit)
    return _generic(unit)


def _restricted(unit: UnitView, flags: int, flag: int) -> bool:
    """IB 5.2.4-5.2.5 / 5.2.8 (activation.restricted): Seal or Mute was on the unit at
    its Status Check and has not been cleansed since."""
    status = st.SEAL if flag == frames.F_SEALED else st.MUTE
    return bool(flags & flag) and st.count(unit.statuses, status) > 0


def _keystone_reason(view: IBView, match: Match, unit: UnitView, muted: bool) -> str | None:
    """IB 4.6 / AMB-41 (the Keystone test of activation.legal)."""
    name = unit.name
    keystone = match.unit_keystones[unit.unit]
    if keystone is None:  # IB 2.2: no Keystone was assigned to this Character
        return f"{name} has no Keystone"
    if not keystone.ability:  # IB 4.6: nothing to activate
        return f"{keystone.name} has no ability to use"
    if muted:  # IB 5.2.4: no Keystone or Sigil abilities
        return f"{name} is Muted: no Keystone or Sigil abilities this activation (IB 5.2.4)"
    cost = match.config.keystone_ability_cost
    if cost == "one_charge" and unit.charge < 1:  # IB 3.2 step 4 / AMB-41
        return f"The Keystone ability costs 1 Charge; {name} has {unit.charge} (IB 4.6)"
    if cost == "discard_by_tier" and not view.hand:  # AMB-41: tier 1 costs a discard
        return "The Keystone ability costs 1 discard; your hand is empty (IB 4.6)"
    return None


def _card_reason(view: IBView, match: Match, unit: UnitView, sealed: bool, muted: bool,
                 action: Action) -> str | None:
    """IB 4.4-4.8 (the card loop of activation.legal): play a Technique, Event or Support, or
    install a Sigil, from hand slot `action.arg`."""
    hand = view.hand
    slot = action.arg
    if not 0 <= slot < len(hand):
        return f"You have no card in hand slot {slot + 1}"
    card = hand[slot]
    spec = view.content.cards[card]
    title = spec.name
    name = unit.name
    owner = spec.signature
    if owner is not None and match.config.signature_play == "own_character" \
            and owner != match.units[unit.unit].key:  # IB 2.7.5 (signatures.may_play)
        return (f"{title} is {view.content.characters[owner].name}'s signature card; only "
                "that Character may play it (IB 2.7.5)")
    if action.kind == Kind.INSTALL:
        if spec.kind != "sigil":  # IB 4.5: only a Sigil is installed
            return f"{title} is not a Sigil; only Sigils are installed (IB 4.5)"
        if muted:  # IB 5.2.4: a Muted Character cannot install Sigils
            return f"{name} is Muted: no Sigils can be installed this activation (IB 5.2.4)"
        if match.config.sigil_installer_needs_type and (
                spec.sigil_type not in match.units[unit.unit].affinities):  # IB 2.3.4
            return (f"{name} does not print the {spec.sigil_type} type of {title}, and the "
                    "installer must (IB 2.3.4)")
        if not _sigil_hosts(view, match, unit, spec.sigil_type):  # IB 4.5.2 / AMB-44
            return (f"No Character of {name}'s side on the track prints the "
                    f"{spec.sigil_type} type {title} needs (IB 4.5.2)")
        return None
    if spec.kind == "sigil":  # IB 4.5.1: a Sigil is installed, not played
        return f"{title} is a Sigil: install it instead (IB 4.5)"
    if spec.kind == "plain":  # IB 2.8.7: a card without a play effect is only discarded
        return f"{title} has no play effect; it can only be discarded (IB 2.8.7)"
    if spec.kind == "technique" and sealed:  # IB 5.2.5: no Technique cards
        return f"{name} is Sealed: no Techniques this activation (IB 5.2.5)"
    others = len(hand) - 1
    if spec.cost > others:  # IB 4.4 / AMB-47: the cost is paid with the other cards
        return (f"{title} costs {_cards(spec.cost)} to discard; you hold "
                f"{_cards(others)} besides it (IB 4.4)")
    if spec.kind == "support":  # IB 2.5.4 / 4.7: one copy, not already in play
        support = match.support_slot.get((view.seat, card))
        if support is None:
            return None
        if view.units[support].on_track:
            return f"{title} is already in play (IB 2.5.4)"
    return None


def _sigil_hosts(view: IBView, match: Match, unit: UnitView, sigil_type: str) -> list[int]:
    """IB 4.5.2 / 4.5.5 (sigils.recipients): Characters of the unit's side on the track
    printing the Sigil's type."""
    hosts = match.sigil_hosts.get((match.unit_team[unit.unit], sigil_type), ())
    return [u for u in hosts if view.units[u].on_track]


def _sigil_reason(view: IBView, match: Match, unit: UnitView, flags: int, muted: bool,
                  slot: int) -> str | None:
    """IB 4.5.6-4.5.7 / AMB-40 (sigils.usable, sigils.payable_tiers)."""
    name = unit.name
    if not 0 <= slot < len(unit.sigils):
        return f"{name} has no Sigil installed in slot {slot + 1}"
    title = view.card_name(unit.sigils[slot][0])
    if muted:  # IB 5.2.4: no Sigil abilities
        return f"{name} is Muted: no Keystone or Sigil abilities this activation (IB 5.2.4)"
    if slot < len(frames.F_SIGIL_USED) and flags & frames.F_SIGIL_USED[slot]:  # IB 4.5.6
        return f"{title} was already used this activation (IB 4.5.6)"
    cost = match.config.sigil_activation_cost
    if cost != "discard_by_tier" and unit.charge < 1:  # AMB-40: one_charge / both
        return f"Using {title} costs 1 Charge; {name} has {unit.charge} (IB 4.5)"
    if not view.content.cards[unit.sigils[slot][0]].tiers:
        return None
    if cost != "one_charge" and not view.hand:  # IB 4.5.7: tier N costs N discards
        return f"Using {title} costs at least 1 discard; your hand is empty (IB 4.5)"
    return None


# --- words -----------------------------------------------------------------------------


def _generic(unit: UnitView) -> str:
    return f"Not available to {unit.name} now"


def _seat_name(view: IBView, seat: int) -> str:
    if 0 <= seat < len(view.seat_names):
        return view.seat_names[seat]
    return "another player"


def _owner(view: IBView, unit: UnitView) -> str:
    """Whose unit it is: a seat's name, or a Challenge Card (IB 6)."""
    if unit.seat < 0:
        return "a Challenge Card"
    return _seat_name(view, unit.seat)


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
