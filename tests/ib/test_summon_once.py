"""A seat summons each Support at most once per game (IB 2.5.4, 2.7.4: docs/content.md).

Wisp Call summons the seat's Spark Wisp from outside the game. Once it has done so, a
later Wisp Call summons nothing, even after the Wisp has left the
game; the deck's own Spark Wisp still plays. The "has been summoned" record lives in
`IBState.ever_summoned` and goes through everything that copies a game: positions
(`seats.<name>.summoned`), views (`summon_spent`), determinized worlds and records.
"""

from __future__ import annotations

import pytest

from initiative.engine.rng import SplitMix64
from initiative.games.ib import events
from initiative.games.ib.actions import PLAYS, Kind
from initiative.games.ib.activation import PASSIVE_USED
from initiative.games.ib.determinize import determinize
from initiative.games.ib.match import fixture_match
from initiative.games.ib.notation import NotationError, dump_position, load_position
from initiative.games.ib.preview import draft_state
from initiative.games.ib.record import (
    GameRecord,
    play_random,
    position_hash,
    record_game,
    replay,
)
from initiative.games.ib.setup import new_game
from initiative.games.ib.text.describe import describe_action, preview_warnings
from initiative.games.ib.text.details import unit_details
from tests.ib.scenario import Scenario
from tests.ib.test_shipped_cards import lantern, play


def _wisp_gone() -> Scenario:
    """Vossa's first Wisp Call summoned the Wisp, Corvin struck it down (it left the
    game); Vossa is back at its Action step with the second Wisp Call in hand."""
    sc = lantern("vossa", "vossa corvin |", ["wisp_call", "wisp_call"], no_passive=True)
    play(sc, "wisp_call")
    assert sc.in_play("spark_wisp")
    sc.pass_until("corvin").play(Kind.BASIC, "spark_wisp")
    assert not sc.in_play("spark_wisp")
    sc.pass_until("vossa")
    assert sc.card("wisp_call") in sc.state.hands[0]
    return sc


def _spent(sc: Scenario) -> bool:
    return bool((sc.state.ever_summoned >> sc.u("spark_wisp")) & 1)


def test_the_first_wisp_call_marks_the_wisp_as_summoned_for_good() -> None:
    sc = _wisp_gone()
    assert _spent(sc) and not (sc.state.summoned >> sc.u("spark_wisp")) & 1


def test_a_second_wisp_call_summons_nothing_and_gives_nothing() -> None:
    """Wisp Call gives no Charge since the second good-player pass (docs/balance.md):
    played once the Wisp is spent, it only goes to the discard pile."""
    sc = _wisp_gone()
    sc.state.used[sc.u("vossa")] |= PASSIVE_USED  # Ember Core's Charge left out
    charge = sc.charge("vossa")
    play(sc, "wisp_call")
    assert sc.since(events.SUPPORT_IN) == [] and not sc.in_play("spark_wisp")
    assert sc.charge("vossa") == charge
    assert sc.card("wisp_call") in sc.state.discards[0]


def test_a_refused_summon_is_said_in_the_log() -> None:
    """The second Wisp Call is not silent: the log says why nothing came in."""
    sc = _wisp_gone()
    assert _refused_by_wisp_call(sc) == (
        events.SUMMON_SPENT,
        "Spark Wisp (North) is not summoned: North has summoned it once this game.")


def test_a_summon_of_a_support_in_play_is_said_in_the_log() -> None:
    """IB 2.5.4: the one copy is in play already, so a Wisp Call brings nothing."""
    sc = lantern("vossa", "vossa corvin |", ["wisp_call", "wisp_call"], no_passive=True)
    play(sc, "wisp_call")
    sc.pass_until("vossa")
    assert _refused_by_wisp_call(sc) == (
        events.SUMMON_IN_PLAY, "Spark Wisp (North) is not summoned: it is in play already.")


def _refused_by_wisp_call(sc: Scenario) -> tuple[int, str]:
    """Play Wisp Call; the one NO_SUMMON event it logs for the Wisp: its reason and
    sentence."""
    play(sc, "wisp_call")
    refused = sc.since(events.NO_SUMMON)
    assert [e[:2] for e in refused] == [(events.NO_SUMMON, sc.u("spark_wisp"))]
    return refused[0][2], events.render(refused[0], sc.match)


def test_the_preview_warns_that_the_summon_brings_nothing() -> None:
    """Before the confirm (web and terminal read the same warnings)."""
    sc = _wisp_gone()
    slot = sc.state.hands[0].index(sc.card("wisp_call"))
    drafted = draft_state(sc.state, 0, (PLAYS[slot],))
    assert drafted.preview is not None
    assert preview_warnings(drafted.preview.added, sc.match) == [
        "Spark Wisp (North) is not summoned: North has summoned it once this game."]
    first = lantern("vossa", "vossa corvin |", ["wisp_call"], no_passive=True)
    drafted = draft_state(first.state, 0, (PLAYS[0],))
    assert drafted.preview is not None
    assert preview_warnings(drafted.preview.added, first.match) == []


def test_the_menu_says_when_the_summon_does_nothing() -> None:
    """The choice the player reads carries the card's rule for it (IB 2.5.4)."""
    sc = _wisp_gone()
    slot = sc.state.hands[0].index(sc.card("wisp_call"))
    assert describe_action(sc.state.view(0), sc.match, PLAYS[slot]) == (
        "play Wisp Call (event, free): Summon your Spark Wisp from outside the game, unless "
        "it is in play or you have summoned it this game.")


def test_the_decks_own_spark_wisp_still_plays_after_the_summon() -> None:
    sc = _wisp_gone()
    sc.state.hands[0][0] = sc.card("spark_wisp")  # drawn by now
    sc.state.decks[0].remove(sc.card("spark_wisp"))
    sc.state.decks[0].append(sc.card("quick_jab"))
    sc.state.invalidate()
    assert PLAYS[0] in sc.legal()
    play(sc, "spark_wisp", ["corvin"])
    assert sc.in_play("spark_wisp") and not (sc.state.summoned >> sc.u("spark_wisp")) & 1


def test_each_seat_has_its_own_summon() -> None:
    sc = lantern("vossa", "vossa vossa2 |", ["wisp_call"], no_passive=True, mirror=True)
    play(sc, "wisp_call")
    sc.pass_until("vossa2").hand(1, ["wisp_call", "quick_jab", "quick_jab"]).mark()
    sc.state.invalidate()
    play(sc, "wisp_call", seat=1)
    mine, theirs = sc.u("spark_wisp"), sc.u("spark_wisp2")
    assert sc.since(events.SUPPORT_IN) == [(events.SUPPORT_IN, theirs, 1)]
    assert sc.state.ever_summoned == (1 << mine) | (1 << theirs)


def test_a_resumed_game_keeps_the_spent_summon() -> None:
    sc = _wisp_gone()
    text = dump_position(sc.state)
    assert "    summoned: [spark_wisp]\n" in text  # under seats.North
    resumed = Scenario(match=sc.match)
    resumed.state = load_position(text, sc.match.content)
    assert resumed.state.ever_summoned == sc.state.ever_summoned
    assert dump_position(resumed.state) == text
    resumed.mark()
    play(resumed, "wisp_call")
    assert resumed.since(events.SUPPORT_IN) == []


def test_a_position_names_only_its_seats_supports_as_summoned() -> None:
    sc = _wisp_gone()
    text = dump_position(sc.state)
    assert text.count("summoned: [spark_wisp]") == 1
    text = text.replace("summoned: [spark_wisp]", "summoned: [quick_jab]")
    with pytest.raises(NotationError, match=r"summoned\[0\]: 'quick_jab' is not a Support "
                                            r"Character of this seat"):
        load_position(text, sc.match.content)


def test_a_summoned_support_in_play_counts_as_summoned_in_a_position() -> None:
    sc = lantern("vossa", "vossa corvin |", ["wisp_call"], no_passive=True)
    play(sc, "wisp_call")
    data = load_position(dump_position(sc.state), sc.match.content)
    assert data.ever_summoned == data.summoned == 1 << sc.u("spark_wisp")


def test_views_and_sampled_worlds_keep_the_spent_summon() -> None:
    sc = _wisp_gone()
    for seat in (0, 1):  # public: both seats see it
        view = sc.state.view(seat)
        assert view.units[sc.u("spark_wisp")].summon_spent
        assert view.units[sc.u("spark_wisp")].to_dict()["summon_spent"] is True
        world = determinize(sc.match, view, SplitMix64(7))
        assert world.ever_summoned == sc.state.ever_summoned


def test_a_record_with_a_spent_summon_replays() -> None:
    """Random play (seed 1; seed 22 until Undercut Sweep came to cost 3) in which North's
    Wisp Call summons the Wisp, the Wisp falls and leaves the game, and a later Wisp Call
    summons nothing; its record replays to the same end."""
    match = fixture_match("lanternwatch", "ashfall")
    state = new_game(match, 1)
    actions = play_random(state, SplitMix64(1))
    record = record_game(match, 1, actions, with_log=True)
    assert record.log is not None
    said = record.log
    summoned = [i for i, line in enumerate(said) if "Spark Wisp (North) is summoned" in line]
    gone = [i for i, line in enumerate(said) if "Spark Wisp (North) is defeated" in line]
    calls = [i for i, line in enumerate(said) if "(North) plays Wisp Call" in line]
    assert len(summoned) == 1 and gone and calls[-1] > gone[0] > summoned[0]
    assert said[gone[0]] == "Spark Wisp (North) is defeated and leaves the game."
    again = replay(GameRecord.from_json(record.to_json()))  # checks every sentence too
    assert position_hash(again) == record.final_hash
    assert (again.ever_summoned >> match.labels.index("spark_wisp")) & 1


def test_a_summoned_supports_details_say_it_comes_once() -> None:
    """The unit page (web and terminal) tells a summoned Support from a played one."""
    sc = lantern("vossa", "vossa corvin |", ["wisp_call"], no_passive=True)
    play(sc, "wisp_call")
    view = sc.state.view(1)
    text = unit_details(view, sc.match, view.units[sc.u("spark_wisp")]).plain()
    assert "Summoned from outside the game: at 0 HP it leaves the game, and no summon " \
        "brings it again this game (IB-2.5.4)." in text
    played = lantern("vossa", "vossa corvin |", ["spark_wisp"])
    play(played, "spark_wisp", ["corvin"])
    view = played.state.view(1)
    assert "Summoned" not in unit_details(view, played.match,
                                          view.units[played.u("spark_wisp")]).plain()
