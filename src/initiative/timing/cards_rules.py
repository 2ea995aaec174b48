"""House-rule switches for card initiative rounds (FaithRPG-compatible, seed 004).

Each field mirrors the flag of the same name in ../shared/OTHER-RULINGS.md section 5b
(the FA-An entry is named beside it); the first value listed there is the default here.
Flags the register gives a single value get one documented alternative reading so
that every flag has two readings to test.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from initiative.timing.flag_types import flag_problems

NpcInitiativeCard = Literal["shared", "per_npc"]
GmCardDiscard = Literal["first_npc_turn", "last_npc_turn"]
WaitModel = Literal["chain", "reinsert_after_next"]
AllWaitCards = Literal["reuse", "return_to_hand"]
ForfeitCardDiscard = Literal["immediately", "end_of_round"]
AttributeLimitScope = Literal["round", "scene"]
UnresolvedTieFallback = Literal["roster_order", "require_decision"]
NewcomersJoin = Literal["next_round", "before_reveal"]
DeckSpec = Literal["sample_40", "custom"]
NewcomerHand = Literal["starting_hand", "empty"]
UndeclaredAffected = Literal["confronter_affected", "refuse"]


@dataclass(frozen=True, slots=True)
class CardRoundRules:
    """Readings of unclear card-round rules (see docs/rules-interpretations.md)."""

    npc_initiative_card: NpcInitiativeCard = "shared"  # FA-A1
    gm_card_discard: GmCardDiscard = "first_npc_turn"  # FA-A2
    wait_model: WaitModel = "chain"  # FA-A3
    all_wait_cards: AllWaitCards = "reuse"  # FA-A4
    maintenance_after_all_wait: bool = True  # FA-A4
    allow_pass: bool = True  # FA-A5
    forfeit_card_discard: ForfeitCardDiscard = "immediately"  # FA-A6
    attribute_limit_scope: AttributeLimitScope = "round"  # FA-A7
    initiative_card_counts_toward_limit: bool = False  # FA-A7
    # FA-A8: "require_decision" (ours) refuses turns until every tie is ordered.
    unresolved_tie_fallback: UnresolvedTieFallback = "roster_order"
    non_participants_may_confront: bool = True  # FA-A9
    reorder_on_stat_change: bool = False  # FA-A10
    # FA-A11: "before_reveal" (ours) lets a newcomer take part in the current round
    # while cards are still face down; after the reveal it waits for the next round.
    newcomers_join: NewcomersJoin = "next_round"
    deck_spec: DeckSpec = "sample_40"  # FA-A12 ("custom": decks supplied by the caller)
    min_participants_for_round: int = 2  # FA-A13
    # FA-A14 blinds a deck-top commitment even to its owner; the model also keeps it from
    # the GM until the reveal. True (ours) shows it in the GM's view, never to a player.
    gm_sees_deck_top: bool = False
    # FA-3, FA-23 (ours): a PC added mid-conflict is dealt the table's starting hand, as
    # roster PCs are; "empty" leaves its hand empty until the GM draws for it.
    newcomer_hand: NewcomerHand = "starting_hand"
    # FA-15 (ours): only characters an action affects may confront it. When nobody
    # declared whom it affects, a confront marks the confronter affected (and says so);
    # "refuse" demands that the action name its targets first.
    undeclared_affected: UndeclaredAffected = "confronter_affected"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CardRoundRules:
        problems = flag_problems(cls, data)
        if problems:
            raise ValueError("card-round house rules: " + "; ".join(problems))
        return cls(**data)
