"""The Initiative at the web table (its `web` part): the create form and plan
(server/ti/setup.py), the game and its first state, what meets chance, the lobby line,
the record, and the page (server/ti/render.py, templates ti/...).

A solve is the proposer's SYMBOL choices (ERASE takes the last back) and ANNOUNCE, then
each other seat's YES / NO (TI-56): every seat votes from its own page, one choice at a
time. A solo player with two characters
(TI-A17) plays both from one link (the second seat is SHARED)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar

from initiative.bots import bot_lines, bot_names, default_bot
from initiative.engine.errors import ConfigError, ContentError, GameParamError
from initiative.engine.rng import Seed
from initiative.games.ti.content import default_content
from initiative.games.ti.game import TIGame
from initiative.games.ti.record import record_of
from initiative.games.ti.specs import TIContent
from initiative.games.ti.state import TIState
from initiative.games.ti.view import TIView
from initiative.server import choices
from initiative.server.parts import Rendered, SeatPage, SetupError, Templates, WebGame
from initiative.server.ti import guide, render
from initiative.server.ti.setup import (
    GAME,
    TIPlan,
    build_game,
    character_choices,
    mission_choices,
    parse_plan,
    rule_fields,
)


class TIWeb(WebGame[TIPlan, TIGame, TIState, TIView]):
    name: ClassVar[str] = GAME
    templates: ClassVar[Templates] = Templates("ti/new.html", "ti/table.html",
                                               "ti/how_to_play.html")
    regions: ClassVar[tuple[str, ...]] = tuple(f"ti-{r}" for r in render.REGIONS)

    @cached_property
    def content(self) -> TIContent:
        return default_content()

    def parse(self, form: Mapping[str, str]) -> TIPlan:
        return parse_plan(dict(form), bot_names(GAME), self.content)

    def read_plan(self, data: Mapping[str, Any]) -> TIPlan:
        return TIPlan.from_dict(dict(data))

    def form_values(self) -> dict[str, Any]:
        return {"missions": mission_choices(self.content),
                "default_mission": self.content.default_mission,
                "characters": character_choices(self.content), "bots": bot_lines(GAME),
                "default_bot": default_bot(GAME), "rules": rule_fields()}

    def build(self, plan: TIPlan, seed: Seed) -> TIGame:
        try:
            return build_game(plan)
        except (ConfigError, ContentError, GameParamError) as exc:
            raise SetupError([str(exc)]) from None

    def first_state(self, game: TIGame, seed: Seed) -> TIState:
        """A whole-number seed plays SplitMix64 as the game does; a keyed secret seed
        plays the keyed generator (engine.rng), whose draws tell nothing of the next."""
        return game.new_initial_state(seed)

    def secrets_mark(self, state: TIState) -> Hashable:
        """Shuffles, draws, clue reveals and gas picks draw from the generator; a draw
        takes a hidden card; the Lookout's look shows the deck's top."""
        return (state.rng.state, len(state.deck), tuple(state.deck_top),
                tuple(state.looked))

    def lobby_detail(self, plan: TIPlan, state: TIState) -> str:
        mission = self.content.missions.get(plan.mission)
        name = mission.name if mission else plan.mission
        return f"mission {name}, turn {state.turn}"

    def record(self, game: TIGame, seed: Seed, state: TIState, actions: Sequence[int]
               ) -> dict[str, Any]:
        data: dict[str, Any] = record_of(state, game, seed, with_log=True).to_dict()
        return data

    def log_length(self, state: TIState) -> int:
        """The entries every seat sees alike (a seat's own private ones not counted)."""
        return render.public_count(state.events())

    def render(self, page: SeatPage[TIView]) -> Rendered:
        return render.render(page)

    def log_places(self, view: TIView, positions: Sequence[int]) -> list[int]:
        """A seat's log holds its own private entries too (TI's private events)."""
        return render.seat_positions(view.events, positions)

    def json_state(self, public: Any, view: TIView, log_from: int) -> dict[str, Any]:
        return choices.json_state(view.to_dict())

    def guide_values(self) -> dict[str, Any]:
        return {"topics": guide.TOPICS, "flags": guide.flag_rows(),
                "table_help": guide.TABLE_HELP}
