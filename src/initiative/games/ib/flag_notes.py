"""One line for every house-rule flag (`RulesConfig`, `CampaignRules`): the rule it reads
and what its values do, for `initiative rules`. The ambiguity ids (AMB-nn) are those of
the rules register; a flag this project added cites the rule it settles (IB-x.y.z).
docs/rules-interpretations.md has the full entries (question, readings, why the default).
"""

from __future__ import annotations

from initiative.games.parts import FlagNote

FLAG_NOTES: dict[str, FlagNote] = {
    # --- track and movement ---
    "rm_counts_as_space": FlagNote(
        "AMB-01", "an over-long move: false stops the unit before the Round Marker; "
        "true counts the marker as a slot, so the unit lands beyond it"),
    "pass_rm_destination": FlagNote(
        "AMB-02", "a unit passing the Round Marker goes to the very end of the track "
        "(track_end) or just after the marker, first of the out-of-round units (after_rm)"),
    "out_of_round_rule": FlagNote(
        "AMB-03", "positional: every unit beyond the Round Marker is out of round; "
        "passed_by_rm: only units the marker stepped over"),
    "move_limit_behavior": FlagNote(
        "AMB-04", "a Move Up or Back blocked by the track's ends goes as far as it can "
        "(clamp) or does not happen (fizzle)"),
    "deferred_move_after_crossing_rm": FlagNote(
        "AMB-05", "the active unit's waiting Move Up/Back after its Speed move took it past "
        "the Round Marker: dropped (ignore) or still made (apply)"),
    "ib_unit_is_active": FlagNote(
        "AMB-07", "true: a unit resolving an Initiative Break counts as active, so moves "
        "on it wait for its next Movement Step; false: they happen at once"),
    "leftmost_between_activations_is_active": FlagNote(
        "AMB-07", "true: between activations the leftmost unit counts as active, so a "
        "Move Up/Back on it waits; false: it moves at once"),
    # --- activation sequence ---
    "stunned_turn_skips": FlagNote(
        "AMB-09", "a Stunned unit skips everything but its move (all_but_movement) or "
        "still draws and only loses its action (action_only)"),
    "rm_step_after_stunned_turn": FlagNote(
        "AMB-10", "whether the Round Marker steps after a turn lost to Stun"),
    "seal_mute_survive_stun": FlagNote(
        "AMB-12", "false: Seal and Mute end with the turn Stun skipped; true: they bind "
        "the next real activation"),
    "rm_step_after_active_defeated": FlagNote(
        "AMB-13", "whether the Round Marker steps after the active unit is defeated "
        "during its own activation"),
    "free_discards_per_activation": FlagNote(
        "AMB-15", "how many free discards a player may make in an activation: 1 or "
        "unlimited"),
    "free_discard_timing": FlagNote(
        "IB-2.8.7", "where the free discard is offered: at the Action Step only "
        "(action_step), or also just before the Draw Step when the hand is full, so the "
        "Draw Step can refill it (before_draw_too)"),
    # --- rounds ---
    "round_end_check": FlagNote(
        "AMB-18", "a round ends when the Round Marker steps and no in-round unit is left "
        "(rm_step_and_idle), or on the marker's step alone (rm_step_only)"),
    "ib_moves_rm": FlagNote(
        "AMB-21", "whether the Round Marker steps after an Initiative Break, as after an "
        "activation"),
    # --- Time Collapse ---
    "time_collapse_population": FlagNote(
        "AMB-23", "who counts for Time Collapse: every unit on the track, the players' "
        "Characters only, or track units and Support Characters"),
    "time_collapse_at_setup": FlagNote(
        "AMB-24", "true: Time Collapse is checked at setup too; false: only after a unit "
        "leaves or joins"),
    "time_collapse_reversible": FlagNote(
        "AMB-25", "false: Time Collapse lasts to the end; true: the Round Marker comes "
        "back when enough units are on the track again"),
    "time_collapse_order": FlagNote(
        "AMB-26", "after the collapse units keep the track's order (track) or are sorted "
        "by printed Initiative and cycle in that order (printed_initiative)"),
    "time_collapse_final_refresh": FlagNote(
        "AMB-27", "true: once-per-round uses refresh one last time when the collapse "
        "happens; false: they do not"),
    "max_activations": FlagNote(
        "IB-3.6.5", "the battle goes on until a side is gone; this limit (a whole number) "
        "ends a stalled game in a draw after that many activations"),
    # --- Initiative Break ---
    "ib_end_position": FlagNote(
        "AMB-29", "where a unit goes after its Initiative Break: the end of the track "
        "(track_end) or just before the Round Marker (before_rm)"),
    "ib_allowed_out_of_round": FlagNote(
        "AMB-30", "whether a unit that is out of round may declare an Initiative Break"),
    "simultaneous_ib_order": FlagNote(
        "AMB-31", "Breaks declared together resolve from the highest Speed number "
        "(highest_speed_value) or from the fastest unit, the lowest number "
        "(lowest_speed_value)"),
    "ib_response_window": FlagNote(
        "AMB-32", "any: a Break may also answer an action just declared; "
        "between_steps_only: only after actions resolve and between activations"),
    "ib_charge_paid_at": FlagNote(
        "AMB-33", "the 3 Charge of a Break is spent when it is declared (declaration) or "
        "when it resolves (resolution)"),
    "active_unit_ib": FlagNote(
        "AMB-34", "the active unit may break in its own activation, which ends it "
        "(ends_activation), or never (forbidden)"),
    "ib_windows": FlagNote(
        "IB-3.7.5", "where Breaks are declared: around each action and between "
        "activations (action_and_between), or also between the steps of an activation "
        "whenever a step changed something (every_step)"),
    "orphaned_action": FlagNote(
        "IB-3.7.5", "an action whose target an Initiative Break removed is lost (fizzle) "
        "or its controller picks a new target (retarget)"),
    "break_after_own_action": FlagNote(
        "IB-3.7.5", "true: a unit that has taken its action (a Basic Attack to 3 Charge) "
        "may still break in that activation; false: a Break is instead of the action, so "
        "not once the action has resolved"),
    # --- card play ---
    "event_timing": FlagNote(
        "AMB-48", "an Event is the activation's action (action_only) or leaves the action "
        "free for something else (any_time_own_activation)"),
    "keystone_ability_cost": FlagNote(
        "AMB-41", "a Keystone ability costs 1 Charge (one_charge), nothing (free) or one "
        "discarded card (discard_by_tier)"),
    "sigil_activation_cost": FlagNote(
        "AMB-40", "using a Sigil's tier N costs N discards (discard_by_tier), 1 Charge "
        "(one_charge), or both"),
    "sigil_use_is_action": FlagNote(
        "AMB-42", "true: using a Sigil is the activation's action; false: the unit may "
        "still act after it"),
    "sigil_one_per_type": FlagNote(
        "AMB-43", "true: at most one installed Sigil of each of the Character's two types; "
        "false: any two of its types"),
    "sigil_free_tier_self": FlagNote(
        "IB-4.5.3", "whom a Sigil's free first tier calls self when installed on an ally: "
        "the installer, whose action it is (installer), or the Character receiving the "
        "Sigil (recipient)"),
    "sigil_installer_needs_type": FlagNote(
        "IB-2.3.4", "false: only the receiving Character must print the Sigil's type; "
        "true: the installer must print it as well, even to install it on an ally"),
    "signature_play": FlagNote(
        "IB-2.7.5", "who may play or install a signature card: any Character of its "
        "player (any_character) or only the Character it belongs to (own_character)"),
    # --- damage and statuses ---
    "damage_order": FlagNote(
        "AMB-51", "which applies first to incoming damage: Weaken's +2 then Guard's "
        "halving (weaken_then_guard), or the reverse"),
    "burn_uses_incoming_modifiers": FlagNote(
        "AMB-52", "whether Burn's damage is changed by Guard and Weaken"),
    "insight_scope": FlagNote(
        "AMB-53", "Insight's +1 goes to every target of the damage (whole_effect) or to "
        "the first only (first_target)"),
    "status_stacking": FlagNote(
        "AMB-54", "a status applied twice stays one (none) or counts each copy (stack)"),
    "heal_cap": FlagNote(
        "AMB-59", "healing stops at maximum HP (max_hp) or may go above it (none)"),
    "support_statuses": FlagNote(
        "AMB-57", "which statuses a Support Character can hold: those that act on damage "
        "(damage_triggered_only), none, or all"),
    "trigger_order": FlagNote(
        "IB-3.2.3", "abilities triggered together resolve with the active unit's side "
        "first (active_side_first) or left to right on the track (track_order)"),
    "trigger_chains": FlagNote(
        "IB-2.2.3", "false: damage dealt by a triggered ability fires no further damage "
        "triggers; true: it does"),
    # --- targeting and sides ---
    "ally_enemy_reference": FlagNote(
        "AMB-61", "ally and enemy are seen from the controller of the effect "
        "(effect_controller) or of the unit now acting (active_unit_controller)"),
    "aoe_hits_supports": FlagNote(
        "AMB-63", "whether effects on all enemies or all allies also hit Support "
        "Characters"),
    "cc_aoe_hits_supports": FlagNote(
        "IB-6.5.3", "a Challenge Card's all enemies takes the Supports in play like any "
        "card's (as_any_card) or only if the card prints targets_supports (if_printed)"),
    "multiplayer_aoe_friendly_fire": FlagNote(
        "AMB-64", "false: all enemies means the opposing teams; true: every unit not your "
        "own, teammates included"),
    # --- Challenge Cards and Rivals ---
    "cc_priority": FlagNote(
        "AMB-67", "a Challenge Card with 3 Charge and a trigger uses its Break Art "
        "(break_art_first) or the trigger (trigger_first)"),
    "cc_restricted_roll": FlagNote(
        "IB-6.6.1", "a Challenge Card's roll that Seal or Mute forbids does nothing "
        "(fizzle) or is rolled again (reroll)"),
    "cc_retarget_after_response": FlagNote(
        "IB-6.5.1", "false: a Challenge Card keeps the target it declared; true: it picks "
        "again after the players' answers"),
    "cc_charge_after_break_art": FlagNote(
        "AMB-65", "whether a Challenge Card gains its end-of-activation Charge in the "
        "activation it used its Break Art"),
    "cc_charge_break_art_in": FlagNote(
        "IB-6.4.3", "a Challenge Card gains its End-window Charge only while its current "
        "phase prints a Break Art (current_phase) or if any of its phases prints one "
        "(any_phase)"),
    "coop_target_tiebreak": FlagNote(
        "AMB-68", "Challenge Card target ties: lowest Initiative then who acts soonest "
        "(initiative_then_soonest), or who acts soonest (soonest_only)"),
    "cc_beneficial_target": FlagNote(
        "AMB-71", "who a Challenge Card's helpful effect picks: the next Challenge Card on "
        "the track, itself, or the one with the lowest HP"),
    "rival_d6_table": FlagNote(
        "AMB-72", "a Rival's d6: 1-3 Basic Attack and 4 Keystone, or 1-2 Basic and 3-4 "
        "Keystone (5 and 6 the same in both)"),
    "rival_auto_break_art": FlagNote(
        "AMB-73", "true: a Rival at 3 Charge uses its Break Art without rolling; false: "
        "it always rolls"),
    "rival_end_window_charge": FlagNote(
        "AMB-74", "whether a Rival also gains the Challenge Cards' end-of-activation Charge, "
        "beside its Basic Attack's"),
    "rival_beneficial_target": FlagNote(
        "AMB-76", "who a Rival's helpful effect picks: the next Challenge Card on the track "
        "or the one with the lowest HP"),
    "spawn_position": FlagNote(
        "AMB-78", "where a summoned unit enters: the end of the track, by its Initiative, "
        "or just before the Round Marker"),
    # --- campaign rules inside a battle ---
    "flux_tokens_per_activation": FlagNote(
        "AMB-105", "how many Flux Surge tokens a player may spend in one activation: 1 or "
        "unlimited"),
    # --- hand, draw and deck-out ---
    "deck_out_coop": FlagNote(
        "AMB-83", "in co-op, a player who cannot draw makes the whole team lose "
        "(team_loses) or drops out alone (player_eliminated)"),
    "deck_out_duel": FlagNote(
        "AMB-83", "in player-vs-player, a player who cannot draw drops out alone "
        "(player_eliminated) or takes the team down (team_loses)"),
    "effect_draw_deckout": FlagNote(
        "AMB-84", "a card's draw from an empty deck loses like a missed Draw Step (lose) or "
        "is skipped (ignore)"),
    # --- setup ---
    "setup_final_tiebreak": FlagNote(
        "AMB-92", "a setup tie left after Speed and HP goes by name (name) or must be "
        "settled by the players (agreement_required)"),
    "setup_copy_tiebreak": FlagNote(
        "IB-2.9.4", "copies of one Character on two sides, tied on everything up to name "
        "and title: a public draw at setup orders them (draw), or the unit number does, "
        "seat 0's copy first (unit)"),
    "character_unique_by": FlagNote(
        "AMB-94", "two Characters are the same if name and title match (name_and_title) or "
        "the name alone (name)"),
    # --- victory ---
    "simultaneous_elimination": FlagNote(
        "AMB-118", "when every side falls at once: a draw, or the side whose effect was "
        "resolving wins (active_side_wins)"),
    # --- what is public ---
    "discards_public": FlagNote(
        "IB-2.8.7", "true: discard piles and discarded cards are seen by everyone; false: "
        "others see only how many"),
    "open_decklists": FlagNote(
        "IB-2.9.1", "false: each player knows only their own decklist; true: every "
        "decklist is known (never the order)"),
    "team_hands_visible": FlagNote(
        "IB-6.9.2", "false: a hand is its own player's alone; true: teammates see each "
        "other's hands"),
    # --- campaign flags (--campaign-rule) ---
    "half_hp_rounding": FlagNote(
        "AMB-101", "a Character defeated in a battle starts the next at half its maximum "
        "HP, rounded down or up"),
    "defeated_recover_4": FlagNote(
        "AMB-102", "false: a Character defeated in a battle starts the next at half HP; "
        "true: it also recovers the 4 HP every Character recovers between battles"),
    "flux_token_per_victory": FlagNote(
        "AMB-104", "every victory gives a Flux Surge token (auto), or tokens come only from "
        "the reward (reward_only)"),
    "xp_overflow": FlagNote(
        "AMB-106", "XP beyond an Advancement is lost or carried over (carry)"),
    "advancement_hp_heals": FlagNote(
        "AMB-107", "false: an HP Advancement raises only the maximum; true: current HP "
        "rises too"),
    "campaign_loss": FlagNote(
        "AMB-109", "a lost battle ends the campaign (campaign_over) or is fought again "
        "(retry_battle)"),
    "reward_heal_defeated": FlagNote(
        "AMB-117", "true: the heal reward may go to a Character defeated in the battle; "
        "false: only to survivors"),
}
