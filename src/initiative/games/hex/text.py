"""Words: the sentences of log events and the readable labels of actions. Rendered
only when someone reads them (events are tuples on the hot path)."""

from __future__ import annotations

from dataclasses import dataclass

from initiative.games.hex import events as ev
from initiative.games.hex.actions import HexAction, Kind
from initiative.games.hex.geometry import Hex, neighbor
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.specs import ActionCard, AttackSection, MoveSection, ReactionSection
from initiative.timing.stacked_decks import SPECIAL

FACING_WORDS = ("north", "north-east", "south-east", "south", "south-west", "north-west")


def seat_name(setup: HexSetup, seat: int) -> str:
    """The seat's name (`seat N` for a number the setup has no seat for)."""
    return setup.seats[seat].name if 0 <= seat < setup.num_seats else f"seat {seat}"


def _power(n: int) -> list[str]:
    if n > 0:
        return [f"power up {n}" if n > 1 else "power up"]
    if n < 0:
        return [f"power down {-n}" if n < -1 else "power down"]
    return []


def move_summary(move: MoveSection) -> str:
    """E.g. `2 hexes, displace`; `turn only` for a Move 0 (HX-20)."""
    parts = ["turn only" if move.steps == 0 else
             f"{move.steps} hex{'es' if move.steps != 1 else ''}"]
    if move.displace:
        parts.append("displace")
    return ", ".join(parts + _power(move.power))


def attack_summary(attack: AttackSection) -> str:
    """E.g. `2 dice, barrage, push`."""
    parts = [f"{attack.dice} di{'ce' if attack.dice != 1 else 'e'}"]
    parts += [word for flag, word in ((attack.barrage, "barrage"), (attack.fumble, "fumble"),
                                      (attack.push, "push")) if flag]
    return ", ".join(parts + _power(attack.power))


def reaction_summary(reaction: ReactionSection) -> str:
    """E.g. `2 shields, move 1`."""
    parts = []
    if reaction.shields:
        parts.append(f"{reaction.shields} shield{'s' if reaction.shields != 1 else ''}")
    if reaction.steps is not None:
        parts.append("turn" if reaction.steps == 0 else f"move {reaction.steps}")
    if reaction.displace:
        parts.append("displace")
    parts += _power(reaction.power)
    return ", ".join(parts) or "no effect"


def card_summary(card: ActionCard) -> str:
    return (f"{card.name}: move {move_summary(card.move)} / attack "
            f"{attack_summary(card.attack)} / reaction {reaction_summary(card.reaction)}")


def line_card(setup: HexSetup, card: int) -> str:
    return "Special" if card == SPECIAL else seat_name(setup, card)


def describe(setup: HexSetup, event: ev.Event) -> str:
    """The sentence of one event."""
    code = event[0]

    def name(seat: int) -> str:
        return seat_name(setup, seat)

    cards = setup.content.cards
    if code == ev.ROUND:
        return f"Round {event[1]} begins."
    if code == ev.DRAW:
        return f"{name(event[1])} draws {event[2]} card{'s' if event[2] != 1 else ''}."
    if code == ev.LINE:
        return "Initiative line: " + ", ".join(line_card(setup, c) for c in event[1:]) + "."
    if code == ev.REVEAL:
        return f"Initiative card {event[1] + 1} is {line_card(setup, event[2])}."
    if code == ev.SKIP:
        why = "has no playable card" if event[2] == ev.NO_PLAYABLE else "is out of the game"
        return f"{name(event[1])} is skipped: {why}."
    if code == ev.SPECIAL:
        if event[1] == ev.NOBODY:
            return "Special card: nobody has the most Power tokens; nothing happens."
        return f"Special card: {name(event[1])} has the most Power tokens and takes a turn."
    if code == ev.PLAY:
        section = ev.SECTION_NAMES[event[3]]
        return f"{name(event[1])} plays {cards[event[2]].name} for its {section.title()}."
    if code == ev.PASSED:
        return f"{name(event[1])} passes."
    if code == ev.STEPPED:
        return f"{name(event[1])} steps to {event[2]},{event[3]}."
    if code == ev.DISPLACED:
        return f"{name(event[4])} displaces {name(event[1])} to {event[2]},{event[3]}."
    if code == ev.STOPPED:
        return f"{name(event[1])} stops."
    if code == ev.FACED:
        facing = FACING_WORDS[event[2]]
        if event[3] != event[1]:
            return f"{name(event[3])} turns {name(event[1])} to face {facing}."
        return f"{name(event[1])} faces {facing}."
    if code == ev.TARGETS:
        return f"{name(event[1])} attacks " + ", ".join(name(t) for t in event[2:]) + "."
    if code == ev.ROLLED:
        faces = ", ".join(str(f) for f in event[4:]) or "no dice"
        return (f"Against {name(event[1])} ({event[2]}+): rolled {faces}; "
                f"{event[3]} hit{'s' if event[3] != 1 else ''}.")
    if code == ev.PUSHED:
        return f"{name(event[1])} is pushed to {event[2]},{event[3]}."
    if code == ev.NO_PUSH:
        return f"{name(event[1])} cannot be pushed anywhere."
    if code == ev.REACTED:
        return f"{name(event[1])} reacts with {cards[event[2]].name}."
    if code == ev.DECLINED:
        return f"{name(event[1])} does not react."
    if code == ev.BEHIND:
        return f"{name(event[1])} was attacked from behind and cannot react."
    if code == ev.SHIELDED:
        left = f"{event[3]} hit{'s' if event[3] != 1 else ''}"
        return f"{name(event[1])} blocks {event[2]}; {left} left."
    if code == ev.DAMAGED:
        return f"{name(event[1])} takes {event[2]} damage ({event[3]} health left)."
    if code == ev.ELIMINATED:
        how = "is knocked out" if event[2] == ev.BY_DAMAGE else "is pushed off the board"
        return f"{name(event[1])} {how} and leaves the game."
    if code == ev.POWER:
        change = event[2]
        verb = f"gains {change}" if change > 0 else f"loses {-change}"
        return f"{name(event[1])} {verb} Power token{'s' if abs(change) != 1 else ''} " \
               f"(now {event[3]})."
    if code == ev.POWER_RESET:
        return "Power tokens are reset to 0."
    if code == ev.GAME_OVER:
        if event[1] != ev.NOBODY:
            return f"Game over: {name(event[1])} wins."
        leaders = event[2:]
        if not leaders:
            return "Game over: nobody is left standing."
        return "Game over: a draw between " + ", ".join(name(s) for s in leaders) + "."
    raise ValueError(f"unknown event {event!r}")


@dataclass(frozen=True, slots=True)
class LabelContext:
    """What an action's label names: the deciding seat's hand, the hex of the unit the
    decision concerns (mover, displaced or pushed unit), and the attacker."""

    hand: tuple[int, ...] = ()
    at: Hex | None = None
    unit: int = -1
    attacker: int = -1
    needs: tuple[int, ...] = ()


def label(setup: HexSetup, action: HexAction, ctx: LabelContext) -> str:
    """A readable sentence for `action`, e.g. `Play Lunge for its Move (2 hexes,
    displace)`."""
    kind, arg = action.kind, action.arg
    cards = setup.content.cards
    if kind in (Kind.PLAY_MOVE, Kind.PLAY_ATTACK, Kind.REACT):
        card = cards[ctx.hand[arg]] if arg < len(ctx.hand) else None
        title = card.name if card else f"card {arg + 1}"
        if kind == Kind.PLAY_MOVE:
            return f"Play {title} for its Move ({move_summary(card.move) if card else ''})"
        if kind == Kind.PLAY_ATTACK:
            return f"Play {title} for its Attack ({attack_summary(card.attack) if card else ''})"
        return (f"Discard {title} for its Reaction "
                f"({reaction_summary(card.reaction) if card else ''})")
    if kind == Kind.PASS:
        return "Pass the turn"
    if kind == Kind.STOP:
        return "Stop moving here"
    if kind == Kind.DECLINE:
        return "Do not react"
    if kind == Kind.FACE:
        if ctx.unit >= 0 and ctx.attacker == ctx.unit:
            return f"Turn {seat_name(setup, ctx.unit)} to face {FACING_WORDS[arg]}"
        return f"Face {FACING_WORDS[arg]}"
    if kind == Kind.TARGET:
        needs = ctx.needs[arg] if arg < len(ctx.needs) else 0
        return f"Attack {seat_name(setup, arg)} (hits on {needs}+)"
    if kind == Kind.ORDER:
        return f"{seat_name(setup, arg)} reacts next"
    dest = f" to {neighbor(ctx.at, arg)}" if ctx.at is not None else ""
    if kind == Kind.STEP:
        return f"Step {FACING_WORDS[arg]}{dest}"
    who = seat_name(setup, ctx.unit) if ctx.unit >= 0 else "the unit"
    if kind == Kind.DISPLACE:
        return f"Displace {who} {FACING_WORDS[arg]}{dest}"
    return f"Push {who} {FACING_WORDS[arg]}{dest}"
