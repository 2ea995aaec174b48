"""The tree search guided by Initiative Break's heuristic (issue 28, `SearchSettings`'s
`greedy`, `follow`, `prior`, `replies`, `runs`): the lookahead's values as the root's
prior, choices finished greedily; the same search for a seed, and nothing hidden from
the seat changes it."""

from __future__ import annotations

from dataclasses import replace

from initiative.bots.ib.heuristic import Evaluate, PublicDealer
from initiative.bots.ismcts import ISMCTSBot, SearchSettings
from initiative.engine.rng import SplitMix64
from initiative.games.ib.actions import K_TARGET, Action, Kind
from initiative.games.ib.match import fixture_match
from initiative.games.ib.public import public_description
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from initiative.games.ib.view import IBView
from tests.ib.test_properties import hidden_twin, play_random

MATCH = fixture_match("tideguard", "ashfall")
PUBLIC = public_description(MATCH)
GUIDED = SearchSettings(iterations=40, greedy=True, follow=0, prior=10)
"""The best guided setting of the screens (docs/lab.md's bot ladder), on a small budget."""
WEAK = 2
"""The enemy unit left at 1 HP in `one_hp_target`: a hit on it takes it off the track."""


def one_hp_target() -> IBState:
    """Seat 1 choosing the target of an attack among the four enemy units (seed 0 after
    six random actions), unit `WEAK` at 1 HP: hitting it is the only target that kills."""
    state = new_game(MATCH, 0)
    play_random(state, SplitMix64(0), limit=6)
    legal = state.legal_actions()
    assert state.current_seat() == 1 and [a.kind for a in legal] == [K_TARGET] * 4
    state.hp[WEAK] = 1
    return state


def bot(seed: int, settings: SearchSettings) -> ISMCTSBot[Action, IBState, IBView]:
    """The tree search on the match's public description with `settings`."""
    return ISMCTSBot(PublicDealer(PUBLIC), Evaluate(), seed, settings)


def test_the_prior_alone_picks_the_killing_blow() -> None:
    """One iteration: with the prior, the child the lookahead rates best (the kill) is
    the one searched and played, whatever the seed; without it, an untried target at
    random, another target for some seeds."""
    view = one_hp_target().view(1)
    kill = Action(Kind.TARGET, WEAK)
    with_prior = {bot(seed, SearchSettings(iterations=1, prior=20)).choose(view)
                  for seed in range(8)}
    plain = {bot(seed, SearchSettings(iterations=1)).choose(view) for seed in range(8)}
    assert with_prior == {kill}
    assert plain - {kill}


def test_the_prior_seeds_every_root_child_with_its_lookahead_value() -> None:
    """Each legal action starts with `prior` visits; the kill's value is the highest, the
    others' alike (they only cost the target HP)."""
    view = one_hp_target().view(1)
    root = bot(3, SearchSettings(iterations=0, prior=20)).search(view)
    assert {a: n.visits for a, n in root.children.items()} == {a: 20 for a in view.legal}
    means = {a: n.total / n.visits for a, n in root.children.items()}
    best = means.pop(Action(Kind.TARGET, WEAK))
    assert all(best > mean + 0.1 for mean in means.values())
    assert max(means.values()) - min(means.values()) < 1e-9


def test_a_greedy_finish_takes_the_best_target() -> None:
    """The mover's unfinished choice, finished greedily in a leaf's world: the kill in
    every world dealt (a random finish would hit another unit 3 times in 4)."""
    state = one_hp_target()
    greedy = bot(0, SearchSettings(greedy=True, follow=0))
    deal = greedy.game.deals(state.view(1))
    for seed in range(6):
        world = deal(SplitMix64(seed))
        greedy._greedy_run(world, 1)
        assert world.hp[WEAK] == 0 and world.current_seat() != 1


def test_the_guided_search_plays_the_kill_most_and_rates_it_best() -> None:
    """With every guidance on (replies and runs too), the kill is the most visited child
    and the best on average."""
    view = one_hp_target().view(1)
    guided = bot(5, replace(GUIDED, replies=1, runs=True))
    assert guided.choose(view) == Action(Kind.TARGET, WEAK)
    root = guided.search(view)
    kill = root.children[Action(Kind.TARGET, WEAK)]
    assert max(root.children.values(), key=lambda n: n.visits) is kill
    assert max(root.children.values(), key=lambda n: n.total / n.visits) is kill


def test_the_same_seed_searches_alike_and_hidden_cards_change_nothing() -> None:
    """Same view, other hands, deck orders and dice: the same root statistics to the
    last bit and the same choice from the same seed, at several positions."""
    checked = 0
    for seed in range(6):
        state = new_game(MATCH, seed)
        play_random(state, SplitMix64(seed), limit=12 + 5 * seed)
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        seat, other = hidden_twin(state, seed)
        stats = []
        for world in (state, other, state):
            tree = bot(seed, GUIDED).search(world.view(seat))
            stats.append(sorted((repr(a), n.visits, n.total) for a, n in tree.children.items()))
        assert stats[0] == stats[1] == stats[2]
        chosen = {bot(seed, replace(GUIDED, replies=1, runs=True)).choose(w.view(seat))
                  for w in (state, other)}
        assert len(chosen) == 1
        checked += 1
    assert checked >= 4
