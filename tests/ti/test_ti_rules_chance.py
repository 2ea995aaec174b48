"""Chance, determinism and hidden information: the same seed and actions give the same
game; explicit chance fed the sampled outcomes gives the same game; `determinize`
deals a world whose view is the seat's own; views never leak (TI-15, TI-5, TI-7)."""

from __future__ import annotations

import json
import random
from fractions import Fraction

from initiative.engine.chance import DRAW, PICK, ExplicitChance
from initiative.engine.contract import CHANCE, GAME_MASTER, SPECTATOR
from initiative.engine.rng import SplitMix64
from initiative.games.ti import events as ev
from initiative.games.ti import tokens
from initiative.games.ti.state import TIState
from tests.ti.build import card, do, position
from tests.ti.play import assert_conserved, play_out, random_action, step
from tests.ti.recording import Recording
from tests.ti.sample import sample_game, sample_setup


def test_same_seed_same_actions_same_game() -> None:
    game = sample_game("vault-2", 3)
    for seed in range(5):
        a, b = play_out(game, seed), play_out(game, seed)
        assert a.history == b.history
        assert a.view(GAME_MASTER).to_dict() == b.view(GAME_MASTER).to_dict()


def test_explicit_chance_fed_the_sampled_outcomes_plays_the_same_game() -> None:
    for mission in ("eye", "vault-2", "drill"):
        setup = sample_setup(mission, 2)
        for seed in range(4):
            source = Recording(seed)
            sampled = TIState(setup, source)
            sampled.settle()
            rng = random.Random(seed)
            while not sampled.over:
                sampled.apply(random_action(sampled, rng))
            explicit = TIState(setup, ExplicitChance())
            explicit.settle()
            outcomes = iter(source.served)
            actions = iter(sampled.history)
            while not explicit.over:
                if explicit.current_seat() == CHANCE:
                    explicit.apply(next(outcomes))
                else:
                    explicit.apply(next(actions))
            assert next(outcomes, None) is None
            assert explicit.view(GAME_MASTER).to_dict() == sampled.view(GAME_MASTER).to_dict()


def test_chance_nodes_are_exact_distributions() -> None:
    """Deck draws are uniform over the unordered remainder; a token reveal first picks
    an extra token with probability extras/stack (tokens.py)."""
    state = sample_game("vault-2", 2, explicit_chance=True).new_initial_state(0)
    outcomes = state.chance_outcomes()
    assert {o.kind for o, _ in outcomes} == {DRAW}
    assert len(outcomes) == 36 and {p for _, p in outcomes} == {Fraction(1, 36)}
    rng = random.Random(1)
    kinds = set()
    for _ in range(3000):
        if state.over:
            state = sample_game("vault-2", 2, explicit_chance=True).new_initial_state(0)
        if state.current_seat() == CHANCE:
            outs = state.chance_outcomes()
            assert sum(p for _, p in outs) == 1
            kinds.add(outs[0][0].kind)
        step(state, rng)
    assert kinds == {DRAW, PICK}


def _private_cards(state: TIState, seat: int) -> set[int]:
    return {c for s, hand in enumerate(state.hands) if s != seat for c in hand}


def test_views_never_leak() -> None:
    """No other hand, no deck order, no face-down token, no closed window, no answer
    before the end (TI-5, TI-7, TI-15, TI-A22)."""
    for mission in ("eye", "vault-2", "drill"):
        game = sample_game(mission, 3)
        answer = game.setup.mission.windows
        for seed in range(6):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            while not state.over:
                for seat in (0, 1, 2, SPECTATOR):
                    data = state.view(seat).to_dict()
                    text = json.dumps(data)
                    assert "hands" not in data
                    hidden = _private_cards(state, seat)
                    shown = {c["id"] for c in data["hand"]} | {
                        c["id"] for c in data.get("deck_top", [])}
                    assert not hidden & shown
                    events = state.view(seat).events
                    assert len(events) == len(data["log"])
                    assert all(e[0] not in ev.PRIVATE or e[1] == seat for e in events)
                    for w, window in zip(data["console"]["windows"], answer, strict=True):
                        assert (w["symbols"] is None) == (not w["open"])
                        assert w["symbols"] in (None, list(window.symbols))
                    assert data["result"] is None
                    assert "deck" not in data and "tan_pool" not in text
                    face_up = {t["id"] for r in data["rooms"] for t in r["face_up"]}
                    assert all(state.where[t] >= 0 for t in face_up)
                    if data.get("deck_top"):
                        assert seat == state.top_seer
                step(state, rng)
            assert state.view(0).to_dict()["result"] is not None


def test_determinize_deals_a_world_with_the_same_view() -> None:
    for mission in ("eye", "vault-2", "drill"):
        game = sample_game(mission, 3)
        for seed in range(3):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            deal = SplitMix64(seed)
            while not state.over:
                seat = state.current_seat()
                view = state.view(seat)
                world = game.determinize(view, deal)
                assert world.view(seat).to_dict() == view.to_dict()
                assert_conserved(world)
                assert world.hands[seat] == state.hands[seat]
                world.apply(random_action(world, random.Random(0)))
                step(state, rng)


def test_face_down_tokens_have_no_identity() -> None:
    """TI-3: a stack is a count until a reveal draws from the unseen tan pool."""
    state = sample_game("eye", 2).new_initial_state(3)
    down = [t for t, at in enumerate(state.where) if at == tokens.DOWN]
    assert len(down) == 13 and sorted(state.tan_pool) == down


def test_a_reveal_picks_an_extra_token_with_probability_extras_over_stack() -> None:
    """TI-3, TI-31: VAULT-2's R3 stack holds 2 tan tokens and the blue one: the reveal
    first picks among 3 places (the blue token is place 0), then a tan place draws
    uniformly from the unseen tan tokens."""
    state = position("vault-2", hands={0: ["circle-3", "square-5"]}, pos=[2, 2])
    state.rng = ExplicitChance()
    do(state, f"play gather {card('circle-3')}", "reveal")
    outcomes = state.chance_outcomes()
    assert [(o.kind, p) for o, p in outcomes] == [(PICK, Fraction(1, 3))] * 3
    state.apply(outcomes[1][0])  # a tan place
    draws = state.chance_outcomes()
    assert {o.kind for o, _ in draws} == {DRAW} and len(draws) == 12
    assert {p for _, p in draws} == {Fraction(1, 12)}


def test_tia11_gas_is_a_uniform_pick_from_the_hand() -> None:
    state = position(hands={0: ["circle-3", "square-5", "triangle-9", "circle-12"]},
                     pos=[0, 3], reveals=(8,))
    state.rng = ExplicitChance()
    do(state, f"play gather {card('circle-3')}", "reveal")
    draw = state.chance_outcomes()
    assert len(draw) == 13  # the tan token drawn: gas among them
    state.apply(next(o for o, _ in draw if o.value == 8))
    picks = state.chance_outcomes()
    assert [(o.kind, p) for o, p in picks] == [(PICK, Fraction(1, 3))] * 3
