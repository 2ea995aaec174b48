"""The table companion: Initiative Break played with printed cards, kept by the engine.

The table enters its units by their printed stats (`TableUnit`) and then what happened
("Kaede dealt 3 to Ember", "Ember Move Up 2", "Ember declares an Initiative Break");
`Companion` keeps the Initiative Track, the Round Marker, rounds, Time Collapse,
Initiative Break windows, statuses, Charge and HP on a real `IBState`, by calling the
engine's own rule functions (`activation`, `rounds`, `breaks`, `damage`, `effects`,
`charge`, `windows`). No card text is read: the units have no printed clauses, no deck
and no abilities; the table resolves its cards and enters their effects.

Every change is one *operation* (a small tuple, `Op`), recorded in `ops`; a saved
companion is its units, house rules and operations, replayed on load (the engine is
deterministic and no operation rolls). The log is the engine's own event log, each
event told by `events.render` with the rule id `RULE_OF` gives its kind.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from initiative.engine.errors import ContentError
from initiative.engine.rng import make_rng
from initiative.games.ib import (
    activation,
    attacks,
    breaks,
    damage,
    effects,
    events,
    rounds,
    windows,
)
from initiative.games.ib import statuses as st
from initiative.games.ib.actions import K_ADVANCED, K_BASIC, K_BREAK_ART, K_KEYSTONE
from initiative.games.ib.active import active_unit, breaking_unit
from initiative.games.ib.charge import gain_charge
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.frames import (
    ACTION,
    ACTIVATION,
    B_RETURN,
    B_WAITING,
    BREAK,
    F_ENDED,
    F_STUNNED,
    NEXT,
    NEXT_FRAME,
    ST_ACTION,
    ST_END,
    ST_START,
    W_AFTER_RESOLVE,
    W_BETWEEN,
    WINDOW,
    ActivationFrame,
    BreakFrame,
    WindowFrame,
)
from initiative.games.ib.match import Match, SeatSetup
from initiative.games.ib.specs import CharacterSpec, Content
from initiative.games.ib.state import IBState
from initiative.timing.setup_order import SetupEntry, SetupTieError, setup_order
from initiative.timing.track import InitiativeTrack

__all__ = ["ACTION_KINDS", "RULE_OF", "Companion", "CompanionError", "TableUnit"]


class CompanionError(ValueError):
    """The rules refuse an entry, or it names something unknown; nothing changed."""


@dataclass(frozen=True, slots=True)
class TableUnit:
    """A Character as printed (IB 2.2): its name, HP, Speed and Initiative, the side
    (team) it fights for and the player (seat) controlling it (default: the side)."""

    name: str
    side: str
    hp: int
    speed: int
    initiative: int
    player: str = ""

    @property
    def seat(self) -> str:
        return self.player or self.side


ACTION_KINDS: dict[str, int] = {"basic": K_BASIC, "advanced": K_ADVANCED,
                                "break_art": K_BREAK_ART, "keystone": K_KEYSTONE}
"""The attacks whose Charge cost the engine knows (IB 4.1.1 free, IB 4.2.1 one, IB 4.3.1
all three; AMB-41 a Keystone ability); any other action (a card, a pass) costs none."""

RULE_OF: dict[int, str] = {
    events.SETUP: "IB 2.9.4", events.SETUP_DRAW: "IB 2.9.4", events.ACT_START: "IB 3.1.2",
    events.BURN: "IB 5.2.1",
    events.STUNNED: "IB 5.2.7", events.SEALED: "IB 5.2.5", events.MUTED: "IB 5.2.4",
    events.DECLARE: "IB 4.1", events.PASS: "IB 4.9", events.DAMAGE: "IB 5.2",
    events.HEAL: "IB 5.2.9", events.STATUS: "IB 5.1", events.CLEANSE: "IB 5.2.8",
    events.MOVE: "IB 3.4", events.DEFER: "IB 3.4.6", events.CHARGE: "IB 3.7.1",
    events.MOVEMENT: "IB 3.3.1", events.RM_STEP: "IB 3.5.2", events.ROUND: "IB 3.5.4",
    events.IB_DECLARE: "IB 3.7.5", events.IB_CANCEL: "IB 3.7.6",
    events.IB_JUMP: "IB 3.7.6", events.IB_RETURN: "IB 3.7.6", events.DEFEAT: "IB 3.5.6",
    events.COLLAPSE: "IB 3.6.1", events.RESULT: "IB 3.6.5", events.RM_RESTORED: "R5",
    events.DEFER_DROP: "AMB-05", events.FIZZLE: "IB 3.8", events.NO_SUMMON: "IB 2.5.4",
}
"""The rule each logged change follows (../shared/IB-RULINGS.md)."""

Op = tuple[Any, ...]
"""One recorded operation: its name, then its arguments (plain data)."""

_SUPPORTED_WINDOWS = "action_and_between"


class Companion:
    """Units by printed stats, then the table's entries, on the engine's rules."""

    def __init__(self, config: RulesConfig | None = None,
                 units: list[TableUnit] | None = None) -> None:
        self.config = config or RulesConfig()
        if self.config.ib_windows != _SUPPORTED_WINDOWS:
            raise CompanionError(f"the companion opens Break windows as the table calls them: "
                                 f"ib_windows must be {_SUPPORTED_WINDOWS!r}")
        self.units: list[TableUnit] = list(units or [])
        self.ops: list[Op] = []
        self.state: IBState | None = None
        self.lines: list[str] = []
        """The log: every engine event told with its rule id, and the table's notes."""
        self._seen = 0

    # ------------------------------------------------------------------ roster

    def add(self, unit: TableUnit) -> None:
        """A unit joins the roster before the battle starts (IB 2.9 steps 1-2)."""
        if self.state is not None:
            raise CompanionError("the battle has started: units are added before 'start'")
        if any(u.name.lower() == unit.name.lower() for u in self.units):
            raise CompanionError(f"there is already a unit called {unit.name!r}")
        if unit.hp < 1 or unit.speed < 1 or unit.initiative < 0:
            raise CompanionError(f"{unit.name}: HP and Speed must be at least 1, "
                                 "Initiative at least 0")
        self.units.append(unit)

    def remove_from_roster(self, name: str) -> None:
        if self.state is not None:
            raise CompanionError("the battle has started: use 'defeat NAME' instead")
        self.units.pop(self._roster_index(name))

    def _roster_index(self, name: str) -> int:
        for i, u in enumerate(self.units):
            if u.name.lower() == name.lower():
                return i
        raise CompanionError(f"no unit called {name!r} (known: "
                             f"{', '.join(u.name for u in self.units) or 'none'})")

    def _match(self) -> Match:
        """The roster as an engine `Match`: one seat per player, teams by side."""
        sides: list[str] = []
        seats: dict[str, list[TableUnit]] = {}
        for u in self.units:
            if u.side not in sides:
                sides.append(u.side)
            seats.setdefault(u.seat, []).append(u)
        characters = {u.name.lower(): CharacterSpec(
            u.name.lower(), u.name, "", 0, u.initiative, u.speed, u.hp, (), (), (), ())
            for u in self.units}
        content = Content(characters, (), {}, {}, {})
        setups = tuple(SeatSetup(seat, sides.index(group[0].side),
                                 tuple(u.name.lower() for u in group), ())
                       for seat, group in seats.items())
        try:
            return Match(content, self.config, setups)
        except ContentError as exc:
            raise CompanionError(str(exc)) from None

    # ------------------------------------------------------------------ reading

    def started(self) -> IBState:
        if self.state is None:
            raise CompanionError("the battle has not started: add units, then 'start'")
        return self.state

    def unit(self, name: str) -> int:
        """The engine unit called `name` (case-insensitive)."""
        return self.unit_in(self.started().match, name)

    def name(self, unit: int) -> str:
        return self.started().match.units[unit].name

    def active(self) -> int:
        """The unit whose activation runs (IB 3.1.2), or -1."""
        return active_unit(self.state) if self.state is not None else -1

    def breaking(self) -> int:
        return breaking_unit(self.state) if self.state is not None else -1

    def _tell(self, note: str = "") -> None:
        """Log the engine events not told yet (and `note` first, if any)."""
        if note:
            self.lines.append(note)
        if self.state is None:
            return
        state = self.state
        found = state.events()[self._seen:]
        self._seen = state.log_len
        self.lines += [sentence(state.match, e) for e in found if e[0] in RULE_OF]

    # ------------------------------------------------------------------ operations

    def apply(self, op: Op) -> None:
        """Run one operation. CompanionError when the rules refuse it; the state may
        then be part-changed, so callers apply to a `clone` and adopt it on success."""
        name, *args = op
        handler = getattr(self, f"_op_{name}", None)
        if handler is None:
            raise CompanionError(f"unknown operation {name!r}")
        if name != "start":
            state = self.started()
            if state.result is not None:
                raise CompanionError("the battle is over (undo to go back)")
        note = handler(*args)
        self.ops.append(tuple(op))
        self._tell(note or "")

    def _op_start(self, agreed: list[str]) -> None:
        """IB 2.9 steps 4-5: lowest Initiative leftmost, ties by Speed, HP, name (AMB-92)
        or the table's order; the RM at the far right; Time Collapse at setup (AMB-24)."""
        if self.state is not None:
            raise CompanionError("the battle has already started")
        match = self._match()
        state = IBState(match, make_rng(0))
        entries = [SetupEntry(u, s.initiative, s.speed, s.hp, s.name, s.title)
                   for u, s in enumerate(match.units)]
        order = [self.unit_in(match, n) for n in agreed] if agreed else None
        try:
            track = setup_order(entries, match.track_rules, order)
        except SetupTieError as exc:
            raise CompanionError(f"{exc}: give the order, e.g. 'start NAME NAME ...' "
                                 "(AMB-92)") from None
        except ValueError as exc:
            raise CompanionError(str(exc)) from None
        state.track = InitiativeTrack(track, match.track_rules)
        state.emit((events.SETUP, *track))
        if self.config.time_collapse_at_setup:
            rounds.check_time_collapse(state, effects.fire)
        state.stack.append(NEXT_FRAME)  # the idle point before the first activation
        self.state = state

    @staticmethod
    def unit_in(match: Match, name: str) -> int:
        """The unit of `match` called `name` (case-insensitive)."""
        for u, spec in enumerate(match.units):
            if spec.name.lower() == name.lower():
                return u
        raise CompanionError(f"no unit called {name!r} (known: "
                             f"{', '.join(s.name for s in match.units)})")

    def _op_next(self) -> None:
        """IB 3.0.1 / 3.1.2: the leftmost unit begins an activation; its Status Check
        resolves Burn, Stun, Seal and Mute (IB 3.2.2, IB 5.3)."""
        state = self.started()
        idle = state.stack[-1]
        if idle.tag != NEXT or len(state.stack) != 1:
            raise CompanionError(self._busy())
        activation.next_step(state)  # pops the idle frame, pushes the activation
        if state.result is not None or not state.stack:
            return
        frame = state.stack[-1]
        assert frame.tag == ACTIVATION
        unit = frame.unit
        if state.status[unit] & st.START_OF_ACTIVATION_MASK:
            activation._status_check(state, unit, frame.flags)  # IB 3.2.2
        self._settle()
        base = state.stack[0] if state.stack else None
        if base is not None and base.tag == ACTIVATION and not base.flags & F_ENDED \
                and base.step <= ST_START:
            # IB 3.2.4-3.2.5: the table draws; the action is next (a Stun skips it, AMB-09)
            stage = ST_END if base.flags & F_STUNNED else ST_ACTION
            state.stack[0] = ActivationFrame(unit, stage, base.flags)

    def _busy(self) -> str:
        state = self.started()
        top = state.stack[-1]
        if top.tag == BREAK:
            return f"{self.name(top.unit)}'s Initiative Break is resolving: 'break end' first"
        who = self.active()
        if who < 0:
            return "an Initiative Break is waiting to resolve"
        return f"{self.name(who)} is acting: end its activation first ('end')"

    def _op_end(self) -> None:
        """IB 3.2.7-3.2.8, 3.3, 3.4.6, 3.5.2: the active unit's activation ends: Movement
        by Speed, its deferred moves, then the Round Marker steps left."""
        state = self.started()
        base = state.stack[0]
        if base.tag != ACTIVATION:
            raise CompanionError("nobody is acting: 'next' starts the next activation")
        if state.stack[-1] is not base:
            raise CompanionError(self._busy())
        if base.step < ST_END:
            base = ActivationFrame(base.unit, ST_END, base.flags)
            state.stack[0] = base
        activation.step(state, base)
        self._between()

    def _between(self) -> None:
        """After an activation: the idle point; a RM at the far left ends the round
        (AMB-18)."""
        state = self.started()
        if not state.stack and state.result is None:
            rounds.idle_round_check(state, effects.fire)
            state.stack.append(NEXT_FRAME)

    def _close_ended(self) -> None:
        """An activation ended early (its unit defeated, AMB-13, or broke, AMB-34): its
        Round Marker step still follows (IB 3.5.2)."""
        state = self.started()
        top = state.stack[-1] if state.stack else None
        if state.result is None and top is not None and top.tag == BREAK \
                and top.stage == B_RETURN and not state.on_track(top.unit):
            breaks.break_step(state, top)  # IB 3.7.6: a defeated breaker never returns
            after = state.stack[-1]
            if after.tag == BREAK and after.stage == B_WAITING:
                self._op_jump()  # the next declared Break (IB 3.7.8)
                return
        if state.result is None and len(state.stack) == 1:
            base = state.stack[0]
            if base.tag == ACTIVATION and base.flags & F_ENDED:
                activation.step(state, base)
                self._between()

    def _settle(self) -> None:
        """AMB-56: defeats at 0 HP, victory, Time Collapse; then an ended activation."""
        effects.settle(self.started())
        self._close_ended()

    def _acting(self, unit: int) -> None:
        """Only the active unit acts (IB 3.2.5), once (IB 3.2.6)."""
        state = self.started()
        base = state.stack[0]
        if base.tag != ACTIVATION or base.flags & F_ENDED or base.unit != unit:
            who = self.active()
            now = f"{self.name(who)} is acting" if who >= 0 else "nobody is acting ('next')"
            raise CompanionError(f"{self.name(unit)} is not the active unit: {now} (IB 3.2.5)")
        if base.step != ST_ACTION:
            why = "is Stunned (IB 5.2.7)" if base.flags & F_STUNNED else \
                "has taken its action (IB 3.2.6)"
            raise CompanionError(f"{self.name(unit)} {why}")

    def _op_act(self, actor: int, kind: str, free: bool = False) -> str | None:
        """The active unit declares its action: an attack pays its Charge (IB 4.2.1,
        4.3.1); a Break Art within its own Initiative Break was paid for (IB 3.7.6).
        `free`: an action that is not the activation's one (AMB-48, AMB-42)."""
        state = self.started()
        self._check_unit(actor)
        if kind == "break_art" and actor == self.breaking():
            return None
        self._acting(actor)
        code = ACTION_KINDS.get(kind)
        if code is not None:
            need = {K_ADVANCED: 1, K_BREAK_ART: 3}.get(code, 0)
            if code == K_KEYSTONE and self.config.keystone_ability_cost == "one_charge":
                need = 1  # AMB-41
            if state.charge[actor] < need:
                raise CompanionError(f"{self.name(actor)} has {state.charge[actor]} Charge; "
                                     f"that attack needs {need} (IB 4.2.1, 4.3.1)")
            attacks._pay(state, actor, code)
            if code != K_KEYSTONE:
                state.emit((events.DECLARE, actor, code))
        elif kind == "pass":
            state.emit((events.PASS, actor))
        base = state.stack[0]
        if not free and base.tag == ACTIVATION:
            state.stack[0] = ActivationFrame(actor, ST_END, base.flags)
        if code is None and kind != "pass":
            return f"{self.name(actor)} plays {kind} (IB 4.4-4.8): the table resolves it."
        return None

    def _check_unit(self, unit: int) -> None:
        state = self.started()
        if not 0 <= unit < state.match.num_characters:
            raise CompanionError(f"no unit {unit}")
        if not state.on_track(unit):
            raise CompanionError(f"{self.name(unit)} has been defeated (IB 3.5.6)")

    def _op_damage(self, source: int, target: int, amount: int, insight: int | None) -> None:
        """IB 5.2: the dealer's Insight (+1 each, IB 5.2.2), the target's Weaken (+2,
        IB 5.2.6) and Guard (halves, IB 5.2.3) in the AMB-51 order. A unit at 0 HP
        leaves when the effect has resolved (`settle`, AMB-56)."""
        state = self.started()
        self._check_unit(target)
        if amount < 0:
            raise CompanionError("damage must be 0 or more")
        if source >= 0:
            self._check_unit(source)
            bonus = damage.take_insight(state, source) if insight is None else insight
            if insight is not None:
                state.status[source] = st.clear(state.status[source], st.INSIGHT)
        else:
            bonus = 0
        damage.deal(state, source, target, amount + bonus, insight=bonus)

    def _op_settle(self) -> None:
        """AMB-56: the effect has resolved for all its targets: units at 0 HP leave the
        track (IB 3.5.6), then victory (IB 3.6.5) and Time Collapse (IB 3.6.1)."""
        self._settle()

    def _op_heal(self, target: int, amount: int) -> None:
        """IB 5.2.9: HP back, never above the printed HP (AMB-59)."""
        self._check_unit(target)
        damage.heal(self.started(), target, amount)

    def _op_status(self, target: int, status: int) -> None:
        """IB 5.1: one instance of a status (AMB-54 stacking)."""
        self._check_unit(target)
        damage.apply_status(self.started(), target, status)

    def _op_cleanse(self, target: int, status: int) -> None:
        """IB 5.2.8: one named status (every instance), or all (-1)."""
        self._check_unit(target)
        state = self.started()
        if status < 0:
            damage.cleanse_all(state, target)
        elif not st.count(state.status[target], status):
            raise CompanionError(f"{self.name(target)} has no {st.NAMES[status]}")
        else:
            damage.cleanse(state, target, status)

    def _op_charge(self, unit: int, amount: int) -> None:
        """IB 3.7.1-3.7.3: Charge 0 to 3; the excess is lost (AMB-38)."""
        self._check_unit(unit)
        gain_charge(self.started(), unit, amount)

    def _op_move(self, unit: int, amount: int) -> None:
        """IB 3.4: Move Up (amount < 0) / Move Back (> 0); the active unit's wait for its
        Movement Step (IB 3.4.6); OOR units stay (IB 3.4.5)."""
        self._check_unit(unit)
        if not amount:
            raise CompanionError("a move needs an amount of at least 1")
        effects.move(self.started(), unit, amount)

    def _op_defeat(self, units: list[int]) -> None:
        """Units leave the track together for a reason the table names (IB 3.5.6; a
        deck-out, IB 2.8.6); then victory and Time Collapse (AMB-24)."""
        state = self.started()
        for unit in units:
            self._check_unit(unit)
        for unit in units:
            damage.remove_unit(state, unit)
        effects.after_removal(state)
        self._close_ended()

    def _op_break(self, units: list[int], jump: bool = True) -> None:
        """IB 3.7.5: units with 3 Charge declare Initiative Breaks together (AMB-30,
        AMB-33, AMB-34 say who may and when Charge is paid); the last declared resolve
        first, a simultaneous batch by Speed (IB 3.7.8-3.7.9, AMB-31). With `jump` the
        first jumps to the far left at once (IB 3.7.6) and its Break Art is next."""
        state = self.started()
        if not units or len(set(units)) != len(units):
            raise CompanionError("name each unit that breaks once")
        declared = []
        base = state.stack[0]
        last = next((op for op in reversed(self.ops) if op[0] != "settle"), None)
        if base.tag == ACTIVATION and last is not None and last[0] == "act" \
                and last[1] == base.unit and last[2] != "pass":
            # IB 3.7.5: right after declaring its action (an attack, a card), before the
            # table resolves it, the active unit may break instead: it has not yet acted
            state.stack[0] = ActivationFrame(base.unit, ST_ACTION, base.flags)
        try:
            for unit in units:
                self._check_unit(unit)
                seat = state.match.unit_seat[unit]
                if unit not in windows.eligible(state, seat):
                    raise CompanionError(self._why_not_break(unit))
                declared.append((seat, unit))
        finally:
            state.stack[0] = base
        kind = W_BETWEEN if state.stack[0].tag == NEXT else W_AFTER_RESOLVE
        window = WindowFrame(kind, (), tuple(declared))
        state.stack.append(window)
        breaks.window_step(state, window)  # reveal, pay (AMB-33), queue
        while state.stack[-1].tag == WINDOW:  # the table, not the engine, asks again
            state.stack.pop()
        if jump:
            self._op_jump()

    def _op_jump(self) -> None:
        """IB 3.7.6: the next declared Break resolves: its unit jumps to the far left
        (a defeated unit's, or one short of Charge under AMB-33 `resolution`, is
        cancelled); the table then resolves its Break Art."""
        state = self.started()
        top = state.stack[-1]
        if top.tag != BREAK or top.stage != B_WAITING:
            raise CompanionError("no declared Initiative Break is waiting")
        while top.tag == BREAK and top.stage == B_WAITING:
            breaks.break_step(state, top)
            if state.stack[-1].tag == ACTION:  # the Break Art: the table resolves it
                state.stack.pop()
            top = state.stack[-1]
        self._close_ended()

    def _why_not_break(self, unit: int) -> str:
        state = self.started()
        name = self.name(unit)
        if state.charge[unit] < 3:
            return f"{name} has {state.charge[unit]} Charge; a Break needs 3 (IB 3.7.5)"
        if st.count(state.status[unit], st.SEAL):
            return f"{name} is Sealed (IB 5.2.5, AMB-17)"
        if state.track.is_out_of_round(unit) and not self.config.ib_allowed_out_of_round:
            return f"{name} is out of round (AMB-30)"
        if unit == self.active():
            return f"{name} is the active unit and has acted, or may not break (IB 3.7.5, " \
                "AMB-34)"
        return f"{name} may not declare an Initiative Break now (IB 3.7.5)"

    def _op_break_end(self) -> None:
        """IB 3.7.6-3.7.7: the Break Art is resolved; the unit goes to the far right
        (AMB-29); breaking in its own activation ends it (AMB-34); else the RM may step
        (AMB-21)."""
        state = self.started()
        top = state.stack[-1]
        if top.tag != BREAK or top.stage != B_RETURN:
            raise CompanionError("no Initiative Break is resolving")
        breaks.break_step(state, BreakFrame(top.unit, B_RETURN, top.was_oor))
        top = state.stack[-1]
        if state.result is None and top.tag == BREAK and top.stage == B_WAITING:
            self._op_jump()  # the next declared Break (IB 3.7.8)
        else:
            self._close_ended()

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.config.to_dict(only_changed=True),
                "units": [asdict(u) for u in self.units],
                "ops": [list(op) for op in self.ops]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Companion:
        """Rebuild by replaying the operations; CompanionError/ValueError if damaged."""
        config = RulesConfig.from_dict(dict(data.get("rules", {})))
        units = [TableUnit(**dict(u)) for u in data["units"]]
        companion = cls(config, units)
        for op in data["ops"]:
            companion.apply(tuple(op))
        return companion

    def clone(self) -> Companion:
        copy = Companion.__new__(Companion)
        copy.config = self.config
        copy.units = list(self.units)
        copy.ops = list(self.ops)
        copy.state = self.state.clone() if self.state is not None else None
        if copy.state is not None:
            copy.state.log = list(copy.state.events())
        copy.lines = list(self.lines)
        copy._seen = self._seen
        return copy


def sentence(match: Match, event: events.Event) -> str:
    """One logged change with the rule it follows."""
    return f"{events.render(event, match)} [{RULE_OF[event[0]]}]"
