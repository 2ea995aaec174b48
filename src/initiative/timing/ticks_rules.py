"""House-rule switches, errors and plain records of the tick-initiative model.

Compatible with the Exalted-style combat turn order of seed ``001_1d815eeea3c83d89``.
Each :class:`TickRules` field mirrors the flag of the same name in
../shared/OTHER-RULINGS.md section 2b (the EX-An entry is named beside it); the
default is the one printed in bold there. Rule ids EX-n cite section 2a.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from initiative.engine.errors import IllegalActionError
from initiative.timing.flag_types import flag_problems

__all__ = [
    "CharacterSheet",
    "Contest",
    "ContestSide",
    "Effect",
    "Fighter",
    "LedgerEntry",
    "LogEntry",
    "NotAllowedError",
    "TickError",
    "TickRules",
    "Turn",
    "UnknownCharacterError",
    "WrongPhaseError",
]

CrashRecoveryInitiative = Literal["base", "fixed_3", "unchanged"]
TurnOrderMode = Literal["dynamic", "snapshot_at_round_start"]
TieBreak = Literal["gm_then_roster", "higher_join_battle_successes", "simultaneous"]
HeldTurnExpires = Literal["end_of_round", "never"]
WitheringTransfer = Literal["manual"]
RecoveryBonusAttackScope = Literal["own_turn", "since_last_turn"]
EffectAnchorDefault = Literal["affected", "source"]
ContestTie = Literal["again", "first_named_wins"]
Duration = Literal["one_turn", "until_end_of_next_turn", "until_removed"]
DURATIONS: tuple[Duration, ...] = ("one_turn", "until_end_of_next_turn", "until_removed")


class TickError(IllegalActionError, ValueError):
    """A tick-initiative command was refused; the state is unchanged."""


class UnknownCharacterError(TickError):
    """The command named a character that is not on the roster."""


class WrongPhaseError(TickError):
    """The command is not allowed in the current phase or at this point of a turn."""


class NotAllowedError(TickError):
    """The rules (or the active house rules) forbid the command."""


@dataclass(frozen=True, slots=True)
class TickRules:
    """Readings of the unclear points EX-A1..EX-A19 (one field per flag)."""

    crash_at_or_below: int = 0  # EX-A1
    crash_recovery_initiative: CrashRecoveryInitiative = "base"  # EX-A2
    crash_ends_when_initiative_recovers: bool = True  # EX-A3
    turn_order_mode: TurnOrderMode = "dynamic"  # EX-A4
    tie_break: TieBreak = "gm_then_roster"  # EX-A5
    skip_turns_at_or_below_zero: bool = False  # EX-A6
    spending_may_cause_crash: bool = True  # EX-A7
    held_turn_expires: HeldTurnExpires = "end_of_round"  # EX-A8
    held_turn_can_interrupt: bool = False  # EX-A8
    flurry_penalty: int = 3  # EX-A9
    max_actions_per_turn: int = 2  # EX-A9
    flurry_carryover_lapses: bool = True  # EX-A9
    flurry_forbid_two_attacks: bool = False  # EX-A9
    withering_transfer: WitheringTransfer = "manual"  # EX-A10
    decisive_reset_on_miss: bool = True  # EX-A10
    decisive_allowed_while_crashed: bool = False  # EX-A11
    crash_bonus_initiative: int = 0  # EX-A12
    jb_die_sides: int = 10  # EX-A13
    jb_success_at: int = 7  # EX-A13
    jb_double_at: int | None = 10  # EX-A13 (None disables doubles)
    recovery_bonus_attack_scope: RecoveryBonusAttackScope = "own_turn"  # EX-A14
    effect_anchor_default: EffectAnchorDefault = "affected"  # EX-A15
    late_joiner_acts_this_round: bool = True  # EX-A16
    adrenaline_motes: int = 5  # EX-A17
    cap_motes_at_pool_max: bool = True  # EX-A17
    allow_double_substitution: bool = True  # EX-A19
    show_npc_initiative_to_players: bool = True  # section 2d
    contest_tie: ContestTie = "again"  # EX-1 (ours: docs/rules-interpretations.md)

    def __post_init__(self) -> None:
        choices: dict[str, tuple[object, ...]] = {
            "crash_recovery_initiative": ("base", "fixed_3", "unchanged"),
            "turn_order_mode": ("dynamic", "snapshot_at_round_start"),
            "tie_break": ("gm_then_roster", "higher_join_battle_successes", "simultaneous"),
            "held_turn_expires": ("end_of_round", "never"),
            "withering_transfer": ("manual",),
            "recovery_bonus_attack_scope": ("own_turn", "since_last_turn"),
            "effect_anchor_default": ("affected", "source"),
            "contest_tie": ("again", "first_named_wins"),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise TickError(
                    f"TickRules.{name} must be one of {allowed}, got {getattr(self, name)!r}"
                )
        if self.jb_die_sides < 1:
            raise TickError(f"TickRules.jb_die_sides must be >= 1, got {self.jb_die_sides}")
        if not 1 <= self.jb_success_at <= self.jb_die_sides:
            raise TickError(
                f"TickRules.jb_success_at must be in 1..{self.jb_die_sides}, "
                f"got {self.jb_success_at}"
            )
        if self.jb_double_at is not None and not 1 <= self.jb_double_at <= self.jb_die_sides:
            raise TickError(f"TickRules.jb_double_at must be in 1..{self.jb_die_sides} or None")
        if self.max_actions_per_turn < 1:
            raise TickError("TickRules.max_actions_per_turn must be >= 1")
        for name in ("flurry_penalty", "crash_bonus_initiative", "adrenaline_motes"):
            if getattr(self, name) < 0:
                raise TickError(f"TickRules.{name} must be >= 0")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TickRules:
        problems = flag_problems(cls, data)
        if problems:
            raise TickError("tick-initiative house rules: " + "; ".join(problems))
        return cls(**data)


@dataclass(frozen=True, slots=True)
class CharacterSheet:
    """What the roster knows of a character (section 2d): PC/NPC, Stamina (EX-6), the
    Join Battle attributes (EX-9..EX-11) and an optional mote pool (EX-25)."""

    name: str
    player: bool = False
    stamina: int = 0
    wits: int = 0
    awareness: int = 0
    stealth: int = 0
    manipulation: int = 0
    mote_max: int | None = None
    motes: int | None = None  # starting motes; None = a full pool

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise TickError(f"character name must be a non-empty string, got {self.name!r}")
        for attr in ("stamina", "wits", "awareness", "stealth", "manipulation"):
            v = getattr(self, attr)
            if not isinstance(v, int) or v < 0:
                raise TickError(f"{self.name}: {attr} must be an int >= 0, got {v!r}")
        if self.mote_max is not None and self.mote_max < 0:
            raise TickError(f"{self.name}: mote_max must be >= 0 or None")
        if self.motes is not None and (
            self.mote_max is None or not 0 <= self.motes <= self.mote_max
        ):
            raise TickError(f"{self.name}: starting motes must be in 0..mote_max")

    @property
    def base_initiative(self) -> int:
        """EX-6: 2 + Stamina / 2 rounded up."""
        return 2 + (self.stamina + 1) // 2


@dataclass(frozen=True, slots=True)
class Fighter:
    """A roster entry's changing status. ``done`` is this round's fate of its turn:
    "" (not yet), "acted", "lapsed" (held turn lost), "skipped" or "late"."""

    sheet: CharacterSheet
    joined: bool = False
    jb_successes: int | None = None
    initiative: int = 0
    crashed: bool = False
    tokens: int = 0
    motes: int | None = None
    free_action_done: bool = False
    holding: bool = False
    done: str = ""
    flurry_carry_round: int | None = None
    pending_move: bool = False
    attacked_since_last_turn: bool = False
    out: bool = False
    worthy: bool = True  # EX-1: False keeps it out of the turn order (settled by contest)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Fighter:
        d = dict(data)
        d["sheet"] = CharacterSheet(**d["sheet"])
        return cls(**d)


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn in progress (EX-16): actions used, whether it attacked, moved, flurried."""

    name: str
    actions: int = 0
    attacked: bool = False
    moved: bool = False
    flurried: bool = False


@dataclass(frozen=True, slots=True)
class Effect:
    """A timed effect (EX-19, EX-22, EX-24, EX-A15). ``armed`` marks an
    until-the-end-of-next-turn effect whose anchor has started a turn since it was
    applied; ``start_initiative`` is an Initiative change at start-of-turn step 4."""

    id: int
    label: str
    affected: str
    anchor: str
    duration: Duration
    source: str | None = None
    armed: bool = False
    start_initiative: int = 0


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One Initiative change with its cause; a character's deltas sum to its Initiative."""

    seq: int
    round: int
    name: str
    delta: int
    kind: str
    cause: str
    after: int


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One explained state change, e.g. "Brute -4i (withering by Ryo) -> 3i".

    ``public`` is the players' reading when ``text`` shows an NPC's Initiative, Stamina
    or Join Battle roll; players get it when the house rule hides NPC values (section
    2d, ``show_npc_initiative_to_players``)."""

    seq: int
    round: int
    kind: str
    text: str
    public: str | None = None


@dataclass(frozen=True, slots=True)
class ContestSide:
    """One side of an EX-1 contested roll: its successes, and the dice when rolled
    (``pool`` dice of Wits + Awareness) rather than typed by the GM."""

    name: str
    successes: int
    pool: int | None = None
    faces: tuple[int, ...] | None = None

    def to_list(self) -> list[Any]:
        return [self.name, self.successes, self.pool,
                None if self.faces is None else list(self.faces)]

    @classmethod
    def from_list(cls, row: list[Any]) -> ContestSide:
        name, successes, pool, faces = row
        return cls(str(name), int(successes), None if pool is None else int(pool),
                   None if faces is None else tuple(int(f) for f in faces))


@dataclass(frozen=True, slots=True)
class Contest:
    """EX-1: a conflict with a foe who is not worthy, settled by one contested roll and
    no turn order; ``winner`` is None on a tie under ``contest_tie="again"``."""

    seq: int
    round: int
    first: ContestSide
    second: ContestSide
    winner: str | None

    def to_list(self) -> list[Any]:
        return [self.seq, self.round, self.first.to_list(), self.second.to_list(),
                self.winner]

    @classmethod
    def from_list(cls, row: list[Any]) -> Contest:
        seq, rnd, first, second, winner = row
        return cls(int(seq), int(rnd), ContestSide.from_list(first),
                   ContestSide.from_list(second), None if winner is None else str(winner))
