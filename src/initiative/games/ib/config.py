"""`RulesConfig`: one house-rule flag for every unclear rule the engine touches.

Flag names and values follow ../shared/IB-RULINGS.md (the AMB entry is named beside
each); the first value listed there is the default. Flags this project added are marked
"new" and documented, like the rest, in docs/rules-interpretations.md.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Literal, get_type_hints

from initiative.engine.errors import ConfigError
from initiative.timing.flag_types import allowed_values
from initiative.timing.flag_types import parse_flag_value as parse_flag_value
from initiative.timing.track_rules import (
    DeferredAfterCrossing,
    IbEndPosition,
    MoveLimitBehavior,
    OutOfRoundRule,
    PassRmDestination,
    SetupCopyTiebreak,
    SetupFinalTiebreak,
    SimultaneousIbOrder,
    TrackRules,
)


@dataclass(frozen=True, slots=True)
class RulesConfig:
    """Every house-rule flag of Initiative Break's core rules, with its default."""

    # --- A. Track geometry and movement (IB 3.1-3.5) ---
    rm_counts_as_space: bool = False  # AMB-01
    pass_rm_destination: PassRmDestination = "track_end"  # AMB-02
    out_of_round_rule: OutOfRoundRule = "positional"  # AMB-03
    move_limit_behavior: MoveLimitBehavior = "clamp"  # AMB-04
    deferred_move_after_crossing_rm: DeferredAfterCrossing = "ignore"  # AMB-05
    ib_unit_is_active: bool = False  # AMB-07
    leftmost_between_activations_is_active: bool = True  # AMB-07
    # --- B. Activation sequence (IB 3.2, IB 5) ---
    stunned_turn_skips: Literal["all_but_movement", "action_only"] = "all_but_movement"  # AMB-09
    rm_step_after_stunned_turn: bool = True  # AMB-10
    seal_mute_survive_stun: bool = False  # AMB-12
    rm_step_after_active_defeated: bool = True  # AMB-13
    free_discards_per_activation: Literal[1, "unlimited"] = 1  # AMB-15
    free_discard_timing: Literal["action_step", "before_draw_too"] = "action_step"  # new: IB-2.8.7
    # --- C. Rounds (IB 3.5) ---
    round_end_check: Literal["rm_step_and_idle", "rm_step_only"] = "rm_step_and_idle"  # AMB-18
    ib_moves_rm: bool = False  # AMB-21
    # --- D. Time Collapse (IB 3.6) ---
    time_collapse_population: Literal[
        "track_units", "player_characters", "track_units_and_supports"
    ] = "track_units"  # AMB-23
    time_collapse_at_setup: bool = True  # AMB-24
    time_collapse_reversible: bool = False  # AMB-25
    time_collapse_order: Literal["track", "printed_initiative"] = "track"  # AMB-26
    time_collapse_final_refresh: bool = True  # AMB-27
    # --- E. Charge, Break Arts, Initiative Break (IB 3.7) ---
    ib_end_position: IbEndPosition = "track_end"  # AMB-29
    ib_allowed_out_of_round: bool = True  # AMB-30
    simultaneous_ib_order: SimultaneousIbOrder = "highest_speed_value"  # AMB-31
    ib_response_window: Literal["any", "between_steps_only"] = "any"  # AMB-32
    ib_charge_paid_at: Literal["declaration", "resolution"] = "declaration"  # AMB-33
    active_unit_ib: Literal["ends_activation", "forbidden"] = "ends_activation"  # AMB-34
    ib_windows: Literal["action_and_between", "every_step"] = "action_and_between"  # new
    orphaned_action: Literal["fizzle", "retarget"] = "fizzle"  # new: action lost its target
    break_after_own_action: bool = True  # new: IB-3.7.5 "instead" (AMB-34)
    # --- F. Card play (IB 4.4, 4.8) ---
    event_timing: Literal["action_only", "any_time_own_activation"] = "action_only"  # AMB-48
    keystone_ability_cost: Literal["one_charge", "free", "discard_by_tier"] = (
        "one_charge"  # AMB-41
    )
    sigil_activation_cost: Literal["discard_by_tier", "one_charge", "both"] = (
        "discard_by_tier"  # AMB-40
    )
    sigil_use_is_action: bool = True  # AMB-42
    sigil_one_per_type: bool = True  # AMB-43
    sigil_free_tier_self: Literal["installer", "recipient"] = "installer"  # new: AMB-44
    sigil_installer_needs_type: bool = False  # new: IB-2.3.4 vs IB-4.5.2 (AMB-44)
    signature_play: Literal["any_character", "own_character"] = "any_character"  # new: AMB-95
    # --- G. Damage pipeline and statuses (IB 5) ---
    damage_order: Literal["weaken_then_guard", "guard_then_weaken"] = "weaken_then_guard"  # AMB-51
    burn_uses_incoming_modifiers: bool = True  # AMB-52
    insight_scope: Literal["whole_effect", "first_target"] = "whole_effect"  # AMB-53
    status_stacking: Literal["none", "stack"] = "none"  # AMB-54
    heal_cap: Literal["max_hp", "none"] = "max_hp"  # AMB-59
    support_statuses: Literal["damage_triggered_only", "none", "all"] = (
        "damage_triggered_only"  # AMB-57
    )
    trigger_order: Literal["active_side_first", "track_order"] = "active_side_first"  # new
    trigger_chains: bool = False  # new: ability damage fires damage triggers
    # --- H. Targeting and sides (IB 3.8, 8.2) ---
    ally_enemy_reference: Literal["effect_controller", "active_unit_controller"] = (
        "effect_controller"  # AMB-61
    )
    aoe_hits_supports: bool = True  # AMB-63
    cc_aoe_hits_supports: Literal["as_any_card", "if_printed"] = "as_any_card"  # IB-6.5.3
    multiplayer_aoe_friendly_fire: bool = False  # AMB-64
    # --- I. Challenge Cards and Rivals (IB 6) ---
    cc_priority: Literal["break_art_first", "trigger_first"] = "break_art_first"  # AMB-67
    cc_restricted_roll: Literal["fizzle", "reroll"] = "fizzle"  # new: a roll Seal/Mute forbids
    cc_retarget_after_response: bool = False  # new: a CC re-picks after the response window
    cc_charge_after_break_art: bool = True  # AMB-65
    cc_charge_break_art_in: Literal["current_phase", "any_phase"] = "current_phase"  # new: IB-6.4.3
    coop_target_tiebreak: Literal["initiative_then_soonest", "soonest_only"] = (
        "initiative_then_soonest"  # AMB-68
    )
    cc_beneficial_target: Literal["next_cc_on_track", "self", "lowest_hp_cc"] = (
        "next_cc_on_track"  # AMB-71
    )
    rival_d6_table: Literal["basic_1_3_keystone_4", "basic_1_2_keystone_3_4"] = (
        "basic_1_3_keystone_4"  # AMB-72
    )
    rival_auto_break_art: bool = False  # AMB-73
    rival_end_window_charge: bool = False  # AMB-74
    rival_beneficial_target: Literal["next_cc_on_track", "lowest_hp_cc"] = (
        "next_cc_on_track"  # AMB-76
    )
    spawn_position: Literal["track_end", "by_initiative", "before_rm"] = "track_end"  # AMB-78
    # --- L. Campaign rules inside a battle (IB 7) ---
    flux_tokens_per_activation: Literal[1, "unlimited"] = 1  # AMB-105
    # --- J. Hand, draw, deck-out (IB 2.8) ---
    deck_out_coop: Literal["team_loses", "player_eliminated"] = "team_loses"  # AMB-83
    deck_out_duel: Literal["player_eliminated", "team_loses"] = "player_eliminated"  # AMB-83
    effect_draw_deckout: Literal["lose", "ignore"] = "lose"  # AMB-84
    # --- K. Setup (IB 2.9) ---
    setup_final_tiebreak: SetupFinalTiebreak = "name"  # AMB-92
    setup_copy_tiebreak: SetupCopyTiebreak = "draw"  # new: IB-2.9.4 copies (AMB-92)
    character_unique_by: Literal["name_and_title", "name"] = "name_and_title"  # AMB-94
    # --- M. Victory (IB 3.6.5, 8.2) ---
    simultaneous_elimination: Literal["draw", "active_side_wins"] = "draw"  # AMB-118
    # --- new: what is public, and the draw limit ---
    discards_public: bool = True  # new: discard piles (and cards discarded as costs) are face up
    open_decklists: bool = False  # new: each seat's decklist is known to every seat
    team_hands_visible: bool = False  # new: teammates see each other's hands (IB 6.9.2)
    max_activations: int = 400  # new: the game is a draw after this many activations

    def track_rules(self) -> TrackRules:
        """The subset of flags the Initiative Track component reads (same names)."""
        return TrackRules(**{f.name: getattr(self, f.name) for f in fields(TrackRules)})

    def to_dict(self, only_changed: bool = False) -> dict[str, Any]:
        """The flags as plain data (only those differing from the defaults if asked)."""
        data = asdict(self)
        if only_changed:
            default = RulesConfig()
            return {k: v for k, v in data.items() if getattr(default, k) != v}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], where: str = "rules") -> RulesConfig:
        """Build a config from plain data, naming any unknown flag or bad value."""
        return RulesConfig().with_flags(data, where)

    def with_flags(self, data: dict[str, Any], where: str = "rules") -> RulesConfig:
        """A copy with the given flags changed; every flag and value is validated."""
        hints = get_type_hints(RulesConfig)
        known = {f.name for f in fields(RulesConfig)}
        for key, value in data.items():
            if key not in known:
                raise ConfigError(f"{where}: unknown house-rule flag {key!r}")
            allowed = allowed_values(hints[key])
            if allowed == (True, False) and not isinstance(value, bool):
                raise ConfigError(f"{where}.{key}: expected true or false, got {value!r}")
            if allowed is not None and value not in allowed:
                raise ConfigError(
                    f"{where}.{key}: {value!r} is not one of {', '.join(map(repr, allowed))}"
                )
            if allowed is None and (not isinstance(value, int) or isinstance(value, bool)):
                raise ConfigError(f"{where}.{key}: expected a whole number, got {value!r}")
        return replace(self, **data)


def check_flags(cls: type, data: dict[str, Any], where: str, what: str) -> None:
    """Every flag of `data` is a field of the dataclass `cls` with an allowed value (for
    the flag sets whose values are all listed: deck building, campaign rules)."""
    hints = get_type_hints(cls)
    known = {f.name for f in fields(cls)}
    for key, value in data.items():
        if key not in known:
            raise ConfigError(f"{where}: unknown {what} flag {key!r}")
        allowed = allowed_values(hints[key]) or ()
        if (type(value), value) not in {(type(a), a) for a in allowed}:
            raise ConfigError(
                f"{where}.{key}: {value!r} is not one of {', '.join(map(repr, allowed))}")
