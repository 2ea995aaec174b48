"""The hex skirmish game at the web table (its `web` part): the create form and plan
(server/hex/setup.py), the game and its first state, what meets chance, the lobby
line, the record, and the page (server/hex/render.py, templates hex/...)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar

from initiative.bots import bot_lines, bot_names, default_bot
from initiative.engine.errors import ConfigError, ContentError, GameParamError
from initiative.engine.rng import Seed
from initiative.games import load_game_as
from initiative.games.hex.content import default_content
from initiative.games.hex.game import HexGame, new_state
from initiative.games.hex.record import record_of
from initiative.games.hex.specs import HexContent
from initiative.games.hex.state import HexState
from initiative.games.hex.view import HexView
from initiative.server import choices
from initiative.server.hex import guide, render
from initiative.server.hex.setup import (
    GAME,
    HexPlan,
    board_choices,
    parse_plan,
    rule_fields,
    seat_choices,
)
from initiative.server.parts import Rendered, SeatPage, SetupError, Templates, WebGame


class HexWeb(WebGame[HexPlan, HexGame, HexState, HexView]):
    name: ClassVar[str] = GAME
    templates: ClassVar[Templates] = Templates("hex/new.html", "hex/table.html",
                                               "hex/how_to_play.html")
    regions: ClassVar[tuple[str, ...]] = tuple(f"hx-{r}" for r in render.REGIONS)

    @cached_property
    def content(self) -> HexContent:
        return default_content()

    def parse(self, form: Mapping[str, str]) -> HexPlan:
        return parse_plan(dict(form), bot_names(GAME), self.content)

    def read_plan(self, data: Mapping[str, Any]) -> HexPlan:
        return HexPlan.from_dict(dict(data))

    def form_values(self) -> dict[str, Any]:
        return {"boards": board_choices(self.content),
                "default_board": self.content.default_board,
                "characters": seat_choices(self.content), "bots": bot_lines(GAME),
                "default_bot": default_bot(GAME),
                "rules": rule_fields()}

    def build(self, plan: HexPlan, seed: Seed) -> HexGame:
        try:
            return load_game_as(HexGame, GAME, **plan.params())
        except (ConfigError, ContentError, GameParamError) as exc:
            raise SetupError([str(exc)]) from None

    def first_state(self, game: HexGame, seed: Seed) -> HexState:
        """A whole-number seed plays SplitMix64 as the game does; a keyed secret seed
        plays the keyed generator (engine.rng), whose draws tell nothing of the next."""
        return new_state(game.setup, seed)

    def secrets_mark(self, state: HexState) -> Hashable:
        """Dice and shuffles draw from the generator; a draw takes a hidden card from a
        deck; an initiative card revealed one at a time (HX-A1) comes out of hiding."""
        return state.rng.state, tuple(len(d) for d in state.decks), state.revealed

    def lobby_detail(self, plan: HexPlan, state: HexState) -> str:
        board = self.content.boards.get(plan.board)
        return f"{board.name if board else plan.board}, round {state.round}"

    def record(self, game: HexGame, seed: Seed, state: HexState, actions: Sequence[int]
               ) -> dict[str, Any]:
        data: dict[str, Any] = record_of(state, game, seed, with_log=True).to_dict()
        return data

    def log_length(self, state: HexState) -> int:
        return state.log_len

    def render(self, page: SeatPage[HexView]) -> Rendered:
        return render.render(page)

    def json_state(self, public: Any, view: HexView, log_from: int) -> dict[str, Any]:
        return choices.json_state(view.to_dict())

    def guide_values(self) -> dict[str, Any]:
        return {"topics": guide.TOPICS, "flags": guide.flag_rows(),
                "table_help": guide.TABLE_HELP}
