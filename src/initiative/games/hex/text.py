"""Words: the sentences of log events and the readable labels of actions. Rendered
only when someone reads them (events are tuples on the hot path)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from initiative.games.hex import events as ev
from initiative.games.hex.actions import HexAction, Kind
from initiative.games.hex.geometry import Hex, neighbor
from initiative.games.hex.setup import HexSetup
from initiative.games.hex.specs import ActionCard, AttackSection, MoveSection, ReactionSection
from initiative.timing.stacked_decks import SPECIAL

FACING_WORDS = ("north", "north-east", "south-east", "south", "south-west", "north-west")


def seat_name(setup: HexSetup, seat: int) -> str:
    """The seat's one name, ``Kestrel (Player 1)`` (`SeatSetup.label`; ``seat N``,
    counted from 1, for a number the setup has no seat for)."""
    return setup.seats[seat].label if 0 <= seat < setup.num_seats else f"seat {seat + 1}"


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


def _plural(n: int, word: str) -> str:
    """`1 hit`, `2 hits`."""
    return f"{n} {word}{'s' if n != 1 else ''}"


def _names(setup: HexSetup, seats: tuple[int, ...]) -> str:
    return ", ".join(seat_name(setup, s) for s in seats)


def describe(setup: HexSetup, event: ev.Event) -> str:
    """The sentence of one event."""
    record = ev.read(event)
    match record:
        case ev.Round(round=number):
            return f"Round {number} begins."
        case ev.Draw(seat=seat, drawn=drawn):
            return f"{seat_name(setup, seat)} draws {_plural(drawn, 'card')}."
        case ev.Line(cards=cards):
            return "Initiative line: " + ", ".join(line_card(setup, c) for c in cards) + "."
        case ev.Reveal(position=at, card=card):
            return f"Initiative card {at + 1} is {line_card(setup, card)}."
        case ev.Skip(seat=seat, reason=reason):
            why = "has no playable card" if reason == ev.NO_PLAYABLE else "is out of the game"
            return f"{seat_name(setup, seat)} is skipped: {why}."
        case ev.Special():
            return _special(setup, record)
        case ev.Play(seat=seat, card=card, section=section):
            return (f"{seat_name(setup, seat)} plays {setup.content.cards[card].name} "
                    f"for its {ev.SECTION_NAMES[section].title()}.")
        case ev.Stepped(unit=unit, q=q, r=r):
            return f"{seat_name(setup, unit)} steps to {q},{r}."
        case ev.Displaced(unit=unit, q=q, r=r, by=by):
            return f"{seat_name(setup, by)} displaces {seat_name(setup, unit)} to {q},{r}."
        case ev.Faced():
            return _faced(setup, record)
        case ev.Targets(attacker=attacker, targets=targets):
            return f"{seat_name(setup, attacker)} attacks {_names(setup, targets)}."
        case ev.Rolled(target=target, needs=needs, hits=hits, faces=faces):
            rolled = ", ".join(str(f) for f in faces) or "no dice"
            return (f"Against {seat_name(setup, target)}, needing {needs}+: rolled {rolled}; "
                    f"{_plural(hits, 'hit')}.")
        case ev.Pushed(unit=unit, q=q, r=r):
            return f"{seat_name(setup, unit)} is pushed to {q},{r}."
        case ev.Reacted(seat=seat, card=card):
            return f"{seat_name(setup, seat)} reacts with {setup.content.cards[card].name}."
        case ev.Shielded(seat=seat, removed=removed, left=left):
            return f"{seat_name(setup, seat)} blocks {removed}; {_plural(left, 'hit')} left."
        case ev.Damaged(seat=seat, amount=amount, health=health):
            return f"{seat_name(setup, seat)} takes {amount} damage ({health} health left)."
        case ev.Eliminated(seat=seat, reason=reason):
            how = "is knocked out" if reason == ev.BY_DAMAGE else "is pushed off the board"
            return f"{seat_name(setup, seat)} {how} and leaves the game."
        case ev.Power():
            return _power_change(setup, record)
        case ev.GameOver():
            return _game_over(setup, record)
        case ev.Passed(seat=seat):
            return f"{seat_name(setup, seat)} passes."
        case ev.Stopped(unit=unit):
            return f"{seat_name(setup, unit)} stops."
        case ev.NoPush(unit=unit):
            return f"{seat_name(setup, unit)} cannot be pushed anywhere."
        case ev.Declined(seat=seat):
            return f"{seat_name(setup, seat)} does not react."
        case ev.Behind(seat=seat):
            return f"{seat_name(setup, seat)} was attacked from behind and cannot react."
        case ev.PowerReset():
            return "Power tokens are reset to 0."
    assert_never(record)


def _special(setup: HexSetup, record: ev.Special) -> str:
    if record.seat == ev.NOBODY:
        return "Special card: nobody has the most Power tokens; nothing happens."
    return (f"Special card: {seat_name(setup, record.seat)} has the most Power tokens "
            "and takes a turn.")


def _faced(setup: HexSetup, record: ev.Faced) -> str:
    facing = FACING_WORDS[record.facing]
    if record.by != record.unit:
        return f"{seat_name(setup, record.by)} turns {seat_name(setup, record.unit)} to " \
               f"face {facing}."
    return f"{seat_name(setup, record.unit)} faces {facing}."


def _power_change(setup: HexSetup, record: ev.Power) -> str:
    change = record.change
    verb = f"gains {change}" if change > 0 else f"loses {-change}"
    return f"{seat_name(setup, record.seat)} {verb} Power " \
           f"token{'s' if abs(change) != 1 else ''} (now {record.power})."


def _game_over(setup: HexSetup, record: ev.GameOver) -> str:
    if record.winner != ev.NOBODY:
        return f"Game over: {seat_name(setup, record.winner)} wins."
    if not record.leaders:
        return "Game over: nobody is left standing."
    return f"Game over: a draw between {_names(setup, record.leaders)}."


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
        return f"Attack {seat_name(setup, arg)}: hits on {needs}+"
    if kind == Kind.ORDER:
        return f"{seat_name(setup, arg)} reacts next"
    dest = f" to {neighbor(ctx.at, arg)}" if ctx.at is not None else ""
    if kind == Kind.STEP:
        return f"Step {FACING_WORDS[arg]}{dest}"
    who = seat_name(setup, ctx.unit) if ctx.unit >= 0 else "the unit"
    if kind == Kind.DISPLACE:
        return f"Displace {who} {FACING_WORDS[arg]}{dest}"
    return f"Push {who} {FACING_WORDS[arg]}{dest}"
