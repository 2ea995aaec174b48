"""Honest previews (issue 25, item 1): a preview that reaches a die, a draw or a random
choice stops there and says what is pending; it never states a sampled result.

Over random positions of solo and co-op games against Challenge Cards (a d6 each
activation, IB 6.4.2), a format with a neutral Challenge Card party (IB 8.4) and a
duel (draws, IB 2.8), every complete draft of the deciding seat is previewed on copies
dealt from several seeds (the hidden cards and the copy's generator, which sampled the
dice before): the preview is the same every time. The same steps played on the real
game under explicit chance (games/ib/chance.py) tell whether the run meets chance before
the next decision: the preview names that chance exactly then, and otherwise shows
the table the real game reaches (track and HP).

Only Initiative Break has previews: the hex game and The Initiative take each choice at
once (no draft, `WebGame.draft` is None) and their pages state no result to come.
"""

from __future__ import annotations

import random

import pytest

from initiative.engine.chance import ROLL
from initiative.engine.contract import CHANCE
from initiative.games import load_game
from initiative.games.ib import frames
from initiative.games.ib.actions import DECLINE, Action, Kind, target_unit
from initiative.games.ib.chance import ExplicitIBState, explicit
from initiative.games.ib.state import IBState
from initiative.server.ib import SITE, render
from initiative.server.ib.drafts import (
    ANSWERS,
    MAX_PREVIEW_STEPS,
    Pending,
    Preview,
    draft_state,
)
from initiative.server.parts import HUMAN, SeatPage

SEEDS = (0x5052_4556_4945_57, 1, 2, 0xBAD5EED)
"""Copies dealt from these give one preview (the first is the table's own)."""
GAMES = (
    ("initiative_break(mode=solo)", 3),
    ("initiative_break(mode=coop,players=2)", 2),
    ("initiative_break(mode=coop,players=3)", 2),
    ("initiative_break(mode=1v1,challengers=gloam_hound)", 2),
    ("initiative_break(mode=1v1)", 2),
)


def _random_draft(state: IBState, seat: int, rng: random.Random) -> tuple[Action, ...]:
    """A complete draft of `seat`, each step chosen at random among those offered."""
    steps: tuple[Action, ...] = ()
    while True:
        draft = draft_state(state, seat, steps)
        if draft.ready:
            return steps
        steps = (*steps, rng.choice(draft.next_steps))


def _truth(state: IBState, steps: tuple[Action, ...], seat: int) -> ExplicitIBState:
    """The real game after `steps` under explicit chance, other seats' Break windows
    declined: stopped at a chance node (CHANCE) or at the next decision."""
    real = explicit(state)
    for step in steps:
        real.apply(step)
    for _ in range(MAX_PREVIEW_STEPS):
        decider = real.current_seat()
        if decider < 0 or decider == seat or real.stack[-1].tag != frames.WINDOW \
                or DECLINE not in real.legal_actions():
            break
        real.apply(DECLINE)
    return real


def _check(state: IBState, seat: int, steps: tuple[Action, ...]) -> Preview:
    previews = {draft_state(state, seat, steps, seed).preview for seed in SEEDS}
    assert len(previews) == 1, f"the preview of {steps} depends on the copy's dealing"
    (preview,) = previews
    assert preview is not None
    view = state.view(seat)
    if SITE.reveals_answers(state, seat):  # others' hidden answers come out first
        assert preview.pending == Pending(ANSWERS)
        assert preview.order == view.order and preview.hp == tuple(u.hp for u in view.units)
        assert "hidden answers" in render.pending_sentence(view, state.match,
                                                           preview.pending, seat)
        return preview
    real = _truth(state, steps, seat)
    met = real.current_seat() == CHANCE
    assert (preview.pending is not None) == met, (steps, preview)
    if preview.pending is not None:
        sentence = render.pending_sentence(view, state.match, preview.pending, seat)
        kind = real.chance_outcomes()[0][0].kind
        assert preview.pending.kind == kind
        assert ("rolls" if kind == ROLL else "draw" if kind == "draw" else "at random") \
            in sentence
        assert sentence.endswith("the preview stops here.")
    else:
        assert preview.order == tuple(real.track.order) and preview.hp == tuple(real.hp)
    return preview


@pytest.mark.parametrize(("name", "games"), GAMES)
def test_no_preview_states_an_unresolved_chance(name: str, games: int) -> None:
    met = rolls = 0
    for seed in range(games):
        state = load_game(name).new_initial_state(seed=seed)
        rng = random.Random(seed)
        checked = 0
        while state.current_seat() >= 0 and checked < 25:
            seat = state.current_seat()
            steps = _random_draft(state, seat, rng)
            preview = _check(state, seat, steps)
            checked += 1
            met += preview.pending is not None and preview.pending.kind != ANSWERS
            rolls += preview.pending is not None and preview.pending.kind == ROLL
            for step in steps:
                state.apply(step)
    assert met > 0, "no preview met chance: the positions test nothing"
    if "mode=1v1)" not in name:
        assert rolls > 0, "no preview met a Challenge Card's die"


def _solo_attack_on_the_hound() -> tuple[IBState, tuple[Action, ...]]:
    """A Solo table (Hounds at the Gate) where the player's Basic Attack on the Gloam
    Hound is followed by a Challenge Card's turn."""
    for seed in range(40):
        state = load_game("initiative_break(mode=solo)").new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if state.current_seat() < 0:
                break
            for first in state.legal_actions():
                if first.kind != Kind.BASIC:
                    continue
                for target in draft_state(state, 0, (first,)).next_steps:
                    unit = state.view(0).units[target_unit(target,
                                                           state.match.num_characters)]
                    steps = (first, target)
                    draft = draft_state(state, 0, steps)
                    pending = draft.preview.pending if draft.preview else None
                    if target.kind == Kind.TARGET and unit.name == "Gloam Hound" \
                            and pending is not None and pending.kind == ROLL:
                        return state, steps
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no Basic Attack on the Gloam Hound before a Challenge Card's die")


def test_a_solo_attack_preview_stops_at_the_challenge_cards_die() -> None:
    """The case people met (issue 25): Basic Attack on the Gloam Hound in a Solo game.
    The page's preview shows the attack and then says which Challenge Card rolls its
    die, the same whatever that die will show; HP that only the die could change are
    unchanged in it."""
    state, steps = _solo_attack_on_the_hound()
    view = state.view(0)
    seen = set()
    for seed in SEEDS:
        page = SeatPage(table_id="t", table_name="Solo", seat=0, acting=0, view=view,
                        public=state.match, names=tuple(view.seat_names), decider=0,
                        controller=HUMAN, finished=False,
                        draft=draft_state(state, 0, steps, seed))
        html = render.regions(render.context(page))["actions"]
        assert '<p class="pending">Then ' in html and " rolls its die: " in html
        seen.add(html)
    assert len(seen) == 1
