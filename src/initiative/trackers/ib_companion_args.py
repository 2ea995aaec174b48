"""The Initiative Break companion's command grammar: one line in, the companion
operations it stands for out (:mod:`initiative.games.ib.companion`).

Lines read as the table says them ("Kaede basic attack on Ember for 3", "apply Weaken
to Ember", "Ember Move Up 2", "Ember declares an Initiative Break", "play Support");
words are case-insensitive and unit names are single words. Nothing here knows a rule:
the companion checks and applies every operation.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from initiative.games.ib import statuses as st
from initiative.games.ib.companion import Companion, CompanionError, Op, TableUnit
from initiative.games.ib.specs import CharacterSpec

__all__ = ["ATTACK_KINDS", "COMMAND_WORDS", "PrintedStats", "Usage", "parse_add", "parse_play",
           "parse_verb_first"]

COMMAND_WORDS = frozenset({
    "add", "drop", "units", "roster", "start", "next", "begin", "end", "pass", "play", "damage",
    "attack", "move",
    "heal", "apply", "cleanse", "charge", "break", "defeat", "order", "track", "log",
    "rules", "undo", "redo", "save", "load", "saved", "help", "quit", "exit"})
"""Words a unit may not be called (they start commands)."""


class Usage(CompanionError):
    """A line the grammar cannot read; nothing changed."""


def _whole(text: str, what: str, signed: bool = False) -> int:
    pattern = r"[+-]?\d+" if signed else r"\d+"
    if not re.fullmatch(pattern, text):
        raise Usage(f"{what} must be a whole number, not {text!r}")
    return int(text)


_ADD_KEYS = {"side": "side", "hp": "hp", "speed": "speed", "init": "initiative",
             "initiative": "initiative", "player": "player", "as": "as"}
ADD_USAGE = "add NAME side=SIDE hp=N speed=N init=N [player=PLAYER] [as=CHARACTER]"

PrintedStats = Callable[[str], "CharacterSpec | None"]
"""The printed Character a word names (its key, its name or the first word of its name)
in the content (shipped plus the player's content packs), or None."""


def parse_add(args: list[str], printed: PrintedStats | None = None) -> TableUnit:
    """``add NAME side=SIDE hp=N speed=N init=N [player=P]`` (printed stats, IB 2.2);
    stats left out are read from the Character ``as=CHARACTER`` (default: NAME) of the
    content, a player's content pack included (docs/content-packs.md)."""
    if not args or "=" in args[0]:
        raise Usage(f"usage: {ADD_USAGE}")
    name = args[0]
    if name.lower() in COMMAND_WORDS or not re.fullmatch(r"[A-Za-z][\w'-]*", name):
        raise Usage(f"{name!r} cannot be a unit name (one word, not a command word)")
    values: dict[str, str] = {}
    for item in args[1:]:
        key, eq, value = item.partition("=")
        field = _ADD_KEYS.get(key.lower())
        if not eq or field is None or not value:
            raise Usage(f"{item!r}: expected one of side=, hp=, speed=, init=, player=, as= "
                        f"(usage: {ADD_USAGE})")
        values[field] = value
    stats = ("hp", "speed", "initiative")
    spec = printed(values.get("as", name)) if printed is not None else None
    if "as" in values and spec is None:
        raise Usage(f"add {name}: no Character {values['as']!r} in the content or your "
                    "content packs (--content-pack)")
    if spec is not None:
        for field in stats:
            values.setdefault(field, str(getattr(spec, field)))
    missing = [k for k in ("side", *stats) if k not in values]
    if missing:
        raise Usage(f"add {name}: missing {', '.join(missing)} (usage: {ADD_USAGE})")
    return TableUnit(name, values["side"], _whole(values["hp"], "hp"),
                     _whole(values["speed"], "speed"),
                     _whole(values["initiative"], "init"), values.get("player", ""))


def status_of(word: str) -> int:
    try:
        return st.BY_NAME[word.lower()]
    except KeyError:
        raise Usage(f"unknown status {word!r} (known: {', '.join(st.NAMES)})") from None


def parse_play(companion: Companion, words: list[str]) -> list[Op]:
    """``play WHAT...`` (the active unit's action is a card, IB 4.4-4.8), ``pass``."""
    who = companion.active()
    if who < 0:
        raise Usage("nobody is acting: 'next' starts the next activation")
    if words[0].lower() == "pass":
        if len(words) != 1:
            raise Usage("usage: pass")
        return [("act", who, "pass")]
    if len(words) < 2:
        raise Usage("usage: play WHAT (e.g. play Support)")
    return [("act", who, " ".join(words[1:]))]


_ATTACK = re.compile(r"(basic attack|advanced attack|break art|keystone(?: ability)?)"
                     r"(?: on (\S+) for (\d+))?", re.IGNORECASE)


def parse_unit_phrase(companion: Companion, words: list[str]) -> list[Op]:
    """A line starting with a unit's name: its attack, damage, move, Charge or Break."""
    unit = companion.unit(words[0])
    rest = " ".join(words[1:])
    attack = _ATTACK.fullmatch(rest)
    if attack:
        kind = attack.group(1).split()[0].lower()
        kind = {"break": "break_art"}.get(kind, kind)
        ops: list[Op] = [("act", unit, kind)]
        if attack.group(2):
            target = companion.unit(attack.group(2))
            ops.append(("damage", unit, target, int(attack.group(3)), None))
        if kind == "basic":  # IB 3.7.1 / 4.1.1: a Basic Attack gains 1 Charge
            ops.append(("charge", unit, 1))
        return ops
    m = re.fullmatch(r"deals (\d+)(?: damage)? to (\S+)", rest, re.IGNORECASE)
    if m:
        return [("damage", unit, companion.unit(m.group(2)), int(m.group(1)), None)]
    m = re.fullmatch(r"moves? (up|back) (\d+)", rest, re.IGNORECASE)
    if m:
        amount = int(m.group(2))
        return [("move", unit, -amount if m.group(1).lower() == "up" else amount)]
    m = re.fullmatch(r"(gains|loses|spends) (\d+) charge", rest, re.IGNORECASE)
    if m:
        amount = int(m.group(2))
        return [("charge", unit, amount if m.group(1).lower() == "gains" else -amount)]
    if re.fullmatch(r"(declares )?(an )?initiative break|breaks", rest, re.IGNORECASE):
        return [("break", [unit])]
    m = re.fullmatch(r"heals (\d+)", rest, re.IGNORECASE)
    if m:
        return [("heal", unit, int(m.group(1)))]
    raise Usage(f"cannot read {' '.join(words)!r}: after a unit's name say 'basic attack "
                "on TARGET for N', 'advanced attack ...', 'break art ...', 'deals N to "
                "TARGET', 'move up N', 'move back N', 'gains N charge', 'heals N' or "
                "'declares an Initiative Break' (help lists all)")


ATTACK_KINDS = {"basic": "basic attack", "advanced": "advanced attack",
                "break_art": "break art", "keystone": "keystone"}
"""`attack NAME KIND`: the kinds, and how a unit's phrase says them."""


def parse_verb_first(companion: Companion, words: list[str]) -> list[Op]:
    """The unit phrases said command first, as forms and buttons write them:
    ``attack NAME basic|advanced|break_art|keystone [on TARGET for N]`` is ``NAME basic
    attack [on TARGET for N]``; ``move NAME up|back N`` is ``NAME move up|back N``."""
    cmd, args = words[0].lower(), words[1:]
    if cmd == "attack":
        kind = ATTACK_KINDS.get(args[1].lower()) if len(args) >= 2 else None
        if kind is None or len(args) not in (2, 6):
            raise Usage(f"usage: attack NAME {'|'.join(ATTACK_KINDS)} [on TARGET for N]")
        return parse_unit_phrase(companion, [args[0], *kind.split(), *args[2:]])
    if cmd == "move":
        if len(args) != 3 or args[1].lower() not in ("up", "back"):
            raise Usage("usage: move NAME up|back N")
        return parse_unit_phrase(companion, [args[0], "move", *args[1:]])
    raise Usage(f"unknown command {cmd!r} (try 'help')")


def parse_effect(companion: Companion, words: list[str]) -> list[Op]:
    """damage / heal / apply / cleanse / charge / break / defeat, command first."""
    cmd, args = words[0].lower(), words[1:]
    low = [a.lower() for a in args]
    if cmd == "damage":
        if len(args) == 4 and low[2] == "from":
            return [("damage", companion.unit(args[3]), companion.unit(args[0]),
                     _whole(args[1], "damage"), None)]
        if len(args) != 2:
            raise Usage("usage: damage TARGET N [from NAME]")
        return [("damage", -1, companion.unit(args[0]), _whole(args[1], "damage"), None)]
    if cmd == "heal":
        if len(args) != 2:
            raise Usage("usage: heal TARGET N")
        return [("heal", companion.unit(args[0]), _whole(args[1], "healing"))]
    if cmd == "apply":
        if len(args) not in (3, 4) or low[1] != "to":
            raise Usage("usage: apply STATUS to TARGET [xN]")
        times = _whole(low[3][1:], "xN") if len(args) == 4 and low[3].startswith("x") else 1
        if len(args) == 4 and not low[3].startswith("x"):
            raise Usage("usage: apply STATUS to TARGET [xN]")
        status, target = status_of(args[0]), companion.unit(args[2])
        return [("status", target, status)] * times
    if cmd == "cleanse":
        if len(args) != 3 or low[1] != "from":
            raise Usage("usage: cleanse STATUS|all from TARGET")
        status = -1 if low[0] == "all" else status_of(args[0])
        return [("cleanse", companion.unit(args[2]), status)]
    if cmd == "charge":
        if len(args) != 2:
            raise Usage("usage: charge NAME +N|-N")
        return [("charge", companion.unit(args[0]), _whole(args[1], "charge", signed=True))]
    if cmd == "break":
        if low == ["end"] or low == ["ends"]:
            return [("break_end",)]
        if not args:
            raise Usage("usage: break NAME [NAME ...] | break end")
        return [("break", [companion.unit(a) for a in args])]
    if cmd == "defeat":
        if not args:
            raise Usage("usage: defeat NAME [NAME ...]")
        return [("defeat", [companion.unit(a) for a in args])]
    raise Usage(f"unknown command {cmd!r} (try 'help')")
