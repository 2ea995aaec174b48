"""The decision stack: plain tuples, so a state clones, pickles and snapshots.

The top frame owns who decides, what is legal and what happens next (GUIDE 2,
"Interrupts and reactions"). Frame layouts (first item is the tag):

- (MULLIGAN, to_ask, takers)        IB 2.8.2: seats still to answer; seats that mulligan
                                    (hidden until every seat has answered)
- (NEXT,)                           idle point between activations: start the next one
- (ACTIVATION, unit, step, flags)   IB 3.2: the six steps of one activation
- (ACTION, unit, kind, targets, stage, via_ib, clause, sub, card, owed, tier, recipient)
                                    IB 4.1-4.8: one attack, played card, Keystone or
                                    Sigil use from choice to resolution; targets hold
                                    one entry per clause (unit, NO_TARGET or PENDING);
                                    card is the card in play (-1 for attacks); owed is
                                    the discard cost still to pay; tier is the Sigil
                                    tier used (0: none); recipient is the unit a Sigil
                                    is installed on (-1: none)
- (WINDOW, kind, to_ask, declared)  IB 3.7: an Initiative Break response window;
                                    declared = ((seat, unit), ...) hidden until revealed
- (BREAK, unit, stage, was_oor)     IB 3.7.6: one declared Initiative Break
"""

from __future__ import annotations

from typing import Any

Frame = tuple[Any, ...]

MULLIGAN, NEXT, ACTIVATION, ACTION, WINDOW, BREAK = range(6)
TAG_NAMES = ("mulligan", "next", "activation", "action", "window", "break")

# ACTIVATION steps (IB 3.2.1), then the two bookkeeping steps after Movement.
ST_STATUS, ST_START, ST_DRAW, ST_ACTION, ST_END, ST_MOVE, ST_RM, ST_DONE = range(8)
STEP_NAMES = ("status", "start", "draw", "action", "end", "move", "rm", "done")

# ACTIVATION flags (low bits); free discards used are counted from bit 8 up.
F_SEALED, F_MUTED, F_STUNNED, F_ENDED = 1, 2, 4, 8
F_SIGIL_USED = (16, 32)  # IB 4.5.6: installed Sigil 0 / 1 used this activation
F_CC_BROKE, F_CC_CHARGED = 64, 128  # a CC used its Break Art; took its End-window Charge
DISCARD_UNIT = 256  # free discards are counted in bits 8-15
DISCARD_MASK = 255 * DISCARD_UNIT  # the count alone, without the flags above it
F_FLUX = 1 << 16  # a Flux Surge token was spent in this activation (AMB-105)
FLAG_NAMES = (("sealed", F_SEALED), ("muted", F_MUTED), ("stunned", F_STUNNED),
              ("ended", F_ENDED), ("sigil1_used", 16), ("sigil2_used", 32),
              ("cc_broke", F_CC_BROKE), ("cc_charged", F_CC_CHARGED), ("flux_spent", F_FLUX))

# ACTION stages.
AS_TARGET, AS_COST, AS_RESOLVE, AS_RETARGET, AS_CLEANSE, AS_AFTER, AS_DONE = range(7)
AS_TIER, AS_RECIPIENT, AS_REPLACE = range(7, 10)  # Sigil use and installation (IB 4.5)
STAGE_NAMES = ("target", "cost", "resolve", "retarget", "cleanse", "after", "done", "tier",
               "recipient", "replace")
NO_TARGET = -1
PENDING = -2

# ACTION kind of a Challenge Card's move (IB 6.4); `card` holds the move's index.
# Not an action a seat chooses, so outside the action numbering.
K_CHALLENGE = 99

# WINDOW kinds (IB 3.7 / AMB-32): where an Initiative Break may be declared; W_STEP
# between two steps of an activation (`ib_windows=every_step`, step_windows.py).
W_AFTER_DECLARE, W_AFTER_RESOLVE, W_BETWEEN, W_STEP = range(4)
WINDOW_NAMES = ("after_declare", "after_resolve", "between", "step")

# BREAK stages.
B_WAITING, B_RETURN = range(2)
BREAK_STAGE_NAMES = ("waiting", "return")
