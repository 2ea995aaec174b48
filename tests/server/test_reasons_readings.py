"""Disabled-button reasons for the readings recorded as flags in issue 17
(`signature_play`, IB 2.7.5; `sigil_installer_needs_type`, IB 2.3.4): one true
sentence each, and none while the action is legal."""

from __future__ import annotations

from initiative.games.ib.actions import INSTALLS, PLAYS
from tests.server.test_reasons import reason, setup, slot_of


def test_ib_2_7_5_anothers_signature_card_under_own_character() -> None:
    sc = setup(["cinderguard_oath"], rules={"signature_play": "own_character"})
    assert reason(sc, 0, PLAYS[slot_of(sc, "cinderguard_oath")]) == (
        "Cinderguard's Oath is Brask Holloway's signature card; only that Character may "
        "play it (IB 2.7.5)")
    free = setup(["cinderguard_oath"])
    assert reason(free, 0, PLAYS[slot_of(free, "cinderguard_oath")]) is None


def test_ib_2_3_4_an_installer_without_the_type_under_installer_needs_type() -> None:
    track = "wren brask ilse |"  # Brask prints earth, Wren does not
    sc = setup(["stone_sigil"], track=track, rules={"sigil_installer_needs_type": True})
    assert reason(sc, 0, INSTALLS[slot_of(sc, "stone_sigil")]) == (
        "Wren Aldous does not print the earth type of Stone Sigil, and the installer "
        "must (IB 2.3.4)")
    free = setup(["stone_sigil"], track=track)
    assert reason(free, 0, INSTALLS[slot_of(free, "stone_sigil")]) is None
