"""The guided first game of Initiative Break: the tutorial's fixed setup and a hint at
each decision, shared by the terminal (`initiative play --tutorial`) and the web table
(a tutorial table's seat page).

A hint is computed from the deciding seat's view and its legal actions, never from a
script of exact moves, so whatever the player chose before, the next decision still
gets a sensible hint: what the decision is about (with the rule it rests on) and one
suggested legal choice, with why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from initiative.games.ib import frames
from initiative.games.ib.actions import Action, Kind, target_unit
from initiative.games.ib.match import Match
from initiative.games.ib.specs import Clause
from initiative.games.ib.text.describe import (
    ATTACKS,
    active_unit,
    attack_clauses,
    describe_action,
)
from initiative.games.ib.view import IBView, UnitView

SEED = 25
"""The tutorial game's seed (the same deal every time unless the player picks one)."""
TEAMS = ("tideguard", "ashfall")
"""The player's starter team and the bot's (shipped content)."""
BOT = "random"
"""The opponent: the simplest bot."""
TITLE = "Tutorial: your first game"
"""The tutorial table's name (web) and the terminal's heading."""
ATTACK_KINDS = (Kind.BASIC, Kind.ADVANCED, Kind.BREAK_ART, Kind.KEYSTONE, Kind.PLAY)
"""The actions of an activation that may deal damage."""


@dataclass(frozen=True, slots=True)
class Hint:
    """What the decision is about, and one suggested legal choice with why."""

    about: str
    suggestion: str
    action: Action
    """The suggested action (one of the view's legal actions)."""

    @property
    def text(self) -> str:
        return f"{self.about} Suggested: {self.suggestion}"


def hint(view: IBView, match: Match) -> Hint | None:
    """The hint for the seat of `view` at its decision; None when it has none to make."""
    if not view.legal or view.deciding != view.seat:
        return None
    top = view.stack[-1] if view.stack else None
    if top is not None and top.tag == frames.MULLIGAN:
        return _mulligan(view)
    if top is not None and top.tag == frames.WINDOW:
        return _window(view, match)
    if top is not None and top.tag == frames.ACTION:
        return _action_step(view, match, top)
    if top is not None and top.tag == frames.ACTIVATION and top.step == frames.ST_DRAW:
        return _before_draw(view)
    if top is not None and top.tag == frames.ACTIVATION:
        return _activation(view, match)
    first = view.legal[0]
    return Hint("Choose one of the listed actions.", describe_action(view, match, first),
                first)


def _find(view: IBView, kind: Kind) -> Action | None:
    return next((a for a in view.legal if a.kind == kind), None)


def _mulligan(view: IBView) -> Hint:
    """IB 2.8.2: keep the opening hand or take the one mulligan."""
    keep = _find(view, Kind.KEEP)
    playable = [c for c in view.hand if view.content.cards[c].playable]
    about = ("Opening hand (IB 2.8.2): you may keep these cards or shuffle them back and "
             "draw new ones, once.")
    if keep is not None and playable:
        return Hint(about, f"keep it: it holds {len(playable)} card(s) you can play, "
                    f"such as {view.card_name(playable[0])}.", keep)
    mulligan = _find(view, Kind.MULLIGAN) or view.legal[0]
    return Hint(about, "take the mulligan: nothing in this hand can be played.", mulligan)


def _before_draw(view: IBView) -> Hint:
    """IB 2.8.7: a full hand draws nothing, so a free discard first makes room."""
    about = ("Draw Step (IB 2.8.7): your hand is full, so you would draw nothing; you may "
             "discard a card first for free.")
    supply = next((a for a in view.legal if a.kind == Kind.DISCARD
                   and not view.content.cards[view.hand[a.arg]].playable), None)
    if supply is not None:
        return Hint(about, f"discard {view.card_name(view.hand[supply.arg])}, a supply "
                    "card with no effect, to draw a fresh card.", supply)
    keep = _find(view, Kind.KEEP) or view.legal[0]
    return Hint(about, "keep your hand: every card in it can be played.", keep)


def _enemy(view: IBView, unit: UnitView) -> bool:
    return unit.seat != view.seat and (
        unit.seat < 0 or unit.team != view.seat_teams[view.seat])


def _damage(clauses: Sequence[Clause]) -> int:
    """Damage the clauses deal to enemies (one target each)."""
    return sum(c.damage for c in clauses if c.target in ("enemy", "all_enemies"))


def _clauses(view: IBView, match: Match, action: Action, unit: int) -> tuple[Clause, ...]:
    if action.kind == Kind.PLAY:
        card = view.hand[action.arg] if action.arg < len(view.hand) else -1
        return match.content.cards[card].effects if card >= 0 else ()
    return attack_clauses(match, unit, action.kind)


def _activation(view: IBView, match: Match) -> Hint:
    """IB 3.1.2, 4.1-4.4: the leftmost unit acts; the attack dealing the most damage is
    suggested, the free Basic Attack (which also builds Charge) on a tie."""
    unit = active_unit(view)
    me = view.units[unit] if unit >= 0 else None
    who = me.who if me is not None else "Your Character"
    about = (f"{who} is on the Active slot, the leftmost of the track, so it acts now "
             f"(IB 3.1.2). Attack with a Basic Attack (free, +1 Charge), an Advanced "
             f"Attack (1 Charge), or play a Technique from your hand (IB 4.4).")
    options = [(_damage(_clauses(view, match, a, unit)), a.kind == Kind.BASIC, -i, a)
               for i, a in enumerate(view.legal) if a.kind in ATTACK_KINDS]
    if not options:
        first = view.legal[0]
        return Hint(about, describe_action(view, match, first) + ".", first)
    damage, _, _, best = max(options, key=lambda o: o[:3])
    if best.kind == Kind.PLAY:
        name = view.card_name(view.hand[best.arg])
        what = f"play {name}: it deals {damage} damage"
    else:
        what = f"use the {ATTACKS[best.kind]}: it deals {damage} damage"
    why = " and gains 1 Charge (at 3 Charge a Character may Initiative Break, IB 3.7)" \
        if best.kind == Kind.BASIC else ""
    return Hint(about, f"{what}{why}.", best)


def _action_step(view: IBView, match: Match, frame: frames.ActionFrame) -> Hint:
    """The steps of an action: its cost (IB 4.4.2), a target (IB 3.8), a Sigil's tier
    or recipient (IB 4.5), a status to cleanse (IB 5.2.8)."""
    first = view.legal[0]
    if frame.stage == frames.AS_COST:
        about = "Paying a cost (IB 4.4.2): discard a card from your hand."
        supply = next((a for a in view.legal if a.kind == Kind.DISCARD and
                       not view.content.cards[view.hand[a.arg]].playable), None)
        if supply is not None:
            return Hint(about, describe_action(view, match, supply) + ": a supply card "
                        "is the cheapest to give up.", supply)
        return Hint(about, describe_action(view, match, first) + ".", first)
    targets = [a for a in view.legal if a.kind in (Kind.TARGET, Kind.TARGET_SUPPORT)]
    if not targets:
        return Hint("Finish the action's choice (IB 4.5, 5.2.8).",
                    describe_action(view, match, first) + ".", first)
    clauses = frame.clauses
    i = frame.targets.index(frames.PENDING) if frames.PENDING in frame.targets else -1
    clause = clauses[i] if 0 <= i < len(clauses) else None
    units = [(view.units[target_unit(a, match.num_characters)], a) for a in targets]
    foes = [(u, a) for u, a in units if _enemy(view, u)]
    if clause is not None and clause.target == "enemy" and foes:
        unit, best = min(foes, key=lambda p: p[0].hp)
        return Hint(f"Choose the target (IB 3.8): this clause deals {clause.damage} "
                    "damage to an enemy.", f"{unit.who}, the enemy with the least HP "
                    f"({unit.hp}): defeated Characters leave the track.", best)
    friends = [(u, a) for u, a in units if not _enemy(view, u)] or units
    unit, best = min(friends, key=lambda p: p[0].hp - p[0].max_hp)
    return Hint("Choose the target (IB 3.8) of this effect.",
                f"{unit.who} ({unit.hp}/{unit.max_hp} HP).", best)


def _window(view: IBView, match: Match) -> Hint:
    """IB 3.7: a unit at 3 Charge may Initiative Break: jump to the front and use its
    Break Art."""
    about = ("Initiative Break window (IB 3.7): a Character of yours at 3 Charge may "
             "break, jumping to the front of the track to use its Break Art.")
    brk = _find(view, Kind.BREAK)
    if brk is not None:
        unit = view.units[brk.arg]
        damage = _damage(attack_clauses(match, brk.arg, Kind.BREAK_ART))
        return Hint(about, f"break with {unit.who}: its Break Art deals {damage} damage.", brk)
    decline = _find(view, Kind.DECLINE) or view.legal[0]
    return Hint(about, "decline: none of yours can break now.", decline)
