"""House-rule switches that change how the Initiative Track itself moves units.

Each field mirrors a flag of the same name in ../shared/IB-RULINGS.md (the AMB entry
is named beside it); the first value listed there is the default here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PassRmDestination = Literal["track_end", "after_rm"]
OutOfRoundRule = Literal["positional", "passed_by_rm"]
MoveLimitBehavior = Literal["clamp", "fizzle"]
DeferredAfterCrossing = Literal["ignore", "apply"]
IbEndPosition = Literal["track_end", "before_rm"]
SimultaneousIbOrder = Literal["highest_speed_value", "lowest_speed_value"]
SetupFinalTiebreak = Literal["name", "agreement_required"]
SetupCopyTiebreak = Literal["draw", "unit"]


@dataclass(frozen=True)
class TrackRules:
    """Track-level readings of unclear rules (see docs/rules-interpretations.md)."""

    rm_counts_as_space: bool = False  # AMB-01
    pass_rm_destination: PassRmDestination = "track_end"  # AMB-02
    out_of_round_rule: OutOfRoundRule = "positional"  # AMB-03
    move_limit_behavior: MoveLimitBehavior = "clamp"  # AMB-04
    deferred_move_after_crossing_rm: DeferredAfterCrossing = "ignore"  # AMB-05
    ib_end_position: IbEndPosition = "track_end"  # AMB-29
    simultaneous_ib_order: SimultaneousIbOrder = "highest_speed_value"  # AMB-31
    setup_final_tiebreak: SetupFinalTiebreak = "name"  # AMB-92
    setup_copy_tiebreak: SetupCopyTiebreak = "draw"  # new: IB-2.9.4 copies (AMB-92)
