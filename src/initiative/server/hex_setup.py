"""What a new hex skirmish table is made of (`HexPlan`), read from the create form or the
JSON API: players (2-4), board, one character per seat, who plays each seat (a person
with a secret link, anyone from the lobby, or a bot by name) and the house-rule flags
(games/hex/flags.py, docs/rules-interpretations.md). `HexPlan.params()` are the
`load_game("hex_skirmish", ...)` parameters that build the game (`HexSetup.to_params`
form); a plan the game refuses is a SetupError listing every problem.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, fields
from typing import Any, Literal, Union, get_args, get_origin

from initiative.engine.errors import ConfigError, ContentError
from initiative.games import load_game
from initiative.games.hex.content import default_content
from initiative.games.hex.flag_notes import HEX_FLAG_NOTES
from initiative.games.hex.flags import HexRules
from initiative.games.hex.specs import HexContent
from initiative.server.setup import SetupError

GAME = "hex_skirmish"
HUMAN = "human"
OPEN = "open"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_NAME = 40
MAX_TABLE_NAME = 80


@dataclass(frozen=True)
class HexSeatPlan:
    name: str
    character: str
    controller: str
    """"human" (a secret link), "open" (anyone from the lobby) or a bot name."""

    @property
    def is_bot(self) -> bool:
        return self.controller not in (HUMAN, OPEN)


@dataclass(frozen=True)
class HexPlan:
    name: str
    board: str
    seats: tuple[HexSeatPlan, ...]
    rules: dict[str, Any]
    """Only the flags that differ from the recorded defaults."""

    def params(self) -> dict[str, Any]:
        """The `load_game("hex_skirmish", **params)` parameters of this table."""
        return {"players": len(self.seats), "board": self.board,
                "characters": [s.character for s in self.seats],
                "seat_names": [s.name for s in self.seats], "rules": dict(self.rules)}

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "board": self.board, "rules": dict(self.rules),
                "seats": [{"name": s.name, "character": s.character,
                           "controller": s.controller} for s in self.seats]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HexPlan:
        return cls(str(data["name"]), str(data["board"]),
                   tuple(HexSeatPlan(str(s["name"]), str(s["character"]),
                                     str(s["controller"])) for s in data["seats"]),
                   dict(data["rules"]))


@dataclass(frozen=True)
class RuleField:
    """One house-rule flag as the form offers it: `kind` "bool", "choice" or "number"."""

    name: str
    kind: str
    default: Any
    options: tuple[str, ...] = ()
    optional: bool = False

    @property
    def rule_id(self) -> str:
        """The ruling the flag settles (HX-An)."""
        return HEX_FLAG_NOTES.get(self.name, ("", ""))[0]

    @property
    def note(self) -> str:
        """What its values do, in one line."""
        return HEX_FLAG_NOTES.get(self.name, ("", ""))[1]


def rule_fields() -> list[RuleField]:
    """Every HexRules flag, in declaration order, as a form field."""
    hints = typing.get_type_hints(HexRules)
    out = []
    for f in fields(HexRules):
        hint = hints[f.name]
        args = [a for a in get_args(hint) if a is not type(None)]
        optional = get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint)
        if hint is bool:
            out.append(RuleField(f.name, "bool", f.default))
        elif get_origin(hint) is Literal:
            out.append(RuleField(f.name, "choice", f.default, tuple(map(str, get_args(hint)))))
        elif hint is int or (optional and args == [int]):
            out.append(RuleField(f.name, "number", f.default, optional=optional))
    return out


def _rules(form: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    """The flags the form changes from their defaults (`rule_NAME` fields)."""
    changed: dict[str, Any] = {}
    for field in rule_fields():
        raw = str(form.get(f"rule_{field.name}", "")).strip()
        if not raw:
            continue
        value: Any
        if field.kind == "bool":
            if raw not in ("yes", "no"):
                problems.append(f"house rule {field.name}: yes or no, got {raw!r}")
                continue
            value = raw == "yes"
        elif field.kind == "choice":
            if raw not in field.options:
                problems.append(f"house rule {field.name}: one of {', '.join(field.options)}, "
                                f"got {raw!r}")
                continue
            value = raw
        else:
            if field.optional and raw == "none":
                value = None
            elif raw.lstrip("-").isdigit() and len(raw) < 6:
                value = int(raw)
            else:
                problems.append(f"house rule {field.name}: a whole number"
                                f"{' or none' if field.optional else ''}, got {raw!r}")
                continue
        if value != field.default:
            changed[field.name] = value
    return changed


def seat_choices(content: HexContent) -> list[tuple[str, str]]:
    """Characters a seat may pick: (key, name)."""
    return sorted((k, c.name) for k, c in content.characters.items())


def board_choices(content: HexContent) -> list[tuple[str, str, list[int]]]:
    """Boards: (key, name, the player counts it seats)."""
    return [(k, b.name, sorted(b.starts)) for k, b in sorted(content.boards.items())]


def parse_plan(form: dict[str, Any], bots: tuple[str, ...],
               content: HexContent | None = None) -> HexPlan:
    """A plan from form fields (`name`, `players`, `board`, `seat{i}_name`,
    `seat{i}_character`, `seat{i}_controller`, `rule_{flag}`); SetupError lists every
    problem. The game is built once to check the whole plan."""
    content = content or default_content()
    problems: list[str] = []
    name = " ".join(str(form.get("name", "")).split())[:MAX_TABLE_NAME] or "Hex skirmish"
    raw_players = str(form.get("players", "") or MIN_PLAYERS).strip()
    players = int(raw_players) if raw_players.isdigit() else 0
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        problems.append(f"players: {MIN_PLAYERS} to {MAX_PLAYERS}, got {raw_players!r}")
        players = MIN_PLAYERS
    board = str(form.get("board", "") or content.default_board)
    if board not in content.boards:
        problems.append(f"board: unknown board {board!r} (boards: "
                        f"{', '.join(sorted(content.boards))})")
    elif players not in content.boards[board].starts:
        counts = ", ".join(map(str, sorted(content.boards[board].starts)))
        problems.append(f"board {board!r} seats {counts} players, not {players}")
    characters = sorted(content.characters)
    seats = []
    for i in range(players):
        seat_name = " ".join(str(form.get(f"seat{i}_name", "")).split())[:MAX_NAME] \
            or f"Player {i + 1}"
        character = str(form.get(f"seat{i}_character", "") or characters[i % len(characters)])
        if character not in content.characters:
            problems.append(f"seat {i + 1}: unknown character {character!r} (characters: "
                            f"{', '.join(characters)})")
        controller = str(form.get(f"seat{i}_controller", "") or HUMAN)
        if controller not in (HUMAN, OPEN, *bots):
            problems.append(f"seat {i + 1}: played by {controller!r}? (human, open, "
                            f"{', '.join(bots)})")
        seats.append(HexSeatPlan(seat_name, character, controller))
    if len({s.name for s in seats}) < len(seats):
        problems.append("seat names must differ")
    plan = HexPlan(name, board, tuple(seats), _rules(form, problems))
    if not problems:
        try:
            load_game(GAME, **plan.params())
        except (ConfigError, ContentError) as exc:
            problems.append(str(exc))
    if problems:
        raise SetupError(problems)
    return plan
