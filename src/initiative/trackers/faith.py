"""The game master's console for FaithRPG-style card initiative rounds.

:class:`FaithConsole` takes one command line at a time and writes one announcement line
per change: the new lines of the model's log in the GM's reading (secrets included: this
is the GM's console). Bad input raises and leaves the state unchanged. Type ``help`` for
the command list.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import Any

from initiative.timing import cards_commands as C
from initiative.timing.cards import GM, SPECTATOR_VIEWER, CardRoundState
from initiative.timing.cards_content import Card, Character, sample_roster
from initiative.timing.cards_rules import CardRoundRules
from initiative.trackers import saving
from initiative.trackers.base import ConsoleError, chain_position
from initiative.trackers.command_catalogue import catalogue, help_text

__all__ = ["BANNER", "HELP", "PROMPT", "SAVE_FORMAT", "ConsoleError", "FaithConsole"]

PROMPT = "faith> "
SAVE_FORMAT = "initiative-faith-console/1"

HELP = help_text(catalogue("faith"))
"""The console's ``help``, generated from the commands catalogue."""


BANNER = "FaithRPG card rounds, GM console. Type help; roster loads the sample roster."


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ConsoleError(f"{what} must be a whole number, got {text!r}") from None


class FaithConsole:
    """The console's state: the round model plus undo/redo stacks of ``to_dict`` states."""

    system = "faith"
    prompt = PROMPT

    def __init__(self, write: Callable[[str], None], rules: CardRoundRules | None = None,
                 seed: int = 0, db: str | None = None) -> None:
        self.write = write
        self.rules = rules or CardRoundRules()
        self.seed = seed
        self.db = saving.StoreLink(db)
        self.state = CardRoundState.new([], self.rules, seed=seed)
        self.undo_stack: list[dict[str, Any]] = []
        self.redo_stack: list[dict[str, Any]] = []

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_stack)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def run(self, line: str) -> bool:
        """Execute one command line; False on ``quit``. Raises ValueError on bad input."""
        try:
            words = shlex.split(line, comments=True)
        except ValueError as exc:
            raise ConsoleError(str(exc)) from None
        if not words:
            return True
        if words[0].lower() in ("quit", "exit"):
            return False
        try:
            self.do(words)
        except (KeyError, TypeError) as exc:
            raise ConsoleError(str(exc)) from None
        return True

    def replay_line(self, line: str) -> bool:
        """A line stored before issue 26 (:mod:`~initiative.trackers.records` marks the
        newer ones). Then ``next [ACTION]`` with nobody acting began the turn of whoever
        was up, so it replays as ``act UP [ACTION]``."""
        s = self.state
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            words = []
        up = s.up_next()
        if words and words[0].lower() == "next" and up is not None:
            return self.run(shlex.join(["act", up, *words[1:]]))
        return self.run(line)

    # ------------------------------------------------------------------ helpers

    def name(self, text: str, *, gm: bool = False) -> str:
        if gm and text.lower() == "gm":
            return GM
        for c in self.state.roster:
            if c.name.lower() == text.lower():
                return c.name
        known = ", ".join(c.name for c in self.state.roster) or "none: type roster"
        raise ConsoleError(f"no character named {text!r} (roster: {known})")

    def change(self, fn: Callable[[], None]) -> None:
        """Run a state change; announce new log lines; remember it for undo."""
        before = self.state.to_dict()
        seen = len(self.state.log)
        fn()
        self.undo_stack.append(before)
        self.redo_stack.clear()
        for line in self.state.log_text()[seen:]:
            self.write(line)

    def apply(self, cmd: C.Command) -> None:
        self.change(lambda: self.state.apply(cmd))

    def replace_state(self, new: CardRoundState, why: str) -> None:
        self.undo_stack.append(self.state.to_dict())
        self.redo_stack.clear()
        self.state = new
        self.write(why)

    # ------------------------------------------------------------------ commands

    def do(self, words: list[str]) -> None:
        verb, args = words[0].lower(), words[1:]
        handler = getattr(self, f"cmd_{verb}", None)
        if handler is None:
            raise ConsoleError(f"unknown command {words[0]!r} (type help)")
        handler(args)

    def cmd_help(self, args: list[str]) -> None:
        for line in HELP.splitlines():
            self.write(line)

    def cmd_roster(self, args: list[str]) -> None:
        if args:
            raise ConsoleError("roster takes no arguments")
        if not self.state.roster:
            fresh = CardRoundState.new(sample_roster(), self.rules, seed=self.seed)
            names = ", ".join(c.name for c in fresh.roster)
            self.replace_state(fresh, f"Sample roster loaded (3-card hands): {names}")
        for c in self.state.roster:
            attrs = " ".join(f"{k}={v}" for k, v in c.attributes)
            dmg = self.state.damage.get(c.name, 0)
            self.write(
                f"  {c.name} ({c.side}) initiative={c.initiative} {attrs}"
                + (f" damage={dmg}" if dmg else "")
            )

    def cmd_add(self, args: list[str]) -> None:
        if not args:
            raise ConsoleError("usage: add NAME [npc] initiative=N [ATTR=N ...]")
        name, side, initiative, attrs = args[0], "pc", None, []
        for a in args[1:]:
            if a.lower() in ("npc", "pc"):
                side = a.lower()
            elif "=" in a:
                k, v = a.split("=", 1)
                if k.lower() in ("initiative", "init"):
                    initiative = _int(v, "initiative")
                else:
                    attrs.append((k, _int(v, k)))
            else:
                raise ConsoleError(f"add: cannot read {a!r} (use npc, initiative=N, ATTR=N)")
        if initiative is None:
            raise ConsoleError("add needs initiative=N")
        if any(c.name.lower() == name.lower() for c in self.state.roster):
            raise ConsoleError(f"a character named {name!r} is already on the roster")
        ch = Character(name, "npc" if side == "npc" else "pc", initiative, tuple(attrs))
        self.apply(C.AddCharacter(ch))

    def cmd_round(self, args: list[str]) -> None:
        s = self.state
        # After an all-wait the same characters keep their cards for this round (FA-20).
        again = s.participants if s.phase == "idle" and s.kept else []
        names = [self.name(a) for a in args] or again or [c.name for c in s.roster]
        self.apply(C.BeginRound(tuple(names)))

    def cmd_commit(self, args: list[str]) -> None:
        if len(args) not in (1, 2):
            raise ConsoleError("usage: commit NAME|gm [INDEX|top]")
        who = self.name(args[0], gm=True)
        slot = who if who == GM else self.state.slot_of(who)
        where = args[1].lower() if len(args) == 2 else "top"
        if where in ("top", "deck"):
            self.apply(C.Commit(slot, "deck"))
        else:
            self.apply(C.Commit(slot, "hand", _int(where, "card index")))

    def cmd_reveal(self, args: list[str]) -> None:
        self.apply(C.Reveal())

    def cmd_order(self, args: list[str]) -> None:
        s = self.state
        if s.phase not in ("turns", "maintenance"):
            raise ConsoleError(f"no order yet: {self.phase_text()}")
        if not s.totals:  # the maintenance after an all-wait (FA-20)
            self.write(f"no order now: {self.phase_text()}")
            return
        if s.phase == "turns":
            self.write(f"order: {s.order_text()}")
        for n in s.table_order():
            v = s.values[s.slot_of(n)]
            used = s.totals[n] - v  # the Initiative the total was made with (FA-7, FA-A10)
            status = f"waits on {s.waiting_on[n]}" if n in s.waiting_on else s.status[n]
            self.write(f"  {n}: {v}+{used}={s.totals[n]} ({status})")
        self.write(self.turn_text())
        for side, total, members, by in s.ties:
            self.write(f"  tie at {total} ({side}): {' > '.join(members)} [{by or 'open'}]")

    def turn_text(self, hints: bool = True) -> str:
        """Whose turn it is: ``acting: NAME`` (begun) or ``up: NAME (not started)``;
        ``hints`` adds what may be typed (the full-screen header leaves them out)."""
        s = self.state
        if s.acting is not None:
            what = f" ({s.action})" if s.action else ""
            affects = f"; affects {', '.join(s.affected)}" if s.affected and hints else ""
            return f"acting: {s.acting}{what}{affects}"
        up = s.up_next()
        if up is not None and s.announced_up() is None:
            return f"next up: {up} (not announced: 'next')"
        if up is not None:
            more = ": begin or act starts the turn; wait or pass still possible" if hints else ""
            return f"up: {up} (not started{more})"
        if not hints and s.phase == "maintenance":
            return ("everyone waited: type maintenance, then round" if s.kept
                    else "everyone has had a turn: type maintenance")
        return f"nobody is up: {self.phase_text()}"

    def phase_text(self) -> str:
        """What is happening outside the turns, and what the GM types next."""
        s = self.state
        if not s.roster:
            return "no roster yet (type roster or add)"
        if s.phase == "idle":
            return "between rounds (type round to start one, FA-23)"
        if s.phase == "commit":
            missing = [x for x in s.needed_slots() if x not in s.commitments]
            return (f"round {s.round}: cards still to commit: {', '.join(missing)}" if missing
                    else f"round {s.round}: every card committed (type reveal, FA-6)")
        if s.phase == "maintenance":
            if s.kept:
                return (f"round {s.round} ended with everyone waiting (FA-20): maintenance "
                        "(FA-21; type maintenance), then round starts the next round with "
                        "the kept cards, no reveal needed (FA-A4)")
            return (f"round {s.round}: every character has had its turn: maintenance "
                    "(FA-21; type maintenance)")
        return f"round {s.round}: turns"

    def cmd_next(self, args: list[str]) -> None:
        """The GM's ``next``, one meaning in both trackers: close the turn under way
        (FA-14), or move on past the announced character, who passes (FA-A5); then
        announce who is up. That turn has not begun: the character may still wait or
        pass (FA-19), and begins it with ``begin`` or ``act``."""
        if args:
            raise ConsoleError("next takes no arguments: it ends the turn under way and "
                               "announces who is up; act NAME ACTION starts a turn")
        s = self.state
        if s.phase != "turns":
            raise ConsoleError(f"nobody to announce: {self.phase_text()}")
        work = s.clone()  # every step on a copy: a refusal changes nothing
        if work.acting is not None:
            work.apply(C.EndTurn())
        elif (up := work.announced_up()) is not None:
            if not work.rules.allow_pass:
                raise ConsoleError(f"{up} is up and has not begun; passing is off "
                                   f"(allow_pass=False, FA-A5): begin, act or wait {up}")
            work.apply(C.Pass(up))
        if work.up_next() is not None:
            work.apply(C.Announce())
        self.change(lambda: setattr(self, "state", work))
        if work.up_next() is None:
            self.write(self.turn_text())

    def cmd_begin(self, args: list[str]) -> None:
        if len(args) > 1:
            raise ConsoleError("usage: begin [NAME]")
        up = self.state.up_next()
        if not args and up is None:
            raise ConsoleError(f"nobody is up to begin: {self.turn_text()}")
        self.apply(C.Act(self.name(args[0]) if args else str(up)))

    def cmd_act(self, args: list[str]) -> None:
        if not args:
            raise ConsoleError("usage: act NAME [ACTION ...] [affects=NAME,...]")
        words, affects = self.affects_option(args[1:])
        self.apply(C.Act(self.name(args[0]), " ".join(words), affects=affects))

    def affects_option(self, words: list[str]) -> tuple[list[str], tuple[str, ...]]:
        """Split ``affects=A,B`` (FA-15) off an action's words."""
        rest: list[str] = []
        names: list[str] = []
        for w in words:
            key, eq, value = w.partition("=")
            if eq and key.lower() in ("affects", "on"):
                names += [self.name(n) for n in value.split(",") if n]
                if not value.strip(","):
                    raise ConsoleError("affects= needs character names, e.g. affects=Vessa")
            else:
                rest.append(w)
        return rest, tuple(names)

    def cmd_affects(self, args: list[str]) -> None:
        names = [self.name(n) for a in args for n in a.split(",") if n]
        if not names:
            raise ConsoleError("usage: affects NAME ... (whom the action under way affects)")
        self.apply(C.Affects(tuple(names)))

    def cmd_wait(self, args: list[str]) -> None:
        if len(args) > 2:
            raise ConsoleError("usage: wait [NAME [ON]]")
        up = self.state.up_next()
        if not args and up is None:
            raise ConsoleError("nobody is up next to wait (name who waits: wait NAME)")
        who = self.name(args[0]) if args else str(up)
        if len(args) == 2:
            on = self.name(args[1])
            q = self.state.queue
            nxt = q[1] if len(q) > 1 else None
            if q and q[0] == who and on != nxt:
                raise ConsoleError(
                    f"{who} can only wait on the character right after it "
                    f"({nxt or 'nobody'}), not {on} (FA-19)"
                )
        self.apply(C.Wait(who))

    def cmd_pass(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ConsoleError("usage: pass NAME")
        self.apply(C.Pass(self.name(args[0])))

    def cmd_confront(self, args: list[str]) -> None:
        if len(args) not in (1, 3):
            raise ConsoleError("usage: confront NAME [ATTR N]")
        who = self.name(args[0])
        if len(args) == 3:
            self.apply(C.Confront(who, args[1], _int(args[2], "cards")))
        else:
            self.apply(C.Confront(who))

    def cmd_end(self, args: list[str]) -> None:
        if self.state.phase == "turns" and self.state.acting is None:
            raise ConsoleError(f"no turn is under way to end: {self.turn_text()}")
        self.apply(C.EndTurn())

    def cmd_tie(self, args: list[str]) -> None:
        by = "players"
        names: list[str] = []
        for a in args:
            if a.lower().startswith("by="):
                by = a.split("=", 1)[1].lower()
                if by not in ("gm", "players"):
                    raise ConsoleError("by= must be gm or players")
            else:
                names.append(self.name(a))
        if len(names) < 2:
            raise ConsoleError("usage: tie NAME NAME ... [by=gm|players]")
        self.apply(C.OrderTie(tuple(names), "gm" if by == "gm" else "players"))

    def cmd_declare(self, args: list[str]) -> None:
        if len(args) < 2:
            raise ConsoleError("usage: declare NAME ACTION ...")
        self.apply(C.DeclareToGM(self.name(args[0]), " ".join(args[1:])))

    def cmd_draw(self, args: list[str]) -> None:
        if len(args) not in (1, 2):
            raise ConsoleError("usage: draw NAME|gm [N]")
        n = _int(args[1], "N") if len(args) == 2 else 1
        self.apply(C.Draw(self.name(args[0], gm=True), n))

    def cmd_damage(self, args: list[str]) -> None:
        if len(args) != 2:
            raise ConsoleError("usage: damage NAME N")
        self.apply(C.RecordDamage(self.name(args[0]), _int(args[1], "damage")))

    def cmd_init(self, args: list[str]) -> None:
        if len(args) < 2:
            raise ConsoleError("usage: init NAME N [cause ...]")
        try:
            value = int(args[1])
        except ValueError:
            raise ConsoleError(f"N must be a whole number, got {args[1]!r}") from None
        self.apply(C.SetInitiative(self.name(args[0]), value, " ".join(args[2:])))

    def cmd_bonus(self, args: list[str]) -> None:
        if len(args) < 2:
            raise ConsoleError("usage: bonus NAME ATTR [N] [cause ...]")
        who, rest = self.name(args[0]), args[2:]
        known = [k for k, _ in self.state.character(who).attributes]
        attribute = next((k for k in known if k.lower() == args[1].lower()), None)
        if attribute is None:
            raise ConsoleError(f"{who} has no Attribute {args[1]!r} "
                               f"(has: {', '.join(known) or 'none'})")
        amount = 1
        if rest and rest[0].lstrip("+-").isdigit():
            amount = int(rest.pop(0))
        self.apply(C.GrantLimitBonus(who, attribute, amount, " ".join(rest) or "an effect"))

    def cmd_regen(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ConsoleError("usage: regen NAME")
        self.apply(C.AddEffect(self.name(args[0])))

    def cmd_maintenance(self, args: list[str]) -> None:
        if self.state.phase == "idle":
            self.apply(C.MaintenanceOutside(1))
        else:
            self.apply(C.RunMaintenance())

    def cmd_endconflict(self, args: list[str]) -> None:
        self.apply(C.EndConflict())

    def cmd_hand(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ConsoleError("usage: hand NAME|gm")
        owner = self.name(args[0], gm=True)
        if owner not in self.state.hands:
            raise ConsoleError(f"{owner} owns no hand (NPCs use the GM's)")
        cards = self.state.hands[owner]
        self.write(f"{owner}'s hand: " + _cards(cards))

    def cmd_log(self, args: list[str]) -> None:
        for line in self.state.log_text():
            self.write(line)
        if not self.state.log:
            self.write("(log is empty)")

    def cmd_view(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ConsoleError("usage: view NAME|gm|spectator")
        if args[0].lower() in ("spectator", "@spectator"):
            viewer = SPECTATOR_VIEWER
        else:
            viewer = self.name(args[0], gm=True)
        v = self.state.view(viewer)
        who = "spectator" if viewer == SPECTATOR_VIEWER else viewer
        self.write(f"view {who}: round {v['round']}, phase {v['phase']}")
        for e in v["commitments"]:
            if "card" in e:
                shown = Card.from_list(e["card"]).label()
            elif e["committed"]:
                shown = "face down" + (" (deck top, unseen)" if e["source"] == "deck" else "")
            else:
                shown = "not committed"
            self.write(f"  card {e['slot']}: {shown}")
        for owner, hand in v["hands"].items():
            if isinstance(hand, list):
                self.write(f"  hand {owner}: " + _cards([Card.from_list(c) for c in hand]))
            else:
                self.write(f"  hand {owner}: {hand} card(s)")
        if v["queue"] or v["acting"]:
            self.write(f"  order: {' > '.join(v['queue']) or '(nobody)'}; acting: {v['acting']}")
        for line in v["log"][-3:]:
            self.write(f"  log: {line}")

    def cmd_rules(self, args: list[str]) -> None:
        for k, val in self.state.rules.to_dict().items():
            self.write(f"  {k} = {val}")

    def cmd_undo(self, args: list[str]) -> None:
        if not self.undo_stack:
            raise ConsoleError("nothing to undo")
        self.redo_stack.append(self.state.to_dict())
        self.state = CardRoundState.from_dict(self.undo_stack.pop())
        self.write(f"undone (round {self.state.round}, phase {self.state.phase})")

    def cmd_redo(self, args: list[str]) -> None:
        if not self.redo_stack:
            raise ConsoleError("nothing to redo")
        self.undo_stack.append(self.state.to_dict())
        self.state = CardRoundState.from_dict(self.redo_stack.pop())
        self.write(f"redone (round {self.state.round}, phase {self.state.phase})")

    def save_data(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "rules": self.state.rules.to_dict(),
            "state": self.state.to_dict(),
        }

    def load_data(self, data: dict[str, Any], label: str) -> None:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ConsoleError(f"{label} is not a saved faith console ({SAVE_FORMAT})")
        try:
            rules = CardRoundRules.from_dict(dict(data["rules"]))
            state_data = dict(data["state"])
            state_data["rules"] = rules.to_dict()
            new = CardRoundState.from_dict(state_data)
        except (KeyError, TypeError, ValueError) as exc:
            raise ConsoleError(f"{label} is not a valid saved state: {exc!r}") from None
        self.rules = rules
        self.replace_state(new, f"loaded {label} (round {new.round}, phase {new.phase})")

    def rules_data(self) -> dict[str, Any]:
        return self.rules.to_dict()

    def fresh(self, write: Callable[[str], None], rules: dict[str, Any],
              seed: int) -> FaithConsole:
        return FaithConsole(write, CardRoundRules.from_dict(dict(rules)), seed)

    def clone(self, write: Callable[[str], None]) -> FaithConsole:
        copy = FaithConsole(write, self.rules, self.seed, self.db.url)
        copy.state = self.state.clone()
        copy.undo_stack, copy.redo_stack = list(self.undo_stack), list(self.redo_stack)
        return copy

    def history_data(self) -> dict[str, Any]:
        chain = [*self.undo_stack, self.state.to_dict(), *reversed(self.redo_stack)]
        return {"chain": chain, "pos": len(self.undo_stack), "rules": self.rules.to_dict()}

    def restore_history(self, data: dict[str, Any]) -> None:
        chain, pos = chain_position(data)
        rules = CardRoundRules.from_dict(dict(data["rules"]))
        self.state = CardRoundState.from_dict(chain[pos])
        self.rules = rules
        self.undo_stack, self.redo_stack = chain[:pos], chain[pos + 1:][::-1]

    def trim_history(self, keep: int) -> None:
        if len(self.undo_stack) > keep:
            del self.undo_stack[:len(self.undo_stack) - keep]

    def marker(self) -> tuple[Any, ...]:
        # Every change is an undo step: it grows or shrinks the undo stack.
        return len(self.undo_stack), len(self.redo_stack)

    def cmd_save(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ConsoleError("usage: save FILE|db:NAME")
        self.write(saving.save(self, args[0], self.db))

    def cmd_load(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ConsoleError("usage: load FILE|db:NAME")
        saving.load(self, args[0], self.db)

    def cmd_saved(self, args: list[str]) -> None:
        for text in saving.list_saved(self, self.db):
            self.write(text)


def _cards(cards: list[Card]) -> str:
    return ", ".join(f"[{i}] {c.label()}" for i, c in enumerate(cards)) or "(empty)"
