"""Explicit chance nodes (engine/chance.py, games/ib/chance.py): with
`explicit_chance=True` every die (IB 6.8), random discard and draw from a shuffled deck
(IB 2.8, the opening hands of IB 2.9 step 6 and a mulligan's, IB 2.8.2) is a CHANCE
node whose outcomes sum to 1, and an explicit game driven with the outcomes a sampling
game realized is that same game."""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from initiative.engine.chance import (
    DRAW,
    PICK,
    ROLL,
    ExplicitChance,
    Outcome,
    draw_outcomes,
)
from initiative.engine.contract import CHANCE, TERMINAL
from initiative.engine.errors import IllegalActionError
from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.actions import KEEP, MULLIGAN
from initiative.games.ib.chance import ExplicitIBState
from initiative.games.ib.content import core_content
from initiative.games.ib.match import Match
from initiative.games.ib.modes import build_match, standard_match
from initiative.games.ib.notation import dump_position, load_position
from initiative.games.ib.presets import preset_setup
from initiative.games.ib.setup import IBGame, new_game
from initiative.games.ib.state import IBState
from tests.ib.challenge_content import cc_game
from tests.ib.test_notation import minimal
from tests.ib.test_shipped_cards import lantern, play

MODES = ("1v1", "2v2", "ffa", "solo", "coop")


@cache
def preset_match(mode: str) -> Match:
    return build_match(preset_setup(mode), core_content())


def snapshot_of(state: IBState) -> bytes:
    """Every field, the log as this state sees it (clones share its list, copy on write)."""
    fields = {name: getattr(state, name) for name in IBState.__slots__ if name != "log"}
    fields["log"] = list(state.events())
    source = state.rng
    if isinstance(source, ExplicitChance):
        fields["rng"] = (source.script, source.state, source.pending, source.kinds)
    return pickle.dumps(fields)


def play_explicit(match: Match, seed: int, max_steps: int = 4000) -> Iterator[ExplicitIBState]:
    """A random explicit game: yields the state at every chance node."""
    state = new_game(match, seed, explicit_chance=True)
    assert isinstance(state, ExplicitIBState)
    rng = SplitMix64(seed + 1000)
    for _ in range(max_steps):
        seat = state.current_seat()
        if seat == TERMINAL:
            return
        if seat == CHANCE:
            yield state
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.below(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    raise AssertionError(f"seed {seed}: no end after {max_steps} steps")


@pytest.mark.parametrize("mode", MODES)
def test_outcomes_of_every_chance_node_sum_to_one(mode: str) -> None:
    match = preset_match(mode)
    kinds: Counter[str] = Counter()
    for seed in range(8):
        for state in play_explicit(match, seed):
            outcomes = state.chance_outcomes()
            assert outcomes and sum(p for _, p in outcomes) == 1  # exact: Fractions
            assert all(p > 0 for _, p in outcomes)
            assert len({o for o, _ in outcomes}) == len(outcomes)
            kind = outcomes[0][0].kind
            assert all(o.kind == kind for o, _ in outcomes)
            if kind == ROLL:  # a Challenge Card's d6 (IB 6.8.6)
                assert [o.value for o, _ in outcomes] == [1, 2, 3, 4, 5, 6]
                assert {p for _, p in outcomes} == {Fraction(1, 6)}
            kinds[kind] += 1
            assert state.legal_actions() == [] and state.legal_actions(0) == []
    assert kinds[DRAW] > 0
    assert (kinds[ROLL] > 0) == (mode in ("solo", "coop"))  # only Challenge Cards roll


def test_a_new_explicit_game_starts_at_chance_dealing_the_opening_hands() -> None:
    match = standard_match("tideguard", "ashfall")
    state = IBGame(match, explicit_chance=True).new_initial_state(0)
    assert state.current_seat() == CHANCE
    assert state.hands == [[], []]  # IB 2.9 step 6 has not dealt a card yet
    outcomes = state.chance_outcomes()
    # The first draw is from the whole unordered deck: count/size per distinct card.
    assert outcomes == list(draw_outcomes(match.decklists[0]))
    for _ in range(10):  # five cards to each seat, one chance node per card
        assert state.current_seat() == CHANCE
        state.apply(state.chance_outcomes()[0][0])
    assert state.current_seat() == 0 and KEEP in state.legal_actions()
    assert [len(h) for h in state.hands] == [5, 5]
    assert IBGame(match).new_initial_state(0).current_seat() == 0  # sampling: no node


def test_a_draw_takes_the_chosen_card_from_the_unordered_deck() -> None:
    match = standard_match("tideguard", "ashfall")
    state = new_game(match, 0, explicit_chance=True)
    card = max(c for c in match.decklists[0])
    state.apply(Outcome(DRAW, card))
    state.apply(state.chance_outcomes()[0][0])
    # The state shown is still the one before the deal: no outcome chosen so far shows.
    assert state.hands == [[], []]
    while state.current_seat() == CHANCE:
        state.apply(state.chance_outcomes()[-1][0])
    assert state.hands[0][0] == card
    expected = Counter(match.decklists[0])
    expected.subtract(state.hands[0])
    assert Counter(state.decks[0]) == +expected


def test_a_mulligan_returns_the_hand_to_the_deck_and_deals_again_by_chance() -> None:
    match = standard_match("tideguard", "ashfall")
    state = new_game(match, 0, explicit_chance=True)
    while state.current_seat() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    deck_before = Counter(state.decks[0]) + Counter(state.hands[0])
    state.apply(MULLIGAN)
    state.apply(KEEP)  # IB 2.8.2: the mulligans are carried out together
    assert state.current_seat() == CHANCE
    first = state.chance_outcomes()
    assert first == list(draw_outcomes(sorted(deck_before.elements())))  # reshuffled in


def test_illegal_outcomes_and_actions_are_rejected_and_change_nothing() -> None:
    match = preset_match("solo")
    state = new_game(match, 3, explicit_chance=True)
    snapshot = snapshot_of(state)
    assert state.current_seat() == CHANCE
    absent = max(match.decklists[0]) + 1
    with pytest.raises(IllegalActionError, match="not one of the"):
        state.apply(Outcome(DRAW, absent))
    with pytest.raises(IllegalActionError, match="not one of the"):
        state.apply(Outcome(ROLL, 1))  # a die face offered to a draw
    with pytest.raises(IllegalActionError, match="seat's action"):
        state.apply(KEEP)
    assert snapshot_of(state) == snapshot
    while state.current_seat() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    snapshot = snapshot_of(state)
    with pytest.raises(IllegalActionError, match="no chance node is pending"):
        state.apply(Outcome(DRAW, match.decklists[0][0]))
    assert snapshot_of(state) == snapshot
    # A die rolled mid-action: a wrong face is rejected too, the node stays.
    for state in play_explicit(match, 3):
        if state.chance_outcomes()[0][0].kind == ROLL:
            before = snapshot_of(state)
            for bad in (Outcome(ROLL, 0), Outcome(ROLL, 7), Outcome(PICK, 1)):
                with pytest.raises(IllegalActionError):
                    state.apply(bad)
            assert snapshot_of(state) == before
            break
    else:
        raise AssertionError("no die was rolled")


def test_a_clone_at_a_chance_node_is_independent() -> None:
    match = preset_match("solo")
    for state in play_explicit(match, 5):
        if len(state.chance_outcomes()) < 2:
            continue
        twin = state.clone()
        assert isinstance(twin, ExplicitIBState) and twin.current_seat() == CHANCE
        assert twin.chance_outcomes() == state.chance_outcomes()
        before = snapshot_of(state)
        (first, _), (second, _) = state.chance_outcomes()[:2]
        twin.apply(first)
        assert snapshot_of(state) == before  # the original still waits on its node
        other = state.clone()
        other.apply(second)
        assert (twin.events() != other.events() or twin.hands != other.hands
                or twin.chance_outcomes() != other.chance_outcomes())
        break
    else:
        raise AssertionError("no chance node with two outcomes")


def test_a_finished_explicit_game_is_terminal() -> None:
    for seed in range(3):
        state = new_game(preset_match("1v1"), seed, explicit_chance=True)
        for _ in play_explicit(preset_match("1v1"), seed):
            pass
        rng = SplitMix64(seed + 1000)
        while not state.is_terminal():  # the same game, played here to its end
            if state.current_seat() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(outcomes[rng.below(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
        assert state.current_seat() == TERMINAL
        assert state.chance_outcomes() == [] and state.legal_actions() == []
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
        with pytest.raises(IllegalActionError):
            state.apply(Outcome(ROLL, 1))


def test_views_at_a_chance_node_show_nothing_of_the_step_pending() -> None:
    """Hidden information: while a node is pending, every view is the view of the state
    before the step (the pending action, the outcomes chosen so far, the cards about
    to be drawn stay out), with no seat to move."""
    match = preset_match("2v2")
    seen = 0
    for state in play_explicit(match, 11):
        source = state.rng
        assert isinstance(source, ExplicitChance) and source.pending is not None
        before = IBState.clone(state)  # the same fields as a sampling state
        before.rng = SplitMix64(0)
        for seat in (*range(match.num_seats), -3, -4):
            shown = state.view(seat).to_dict()
            assert shown["legal"] == [] and shown["deciding"] == CHANCE
            if not state.stack:  # dealing the opening hands: nothing dealt shows yet
                assert not any(shown["hands"]) and sum(shown["hand_sizes"]) == 0
                continue
            plain = before.view(seat).to_dict()
            public = ("legal", "deciding")
            assert {k: v for k, v in shown.items() if k not in public} == {
                k: v for k, v in plain.items() if k not in public}
        seen += 1
        if seen > 60:
            break
    assert seen > 60


# --- the equivalence invariant -------------------------------------------------------


class _Picks:
    """The sampling game's own generator, noting the random choices the rules make
    directly (`below`: the random discards), so they can be served again."""

    def __init__(self, inner: SplitMix64) -> None:
        self.inner = inner
        self.picks: list[int] = []

    def below(self, n: int) -> int:
        value = self.inner.below(n)
        self.picks.append(value)
        return value

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _realized(log: list[events.Event], picks: list[int]) -> dict[str, list[Outcome]]:
    """What a sampling game's chance produced, kind by kind, in order."""
    return {
        DRAW: [Outcome(DRAW, e[2]) for e in log if e[0] == events.DRAW],
        ROLL: [Outcome(ROLL, e[2]) for e in log if e[0] == events.CC_ROLL],
        PICK: [Outcome(PICK, v) for v in picks],
    }


def _serve(state: IBState, queues: dict[str, list[Outcome]]) -> None:
    while state.current_seat() == CHANCE:
        kind = state.chance_outcomes()[0][0].kind
        state.apply(queues[kind].pop(0))


def _same(a: IBState, b: IBState) -> None:
    assert a.current_seat() == b.current_seat()
    assert a.legal_actions() == b.legal_actions()
    assert a.hands == b.hands and a.discards == b.discards
    assert [Counter(d) for d in a.decks] == [Counter(d) for d in b.decks]
    assert a.hp == b.hp and a.charge == b.charge and a.status == b.status
    assert a.track.order == b.track.order and a.result == b.result
    assert list(a.events()) == list(b.events())


@pytest.mark.parametrize("mode", MODES)
def test_explicit_game_driven_by_the_sampled_outcomes_is_the_same_game(mode: str) -> None:
    """Die faces from the log (CC_ROLL), drawn cards from the log (DRAW), random
    discards as the generator chose them: served at the explicit game's chance nodes,
    they give the same decisions, hands, HP and log, step by step."""
    match = preset_match(mode)
    served: Counter[str] = Counter()
    for seed in range(10):
        sampled = new_game(match, seed)
        picks = _Picks(sampled.rng)  # type: ignore[arg-type]
        sampled.rng = picks  # type: ignore[assignment]
        rng = SplitMix64(seed + 7)
        actions = []
        while not sampled.is_terminal():
            legal = sampled.legal_actions()
            actions.append(legal[rng.below(len(legal))])
            sampled.apply(actions[-1])
        queues = _realized(list(sampled.events()), picks.picks)
        served.update({k: len(v) for k, v in queues.items()})
        explicit = new_game(match, seed, explicit_chance=True)
        lockstep = new_game(match, seed)
        _serve(explicit, queues)
        _same(explicit, lockstep)
        for action in actions:
            lockstep.apply(action)
            explicit.apply(action)
            _serve(explicit, queues)
            _same(explicit, lockstep)
        assert explicit.current_seat() == TERMINAL and explicit.returns() == sampled.returns()
        assert all(not q for q in queues.values())  # every realized outcome was asked for
    assert served[DRAW] > 0
    assert (served[ROLL] > 0) == (mode in ("solo", "coop"))


# --- forcing outcomes --------------------------------------------------------------


@pytest.mark.parametrize("slot", [0, 1, 2])
def test_a_random_discard_is_a_uniform_node_over_the_hand(slot: int) -> None:
    """Rattling Shout: "its controller discards 1 card at random" is one node, each of
    the 3 cards 1/3; forcing slot `slot` discards that card and no other."""
    sc = lantern("vossa", "vossa wren ilse |", ["rattling_shout"])
    sc.hand(1, ["field_ration", "spare_flint", "second_wind"])
    held = list(sc.state.hands[1])
    sc.force(PICK, [slot])
    play(sc, "rattling_shout", ["ilse"]).settle()  # free: no discard step settles it
    assert sc.nodes[0] == [(Outcome(PICK, i), Fraction(1, 3)) for i in range(3)]
    assert sc.state.discards[1][-1] == held[slot]
    assert sc.state.hands[1] == held[:slot] + held[slot + 1:]


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_a_forced_die_face_is_the_face_the_challenge_card_rolls(face: int) -> None:
    """IB 6.4.2: a CC with no Break Art or trigger due rolls the d6 on its action table;
    the face forced at the chance node (six faces, 1/6 each) is the face logged."""
    sc = cc_game(["t_grunt"], track="t_grunt wren brask ilse corvin |", rolls=[face])
    sc.mark().run()
    rolls = sc.since(events.CC_ROLL)
    assert rolls and rolls[0][2] == face
    assert sc.nodes[0] == [(Outcome(ROLL, f), Fraction(1, 6)) for f in range(1, 7)]


def test_a_position_loaded_with_explicit_chance_stops_at_the_draw_step() -> None:
    """Between activations (an empty stack) the next one starts with its Draw Step
    (IB 2.8): loaded with explicit chance, that draw is a node over the omitted deck
    (the decklist minus the hand, unordered), and the card chosen is the card drawn."""
    hand = ["whetstone", "whetstone", "folded_map"]
    data = minimal(stack=[], seats={"North": {"hand": hand}})
    state = load_position(data, explicit_chance=True)
    assert isinstance(state, ExplicitIBState) and state.current_seat() == CHANCE
    assert state.stack == [] and list(state.events()) == []  # nothing has run yet
    rest = Counter(state.match.decklists[0]) - Counter(state.hands[0])
    assert state.chance_outcomes() == list(draw_outcomes(sorted(rest.elements())))
    card = state.match.content.card_index["folded_map"]
    state.apply(Outcome(DRAW, card))
    sampled = load_position(data)
    assert state.current_seat() == sampled.current_seat() == 0
    assert state.hands[0][-1] == card and state.legal_actions() == sampled.legal_actions()
    assert [e[0] for e in state.events()] == [events.ACT_START, events.DRAW]
    # A position at a decision loads as it is, explicit or not.
    assert load_position(minimal(), explicit_chance=True).current_seat() == 0


def test_an_explicit_state_pickles_and_its_position_loads_back_explicit() -> None:
    match = preset_match("solo")
    for state in play_explicit(match, 2):
        if state.stack and state.chance_outcomes()[0][0].kind == ROLL:
            break
    else:
        raise AssertionError("no die was rolled")
    copy = pickle.loads(pickle.dumps(state))
    assert isinstance(copy, ExplicitIBState) and copy.chance_outcomes() == state.chance_outcomes()
    face = state.chance_outcomes()[2][0]
    copy.apply(face)
    state.apply(face)
    for name in ("hands", "decks", "discards", "hp", "charge", "status", "stack", "result"):
        assert getattr(copy, name) == getattr(state, name)
    assert list(copy.events()) == list(state.events())
    assert copy.current_seat() == state.current_seat()
    assert copy.chance_outcomes() == state.chance_outcomes()
    while state.current_seat() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    text = dump_position(state)
    assert "rng: explicit" in text
    assert dump_position(load_position(text, explicit_chance=True)) == text


def test_determinizing_an_explicit_game_gives_a_world_that_samples_its_chance() -> None:
    """The generator is hidden information: a determinized world of an explicit game
    gets a fresh generator and samples its chance; it is the seat's decision as seen."""
    match = preset_match("solo")
    game = IBGame(match, explicit_chance=True)
    state = game.new_initial_state(0)
    rng = SplitMix64(173)  # a random party that lasts 44 decisions against the encounter
    checked = 0
    while not state.is_terminal() and checked < 40:
        seat = state.current_seat()
        if seat == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.below(len(outcomes))][0])
            continue
        world = game.determinize(state.view(seat), SplitMix64(checked))
        assert type(world) is IBState and isinstance(world.rng, SplitMix64)
        assert world.current_seat() == seat
        assert world.legal_actions() == state.legal_actions()
        assert world.hands[seat] == state.hands[seat]
        checked += 1
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert checked == 40
