"""`ISMCTSBot`: information-set Monte Carlo tree search over one seat's view, for any
game that can deal a world from a view (`search.Dealer`) and score a state
(`search.Evaluation`): Initiative Break's with `heuristic.evaluate` (the skirmish
game's search plans whole turns instead: bots/hex/rollout.py).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Every iteration deals a
fresh world from the bot's own view (the dealer's `deals(view)`, worked out once a
search: hidden hands, deck orders and the dice re-dealt, no log), then walks one shared
tree of action sequences in that world:
- selection picks, among the actions legal in this world, the child with the best
  UCB1 score, counting a child's tries only in the worlds where it was available;
- expansion adds one untried legal action;
- the leaf is scored by the game's evaluation, squashed to [-1, 1] (a finished game
  scores its returns), once the mover's compound choice is finished at random (a card
  chosen but its targets not yet chosen is not a position worth scoring), after an
  optional short random playout;
- each node on the path is credited from the point of view of the seat that moved.

Guidance by the game's evaluation, each off by default (`SearchSettings`): `greedy`
finishes the mover's choice with the step the one-ply lookahead (`LookaheadBot`, its own
next `follow` steps greedy) rates best, and `replies` plays the next seats' runs of
choices so too before scoring; `prior` starts each root child with that many visits of
its lookahead value over `prior_worlds` dealt worlds (progressive bias toward the
heuristic's move, washed out by the search's own visits); `runs` lets the tree branch
only on the first step of each seat's run of choices, the rest played greedily. These
steps are chosen by the evaluation alone, the first of equals, so the search stays
deterministic for a seed; every world is still dealt from the view.
The real state is never touched, so the bot cannot learn what its seat cannot see.
Chance inside a world (dice, draws) is sampled by the world's own generator.

The budget is a number of iterations (deterministic for a given bot seed) or, for play,
a time limit in seconds (then the iteration cap still bounds it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from initiative.bots.lookahead import FOLLOW_DEPTH, LookaheadBot
from initiative.bots.search import Deal, Dealer, Evaluation, SearchState, legal_of
from initiative.engine.contract import DecisionView
from initiative.engine.rng import SplitMix64

A = TypeVar("A", bound=Hashable)
S = TypeVar("S", bound=SearchState[Any])
V = TypeVar("V", bound=DecisionView[Any])


@dataclass(frozen=True)
class SearchSettings:
    """How the search spends its budget."""

    iterations: int = 500
    time_limit: float | None = None  # seconds per decision; None: iterations only
    exploration: float = 0.35  # UCB1's constant, for rewards in [-1, 1] (tuned: 0.35 beat 0.7)
    finish_turn: int = 8  # at most this many steps to finish the mover's choice
    playout: int = 0  # random steps played out before a leaf is evaluated
    scale: float = 30.0  # evaluation points that count as a reward of tanh(1)
    greedy: bool = False  # finish choices with the lookahead's best step, not at random
    replies: int = 0  # choice runs of the next seats played greedily before scoring
    prior: int = 0  # visits of its lookahead value a root child starts with
    prior_worlds: int = 2  # worlds the root's lookahead values are averaged over
    follow: int = FOLLOW_DEPTH  # own follow-up steps a greedy step looks at
    runs: bool = False  # the tree branches on a run's first step, the rest played greedily


class Node:
    """A tree node: the action sequence leading here, its statistics from the point of
    view of `seat`, the seat whose action led here."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits)


class ISMCTSBot(Generic[A, S, V]):
    """Searches `settings.iterations` worlds dealt by `game` from the view (or until the
    time limit), leaves scored by `evaluate`."""

    def __init__(self, game: Dealer[V, S], evaluate: Evaluation[S], seed: int,
                 settings: SearchSettings | None = None) -> None:
        self.game = game
        self.evaluate = evaluate
        self.rng = SplitMix64(seed)
        self.settings = settings or SearchSettings()
        self.policy: LookaheadBot[A, S, V] = LookaheadBot(
            game, evaluate, seed, depth=self.settings.follow)
        """Rates the greedy steps (its `value_after`; its generator is never used)."""
        self.lookahead: LookaheadBot[A, S, V] = LookaheadBot(game, evaluate, seed)
        """Rates the root's actions as the heuristic bot does (its `value_after`)."""
        self.last_iterations = 0
        """Iterations the last search ran (for benchmarks and the time budget)."""

    def choose(self, view: V) -> A:
        legal: list[A] = legal_of(view)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(view)
        return max(legal, key=lambda a: _rank(root.children.get(a)))

    def search(self, view: V) -> Node:
        """The search tree after the budget is spent; its root's children are the
        view's legal actions."""
        settings = self.settings
        rng = SplitMix64(self.rng.next64())
        root = Node(view.seat)
        deadline = None if settings.time_limit is None \
            else time.perf_counter() + settings.time_limit
        deal = self.game.deals(view)
        if settings.prior:
            self._seed_root(root, view, deal, rng)
        done = 0
        while done < settings.iterations:
            self._iterate(root, deal(SplitMix64(rng.next64())), rng)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return root

    def _iterate(self, root: Node, state: S, rng: SplitMix64) -> None:
        settings = self.settings
        path = self._descend(root, state, rng)
        mover = path[-1].seat if path else root.seat
        if settings.greedy:
            self._greedy_run(state, mover)
            for _ in range(settings.replies):
                if state.is_terminal():
                    break
                self._greedy_run(state, state.current_seat())
        else:
            _random_steps(state, rng, settings.finish_turn, lambda s: s.current_seat() == mover)
        _random_steps(state, rng, settings.playout, lambda s: True)
        rewards: dict[int, float] = {}
        for node in path:
            reward = rewards.get(node.seat)
            if reward is None:
                reward = rewards[node.seat] = self._reward(state, node.seat)
            node.visits += 1
            node.total += reward

    def _descend(self, node: Node, state: S, rng: SplitMix64) -> list[Node]:
        """Selection and expansion in one world; the nodes visited, root excluded."""
        path: list[Node] = []
        exploration = self.settings.exploration
        while not state.is_terminal():
            seat = state.current_seat()
            legal = state.legal_actions()
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = untried[rng.below(len(untried))]
                child = children[action] = Node(seat)
                child.available = 1
                state.apply(action)
                path.append(child)
                return path
            action = max(legal, key=lambda a: children[a].ucb(exploration))
            node = children[action]
            state.apply(action)
            path.append(node)
            if self.settings.runs:
                self._greedy_run(state, seat)
        return path

    def _seed_root(self, root: Node, view: V, deal: Deal[S], rng: SplitMix64) -> None:
        """Give each of the view's legal actions a root child that starts with `prior`
        visits of its lookahead value (its squashed mean over `prior_worlds` worlds
        dealt from the view): progressive bias toward what the heuristic would play,
        which the search's own visits wash out."""
        settings = self.settings
        worlds = [deal(SplitMix64(rng.next64())) for _ in range(settings.prior_worlds)]
        seat = view.seat
        for action in legal_of(view):
            mean = sum(self.lookahead.value_after(world, seat, action)
                       for world in worlds) / len(worlds)
            child = root.children[action] = Node(seat)
            child.visits = child.available = settings.prior
            child.total = settings.prior * math.tanh(mean / settings.scale)

    def _greedy_run(self, state: S, seat: int) -> None:
        """`seat`'s steps, each the one the lookahead rates best, while it decides (at
        most `finish_turn` steps; the first of equals)."""
        for _ in range(self.settings.finish_turn):
            if state.is_terminal() or state.current_seat() != seat:
                return
            legal = state.legal_actions()
            state.apply(legal[0] if len(legal) == 1 else max(
                legal, key=lambda a: self.policy.value_after(state, seat, a)))

    def _reward(self, state: S, seat: int) -> float:
        """The outcome for `seat` in [-1, 1]: the returns, else the squashed evaluation."""
        if state.is_terminal():
            return state.returns()[seat]
        return math.tanh(self.evaluate(state, seat) / self.settings.scale)


def _random_steps(state: S, rng: SplitMix64, limit: int, go_on: Callable[[S], bool]) -> None:
    """Up to `limit` random legal actions while the game runs and `go_on(state)`."""
    for _ in range(limit):
        if state.is_terminal() or not go_on(state):
            return
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def _rank(node: Node | None) -> tuple[int, float]:
    """Most visited first, then the better average (an untried action ranks last)."""
    if node is None or not node.visits:
        return (-1, 0.0)
    return (node.visits, node.total / node.visits)
