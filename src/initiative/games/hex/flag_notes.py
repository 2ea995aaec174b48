"""One line for every skirmish house-rule flag (`HexRules`): the ambiguity it settles
(HX-An of ../shared/OTHER-RULINGS.md section 4b) and what its values do, for
`initiative rules --game hex_skirmish`. docs/rules-interpretations.md section 5.4 has
the full entries (question, readings, why the default)."""

from __future__ import annotations

HEX_FLAG_NOTES: dict[str, tuple[str, str]] = {
    "initiative_reveal": (
        "HX-A1", "all_at_start shows the whole initiative line when it is dealt; "
        "one_per_turn turns each card up only when its turn comes"),
    "power_up_effect": (
        "HX-A3", "a power-up icon gives the player using the section 1 Power token"),
    "power_down_effect": (
        "HX-A3", "lose_1_floor_0: a power-down icon takes 1 token, never below 0; "
        "cost_1_required: the section can be used only by a player holding a token"),
    "special_turn_cost": (
        "HX-A4", "Power tokens the Special Initiative turn spends (0: none)"),
    "power_tokens_reset_each_round": (
        "HX-A4", "true clears every Power token at the start of each round"),
    "starting_health": ("HX-A5", "health each character starts with"),
    "damage_per_hit": ("HX-A5", "health a hit that gets through removes"),
    "victory": (
        "HX-A5", "last_standing: the last character on the board wins; "
        "most_power_after_rounds: after round_limit rounds the most Power tokens wins"),
    "round_limit": (
        "HX-A5", "rounds before the game ends (none: no limit; needed by "
        "most_power_after_rounds)"),
    "stall_end": (
        "HX-A5", "after a round in which nobody played a card, no_playable_card deals new "
        "hands (HX-15) and ends the game, as at the round limit, only if no player has a "
        "card it could ever play; idle_round ends it at once"),
    "damage_timing": (
        "HX-A6", "after_reactions: hits become damage once every target has reacted; "
        "after_each_reaction: each target takes its damage right after its own reaction"),
    "move_exact": (
        "HX-A7", "true: a Move N goes exactly N hexes; false: it may stop after any step off "
        "its start hex"),
    "move_any_direction": (
        "HX-A7", "true: steps go any way; false: each step goes into one of the three "
        "hexes in front"),
    "board_edge_is_wall": (
        "HX-A8", "true: off the board counts as a wall; false: a push or a displace may "
        "put a character off the board, which eliminates it"),
    "displace_limit_per_move": (
        "HX-A9", "how many characters one move may displace: unlimited or one"),
    "push_direction": (
        "HX-A10", "any_adjacent: the attacker picks any free neighbour; "
        "away_from_attacker: only the hex straight away from the attacker"),
    "push_requires_hit": (
        "HX-A10", "false: push happens even at 0 hits; true: only after a hit"),
    "fumble_requires_hit": (
        "HX-A11", "false: fumble happens even at 0 hits; true: only after a hit"),
    "barrage_dice": (
        "HX-A12", "per_target: each barrage target gets its own roll; shared_roll: one "
        "roll, read against each target's hex"),
    "behind_check_time": (
        "HX-A13", "whether a target was attacked from directly behind is judged when the "
        "attack is declared (declaration) or when it would react (reaction)"),
    "walls_block_attacks": (
        "HX-A16", "false: no line of sight; true: a wall on the line to a Style hex "
        "blocks the attack there"),
    "allow_voluntary_pass": (
        "HX-A17", "false: a player holding a playable card must play one; true: may pass"),
    "die_sides": ("HX-A18", "faces of each attack die"),
}
"""Flag name -> (rule id, what its values do)."""
