"""One line for every house-rule flag of The Initiative (`TIRules`): the ambiguity it
settles (TI-An of ../shared/OTHER-RULINGS.md section 3b) and what its values do, for
`initiative rules --game the_initiative`. docs/rules-interpretations.md section 5.5 has
the full entries (question, readings, why the default)."""

from __future__ import annotations

TI_FLAG_NOTES: dict[str, tuple[str, str]] = {
    "peril_trigger": (
        "TI-A1", "deck_empty: In Peril starts the moment the last card leaves the deck "
        "(by a draw or a camera); draw_from_empty: only when a card must come from the "
        "empty deck"),
    "regroup_effect": (
        "TI-A2", "clear_other_pile: REGROUP moves another pile's cards to the discard and "
        "discards its counter intel; remove_counter_intel_only: it discards only the "
        "counter intel"),
    "regroup_can_target_itself": (
        "TI-A2", "true lets REGROUP clear its own pile"),
    "forced_pass_outside_peril": (
        "TI-A4", "true: a player who cannot act skips the turn at any time; false: before "
        "In Peril that ends the game as a stall"),
    "camera_discards_continue_after_reshuffle": (
        "TI-A5", "true: cameras that empty the deck keep discarding from the reshuffled "
        "deck; false: the rest of their discards are lost"),
    "tuck_limit": (
        "TI-A6", "per_turn: one card under any enemy a turn; per_turn_per_enemy: one "
        "under each enemy a turn"),
    "tuck_on_forced_pass": (
        "TI-A7", "true lets a player tuck a card on a turn they are forced to pass"),
    "master_tokens_have_base_trap_effect": (
        "TI-A8", "true: a face-up master camera / master alarm also works as a camera / "
        "alarm until collected; false: it only waits to be collected"),
    "gather_reveal_uses_attempt": (
        "TI-A10", "true: revealing a token with GATHER uses one of its 2 attempts, "
        "collecting it then is free; false: only collecting uses one"),
    "repeat_reshuffle": (
        "TI-A13", "true: a deck that runs out again In Peril is rebuilt again from the "
        "discard; false: it stays empty"),
    "stall_is_loss": (
        "TI-A14", "true: a full round of forced passes with nothing to draw loses the "
        "game; false: play goes on"),
    "answer_match": (
        "TI-A16", "exact_case_insensitive: letters compared ignoring case; exact: case "
        "must match too"),
    "characters_per_solo_player": (
        "TI-A17", "characters a solo player runs (1 or 2 seats)"),
    "locked_door_blocks_adjacency": (
        "TI-A23", "true: rooms split by a locked door are not adjacent; false: they count "
        "as nearby (TI-18), though no one moves through the door until it is unlocked"),
    "solve_proposals_per_turn": (
        "TI-A15", "counted solve proposals the active player may call in one turn (1 to "
        "3); only refused proposals can be counted, and only under "
        "refused_proposal_counts: true"),
    "refused_proposal_counts": (
        "TI-A15", "false: a proposal one no stopped was no attempt (TI-56) and uses "
        "nothing up, the group may propose again at once; true: it counts toward "
        "solve_proposals_per_turn"),
}
"""Flag name -> (rule id, what its values do)."""
