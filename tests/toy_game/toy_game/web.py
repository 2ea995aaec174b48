"""Lantern race at the web table: its `web` part (initiative.server.parts `WebGame`),
`SITE`. Everything a table does (the lobby, links, chat, undo, spectators, stand-ins,
replay, rematch, the JSON API) is the server's; this says only what is the game's own:

- setup: the create form's fields (two seats, who goes first, the house rules) as a
  `ToyPlan`, and the game built from it;
- play: what meets chance or reveals a card (`secrets_mark`: the generator, the deck and
  the discard pile), the lobby's line, the record;
- pages: its templates (`templates/`, found as `toy/NAME`), one seat's regions drawn
  from that seat's view alone, the JSON client's state, the how-to-play page.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from toy_game.game import NAME, ToyGame
from toy_game.listing import LISTING
from toy_game.record import record_of
from toy_game.setup import SEATS
from toy_game.state import ToyState
from toy_game.view import ToyView

from initiative.bots import bot_names
from initiative.engine.errors import ConfigError, ContentError
from initiative.engine.rng import Seed
from initiative.games import load_game_as
from initiative.server import guides, seat_form
from initiative.server.flag_form import RuleField, changed_rules
from initiative.server.flag_form import rule_fields as flag_rule_fields
from initiative.server.guides import Topic
from initiative.server.log_lines import first_shown, with_notices
from initiative.server.pages import env
from initiative.server.parts import (
    HUMAN,
    OPEN,
    Rendered,
    SeatPage,
    SetupError,
    Templates,
    WebGame,
)

REGIONS = ("status", "path", "actions", "hand", "log")
"""The page's regions (`toy/_NAME.html`, element id `toy-NAME`)."""


@dataclass(frozen=True)
class ToySeatPlan:
    name: str
    controller: str
    """HUMAN (a secret link), OPEN (anyone from the lobby) or a bot's name."""


@dataclass(frozen=True)
class ToyPlan:
    """A table as the create form chose it."""

    name: str
    seats: tuple[ToySeatPlan, ...]
    first: int
    rules: dict[str, Any]
    """Only the flags that differ from the defaults."""

    def params(self) -> dict[str, Any]:
        """The `load_game("toy", **params)` parameters of this table."""
        return {"seat_names": [s.name for s in self.seats], "first": self.first,
                "rules": dict(self.rules)}

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "first": self.first, "rules": dict(self.rules),
                "seats": [{"name": s.name, "controller": s.controller} for s in self.seats]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ToyPlan:
        return cls(str(data["name"]), tuple(ToySeatPlan(str(s["name"]), str(s["controller"]))
                                            for s in data["seats"]),
                   int(data["first"]), dict(data["rules"]))


def rule_fields() -> list[RuleField]:
    """Every house-rule flag as a form field (the die as a choice of its sizes)."""
    return flag_rule_fields(LISTING.sections[0])


def _seat(form: Mapping[str, str], i: int, bots: Sequence[str], problems: list[str]
          ) -> ToySeatPlan:
    name = " ".join(str(form.get(f"seat{i}_name", "")).split())[:seat_form.MAX_NAME]
    controller = str(form.get(f"seat{i}_controller", "") or HUMAN)
    if controller not in (HUMAN, OPEN, *bots):
        problems.append(f"seat {i + 1}: played by {controller!r}? (human, open, "
                        f"{', '.join(bots)})")
    return ToySeatPlan(name or f"Player {i + 1}", controller)


def parse_plan(form: Mapping[str, str], bots: Sequence[str]) -> ToyPlan:
    """A plan from form fields (`name`, `first`, `seat{i}_name`, `seat{i}_controller`,
    `rule_{flag}`); SetupError lists every problem. The game is built once to check
    the whole plan."""
    problems: list[str] = []
    fields = dict(form)
    seats = tuple(_seat(form, i, bots, problems) for i in range(SEATS))
    seat_form.distinct_names([s.name for s in seats], problems)
    first = str(form.get("first", "") or "0")
    if first not in ("0", "1"):
        problems.append(f"first: seat 0 or 1, got {first!r}")
    plan = ToyPlan(seat_form.table_name(fields, "Lantern race"), seats,
                   int(first) if first in ("0", "1") else 0,
                   changed_rules(fields, problems, rule_fields()))
    if not problems:
        try:
            load_game_as(ToyGame, NAME, **plan.params())
        except (ConfigError, ContentError) as exc:
            problems.append(str(exc))
    if problems:
        raise SetupError(problems)
    return plan


TOPICS = (
    Topic("goal", "Goal", "TOY-1, TOY-6, TOY-7", (
        "Two lanterns start at the beginning of a path, 20 steps long unless the table "
        "changed it. The first to reach the end wins at once; a move that would pass the "
        "end comes back by the steps too many.",
        "If the round limit comes first, the lantern furthest along wins; level lanterns "
        "draw.",
    )),
    Topic("turn", "A turn", "TOY-2, TOY-3, TOY-4, TOY-5", (
        "Each player holds three cards no one else sees. On your turn choose one: walk "
        "one step; roll the die and go that many steps (but a 1 makes you stumble back); "
        "or play a card: a move card takes you its steps on, a gust blows the other "
        "lantern back. After playing a card you draw another.",
    )),
)
TABLE_HELP = (
    "Your choices are the buttons under Your choices; your hand is below them. A walk "
    "meets no chance and shows nothing, so you may take it back with Undo until someone "
    "acts; a roll or a card may not be taken back.",
)


class ToyWeb(WebGame[ToyPlan, ToyGame, ToyState, ToyView]):
    name: ClassVar[str] = NAME
    templates: ClassVar[Templates] = Templates("toy/new.html", "toy/table.html",
                                               "toy/how_to_play.html")
    regions: ClassVar[tuple[str, ...]] = tuple(f"toy-{r}" for r in REGIONS)
    stand_in: ClassVar[str] = "random"
    template_folder: ClassVar[Path | None] = Path(__file__).parent / "templates"

    def parse(self, form: Mapping[str, str]) -> ToyPlan:
        return parse_plan(form, bot_names(NAME))

    def read_plan(self, data: Mapping[str, Any]) -> ToyPlan:
        return ToyPlan.from_dict(data)

    def form_values(self) -> dict[str, Any]:
        return {"bots": bot_names(NAME), "rules": rule_fields()}

    def build(self, plan: ToyPlan, seed: Seed) -> ToyGame:
        try:
            return load_game_as(ToyGame, NAME, **plan.params())
        except ConfigError as exc:
            raise SetupError([str(exc)]) from None

    def first_state(self, game: ToyGame, seed: Seed) -> ToyState:
        return game.new_initial_state(seed)

    def secrets_mark(self, state: ToyState) -> Hashable:
        """A roll or a shuffle draws from the generator; a played card comes out of a
        hidden hand onto the discard pile; a draw takes a hidden card."""
        return state.rng.state, len(state.deck), len(state.discard)

    def lobby_detail(self, plan: ToyPlan, state: ToyState) -> str:
        return f"round {state.round}, {state.setup.rules.goal} steps"

    def record(self, game: ToyGame, seed: Seed, state: ToyState, actions: Sequence[int]
               ) -> dict[str, Any]:
        return record_of(state, game, seed, with_log=True).to_dict()

    def log_length(self, state: ToyState) -> int:
        return len(state.events)

    def render(self, page: SeatPage[ToyView]) -> Rendered:
        return render(page)

    def json_state(self, public: Any, view: ToyView, log_from: int) -> dict[str, Any]:
        data = view.to_dict()
        return {"view": data, "legal": [{"index": a["index"], "text": a["text"]}
                                        for a in data["legal"]]}

    def guide_values(self) -> dict[str, Any]:
        return {"topics": TOPICS, "flags": guides.flag_rows(LISTING.sections[0]),
                "table_help": TABLE_HELP}


def render(page: SeatPage[ToyView]) -> Rendered:
    """One seat's regions, from its view and the table's public facts alone."""
    view = page.view.to_dict()
    names = view["seat_names"]
    log = [entry["text"] for entry in view["log"]]
    first = first_shown(len(log))
    mine = page.mine and bool(view["legal"])
    winner = view["winner"]
    ctx = {"view": view, "page": page, "names": names, "mine": mine,
           "choices": view["legal"] if mine else [],
           "decider": names[page.decider] if 0 <= page.decider < SEATS else None,
           "winner": names[winner] if winner is not None else None,
           "log": with_notices(log[first:], first, page.notices, page.notice_at)}
    regions = {f"toy-{name}": env.get_template(f"toy/_{name}.html").render(ctx)
               for name in REGIONS}
    if view["over"]:
        announce = f"Game over: {ctx['winner']} wins." if winner is not None \
            else "Game over: a draw."
    else:
        announce = "Your turn: walk, roll or play a card." if mine \
            else f"Waiting for {ctx['decider']}."
    return Rendered(regions, announce, mine)


SITE = ToyWeb()
"""The web part the entry names."""
