"""What one viewer of a card-initiative table may see (FA-A14).

FaithRPG-compatible card initiative (seed 004). Rule ids FA-n / FA-An refer to
../shared/OTHER-RULINGS.md section 5; readings of unclear points come from
:class:`~initiative.timing.cards_rules.CardRoundRules`.

:class:`CardViewMixin` gives :class:`~initiative.timing.cards.CardRoundState` its
:meth:`~CardViewMixin.view`, the only door to hidden information: face-down cards, hands,
secret declarations (FA-11) and the private readings of the log.
"""

from __future__ import annotations

from typing import Any

from initiative.engine.contract import GAME_MASTER, SPECTATOR
from initiative.timing.cards_state import (
    GM,
    SPECTATOR_VIEWER,
    CardRoundBase,
    CardRoundError,
    _copy_nested,
)

__all__ = ["CardViewMixin"]


class CardViewMixin(CardRoundBase):
    """The per-viewer view of :class:`~initiative.timing.cards.CardRoundState`."""

    __slots__ = ()

    # ------------------------------------------------------------------ views

    def view(self, viewer: str | int) -> dict[str, Any]:
        """What ``viewer`` may see: a PC name (its player), ``"GM"`` / GAME_MASTER, or
        ``"@spectator"`` / SPECTATOR. Face-down cards are shown only to the committing
        player and the GM, deck-top commitments to nobody (FA-A14); hands only to their
        owner (and the GM); deck order and the RNG to nobody."""
        if viewer == GAME_MASTER:
            viewer = GM
        elif viewer == SPECTATOR:
            viewer = SPECTATOR_VIEWER
        if not isinstance(viewer, str) or (
            viewer not in (GM, SPECTATOR_VIEWER) and self.character(viewer).side != "pc"
        ):
            raise CardRoundError(f"{viewer!r} is not a viewer (a player character, GM, spectator)")
        gm = viewer == GM
        commits: list[dict[str, Any]] = []
        for slot in self.needed_slots() if self.phase in ("commit", "turns") else []:
            entry: dict[str, Any] = {"slot": slot, "committed": slot in self.commitments}
            if slot in self.commitments:
                card, src = self.commitments[slot]
                entry["source"] = src
                owner = self.owner_of_slot(slot)
                face_up = self.revealed or slot in self.kept
                gm_peeks = gm and (src == "hand" or self.rules.gm_sees_deck_top)
                if face_up or gm_peeks or (src == "hand" and viewer == owner):
                    entry["card"] = card.to_list()
            commits.append(entry)
        hands = {
            o: [c.to_list() for c in h] if gm or o == viewer else len(h)
            for o, h in self.hands.items()
        }
        decls = {k: v for k, v in self.declarations.items() if gm or k == viewer}
        log = [p if q is None or viewer not in a else q for _, p, q, a in self.log]
        return {
            "viewer": viewer,
            "round": self.round,
            "phase": self.phase,
            "rules": self.rules.to_dict(),
            "roster": [c.to_dict() for c in self.roster],
            "participants": self.participants[:],
            "status": dict(self.status),
            "totals": dict(self.totals),
            "values": dict(self.values) if self.revealed else {},  # revealed card values
            "queue": self.queue[:],
            "waiting_on": dict(self.waiting_on),
            "acting": self.acting,
            "action": self.action,
            "ties": [[t[0], t[1], t[2][:], t[3]] for t in self.ties],
            "commitments": commits,
            "hands": hands,
            "deck_counts": {o: len(d) for o, d in self.decks.items()},
            "discards": {o: [c.to_list() for c in d] for o, d in self.discards.items()},
            "declarations": decls,
            "played": _copy_nested(self.played),
            "bonus": _copy_nested(self.bonus),
            "damage": dict(self.damage),
            "regeneration": self.regen[:],
            "elapsed_seconds": [3 * self.elapsed_rounds, 5 * self.elapsed_rounds],
            "log": log,
        }
