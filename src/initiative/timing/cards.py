"""Card initiative rounds (FaithRPG-compatible, seed 004): a pure game-master model.

One round: every participant commits a face-down card from hand or deck top, the GM
one card for all NPCs (FA-2..FA-5); simultaneous reveal (FA-6); totals card value +
Initiative (FA-7); order highest first, PCs before NPCs on equal totals, ties ordered
by the GM or the players (FA-8..FA-11); turns of one action, the card discarded at the
start of the turn (FA-12..FA-14); confronting costs a turn not yet taken (FA-15..17);
the per-Attribute card limit (FA-18); waiting and the all-wait (FA-19, FA-20); the
maintenance phase and new rounds (FA-21..FA-23). Rule ids FA-n / FA-An refer to
../shared/OTHER-RULINGS.md section 5; readings of unclear points come from
:class:`CardRoundRules`.

The state is plain data (lists, dicts, frozen cards) with a cheap :meth:`clone` and a
JSON form (:meth:`to_dict` / :meth:`from_dict`). Commands (``cards_commands``) go
through :meth:`CardRoundState.apply`: an invalid one raises :class:`CardRoundError`
(a ``ValueError``) and changes nothing. Every change is logged with its cause;
:meth:`CardRoundState.view` is the only door to hidden information.

This module holds :class:`CardRoundState`, its :meth:`~CardRoundState.apply` and the
command dispatch; the class is built from :mod:`~initiative.timing.cards_state` (data,
setup, copying, JSON, queries, errors, constants), :mod:`~initiative.timing.cards_reveal`
(round start, commitments, reveal), :mod:`~initiative.timing.cards_turns` (ties and the
turn phase), :mod:`~initiative.timing.cards_upkeep` (draws, stats, effects, maintenance,
newcomers) and :mod:`~initiative.timing.cards_view` (what each viewer sees).
"""

from __future__ import annotations

from typing import Any, Final

from initiative.timing import cards_commands as C
from initiative.timing.cards_reveal import CardRevealMixin
from initiative.timing.cards_state import GM, SPECTATOR_VIEWER, CardLimitError, CardRoundError
from initiative.timing.cards_turns import CardTurnsMixin
from initiative.timing.cards_upkeep import CardUpkeepMixin
from initiative.timing.cards_view import CardViewMixin

__all__ = [
    "GM",
    "SPECTATOR_VIEWER",
    "CardLimitError",
    "CardRoundError",
    "CardRoundState",
]


class CardRoundState(CardRevealMixin, CardTurnsMixin, CardUpkeepMixin, CardViewMixin):
    """A table's card-initiative situation: roster, decks, the current round, the log.

    Phases: ``idle`` (between rounds), ``commit``, ``turns``, ``maintenance``.
    """

    __slots__ = ()

    # ------------------------------------------------------------------ commands

    def apply(self, cmd: C.Command) -> None:
        """Apply one command; on any error the state is restored and the error raised."""
        handler = _HANDLERS.get(type(cmd))
        if handler is None:
            raise CardRoundError(f"unknown command {cmd!r}")
        snapshot = self.clone()
        try:
            handler(self, cmd)
        except Exception:
            self._restore(snapshot)
            raise


_HANDLERS: Final[dict[type, Any]] = {
    C.BeginRound: CardRoundState._cmd_begin,
    C.Commit: CardRoundState._cmd_commit,
    C.Reveal: CardRoundState._cmd_reveal,
    C.DeclareToGM: CardRoundState._cmd_declare,
    C.OrderTie: CardRoundState._cmd_order_tie,
    C.Act: CardRoundState._cmd_act,
    C.Affects: CardRoundState._cmd_affects,
    C.EndTurn: CardRoundState._cmd_end_turn,
    C.Wait: CardRoundState._cmd_wait,
    C.Announce: CardRoundState._cmd_announce,
    C.Pass: CardRoundState._cmd_pass,
    C.Confront: CardRoundState._cmd_confront,
    C.SetInitiative: CardRoundState._cmd_set_init,
    C.GrantLimitBonus: CardRoundState._cmd_bonus,
    C.RecordDamage: CardRoundState._cmd_damage,
    C.AddEffect: CardRoundState._cmd_effect,
    C.RunMaintenance: CardRoundState._cmd_maintenance,
    C.MaintenanceOutside: CardRoundState._cmd_outside,
    C.AddCharacter: CardRoundState._cmd_add,
    C.Draw: CardRoundState._cmd_draw,
    C.EndConflict: CardRoundState._cmd_end_conflict,
}
