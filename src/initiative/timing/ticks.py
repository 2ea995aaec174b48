"""Tick initiative for a game master's tracker, usable alone (no I/O, no printing).

Compatible with the Exalted-style combat turn order of seed ``001_1d815eeea3c83d89``.
Rule ids EX-n and ambiguity ids EX-An cite ../shared/OTHER-RULINGS.md section 2;
house-rule flags live in :class:`~initiative.timing.ticks_rules.TickRules`.

:class:`TickTracker` is a plain-data state object. Every public command validates and
applies atomically (it works on a clone and adopts it only on success), so a refused
command raises a :class:`TickError` and changes nothing. Each command returns the log
entries it added; every Initiative change is also a :class:`LedgerEntry`.

Phases: ``"join"`` (roster and Join Battle), ``"free_actions"`` (EX-12/13),
``"combat"`` (rounds of turns, EX-14..EX-26) and ``"over"``.

This module holds the roster and Join Battle commands and the commands of a turn
(actions, attacks, costs); the class is built from :mod:`~initiative.timing.ticks_state`
(data, copying, JSON, queries, internals) and :mod:`~initiative.timing.ticks_turns`
(rounds, start- and end-of-turn steps, effect timers).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from initiative.engine.rng import SplitMix64
from initiative.timing.ticks_rules import (
    CharacterSheet,
    Contest,
    ContestSide,
    Fighter,
    NotAllowedError,
    TickError,
    TickRules,
    UnknownCharacterError,
    WrongPhaseError,
)
from initiative.timing.ticks_state import _atomic
from initiative.timing.ticks_turns import TickTurnsMixin

__all__ = [
    "CharacterSheet",
    "NotAllowedError",
    "TickError",
    "TickRules",
    "TickTracker",
    "UnknownCharacterError",
    "WrongPhaseError",
    "roll_join_battle",
]


def roll_join_battle(rng: SplitMix64, pool: int, rules: TickRules) -> tuple[int, list[int]]:
    """EX-8/EX-A13: roll ``pool`` dice; successes at ``jb_success_at``+, doubles at
    ``jb_double_at``+. Returns (successes, faces)."""
    faces = [rng.roll(rules.jb_die_sides) for _ in range(max(pool, 0))]
    hits = 0
    for f in faces:
        if rules.jb_double_at is not None and f >= rules.jb_double_at:
            hits += 2
        elif f >= rules.jb_success_at:
            hits += 1
    return hits, faces



def _successes(n: int) -> str:
    """``1 success``, ``3 successes``."""
    return f"{n} success" if n == 1 else f"{n} successes"

class TickTracker(TickTurnsMixin):
    """Roster, ledger, turn order, Crash and effect timers of one combat."""

    __slots__ = ()

    def __init__(
        self,
        rules: TickRules | None = None,
        roster: Iterable[CharacterSheet] = (),
        seed: int = 0,
    ) -> None:
        self.rules = rules if rules is not None else TickRules()
        self.fighters = {}
        self.phase = "join"
        self.round = 0
        self.turns = []
        self.effects = []
        self.next_effect_id = 1
        self.snapshot = {}
        self.tie_order = []
        self.rng_state = SplitMix64(seed).state
        self.ledger = []
        self.log = []
        self.contests = []
        self.up = None
        for sheet in roster:
            self.add_character(sheet)

    # ------------------------------------------------------------------ roster / join

    @_atomic
    def add_character(self, sheet: CharacterSheet) -> None:
        """Add to the roster (section 2d); during combat this is a late joiner (EX-A16)."""
        self._need_phase("join", "free_actions", "combat")
        if sheet.name in self.fighters:
            raise NotAllowedError(f"a character named {sheet.name!r} is already on the roster")
        motes = sheet.mote_max if sheet.motes is None else sheet.motes
        self.fighters[sheet.name] = Fighter(sheet, motes=motes)
        kind = "PC" if sheet.player else "NPC"
        late = " (late joiner)" if self.phase != "join" else ""
        self._say(
            "roster",
            f"{sheet.name} ({kind}, Stamina {sheet.stamina}, base "
            f"{sheet.base_initiative}i) joins the roster{late}",
            None if sheet.player else f"{sheet.name} (NPC) joins the roster{late}",
        )

    @_atomic
    def remove_character(self, name: str, cause: str) -> None:
        """The GM takes a character out of the fight (killed, fled); its ledger stays."""
        f = self.fighter(name)
        if any(t.name == name for t in self.turns):
            raise WrongPhaseError(f"{name} is in the middle of a turn")
        if f.out:
            raise NotAllowedError(f"{name} has already left the combat")
        self._set(name, out=True, holding=False)
        self._say("roster", f"{name} leaves the combat ({cause})")

    def join_pool(self, name: str, stealth: bool = False, manipulation: bool = False) -> int:
        """EX-9..EX-11, EX-A19: (Wits or Manipulation) + (Awareness or Stealth)."""
        s = self.fighter(name).sheet
        if stealth and manipulation and not self.rules.allow_double_substitution:
            raise NotAllowedError(
                f"{name}: Stealth and Manipulation cannot both replace "
                "(allow_double_substitution=False)"
            )
        return (s.manipulation if manipulation else s.wits) + (
            s.stealth if stealth else s.awareness
        )

    def _roll(self, name: str, pool: int, pool_text: str,
              need_dice: bool = False) -> tuple[int, list[int]]:
        """Roll ``pool`` dice with the seeded dice (EX-A13). With ``need_dice`` a pool of
        0 dice (a mook entered without its attributes) is refused: type the successes."""
        if need_dice and pool <= 0:
            raise NotAllowedError(
                f"{name} has no {pool_text} on its sheet (0 dice) to roll: type the "
                "successes instead"
            )
        rng = SplitMix64(self.rng_state)  # a seed is the state it starts from
        result = roll_join_battle(rng, pool, self.rules)
        self.rng_state = rng.state
        return result

    @_atomic
    def join_battle(
        self,
        name: str,
        successes: int | None = None,
        *,
        stealth: bool = False,
        manipulation: bool = False,
        initiative: int | None = None,
    ) -> None:
        """EX-2, EX-8: Initiative = 3 + successes, entered or rolled (EX-A13), or an
        ``initiative`` the GM enters directly (a mook's, with no dice pool)."""
        self._need_phase("join", "free_actions", "combat")
        f = self.fighter(name)
        if not f.worthy:
            raise NotAllowedError(
                f"{name} is not a worthy foe (EX-1): it does not join battle; settle it "
                f"with one contested roll ('contest NAME {name}')"
            )
        if f.joined:
            raise NotAllowedError(f"{name} has already joined battle")
        if initiative is not None:
            if successes is not None:
                raise TickError(f"{name}: give the successes or the Initiative, not both")
            if not isinstance(initiative, int):
                raise TickError(f"{name}: Initiative must be a whole number, got {initiative!r}")
            self._change(name, initiative, "join_battle", "Join Battle, Initiative entered")
            self._set(name, joined=True, jb_successes=None)
            self._late_join(name)
            return
        pool = self.join_pool(name, stealth, manipulation)
        pool_text = "+".join(
            [
                "Manipulation" if manipulation else "Wits",
                "Stealth" if stealth else "Awareness",
            ]
        )
        if successes is None:
            successes, faces = self._roll(name, pool, pool_text)  # EX-A13
            how = f"rolled {pool_text} {pool} dice {faces}: {_successes(successes)}"
        else:
            if not isinstance(successes, int) or successes < 0:
                raise TickError(
                    f"{name}: Join Battle successes must be an int >= 0, got {successes!r}"
                )
            how = f"{_successes(successes)} entered ({pool_text})"
        self._change(name, 3 + successes, "join_battle", f"Join Battle, {how}")
        self._set(name, joined=True, jb_successes=successes)
        self._late_join(name)

    def _late_join(self, name: str) -> None:
        """EX-A16: a character joining during combat is in this round's order."""
        if self.phase == "combat":
            self.snapshot[name] = self.fighters[name].initiative
            if not self.rules.late_joiner_acts_this_round:
                self._set(name, done="late")
                self._say("late", f"{name} joined late and first acts next round")

    @_atomic
    def declare_worthy(self, name: str, worthy: bool) -> None:
        """EX-1: at the start of the conflict the GM declares an opponent (an NPC) a
        worthy foe or not. One who is not worthy gets no Join Battle and no turn."""
        self._need_phase("join", "free_actions", "combat")
        f = self.fighter(name)
        if f.sheet.player:
            raise NotAllowedError(f"{name} is a player character; only an opponent (an NPC) "
                                  "is declared worthy or not (EX-1)")
        if f.out:
            raise NotAllowedError(f"{name} has left the combat")
        if f.joined:
            raise NotAllowedError(
                f"{name} has already joined battle; declare it before its Join Battle "
                "(undo the join first)"
            )
        if f.worthy == worthy:
            raise NotAllowedError(f"{name} is already {'' if worthy else 'not '}a worthy foe")
        self._set(name, worthy=worthy)
        if worthy:
            self._say("worthy", f"{name} is a worthy foe (EX-1): it rolls Join Battle")
        else:
            self._say("worthy", f"{name} is not a worthy foe (EX-1): no Join Battle and no "
                      "turn order; one contested roll settles it ('contest')")

    @_atomic
    def contest(self, first: str, second: str, first_successes: int | None = None,
                second_successes: int | None = None) -> None:
        """EX-1: a foe who is not worthy is settled by one contested roll with no turn
        order. Each side rolls its Wits + Awareness with the seeded dice (EX-A13), or the
        GM types both sides' successes; more successes wins (a tie: ``contest_tie``)."""
        self._need_phase("join", "free_actions", "combat")
        if first == second:
            raise NotAllowedError("a contest needs two different characters")
        for n in (first, second):
            if self.fighter(n).out:
                raise NotAllowedError(f"{n} has left the combat")
        if self.fighters[first].worthy and self.fighters[second].worthy:
            raise NotAllowedError(
                f"neither {first} nor {second} is declared not worthy: a contested roll "
                "settles only a foe who is not worthy (EX-1; 'worthy NAME no' first)"
            )
        if (first_successes is None) != (second_successes is None):
            raise TickError("type both sides' successes, or neither to roll both")
        sides: list[ContestSide] = []
        for n, typed in ((first, first_successes), (second, second_successes)):
            if typed is not None:
                if not isinstance(typed, int) or typed < 0:
                    raise TickError(f"{n}: successes must be a whole number >= 0, got {typed!r}")
                sides.append(ContestSide(n, typed))
                continue
            pool = self.join_pool(n)
            hits, faces = self._roll(n, pool, "Wits+Awareness", need_dice=True)
            sides.append(ContestSide(n, hits, pool, tuple(faces)))
        a, b = sides
        if a.successes != b.successes:
            winner: str | None = a.name if a.successes > b.successes else b.name
        else:
            winner = a.name if self.rules.contest_tie == "first_named_wins" else None
        self.contests.append(Contest(len(self.contests) + 1, self.round, a, b, winner))

        def told(side: ContestSide, public: bool) -> str:
            if side.faces is None:
                return f"{side.name} {_successes(side.successes)} (entered)"
            if public and self._npc(side.name):
                return f"{side.name} rolled {_successes(side.successes)}"
            return (f"{side.name} rolled Wits+Awareness {side.pool} dice {list(side.faces)}: "
                    f"{_successes(side.successes)}")

        if winner is None:
            outcome = "a tie: nobody wins, contest again (contest_tie=again)"
        elif a.successes == b.successes:
            outcome = f"a tie: {winner} wins as the first named (contest_tie=first_named_wins)"
        else:
            outcome = f"{winner} wins"
        head = f"Contest #{len(self.contests)} (EX-1, no turn order): "
        secret = any(s.faces is not None and self._npc(s.name) for s in sides)
        self._say("contest", head + f"{told(a, False)}; {told(b, False)}; {outcome}",
                  head + f"{told(a, True)}; {told(b, True)}; {outcome}" if secret else None)

    @_atomic
    def set_tie_order(self, names: list[str]) -> None:
        """EX-A5: the GM's order for tied characters (earlier in the list goes first)."""
        for n in names:
            self.fighter(n)
        if len(set(names)) != len(names):
            raise TickError("tie order names a character twice")
        self.tie_order = list(names)
        self._say("tie_order", f"GM tie order: {', '.join(names) or '(roster order)'}")

    @_atomic
    def start_combat(self) -> None:
        """After every Join Battle, open the free action phase (EX-12, EX-13)."""
        self._need_phase("join")
        if not self.fighters:
            raise NotAllowedError("the roster is empty")
        missing = [n for n, f in self.fighters.items()
                   if not f.joined and not f.out and f.worthy]
        if missing:
            raise NotAllowedError(f"still to roll Join Battle: {', '.join(missing)}")
        if not self.ranking():
            raise NotAllowedError("nobody is in the combat (every foe is not worthy: "
                                  "settle them with 'contest', EX-1)")
        foes = [n for n, f in self.fighters.items() if not f.sheet.player and not f.out]
        if foes:
            worthy = [n for n in foes if self.fighters[n].worthy]
            unworthy = [n for n in foes if not self.fighters[n].worthy]
            self._say("worthy", "Worthy foes (EX-1): " + (", ".join(worthy) or "none") + (
                "; not worthy, no turn order (settle each with 'contest'): "
                + ", ".join(unworthy) if unworthy else ""))
        self.phase = "free_actions"
        self._say("phase", "Free actions, in order: " + ", ".join(self.free_action_order()))

    @_atomic
    def free_action(
        self,
        name: str,
        action: str | None = None,
        *,
        damaging: bool = False,
        opposed: bool = False,
    ) -> None:
        """EX-12/EX-13/EX-A18: one unopposed, non-damaging action (None passes), in
        Initiative order; not a turn. A late joiner takes it before its first turn."""
        self._need_phase("free_actions", "combat")
        f = self._joined(name)
        if f.free_action_done:
            raise NotAllowedError(f"{name} has already had the Join Battle free action")
        if damaging or opposed:
            raise NotAllowedError(
                f"{name}: the Join Battle free action must be unopposed and non-damaging"
            )
        if self.phase == "free_actions":
            nxt = self.free_action_order()[0]
            if nxt != name:
                raise WrongPhaseError(f"free actions go in Initiative order: {nxt} first")
        elif self.turns or f.done:
            raise WrongPhaseError(
                f"{name}'s free action must come before its first turn, between turns"
            )
        self._set(name, free_action_done=True)
        self._say("free_action", f"{name} free action: {action or 'passes'}")
        if self.phase == "free_actions" and not self.free_action_order():
            self._new_round()

    # ------------------------------------------------------------------ actions and costs

    @_atomic
    def act(
        self,
        label: str = "acts",
        *,
        name: str | None = None,
        attack: bool = False,
        flurry: bool = False,
    ) -> None:
        """A combat action of the active character (EX-16); ``flurry`` for the second
        (EX-18). Attack resolution is out of scope; use withering/decisive for Initiative."""
        turn = self._turn_of(name)
        notes = self._use_action(turn.name, label, attack, flurry)
        if attack:
            self._note_attack(turn.name)
        self._say("action", f"{turn.name}: {label}{notes}")

    @_atomic
    def move(self, name: str | None = None) -> None:
        """EX-16: up to one reflexive move per turn."""
        turn = self._turn_of(name)
        if turn.moved:
            raise NotAllowedError(f"{turn.name} already took the reflexive move this turn")
        self.turns[-1] = replace(turn, moved=True)
        self._say("move", f"{turn.name} moves")

    @_atomic
    def withering(
        self, attacker: str, defender: str, gain: int, loss: int, *, flurry: bool = False
    ) -> None:
        """EX-4, EX-5, EX-A10, EX-A12: GM-entered withering transfer. On the attacker's own
        turn it uses the combat action (``flurry`` for the second)."""
        self._need_phase("combat")
        self._joined(attacker)
        self._joined(defender)
        if attacker == defender:
            raise NotAllowedError(f"{attacker} cannot make a withering attack on itself")
        if gain < 0 or loss < 0:
            raise TickError(f"withering amounts must be >= 0, got gain {gain}, loss {loss}")
        own = bool(self.turns) and self.turns[-1].name == attacker
        notes = self._use_action(attacker, "withering", True, flurry) if own else ""
        self._note_attack(attacker)
        where = "" if own else " (outside its turn)"
        self._say("attack", f"{attacker} makes a withering attack on {defender}{where}{notes}")
        crashed = self._change(defender, -loss, "withering_loss", f"withering by {attacker}")
        self._change(attacker, gain, "withering_gain", f"withering on {defender}")
        if crashed and self.rules.crash_bonus_initiative:
            self._change(
                attacker, self.rules.crash_bonus_initiative, "crash_bonus", f"crashed {defender}"
            )

    @_atomic
    def decisive(
        self, attacker: str, target: str, *, hit: bool = True, flurry: bool = False
    ) -> None:
        """EX-5, EX-7, EX-A10, EX-A11: a decisive attack resets the attacker to base
        Initiative (also on a miss by default). Damage is out of scope."""
        self._need_phase("combat")
        f = self._joined(attacker)
        self._joined(target)
        if f.crashed and not self.rules.decisive_allowed_while_crashed:
            raise NotAllowedError(
                f"{attacker} is Crashed and cannot make a decisive attack "
                "(decisive_allowed_while_crashed=False)"
            )
        own = bool(self.turns) and self.turns[-1].name == attacker
        notes = self._use_action(attacker, "decisive", True, flurry) if own else ""
        self._note_attack(attacker)
        outcome = "hits" if hit else "misses"
        where = "" if own else " (outside its turn)"
        self._say("attack",
                  f"{attacker} makes a decisive attack on {target}{where} and {outcome}{notes}")
        if hit or self.rules.decisive_reset_on_miss:
            base = f.sheet.base_initiative
            self._change(
                attacker,
                base - f.initiative,
                "decisive_reset",
                f"decisive on {target}, reset to base",
            )

    @_atomic
    def spend(self, name: str, amount: int, cause: str) -> None:
        """EX-3, EX-5, EX-A7: pay an Initiative cost."""
        self._need_phase("free_actions", "combat")
        self._joined(name)
        self._check_cost(name, amount, cause)
        self._change(name, -amount, "spend", cause)

    @_atomic
    def adjust(self, name: str, delta: int, cause: str) -> None:
        """A GM-entered gain or loss from any other source (EX-5)."""
        self._need_phase("free_actions", "combat")
        self._joined(name)
        if delta == 0:
            raise TickError("an adjustment of 0i changes nothing")
        self._change(name, delta, "gain" if delta > 0 else "loss", cause)

    @_atomic
    def set_pending_move(self, name: str, cause: str = "Rush") -> None:
        """EX-21: mark a move left over from a Rush or Disengage."""
        self._joined(name)
        self._set(name, pending_move=True)
        self._say("pending_move", f"{name} has a pending move ({cause})")

    @_atomic
    def spend_motes(self, name: str, amount: int, cause: str) -> None:
        f = self._joined(name)
        if f.motes is None:
            raise NotAllowedError(f"{name} has no mote pool")
        if amount < 0 or amount > f.motes:
            raise NotAllowedError(f"{name} cannot spend {amount}m (has {f.motes}m)")
        self._set(name, motes=f.motes - amount)
        self._say("motes", f"{name} spends {amount}m ({cause}): {f.motes - amount}m")

    @_atomic
    def advance(self) -> None:
        """The tracker's "next": end the current turn, else start the next, else end the
        round."""
        if self.phase != "combat":
            raise WrongPhaseError(f"'next' works in combat, not in phase {self.phase!r}")
        if self.turns:
            TickTracker.end_turn(self)
        elif self.ready():
            TickTracker.begin_turn(self)
        else:
            TickTracker.end_round(self)

    @_atomic
    def end_combat(self, cause: str = "the GM ends the combat") -> None:
        """EX-2: turns repeat until the combat is over."""
        self._need_phase("join", "free_actions", "combat")
        self.turns = []
        self.up = None
        self.phase = "over"
        self._say("phase", f"Combat over ({cause})")
