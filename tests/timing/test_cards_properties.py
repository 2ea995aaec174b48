"""Property tests for card initiative rounds (FA-8..FA-20, FA-A3, FA-A4, FA-A14).

Random command sequences under random house rules: no character has two turns in a
round; totals are card + Initiative and the order is sorted by (total, PC first);
no face-down card leaks into another player's or a spectator's view before the reveal;
an invalid command changes nothing; clone and JSON round trips are exact.
"""

from __future__ import annotations

import contextlib
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from initiative.timing import cards_commands as C
from initiative.timing.cards import GM, SPECTATOR_VIEWER, CardRoundError, CardRoundState
from initiative.timing.cards_content import sample_roster
from initiative.timing.cards_rules import CardRoundRules

EXAMPLES = max(200, settings().max_examples)
PROPS = settings(max_examples=EXAMPLES, deadline=None)
NAMES = [c.name for c in sample_roster()]
PCS = [c.name for c in sample_roster() if c.side == "pc"]

rules_st = st.builds(
    CardRoundRules,
    npc_initiative_card=st.sampled_from(["shared", "per_npc"]),
    gm_card_discard=st.sampled_from(["first_npc_turn", "last_npc_turn"]),
    wait_model=st.sampled_from(["chain", "reinsert_after_next"]),
    all_wait_cards=st.sampled_from(["reuse", "return_to_hand"]),
    maintenance_after_all_wait=st.booleans(),
    allow_pass=st.booleans(),
    forfeit_card_discard=st.sampled_from(["immediately", "end_of_round"]),
    attribute_limit_scope=st.sampled_from(["round", "scene"]),
    initiative_card_counts_toward_limit=st.booleans(),
    non_participants_may_confront=st.booleans(),
    reorder_on_stat_change=st.booleans(),
    gm_sees_deck_top=st.booleans(),
    newcomer_hand=st.sampled_from(["starting_hand", "empty"]),
    undeclared_affected=st.sampled_from(["confronter_affected", "refuse"]),
)


def random_command(s: CardRoundState, draw: st.DrawFn) -> C.Command:
    """Mostly sensible commands for the phase, sometimes nonsense (must be refused)."""
    pick = draw(st.integers(0, 9))
    who = draw(st.sampled_from(NAMES))
    if pick == 0:
        return draw(st.sampled_from([C.Reveal(), C.EndTurn(), C.RunMaintenance(), C.Wait(who)]))
    if s.phase == "idle":
        k = draw(st.integers(1, len(NAMES)))
        return C.BeginRound(tuple(draw(st.permutations(NAMES))[:k]))
    if s.phase == "commit":
        missing = [x for x in s.needed_slots() if x not in s.commitments]
        if not missing:
            return C.Reveal()
        src = draw(st.sampled_from(["hand", "deck"]))
        return C.Commit(draw(st.sampled_from(missing)), src, draw(st.integers(0, 3)))
    if s.phase == "maintenance":
        return C.RunMaintenance()
    if s.acting is not None:
        kind = draw(st.sampled_from(["end", "confront", "stat", "affects"]))
        if kind == "end":
            return C.EndTurn()
        if kind == "affects":  # FA-15: whom the action affects
            return C.Affects((who,))
        if kind == "stat":
            return C.SetInitiative(who, draw(st.integers(0, 9)))
        return C.Confront(who, draw(st.sampled_from([None, "agility"])), draw(st.integers(0, 2)))
    nxt = s.queue[0]
    kind = draw(st.sampled_from(["act", "act", "wait", "wait", "pass", "tie"]))
    if kind == "act":
        affects = draw(st.sampled_from([(), (who,)]))
        return C.Act(nxt, "", draw(st.sampled_from([None, "agility"])), draw(st.integers(0, 1)),
                     affects)
    if kind == "wait":
        return C.Wait(nxt)
    if kind == "pass":
        return C.Pass(nxt)
    if s.ties:
        t = draw(st.sampled_from(s.ties))
        return C.OrderTie(tuple(draw(st.permutations(t[2]))), "gm" if t[0] == "npc" else "players")
    return C.Wait(nxt)


def check_invariants(s: CardRoundState, turns_taken: dict[str, int]) -> None:
    if s.phase == "turns":
        # queue, waiters, acting and finished characters partition the participants
        inside = s.queue + list(s.waiting_on) + ([s.acting] if s.acting else [])
        assert len(inside) == len(set(inside))
        done = [n for n, st_ in s.status.items() if st_ in ("acted", "passed", "forfeited")]
        assert sorted(inside + done) == sorted(s.participants)
    for n, k in turns_taken.items():
        assert k <= 1, f"{n} had {k} turns in one round"


@st.composite
def sessions(draw: st.DrawFn) -> tuple[CardRoundRules, int, list[C.Command]]:
    rules = draw(rules_st)
    seed = draw(st.integers(0, 2**32))
    s = CardRoundState.new(sample_roster(), rules, seed=seed, hand_size=2)
    cmds: list[C.Command] = []
    for _ in range(draw(st.integers(1, 60))):
        cmd = random_command(s, draw)
        cmds.append(cmd)
        with contextlib.suppress(CardRoundError):
            s.apply(cmd)
    return rules, seed, cmds


@PROPS
@given(sessions())
def test_random_sessions_keep_the_rules(
    session: tuple[CardRoundRules, int, list[C.Command]],
) -> None:
    rules, seed, cmds = session
    s = CardRoundState.new(sample_roster(), rules, seed=seed, hand_size=2)
    turns: dict[str, int] = {}
    rnd = s.round
    for cmd in cmds:
        before = s.to_dict()
        try:
            s.apply(cmd)
        except CardRoundError:
            assert s.to_dict() == before  # invalid commands change nothing
            continue
        if s.round != rnd:
            rnd, turns = s.round, {}
        if isinstance(cmd, C.Act):
            turns[cmd.who] = turns.get(cmd.who, 0) + 1  # no character acts twice
        if isinstance(cmd, C.Confront) and s.affected:  # FA-15: only the affected
            assert cmd.who in s.affected
        if isinstance(cmd, C.Reveal) or (isinstance(cmd, C.BeginRound) and s.phase == "turns"):
            # FA-8/FA-9/FA-A15: sorted by total, PCs first on equal totals (the round after
            # an all-wait reaches the order with no reveal, FA-20, FA-A4)
            for n in s.participants:  # FA-7: card + Initiative
                assert s.totals[n] == s.values[s.slot_of(n)] + s.character(n).initiative
            keys = [(-s.totals[n], s.character(n).side != "pc") for n in s.queue]
            assert keys == sorted(keys)
        check_invariants(s, turns)
        if s.phase == "commit":  # face down: nothing revealed yet
            for viewer in [*PCS, SPECTATOR_VIEWER]:
                v = s.view(viewer)
                for e in v["commitments"]:
                    if "card" in e and e["slot"] not in s.kept:
                        # only its own card from hand, never another's, never deck top
                        assert e["slot"] == viewer and e["source"] == "hand"
                text = json.dumps(v["log"])
                for slot, (card, _) in s.commitments.items():
                    if slot != viewer and slot not in s.kept:
                        assert f"{slot} commits {card.label()}" not in text
            gm = s.view(GM)
            for e in gm["commitments"]:
                seen = e["committed"] and (e["source"] == "hand" or rules.gm_sees_deck_top)
                assert ("card" in e) == (seen or e["slot"] in s.kept)
    clone = s.clone()
    assert clone.to_dict() == s.to_dict()
    back = CardRoundState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.to_dict() == s.to_dict()
