"""Property tests for tick initiative (OTHER-RULINGS 2: EX-A4, EX-20, EX-23, ledger).

Random command sequences under random house rules; refused commands must change
nothing, and after every command: nobody has started two turns in one round (EX-A4),
the recovery-token arithmetic of EX-20/EX-23 holds, and every character's ledger sums
to its current Initiative.
"""

from __future__ import annotations

import contextlib
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from initiative.timing.ticks import CharacterSheet, TickError, TickRules, TickTracker
from initiative.timing.ticks_rules import DURATIONS

EXAMPLES = max(200, settings().max_examples)
PROPS = settings(max_examples=EXAMPLES, deadline=None)

NAMES = ("Ryo", "Sela", "Brute", "Mook", "Tamsin")

rules_st = st.builds(
    TickRules,
    crash_at_or_below=st.integers(-2, 3),
    crash_recovery_initiative=st.sampled_from(["base", "fixed_3", "unchanged"]),
    crash_ends_when_initiative_recovers=st.booleans(),
    turn_order_mode=st.sampled_from(["dynamic", "snapshot_at_round_start"]),
    tie_break=st.sampled_from(["gm_then_roster", "higher_join_battle_successes", "simultaneous"]),
    skip_turns_at_or_below_zero=st.booleans(),
    spending_may_cause_crash=st.booleans(),
    held_turn_expires=st.sampled_from(["end_of_round", "never"]),
    held_turn_can_interrupt=st.booleans(),
    max_actions_per_turn=st.integers(1, 3),
    flurry_carryover_lapses=st.booleans(),
    flurry_forbid_two_attacks=st.booleans(),
    decisive_reset_on_miss=st.booleans(),
    decisive_allowed_while_crashed=st.booleans(),
    crash_bonus_initiative=st.integers(0, 3),
    recovery_bonus_attack_scope=st.sampled_from(["own_turn", "since_last_turn"]),
    effect_anchor_default=st.sampled_from(["affected", "source"]),
    late_joiner_acts_this_round=st.booleans(),
    cap_motes_at_pool_max=st.booleans(),
)

OPS = (
    "begin",
    "end",
    "advance",
    "next",
    "pass",
    "delay",
    "declare",
    "withering",
    "decisive",
    "spend",
    "adjust",
    "act",
    "flurry",
    "end_round",
    "force_round",
    "effect",
    "late",
    "move",
)
op_st = st.tuples(
    st.sampled_from(OPS),
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(-3, 9),
    st.booleans(),
)


def make(rules: TickRules, jb: list[int]) -> TickTracker:
    roster = [
        CharacterSheet("Ryo", True, stamina=3, wits=3, awareness=2, mote_max=20, motes=10),
        CharacterSheet("Sela", True, stamina=5, wits=2, awareness=1, mote_max=20),
        CharacterSheet("Brute", stamina=4),
        CharacterSheet("Mook", stamina=1),
    ]
    t = TickTracker(rules, roster, seed=sum(jb))
    for sheet, s in zip(roster, jb, strict=True):
        t.join_battle(sheet.name, s if s >= 0 else None)
    t.start_combat()
    while t.phase == "free_actions":
        t.free_action(t.free_action_order()[0])
    return t


def apply(t: TickTracker, op: tuple[str, int, int, int, bool]) -> None:
    kind, i, j, n, flag = op
    a, b = NAMES[i], NAMES[j]
    if kind == "begin":
        t.begin_turn(a if flag else None)
    elif kind == "end":
        t.end_turn()
    elif kind == "advance":
        t.advance()
    elif kind == "next":
        t.call_next()
    elif kind == "pass":
        t.pass_turn()
    elif kind == "delay":
        t.delay()
    elif kind == "declare":
        t.declare_held(a)
    elif kind == "withering":
        t.withering(a, b, max(n, 0), max(n + 2, 0), flurry=flag)
    elif kind == "decisive":
        t.decisive(a, b, hit=flag)
    elif kind == "spend":
        t.spend(a, max(n, 0), "a charm")
    elif kind == "adjust":
        t.adjust(a, n - 3, "the GM")
    elif kind == "act":
        t.act("acts", attack=flag)
    elif kind == "flurry":
        t.act("flurries", attack=flag, flurry=True)
    elif kind == "end_round":
        t.end_round()
    elif kind == "force_round":
        t.end_round(force=True)
    elif kind == "effect":
        duration = DURATIONS[n % 3]
        t.apply_effect("Hex", a, duration, source=b, start_initiative=-1 if flag else 0)
    elif kind == "late":
        t.add_character(CharacterSheet("Tamsin", stamina=2))
        t.join_battle("Tamsin", max(n, 0))
    elif kind == "move":
        t.move()


def turn_starts(t: TickTracker, since: int) -> list[tuple[int, str]]:
    out = []
    for e in t.log[since:]:
        if e.kind == "turn_start":
            out.append((e.round, e.text.split(": ", 1)[1].split("'s turn", 1)[0]))
    return out


@PROPS
@given(rules_st, st.lists(st.integers(-1, 6), min_size=4, max_size=4), st.lists(op_st, max_size=80))
def test_ex_a4_ex20_ex23_ledger_invariants_under_random_play(
    rules: TickRules, jb: list[int], ops: list[tuple[str, int, int, int, bool]]
) -> None:
    t = make(rules, jb)
    started: set[tuple[int, str]] = set()
    for op in ops:
        before = t.to_dict()
        prev = t.clone()
        start = len(t.log)
        try:
            apply(t, op)
        except TickError:
            assert t.to_dict() == before  # refused commands change nothing
            continue
        # EX-A4: no character starts two turns in one round.
        for key in turn_starts(t, start):
            assert key not in started, key
            started.add(key)
        for name, f in t.fighters.items():
            # Ledger: the deltas sum to the current Initiative.
            assert sum(e.delta for e in t.ledger_of(name)) == f.initiative
            # Recovery tokens only while Crashed; at most 2 + 2 (EX-20 clears at 3+).
            assert f.crashed or f.tokens == 0
            assert 0 <= f.tokens <= 4
        # EX-23: an ended turn of a Crashed character adds exactly 1 or 2 tokens.
        for e in t.log[start:]:
            if e.kind == "token":
                name = e.text.split(" gains ", 1)[0]
                p = prev.fighters[name]
                gained = t.fighters[name].tokens - p.tokens
                assert gained in (1, 2)
                assert p.crashed
        # EX-20: a turn starting Crashed with 3+ tokens clears them.
        for r, name in turn_starts(t, start):
            p = prev.fighters[name]
            if p.crashed and p.tokens >= 3:
                assert t.fighters[name].tokens == 0
            elif p.crashed:
                assert t.fighters[name].tokens >= p.tokens or not t.fighters[name].crashed
            assert r == t.round or op[0] == "next"  # a pass may end the round
        assert len({tr.name for tr in t.turns}) == len(t.turns)
    assert TickTracker.from_dict(json.loads(json.dumps(t.to_dict()))) == t


@PROPS
@given(rules_st, st.lists(st.integers(0, 6), min_size=4, max_size=4), st.integers(1, 4))
def test_ex_a16_every_round_gives_each_character_at_most_one_turn(
    rules: TickRules, jb: list[int], rounds: int
) -> None:
    """Driving only with "next" (advance): each round starts each character at most once
    and, unless turns at <= 0 are skipped, exactly once."""
    t = make(rules, jb)
    for _ in range(rounds):
        r = t.round
        start = len(t.log)
        while t.round == r:
            t.advance()
        names = [n for rr, n in turn_starts(t, start) if rr == r]
        assert len(names) == len(set(names))
        if not rules.skip_turns_at_or_below_zero:
            assert sorted(names) == sorted(t.fighters)


@PROPS
@given(rules_st, st.lists(st.integers(0, 6), min_size=4, max_size=4),
       st.lists(st.booleans(), min_size=1, max_size=40))
def test_ex17_ex_a8_next_announces_and_lapses_a_held_turn_only_when_told(
    rules: TickRules, jb: list[int], delays: list[bool]
) -> None:
    """Driving with the GM's "next", the announced character sometimes delaying first:
    `next` never starts a turn by itself except to let the announced one pass, a
    character starts at most one turn a round (EX-A4, EX-A16), and a held turn lapses
    only after the log says the GM moved on past its last chance (EX-17, EX-A8)."""
    t = make(rules, jb)
    for delay in delays:
        start, r = len(t.log), t.round
        up = t.announced()
        if delay and up is not None and not t.fighters[up].holding:
            with contextlib.suppress(TickError):  # a cost it may not pay (EX-A7)
                t.delay(up)
            continue
        t.call_next()
        assert t.active is None  # announced, not started
        names = [n for rr, n in turn_starts(t, 0) if rr == r]
        assert len(names) == len(set(names))
        added = t.log[start:]
        lapses = [e.text for e in added if e.text.endswith("held turn lapses at the end "
                                                          "of the round")]
        moved_on = [e.text for e in added if "lets its last chance go" in e.text]
        assert len(lapses) <= len(moved_on)
