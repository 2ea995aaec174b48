"""What a new The Initiative table is made of (`TIPlan`), read from the create form or
the JSON API: players (1-4, TI-1), the mission (TI-2), one character per seat, who plays
each seat (a person with a secret link, anyone from the lobby, or a bot by name) and the
house-rule flags (games/ti/flags.py, docs/rules-interpretations.md section 5.5).
`TIPlan.params()` are the `load_game("the_initiative", ...)` parameters that build the
game; a plan the game refuses is a SetupError listing every problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from initiative.engine.errors import ConfigError, ContentError
from initiative.games import load_game_as
from initiative.games.ti.content import default_content
from initiative.games.ti.game import TIGame
from initiative.games.ti.listing import LISTING
from initiative.games.ti.setup import character_seat_label
from initiative.games.ti.specs import TIContent
from initiative.server import seat_form
from initiative.server.flag_form import RuleField, changed_rules
from initiative.server.flag_form import rule_fields as flag_rule_fields
from initiative.server.parts import HUMAN, OPEN, SHARED, SetupError

GAME = "the_initiative"
MIN_PLAYERS, MAX_PLAYERS = 1, 4


@dataclass(frozen=True)
class TISeatPlan:
    player: str
    """The player's name as the form gave it (``Player N`` by default; a solo player's
    second character takes seat 1's, TI-A17)."""
    character: str
    controller: str
    """"human" (a secret link), "open" (anyone from the lobby), "solo" (the solo
    player's second character, played from seat 1's link, TI-A17) or a bot name."""

    @property
    def is_bot(self) -> bool:
        return self.controller not in (HUMAN, OPEN, SHARED)

    @property
    def name(self) -> str:
        """The seat's one name on every page, ``Kestrel (Player 1)`` (as the game's
        `SeatSetup.label`)."""
        return character_seat_label(default_content(), self.player, self.character)


@dataclass(frozen=True)
class TIPlan:
    name: str
    mission: str
    players: int
    """People at the table (TI-1); a solo player may run two seats (TI-A17)."""
    seats: tuple[TISeatPlan, ...]
    rules: dict[str, Any]
    """Only the flags that differ from the recorded defaults."""

    def params(self) -> dict[str, Any]:
        """The `load_game("the_initiative", **params)` parameters of this table."""
        return {"players": self.players, "mission": self.mission,
                "characters": [s.character for s in self.seats],
                "seat_names": [s.player for s in self.seats], "rules": dict(self.rules)}

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "mission": self.mission, "players": self.players,
                "rules": dict(self.rules),
                "seats": [{"name": s.player, "character": s.character,
                           "controller": s.controller} for s in self.seats]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TIPlan:
        return cls(str(data["name"]), str(data["mission"]), int(data["players"]),
                   tuple(TISeatPlan(str(s["name"]), str(s["character"]),
                                    str(s["controller"])) for s in data["seats"]),
                   dict(data["rules"]))


def build_game(plan: TIPlan) -> TIGame:
    """The game of a plan, from the registry (the shipped content); GameParamError
    names a bad plan."""
    return load_game_as(TIGame, "the_initiative", **plan.params())


def rule_fields() -> list[RuleField]:
    """Every TIRules flag, in declaration order, as a form field (with its TI-A ruling
    and what it does)."""
    return flag_rule_fields(LISTING.sections[0])


def mission_choices(content: TIContent) -> list[tuple[str, str]]:
    """Missions in campaign order: (key, "#n Name")."""
    order = [*content.campaign, *sorted(k for k in content.missions
                                        if k not in content.campaign)]
    return [(k, f"#{content.missions[k].number} {content.missions[k].name}") for k in order]


def character_choices(content: TIContent) -> list[tuple[str, str]]:
    """Characters a seat may pick: (key, "Name: special")."""
    return sorted((k, f"{c.name}: {c.text}") for k, c in content.characters.items())


def seat_count(players: int, rules: dict[str, Any]) -> int:
    """Seats at the table: one per person, two for a solo player under TI-A17's
    `characters_per_solo_player: 2`."""
    if players == 1:
        return int(rules.get("characters_per_solo_player", 1))
    return players


def parse_plan(form: dict[str, Any], bots: tuple[str, ...],
               content: TIContent | None = None) -> TIPlan:
    """A plan from form fields (`name`, `players`, `mission`, `seat{i}_name`,
    `seat{i}_character`, `seat{i}_controller`, `rule_{flag}`); SetupError lists every
    problem. The game is built once to check the whole plan.

    A solo player with two characters (TI-A17) plays both from one link: the second
    seat's controller is "solo" (or seat 1's bot when a bot plays alone), whatever the
    form says for it."""
    content = content or default_content()
    problems: list[str] = []
    name = seat_form.table_name(form, "The Initiative")
    players = seat_form.players(form, MIN_PLAYERS, MAX_PLAYERS, 2, problems)
    mission = str(form.get("mission", "") or content.default_mission)
    if mission not in content.missions:
        problems.append(f"mission: unknown mission {mission!r} (missions: "
                        f"{', '.join(sorted(content.missions))})")
    rules = changed_rules(form, problems, rule_fields())
    seats: list[TISeatPlan] = []
    for i in range(seat_count(players, rules)):
        if i < players:
            controller = seat_form.seat_controller(form, i, bots, problems)
        else:  # the solo player's second character (TI-A17): played from seat 1's link
            controller = seats[0].controller if seats[0].is_bot else SHARED
        player = seat_form.seat_name(form, i) if i < players else seats[0].player
        seats.append(TISeatPlan(player,
                                seat_form.seat_character(form, i, content.characters, problems),
                                controller))
    seat_form.distinct_names([s.player for s in seats[:players]], problems)
    if len({s.character for s in seats}) < len(seats):
        problems.append("each seat needs its own character (TI-1)")
    plan = TIPlan(name, mission, players, tuple(seats), rules)
    if not problems:
        try:
            build_game(plan)
        except (ConfigError, ContentError) as exc:
            problems.append(str(exc))
    if problems:
        raise SetupError(problems)
    return plan
