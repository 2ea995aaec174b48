"""What a new table is: its mode, its seats (who plays each: a person or a bot, with a
shipped team or an uploaded team file) and its house rules, read from the create form
or an API request and checked against every rule of the mode at once (IB 6.3, 8.1-8.4,
via `load_game`). Errors name the seat, the card and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from initiative.bots import LEVELS, is_bot_name
from initiative.engine.errors import ConfigError, ContentError
from initiative.engine.rng import Seed
from initiative.games import load_game_as
from initiative.games.ib.config import RulesConfig
from initiative.games.ib.content import Content
from initiative.games.ib.deckbuilding import TeamFile, load_team_text
from initiative.games.ib.formats import FORMATS, is_fixture
from initiative.games.ib.match import Match
from initiative.games.ib.modes import MODES
from initiative.games.ib.presets import (
    default_count,
    default_encounter,
    playable_teams,
    player_range,
    preset_teams,
    seat_name,
)
from initiative.games.ib.setup import IBGame
from initiative.server.parts import HUMAN, OPEN, SetupError

MAX_NAME = 40
MAX_TEAM_TEXT = 20_000
"""An uploaded team file larger than this is refused before it is parsed."""
MODE_NAMES = {"1v1": "Duel (1v1)", "2v2": "Teams 2v2", "1v3": "One against three (1v3)",
              "3v3": "Teams 3v3", "4v4": "Teams 4v4", "2v2v2v2": "Four teams of two",
              "ffa": "Free-for-all", "solo": "Solo against an encounter",
              "coop": "Co-op against an encounter"}


@dataclass(frozen=True)
class SeatPlan:
    """One seat: shown name, the team (a shipped key, or an uploaded team file's text)
    and who plays it: `human` or a bot name (`easy`, `normal`, `expert`, `ismcts@200`...)."""

    name: str
    team: str
    controller: str = HUMAN
    team_text: str = ""

    @property
    def is_bot(self) -> bool:
        return self.controller not in (HUMAN, OPEN)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "team": self.team, "controller": self.controller,
                "team_text": self.team_text}


@dataclass(frozen=True)
class TableSetup:
    """A table to create: `mode` is a format of IB 8.2 or solo/co-op (IB 6, 8.1)."""

    name: str
    mode: str
    seats: tuple[SeatPlan, ...]
    encounter: str | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    guided: bool = False
    """A tutorial table: hints at each decision (server/ib/tutorial.py)."""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "mode": self.mode,
                "seats": [s.to_dict() for s in self.seats], "encounter": self.encounter,
                "rules": dict(self.rules), "guided": self.guided}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSetup:
        seats = tuple(SeatPlan(str(s["name"]), str(s["team"]), str(s["controller"]),
                               str(s.get("team_text", ""))) for s in data["seats"])
        return cls(str(data["name"]), str(data["mode"]), seats, data.get("encounter"),
                   dict(data.get("rules") or {}), bool(data.get("guided", False)))

    def build(self, content: Content, seed: Seed) -> Match:
        """The match; SetupError lists every problem (deck rules per seat included)."""
        teams: list[str | TeamFile] = []
        problems: list[str] = []
        for i, seat in enumerate(self.seats):
            if seat.team_text:
                try:
                    teams.append(load_team_text(seat.team_text, f"seat {i + 1} team file"))
                except ContentError as exc:
                    problems.append(str(exc))
            else:
                teams.append(seat.team)
        if problems:
            raise SetupError(problems)
        try:
            game = load_game_as(IBGame, "initiative_break", mode=self.mode, teams=teams,
                             encounter=self.encounter, content=content, rules=self.rules,
                             rival_seed=seed, seat_names=[plan.name for plan in self.seats])
        except (ContentError, ConfigError) as exc:
            raise SetupError(_split(str(exc))) from None
        return game.match


def _split(message: str) -> list[str]:
    """`build_match`'s message ("mode: problem; problem; ...") as one line per problem.
    Every problem names what it is about ("Team (seat 1 team file): IB-2.7.3 ..."), so
    a part without ": " is the rest of the problem before it, whose own text held a
    "; " ("IB-2.2.1 wren: has no Keystone; give each Character one")."""
    head, _, rest = message.partition(": ")
    if not rest:
        return [message]
    parts: list[str] = []
    for part in rest.split("; "):
        if parts and ": " not in part:
            parts[-1] += "; " + part
        else:
            parts.append(part)
    return [f"{head}: {part}" for part in parts]


def _text(form: Mapping[str, Any], key: str, default: str = "") -> str:
    value = form.get(key, default)
    return value.strip() if isinstance(value, str) else default


def offered_teams(content: Content) -> list[tuple[str, str]]:
    """The shipped teams a seat may choose, as (key, name): test fixtures left out."""
    return [(key, content.teams[key][0]) for key in playable_teams(content)]


def mode_seating(content: Content) -> dict[str, dict[str, Any]]:
    """For the create form's script, per mode: `default`, the players it seats when not
    told, and `presets`, per number of players it may seat, each seat's preset team name."""
    return {mode: {"default": default_count(mode), "presets": {
        n: [content.teams[key][0] for key in preset_teams(mode, n)]
        for n in range(player_range(mode)[0], player_range(mode)[1] + 1)}}
        for mode in MODE_NAMES}


def _count(form: Mapping[str, Any], mode: str) -> int:
    """Players at the table: fixed by the format, or the `players` field (empty: the
    mode's default) for co-op and free-for-all."""
    low, high = player_range(mode)
    if low == high:
        return low
    text = _text(form, "players")
    if not text:
        return default_count(mode)
    try:
        count = int(text)
    except ValueError:
        count = 0
    if not low <= count <= high:
        raise SetupError([f"players: {mode} is {low} to {high} players"])
    return count


def _team_problems(where: str, team: str, content: Content) -> list[str]:
    """Why a seat cannot play shipped team `team` (none: it can)."""
    if is_fixture(team):
        return [f"{where} team: {team} is an engine test fixture, not a team to play (it "
                "breaks IB 2.2.1); choose a starter team"]
    if team not in content.teams:
        return [f"{where} team: unknown {team!r}; choose a starter team or upload a team "
                "file"]
    return []


def parse_setup(form: Mapping[str, Any], content: Content) -> TableSetup:
    """A TableSetup from the create form's fields (`mode`, `players`, `encounter`,
    `rules`, and per seat i: `seat{i}_name`, `seat{i}_team`, `seat{i}_controller`,
    `seat{i}_upload`). Every problem is reported at once, by field. A seat without a
    team plays the mode's preset (games/ib/presets.py); solo and co-op without an
    encounter face the default one; fields of seats the mode does not use are ignored."""
    problems: list[str] = []
    mode = _text(form, "mode", "1v1") or "1v1"
    if mode not in FORMATS and mode not in MODES:
        problems.append(f"mode: unknown {mode!r} (known: {', '.join((*FORMATS, *MODES))})")
        raise SetupError(problems)
    count = _count(form, mode)
    presets = preset_teams(mode, count)
    seats = []
    for i in range(count):
        where = f"seat {i + 1}"
        name = _text(form, f"seat{i}_name") or seat_name(i)
        if len(name) > MAX_NAME:
            problems.append(f"{where} name: at most {MAX_NAME} characters")
        controller = _text(form, f"seat{i}_controller", HUMAN)
        if controller not in (HUMAN, OPEN) and not is_bot_name(controller):
            problems.append(f"{where} player: {controller!r} is neither a person ({HUMAN}, "
                            f"{OPEN}) nor a bot ({', '.join(LEVELS)})")
        upload = form.get(f"seat{i}_upload", "")
        upload = upload if isinstance(upload, str) else ""
        if len(upload) > MAX_TEAM_TEXT:
            problems.append(f"{where} team file: larger than {MAX_TEAM_TEXT} characters")
            upload = ""
        team = _text(form, f"seat{i}_team") or presets[i]
        if not upload.strip():
            problems += _team_problems(where, team, content)
        seats.append(SeatPlan(name, team, controller, upload if upload.strip() else ""))
    encounter = _text(form, "encounter") or default_encounter(mode)
    if encounter is not None and encounter not in content.encounters:
        problems.append(f"encounter: unknown {encounter!r}")
    rules = _rules(_text(form, "rules"), problems)
    if problems:
        raise SetupError(problems)
    table_name = _text(form, "name") or f"{MODE_NAMES[mode]} table"
    return TableSetup(table_name[:MAX_NAME * 2], mode, tuple(seats), encounter, rules)


def _rules(text: str, problems: list[str]) -> dict[str, Any]:
    """House rules as `flag=value` items separated by commas or lines."""
    rules: dict[str, Any] = {}
    for item in text.replace(",", "\n").splitlines():
        item = item.strip()
        if not item:
            continue
        flag, sep, value = item.partition("=")
        if not sep:
            problems.append(f"rules: {item!r} is not flag=value")
            continue
        rules[flag.strip()] = _value(value.strip())
    if rules:
        try:
            RulesConfig().with_flags(rules, "rules")
        except (ConfigError, ContentError) as exc:  # an unknown flag is a ConfigError
            problems.append(str(exc))
    return rules


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text
