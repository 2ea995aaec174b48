"""One line for every The Initiative house-rule flag (`TIRules`): the ruling it settles
(TI-An of ../shared/OTHER-RULINGS.md section 3b) and what its values do, for the web
form and guide while the game package has no notes of its own."""

from __future__ import annotations

TI_FLAG_NOTES: dict[str, tuple[str, str]] = {
    "peril_trigger": (
        "TI-A1", "deck_empty: In Peril starts as the last card leaves the deck; "
        "draw_from_empty: only when a draw finds the deck empty"),
    "regroup_effect": (
        "TI-A2", "clear_other_pile: REGROUP sends another pile's cards and counter intel "
        "to the discard; remove_counter_intel_only: it removes only the counter intel"),
    "regroup_can_target_itself": ("TI-A2", "true lets REGROUP choose its own pile"),
    "forced_pass_outside_peril": (
        "TI-A4", "true: a player with no possible action passes at any time; false: "
        "only while In Peril (otherwise the game is lost as a stall)"),
    "camera_discards_continue_after_reshuffle": (
        "TI-A5", "true: camera discards go on from the new deck after a reshuffle"),
    "tuck_limit": (
        "TI-A6", "per_turn: one card under an enemy per turn; per_turn_per_enemy: one "
        "under each enemy per turn"),
    "tuck_on_forced_pass": ("TI-A7", "true allows a tuck on a turn that is passed"),
    "master_tokens_have_base_trap_effect": (
        "TI-A8", "true: a face-up master camera or master alarm also works as a camera "
        "or an alarm"),
    "gather_reveal_uses_attempt": (
        "TI-A10", "true: a GATHER reveal uses one of its 2 attempts even if nothing is "
        "collected"),
    "repeat_reshuffle": ("TI-A13", "true: an empty deck is rebuilt again while In Peril"),
    "stall_is_loss": (
        "TI-A14", "true: a full round of forced passes with nothing to draw loses"),
    "answer_match": (
        "TI-A16", "exact_case_insensitive: letters match whatever their case, spaces "
        "ignored; exact: symbols must match as written"),
    "characters_per_solo_player": (
        "TI-A17", "characters a solo player runs (1 or 2)"),
    "locked_door_blocks_adjacency": (
        "TI-A23", "true: a locked door splits its rooms for moving, nearby and enemies"),
    "solve_proposals_per_turn": (
        "TI-A15", "answers the active player may propose in one turn (1 to 3)"),
}
