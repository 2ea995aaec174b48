"""Chance nodes: every random step of a game, either sampled or chosen from outside.

Rules take their chance from the state's *chance source* (`state.rng`) through four
calls: `roll(sides)` (a die), `below(n)` (a uniform random choice among n), `draw(pile)`
(a card from a shuffled pile) and `shuffle(pile)`. Two sources answer them:

- **Sampling** (the default): the state's own generator (`engine.rng`). It shuffles a
  pile when the rules shuffle it, and `draw` takes the top of the shuffled pile. Seeds,
  records and golden games mean what they always meant.
- **Explicit** (`ExplicitChance`): it holds no generator. A shuffled pile stays an
  unordered multiset (`shuffle` does nothing) and is dealt lazily: each `draw` is one
  chance node over the distinct cards left, each with probability count/size, so no
  node lists the orders of a deck. A die is a node over its faces, `below(n)` a node
  over 0..n-1. The source serves outcomes chosen already (`script`) and, when it runs
  out, raises `ChanceNeeded` with the distribution of the next step.

A state in explicit mode resolves a step (a seat's action, the deal) by running it on a
scratch clone with the outcomes chosen so far (`attempt`): on `ChanceNeeded` it keeps
itself unchanged and records a `PendingChance`, so its current seat is CHANCE; applying
an outcome appends it and runs the step again; once the step completes, the state takes
the scratch clone's place. A step with k chance events runs k + 1 times (explicit mode
only; the sampling path is untouched).

Probabilities are `Fraction`s: exact, so the outcomes of a node sum to exactly 1 and an
exact solver (expectimax, a puzzle) gets exact values; `float(p)` gives what OpenSpiel
expects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from initiative.engine.rng import GameRng

T = TypeVar("T")
S = TypeVar("S", bound="Resolvable")
A = TypeVar("A")

ROLL = "roll"
"""A die: outcome values are the faces 1..sides."""
PICK = "pick"
"""A uniform random choice: outcome values are 0..n-1."""
DRAW = "draw"
"""A draw from a shuffled pile: outcome values are the items (card ids) left in it."""
KINDS = frozenset((ROLL, PICK, DRAW))


@dataclass(frozen=True)
class Outcome:
    """One outcome of a chance node: what kind of step, and which result."""

    kind: str
    value: int

    def __repr__(self) -> str:
        return f"{self.kind}:{self.value}"


ChanceOutcomes = tuple[tuple[Outcome, Fraction], ...]
"""A node's distribution: `(outcome, probability)` pairs, probabilities summing to 1."""


def roll_outcomes(sides: int) -> ChanceOutcomes:
    """A fair die of `sides` faces."""
    if sides <= 0:
        raise ValueError(f"a die needs at least one face, got {sides}")
    p = Fraction(1, sides)
    return tuple((Outcome(ROLL, face), p) for face in range(1, sides + 1))


def pick_outcomes(n: int) -> ChanceOutcomes:
    """A uniform choice among 0..n-1."""
    if n <= 0:
        raise ValueError(f"below() needs a positive bound, got {n}")
    p = Fraction(1, n)
    return tuple((Outcome(PICK, i), p) for i in range(n))


def draw_outcomes(pile: Sequence[int]) -> ChanceOutcomes:
    """A draw from an unordered pile: each distinct item with probability count/size."""
    if not pile:
        raise ValueError("cannot draw from an empty pile")
    counts = Counter(pile)
    size = len(pile)
    return tuple((Outcome(DRAW, item), Fraction(counts[item], size)) for item in sorted(counts))


class ChanceNeeded(Exception):
    """Internal signal of `ExplicitChance`: the next random step has no outcome yet.
    Only `attempt` catches it; it never reaches a caller of the state."""

    def __init__(self, outcomes: ChanceOutcomes) -> None:
        super().__init__("a chance outcome is needed")
        self.outcomes = outcomes


@dataclass(frozen=True)
class Step:
    """What a state is resolving in explicit mode: `run(scratch, arg)` (a module-level
    function, so the step stays plain data that clones and pickles), e.g. a seat's
    action applied, or the deal of the opening hands. (Not generic in `arg`: mypyc
    cannot compile a generic dataclass.)"""

    run: Callable[[Any, Any], None]
    arg: Any
    then: Step | None = None
    """The step resolved next, once this one is done (the state between them is the
    one seen at `then`'s chance nodes: e.g. the track set before the opening deal)."""


@dataclass(frozen=True)
class PendingChance:
    """A chance node: the step being resolved, the outcomes chosen for it so far and
    the distribution of the next one."""

    step: Step
    chosen: tuple[Outcome, ...]
    outcomes: ChanceOutcomes

    def offers(self, outcome: object) -> bool:
        return any(o == outcome for o, _ in self.outcomes)


class ExplicitChance:
    """The explicit chance source (see the module docstring). `kinds` says which steps
    are chance nodes (all by default); the others are sampled from `generator`, e.g. a
    test that forces the dice but deals from a deck in its set order. `state` counts the
    outcomes served in the game (a source's progress, as `GameRng.state`)."""

    __slots__ = ("_at", "generator", "kinds", "pending", "script", "state")

    def __init__(self, script: tuple[Outcome, ...] = (), *, kinds: frozenset[str] = KINDS,
                 generator: GameRng | None = None, state: int = 0,
                 pending: PendingChance | None = None) -> None:
        unknown = kinds - KINDS
        if unknown:
            raise ValueError(f"unknown chance kinds {sorted(unknown)}; known: {sorted(KINDS)}")
        if kinds != KINDS and generator is None:
            raise ValueError("steps that are not chance nodes need a generator to sample them")
        self.script = script
        self._at = 0
        self.kinds = kinds
        self.generator = generator
        self.state = state
        self.pending = pending

    def _serve(self, kind: str, outcomes: Callable[[], ChanceOutcomes]) -> int:
        at = self._at
        if at < len(self.script):
            outcome = self.script[at]
            if outcome.kind != kind:  # a step runs the same way each time it is retried
                raise AssertionError(f"chance out of step: {outcome!r} served to a {kind}")
            self._at = at + 1
            return outcome.value
        raise ChanceNeeded(outcomes())

    def _sampler(self, kind: str) -> GameRng | None:
        return None if kind in self.kinds else self.generator

    def roll(self, sides: int) -> int:
        """A die roll 1..sides."""
        sampler = self._sampler(ROLL)
        if sampler is not None:
            return sampler.roll(sides)
        return self._serve(ROLL, lambda: roll_outcomes(sides))

    def below(self, n: int) -> int:
        """A uniform choice in [0, n)."""
        sampler = self._sampler(PICK)
        if sampler is not None:
            return sampler.below(n)
        return self._serve(PICK, lambda: pick_outcomes(n))

    def draw(self, pile: list[int]) -> int:
        """Take one card from `pile`: the chosen card (its topmost copy, so a pile
        laid out in an order deals in that order when the top card is chosen)."""
        sampler = self._sampler(DRAW)
        if sampler is not None:
            return sampler.draw(pile)
        card = self._serve(DRAW, lambda: draw_outcomes(pile))
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] == card:
                del pile[i]
                return card
        raise AssertionError(f"drew {card}, which the pile does not hold")

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Nothing: while draws are chance nodes a shuffled pile is an unordered
        multiset, and only `draw` observes it."""
        sampler = self._sampler(DRAW)
        if sampler is not None:
            sampler.shuffle(items)

    def sample(self, items: MutableSequence[T], k: int) -> list[T]:
        """`k` items without replacement, as k uniform choices (the first k steps of a
        Fisher-Yates shuffle, each a chance node)."""
        n = len(items)
        for i in range(min(k, n)):
            j = i + self.below(n - i)
            items[i], items[j] = items[j], items[i]
        return list(items[:k])

    def next64(self) -> int:
        """A raw 64-bit draw has 2^64 outcomes: no chance node lists them."""
        raise TypeError("explicit chance serves dice, choices and draws, not raw 64-bit draws")

    def clone(self) -> ExplicitChance:
        new = ExplicitChance.__new__(ExplicitChance)
        new.script, new._at, new.kinds = self.script, self._at, self.kinds
        new.generator = None if self.generator is None else self.generator.clone()
        new.state, new.pending = self.state, self.pending
        return new

    def replaying(self, chosen: tuple[Outcome, ...]) -> ExplicitChance:
        """A fresh source for one run of a step: serves `chosen`, then signals."""
        new = self.clone()
        new.script, new._at, new.pending = chosen, 0, None
        return new

    def to_data(self) -> str:
        """Explicit chance has no generator state to write."""
        return "explicit"


class Resolvable(Protocol):
    """A state that can resolve a step under explicit chance."""

    rng: Any

    def clone(self) -> Any: ...


def attempt(base: S, step: Step, chosen: tuple[Outcome, ...]) -> S | PendingChance:
    """Run `step` on a clone of `base` whose source serves `chosen`: the finished clone
    (its source ready for the next step), or the node the step now waits on. `base`
    (whose `rng` is an `ExplicitChance`) is not changed."""
    source: ExplicitChance = base.rng
    scratch: S = base.clone()
    scratch.rng = run_source = source.replaying(chosen)
    try:
        step.run(scratch, step.arg)
    except ChanceNeeded as needed:
        return PendingChance(step, chosen, needed.outcomes)
    run_source.script, run_source._at = (), 0
    run_source.state = source.state + len(chosen)
    return scratch


def resolve(base: S, step: Step, chosen: tuple[Outcome, ...],
            adopt: Callable[[S], None]) -> None:
    """`attempt` the step, then keep its result: a new chance node becomes pending on
    `base.rng` (`base` otherwise unchanged), a finished clone is handed to `adopt` (which
    makes `base` take its fields) and the step's `then` is resolved in turn."""
    done = attempt(base, step, chosen)
    if isinstance(done, PendingChance):
        base.rng.pending = done
        return
    adopt(done)
    if step.then is not None:
        resolve(base, step.then, (), adopt)
