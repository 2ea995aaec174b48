"""The game master's console for Initiative Break played with printed cards.

:class:`IBCompanionConsole` reads one line at a time (the grammar is
:mod:`initiative.trackers.ib_companion_args`), runs the operations it stands for on a
copy of the :class:`~initiative.games.ib.companion.Companion` and adopts the copy only
when every one of them was accepted, so a refused line changes nothing. Each change is
one undo step and writes the log lines the engine's rules produced, each with its rule
id.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from initiative.engine.errors import InitiativeError
from initiative.games.ib import statuses as st
from initiative.games.ib.companion import Companion, CompanionError, Op
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import Content
from initiative.games.ib.packs import content_for
from initiative.games.ib.specs import CharacterSpec
from initiative.trackers import saving
from initiative.trackers.base import UndoChain
from initiative.trackers.command_catalogue import catalogue, help_text
from initiative.trackers.ib_companion_args import (
    Usage,
    parse_add,
    parse_effect,
    parse_play,
    parse_unit_phrase,
    parse_verb_first,
)

__all__ = ["HELP", "PROMPT", "SAVE_FORMAT", "IBCompanionConsole", "parse_config"]

PROMPT = "ib> "
SAVE_FORMAT = "initiative-ib-companion/1"

HELP = help_text(catalogue("ib"))
"""The console's command list, written from its catalogue (ib_commands_catalogue)."""

_PLAY_WORDS = ("play", "pass")
_EFFECT_WORDS = ("damage", "heal", "apply", "cleanse", "charge", "break", "defeat")
_VERB_FIRST = ("attack", "move")


def parse_config(rules: dict[str, Any]) -> RulesConfig:
    """The house-rule flags (`initiative rules` lists them); ValueError if bad."""
    try:
        return RulesConfig.from_dict(dict(rules))
    except InitiativeError as exc:
        raise ValueError(f"bad house rules: {exc}") from None


class IBCompanionConsole(UndoChain):
    """The companion plus its undo history and the command dispatch."""

    system = "ib"
    prompt = PROMPT

    def __init__(self, write: Callable[[str], None], rules: RulesConfig | None = None,
                 seed: int = 0, db: str | None = None) -> None:
        self.companion = Companion(rules)
        self.seed = seed  # nothing is rolled; kept for the store's record
        self.db = saving.StoreLink(db)
        self.write = write
        self._start_history(self.companion.to_dict(), "new battle")
        self._content: Content | None = None

    # ----------------------------------------------------------------- plumbing

    def _commit(self, work: Companion, label: str) -> None:
        start = len(self.companion.lines)
        self.companion = work
        for text in work.lines[start:]:
            self.write(text)
        self._record(work.to_dict(), label)

    def _ops(self, ops: list[Op], label: str) -> None:
        """Apply a line's operations on a copy; the line's effect has then resolved:
        units at 0 HP leave (AMB-56)."""
        work = self.companion.clone()
        for op in ops:
            work.apply(op)
        if work.state is not None and work.state.result is None:
            work.apply(("settle",))
        self._commit(work, label)

    def _adopt_state(self, state: dict[str, Any]) -> None:
        self.companion = Companion.from_dict(state)

    # ----------------------------------------------------------------- dispatch

    def run(self, line: str) -> bool:
        """Execute one line; False on quit. Raises ValueError (nothing changed)."""
        words = line.split()
        if not words or words[0].startswith("#"):
            return True
        cmd = words[0].lower()
        if cmd in ("quit", "exit"):
            return False
        handler = getattr(self, f"cmd_{cmd}", None)
        if handler is not None:
            handler(words[1:], " ".join(words))
        elif cmd in _PLAY_WORDS:
            self._ops(parse_play(self.companion, words), line.strip())
        elif cmd in _EFFECT_WORDS:
            self._ops(parse_effect(self.companion, words), line.strip())
        elif cmd in _VERB_FIRST:
            self._ops(parse_verb_first(self.companion, words), line.strip())
        elif self.companion.state is not None and self._is_unit(cmd):
            self._ops(parse_unit_phrase(self.companion, words), line.strip())
        else:
            raise Usage(f"unknown command {cmd!r} (try 'help')")
        return True

    def _is_unit(self, word: str) -> bool:
        try:
            self.companion.unit(word)
        except CompanionError:
            return False
        return True

    def cmd_help(self, args: list[str], line: str) -> None:
        self.write(HELP)

    def printed(self, word: str) -> CharacterSpec | None:
        """The Character `word` names in the shipped content and the content packs of
        $INITIATIVE_CONTENT_PATH (read once, when an ``add`` first needs it)."""
        if self._content is None:
            try:
                self._content = content_for(())
            except InitiativeError as exc:
                raise Usage(f"your content packs: {exc}") from None
        wanted = word.lower()
        for spec in self._content.characters.values():
            if wanted in (spec.key.lower(), spec.name.lower(), spec.name.split()[0].lower()):
                return spec
        return None

    def cmd_add(self, args: list[str], line: str) -> None:
        unit = parse_add(args, self.printed)
        work = self.companion.clone()
        work.add(unit)
        work.lines.append(f"{unit.name} joins the {unit.side} side: HP {unit.hp}, Speed "
                          f"{unit.speed}, Initiative {unit.initiative} (IB 2.2).")
        self._commit(work, line)

    def cmd_drop(self, args: list[str], line: str) -> None:
        if len(args) != 1:
            raise Usage("usage: drop NAME")
        work = self.companion.clone()
        work.remove_from_roster(args[0])
        work.lines.append(f"{args[0]} leaves the roster.")
        self._commit(work, line)

    def cmd_start(self, args: list[str], line: str) -> None:
        self._ops([("start", list(args))], line)

    def cmd_next(self, args: list[str], line: str) -> None:
        """One meaning of `next` in every tracker: close the activation under way, if
        any, else move on past the unit up, which passes (its activation begins, IB
        3.1.2, and it takes the Pass action, IB 4.9); then announce who is up (not
        started: Breaks between activations may still be declared, AMB-32)."""
        if args:
            raise Usage("usage: next")
        c = self.companion
        state = c.state
        if state is not None and len(state.stack) == 1 and c.active() >= 0:
            self._ops([("end",)], line)
        else:
            work = c.clone()
            work.apply(("next",))
            who = work.active()
            ops: list[Op] = [("next",)]
            if who >= 0 and work.state is not None and len(work.state.stack) == 1:
                ops += [("act", who, "pass"), ("end",)]
            self._ops(ops, line)
        self.announce()

    def cmd_begin(self, args: list[str], line: str) -> None:
        """The announced unit begins its activation (IB 3.1.2, Status Check IB 3.2.2)."""
        if args:
            raise Usage("usage: begin")
        self._ops([("next",)], line)

    def announce(self) -> None:
        """Who is up between activations (not started), if the battle goes on."""
        c = self.companion
        state = c.state
        up = state.track.leftmost() if state is not None and state.result is None else None
        if up is not None and c.active() < 0 and c.breaking() < 0:
            self.write(f"{c.name(up)} is up (not started): Breaks may still be declared; "
                       "'begin' starts its activation, 'next' passes it.")

    def cmd_end(self, args: list[str], line: str) -> None:
        if args:
            raise Usage("usage: end")
        self._ops([("end",)], line)
        self.announce()

    def cmd_units(self, args: list[str], line: str) -> None:
        c = self.companion
        if c.state is None:
            for u in c.units:
                who = f", player {u.player}" if u.player else ""
                self.write(f"  {u.name} ({u.side}{who}) HP {u.hp} Speed {u.speed} "
                           f"Initiative {u.initiative}")
            if not c.units:
                self.write("(no units yet: add NAME side=SIDE hp=N speed=N init=N)")
            return
        for line_ in self.unit_rows():
            self.write("  " + "  ".join(line_))

    cmd_roster = cmd_units

    def unit_rows(self) -> list[tuple[str, ...]]:
        """Per unit in track order, then the defeated: name, side, HP, Charge, statuses,
        place (slot and in/out of round)."""
        c = self.companion
        state = c.started()
        track = state.track
        rows: list[tuple[str, ...]] = []
        match = state.match
        for u in [*track.order, *(u for u in range(match.num_characters)
                                  if not state.on_track(u))]:
            spec = match.units[u]
            if state.on_track(u):
                where = f"slot {track.slot(u) + 1}"
                if track.is_out_of_round(u):
                    where += ", out of round"
            else:
                where = "defeated"
            rows.append((spec.name, match.seats[match.unit_seat[u]].name,
                         f"HP {state.hp[u]}/{spec.hp}", f"Charge {state.charge[u]}",
                         ", ".join(st.names(state.status[u])) or "-", where))
        return rows

    def header(self) -> str:
        """Round (or Time Collapse), who acts, a Break resolving, the result."""
        c = self.companion
        state = c.state
        if state is None:
            return f"setting up: {len(c.units)} unit(s)"
        track = state.track
        parts = ["Time Collapse (no rounds)" if track.rm is None else f"round {track.round}"]
        if state.result is not None:
            parts.append("battle over: " + ("a draw" if state.result < 0 else
                         f"{_team_name(c, state.result)} win"))
        elif c.breaking() >= 0:
            parts.append(f"{c.name(c.breaking())} is breaking")
        elif c.active() >= 0:
            parts.append(f"{c.name(c.active())} is acting")
        else:
            nxt = track.leftmost()
            parts.append("up (not started): " + (c.name(nxt) if nxt is not None else "nobody"))
        return ", ".join(parts)

    def cmd_order(self, args: list[str], line: str) -> None:
        c = self.companion
        self.write(self.header())
        if c.state is not None:
            self.write("track: " + c.state.track.as_text(c.name) +
                       ("  (| is the Round Marker)" if c.state.track.rm is not None else ""))

    cmd_track = cmd_order

    def cmd_log(self, args: list[str], line: str) -> None:
        if not self.companion.lines:
            self.write("(log is empty)")
        for i, text in enumerate(self.companion.lines, 1):
            self.write(f"{i:>3} {text}")

    def cmd_rules(self, args: list[str], line: str) -> None:
        changed = self.companion.config.to_dict(only_changed=True)
        if not changed:
            self.write("  (the rulebook's defaults; `initiative rules` lists the flags)")
        for key, value in changed.items():
            self.write(f"  {key} = {value}")

    # ----------------------------------------------------------------- saving

    def save_data(self) -> dict[str, Any]:
        state = self.companion.to_dict()
        s = self.companion.state
        state["round"] = 0 if s is None else s.track.round
        state["phase"] = "setup" if s is None else "over" if s.result is not None else \
            "collapse" if s.track.rm is None else "battle"
        return {"format": SAVE_FORMAT, "rules": self.rules_data(), "state": state}

    def load_data(self, data: dict[str, Any], label: str) -> None:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise Usage(f"{label} is not a saved Initiative Break companion ({SAVE_FORMAT})")
        try:
            state = dict(data["state"])
            state["rules"] = data.get("rules", state.get("rules", {}))
            loaded = Companion.from_dict(state)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError,
                InitiativeError) as exc:
            raise Usage(f"{label} is not a valid saved battle ({exc})") from None
        loaded.lines.append(f"loaded {label}")
        self._commit(loaded, f"load {label}")

    def rules_data(self) -> dict[str, Any]:
        return self.companion.config.to_dict(only_changed=True)

    def fresh(self, write: Callable[[str], None], rules: dict[str, Any],
              seed: int) -> IBCompanionConsole:
        return IBCompanionConsole(write, parse_config(rules), seed)

    def clone(self, write: Callable[[str], None]) -> IBCompanionConsole:
        copy = IBCompanionConsole(write, self.companion.config, self.seed, self.db.url)
        copy.companion = self.companion.clone()
        self._copy_history(copy)
        return copy

    def cmd_save(self, args: list[str], line: str) -> None:
        if not args:
            raise Usage("usage: save FILE|db:NAME")
        self.write(saving.save(self, " ".join(args), self.db))

    def cmd_load(self, args: list[str], line: str) -> None:
        if not args:
            raise Usage("usage: load FILE|db:NAME")
        saving.load(self, " ".join(args), self.db)

    def cmd_saved(self, args: list[str], line: str) -> None:
        for text in saving.list_saved(self, self.db):
            self.write(text)


def _team_name(c: Companion, team: int) -> str:
    """The side numbered `team` (sides are numbered in the order they were added)."""
    sides = list(dict.fromkeys(u.side for u in c.units))
    return sides[team] if 0 <= team < len(sides) else f"team {team}"
