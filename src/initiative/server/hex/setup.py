"""What a new hex skirmish table is made of (`HexPlan`), read from the create form or the
JSON API: players (2-4), board, one character per seat, who plays each seat (a person
with a secret link, anyone from the lobby, or a bot by name) and the house-rule flags
(games/hex/flags.py, docs/rules-interpretations.md). `HexPlan.params()` are the
`load_game("hex_skirmish", ...)` parameters that build the game (`HexSetup.to_params`
form); a plan the game refuses is a SetupError listing every problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from initiative.engine.errors import ConfigError, ContentError
from initiative.games import load_game
from initiative.games.hex.content import default_content
from initiative.games.hex.listing import LISTING
from initiative.games.hex.setup import character_seat_label
from initiative.games.hex.specs import HexContent
from initiative.server import seat_form
from initiative.server.flag_form import RuleField, changed_rules
from initiative.server.flag_form import rule_fields as flag_rule_fields
from initiative.server.parts import HUMAN, OPEN, SetupError

GAME = "hex_skirmish"
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class HexSeatPlan:
    player: str
    """The player's name as the form gave it (``Player N`` by default)."""
    character: str
    controller: str
    """"human" (a secret link), "open" (anyone from the lobby) or a bot name."""

    @property
    def name(self) -> str:
        """The seat's one name on every page, ``Kestrel (Player 1)`` (as the game's
        `SeatSetup.label`)."""
        return character_seat_label(default_content(), self.player, self.character)

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
                "seat_names": [s.player for s in self.seats], "rules": dict(self.rules)}

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "board": self.board, "rules": dict(self.rules),
                "seats": [{"name": s.player, "character": s.character,
                           "controller": s.controller} for s in self.seats]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HexPlan:
        return cls(str(data["name"]), str(data["board"]),
                   tuple(HexSeatPlan(str(s["name"]), str(s["character"]),
                                     str(s["controller"])) for s in data["seats"]),
                   dict(data["rules"]))


def rule_fields() -> list[RuleField]:
    """Every HexRules flag, in declaration order, as a form field."""
    return flag_rule_fields(LISTING.sections[0])


def _rules(form: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    """The flags the form changes from their defaults (`rule_NAME` fields)."""
    return changed_rules(form, problems, rule_fields())


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
    name = seat_form.table_name(form, "Hex skirmish")
    players = seat_form.players(form, MIN_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, problems)
    board = str(form.get("board", "") or content.default_board)
    if board not in content.boards:
        problems.append(f"board: unknown board {board!r} (boards: "
                        f"{', '.join(sorted(content.boards))})")
    elif players not in content.boards[board].starts:
        counts = ", ".join(map(str, sorted(content.boards[board].starts)))
        problems.append(f"board {board!r} seats {counts} players, not {players}")
    seats = [HexSeatPlan(seat_form.seat_name(form, i),
                         seat_form.seat_character(form, i, content.characters, problems),
                         seat_form.seat_controller(form, i, bots, problems))
             for i in range(players)]
    seat_form.distinct_names([s.player for s in seats], problems)
    plan = HexPlan(name, board, tuple(seats), _rules(form, problems))
    if not problems:
        try:
            load_game(GAME, **plan.params())
        except (ConfigError, ContentError) as exc:
            problems.append(str(exc))
    if problems:
        raise SetupError(problems)
    return plan
