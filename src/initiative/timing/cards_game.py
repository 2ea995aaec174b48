"""Card rounds behind the engine contract (:mod:`initiative.engine.contract`).

Seats: 0 is the game master, then one seat per player character in roster order. While
cards are committed (FA-4, FA-5) each player's seat chooses its own card, hand or deck
top, before the game master's NPC card and the reveal; every other step is the game
master's. ``view(seat)`` is :meth:`CardRoundState.view` for that seat: a face-down card
reaches only its owner (and the GM), never another seat. The conflict has no terminal
state: rounds go on until the game master ends them (FA-23).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from initiative.engine.contract import GAME_MASTER
from initiative.timing import cards_commands as C
from initiative.timing.cards import GM, SPECTATOR_VIEWER, CardRoundState
from initiative.timing.cards_content import Character
from initiative.timing.cards_rules import CardRoundRules
from initiative.timing.gm_contract import DataView, accepted

__all__ = ["GM_SEAT", "CardGame", "CardRoundView", "CardState"]

GM_SEAT = 0


CardRoundView = DataView
"""A seat's plain-data view."""


def _run(state: CardRoundState, cmd: C.Command) -> None:
    state.apply(cmd)


class CardState:
    """A :class:`CardRoundState` as an engine-contract ``State`` of commands and
    plain-data views."""

    def __init__(self, state: CardRoundState) -> None:
        self.state = state

    def players(self) -> list[str]:
        """Player characters in seat order (seat i + 1 plays players()[i])."""
        return [c.name for c in self.state.roster if c.side == "pc"]

    def seat_of(self, name: str) -> int:
        return self.players().index(name) + 1

    def _uncommitted_pcs(self) -> list[str]:
        s = self.state
        if s.phase != "commit":
            return []
        return [n for n in self.players() if n in s.needed_slots() and n not in s.commitments]

    def current_seat(self) -> int:
        """The first player still to commit, else the game master."""
        waiting = self._uncommitted_pcs()
        return self.seat_of(waiting[0]) if waiting else GM_SEAT

    def _player_candidates(self, name: str) -> Iterator[C.Command]:
        if name in self._uncommitted_pcs():
            yield from (C.Commit(name, "hand", i) for i in range(len(self.state.hands[name])))
            yield C.Commit(name, "deck")

    def _gm_candidates(self) -> Iterator[C.Command]:
        s = self.state
        yield C.BeginRound(tuple(c.name for c in s.roster))
        if s.phase == "commit" and not self._uncommitted_pcs():
            yield from (C.Commit(GM, "hand", i) for i in range(len(s.hands[GM])))
            yield from (C.Commit(GM, "deck"), C.Reveal())
        for _side, _total, members, by in s.ties:
            if not by:
                yield C.OrderTie(tuple(members), "gm")
        nxt = s.up_next()
        if nxt is not None:
            yield from (C.Act(nxt), C.Wait(nxt), C.Pass(nxt))
        if s.acting is not None:
            yield C.EndTurn()
            yield from (C.Confront(n) for n in s.participants if n != s.acting)
        yield from (C.RunMaintenance(), C.MaintenanceOutside(1), C.EndConflict())

    def legal_actions(self, seat: int | None = None) -> Sequence[C.Command]:
        seat = self.current_seat() if seat is None else seat
        if seat == GM_SEAT:
            candidates = self._gm_candidates()
        elif 1 <= seat <= len(self.players()):
            candidates = self._player_candidates(self.players()[seat - 1])
        else:
            return []
        return accepted(self.state, candidates, CardRoundState.clone, _run)

    def apply(self, action: C.Command) -> None:
        """Validate and apply; CardRoundError (an IllegalActionError) leaves it unchanged."""
        self.state.apply(action)

    def view(self, seat: int) -> CardRoundView:
        """GM seat or GAME_MASTER: the GM's view; a player seat: that player's; else
        the spectators'."""
        players = self.players()
        if seat in (GM_SEAT, GAME_MASTER):
            viewer = GM
        elif 1 <= seat <= len(players):
            viewer = players[seat - 1]
        else:
            viewer = SPECTATOR_VIEWER
        return CardRoundView(seat, self.state.view(viewer))

    def clone(self) -> CardState:
        return CardState(self.state.clone())

    def is_terminal(self) -> bool:
        return False

    def returns(self) -> list[float]:
        return [0.0] * (1 + len(self.players()))


class CardGame:
    """Card rounds with a fixed starting roster; seats are the GM plus each PC. An
    engine-contract ``BaseGame`` of :class:`CardState`.

    Actions are the :mod:`cards_commands` dataclasses; with open-ended fields (action
    text, NPC orderings) they are not numbered, so there is no ``action_index``, and no
    ``determinize``: a tracker is never searched."""

    name = "card-rounds"

    def __init__(self, roster: Sequence[Character], rules: CardRoundRules | None = None,
                 hand_size: int = 3) -> None:
        self.roster = tuple(roster)
        self.rules = rules or CardRoundRules()
        self.hand_size = hand_size
        self.num_seats = 1 + sum(1 for c in self.roster if c.side == "pc")

    def new_initial_state(self, seed: int) -> CardState:
        return CardState(CardRoundState.new(self.roster, self.rules, seed, self.hand_size))


if TYPE_CHECKING:
    from initiative.engine.contract import BaseGame, State

    def _implements_the_contract(game: CardGame, state: CardState) -> tuple[
            BaseGame[CardState], State[C.Command, CardRoundView]]:
        """mypy fails here if CardGame or CardState drifts from the engine contract."""
        return game, state
