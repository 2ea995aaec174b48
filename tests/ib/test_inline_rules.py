"""The rule tests the engine's hot path runs inline hold their definitions, over random
games: the action menu's Sigil test (`Match.install_hosts`, one bit test) is
`sigils.can_install`, which is `sigils.recipients` not empty (IB 4.5.2, 4.5.5; IB 2.3.4
under `sigil_installer_needs_type`), and where `windows.none_can_break` says no unit
holds the 3 Charge a Break needs (IB 3.7.5), no seat has a unit eligible to break."""

from __future__ import annotations

import pytest

from initiative.engine.rng import SplitMix64
from initiative.games.ib import sigils, windows
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.match import fixture_match
from initiative.games.ib.setup import new_game
from initiative.games.ib.specs import CARD_SIGIL

TEAMS = (("lanternwatch", "ashfall"), ("glass_and_ash", "ember_bulwark"),
         ("tideguard", "ashfall"))


@pytest.mark.parametrize("needs_type", [False, True])
@pytest.mark.parametrize("teams", TEAMS)
def test_inline_rule_tests_agree_with_their_definitions(
        teams: tuple[str, str], needs_type: bool) -> None:
    match = fixture_match(*teams, config=RulesConfig(sigil_installer_needs_type=needs_type))
    sigil_cards = [c for c, code in enumerate(match.card_codes) if code == CARD_SIGIL]
    assert sigil_cards
    units = range(match.num_characters)
    installable = breaks_checked = 0
    for seed in range(6):
        state = new_game(match, seed)
        rng = SplitMix64(seed)
        while not state.is_terminal():
            for unit in units:
                for card in sigil_cards:
                    found = bool(sigils.recipients(state, unit, card))
                    assert sigils.can_install(state, unit, card) == found
                    assert bool(match.install_hosts[card][unit] & ~state.off) == found
                    installable += found
            if windows.none_can_break(state):
                assert not any(windows.eligible(state, s) for s in range(match.num_seats))
                breaks_checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert installable and breaks_checked  # both readings were met, not vacuous
