"""The decision stack: small immutable frames, so a state clones, pickles and snapshots.

The top frame owns who decides, what is legal and what happens next (GUIDE 2,
"Interrupts and reactions"). Each kind of frame is a slotted class with named fields
(engine/frames.py `SlotFrame` gives them value semantics);
its first field `tag` names its kind (the dispatch key, typed as a `Literal` so mypy
narrows `Frame` on it):

- `MulliganFrame`   IB 2.8.2: seats still to answer; seats that mulligan (hidden until
                    every seat has answered)
- `NextFrame`       the idle point between activations: start the next one
- `ActivationFrame` IB 3.2: the six steps of one activation
- `ActionFrame`     IB 4.1-4.8: one attack, played card, Keystone or Sigil use from
                    choice to resolution
- `WindowFrame`     IB 3.7: an Initiative Break response window
- `BreakFrame`      IB 3.7.6: one declared Initiative Break

Every field is `Final`: a frame changes only by replacing it on the stack with a new
one, so clones share frames safely (`state.stack[:]`); mypy rejects any assignment.
Slotted classes rather than NamedTuples: a slot is read several times faster than a
NamedTuple field, and the rules read frames on every step (the hot path).
"""

from __future__ import annotations

from typing import Final, Literal

from initiative.engine.frames import SlotFrame
from initiative.games.ib.actions import MAX_UNITS
from initiative.games.ib.specs import Clause

MULLIGAN: Final = 0
NEXT: Final = 1
ACTIVATION: Final = 2
ACTION: Final = 3
WINDOW: Final = 4
BREAK: Final = 5
TAG_NAMES = ("mulligan", "next", "activation", "action", "window", "break")


class MulliganFrame(SlotFrame):
    FIELDS = ("tag", "to_ask", "takers")
    __slots__ = FIELDS
    tag: Final[Literal[0]]
    to_ask: Final[tuple[int, ...]]
    """Seats still to answer, in seat order."""
    takers: Final[tuple[int, ...]]
    """Seats that chose to mulligan (hidden until every seat has answered, AMB-88)."""

    def __init__(self, to_ask: tuple[int, ...], takers: tuple[int, ...]) -> None:
        self.tag = MULLIGAN
        self.to_ask = to_ask
        self.takers = takers


class NextFrame(SlotFrame):
    FIELDS = ("tag",)
    __slots__ = FIELDS
    tag: Final[Literal[1]]

    def __init__(self) -> None:
        self.tag = NEXT


class ActivationFrame(SlotFrame):
    FIELDS = ("tag", "unit", "step", "flags")
    __slots__ = FIELDS
    tag: Final[Literal[2]]
    unit: Final[int]
    step: Final[int]
    """ST_* below."""
    flags: Final[int]
    """F_* bits below; free discards used are counted from bit 8 (DISCARD_UNIT)."""

    def __init__(self, unit: int, step: int, flags: int) -> None:
        self.tag = ACTIVATION
        self.unit = unit
        self.step = step
        self.flags = flags


class ActionFrame(SlotFrame):
    FIELDS = ("tag", "unit", "kind", "targets", "stage", "via_ib", "clause", "sub",
              "card", "owed", "tier", "recipient", "clauses")
    __slots__ = FIELDS
    tag: Final[Literal[3]]
    unit: Final[int]
    kind: Final[int]
    """The action kind (actions.Kind), or K_CHALLENGE for a Challenge Card's move."""
    targets: Final[tuple[int, ...]]
    """One entry per clause: a unit, NO_TARGET or PENDING."""
    stage: Final[int]
    """AS_* below."""
    via_ib: Final[bool]
    """The Break Art of an Initiative Break (no response window, IB 3.7.6)."""
    clause: Final[int]
    """The clause resolving."""
    sub: Final[int]
    """Part of that clause: 0 start, 1 the Cleanse choice, 2 the rest (IB 5.2.8)."""
    card: Final[int]
    """The card in play (-1 for attacks; a Challenge Card's move index)."""
    owed: Final[int]
    """The discard cost still to pay (attacks.INSTALLED once a Sigil or Support is in
    place)."""
    tier: Final[int]
    """The Sigil tier used (0: none)."""
    recipient: Final[int]
    """The unit a Sigil is installed on (-1: none)."""
    clauses: Final[tuple[Clause, ...]]
    """What it resolves, as `attacks.clauses_of` finds it from the fields above (unit,
    kind, card, tier): found once when declared (or a Sigil's tier is chosen) and carried
    along, not looked up again at each step."""

    def __init__(self, unit: int, kind: int, targets: tuple[int, ...], stage: int,
                 via_ib: bool, clause: int, sub: int, card: int, owed: int, tier: int,
                 recipient: int, clauses: tuple[Clause, ...]) -> None:
        self.tag = ACTION
        self.unit = unit
        self.kind = kind
        self.targets = targets
        self.stage = stage
        self.via_ib = via_ib
        self.clause = clause
        self.sub = sub
        self.card = card
        self.owed = owed
        self.tier = tier
        self.recipient = recipient
        self.clauses = clauses

    def at(self, stage: int, clause: int | None = None, sub: int | None = None
           ) -> ActionFrame:
        """This frame moved to `stage` (and to `clause`, `sub` if given)."""
        return ActionFrame(self.unit, self.kind, self.targets, stage, self.via_ib,
                           self.clause if clause is None else clause,
                           self.sub if sub is None else sub, self.card, self.owed, self.tier,
                           self.recipient, self.clauses)

    def with_targets(self, targets: tuple[int, ...], stage: int | None = None
                     ) -> ActionFrame:
        """This frame with `targets` (and at `stage` if given)."""
        return ActionFrame(self.unit, self.kind, targets,
                           self.stage if stage is None else stage, self.via_ib, self.clause,
                           self.sub, self.card, self.owed, self.tier, self.recipient,
                           self.clauses)

    def paying(self, stage: int, owed: int) -> ActionFrame:
        """This frame with `owed` cards still to pay."""
        return ActionFrame(self.unit, self.kind, self.targets, stage, self.via_ib,
                           self.clause, self.sub, self.card, owed, self.tier, self.recipient,
                           self.clauses)

    def tiered(self, stage: int, owed: int, tier: int, clauses: tuple[Clause, ...],
               targets: tuple[int, ...]) -> ActionFrame:
        """This Sigil use at `tier`: its clauses, their targets and its discard cost."""
        return ActionFrame(self.unit, self.kind, targets, stage, self.via_ib, self.clause,
                           self.sub, self.card, owed, tier, self.recipient, clauses)

    def installing(self, stage: int, recipient: int) -> ActionFrame:
        """This Sigil install with its recipient chosen."""
        return ActionFrame(self.unit, self.kind, self.targets, stage, self.via_ib,
                           self.clause, self.sub, self.card, self.owed, self.tier, recipient,
                           self.clauses)


class WindowFrame(SlotFrame):
    FIELDS = ("tag", "kind", "to_ask", "declared")
    __slots__ = FIELDS
    tag: Final[Literal[4]]
    kind: Final[int]
    """W_* below: where the window opened."""
    to_ask: Final[tuple[int, ...]]
    """Seats still to answer."""
    declared: Final[tuple[tuple[int, int], ...]]
    """(seat, unit) of each declaration, hidden until revealed."""

    def __init__(self, kind: int, to_ask: tuple[int, ...],
                 declared: tuple[tuple[int, int], ...]) -> None:
        self.tag = WINDOW
        self.kind = kind
        self.to_ask = to_ask
        self.declared = declared


class BreakFrame(SlotFrame):
    FIELDS = ("tag", "unit", "stage", "was_oor")
    __slots__ = FIELDS
    tag: Final[Literal[5]]
    unit: Final[int]
    stage: Final[int]
    """B_WAITING or B_RETURN."""
    was_oor: Final[bool]
    """The unit was out of round when it jumped (it returns so, IB 3.7.10)."""

    def __init__(self, unit: int, stage: int, was_oor: bool) -> None:
        self.tag = BREAK
        self.unit = unit
        self.stage = stage
        self.was_oor = was_oor


Frame = MulliganFrame | NextFrame | ActivationFrame | ActionFrame | WindowFrame | BreakFrame

NEXT_FRAME: Final = NextFrame()
"""The one idle frame (frames are immutable, so it is shared)."""

# ACTIVATION steps (IB 3.2.1), then the two bookkeeping steps after Movement.
ST_STATUS: Final = 0
ST_START: Final = 1
ST_DRAW: Final = 2
ST_ACTION: Final = 3
ST_END: Final = 4
ST_MOVE: Final = 5
ST_RM: Final = 6
ST_DONE: Final = 7
STEP_NAMES = ("status", "start", "draw", "action", "end", "move", "rm", "done")

ACTIVATION_FRAMES: Final = tuple(
    tuple(ActivationFrame(unit, step, 0) for step in range(ST_DONE + 1))
    for unit in range(MAX_UNITS))
"""`ACTIVATION_FRAMES[unit][step]`: the activation frame of track unit `unit` (below
MAX_UNITS, IB 7.8) at `step` without flags, made once and shared (frames are immutable):
building a frame costs several times a lookup in pure Python."""


_FLAGGED: Final[dict[int, ActivationFrame]] = {}
"""The activation frames with flags made so far, by `flags << 7 | unit << 3 | step`
(unit below 16, step below 8): shared as ACTIVATION_FRAMES are. A lookup costs a
fraction of building a frame in pure Python, and an activation with a free discard
(flags set) moves through several steps."""
_MAX_FLAGGED: Final = 4096


def activation_frame(unit: int, step: int, flags: int) -> ActivationFrame:
    """`ActivationFrame(unit, step, flags)`, a shared one (frames are immutable)."""
    if not flags:
        return ACTIVATION_FRAMES[unit][step]
    key = flags << 7 | unit << 3 | step
    frame = _FLAGGED.get(key)
    if frame is None:
        frame = ActivationFrame(unit, step, flags)
        if len(_FLAGGED) < _MAX_FLAGGED:
            _FLAGGED[key] = frame
    return frame

# ACTIVATION flags (low bits); free discards used are counted from bit 8 up.
F_SEALED: Final = 1
F_MUTED: Final = 2
F_STUNNED: Final = 4
F_ENDED: Final = 8
F_SIGIL_USED: Final = (16, 32)  # IB 4.5.6: installed Sigil 0 / 1 used this activation
F_CC_BROKE: Final = 64  # a CC used its Break Art
F_CC_CHARGED: Final = 128  # a CC took its End-window Charge
DISCARD_UNIT: Final = 256  # free discards are counted in bits 8-15
DISCARD_MASK: Final = 0xFF00  # the count alone, without the flags above it
F_FLUX: Final = 0x10000  # a Flux Surge token was spent in this activation (AMB-105)
FLAG_NAMES = (("sealed", F_SEALED), ("muted", F_MUTED), ("stunned", F_STUNNED),
              ("ended", F_ENDED), ("sigil1_used", 16), ("sigil2_used", 32),
              ("cc_broke", F_CC_BROKE), ("cc_charged", F_CC_CHARGED), ("flux_spent", F_FLUX))

# ACTION stages.
AS_TARGET: Final = 0
AS_COST: Final = 1
AS_RESOLVE: Final = 2
AS_RETARGET: Final = 3
AS_CLEANSE: Final = 4
AS_AFTER: Final = 5
AS_DONE: Final = 6
# Sigil use and installation (IB 4.5)
AS_TIER: Final = 7
AS_RECIPIENT: Final = 8
AS_REPLACE: Final = 9
STAGE_NAMES = ("target", "cost", "resolve", "retarget", "cleanse", "after", "done", "tier",
               "recipient", "replace")
NO_TARGET: Final = -1
PENDING: Final = -2

# ACTION kind of a Challenge Card's move (IB 6.4); `card` holds the move's index.
# Not an action a seat chooses, so outside the action numbering.
K_CHALLENGE: Final = 99

# WINDOW kinds (IB 3.7 / AMB-32): where an Initiative Break may be declared; W_STEP
# between two steps of an activation (`ib_windows=every_step`, step_windows.py).
W_AFTER_DECLARE: Final = 0
W_AFTER_RESOLVE: Final = 1
W_BETWEEN: Final = 2
W_STEP: Final = 3
WINDOW_NAMES = ("after_declare", "after_resolve", "between", "step")

# BREAK stages.
B_WAITING: Final = 0
B_RETURN: Final = 1
BREAK_STAGE_NAMES = ("waiting", "return")
