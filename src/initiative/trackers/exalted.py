"""The game master's console for Exalted-style tick initiative.

:class:`ExaltedConsole` takes one command line at a time and writes one line per change
(the model's log lines). A refused or malformed command raises and leaves the state
unchanged. The model lives in :mod:`initiative.timing.ticks`; this module only parses,
prints and keeps the undo history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from initiative.timing.ticks import TickError, TickRules, TickTracker
from initiative.timing.ticks_content import EFFECT_TEMPLATES, sample_roster
from initiative.trackers import saving
from initiative.trackers.base import UndoChain
from initiative.trackers.command_catalogue import catalogue, help_text
from initiative.trackers.exalted_args import (
    DURATION_WORDS,
    Usage,
    name_amount_cause,
    need,
    parse_add,
    whole,
)

__all__ = ["HELP", "PROMPT", "SAVE_FORMAT", "ExaltedConsole"]

PROMPT = "exalted> "
SAVE_FORMAT = "initiative-exalted-ticks/1"

HELP = help_text(catalogue("exalted"))


def _begin_if_up(t: TickTracker, name: str) -> None:
    """A character who is up begins its turn with its first action (the one meaning of
    ``next``: announcing is not starting, EX-14, EX-19)."""
    if not t.turns and name in t.ready():
        t.begin_turn(name)


class ExaltedConsole(UndoChain):
    """The tracker plus its undo history and the command dispatch."""

    system = "exalted"
    prompt = PROMPT

    def __init__(self, write: Callable[[str], None], rules: TickRules | None = None,
                 seed: int = 0, db: str | None = None) -> None:
        self.tracker = TickTracker(rules, seed=seed)
        self.seed = seed
        self.db = saving.StoreLink(db)
        self.write = write
        self._start_history(self.tracker.to_dict(), "new combat")

    # ----------------------------------------------------------------- plumbing

    def _commit(self, work: TickTracker, label: str) -> None:
        """Adopt ``work``, print its new log lines, record an undo step."""
        start = len(self.tracker.log)
        self.tracker = work
        for entry in work.log[start:]:
            self.write(entry.text)
        self._record(work.to_dict(), label)

    def _adopt_state(self, state: dict[str, Any]) -> None:
        self.tracker = TickTracker.from_dict(state)

    # ----------------------------------------------------------------- dispatch

    def run(self, line: str) -> bool:
        """Execute one line; return False on quit. Raises TickError/_Usage/OSError."""
        words = line.split()
        if not words or words[0].startswith("#"):
            return True
        cmd, args = words[0].lower(), words[1:]
        if cmd in ("quit", "exit"):
            return False
        handler = getattr(self, f"cmd_{cmd}", None)
        if handler is None:
            raise Usage(f"unknown command {cmd!r} (try 'help')")
        handler(args, " ".join(words))
        return True

    def _change(self, label: str, fn: Callable[[TickTracker], object]) -> None:
        work = self.tracker.clone()
        fn(work)
        if len(work.log) == len(self.tracker.log) and work == self.tracker:
            self.write("(nothing changed)")
            return
        self._commit(work, label)

    def cmd_help(self, args: list[str], line: str) -> None:
        self.write(HELP)

    def cmd_roster(self, args: list[str], line: str) -> None:
        if args:
            raise Usage("usage: roster")
        if not self.tracker.fighters:
            def load(t: TickTracker) -> None:
                for sheet in sample_roster():
                    t.add_character(sheet)

            self._change("roster (sample)", load)
        for f in self.tracker.fighters.values():
            s = f.sheet
            extra = f" stealth={s.stealth}" if s.stealth else ""
            extra += f" manipulation={s.manipulation}" if s.manipulation else ""
            extra += f" motes={f.motes}/{s.mote_max}" if s.mote_max is not None else ""
            state = ("out" if f.out else f"{f.initiative}i" if f.joined
                     else "not joined" if f.worthy else "not worthy (EX-1)")
            self.write(f"  {s.name} ({'PC' if s.player else 'NPC'}) stamina={s.stamina} "
                       f"wits={s.wits} awareness={s.awareness}{extra}: {state}")

    def cmd_add(self, args: list[str], line: str) -> None:
        read = parse_add(args)
        name = read.sheet.name

        def go(t: TickTracker) -> None:
            t.add_character(read.sheet)
            if read.entry == "init":  # a mook's Initiative typed (EX-8): no pool needed
                t.join_battle(name, initiative=read.value)
            elif read.entry == "successes":
                t.join_battle(name, read.value)

        self._change(line, go)

    def cmd_worthy(self, args: list[str], line: str) -> None:
        """EX-1: ``worthy NAME [NAME...] yes|no``, at the start of the conflict."""
        usage = "worthy NAME [NAME ...] yes|no"
        if len(args) < 2 or args[-1].lower() not in ("yes", "no"):
            raise Usage(f"usage: {usage}")
        worthy = args[-1].lower() == "yes"

        def go(t: TickTracker) -> None:
            for name in args[:-1]:
                t.declare_worthy(name, worthy)

        self._change(line, go)

    def cmd_contest(self, args: list[str], line: str) -> None:
        """EX-1: ``contest A B`` rolls both; ``contest A N B M`` types the successes."""
        usage = "contest NAME NAME | contest NAME N NAME N"
        if len(args) == 2:
            self._change(line, lambda t: t.contest(args[0], args[1]))
            return
        if len(args) != 4:
            raise Usage(f"usage: {usage}")
        first, second = whole(args[1], "successes"), whole(args[3], "successes")
        self._change(line, lambda t: t.contest(args[0], args[2], first, second))

    def cmd_join(self, args: list[str], line: str) -> None:
        usage = "join NAME N | join NAME roll [stealth] [manipulation] | join NAME init N"
        need(args, 2, usage)
        name, how, extra = args[0], args[1].lower(), [a.lower() for a in args[2:]]
        if how == "init":
            if len(extra) != 1:
                raise Usage(f"usage: {usage}")
            value = whole(extra[0], "Initiative")
            self._change(line, lambda t: t.join_battle(name, initiative=value))
            return
        if how == "roll":
            bad = [a for a in extra if a not in ("stealth", "manipulation")]
            if bad:
                raise Usage(f"usage: {usage}")
            pool = self.tracker.join_pool(name, "stealth" in extra, "manipulation" in extra)
            if pool <= 0:  # EX-9: a sheet entered without the pool (a mook's)
                raise Usage(f"{name} has no dice to roll (its sheet has no Wits and "
                            f"Awareness): type the successes ('join {name} N') or the "
                            f"Initiative ('join {name} init N')")
            self._change(
                line,
                lambda t: t.join_battle(
                    name, stealth="stealth" in extra, manipulation="manipulation" in extra
                ),
            )
            return
        if extra:
            raise Usage(f"usage: {usage}")
        successes = whole(args[1], "successes")
        self._change(line, lambda t: t.join_battle(name, successes))

    def cmd_rollall(self, args: list[str], line: str) -> None:
        """Roll Join Battle (EX-2, EX-8, EX-A13) for every character still to join, in
        roster order, as one undo step; `npcs`: the NPCs only. A foe declared not worthy
        is skipped: it gets no Join Battle (EX-1)."""
        if args not in ([], ["npcs"]):
            raise Usage("usage: rollall [npcs]")
        npcs = bool(args)

        def go(t: TickTracker) -> None:
            names = [n for n, f in t.fighters.items() if not f.joined and not f.out
                     and f.worthy and not (npcs and f.sheet.player)]
            if not names:
                raise TickError("nobody is still to roll Join Battle"
                                + (" among the NPCs" if npcs else ""))
            for name in names:
                t.join_battle(name)

        self._change(line, go)

    def cmd_start(self, args: list[str], line: str) -> None:
        if args not in ([], ["free"]):
            raise Usage("usage: start [free]")
        one_by_one = bool(args)

        def go(t: TickTracker) -> None:
            if t.phase == "join":
                t.start_combat()
            elif t.phase == "free_actions" and one_by_one:
                raise TickError("the free actions are under way: 'free NAME [what...]' "
                                "for each, or 'start' to pass the rest")
            elif t.phase != "free_actions":
                raise TickError(f"combat has already started (phase {t.phase!r})")
            while t.phase == "free_actions" and not one_by_one:
                t.free_action(t.free_action_order()[0])

        self._change(line, go)

    def cmd_next(self, args: list[str], line: str) -> None:
        def go(t: TickTracker) -> None:
            if t.phase == "free_actions":  # EX-13: the next free action in order passes
                t.free_action(t.free_action_order()[0])
            else:
                t.call_next()

        if args:
            raise Usage("usage: next")
        self._change(line, go)

    def cmd_begin(self, args: list[str], line: str) -> None:
        """The announced turn begins (EX-19); a holder's name takes its held turn."""
        if len(args) > 1:
            raise Usage("usage: begin [NAME]")

        def go(t: TickTracker) -> None:
            name = args[0] if args else t.announced()
            if name is not None and t.fighter(name).holding:
                t.declare_held(name)
            else:
                t.begin_turn(name)

        self._change(line, go)

    def _act(self, args: list[str], line: str, flurry: bool) -> None:
        word = "flurry" if flurry else "act"
        need(args, 1, f"{word} NAME [what...]")
        name = args[0]
        label = " ".join(args[1:]) or ("flurries" if flurry else "acts")

        def go(t: TickTracker) -> None:
            t.fighter(name)
            if not flurry:
                _begin_if_up(t, name)
            t.act(label, name=name, flurry=flurry)

        self._change(line, go)

    def cmd_act(self, args: list[str], line: str) -> None:
        self._act(args, line, flurry=False)

    def cmd_flurry(self, args: list[str], line: str) -> None:
        self._act(args, line, flurry=True)

    def cmd_delay(self, args: list[str], line: str) -> None:
        if len(args) > 1:
            raise Usage("usage: delay [NAME]")
        self._change(line, lambda t: t.delay(args[0] if args else None))

    def cmd_held(self, args: list[str], line: str) -> None:
        need(args, 1, "held NAME")
        self._change(line, lambda t: t.declare_held(args[0]))

    def cmd_withering(self, args: list[str], line: str) -> None:
        usage = "withering ATTACKER TARGET N [gain=M]"
        if len(args) not in (3, 4):
            raise Usage(f"usage: {usage}")
        attacker, target = args[0], args[1]
        loss = whole(args[2], "N")
        gain = loss
        if len(args) == 4:
            key, sep, raw = args[3].partition("=")
            if key.lower() != "gain" or not sep:
                raise Usage(f"usage: {usage}")
            gain = whole(raw, "gain")
        def go(t: TickTracker) -> None:
            _begin_if_up(t, attacker)
            t.withering(attacker, target, gain, loss)

        self._change(line, go)

    def cmd_decisive(self, args: list[str], line: str) -> None:
        usage = "decisive NAME TARGET [miss]"
        need(args, 1, usage)
        if len(args) < 2 or args[1].lower() == "miss":
            raise Usage(f"decisive needs a target; usage: {usage}")
        if len(args) > 3 or (len(args) == 3 and args[2].lower() not in ("miss", "hit")):
            raise Usage(f"usage: {usage}")
        hit = not (len(args) == 3 and args[2].lower() == "miss")
        def go(t: TickTracker) -> None:
            _begin_if_up(t, args[0])
            t.decisive(args[0], args[1], hit=hit)

        self._change(line, go)

    def cmd_spend(self, args: list[str], line: str) -> None:
        name, amount, cause = name_amount_cause(args, "spend")
        self._change(line, lambda t: t.spend(name, amount, cause))

    def cmd_free(self, args: list[str], line: str) -> None:
        need(args, 1, "free NAME [what...]")
        what = " ".join(args[1:]) or None
        self._change(line, lambda t: t.free_action(args[0], what))

    def cmd_tie(self, args: list[str], line: str) -> None:
        need(args, 2, "tie NAME NAME ...")
        self._change(line, lambda t: t.set_tie_order(args))

    def cmd_move(self, args: list[str], line: str) -> None:
        if len(args) > 1:
            raise Usage("usage: move [NAME]")
        def go(t: TickTracker) -> None:
            name = args[0] if args else t.announced()
            if name is not None:
                _begin_if_up(t, name)
            t.move(args[0] if args else None)

        self._change(line, go)

    def cmd_adjust(self, args: list[str], line: str) -> None:
        usage = "adjust NAME +N|-N cause..."
        if len(args) < 3:
            raise Usage(f"usage: {usage} (the cause is required: the log explains it)")
        try:
            delta = int(args[1])
        except ValueError:
            raise Usage(f"+N|-N must be a whole number, got {args[1]!r}") from None
        self._change(line, lambda t: t.adjust(args[0], delta, " ".join(args[2:])))

    def cmd_rush(self, args: list[str], line: str) -> None:
        need(args, 1, "rush NAME [cause...]")
        cause = " ".join(args[1:]) or "Rush"
        self._change(line, lambda t: t.set_pending_move(args[0], cause))

    def cmd_effect(self, args: list[str], line: str) -> None:
        usage = ("effect NAME one_turn|next_turn|until_removed [by=SOURCE] [anchor=NAME] "
                 "[init=+N] LABEL...")
        need(args, 2, usage)
        if args[1].lower() in EFFECT_TEMPLATES:
            self._effect_from_template(args, line)
            return
        name, duration = args[0], DURATION_WORDS.get(args[1].lower())
        if duration is None:
            raise Usage(f"duration must be one_turn, next_turn or until_removed, "
                         f"got {args[1]!r}")
        options: dict[str, str] = {}
        rest = args[2:]
        while rest and rest[0].split("=", 1)[0].lower() in ("by", "anchor", "init"):
            key, _, value = rest.pop(0).partition("=")
            options[key.lower()] = value
        if not rest:
            raise Usage(f"the effect needs a label; usage: {usage}")
        init = 0
        if "init" in options:
            try:
                init = int(options["init"])
            except ValueError:
                raise Usage(f"init must be a whole number, got {options['init']!r}") from None
        label = " ".join(rest)
        self._change(line, lambda t: t.apply_effect(
            label, name, duration, source=options.get("by"), anchor=options.get("anchor"),
            start_initiative=init))

    def _effect_from_template(self, args: list[str], line: str) -> None:
        """``effect NAME TEMPLATE [by=SOURCE] [anchor=NAME]`` (OTHER-RULINGS 2d)."""
        name, template = args[0], EFFECT_TEMPLATES[args[1].lower()]
        options = dict(a.split("=", 1) for a in args[2:] if "=" in a)
        extra = [a for a in args[2:] if "=" not in a or a.split("=")[0] not in ("by", "anchor")]
        if extra:
            raise Usage(f"a template takes only by=SOURCE and anchor=NAME, not {extra[0]!r}")
        source = options.get("by")
        if template.anchor_on_source and source is None:
            raise Usage(f"{args[1]} runs on its source's turns: give by=SOURCE")
        anchor = options.get("anchor") or (source if template.anchor_on_source else None)
        self._change(line, lambda t: t.apply_effect(
            template.label, name, template.duration, source=source, anchor=anchor,
            start_initiative=template.start_initiative))

    def cmd_templates(self, args: list[str], line: str) -> None:
        for key, t in EFFECT_TEMPLATES.items():
            self.write(f"  {key:<9} {t.label}: {t.text} ({t.duration.replace('_', ' ')})")

    def cmd_uneffect(self, args: list[str], line: str) -> None:
        need(args, 1, "uneffect ID")
        effect_id = whole(args[0].lstrip("#"), "ID")
        self._change(line, lambda t: t.remove_effect(effect_id))

    def cmd_effects(self, args: list[str], line: str) -> None:
        if not self.tracker.effects:
            self.write("(no effects)")
        for e in self.tracker.effects:
            by = f" by {e.source}" if e.source else ""
            self.write(f"  #{e.id} {e.label} on {e.affected}{by}: "
                       f"{e.duration.replace('_', ' ')}, anchor {e.anchor}")

    def cmd_motes(self, args: list[str], line: str) -> None:
        name, amount, cause = name_amount_cause(args, "motes")
        self._change(line, lambda t: t.spend_motes(name, amount, cause))

    def cmd_remove(self, args: list[str], line: str) -> None:
        need(args, 1, "remove NAME [cause...]")
        cause = " ".join(args[1:]) or "removed by the GM"
        self._change(line, lambda t: t.remove_character(args[0], cause))

    def cmd_ledger(self, args: list[str], line: str) -> None:
        need(args, 1, "ledger NAME")
        entries = self.tracker.ledger_of(self.tracker.fighter(args[0]).sheet.name)
        if not entries:
            self.write(f"(no Initiative changes for {args[0]})")
        for e in entries:
            sign = "+" if e.delta >= 0 else ""
            self.write(f"  r{e.round} {sign}{e.delta}i {e.kind} ({e.cause}) -> {e.after}i")

    def cmd_endcombat(self, args: list[str], line: str) -> None:
        self._change(line, lambda t: t.end_combat())

    def cmd_rules(self, args: list[str], line: str) -> None:
        for key, value in self.tracker.rules.to_dict().items():
            self.write(f"  {key} = {value}")

    def cmd_end(self, args: list[str], line: str) -> None:
        if args:
            raise Usage("usage: end")
        def go(t: TickTracker) -> None:
            if not t.turns and t.announced() is not None:
                t.pass_turn(t.announced())  # the announced character passes (EX-16)
            else:
                t.end_turn()

        self._change(line, go)

    def cmd_round(self, args: list[str], line: str) -> None:
        if args not in ([], ["force"]):
            raise Usage("usage: round [force]")
        force = bool(args)
        self._change(line, lambda t: t.end_round(force=force))

    def cmd_order(self, args: list[str], line: str) -> None:
        t = self.tracker
        head = f"phase {t.phase}" + (f", round {t.round}" if t.round else "")
        self.write(head)
        joined = set(t.ranking())
        for name, value, status in t.board():
            shown = "?" if value is None else str(value)
            self.write(f"  {name:<12} {shown:>3}i" + (f"  [{status}]" if status else ""))
        for name, f in t.fighters.items():
            if name not in joined and not f.out:
                mark = "not joined" if f.worthy else "not worthy: settle with 'contest'"
                self.write(f"  {name:<12}   -   [{mark}]")
        if t.phase == "combat":
            self.write(f"still to act: {', '.join(t.turn_order()) or '(nobody)'}")
            self.write(t.up_line())
        for c in t.contests:
            self.write(f"contest #{c.seq}: {c.first.name} {c.first.successes} v "
                       f"{c.second.name} {c.second.successes}: "
                       f"{c.winner + ' wins' if c.winner else 'a tie'} (EX-1)")

    def cmd_log(self, args: list[str], line: str) -> None:
        if not self.tracker.log:
            self.write("(log is empty)")
        for entry in self.tracker.log:
            self.write(f"{entry.seq:>3} r{entry.round} {entry.text}")

    def save_data(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "rules": self.tracker.rules.to_dict(),
            "state": self.tracker.to_dict(),
        }

    def load_data(self, data: dict[str, Any], label: str) -> None:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise Usage(f"{label} is not a saved tick-initiative combat ({SAVE_FORMAT})")
        try:
            state = dict(data["state"])
            state["rules"] = data.get("rules", state["rules"])
            loaded = TickTracker.from_dict(state)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise Usage(f"{label} is not a valid saved combat ({exc!r})") from None
        self.tracker = loaded
        self._record(loaded.to_dict(), f"load {label}")
        self.write(
            f"loaded {label}: phase {loaded.phase}, round {loaded.round}, "
            f"{len(loaded.fighters)} character(s)"
        )

    def rules_data(self) -> dict[str, Any]:
        return self.tracker.rules.to_dict()

    def fresh(self, write: Callable[[str], None], rules: dict[str, Any],
              seed: int) -> ExaltedConsole:
        return ExaltedConsole(write, TickRules.from_dict(dict(rules)), seed)

    def clone(self, write: Callable[[str], None]) -> ExaltedConsole:
        copy = ExaltedConsole(write, self.tracker.rules, self.seed, self.db.url)
        copy.tracker = self.tracker.clone()
        self._copy_history(copy)
        return copy

    def cmd_save(self, args: list[str], line: str) -> None:
        need(args, 1, "save FILE|db:NAME")
        self.write(saving.save(self, " ".join(args), self.db))

    def cmd_load(self, args: list[str], line: str) -> None:
        need(args, 1, "load FILE|db:NAME")
        saving.load(self, " ".join(args), self.db)

    def cmd_saved(self, args: list[str], line: str) -> None:
        for text in saving.list_saved(self, self.db):
            self.write(text)
