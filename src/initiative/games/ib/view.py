"""`IBView`: what one seat may know (GUIDE 2: the only door to information).

A view holds the public track, units and log; its own hand; other hands and every deck
as counts; discard piles when `discards_public`; decklists when `open_decklists` (its
own always). Never the seed, the RNG state, any deck order, or another seat's hidden
choice in an open window. A GAME_MASTER view adds every hand and hidden choice; a
SPECTATOR view has no hand at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from initiative.engine.contract import GAME_MASTER, TERMINAL
from initiative.games.ib import events, frames
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import Action
from initiative.games.ib.challenges import PHASE_SHIFT
from initiative.games.ib.events import Event
from initiative.games.ib.specs import Content

if TYPE_CHECKING:
    from initiative.games.ib.config import RulesConfig
    from initiative.games.ib.match import Match
    from initiative.games.ib.state import IBState


@dataclass(frozen=True)
class UnitView:
    unit: int
    label: str
    name: str
    title: str
    seat: int
    team: int
    hp: int
    max_hp: int
    initiative: int
    speed: int
    charge: int
    statuses: int
    pending: tuple[int, ...]
    used: int
    on_track: bool
    sigils: tuple[tuple[int, int], ...] = ()  # installed (card, owner seat), public
    card: int = -1  # a Support Character's card (IB 2.5); -1 for a track unit
    summoned: bool = False  # a Support put into play by an effect (leaves the game)
    summon_spent: bool = False  # a Support its seat has summoned this game (once, IB 2.5.4)
    tier: str = ""  # a Challenge Card's tier, "rival" for a Rival (IB 6); "" otherwise
    who: str = ""  # the distinct name with its side (Match.who): how it is named to people

    @property
    def is_support(self) -> bool:
        return self.card >= 0

    @property
    def is_challenge(self) -> bool:
        return bool(self.tier)

    @property
    def phase(self) -> int:
        """A Challenge Card's phase, 0 for its first."""
        return (self.used >> PHASE_SHIFT) & 7

    def to_dict(self) -> dict[str, Any]:
        return {
            "unit": self.unit, "label": self.label, "name": self.name, "title": self.title,
            "seat": self.seat, "team": self.team, "hp": self.hp, "max_hp": self.max_hp,
            "initiative": self.initiative, "speed": self.speed, "charge": self.charge,
            "statuses": st.names(self.statuses), "pending": list(self.pending),
            "used": self.used, "on_track": self.on_track,
            "sigils": [list(s) for s in self.sigils], "support": self.is_support,
            "summoned": self.summoned, "summon_spent": self.summon_spent,
            "challenge": self.tier or None, "phase": self.phase,
            "who": self.who,
        }


@dataclass(frozen=True)
class IBView:
    seat: int
    seat_names: tuple[str, ...]
    seat_teams: tuple[int, ...]
    content: Content
    rules: dict[str, Any]
    round: int
    rm: int | None
    passed: int
    order: tuple[int, ...]
    units: tuple[UnitView, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    discards: tuple[tuple[int, ...] | None, ...]
    discard_sizes: tuple[int, ...]
    flux: tuple[int, ...]  # Flux Surge tokens per seat (IB 7.4), public
    decklists: tuple[tuple[int, ...] | None, ...]
    stack: tuple[frames.Frame, ...]
    deciding: int
    legal: tuple[Action, ...]
    log: tuple[Event, ...]
    activations: int
    result: int | None
    unit_labels: tuple[str, ...]

    @property
    def hand(self) -> tuple[int, ...]:
        """This seat's own hand (empty for spectators)."""
        own = self.hands[self.seat] if 0 <= self.seat < len(self.hands) else None
        return own or ()

    def unit_name(self, unit: int) -> str:
        """The unit's distinct name with its side (Match.who)."""
        return self.units[unit].who

    def card_name(self, card: int) -> str:
        return self.content.cards[card].name

    def sentences(self, match: Match) -> list[str]:
        """The log as sentences (rendered only when read)."""
        return [events.render(e, match) for e in self.log]

    def to_dict(self, log_from: int = 0) -> dict[str, Any]:
        """Plain JSON-ready data (what a client or an API response receives); the log
        from entry `log_from` on (a client that holds the earlier entries)."""
        return {
            "seat": self.seat,
            "round": self.round,
            "track": [self.unit_labels[u] for u in self.order],
            "round_marker": self.rm,
            "units": [_unit_dict(u) for u in self.units],
            "hands": [None if h is None else [self.card_name(c) for c in h] for h in self.hands],
            "hand_sizes": list(self.hand_sizes),
            "deck_sizes": list(self.deck_sizes),
            "flux": list(self.flux),
            "discards": [None if d is None else [self.card_name(c) for c in d]
                         for d in self.discards],
            "decklists": [None if d is None else [self.card_name(c) for c in d]
                          for d in self.decklists],
            "deciding": self.deciding,
            "legal": [repr(a) for a in self.legal],
            "activations": self.activations,
            "result": self.result,
            "log": [list(e) for e in self.log[log_from:]],
        }


@lru_cache(maxsize=4096)
def _unit_dict(unit: UnitView) -> dict[str, Any]:
    """`unit.to_dict()`, made once per distinct unit state (most units do not change
    between two views); callers only read it."""
    return unit.to_dict()


def redact_frame(frame: frames.Frame, seat: int) -> frames.Frame:
    """Hide other seats' not-yet-revealed answers (mulligans, Break declarations)."""
    if seat == GAME_MASTER:
        return frame
    if frame.tag == frames.WINDOW:
        return frames.WindowFrame(frame.kind, frame.to_ask,
                                  tuple(d for d in frame.declared if d[0] == seat))
    if frame.tag == frames.MULLIGAN:
        return frames.MulliganFrame(frame.to_ask, tuple(s for s in frame.takers if s == seat))
    return frame


def _support_view(state: IBState, u: int) -> UnitView:
    """A Support slot (IB 2.5): public, in play (`on_track`) or not."""
    match = state.match
    card = match.support_cards[u - match.num_characters]
    return UnitView(u, match.labels[u], match.unit_name(u), "", match.unit_seat[u],
                    match.unit_team[u], state.hp[u], match.max_hp[u], 0, 0, 0, state.status[u],
                    (), state.used[u], state.on_track(u), (), card,
                    bool((state.summoned >> u) & 1), bool((state.ever_summoned >> u) & 1),
                    who=match.who_names[u])


def _tier(match: Match, unit: int) -> str:
    if not match.is_challenge(unit):
        return ""
    spec = match.cc_specs[unit]
    return spec.tier if spec is not None else "rival"


def hands_seen(match: Match, seat: int) -> frozenset[int]:
    """The seats whose hands `seat` sees: its own, and its teammates' under the new
    flag `team_hands_visible` (IB 6.9.2 lets them coordinate). None for a spectator."""
    if seat < 0:
        return frozenset()
    if not match.config.team_hands_visible:
        return frozenset((seat,))
    team = match.seat_team[seat]
    return frozenset(s for s, t in enumerate(match.seat_team) if t == team)


@lru_cache(maxsize=64)
def _changed_rules(config: RulesConfig) -> tuple[tuple[str, Any], ...]:
    """The flags that differ from the defaults (computed once per config)."""
    return tuple(config.to_dict(only_changed=True).items())


_REDACTED: dict[tuple[int, frozenset[int], bool], tuple[list[Event], list[Event]]] = {}
"""Redacted copies of logs, by (id of the log list, hands seen, public discards): the
value keeps the list itself (to check the id) and its redaction so far. A log list is
only ever appended to (`IBState.emit` copies on write), so a redacted prefix stays valid
and each view redacts only the new events."""


def _redacted_log(state: IBState, seen: frozenset[int],
                  public_discards: bool) -> tuple[Event, ...]:
    """The state's log as a viewer seeing the hands of `seen` may see it (IB 2.8)."""
    key = (id(state.log), seen, public_discards)
    entry = _REDACTED.get(key)
    if entry is None or entry[0] is not state.log:
        if len(_REDACTED) >= 256:
            _REDACTED.clear()
        entry = _REDACTED[key] = (state.log, [])
    log, redacted = entry
    for event in log[len(redacted): state.log_len]:
        redacted.append(events.redact(event, seen, public_discards))
    return tuple(redacted[: state.log_len])


def make_view(state: IBState, seat: int) -> IBView:
    match = state.match
    config = match.config
    n = match.num_seats
    sees_all = seat == GAME_MASTER
    track = state.track
    units = tuple(
        UnitView(
            u, match.labels[u], spec.name, spec.title, match.unit_seat[u], match.unit_team[u],
            state.hp[u], match.max_hp[u], spec.initiative, spec.speed, state.charge[u],
            state.status[u], state.pending[u], state.used[u], state.on_track(u),
            state.sigils[u], tier=_tier(match, u), who=match.who_names[u],
        )
        for u, spec in enumerate(match.units)
    ) + tuple(_support_view(state, u) for u in range(match.num_characters, len(state.hp)))
    deciding = state.current_seat()
    legal = tuple(state.legal_actions()) if deciding == seat and deciding != TERMINAL else ()
    public_discards = config.discards_public or sees_all
    seen = hands_seen(match, seat)
    log = tuple(state.events()) if sees_all else _redacted_log(state, seen, public_discards)
    return IBView(
        seat=seat,
        seat_names=tuple(s.name for s in match.seats),
        seat_teams=match.seat_team,
        content=match.content,
        rules=dict(_changed_rules(config)),
        round=track.round,
        rm=track.rm,
        passed=track.passed,
        order=tuple(track.order),
        units=units,
        hands=tuple(tuple(state.hands[s]) if (s in seen or sees_all) else None
                    for s in range(n)),
        hand_sizes=tuple(len(h) for h in state.hands),
        deck_sizes=tuple(len(d) for d in state.decks),
        discards=tuple(tuple(state.discards[s]) if (public_discards or s in seen) else None
                       for s in range(n)),
        discard_sizes=tuple(len(d) for d in state.discards),
        flux=tuple(state.flux),
        decklists=tuple(match.decklists[s] if (config.open_decklists or s == seat or sees_all)
                        else None for s in range(n)),
        stack=tuple(redact_frame(f, seat) for f in state.stack),
        deciding=deciding,
        legal=legal,
        log=log,
        activations=state.activations,
        result=state.result,
        unit_labels=match.labels,
    )
