"""Previews of a choice, for every front end (issue 7: card, discards, targets, then
confirm; issue 25: honest previews). The web table (server/ib/drafts.py) builds a draft
step by step before its confirm; the terminal (cli/ib/play.py) previews each option that
completes an action before it is chosen. Both read the same `Preview`: the track and HP
the choice leads to, what is pending, and the events it adds (`warnings`).

A draft is the steps a seat has chosen so far. It is played on a *determinized* copy
of the game (`determinize(view)`: hidden cards re-dealt, RNG reseeded), never on the
real state, so a draft and its preview cannot reveal a hidden card or a random result:
a step taken back leaves the seat knowing exactly what it knew before.

A draft is complete when the seat has no further sub-decision of the same action: the
compound choice of IB 4.1-4.8 (an ACTION frame) or an Initiative Break (IB 3.7, a
BREAK frame) is finished, or the single-step choice (pass, keep, a free discard...) was
made. The preview then runs on past other seats' Break windows as if every seat
declined, to show where each unit will land if nobody interrupts.

A preview never states a result of chance (issue 25): the last step is played on a copy
whose chance source is explicit and has no outcome to give (`engine.chance`), so the
run stops at the first die, draw or random choice it meets. The preview shows the
table at that point and says what is pending (a Challenge Card's or a Rival's d6, a
draw, a random discard; `pending_phrase`), whatever the determinized copy's generator
would have rolled.
"""

from __future__ import annotations

from dataclasses import dataclass

from initiative.engine.chance import PICK, ROLL, ChanceNeeded, ExplicitChance
from initiative.engine.rng import SplitMix64
from initiative.games.ib import breaks, frames
from initiative.games.ib.actions import DECLINE, Action
from initiative.games.ib.determinize import determinize
from initiative.games.ib.events import Event
from initiative.games.ib.match import Match
from initiative.games.ib.public import public_description
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView

PREVIEW_SEED = 0x5052_4556_4945_57
"""Seeds the determinized copy: a fixed number, so the same draft previews the same."""
MAX_PREVIEW_STEPS = 64


def in_progress(state: IBState, seat: int) -> bool:
    """Whether `seat` is in the middle of a compound choice (more steps to come)."""
    return (state.current_seat() == seat and bool(state.stack)
            and state.stack[-1].tag in (frames.ACTION, frames.BREAK))


ANSWERS = "answers"
"""A preview's stop: other seats' hidden answers come out next (not a chance kind)."""


@dataclass(frozen=True)
class Pending:
    """What a preview stopped at: a chance kind (engine.chance ROLL, PICK or DRAW) or
    ANSWERS, and who meets it: the unit that rolls (a Challenge Card or a Rival), or the seat that
    draws or discards at random (-1 when unknown)."""

    kind: str
    unit: int = -1
    seat: int = -1


@dataclass(frozen=True)
class Preview:
    """The table as a confirmed draft leaves it, if nobody breaks: the track (`order`,
    `rm`) and every unit's HP, up to the first chance event (`pending`, None if the run
    reached the next decision without one)."""

    order: tuple[int, ...]
    rm: int | None
    hp: tuple[int, ...]
    pending: Pending | None
    added: tuple[Event, ...] = ()
    """The events the draft's steps add up to there (what `preview_warnings` reads)."""


@dataclass(frozen=True)
class DraftState:
    """Where a draft stands: the copy with the steps played, what the seat may choose
    next, whether it can be confirmed, the preview (None if not complete), and the
    seat's view of the copy before each step (what each step is described from)."""

    steps: tuple[Action, ...]
    state: IBState
    next_steps: tuple[Action, ...]
    ready: bool
    preview: Preview | None
    before: tuple[IBView, ...] = ()

    @property
    def indices(self) -> tuple[int, ...]:
        """The steps' action numbers (what the table keeps)."""
        return tuple(a.index for a in self.steps)

    @property
    def next_indices(self) -> frozenset[int]:
        return frozenset(a.index for a in self.next_steps)


def played_copy(live: IBState, seat: int, seed: int = PREVIEW_SEED) -> IBState:
    """A copy of `live` that holds only what `seat` knows (IB view), to play drafts on
    (`seed` deals its hidden cards and seeds its generator)."""
    return determinize(public_description(live.match), live.view(seat), SplitMix64(seed))


def draft_state(live: IBState, seat: int, steps: tuple[Action, ...],
                seed: int = PREVIEW_SEED) -> DraftState:
    """Play `steps` on a determinized copy (`played_copy`); ValueError names a step that
    is not legal."""
    state = played_copy(live, seat, seed)
    start = len(state.events())
    before: list[IBView] = []
    last = state
    for n, step in enumerate(steps, 1):
        if state.current_seat() != seat or (n > 1 and not in_progress(state, seat)):
            raise ValueError(f"step {n} ({step!r}): the action is already complete; "
                             "confirm it or take a step back")
        if step not in state.legal_actions():
            raise ValueError(f"step {n} ({step!r}) is not legal here")
        before.append(state.view(seat))
        last = state.clone()
        state.apply(step)
    ready = bool(steps) and not in_progress(state, seat)
    if ready or live.current_seat() != seat:
        next_steps: tuple[Action, ...] = ()
    elif steps:
        next_steps = tuple(state.legal_actions())
    else:  # the first step: the live game's legal actions, exactly what the engine offers
        next_steps = tuple(live.legal_actions())
    if not ready:
        shown = None
    elif closes_hidden_answers(live, seat):
        shown = _table(live, Pending(ANSWERS), start)
    else:
        shown = preview(last, steps[-1], seat, start)
    return DraftState(steps, state, next_steps, ready, shown, tuple(before))


def closes_hidden_answers(state: IBState, seat: int) -> bool:
    """Whether `seat`'s answer now is the last one of a mulligan (IB 2.8.2, AMB-88) or
    Initiative Break window (IB 3.7) that other seats answered already: their hidden
    answers are revealed by it."""
    frame = state.stack[-1] if state.stack else None
    if frame is None:
        return False
    if frame.tag == frames.MULLIGAN:  # asks every seat, in seat order
        return len(frame.to_ask) == 1 and state.match.num_seats > 1
    if frame.tag == frames.WINDOW:  # asks the eligible seats, in seat order
        return len(frame.to_ask) == 1 and any(breaks.eligible(state, s)
                                              for s in range(seat))
    return False


class _Stopping(ExplicitChance):
    """An explicit chance source with no outcome to give: the first die, draw or random
    choice stops the run (`ChanceNeeded`), the pile of a draw noted to tell whose."""

    __slots__ = ("drawing",)

    def __init__(self) -> None:
        super().__init__()
        self.drawing: list[int] | None = None

    def draw(self, pile: list[int]) -> int:
        self.drawing = pile
        return super().draw(pile)


def preview(before: IBState, last: Action, seat: int, start: int = 0) -> Preview:
    """`last` (the draft's final step, legal in `before`) played on a copy, then other
    seats' Break windows declined, until `seat` or another seat decides with no window
    open, or the game ends, or chance is met: the table there and what is pending
    (`start`: where the draft's events begin in the log)."""
    shown = _run(before, last, seat, start, whole=False)
    assert shown is not None  # only a run asked for a whole action gives None
    return shown


def option_preview(before: IBState, option: Action, seat: int) -> Preview | None:
    """The preview of `option` (legal in `before`, a copy `seat` may play on:
    `played_copy`) if choosing it completes the seat's action; None if the action goes
    on (more steps of the same compound choice, IB 4.1-4.8). Its events are the ones
    this choice adds."""
    return _run(before, option, seat, len(before.events()), whole=True)


def _run(before: IBState, last: Action, seat: int, start: int, whole: bool
         ) -> Preview | None:
    """`preview`'s run; with `whole`, None as soon as `last` leaves the action going on."""
    state, action = before, last
    for n in range(MAX_PREVIEW_STEPS):
        scratch = state.clone()
        source = _Stopping()
        scratch.rng = source
        try:
            scratch.apply(action)
        except ChanceNeeded as needed:
            return _table(scratch, _pending(scratch, source, needed), start)
        state = scratch
        if whole and n == 0 and in_progress(state, seat):
            return None
        decider = state.current_seat()
        if decider < 0 or decider == seat or not state.stack \
                or state.stack[-1].tag != frames.WINDOW \
                or DECLINE not in state.legal_actions():
            break
        action = DECLINE
    return _table(state, None, start)


def pending_phrase(view: IBView, match: Match, pending: Pending, seat: int) -> str:
    """What a preview stopped at, in words for `seat` (lower case, no full stop):
    "Gloam Hound rolls its die", "you draw a card". It never tells a die, a draw or a
    random choice before it happens (issue 25)."""
    if pending.kind == ANSWERS:
        return "everyone's hidden answers come out"
    if pending.kind == ROLL and pending.unit >= 0:
        who = view.units[pending.unit].who
        die = "on the Rival table" if (match.rival_mask >> pending.unit) & 1 else "its die"
        return f"{who} rolls {die}"
    if pending.kind == ROLL:
        return "a die is rolled"
    whose = "you" if pending.seat == seat else \
        view.seat_names[pending.seat] if pending.seat >= 0 else "a player"
    if pending.kind == PICK:
        hand = "your hand" if whose == "you" else f"{whose}'s hand" \
            if pending.seat >= 0 else "a hand"
        return f"a card is discarded at random from {hand}"
    return f"{whose} {'draw' if whose == 'you' else 'draws'} a card"


def _table(state: IBState, pending: Pending | None, start: int) -> Preview:
    track = state.track
    return Preview(tuple(track.order), track.rm, tuple(state.hp), pending,
                   tuple(state.events()[start:]))


def _pending(state: IBState, source: _Stopping, needed: ChanceNeeded) -> Pending:
    """What the run stopped at: a die names the unit whose activation rolls it, a draw
    the seat whose deck it is, a random choice the seat acting now."""
    kind = needed.outcomes[0][0].kind
    unit = next((f.unit for f in reversed(state.stack) if hasattr(f, "unit")), -1)
    seat = state.match.unit_seat[unit] if unit >= 0 else -1
    if kind == ROLL:
        return Pending(kind, unit=unit)
    if kind == PICK:
        return Pending(kind, seat=seat)
    drawing = source.drawing
    owner = next((s for s, deck in enumerate(state.decks) if deck is drawing), seat)
    return Pending(kind, seat=owner)
