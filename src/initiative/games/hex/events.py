"""The event log: small tuples recorded on the hot path; `text.py` renders sentences
only when someone reads them. Every event is public (the table sees it happen); hands
and deck order never appear in one (a draw logs how many cards, not which).

Each event is `(code, ...)`; the fields of each code are listed beside it. Hexes are
written as two ints `q, r`.
"""

from __future__ import annotations

Event = tuple[int, ...]

(ROUND,        # (ROUND, round)                          HX-1: a round starts
 DRAW,         # (DRAW, seat, drawn)                     HX-2..HX-4
 LINE,         # (LINE, card, card, ...)                 HX-9 (all_at_start, HX-A1)
 REVEAL,       # (REVEAL, index, card)                   HX-A1 one_per_turn
 SKIP,         # (SKIP, seat, reason)                    HX-13 / HX-A5 (reasons below)
 SPECIAL,      # (SPECIAL, seat or NOBODY)               HX-10
 PLAY,         # (PLAY, seat, card, section)             HX-12 (sections below)
 PASSED,       # (PASSED, seat)                          HX-A17
 STEPPED,      # (STEPPED, unit, q, r)                   HX-16
 DISPLACED,    # (DISPLACED, unit, q, r, by)             HX-21
 STOPPED,      # (STOPPED, unit)                         HX-A7 move_exact false
 FACED,        # (FACED, unit, facing, by)               HX-19 / HX-20 / HX-28
 TARGETS,      # (TARGETS, attacker, target, ...)        HX-23 / HX-27
 ROLLED,       # (ROLLED, target, needs, hits, face...)  HX-25 / HX-26
 PUSHED,       # (PUSHED, unit, q, r)                    HX-29
 NO_PUSH,      # (NO_PUSH, unit)                         HX-A10: no open hex
 REACTED,      # (REACTED, seat, card)                   HX-30
 DECLINED,     # (DECLINED, seat)                        HX-30
 BEHIND,       # (BEHIND, seat)                          HX-31: no reaction allowed
 SHIELDED,     # (SHIELDED, seat, removed, hits left)    HX-33
 DAMAGED,      # (DAMAGED, seat, amount, health)         HX-A5 / HX-A6
 ELIMINATED,   # (ELIMINATED, seat, reason)              HX-A5 / HX-A8 (reasons below)
 POWER,        # (POWER, seat, change, power)            HX-22 / HX-A3 / HX-A4
 POWER_RESET,  # (POWER_RESET,)                          HX-A4 power_tokens_reset_each_round
 GAME_OVER,    # (GAME_OVER, winner or NOBODY, leader, ...)  HX-A5
 ) = CODES = range(25)

NOBODY = -1
"""No seat: the special card gives nobody a turn; a game that ends in a draw."""

# SKIP reasons
NO_PLAYABLE, OUT = 0, 1
# PLAY sections
MOVE_SECTION, ATTACK_SECTION, REACTION_SECTION = 0, 1, 2
SECTION_NAMES = ("move", "attack", "reaction")
# ELIMINATED reasons
BY_DAMAGE, OFF_BOARD = 0, 1
