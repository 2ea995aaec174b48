"""Commands for card initiative rounds: small frozen dataclasses, plain data.

A tracker applies them with :meth:`CardRoundState.apply`; a record of a session is
setup + seed + the command list. Rule ids (FA-n, FA-An) are from OTHER-RULINGS 5.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from initiative.timing.cards_content import Card, Character

Source = Literal["hand", "deck"]


@dataclass(frozen=True, slots=True)
class BeginRound:
    """FA-1, FA-23: an initiative round with these characters (roster order kept)."""

    participants: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Commit:
    """FA-2, FA-3, FA-5: ``slot`` (a PC name, ``"GM"`` for the shared NPC card, or an
    NPC name under ``per_npc``) plays a card face down from hand (``index``) or deck top."""

    slot: str
    source: Source = "deck"
    index: int = 0


@dataclass(frozen=True, slots=True)
class Reveal:
    """FA-6..FA-10: simultaneous reveal, totals and the initiative order."""


@dataclass(frozen=True, slots=True)
class DeclareToGM:
    """FA-11: a tied PC tells the GM its intended action in secret."""

    who: str
    action: str


@dataclass(frozen=True, slots=True)
class OrderTie:
    """FA-10, FA-11: order a tie group. ``by`` is "players" (tied PCs agree) or "gm"
    (NPC order; or a PC ruling once every tied PC has declared in secret)."""

    names: tuple[str, ...]
    by: Literal["players", "gm"]


@dataclass(frozen=True, slots=True)
class Act:
    """FA-12, FA-13: the character up next begins its turn (one action), or the acting
    character, whose turn began with no action named, declares it. ``affects`` names
    whom the action affects: only they may confront it (FA-15)."""

    who: str
    action: str = ""
    attribute: str | None = None
    cards: int = 0
    affects: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Affects:
    """FA-15: the action under way also affects ``names`` (they may confront it)."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EndTurn:
    """FA-14: the acting character's turn (and its confrontations) is resolved."""


@dataclass(frozen=True, slots=True)
class Wait:
    """FA-19, FA-20, FA-A3, FA-A4: the character up next lets the next one go first."""

    who: str


@dataclass(frozen=True, slots=True)
class Announce:
    """The GM names who is up (FA-12 order): that turn has not begun, so the character
    may still wait or pass (FA-19, FA-A5); the GM's ``next`` (one meaning with ticks)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """FA-A5: the character up next declines to act; its turn is over."""

    who: str


@dataclass(frozen=True, slots=True)
class Confront:
    """FA-15..FA-17, FA-A9: ``who`` confronts the action in progress."""

    who: str
    attribute: str | None = None
    cards: int = 0


@dataclass(frozen=True, slots=True)
class SetInitiative:
    """FA-A10: the Initiative stat changes (totals fixed at reveal by default)."""

    who: str
    value: int
    cause: str = ""


@dataclass(frozen=True, slots=True)
class GrantLimitBonus:
    """FA-18 "unless specified otherwise by another effect" (e.g. Adrenaline, +1 this
    round or scene, per ``attribute_limit_scope``)."""

    who: str
    attribute: str
    amount: int = 1
    cause: str = "Adrenaline"


@dataclass(frozen=True, slots=True)
class RecordDamage:
    """Damage entered by the GM (resolved outside this model; maintenance recovers)."""

    who: str
    amount: int
    cause: str = ""


@dataclass(frozen=True, slots=True)
class AddEffect:
    """A sample ongoing effect resolved in maintenance: ``regeneration`` (recover 1)."""

    who: str
    effect: Literal["regeneration"] = "regeneration"


@dataclass(frozen=True, slots=True)
class RunMaintenance:
    """FA-21: the maintenance phase after all turns (or an all-wait, FA-A4)."""


@dataclass(frozen=True, slots=True)
class MaintenanceOutside:
    """FA-22: outside initiative rounds the GM runs maintenance ``times`` times."""

    times: int = 1


@dataclass(frozen=True, slots=True)
class AddCharacter:
    """FA-23, FA-A11: a newcomer joins the struggle (deck required under ``custom``)."""

    character: Character
    deck: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Hand upkeep (outside the seed): ``owner`` draws ``n`` cards from its deck top."""

    owner: str
    n: int = 1


@dataclass(frozen=True, slots=True)
class EndConflict:
    """FA-23: no more simultaneous actions; the GM ends the conflict (scene)."""


Command = (
    BeginRound
    | Commit
    | Reveal
    | DeclareToGM
    | OrderTie
    | Act
    | Affects
    | EndTurn
    | Wait
    | Announce
    | Pass
    | Confront
    | SetInitiative
    | GrantLimitBonus
    | RecordDamage
    | AddEffect
    | RunMaintenance
    | MaintenanceOutside
    | AddCharacter
    | Draw
    | EndConflict
)


def command_to_dict(cmd: Command) -> dict[str, Any]:
    """Plain data for a record: ``{"type": ClassName, ...fields}``."""
    data: dict[str, Any] = {"type": type(cmd).__name__}
    if isinstance(cmd, AddCharacter):
        data["character"] = cmd.character.to_dict()
        data["deck"] = None if cmd.deck is None else [c.to_list() for c in cmd.deck]
        return data
    data.update(asdict(cmd))
    return data
