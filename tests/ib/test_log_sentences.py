"""The log explains itself, over many random games in every kind of match: nobody is
ambiguous (one name per unit, with its side), every damage line adds up to its total
(IB 5.2, AMB-51), no "heals 0 HP", no round number during Time Collapse (IB 3.6.2), and
every deferred move (IB 3.4.6) is confirmed or dropped with its reason."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as hs

from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.formats import format_match
from initiative.games.ib.match import Match, fixture_match
from initiative.games.ib.setup import new_game
from initiative.games.ib.state import IBState
from tests.ib.test_formats import CONTENT, players_for
from tests.ib.test_properties import CC_MODES, ENCOUNTERS, cc_match, configs, play_random

DUELS = [("tideguard", "ashfall"), ("tideguard", "lanternwatch"), ("lanternwatch", "ashfall"),
         ("lanternwatch", "lanternwatch"), ("kettle_and_kite", "tideguard")]
"""1v1s with every card kind; the second, fourth and fifth field the same Characters on
both sides (the issue's "Sela Marchetti targeting Sela Marchetti")."""
FORMATS = ("2v2", "ffa", "2v2v2v2")


def make_match(kind: str, pick: int, config: RulesConfig, seed: int) -> Match:
    if kind == "duel":
        return fixture_match(*DUELS[pick % len(DUELS)], config=config)
    if kind == "format":
        return format_match(FORMATS[pick % len(FORMATS)],
                            players_for(FORMATS[pick % len(FORMATS)]), CONTENT, config)
    modes = sorted(CC_MODES)
    return cc_match(modes[pick % len(modes)], ENCOUNTERS[pick % len(ENCOUNTERS)], config, seed)


def damage_sum(sentence: str, total: int) -> int:
    """The sum a damage sentence shows: `takes 5 damage (3 + 2 Weaken) from ...`."""
    inner = sentence.split(f" takes {total} damage (", 1)[1]
    inner = inner.rsplit(") from ", 1)[0] if ") from " in inner else inner.rsplit("): ", 1)[0]
    first, _, rest = inner.partition(" ")
    return int(first) + sum(int(n) * (-1 if sign == "-" else 1)
                            for sign, n in re.findall(r"(?:^| )([+-]) (\d+)(?= )", " " + rest))


def check_log(state: IBState) -> dict[str, int]:
    """Every log property of one game; counts of what was checked."""
    match = state.match
    assert len(set(match.who_names)) == len(match.who_names), match.who_names
    assert len(set(match.labels)) == len(match.labels), match.labels
    if match.num_seats > 1:  # every player unit says whose it is
        for u, seat in enumerate(match.unit_seat):
            if seat >= 0:
                assert match.who(u).endswith(f"({match.seats[seat].name})")
    collapsed = False
    pending: dict[int, list[int]] = {}
    seen = {"damage sums": 0, "deferred moves": 0, "sentences": 0}
    for event in state.events():
        code = event[0]
        text = events.render(event, match)
        seen["sentences"] += 1
        assert "heals 0 HP" not in text and "moves right" not in text, text
        if code == events.COLLAPSE:
            collapsed = True
        elif code == events.RM_RESTORED:
            collapsed = False
        if collapsed:
            assert "(round" not in text, text  # IB 3.6.2: no rounds in a Time Collapse
        if code == events.DAMAGE and len(event) > 5:
            parts = event[6::2]
            assert parts and all(p in events._PARTS or 0 <= p < len(match.statics)
                                 for p in parts)
            assert event[5] + sum(event[7::2]) == event[3], event
            assert damage_sum(text, event[3]) == event[3], text
            seen["damage sums"] += 1
        elif code == events.DEFER:
            pending.setdefault(event[1], []).append(event[2])
        elif (code == events.MOVE and event[5]) or code == events.DEFER_DROP:
            assert pending[event[1]].pop(0) == event[2], event  # in the order received
            seen["deferred moves"] += 1
        if code == events.MOVE and event[3] >= events.OUT_OF_ROUND:
            assert " cannot Move " in text or " is lost: " in text, text
    left = {u: tuple(p) for u, p in pending.items() if p}
    assert left == {u: state.pending[u] for u in left}  # only a game's end leaves some
    assert not left or state.result is not None
    return seen


@given(seed=hs.integers(0, 2**32), kind=hs.sampled_from(["duel", "format", "cc"]),
       pick=hs.integers(0, 20), flags=hs.one_of(hs.just({}), configs))
def test_every_log_sentence_explains_itself(seed: int, kind: str, pick: int,
                                            flags: dict[str, Any]) -> None:
    flags = {k: v for k, v in flags.items() if k != "setup_final_tiebreak"}  # no agreement
    config = RulesConfig().with_flags(flags)
    state = new_game(make_match(kind, pick, config, seed), seed)
    play_random(state, SplitMix64(seed))
    check_log(state)


def test_the_checks_see_sums_and_deferred_moves() -> None:
    """The property above is not vacuous: over a few seeded card games it meets damage
    lines with a breakdown and deferred moves that resolve."""
    totals = {"damage sums": 0, "deferred moves": 0, "sentences": 0}
    for seed in range(12):
        state = new_game(fixture_match(*DUELS[seed % len(DUELS)]), seed)
        play_random(state, SplitMix64(seed))
        for key, n in check_log(state).items():
            totals[key] += n
    assert totals["damage sums"] > 10 and totals["deferred moves"] > 10, totals
