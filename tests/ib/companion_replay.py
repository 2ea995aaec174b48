"""Replaying a game of the engine through the table companion (issue 26 item 5).

A table that plays the printed game enters what the cards did; here the engine's own
event log stands in for the table: each event a player or a card caused becomes the
companion operation a table would enter (an activation begins, an attack is declared,
damage, a status, a move, Charge, a Break and its end). The consequences (Movement, the
Round Marker, rounds, Time Collapse, Burn and Stun at the Status Check, defeats) are
not entered: the companion must reach them by its own rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from initiative.games.ib import events as ev
from initiative.games.ib.actions import K_ADVANCED, K_BASIC, K_BREAK_ART, K_KEYSTONE
from initiative.games.ib.companion import Companion, Op, TableUnit
from initiative.games.ib.events import PART_GUARD, PART_INSIGHT, PART_WEAKEN
from initiative.games.ib.frames import B_WAITING, BREAK
from initiative.games.ib.match import Match
from initiative.games.ib.state import IBState

KINDS = {K_BASIC: "basic", K_ADVANCED: "advanced", K_BREAK_ART: "break_art",
         K_KEYSTONE: "keystone"}


class Unsupported(Exception):
    """An event the printed-game companion does not model (e.g. a Support's static)."""


def companion_for(match: Match) -> Companion:
    """The engine's roster entered by printed stats, seat by seat (same unit numbers)."""
    companion = Companion(match.config)
    for s, seat in enumerate(match.seats):
        for u in match.seat_units[s]:
            spec = match.units[u]
            companion.add(TableUnit(spec.name, f"team {seat.team}", spec.hp, spec.speed,
                                    spec.initiative, player=seat.name))
    return companion


@dataclass
class Replay:
    """Feeds a game's new events to the companion, one operation at a time."""

    match: Match
    companion: Companion
    seen: int = 0
    burn_pending: set[int] = field(default_factory=set)
    ops: list[Op] = field(default_factory=list)

    def feed(self, state: IBState) -> None:
        """Enter the events since the last feed; events that happen together (a batch
        of Break declarations, the defeats of one settling or a deck-out) are one
        entry."""
        batch: list[Op] = []
        for event in state.events()[self.seen:]:
            for op in self.translate(event):
                if batch and batch[0][0] == op[0]:
                    batch.append(op)
                    continue
                self._flush(batch)
                batch = []
                if op[0] in ("break", "defeat?"):
                    batch = [op]
                else:
                    self._enter(op)
        self._flush(batch)
        self.seen = state.log_len

    def _flush(self, batch: list[Op]) -> None:
        if not batch:
            return
        if batch[0][0] == "break":
            self._enter(("break", [op[1] for op in batch], False))
            return
        state = self.companion.state
        assert state is not None
        units = [op[1] for op in batch if state.on_track(op[1])]
        if any(state.hp[u] == 0 for u in units):
            self._enter(("settle",))  # the engine settled an effect (AMB-56)
        rest = [u for u in units if state.on_track(u)]
        if rest:
            self._enter(("defeat", rest))  # a deck-out (IB 2.8.6)

    def _enter(self, op: Op) -> None:
        if op == ("draw?",):
            state = self.companion.state
            if state is None or state.result is not None:
                return
            op = ("next",)
        if op == ("jump?",):
            state = self.companion.state
            top = state.stack[-1] if state is not None else None
            if top is None or top.tag != BREAK or top.stage != B_WAITING:
                return
            op = ("jump",)
        self.ops.append(op)
        self.companion.apply(op)

    def translate(self, event: ev.Event) -> list[Op]:
        """The companion operations a table enters for `event` (none for a consequence)."""
        code, n = event[0], self.match.num_characters
        if code == ev.SETUP:
            return [("start", [])]
        if code == ev.ACT_START:
            return [("next",)]
        if code == ev.BURN:
            self.burn_pending.add(event[1])
            return []
        if code == ev.DECLARE:
            return [("act", event[1], KINDS[event[2]])]
        if code == ev.PASS:
            return [("act", event[1], "pass")]
        if code == ev.PLAY:
            card = self.match.content.cards[event[2]]
            free = card.kind == "event" and \
                self.match.config.event_timing == "any_time_own_activation"
            return [("act", event[1], card.name, free)]
        if code == ev.INSTALL:
            return [("act", event[1], "install a Sigil")]
        if code == ev.SIGIL_USE:
            ops: list[Op] = [("act", event[1], "use a Sigil",
                              not self.match.config.sigil_use_is_action)]
            if self.match.config.sigil_activation_cost != "discard_by_tier":
                ops.append(("charge", event[1], -1))  # AMB-40: paid without a CHARGE event
            return ops
        if code == ev.DAMAGE:
            return self._damage(ev.read(event))
        if code == ev.HEAL:
            return [("heal", event[1], event[2])] if event[1] < n else []
        if code == ev.STATUS:
            return [("status", event[1], event[2])] if event[1] < n else []
        if code == ev.CLEANSE:
            return [("cleanse", event[1], event[2])] if event[1] < n else []
        if code == ev.CHARGE:
            return [("charge", event[1], event[2])] if event[1] < n else []
        if code == ev.MOVE:
            return [] if event[5] else [("move", event[1], event[2])]
        if code == ev.DEFER:
            return [("move", event[1], event[2])]
        if code == ev.MOVEMENT:
            return [("end",)]
        if code == ev.IB_DECLARE:
            return [("break", event[2])]
        if code == ev.IB_JUMP:
            return [("jump?",)]  # unless the end of the Break before already jumped
        if code == ev.IB_RETURN:
            return [("break_end",)]
        if code == ev.DEFEAT:  # the engine settles (AMB-56), or a deck-out defeats
            return [("defeat?", event[1])] if event[1] < n else []
        if code == ev.RESULT:
            return [("draw?",)]  # `max_activations` stops the game as the next one starts
        if code in (ev.SPAWN, ev.PHASE, ev.CC_ACTION):
            raise Unsupported(f"event {event!r}")
        return []

    def _damage(self, record: ev.Damage) -> list[Op]:
        n = self.match.num_characters
        if record.target >= n:
            return []
        if record.source < 0 and record.target in self.burn_pending:
            self.burn_pending.discard(record.target)
            if any(part.part >= 0 for part in record.parts):
                raise Unsupported("a static modifier on Burn damage")
            return []  # the Status Check's Burn: the companion resolves it itself
        printed = record.total if record.base is None else record.base
        insight = 0
        incoming = False
        for part in record.parts:
            if part.part == PART_INSIGHT:
                insight = part.amount
            elif part.part in (PART_WEAKEN, PART_GUARD):
                incoming = True
            elif part.part >= 0:
                if incoming:
                    raise Unsupported("a static damage_taken modifier")
                printed += part.amount  # a static damage_dealt modifier of the dealer
        source = record.source if 0 <= record.source < n else -1
        return [("damage", source, record.target, printed, insight if source >= 0 else None)]


def snapshot(state: IBState) -> tuple[object, ...]:
    """What must agree: track order, Round Marker, round, Time Collapse, HP, Charge and
    the result (IB 3.6.5)."""
    track = state.track
    n = state.match.num_characters
    return (tuple(track.order), track.rm, track.round, track.rm is None,
            tuple(state.hp[:n]), tuple(state.charge[:n]), state.result)
