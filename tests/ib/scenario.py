"""Build an Initiative Break situation directly, then play it out step by step.

A `Scenario` starts a real game with `new_game`, keeps every opening hand, and rewinds
to the idle point before the first activation. A test then sets what it needs on the
state (HP, Charge, statuses, hands, decks, the track with its Round Marker and round),
calls `run()` to reach the next decision, and drives play with `play`, `target`,
`declare`, `decline_all` and `pass_until`. Units are named by their match label
(the character key, numbered on repeats: "pim", "pim2"). `force` makes a kind of random
step (a die, a random choice) a chance node (games/ib/chance.py) and serves it the
outcomes given.

Track text follows tests/timing: "pim sela | wren" lists units left to right, `|`
marks the Round Marker; text without `|` means Time Collapse (no Round Marker).

The content is `rules_content()` unless a test passes its own: the shipped cards with the
Characters as the rules tests were worked out on (before the good-player pass).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from initiative.engine.chance import Outcome
from initiative.engine.rng import SplitMix64
from initiative.games.ib import chance, events, flow, frames
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import (
    BREAKS,
    CLEANSES,
    DECLINE,
    DISCARDS,
    KEEP,
    Kind,
    action,
    target_action,
)
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import core_text, load_content_text
from initiative.games.ib.match import ChallengerSetup, Match, SeatSetup, fixture_match
from initiative.games.ib.setup import new_game
from initiative.games.ib.specs import Content
from initiative.games.ib.state import IBState
from initiative.timing.track import InitiativeTrack

SeatSpec = tuple[int, Sequence[str]]
"""(team, character keys) for a custom seat; every custom seat uses deck supply_a."""

PRACTICE_DECKS: dict[str, tuple[tuple[str, int], ...]] = {
    "tideguard": (
        ("quick_jab", 2), ("riptide_lunge", 2), ("shoulder_check", 2), ("searing_mark", 2),
        ("rally_strike", 2), ("cataclysm_edge", 1), ("guarded_advance", 1),
        ("muffling_blow", 1), ("undercut_sweep", 1), ("second_wind", 2), ("scout_report", 2),
        ("purging_salts", 1), ("clear_mind", 2), ("sanctuary_bell", 1), ("time_slip", 1),
        ("kindled_resolve", 1), ("current_sigil", 2), ("stone_sigil", 2), ("prism_sigil", 2),
        ("cinder_sigil", 2), ("field_ration", 2), ("spare_flint", 2), ("cinderguard_oath", 1)),
    "ashfall": (
        ("quick_jab", 2), ("riptide_lunge", 2), ("shoulder_check", 2), ("searing_mark", 2),
        ("rally_strike", 2), ("cataclysm_edge", 2), ("second_wind", 2), ("scout_report", 2),
        ("purging_salts", 2), ("clear_mind", 2), ("sanctuary_bell", 2), ("time_slip", 2),
        ("rune_sigil", 2), ("blaze_sigil", 2), ("zephyr_sigil", 2), ("quake_sigil", 2),
        ("field_ration", 2), ("spare_flint", 1), ("glass_vision", 1), ("undertow_sigil", 2),
        ("gust_sigil", 2)),
}
"""The decks a scenario seats Tideguard and Ashfall with: their shipped decks as they
were before the supply cards left them (a competitive deck holds none, IB 2.0.1; outside
competitive play a supply is legal). The card tests pay costs and fill hands with Field
Rations and Spare Flints, cards with no play, so they keep these practice decks, in this
order (the seeded deals stay as they were)."""


def practice_deck(team: str) -> tuple[str, ...]:
    """Tideguard's or Ashfall's practice deck as card keys, one per copy."""
    return tuple(key for key, copies in PRACTICE_DECKS[team] for _ in range(copies))


def _practice(match: Match, teams: tuple[str, str]) -> Match:
    """`match` (of shipped `teams`) with a Tideguard or Ashfall seat on its practice deck."""
    if not any(key in PRACTICE_DECKS for key in teams):
        return match
    seats = tuple(replace(seat, deck=practice_deck(key)) if key in PRACTICE_DECKS else seat
                  for seat, key in zip(match.seats, teams, strict=True))
    return Match(match.content, match.config, seats, match.challengers, match.neutral)


class Scenario:
    """One game, rewound to the idle point before the first activation."""

    def __init__(
        self,
        rules: dict[str, Any] | None = None,
        team_a: str = "fixture_vanguard",
        team_b: str = "fixture_harrow",
        *,
        seats: Sequence[SeatSpec] | None = None,
        seed: int = 0,
        agreed_order: list[int] | None = None,
        content: Content | None = None,
        deck: str = "supply_a",
        keystones: Sequence[Sequence[str]] = (),
        challengers: Sequence[ChallengerSetup] = (),
        neutral: bool = False,
        match: Match | None = None,
    ) -> None:
        config = RulesConfig().with_flags(rules or {})
        content = content or rules_content()
        if match is not None:  # built by the caller (e.g. with campaign starts)
            self.match = match
        elif seats is None:
            self.match = _practice(fixture_match(team_a, team_b, config, content),
                                   (team_a, team_b))
        else:
            self.match = Match(content, config, tuple(
                SeatSetup(f"Seat{i}", team, tuple(chars), content.deck(deck),
                          tuple(keystones[i]) if keystones else ())
                for i, (team, chars) in enumerate(seats)
            ), tuple(challengers), neutral)
        self.state: IBState = new_game(self.match, seed, agreed_order)
        self._keep_opening_hands()
        self._rewind()
        self._mark = self.state.log_len
        self._forced: list[Outcome] = []
        self.nodes: list[list[tuple[Outcome, Fraction]]] = []
        """The chance nodes served so far, as offered."""
        self._sampler = SplitMix64(seed + 0x5CE)

    def _keep_opening_hands(self) -> None:
        """Every seat keeps; stop before the first activation (a Challenge Card's would
        run to its end without a decision, so it must not start here)."""
        from initiative.games.ib import hand

        state = self.state
        frame = self.frame()
        while frame is not None and frame.tag == frames.MULLIGAN:
            hand.mulligan_choose(state, frame, KEEP)
            top = state.stack[-1]
            assert top.tag == frames.MULLIGAN
            hand.mulligan_step(state, top)
            frame = self.frame()
        state.invalidate()

    def _rewind(self) -> None:
        """Undo the start of the first activation (nothing has been decided in it)."""
        state = self.state
        log = list(state.events())
        starts = [i for i, e in enumerate(log) if e[0] == events.ACT_START]
        if starts:
            state.log = log[: starts[-1]]
            state.log_len = len(state.log)
        state.stack.clear()
        state.activations = 0
        state.invalidate()

    # --- names ------------------------------------------------------------------

    def u(self, key: str) -> int:
        """The unit with match label `key`."""
        try:
            return self.match.labels.index(key)
        except ValueError:
            raise KeyError(f"no unit {key!r}; labels: {self.match.labels}") from None

    def key(self, unit: int) -> str:
        return self.match.labels[unit]

    def seat_of(self, key: str) -> int:
        return self.match.unit_seat[self.u(key)]

    def card(self, key: str) -> int:
        return self.match.content.card_index[key]

    # --- setting the situation -----------------------------------------------------

    def set(self, key: str, *, hp: int | None = None, charge: int | None = None,
            status: Iterable[str] | None = None) -> Scenario:
        """Set a unit's HP, Charge and statuses (e.g. ["burn", "guard x2"])."""
        unit = self.u(key)
        if hp is not None:
            self.state.hp[unit] = hp
        if charge is not None:
            self.state.charge[unit] = charge
        if status is not None:
            self.state.status[unit] = st.parse(list(status), key)
        self.state.invalidate()
        return self

    def hand(self, seat: int, cards: int | Sequence[str]) -> Scenario:
        """Set a seat's hand: a count, or a list of card keys. Either way the cards come
        out of that seat's deck (the old hand goes back on top), so every card of the
        decklist stays in exactly one place."""
        state = self.state
        deck = state.decks[seat]
        deck.extend(reversed(state.hands[seat]))
        if isinstance(cards, int):
            state.hands[seat] = [deck.pop() for _ in range(cards)]
        else:
            state.hands[seat] = []
            for key in cards:
                card = self.card(key)
                if card not in deck:
                    raise ValueError(f"seat {seat} has no {key!r} left in its deck")
                deck.reverse()
                deck.remove(card)  # the copy nearest the top
                deck.reverse()
                state.hands[seat].append(card)
        state.invalidate()
        return self

    def deck(self, seat: int, cards: int | Sequence[str]) -> Scenario:
        """Set a seat's deck: a list of card keys (last = top), or keep only the top `n`
        cards (the others are simply gone: use this for deck-out situations)."""
        state = self.state
        if isinstance(cards, int):
            state.decks[seat] = state.decks[seat][-cards:] if cards else []
        else:
            state.decks[seat] = [self.card(c) for c in cards]
        return self

    def track(self, text: str, *, round: int | None = None,
              crossed: Iterable[str] = ()) -> Scenario:
        """Set the track from text like "pim sela | wren" (no `|`: Time Collapse).

        Units not named leave the track (as if defeated earlier). Units beyond the RM
        count as passed by it, except those named in `crossed` (they crossed it
        themselves, which matters under `out_of_round_rule=passed_by_rm`)."""
        tokens = [t for t in text.split() if t != ">"]
        order = [self.u(t) for t in tokens if t != "|"]
        rm = tokens.index("|") if "|" in tokens else None
        passed = 0
        if rm is not None:
            skip = {self.u(k) for k in crossed}
            for unit in order[rm:]:
                if unit not in skip:
                    passed |= 1 << unit
        state = self.state
        old = state.track
        state.track = InitiativeTrack(order, self.match.track_rules, rm=rm,
                                      round=old.round if round is None else round,
                                      passed=passed)
        n = self.match.num_characters
        state.off &= ~((1 << n) - 1)  # Support slots keep their in/out of play bits
        for unit in range(n):
            if unit not in order:
                state.off |= 1 << unit
        state.invalidate()
        return self

    # --- chance ----------------------------------------------------------------------

    def force(self, kind: str, values: Sequence[int]) -> Scenario:
        """From now on every `kind` step (engine.chance ROLL: a die; PICK: a random
        choice) is a chance node, served `values` in order; once they run out, outcomes
        are sampled by the scenario. Other random steps keep their generator."""
        if not isinstance(self.state, chance.ExplicitIBState):
            self.state = chance.explicit(self.state, frozenset({kind}))
        self._forced += [Outcome(kind, v) for v in values]
        return self

    def settle(self) -> Scenario:
        """Serve every pending chance node (forced outcomes first)."""
        state = self.state
        while offered := state.chance_outcomes():
            self.nodes.append(offered)
            if self._forced:
                state.apply(self._forced.pop(0))
            else:
                state.apply(offered[self._sampler.below(len(offered))][0])
        return self

    # --- running ---------------------------------------------------------------------

    def run(self) -> Scenario:
        """Resolve automatic rules until a decision is due (or the game ends)."""
        self.settle()
        self.state.invalidate()
        frame = self.frame()
        if frame is not None and frame.tag == frames.ACTION \
                and frame.stage == frames.AS_CLEANSE:
            return self  # awaiting a Cleanse choice (advancing here would drop the attack)
        if isinstance(self.state, chance.ExplicitIBState):
            chance.advance(self.state)
        else:
            flow.advance(self.state)  # returns at once if the top frame awaits a decision
        return self.settle()

    def _apply(self, chosen: Any) -> None:
        self.settle()
        self.state.apply(chosen)
        self.settle()

    def apply(self, kind: Kind, arg: int = -1) -> Scenario:
        self._apply(action(kind, arg))
        return self

    def play(self, kind: Kind, target: str | Sequence[str] | None = None, *,
             decline: bool = True) -> Scenario:
        """The active unit takes action `kind`, choosing `target` (one key per choice).

        With `decline` every Initiative Break window that opens afterwards is declined
        until another kind of decision (or the end of the game) is reached."""
        assert self.at_action(), f"not at an Action step: {self.frame()!r}"
        start = self.state.log_len
        self._apply(action(kind))
        targets = [target] if isinstance(target, str) else list(target or ())
        for key in targets:
            frame = self.frame()
            if frame is not None and frame.tag == frames.ACTION \
                    and self.u(key) in frame.targets:
                continue  # a single legal target was chosen automatically
            if self._awaits_target():
                self.target(key)
            else:  # the action went ahead on automatic choices; check `key` was one
                declared = [e for e in list(self.state.events())[start:]
                            if e[0] == events.DECLARE]
                assert declared and self.u(key) in declared[0][3:], (
                    f"{key} was not the target of {kind.name}: {declared}")
        if decline:
            self.decline_all()
        return self

    def stage(self) -> int | None:
        """The stage of the ACTION frame on top of the stack, else None."""
        frame = self.frame()
        return frame.stage if frame is not None and frame.tag == frames.ACTION else None

    def pay(self, seat: int, discards: Sequence[str]) -> Scenario:
        """Pay a discard cost with `discards` (card keys, one at a time)."""
        for key in discards:
            if self.stage() == frames.AS_COST:
                self._apply(DISCARDS[self.state.hands[seat].index(self.card(key))])
        return self

    def choose_targets(self, keys: Sequence[str]) -> Scenario:
        """Answer the clause targets the top action is waiting for, in order."""
        for key in keys:
            frame = self.frame()
            if frame is not None and frame.tag == frames.ACTION and frame.stage in (
                    frames.AS_TARGET, frames.AS_RETARGET) and frames.PENDING in frame.targets:
                self.target(key)
        return self

    def _awaits_target(self) -> bool:
        kinds = (Kind.TARGET, Kind.TARGET_SUPPORT)
        return any(a.kind in kinds for a in self.legal()) if self.state.stack else False

    def target(self, key: str) -> Scenario:
        """Choose `key` (a unit or a Support in play) as the awaited target."""
        frame = self.frame()
        assert frame is not None and frame.tag == frames.ACTION, \
            f"no target is awaited: {frame!r}"
        self._apply(target_action(self.u(key), self.match.num_characters))
        return self

    def support(self, key: str, *, hp: int | None = None) -> Scenario:
        """Put the Support with label `key` into play (as if played earlier); the card
        leaves its owner's deck or hand, so every card stays in exactly one place."""
        from initiative.games.ib import effects

        unit = self.u(key)
        match = self.match
        seat = match.unit_seat[unit]
        card = match.support_cards[unit - match.num_characters]
        for pile in (self.state.decks[seat], self.state.hands[seat]):
            if card in pile:
                pile.remove(card)
                break
        effects.support_enters(self.state, seat, card)
        if hp is not None:
            self.state.hp[unit] = hp
        self.state.invalidate()
        return self

    def in_play(self, key: str) -> bool:
        return self.state.on_track(self.u(key))

    def cleanse(self, status: str) -> Scenario:
        """Answer an unnamed Cleanse: remove `status`."""
        self._apply(CLEANSES[st.BY_NAME[status]])
        return self

    def declare(self, key: str) -> Scenario:
        """The seat asked in the open window declares an Initiative Break with `key`."""
        assert self.window() is not None, f"no window is open: {self.frame()!r}"
        self._apply(BREAKS[self.u(key)])
        return self

    def decline(self) -> Scenario:
        """The seat asked in the open window declines."""
        assert self.window() is not None, f"no window is open: {self.frame()!r}"
        self._apply(DECLINE)
        return self

    def decline_all(self) -> Scenario:
        """Decline every window until some other decision is due."""
        while self.state.result is None and self.window() is not None:
            self._apply(DECLINE)
        return self

    def pass_until(self, key: str, limit: int = 200) -> Scenario:
        """Every other unit passes (windows declined) until `key` is at its Action step."""
        for _ in range(limit):
            self.decline_all()
            if self.state.result is not None or self.at_action(key):
                return self
            assert self.at_action(), f"stuck at {self.frame()!r}"
            self._apply(action(Kind.PASS))
        raise AssertionError(f"{key} did not reach its Action step in {limit} decisions")

    # --- reading -----------------------------------------------------------------------

    def frame(self) -> frames.Frame | None:
        """The frame on top of the decision stack (None: the stack is empty)."""
        return self.state.stack[-1] if self.state.stack else None

    def at_action(self, key: str | None = None) -> bool:
        """True at an Action step (of unit `key` if given)."""
        frame = self.frame()
        if frame is None or frame.tag != frames.ACTIVATION or frame.step != frames.ST_ACTION:
            return False
        return key is None or frame.unit == self.u(key)

    def acting(self) -> str | None:
        """The key of the unit whose Action step is awaited, else None."""
        frame = self.frame()
        if frame is not None and frame.tag == frames.ACTIVATION \
                and frame.step == frames.ST_ACTION:
            return self.key(frame.unit)
        return None

    def window(self) -> str | None:
        """The kind of the open Initiative Break window, or None."""
        frame = self.frame()
        return frames.WINDOW_NAMES[frame.kind] if frame is not None \
            and frame.tag == frames.WINDOW else None

    def legal(self) -> list[Any]:
        return self.state.legal_actions()

    def text(self) -> str:
        """The track as text, e.g. "pim sela | wren" (no `|` in Time Collapse)."""
        names = self.order()
        rm = self.state.track.rm
        if rm is not None:
            names.insert(rm, "|")
        return " ".join(names)

    def order(self) -> list[str]:
        return [self.key(u) for u in self.state.track.order]

    def oor(self, key: str) -> bool:
        return self.state.track.is_out_of_round(self.u(key))

    def hp(self, key: str) -> int:
        return self.state.hp[self.u(key)]

    def charge(self, key: str) -> int:
        return self.state.charge[self.u(key)]

    def statuses(self, key: str) -> list[str]:
        return st.names(self.state.status[self.u(key)])

    def on_track(self, key: str) -> bool:
        return self.state.on_track(self.u(key))

    def mark(self) -> Scenario:
        """Remember the log position; `since()` returns the events after it."""
        self._mark = self.state.log_len
        return self

    def since(self, *codes: int) -> list[events.Event]:
        """Events logged since `mark()` (only those with the given codes, if any)."""
        new = list(self.state.events())[self._mark:]
        return [e for e in new if not codes or e[0] in codes]


RULES_CHARACTERS = Path(__file__).parent / "data" / "rules_characters" / "characters.yaml"
"""The pinned Characters: a content pack of one file (docs/content-packs.md)."""


@cache
def rules_content() -> Content:
    """The shipped content with the Characters the rules tests were worked out on (their
    numbers and kits before the good-player balance pass, docs/balance.md), so a
    rebalance of the starter set does not rewrite the arithmetic of every rules test.
    Cards, Keystones, teams and Challenge Cards are the shipped ones."""
    text = core_text()
    start, end = text.index("\ncharacters:\n"), text.index("\nkeystones:\n")
    pinned = RULES_CHARACTERS.read_text(encoding="utf-8")
    return load_content_text(text[:start + 1] + pinned + text[end:], str(RULES_CHARACTERS))


def content_with(key: str, **changes: int) -> Content:
    """The rules tests' content (`rules_content`) with one Character's printed numbers
    changed, so a rules test keeps the track it was worked out on."""
    from dataclasses import replace

    content = rules_content()
    characters = dict(content.characters)
    characters[key] = replace(characters[key], **changes)
    return replace(content, characters=characters)


PIM_SPEED_2 = content_with("pim", speed=2)
"""The rules tests below were worked out with Pim at Speed 2 (its value before the
balance pass of docs/balance.md)."""
