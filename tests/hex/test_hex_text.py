"""Every event renders a sentence, and every label is a sentence (text.py)."""

from __future__ import annotations

import random

from initiative.games.hex import events, text
from initiative.games.hex.actions import ALL
from initiative.games.hex.game import HexGame
from tests.hex.fixtures import make_setup

RULE_MIXES = (
    {},
    {"initiative_reveal": "one_per_turn", "board_edge_is_wall": False, "move_exact": False,
     "allow_voluntary_pass": True, "power_tokens_reset_each_round": True,
     "walls_block_attacks": True, "starting_health": 2},
)


def test_every_event_code_turns_up_and_renders() -> None:
    seen: set[int] = set()
    for rules in RULE_MIXES:
        for players in (2, 3, 4):
            game = HexGame(make_setup(players, round_limit=8, **rules))
            for seed in range(25):
                state = game.new_initial_state(seed)
                rng = random.Random(seed)
                while not state.is_terminal():
                    state.apply(rng.choice(state.legal_actions()))
                for event in state.events():
                    sentence = text.describe(game.setup, event)
                    assert sentence and sentence[0].isupper() and sentence.endswith(".")
                    seen.add(event[0])
    # A unit with no open hex to be pushed to is rare in play: test_rules_attacks.py
    # builds one (test_hxa10_no_open_hex_means_no_push); its sentence is checked here.
    assert text.describe(make_setup(), (events.NO_PUSH, 1)) == \
        "Bo (Blue) cannot be pushed anywhere."
    assert set(events.CODES) - seen == {events.NO_PUSH}


def test_every_action_has_a_label_without_context() -> None:
    setup = make_setup(4)
    for action in ALL:
        assert text.label(setup, action, text.LabelContext())
